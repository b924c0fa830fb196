package render_test

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// The effects the game asks for are drawn where they happen and only
// while they live: a hit's beam lights the line from shooter to target,
// its flash the target, a loss its hex; an effect of age 1 or of another
// map draws nothing.
func TestEffectsDrawWhereAndWhileTheyLive(t *testing.T) {
	requireDisplay(t)
	st := defaultState(t)
	view := st.View("")
	view.Units = nil
	m := view.Maps[0]
	from, to := m.Center.Add(rules.DirF.Vector().Scale(3)), m.Center.Add(rules.DirC.Vector().Scale(3))
	fonts, err := render.NewFonts()
	require.NoError(t, err)
	beam := render.Hex("#ff3333", 1)
	tests := []struct {
		name  string
		fx    render.Effect
		at    rules.Hex // the hex whose pixel changes (or not)
		mid   bool      // the midpoint of from and to instead
		shown bool
	}{
		{"beam, hit", render.Effect{Kind: render.EffectBeam, Map: m.ID, From: from, To: to, Hit: true, Colour: beam, Age: 0.5}, rules.Hex{}, true, true},
		{"beam, gone", render.Effect{Kind: render.EffectBeam, Map: m.ID, From: from, To: to, Hit: true, Colour: beam, Age: 1}, rules.Hex{}, true, false},
		{"beam, another map", render.Effect{Kind: render.EffectBeam, Map: "elsewhere", From: from, To: to, Hit: true, Colour: beam, Age: 0.5}, rules.Hex{}, true, false},
		{"flash", render.Effect{Kind: render.EffectFlash, Map: m.ID, To: to, Colour: beam, Age: 0.2}, to, false, true},
		{"loss", render.Effect{Kind: render.EffectLoss, Map: m.ID, To: from, Text: "destroyed", Colour: beam, Age: 0.3}, from, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cam := render.NewCamera(m.Center, 1280, 800, 30)
			draw := func(fx []render.Effect) *ebiten.Image {
				img := ebiten.NewImage(1280, 800)
				render.NewMapRenderer(fonts).Draw(img, &render.Frame{View: view, Map: m.ID, Camera: cam, Effects: fx})
				return img
			}
			x, y := cam.HexToScreen(tt.at)
			if tt.mid {
				x0, y0 := cam.HexToScreen(from)
				x1, y1 := cam.HexToScreen(to)
				x, y = (x0+x1)/2, (y0+y1)/2
			}
			r0, g0, b0 := rgb(draw(nil).At(int(x), int(y)))
			r1, g1, b1 := rgb(draw([]render.Effect{tt.fx}).At(int(x), int(y)))
			changed := abs(r1-r0)+abs(g1-g0)+abs(b1-b0) > 60
			assert.Equal(t, tt.shown, changed, "pixel at %.0f,%.0f: %d,%d,%d -> %d,%d,%d", x, y, r0, g0, b0, r1, g1, b1)
		})
	}
}

// A unit's facing shows at every far zoom: its arrowhead is at least
// minMarker pixels long, coloured ahead of its centre and not behind it.
func TestFacingShowsAtFarZoom(t *testing.T) {
	requireDisplay(t)
	st := defaultState(t)
	view := st.View("")
	m := view.Maps[0]
	u := view.Units[0]
	u.Hex, u.Facing = m.Center, rules.DirA // pointing up the screen
	view.Units = []rules.UnitView{u}
	fonts, err := render.NewFonts()
	require.NoError(t, err)
	for _, across := range []float64{150, 400, 1200} {
		cam := render.NewCamera(m.Center, 1280, 800, across)
		img := ebiten.NewImage(1280, 800)
		r := render.NewMapRenderer(fonts)
		f := &render.Frame{View: view, Map: m.ID, Camera: cam}
		r.Draw(img, f)
		col := r.SideColour(f, u.Side)
		x, y := cam.HexToScreen(u.Hex)
		near := func(px, py float64) bool {
			cr, cg, cb := rgb(img.At(int(px), int(py)))
			return abs(cr-int(col.R*255))+abs(cg-int(col.G*255))+abs(cb-int(col.B*255)) < 60
		}
		assert.True(t, near(x, y-3), "%.0f hexes across: the arrowhead shows ahead of the centre", across)
		assert.False(t, near(x, y+4), "%.0f hexes across: and not behind it", across)
	}
}
