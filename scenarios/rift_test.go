package scenarios

import (
	"strings"
	"testing"

	"github.com/hexrift/hexrift/rules"
)

// The bundled gravity rift scenarios: each has rift systems, starts a game,
// and its rifts act as one per system (GR41.4).
func TestRiftScenarios(t *testing.T) {
	for _, c := range []struct {
		id     string
		ruling rules.GravityRiftRuling
		rifts  int
		fleet  int
	}{{"rift-run", rules.RulingLRR, 2, 0}, {"maw-crossing", rules.RulingThundersEdge, 2, 3}} {
		s, err := LoadBundled(c.id)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		setup := s.Setup()
		if setup.Ruleset.GravityRift != c.ruling || setup.Ruleset.FleetLimit != c.fleet {
			t.Errorf("%s: ruleset %+v", c.id, setup.Ruleset)
		}
		st, err := rules.NewState(setup, 1)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		n := 0
		for _, sys := range st.Maps[0].Terrain.Systems {
			if !sys.Rift {
				continue
			}
			n++
			for _, h := range sys.Shape.Hexes {
				if got, ok := st.RiftSystemAt(st.Maps[0].ID, h); !ok || got.ID != sys.ID {
					t.Errorf("GR41.4: %s: hex %v of %s is in rift %q", c.id, h, sys.ID, got.ID)
				}
			}
		}
		if n != c.rifts {
			t.Errorf("%s: %d rift systems, want %d", c.id, n, c.rifts)
		}
	}
}

// fleet_limit is read, and refused when negative (GRN.4).
func TestFleetLimitField(t *testing.T) {
	base := "id: x\nname: X\nsides: [{id: blue}]\nunits:\n  - {id: a, side: blue, class: fed-cruiser, hex: \"1,1\"}\n"
	s, err := Load("x.yaml", []byte(base+"ruleset: {fleet_limit: 2}\n"))
	if err != nil || s.Setup().Ruleset.FleetLimit != 2 {
		t.Fatalf("fleet_limit 2: %v", err)
	}
	if _, err := Load("x.yaml", []byte(base+"ruleset: {fleet_limit: -1}\n")); err == nil || !strings.Contains(err.Error(), "fleet_limit") {
		t.Fatalf("fleet_limit -1: %v", err)
	}
}
