package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// During energy allocation the camera follows the ship selected in the
// panel, not the side's units as a whole: the seat opens on the first
// ship, and choosing another ship brings it into view however far the
// player had panned away.
func TestAllocationCameraFollowsTheSelectedShip(t *testing.T) {
	requireDisplay(t)
	app, p, _, screen := openPlay(t, 1280, 800)
	b, ok := p.orders.(*allocBuilder)
	require.True(t, ok, "the game opens on energy allocation")
	require.GreaterOrEqual(t, len(b.allocs), 2, "the side has ships to choose between")
	first := b.allocs[0].Unit
	assert.Equal(t, first, p.followed, "the seat opens on the ship selected")
	order := []int{len(b.allocs) - 1, 0}
	for _, i := range order {
		id := b.allocs[i].Unit
		t.Run(string(id), func(t *testing.T) {
			p.mapv.Apply(PanBy{-3000, 1800})
			u, ok := unitView(p.desk, id)
			require.True(t, ok)
			require.False(t, p.mapv.InView(u.Hex), "panned away from %s", id)
			b.selected = i // the ship's button in the panel
			p.desk.changed()
			tick(t, app, screen)
			assert.Equal(t, id, p.followed)
			assert.True(t, p.mapv.InView(u.Hex), "%s, selected, is in view", id)
			h, ok := p.homeHex()
			assert.True(t, ok)
			assert.Equal(t, u.Hex, h, "Home goes to the selected ship")
		})
	}
}

// stormPlay opens first-contact with seed 7, where a phase storm over
// the whole map rises in turn 1, at w x h with two people at the machine
// and no curtain, at the first seat's energy allocation, updated once
// and never drawn.
func stormPlay(t *testing.T, w, h int) *PlayScene {
	t.Helper()
	src := defaultSource(t)
	sc, err := src.Load()
	require.NoError(t, err)
	sess, err := match.NewSession(src, 7, match.DefaultSeats(sc))
	require.NoError(t, err)
	require.NotNil(t, sess.State.View("").Storm, "seed 7 raises a phase storm in turn 1")
	env := testEnv(t)
	env.Settings.Curtain = false
	p := NewPlayScene(env, sess)
	p.now = fixedNow
	app := NewApp(env, p)
	app.Layout(w, h)
	app.SetInputSource(&scriptInput{})
	require.NoError(t, app.Update()) // the first seat sits, no frame drawn
	require.NotEmpty(t, p.Viewer())
	return p
}

// The ship card under the pointer and the phase storm's line pinned
// under the top bar ("PHASE STORM  ·  until turn 5") never cover each
// other, at 1280x800 and at the smallest window, wherever the storm's
// centre is: the line keeps clear of the objectives box and the panels
// (it is drawn, not dropped under one), and the card starts below it
// where it would cover it.
func TestShipCardKeepsClearOfThePhaseStormLine(t *testing.T) {
	requireDisplay(t)
	sizes := [][2]int{{1280, 800}, {MinWindowWidth, MinWindowHeight}}
	// Where the storm's centre (the map's) is put on the screen, as a
	// fraction of the width: under the card's top left place, the
	// middle, under the card's right place.
	for _, sz := range sizes {
		p := stormPlay(t, sz[0], sz[1])
		var own rules.UnitView
		for _, u := range p.mapv.View().UnitsOn(p.mapv.MapID()) {
			if u.Side == p.Viewer() && u.Detail != nil {
				own = u
				break
			}
		}
		require.NotEmpty(t, own.ID)
		for _, at := range []float64{0.05, 0.15, 0.3, 0.5} {
			t.Run(fmt.Sprintf("%dx%d storm centre at %.0f%%", sz[0], sz[1], at*100), func(t *testing.T) {
				p.mapv.cam.CenterOn(p.mapv.center())
				p.mapv.cam.Pan(at*float64(sz[0])-float64(sz[0])/2, 0)
				p.mapv.hover, p.mapv.hoverOK = own.Hex, true
				// The map's labels are laid out as a frame would draw
				// them, with no GPU work queued (a storm over the whole
				// screen is a costly frame).
				p.mapv.renderer.Build(p.mapv.Frame())
				areas := p.mapv.renderer.AreaLabelBoxes()
				pinned := 0
				for _, b := range areas {
					if b[1] < 45 {
						pinned++
					}
					for _, r := range p.mapv.hudRects() {
						assert.False(t, overlaps(b, r), "the line %v is under the panel %v", b, r)
					}
				}
				require.Equal(t, 1, pinned, "the storm's line is drawn under the top bar: %v", areas)
				l, ok := p.cardFor(own)
				require.True(t, ok)
				for _, b := range areas {
					assert.False(t, overlaps(l.rect(), b), "the card %v covers the line %v", l.rect(), b)
				}
				assert.LessOrEqual(t, l.y+l.h, float64(sz[1]), "the card ends on the screen")
			})
		}
	}
}

// The ship card under the pointer and the pointer readout at the bottom
// left ("Hex -10,8") never cover each other, at 1280x800 and at the
// smallest window, for every unit the seat sees, wherever the camera puts
// it: the readout leaves out the unit the card describes and moves
// beside the card, clipped to the room there; the card stays on the map
// unless both its places there hide the unit, and over the panel it
// covers the panel's width.
func TestShipCardKeepsClearOfTheReadout(t *testing.T) {
	requireDisplay(t)
	sizes := [][2]int{{1280, 800}, {MinWindowWidth, MinWindowHeight}}
	for _, sz := range sizes {
		app, p, _, screen := openPlay(t, sz[0], sz[1])
		tick(t, app, screen)
		units := p.mapv.View().UnitsOn(p.mapv.MapID())
		require.NotEmpty(t, units)
		for _, u := range units {
			// The unit put on the screen's left, middle and right part.
			for _, at := range []float64{0.1, 0.5, 0.9} {
				t.Run(fmt.Sprintf("%dx%d %s at %.0f%%", sz[0], sz[1], u.ID, at*100), func(t *testing.T) {
					p.mapv.cam.CenterOn(u.Hex)
					p.mapv.cam.Pan(float64(sz[0])/2-at*float64(sz[0]), 0)
					p.mapv.hover, p.mapv.hoverOK = u.Hex, true
					p.mapv.renderer.Build(p.mapv.Frame())
					l, ok := p.cardFor(u)
					require.True(t, ok)
					lines, r, ok := p.mapv.readoutLayout(l)
					require.True(t, ok)
					require.NotEmpty(t, lines)
					assert.Equal(t, "Hex "+u.Hex.String(), lines[0], "the readout names the hex")
					for _, line := range lines {
						assert.NotContains(t, line, u.Name+": ", "the card describes its unit, the readout does not again")
					}
					assert.False(t, overlaps(l.rect(), r), "the card %v covers the readout %v", l.rect(), r)
					if free := p.mapv.freeArea(); l.x > free[2] {
						assert.GreaterOrEqual(t, l.x+l.w, float64(sz[0]-12), "over the panel, the card covers its whole width: nothing of the panel peeks out beside it")
						side, _ := p.mapv.View().Side(u.Side)
						x, y := p.mapv.cam.HexToScreen(u.Hex)
						for _, at := range []float64{12, free[2] - cardWidth - 12} {
							m, ok := p.mapv.cardBelow(u, side, render.RGBA{}, at, cardWidth, p.mapv.renderer.AreaLabelBoxes())
							require.True(t, ok)
							assert.True(t, m.covers(x, y, p.mapv.cam.HexPixels()+4), "the card is over the panel only where the map's places hide %s", u.ID)
						}
					}
					assert.LessOrEqual(t, r[2], p.mapv.freeArea()[2], "the readout %v stays in the free area", r)
					assert.LessOrEqual(t, l.y+l.h, float64(sz[1]), "the card ends on the screen")
				})
			}
		}
	}
}
