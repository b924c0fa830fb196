package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

func newTestScene(t *testing.T) *MapScene {
	t.Helper()
	sc, err := scenarios.Open(scenarios.DefaultID)
	require.NoError(t, err)
	st, err := rules.NewState(sc.Setup(), 1)
	require.NoError(t, err)
	fonts, err := render.NewFonts()
	require.NoError(t, err)
	return NewMapScene(st, "", fonts, 1280, 800)
}

func keys(ks ...ebiten.Key) map[ebiten.Key]bool {
	m := map[ebiten.Key]bool{}
	for _, k := range ks {
		m[k] = true
	}
	return m
}

func TestInputBecomesActions(t *testing.T) {
	s := newTestScene(t)
	tests := []struct {
		name string
		in   Input
		want []Action
	}{
		{"nothing", Input{}, nil},
		{"right-drag pans", Input{Dragging: true, DragDX: 5, DragDY: -3}, []Action{PanBy{5, -3}}},
		{"arrow left pans", Input{Held: keys(ebiten.KeyArrowLeft)}, []Action{PanBy{keyPanPixels, 0}}},
		{"WASD pans", Input{Held: keys(ebiten.KeyW, ebiten.KeyD)}, []Action{PanBy{-keyPanPixels, keyPanPixels}}},
		{"shift pans faster", Input{Held: keys(ebiten.KeyS, ebiten.KeyShift)}, []Action{PanBy{0, -keyPanPixels * fastPanFactor}}},
		{"wheel zooms at pointer", Input{Wheel: 1, CursorIn: true, CursorX: 100, CursorY: 200}, []Action{ZoomBy{wheelZoomStep, 100, 200}}},
		{"plus zooms in at centre", Input{Pressed: keys(ebiten.KeyEqual)}, []Action{ZoomBy{keyZoomFactor, 640, 400}}},
		{"minus zooms out", Input{Pressed: keys(ebiten.KeyMinus)}, []Action{ZoomBy{1 / keyZoomFactor, 640, 400}}},
		{"home recentres", Input{Pressed: keys(ebiten.KeyHome)}, []Action{Recenter{}}},
		{"F1 toggles help", Input{Pressed: keys(ebiten.KeyF1)}, []Action{ToggleHelp{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, s.Actions(&tt.in))
		})
	}
}

func TestPanZoomAndRecenter(t *testing.T) {
	s := newTestScene(t)
	center := s.View().Map(s.MapID()).Center
	cam := s.Camera()
	assert.Equal(t, center, cam.ScreenToHex(640, 400), "starts on the map centre")

	before := cam.ScreenToHex(300, 300)
	s.Apply(ZoomBy{2, 300, 300})
	assert.Equal(t, before, cam.ScreenToHex(300, 300), "zoom keeps the hex under the pointer")

	s.Apply(PanBy{-5000, 3000})
	assert.NotEqual(t, center, cam.ScreenToHex(640, 400))
	s.Apply(Recenter{})
	assert.Equal(t, center, cam.ScreenToHex(640, 400), "Home brings the map centre back")

	for i := 0; i < 60; i++ {
		s.Apply(ZoomBy{0.5, 640, 400})
	}
	assert.GreaterOrEqual(t, cam.HexesAcross(), 1000.0, "zooms out past 1,000 hexes across")
}

func TestUpdateTracksHexUnderPointer(t *testing.T) {
	s := newTestScene(t)
	in := &Input{CursorIn: true, CursorX: 640, CursorY: 400}
	require.NoError(t, s.Update(in))
	f := s.Frame()
	assert.True(t, f.HoverOK)
	assert.Equal(t, s.View().Map(s.MapID()).Center, f.Hover)
	in.CursorIn = false
	require.NoError(t, s.Update(in))
	assert.False(t, s.Frame().HoverOK, "no hover when the pointer leaves the window")
}

func TestDescribeNamesTerrainAndUnits(t *testing.T) {
	s := newTestScene(t)
	m := s.View().Map(s.MapID())
	var rift rules.Hex
	for _, sys := range m.Terrain.Systems {
		if sys.Rift {
			rift = sys.Shape.Hexes[0]
		}
	}
	lines := s.Describe(rift)
	assert.Equal(t, "Hex "+rift.String(), lines[0])
	assert.Contains(t, lines[1], "gravity rift")

	u := s.View().Units[0]
	found := false
	for _, l := range s.Describe(u.Hex) {
		if len(l) > 0 && l[:len(u.Name)] == u.Name {
			found = true
			assert.Contains(t, l, "facing "+u.Facing.String())
		}
	}
	assert.True(t, found, "the unit at %v is described", u.Hex)
}
