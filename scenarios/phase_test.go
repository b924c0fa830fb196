package scenarios

import (
	"testing"

	"github.com/hexrift/hexrift/rules"
)

// The bundled phase space scenarios load with no problem at all and start
// a game: phase-drift has a fixed phase space region (IP8.13), storm-front
// is an open map where only a storm makes phase space, reaching the
// ruleset's range from the map centre (IP8.515).
func TestPhaseScenarios(t *testing.T) {
	for _, c := range []struct {
		id      string
		regions int
		storm   int
	}{{"phase-drift", 1, 300}, {"storm-front", 0, 25}} {
		s, err := LoadBundled(c.id)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		if len(s.Warnings) > 0 {
			t.Errorf("%s: warnings %v", c.id, s.Warnings)
		}
		st, err := rules.NewState(s.Setup(), 1)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		n := 0
		for _, r := range st.Maps[0].Terrain.Regions {
			if r.Kind == rules.RegionPhaseSpace {
				n++
				if d := 2*r.Shape.Radius + 1; d < 10 {
					t.Errorf("IP8.13: %s: %s is %d hexes across", c.id, r.ID, d)
				}
			}
		}
		if n != c.regions || st.Ruleset.PhaseStormRange != c.storm {
			t.Errorf("%s: %d phase regions, storm range %d", c.id, n, st.Ruleset.PhaseStormRange)
		}
		if c.regions == 0 && st.InPhaseSpace(st.Maps[0].ID, st.Maps[0].Center) {
			t.Errorf("%s: phase space with no storm", c.id)
		}
		st.Advance()
	}
}
