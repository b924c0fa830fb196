package game

import (
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// The map of a table (the play scene's, and a game by file's) shares the
// screen with the orders frame on the right and the log below: these are
// the pieces both lay it out with.

// newTableMap returns the map of st as viewer sees it, centred in the
// part of a w by h screen the panels leave free, with the window's
// settings and the map's keys.
func newTableMap(env *Env, st *rules.State, viewer rules.SideID, w, h int) *MapScene {
	m := NewMapScene(st, viewer, env.Fonts, w, h)
	m.cam.ZoomToFit(render.FitHexes(m.View(), m.MapID(), w-ordersWidth-20, h-logHeight-20) * float64(w) / float64(w-ordersWidth-20))
	m.cam.Pan(-(ordersWidth+10)/2, -(logHeight)/2)
	m.Legend, m.Hints = false, false
	m.Keys = env.Keys()[mapKeys.Scene]
	m.ReadoutBottom = logHeight + 20
	m.ColourBlind = env.Settings.ColourBlind
	m.ZoomSpeed = env.Settings.ZoomSpeed
	return m
}

// reservePanels keeps the map's readouts and free area clear of the
// orders frame and the log on a w by h screen. The frame is at least
// ordersWidth wide; wider when its widgets ask for more, as laid out at
// the last draw.
func reservePanels(m *MapScene, frame *ordersFrame, log *logPanel, w, h int) {
	left := float64(w - ordersWidth - 10)
	if r := frame.root.GetWidget().Rect; r.Dx() > 0 && r.Max.X <= w {
		left = min(left, float64(r.Min.X))
	}
	m.Reserved = [][4]float64{
		{left, 40, float64(w), float64(h)},
		{0, float64(h - logHeight - 10), left, float64(h)},
	}
	m.FreeArea = [4]float64{0, 35, left - 10, float64(h - logHeight - 10)}
	log.right = left - 10
}

// hoveredUnitIn returns the first unit of v under the pointer on m's
// map.
func hoveredUnitIn(m *MapScene, v *rules.View) (rules.UnitView, bool) {
	h, ok := m.Hover()
	if !ok {
		return rules.UnitView{}, false
	}
	for _, u := range v.UnitsOn(m.MapID()) {
		if u.Hex == h {
			return u, true
		}
	}
	return rules.UnitView{}, false
}
