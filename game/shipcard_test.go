package game

import (
	"image/color"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// The ship card tells its owner what lost scanners and sensors do.
func TestCardNotesDamage(t *testing.T) {
	c, _ := rules.LookupClass("fed-cruiser")
	full := c.Boxes()
	tests := []struct {
		name      string
		scan, sen int
		want      []string
	}{
		{"intact", 4, 4, nil},
		{"half the scanners", 2, 4, []string{"Scanners 2/4: its fire rolls +1"}},
		{"blind", 0, 0, []string{"Scanners 0/4: its fire rolls +2", "Sensors lost: no lock-on beyond 1 hex"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &rules.ShipState{Boxes: full}
			d.Boxes[rules.SysScanner], d.Boxes[rules.SysSensor] = tt.scan, tt.sen
			got := cardNotes(rules.UnitView{Class: c.ID, Detail: d}, &c, namerOf(nil))
			if !slices.Equal(got, tt.want) {
				t.Fatalf("notes %q, want %q", got, tt.want)
			}
			if other := cardNotes(rules.UnitView{Class: c.ID}, &c, namerOf(nil)); len(other) != 0 {
				t.Fatalf("another side's card shows %q", other)
			}
		})
	}
}

// Every side's card and hover text tell how far a cloak has faded and
// which beams hold.
func TestCardNotesCloakAndBeams(t *testing.T) {
	tests := []struct {
		name string
		u    rules.UnitView
		want string
	}{
		{"no cloak", rules.UnitView{}, ""},
		{"fading in", rules.UnitView{Cloaked: true, CloakLevel: 3, CloakFading: "in"}, "Cloak fading in 3/5: fire at it +1, lock-on within 9 hexes"},
		{"full", rules.UnitView{Cloaked: true, CloakLevel: 5}, "Cloaked: fire at it +2, lock-on within 5 hexes"},
		{"fading out", rules.UnitView{Cloaked: true, CloakLevel: 1, CloakFading: "out"}, "Cloak fading out 1/5: fire at it +0, lock-on within 13 hexes; it cannot fire yet"},
	}
	c, _ := rules.LookupClass("kor-raider")
	if got := cardNotes(rules.UnitView{Tractor: "claw", HeldBy: "hawk"}, &c, namerOf(nil)); !slices.Equal(got, []string{"Holds claw in a tractor beam", "Held in hawk's tractor beam"}) {
		t.Errorf("beam notes %q", got)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cloakNote(tt.u); got != tt.want {
				t.Fatalf("note %q, want %q", got, tt.want)
			}
		})
	}
}

// Every class's card, with its longest notes, keeps every row inside its
// background: text clipped to the width, box rows wrapped, the height
// grown to the last row; and the background hides the map under it.
func TestShipCardRowsStayOnTheCard(t *testing.T) {
	requireDisplay(t)
	fonts, err := render.NewFonts()
	require.NoError(t, err)
	screen := ebiten.NewImage(1280, 1400)
	for _, c := range rules.Classes() {
		full := c.Boxes()
		own := rules.UnitView{ID: "u", Name: "Her Imperial Majesty's Very Long Named " + c.Name, Class: c.ID, Side: "a",
			Cloaked: true, CloakLevel: 1, CloakFading: "out", Tractor: "a-rather-long-unit-id.d3.1", HeldBy: "another-long-unit-id",
			Detail: &rules.ShipState{Boxes: full, Mounts: make([]rules.MountState, len(c.Mounts))}}
		other := own
		other.Detail = nil
		for _, u := range []rules.UnitView{own, other} {
			name := c.Name + " as another side"
			if u.Detail != nil {
				name = c.Name + " as its owner"
			}
			t.Run(name, func(t *testing.T) {
				l, ok := layoutShipCard(fonts, u, rules.Side{Name: "The Federation of Many Words"}, namerOf(nil), render.Hex("#ff0000", 1), 12, 44)
				require.True(t, ok)
				inside := func(x, y float64) bool {
					return x >= l.x-0.5 && x <= l.x+l.w+0.5 && y >= l.y-0.5 && y <= l.y+l.h+0.5
				}
				for _, v := range l.fg.V {
					require.True(t, inside(float64(v.DstX), float64(v.DstY)), "a box at %.0f,%.0f is off the %.0fx%.0f card", v.DstX, v.DstY, l.w, l.h)
				}
				for _, lb := range l.labels {
					w, h := fonts.Measure(lb.Style, lb.Size, lb.Text)
					require.True(t, inside(lb.X, lb.Y) && inside(lb.X+w, lb.Y+h), "%q runs off the %.0fx%.0f card", lb.Text, l.w, l.h)
				}
				// A red map under the card does not show through it.
				screen.Fill(color.NRGBA{R: 255, A: 255})
				shipCard(screen, fonts, u, rules.Side{}, namerOf(nil), render.Hex("#3a4d7a", 1), 12, 44)
				for y := l.y + 4; y < l.y+l.h-1; y += 5 {
					for x := l.x + 1; x < l.x+l.w-1; x += 5 {
						c := color.NRGBAModel.Convert(screen.At(int(x), int(y))).(color.NRGBA)
						require.Less(t, int(c.R)-int(c.G), 120, "the map's red shows through the card at %.0f,%.0f", x, y)
					}
				}
			})
		}
	}
}

// The ship card and the hex tooltip name classes and units as players
// read them: "Drone", not "any Drone", and the ship a drone seeks by its
// name (issue 22); a seeker and a unit the side does not see keep their
// ids.
func TestCardWords(t *testing.T) {
	v := &rules.View{Units: []rules.UnitView{
		{ID: "hawk", Name: "Hawk", Kind: rules.KindShip},
		{ID: "kestrel", Name: "Kestrel", Kind: rules.KindShip},
		{ID: "kestrel.d6.1", Name: "Drone", Kind: rules.KindDrone},
	}}
	names := namerOf(v)
	drone, _ := rules.LookupClass("drone")
	cruiser, _ := rules.LookupClass("fed-cruiser")
	tests := []struct{ got, want string }{
		{classTitle(&drone), "Drone"},
		{classTitle(&cruiser), "Federation Heavy Cruiser"},
		{names("kestrel"), "Kestrel"},
		{names("kestrel.d6.1"), "kestrel.d6.1"},
		{names("unseen"), "unseen"},
		{namerOf(nil)("kestrel"), "kestrel"},
		{seekerNote(rules.UnitView{Kind: rules.KindDrone, Warhead: 12, Target: "hawk", Guide: "kestrel"}, names), "Warhead 12, seeking Hawk, guided by Kestrel"},
		{strings.Join(cardNotes(rules.UnitView{Tractor: "hawk"}, &cruiser, names), "; "), "Holds Hawk in a tractor beam"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.got)
	}
}

// The owner's card names the damage chart's systems in words ("left
// warp engine"), never by the chart's abbreviations ("lwarp", "brdg"): no label
// of any class's card holds an abbreviation as a word, and every system
// the class has is named.
func TestShipCardNamesSystemsInWords(t *testing.T) {
	requireDisplay(t)
	fonts, err := render.NewFonts()
	require.NoError(t, err)
	// The abbreviations that are no word of a system's name ("cargo"
	// of "cargo hold" is both).
	words := map[string]bool{}
	for s := range rules.NumSystems {
		for _, w := range strings.Fields(s.Words()) {
			words[w] = true
		}
	}
	var abbrevs []string
	for s := range rules.NumSystems {
		if !words[s.String()] {
			abbrevs = append(abbrevs, s.String())
		}
	}
	require.Contains(t, abbrevs, "lwarp")
	for _, c := range rules.Classes() {
		t.Run(string(c.ID), func(t *testing.T) {
			full := c.Boxes()
			u := rules.UnitView{ID: "u", Name: c.Name, Class: c.ID, Side: "a",
				Detail: &rules.ShipState{Boxes: full, Mounts: make([]rules.MountState, len(c.Mounts))}}
			l, ok := layoutShipCard(fonts, u, rules.Side{Name: "Fed"}, namerOf(nil), render.Hex("#ff0000", 1), 12, 44)
			require.True(t, ok)
			var texts []string
			for _, lb := range l.labels {
				texts = append(texts, lb.Text)
				for _, w := range strings.FieldsFunc(strings.ToLower(lb.Text), func(r rune) bool { return !unicode.IsLetter(r) }) {
					assert.NotContains(t, abbrevs, w, "%q names a system by the chart's abbreviation", lb.Text)
				}
			}
			for s := range rules.NumSystems {
				if full[s] > 0 {
					assert.Contains(t, texts, s.Words())
				}
			}
		})
	}
}
