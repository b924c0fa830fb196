package render

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// tableView returns the table's view of the default scenario at its
// start, seed 1, and the window's fonts.
func tableView(t *testing.T) (*rules.View, *Fonts) {
	t.Helper()
	sc, err := scenarios.Open(scenarios.DefaultID)
	require.NoError(t, err)
	st, err := rules.NewState(sc.Setup(), 1)
	require.NoError(t, err)
	fonts, err := NewFonts()
	require.NoError(t, err)
	return st.View(""), fonts
}

// A gravity rift's name, and every other label of the map itself, gives
// way to a ship under it: at every zoom, a ship put on each hex below and
// around the rift shows, and the rift's label shows again once no ship
// is under it.
func TestRiftLabelsGiveWayToShips(t *testing.T) {
	base, fonts := tableView(t)
	m := base.Maps[0]
	var rift *rules.System
	for i := range m.Terrain.Systems {
		if m.Terrain.Systems[i].Rift {
			rift = &m.Terrain.Systems[i]
		}
	}
	require.NotNil(t, rift, "the default scenario has a gravity rift")
	r := NewMapRenderer(fonts)
	riftLabel := func() bool {
		for _, l := range r.labels[:r.placeLabels] {
			if strings.Contains(l.Text, "gravity rift") {
				return true
			}
		}
		return false
	}
	tests := []struct {
		name   string
		across float64
	}{{"near", 14}, {"names shown", 30}, {"markers", 80}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cam := NewCamera(rift.Shape.Center, 1280, 800, tt.across)
			v := *base
			v.Units = nil
			r.Build(&Frame{View: &v, Map: m.ID, Camera: cam})
			require.True(t, riftLabel(), "with no ship near, the rift is named")
			below := rift.Shape.Center.Add(rules.DirD.Vector().Scale(rift.Shape.Radius + 1))
			var around []rules.Hex
			for k := 0; k <= 2; k++ {
				around = append(around, rules.Ring(below, k)...)
			}
			for _, h := range around {
				u := base.Units[0]
				u.Hex = h
				v.Units = []rules.UnitView{u}
				r.Build(&Frame{View: &v, Map: m.ID, Camera: cam})
				require.Len(t, r.unitBoxes, 1)
				ub := r.unitBoxes[0]
				for _, l := range r.labels[:r.placeLabels] {
					w, lh := fonts.Measure(l.Style, l.Size, l.Text)
					x0 := l.X
					if l.Align == AlignCenter {
						x0 -= w / 2
					}
					assert.False(t, x0 < ub[2] && ub[0] < x0+w && l.Y < ub[3] && ub[1] < l.Y+lh, "%q covers the ship at %v", l.Text, h)
				}
			}
		})
	}
}

// A mark's label stays whole on the screen when its hex is at the
// screen's edge, and is left where it is when the hex is far off it.
func TestMarkLabelsStayOnScreen(t *testing.T) {
	v, fonts := tableView(t)
	r := NewMapRenderer(fonts)
	const text = "Close with Swift"
	tests := []struct {
		name   string
		x      float64 // where the marked hex is on the screen
		inside bool
	}{
		{"at the left edge", 2, true},
		{"at the right edge", 1278, true},
		{"in the middle", 640, true},
		{"far off the left", -600, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cam := NewCamera(v.Maps[0].Center, 1280, 800, 40)
			h := cam.ScreenToHex(640, 400)
			cam.Pan(tt.x-640, 0)
			r.Build(&Frame{View: v, Map: v.Maps[0].ID, Camera: cam, Marks: []HexMark{{Hex: h, Colour: UIAccent, Label: text}}})
			var found *Label
			for i := range r.labels {
				if r.labels[i].Text == text {
					found = &r.labels[i]
				}
			}
			if !tt.inside {
				if found != nil {
					assert.Less(t, found.X, 0.0, "left where its hex is")
				}
				return
			}
			require.NotNil(t, found, "the label is drawn")
			w, _ := fonts.Measure(found.Style, found.Size, found.Text)
			assert.GreaterOrEqual(t, found.X-w/2, 0.0)
			assert.LessOrEqual(t, found.X+w/2, 1280.0)
		})
	}
}

// A mark's label (the enemy a course closes with, a break's unit) is what
// the player is acting on: it is kept whatever unit names it would
// overlap, at every zoom that shows names, with ships of long names on
// the marked hex (a drone in its target's hex) and every hex around it.
func TestMarkLabelsWinOverUnitNames(t *testing.T) {
	base, fonts := tableView(t)
	r := NewMapRenderer(fonts)
	const text = "Close with Swift  ·  break: Drone from Ironclaw at Swift (2)"
	for _, across := range []float64{14, 30, 40} {
		cam := NewCamera(base.Maps[0].Center, 1280, 800, across)
		h := cam.ScreenToHex(640, 400)
		var around []rules.Hex
		for k := 0; k <= 2; k++ {
			around = append(around, rules.Ring(h, k)...)
		}
		for _, at := range around {
			v := *base
			u := base.Units[0]
			u.Hex, u.Name = at, "Drone from Ironclaw at Swift (2)"
			v.Units = []rules.UnitView{u}
			r.Build(&Frame{View: &v, Map: v.Maps[0].ID, Camera: cam, Marks: []HexMark{{Hex: h, Colour: UIAccent, Label: text}}})
			kept := slices.ContainsFunc(r.labels, func(l Label) bool { return l.Text == text })
			assert.True(t, kept, "%.0f hexes across, a ship at %v: the mark's label is dropped", across, at)
		}
	}
}
