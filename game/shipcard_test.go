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
