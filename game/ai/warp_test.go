package ai_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// declareAt loads the scenario at path, changes it with edit and plays
// the rules' plain choices up to side's declare movement of turn 1.
func declareAt(t *testing.T, path string, side rules.SideID, edit func(*rules.State)) *rules.State {
	t.Helper()
	sc, err := source(t, path).Load()
	require.NoError(t, err)
	st, err := rules.NewState(sc.Setup(), 1)
	require.NoError(t, err)
	st = copyState(t, st, edit)
	for range 100 {
		sd := pending(st)
		require.NotEmpty(t, sd)
		if sd == side && st.Expecting() == rules.CmdDeclare {
			return st
		}
		_, err := st.Apply(st.Legal(sd)[0])
		require.NoError(t, err)
	}
	t.Fatal("no declare step")
	return nil
}

// shift moves every unit of side by d.
func shift(s *rules.State, side rules.SideID, d rules.Hex) {
	for i := range s.Units {
		if s.Units[i].Side == side {
			s.Units[i].Hex = s.Units[i].Hex.Add(d)
		}
	}
}

// The computer goes into warp (X4.WARP) where speed is the turn's whole
// task and the fire penalty costs nothing: a runner short of its exit
// area, of the gravity rift it must withdraw through or of the cosmic
// rift a return objective sends it through, and a ship closing on
// enemies too far off for any shot this turn. It does not where a shot
// may be exchanged, where warp would carry it past the rift it must stop
// in, where its plain speed gets it there, or from a standstill. Easy
// never warps.
func TestAIWarpsWhenItPays(t *testing.T) {
	exitArea := func(s *rules.State) {
		place(s, "claw", "puller", rules.DirB, 6) // an enemy in reach
		s.Objectives = append(s.Objectives, rules.Objective{Side: "federation", Kind: rules.ObjectiveExit,
			Units: []rules.UnitID{"puller"}, Area: true, Map: s.Unit("puller").Map,
			Hex: s.Unit("puller").Hex.Add(rules.Hex{Q: -24}), Radius: 2, Points: 100})
	}
	exitRift := func(at rules.Hex) func(*rules.State) {
		return func(s *rules.State) {
			s.Unit("kite").Hex, s.Unit("kite").Speed = at, 8
			s.Objectives = []rules.Objective{{Side: "blue", Kind: rules.ObjectiveExit, Units: []rules.UnitID{"kite"}, Points: 100}}
		}
	}
	const plain = 8
	cases := []struct {
		name, path string
		side       rules.SideID
		unit       rules.UnitID
		edit       func(*rules.State)
		// prev is the unit's speed last turn; it has 8 allocated.
		prev int
		want bool
	}{
		{"closing on enemies far off", "testdata/gear.yaml", "federation", "puller",
			func(s *rules.State) { shift(s, "korath", rules.Hex{Q: 40}) }, 8, true},
		{"no warp with an enemy in reach this turn", "testdata/gear.yaml", "federation", "puller",
			func(s *rules.State) { place(s, "claw", "puller", rules.DirB, 10) }, 8, false},
		{"no warp from a standstill", "testdata/gear.yaml", "federation", "puller",
			func(s *rules.State) { shift(s, "korath", rules.Hex{Q: 40}) }, 0, false},
		{"a runner to its exit area past the enemy", "testdata/gear.yaml", "federation", "puller", exitArea, 8, true},
		{"a runner to the gravity rift it leaves by", "../testdata/withdraw.yaml", "blue", "kite",
			exitRift(rules.Hex{Q: -40, R: 2}), 8, true},
		{"no warp past the gravity rift it must stop in", "../testdata/withdraw.yaml", "blue", "kite",
			exitRift(rules.Hex{Q: -16, R: 2}), 8, false},
		{"through the cosmic rift for a return objective", "drill-rift", "federation", "kestrel", nil, 8, true},
		{"no warp with the cosmic rift in plain reach", "drill-rift", "federation", "kestrel",
			func(s *rules.State) { s.Unit("kestrel").Hex = rules.Hex{Q: -3, R: 1} }, 8, false},
	}
	for _, tc := range cases {
		for _, level := range ai.Levels {
			t.Run(tc.name+"/"+string(level), func(t *testing.T) {
				st := copyState(t, declareAt(t, tc.path, tc.side, tc.edit), func(s *rules.State) {
					u := s.Unit(tc.unit)
					u.Ship.PrevSpeed, u.Ship.Allocated, u.Speed = tc.prev, plain, plain
				})
				cmd := ai.New(level, 1, tc.side).Decide(st.View(tc.side), st.Legal(tc.side), match.NewDesk(st, tc.side))
				got := slices.ContainsFunc(cmd.Declarations, func(d rules.Declaration) bool { return d.Unit == tc.unit && d.Warp })
				want := tc.want && level != ai.Easy
				require.Equal(t, want, got, "%s goes into warp: %s", tc.unit, cmd)
				_, err := st.Apply(cmd)
				require.NoError(t, err)
				for sd := pending(st); sd != "" && st.Expecting() == rules.CmdDeclare; sd = pending(st) {
					_, err := st.Apply(st.Legal(sd)[0])
					require.NoError(t, err)
				}
				if want {
					assert.Equal(t, tc.prev+plain, st.Unit(tc.unit).Speed, "X4.WARP: old speed plus new")
				} else {
					assert.Equal(t, plain, st.Unit(tc.unit).Speed)
				}
			})
		}
	}
}

// awayAtDeclare plays drill-rift with normal players at every seat until
// a federation ship is beyond the cosmic rift at the federation's
// declare movement, and returns the state and the ship.
func awayAtDeclare(t *testing.T) (*rules.State, rules.UnitID) {
	t.Helper()
	sc, err := source(t, "drill-rift").Load()
	require.NoError(t, err)
	for seed := uint64(1); seed <= 8; seed++ {
		st, err := rules.NewState(sc.Setup(), seed)
		require.NoError(t, err)
		players := map[rules.SideID]*ai.Player{}
		for n := 0; n < 5000; n++ {
			sd := pending(st)
			if sd == "" {
				break
			}
			if sd == "federation" && st.Expecting() == rules.CmdDeclare {
				for _, u := range st.Units {
					if u.Side == sd && u.OnMap() && u.Away() {
						return st, u.ID
					}
				}
			}
			if players[sd] == nil {
				players[sd] = ai.New(ai.Normal, seed, sd)
			}
			_, err := st.Apply(players[sd].Decide(st.View(sd), st.Legal(sd), match.NewDesk(st, sd)))
			require.NoError(t, err)
		}
	}
	t.Fatal("no federation ship beyond the rift at a declare movement")
	return nil, ""
}

// Beyond a cosmic rift a ship goes into warp toward the rift's port when
// its plain speed does not get it there this turn, and not when it does.
func TestAIWarpsHomeThroughTheRift(t *testing.T) {
	base, id := awayAtDeclare(t)
	var port rules.Hex
	for _, r := range base.View("federation").Rifts {
		if r.Dest == base.Unit(id).Map {
			port = r.Port
		}
	}
	for _, tc := range []struct {
		name string
		off  rules.Hex
		want bool
	}{
		{"the port far off", rules.Hex{Q: -20}, true},
		{"the port in plain reach", rules.Hex{Q: -4}, false},
	} {
		for _, level := range []ai.Level{ai.Normal, ai.Hard} {
			t.Run(tc.name+"/"+string(level), func(t *testing.T) {
				st := copyState(t, base, func(s *rules.State) {
					u := s.Unit(id)
					u.Hex = port.Add(tc.off)
					u.Ship.PrevSpeed, u.Ship.Allocated, u.Speed = 8, 8, 8
				})
				cmd := ai.New(level, 1, "federation").Decide(st.View("federation"), st.Legal("federation"), match.NewDesk(st, "federation"))
				got := slices.ContainsFunc(cmd.Declarations, func(d rules.Declaration) bool { return d.Unit == id && d.Warp })
				require.Equal(t, tc.want, got, "%s: %s", id, cmd)
				_, err := st.Apply(cmd)
				require.NoError(t, err)
			})
		}
	}
}
