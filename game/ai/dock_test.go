package ai_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// X4.DOCK: normal and hard dock two of their ships in one hex when one is
// crippled and an enemy is near (docked ships combine shields), pass
// battery energy and crew to the weaker partner while docked, and undock
// to move on once neither needs the other; two sound ships stay apart.
func TestAIDocksAndTransfers(t *testing.T) {
	dock := func(s *rules.State) {
		a, b := s.Unit("anvil"), s.Unit("bulwark")
		a.Ship.Docked, b.Ship.Docked = b.ID, a.ID
	}
	drain := func(s *rules.State) {
		a, b := s.Unit("anvil"), s.Unit("bulwark")
		a.Ship.Battery = a.Ship.Boxes[rules.SysBattery]
		b.Ship.Battery, b.Ship.Crew[0] = 0, 2
	}
	for _, tc := range []struct {
		name string
		// dist puts the raider that far ahead of anvil.
		dist     int
		edits    []func(*rules.State)
		docks    []rules.DockOrder
		energy   bool // a transfer of energy from anvil to bulwark
		crew     bool // a transfer of crew from anvil to bulwark
		undocked bool
	}{
		{name: "sound ships stay apart", dist: 6},
		{name: "crippled partner docks with an enemy near", dist: 6,
			edits: []func(*rules.State){func(s *rules.State) { wreck(s, "bulwark") }},
			docks: []rules.DockOrder{{Unit: "anvil", With: "bulwark"}}},
		{name: "crippled partner far from enemies stays apart", dist: 20,
			edits: []func(*rules.State){func(s *rules.State) { wreck(s, "bulwark") }}},
		{name: "docked, energy and crew pass to the crippled partner", dist: 6,
			edits:  []func(*rules.State){func(s *rules.State) { wreck(s, "bulwark") }, dock, drain},
			energy: true, crew: true},
		{name: "docked and sound, they undock to move on", dist: 6,
			edits: []func(*rules.State){dock},
			docks: []rules.DockOrder{{Unit: "anvil", Undock: true}}, undocked: true},
	} {
		for _, level := range []ai.Level{ai.Normal, ai.Hard} {
			st := activityNear(t, "testdata/dock.yaml", "federation", "anvil", "claw", tc.dist)
			st = copyState(t, st, func(s *rules.State) {
				for _, e := range tc.edits {
					e(s)
				}
			})
			legal := st.Legal("federation")
			cmd := ai.New(level, 1, "federation").Decide(st.View("federation"), legal, match.NewDesk(st, "federation"))
			if !reflect.DeepEqual(cmd.Docks, tc.docks) {
				t.Errorf("%s, %s: docks %v, want %v (%s)", tc.name, level, cmd.Docks, tc.docks, cmd)
			}
			gave := func(f func(rules.Transfer) bool) bool { return slices.ContainsFunc(cmd.Transfers, f) }
			energy := gave(func(tr rules.Transfer) bool { return tr.From == "anvil" && tr.To == "bulwark" && tr.Energy > 0 })
			crew := gave(func(tr rules.Transfer) bool { return tr.From == "anvil" && tr.To == "bulwark" && tr.Crew[0] > 0 })
			if energy != tc.energy || crew != tc.crew {
				t.Errorf("%s, %s: energy %v crew %v, want %v %v (%s)", tc.name, level, energy, crew, tc.energy, tc.crew, cmd)
			}
			before := st.Unit("bulwark").Ship.Battery
			if _, err := st.Apply(cmd); err != nil {
				t.Fatal(err)
			}
			for range 20 {
				if st.Clock.Step != rules.StepActivity {
					break
				}
				st.Advance()
			}
			b := st.Unit("bulwark")
			if tc.energy && b.Ship.Battery <= before {
				t.Errorf("%s, %s: bulwark's battery %d after the transfer, was %d", tc.name, level, b.Ship.Battery, before)
			}
			if tc.undocked && b.Ship.Docked != "" {
				t.Errorf("%s, %s: still docked with %s", tc.name, level, b.Ship.Docked)
			}
			if len(tc.docks) > 0 && !tc.undocked && b.Ship.Docked != "anvil" {
				t.Errorf("%s, %s: bulwark docked with %q, want anvil", tc.name, level, b.Ship.Docked)
			}
		}
	}
}
