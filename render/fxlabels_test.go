package render

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
)

// An effect's text (a hit's damage rising, a loss's word) stays clear of
// the panels the game reserves (the top bar with the line under the
// clock, the orders panel, the log) and on the screen, moved as little
// as it takes; where nothing covers it, it stays where it is.
func TestEffectLabelsClearOfPanels(t *testing.T) {
	v, fonts := tableView(t)
	v.Units = nil
	m := v.Maps[0]
	const w, h = 1280, 800
	reserved := [][4]float64{
		{0, 0, w, 41},        // the top bar and the line under the clock
		{960, 40, w, h},      // the orders panel
		{0, h - 160, 950, h}, // the log
	}
	cam := NewCamera(m.Center, w, h, 30)
	at := func(x, y float64) rules.Hex { return cam.ScreenToHex(x, y) }
	tests := []struct {
		name  string
		fx    Effect
		moved bool
	}{
		{"damage under the clock", Effect{Kind: EffectNumber, To: at(640, 70), Text: "-12", Age: 0.5}, true},
		{"damage near the top left", Effect{Kind: EffectNumber, To: at(60, 60), Text: "-3", Age: 0.1}, true},
		{"damage by the orders panel", Effect{Kind: EffectNumber, To: at(955, 400), Text: "-12", Age: 0.3}, true},
		{"a loss above the log", Effect{Kind: EffectLoss, To: at(400, h-180), Text: "destroyed", Age: 0.2}, true},
		{"damage in the open", Effect{Kind: EffectNumber, To: at(500, 400), Text: "-12", Age: 0.5}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.fx.Map, tt.fx.Colour = m.ID, Hex("#ff5555", 1)
			free := NewMapRenderer(fonts)
			free.Build(&Frame{View: v, Map: m.ID, Camera: cam, Effects: []Effect{tt.fx}})
			require.Len(t, free.fxLabels, 1)
			r := NewMapRenderer(fonts)
			r.Build(&Frame{View: v, Map: m.ID, Camera: cam, Effects: []Effect{tt.fx}, Reserved: reserved})
			require.Len(t, r.fxLabels, 1, "an effect's text is never dropped")
			l := r.fxLabels[0]
			b := r.labelBox(l)
			for _, rr := range reserved {
				assert.False(t, b[0] < rr[2] && rr[0] < b[2] && b[1] < rr[3] && rr[1] < b[3], "%q at %.0f,%.0f-%.0f,%.0f under %v", l.Text, b[0], b[1], b[2], b[3], rr)
			}
			assert.True(t, b[0] >= 0 && b[1] >= 0 && b[2] <= w && b[3] <= h, "%q off the screen at %v", l.Text, b)
			was := free.fxLabels[0]
			assert.Equal(t, tt.moved, was.X != l.X || was.Y != l.Y, "moved from %.0f,%.0f to %.0f,%.0f", was.X, was.Y, l.X, l.Y)
		})
	}
}
