package game

import (
	"slices"
	"testing"

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
			got := cardNotes(rules.UnitView{Class: c.ID, Detail: d}, &c)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("notes %q, want %q", got, tt.want)
			}
			if other := cardNotes(rules.UnitView{Class: c.ID}, &c); len(other) != 0 {
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
	if got := cardNotes(rules.UnitView{Tractor: "claw", HeldBy: "hawk"}, &c); !slices.Equal(got, []string{"Holds claw in a tractor beam", "Held in hawk's tractor beam"}) {
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
