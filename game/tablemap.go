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
	m.Reserved = append(m.Reserved, log.hintRect(w, h))
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

// cardFor lays out the systems display of u, the unit under the pointer,
// drawn in colour, in the first of these places that hides neither u nor
// the unit followed: the top left of the map, the top right of the free
// area. Where both hide a unit the card keeps clear of u, over the
// orders panel if it must (the pointer readout keeps clear of the card:
// readoutLayout). In each place
// it starts below the areas' labels ("PHASE STORM  ·  until turn 5") it
// would cover, as long as it still ends on the screen; a place needing no
// such move comes first.
func (s *MapScene) cardFor(u rules.UnitView, followed rules.UnitID, colour render.RGBA) (*cardLayout, bool) {
	side, _ := s.View().Side(u.Side)
	free := s.freeArea()
	type kept struct {
		x, y   float64
		weight int
	}
	var keep []kept
	for _, k := range s.View().UnitsOn(s.MapID()) {
		if k.ID == u.ID || k.ID == followed {
			x, y := s.cam.HexToScreen(k.Hex)
			w := 1
			if k.ID == u.ID {
				w = 2
			}
			keep = append(keep, kept{x, y, w})
		}
	}
	pad := s.cam.HexPixels() + 4
	areas := s.renderer.AreaLabelBoxes()
	// A place's cost: the units it hides (u counts twice), then whether it
	// covers a label, then how far down it starts.
	type place struct {
		l      *cardLayout
		hidden int
		covers bool
	}
	worse := func(a, b place) bool {
		if a.hidden != b.hidden {
			return a.hidden > b.hidden
		}
		if a.covers != b.covers {
			return a.covers
		}
		return a.l.y > b.l.y
	}
	var best place
	overPanel := min(free[2]+12, float64(s.cam.Width)-cardWidth-12)
	for i, x := range []float64{12, free[2] - cardWidth - 12, overPanel} {
		width := cardWidth
		if i == 2 {
			if best.hidden < 2 {
				break // the map has room beside u
			}
			width = max(cardWidth, float64(s.cam.Width)-12-x) // the panel's whole width
		}
		l, ok := s.cardBelow(u, side, colour, x, width, areas)
		if !ok {
			return nil, false
		}
		pl := place{l: l}
		for _, k := range keep {
			if l.covers(k.x, k.y, pad) {
				pl.hidden += k.weight
			}
		}
		for _, b := range areas {
			pl.covers = pl.covers || overlaps(l.rect(), b)
		}
		if best.l == nil || worse(best, pl) {
			best = pl
		}
	}
	return best.l, true
}

// cardTop is where the ship card starts, just below the top bar.
const cardTop = 44.0

// cardBelow lays out u's card at x, width pixels wide, from cardTop down
// below every one of the areas' label boxes it would cover; at cardTop
// where so moved it would run off the bottom of the screen.
func (s *MapScene) cardBelow(u rules.UnitView, side rules.Side, colour render.RGBA, x, width float64, areas [][4]float64) (*cardLayout, bool) {
	var top *cardLayout
	y := cardTop
	for {
		l, ok := layoutShipCardWide(s.fonts, u, side, namerOf(s.View()), colour, x, y, width)
		if !ok {
			return nil, false
		}
		if top == nil {
			top = l
		}
		if l.y+l.h > float64(s.cam.Height) {
			return top, true
		}
		below := y
		for _, b := range areas {
			if overlaps(l.rect(), b) {
				below = max(below, b[3]+4)
			}
		}
		if below == y {
			return l, true
		}
		y = below // each pass moves below a label: the loop ends
	}
}
