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

// gearAt returns testdata/gear.yaml at step of turn 1 with side to act,
// every ship's batteries full, after edit.
func gearAt(t *testing.T, step rules.Step, side rules.SideID, edit func(*rules.State)) *rules.State {
	t.Helper()
	return fixtureAt(t, "testdata/gear.yaml", step, side, edit)
}

// fixtureAt returns the scenario at path at step of turn 1 with side to
// act, every ship's batteries full, after edit.
func fixtureAt(t *testing.T, path string, step rules.Step, side rules.SideID, edit func(*rules.State)) *rules.State {
	t.Helper()
	sc, err := source(t, path).Load()
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.NewState(sc.Setup(), 1)
	if err != nil {
		t.Fatal(err)
	}
	return copyState(t, st, func(s *rules.State) {
		s.Clock = rules.Clock{Turn: 1, Impulse: 1, Step: step}
		if step == rules.StepEnergyAllocation {
			s.Clock.Impulse = 0
		}
		s.Turn = rules.TurnState{Entered: true, Waiting: []rules.SideID{side}}
		for i := range s.Units {
			if ss := s.Units[i].Ship; ss != nil {
				ss.Battery = ss.Boxes[rules.SysBattery]
			}
		}
		edit(s)
	})
}

// insertUnit adds u to st's units, which are kept in id order.
func insertUnit(st *rules.State, u rules.Unit) {
	i, _ := slices.BinarySearchFunc(st.Units, u.ID, func(x rules.Unit, id rules.UnitID) int {
		switch {
		case x.ID < id:
			return -1
		case x.ID > id:
			return 1
		}
		return 0
	})
	st.Units = slices.Insert(st.Units, i, u)
}

// drone is a korath drone beside unit target's map at hex h, seeking it.
func drone(s *rules.State, id rules.UnitID, h rules.Hex, target rules.UnitID) rules.Unit {
	return rules.Unit{ID: id, Name: "Drone", Side: "korath", Class: "drone", Kind: rules.KindDrone,
		Status: rules.StatusOnMap, Map: s.Unit(target).Map, Hex: h, Facing: rules.DirE, Speed: 12,
		Gear: rules.Gear{Target: target, Guide: "claw"}, Ship: &rules.ShipState{}}
}

// place puts unit id n hexes from unit at in direction d.
func place(s *rules.State, id, at rules.UnitID, d rules.Direction, n int) {
	h := s.Unit(at).Hex
	for range n {
		h = h.Neighbor(d)
	}
	s.Unit(id).Hex = h
}

// wreck takes every shield and armor box of unit id.
func wreck(s *rules.State, id rules.UnitID) {
	u := s.Unit(id)
	u.Ship.Shields = [6]int{}
	u.Ship.Armor = 0
}

// The computer uses its devices and tractor beams in impulse activity
// when they pay, and leaves them be when they do not: each case sets the
// scene and names the order it wants (or wants not) from normal and hard.
func TestAIUsesGear(t *testing.T) {
	type want struct {
		unit    rules.UnitID
		device  rules.DeviceKind
		target  rules.UnitID
		tractor string // "lock", "resist" or ""
	}
	cases := []struct {
		name string
		edit func(*rules.State)
		want want
		// absent is true when the order must not be given.
		absent bool
		after  func(*testing.T, *rules.State)
	}{
		{name: "sphere against an enemy beside it", edit: func(s *rules.State) { place(s, "claw", "sphere", rules.DirB, 1) },
			want: want{unit: "sphere", device: rules.DeviceESG}},
		{name: "no sphere with the enemy away", edit: func(s *rules.State) { place(s, "claw", "sphere", rules.DirB, 3) },
			want: want{unit: "sphere", device: rules.DeviceESG}, absent: true},
		{name: "stasis on a drone in reach", edit: func(s *rules.State) {
			insertUnit(s, drone(s, "claw.d1", s.Unit("stasis").Hex.Add(rules.Hex{Q: 2}), "stasis"))
		}, want: want{unit: "stasis", device: rules.DeviceSFG, target: "claw.d1"}},
		{name: "stasis on the enemy when losing", edit: func(s *rules.State) {
			place(s, "fang", "stasis", rules.DirB, 2)
			wreck(s, "stasis")
		}, want: want{unit: "stasis", device: rules.DeviceSFG, target: "fang"}},
		{name: "no stasis on the enemy when sound", edit: func(s *rules.State) { place(s, "fang", "stasis", rules.DirB, 2) },
			want: want{unit: "stasis", device: rules.DeviceSFG, target: "fang"}, absent: true},
		{name: "a drone thrown away", edit: func(s *rules.State) {
			insertUnit(s, drone(s, "claw.d1", s.Unit("thrower").Hex.Add(rules.Hex{Q: 2}), "thrower"))
		}, want: want{unit: "thrower", device: rules.DeviceDisplacement, target: "claw.d1"},
			after: func(t *testing.T, s *rules.State) {
				if d := s.Unit("thrower").Hex.Distance(s.Unit("claw.d1").Hex); d <= 2 {
					t.Errorf("the drone is %d hexes from the thrower after the throw", d)
				}
			}},
		{name: "elevator out of a lost fight", edit: func(s *rules.State) {
			place(s, "claw", "elevator", rules.DirB, 4)
			wreck(s, "elevator")
		}, want: want{unit: "elevator", device: rules.DeviceTemporal}},
		{name: "no elevator when sound", edit: func(s *rules.State) { place(s, "claw", "elevator", rules.DirB, 4) },
			want: want{unit: "elevator", device: rules.DeviceTemporal}, absent: true},
		{name: "a beam locked on a drone", edit: func(s *rules.State) {
			s.Unit("puller").Ship.TractorReady = true
			insertUnit(s, drone(s, "claw.d1", s.Unit("puller").Hex.Neighbor(rules.DirB), "puller"))
		}, want: want{unit: "puller", tractor: "lock", target: "claw.d1"},
			after: func(t *testing.T, s *rules.State) {
				if got := s.Unit("puller").Gear.Tractor; got != "claw.d1" {
					t.Errorf("the puller holds %q", got)
				}
			}},
		{name: "straining against an enemy beam", edit: func(s *rules.State) {
			place(s, "claw", "puller", rules.DirB, 1)
			s.Unit("claw").Ship.TractorReady = true
			s.Unit("claw").Gear.Tractor = "puller"
		}, want: want{unit: "puller", tractor: "resist"},
			after: func(t *testing.T, s *rules.State) {
				if got := s.Unit("claw").Gear.Tractor; got != "" {
					t.Errorf("the claw still holds %q", got)
				}
			}},
	}
	for _, tc := range cases {
		for _, level := range []ai.Level{ai.Normal, ai.Hard} {
			t.Run(tc.name+"/"+string(level), func(t *testing.T) {
				st := gearAt(t, rules.StepActivity, "federation", tc.edit)
				cmd := ai.New(level, 1, "federation").Decide(st.View("federation"), st.Legal("federation"), match.NewDesk(st, "federation"))
				got := false
				if tc.want.tractor == "" {
					got = slices.ContainsFunc(cmd.Devices, func(d rules.DeviceUse) bool {
						return d.Unit == tc.want.unit && d.Device == tc.want.device && (tc.want.target == "" || d.Target == tc.want.target)
					})
				} else {
					got = slices.ContainsFunc(cmd.Tractors, func(o rules.TractorOrder) bool {
						return o.Unit == tc.want.unit && (tc.want.tractor == "resist") == o.Resist && (tc.want.target == "" || o.Target == tc.want.target)
					})
				}
				if got == tc.absent {
					t.Fatalf("order %+v given %v, want %v: %s", tc.want, got, !tc.absent, cmd)
				}
				if _, err := st.Apply(cmd); err != nil {
					t.Fatal(err)
				}
				if tc.after != nil {
					st.Advance()
					tc.after(t, st)
				}
			})
		}
	}
}

// The computer readies a tractor beam in energy allocation when an enemy
// is close enough to lock on, and not when none is near; it cloaks a
// losing ship with an enemy in reach, and not a sound one, and pays a
// losing ship without a cloak erratic maneuvers.
func TestAIAllocatesGear(t *testing.T) {
	for _, tc := range []struct {
		name string
		unit rules.UnitID
		dist int
		// wrecked takes the unit's shields and armor.
		wrecked bool
		has     func(rules.Allocation) bool
		want    bool
	}{
		{"tractor near the enemy", "puller", 2, false, func(a rules.Allocation) bool { return a.Tractor }, true},
		{"no tractor far from it", "puller", 12, false, func(a rules.Allocation) bool { return a.Tractor }, false},
		{"cloak when losing", "shade", 8, true, func(a rules.Allocation) bool { return a.Cloak }, true},
		{"no cloak when sound", "shade", 8, false, func(a rules.Allocation) bool { return a.Cloak }, false},
		{"erratic when losing", "puller", 8, true, func(a rules.Allocation) bool { return a.Erratic > 0 }, true},
		{"no erratic when sound", "puller", 8, false, func(a rules.Allocation) bool { return a.Erratic > 0 }, false},
	} {
		for _, level := range []ai.Level{ai.Normal, ai.Hard} {
			st := gearAt(t, rules.StepEnergyAllocation, "federation", func(s *rules.State) {
				place(s, "claw", tc.unit, rules.DirB, tc.dist)
				if tc.wrecked {
					wreck(s, tc.unit)
				}
			})
			cmd := ai.New(level, 1, "federation").Decide(st.View("federation"), st.Legal("federation"), match.NewDesk(st, "federation"))
			got := slices.ContainsFunc(cmd.Allocations, func(a rules.Allocation) bool { return a.Unit == tc.unit && tc.has(a) })
			if got != tc.want {
				t.Errorf("%s, %s: %v, want %v (%s)", tc.name, level, got, tc.want, cmd)
			}
			if _, err := st.Apply(cmd); err != nil {
				t.Fatalf("%s, %s: %v", tc.name, level, err)
			}
		}
	}
}

// A ship holding an enemy in its tractor beam keeps the hold and commits
// battery energy to it, since another side's beam may contest the hold
// in the same sealed step: here the Korath raider locks on its drone
// that the Puller holds with two energy (1 box + 2 against 2 boxes), and
// the Puller's one energy more keeps it (a tie goes to the beam holding).
func TestAIKeepsAContestedHold(t *testing.T) {
	for _, level := range []ai.Level{ai.Normal, ai.Hard} {
		t.Run(string(level), func(t *testing.T) {
			st := gearAt(t, rules.StepActivity, "federation", func(s *rules.State) {
				s.Turn.Waiting = []rules.SideID{"korath", "federation"}
				h := s.Unit("puller").Hex.Neighbor(rules.DirB)
				s.Unit("puller").Ship.TractorReady = true
				s.Unit("puller").Gear.Tractor = "claw.d1"
				s.Unit("claw").Hex = h.Neighbor(rules.DirB)
				s.Unit("claw").Ship.TractorReady = true
				insertUnit(s, drone(s, "claw.d1", h, "puller")) // last: it moves the units after it
			})
			_, err := st.Apply(rules.Command{Kind: rules.CmdActivity, Side: "korath",
				Tractors: []rules.TractorOrder{{Unit: "claw", Target: "claw.d1", Energy: 2}}})
			require.NoError(t, err)
			cmd := ai.New(level, 1, "federation").Decide(st.View("federation"), st.Legal("federation"), match.NewDesk(st, "federation"))
			require.True(t, slices.ContainsFunc(cmd.Tractors, func(o rules.TractorOrder) bool {
				return o.Unit == "puller" && o.Target == "claw.d1" && o.Energy >= 1
			}), "the hold kept with energy: %s", cmd)
			_, err = st.Apply(cmd)
			require.NoError(t, err)
			st.Advance()
			assert.Equal(t, rules.UnitID("claw.d1"), st.Unit("puller").Gear.Tractor, "the puller still holds the drone")
			assert.Empty(t, st.Unit("claw").Gear.Tractor, "the raider's beam lost the contest")
		})
	}
}

// A ship with a free beam locks on an enemy it outguns beside it even
// when a third side's beam holds that enemy, committing energy to the
// contest: here the Puller's two boxes and two energy beat the Velari
// carrier's three boxes, and the raider is the Puller's.
func TestAIContestsAHold(t *testing.T) {
	for _, level := range []ai.Level{ai.Normal, ai.Hard} {
		t.Run(string(level), func(t *testing.T) {
			st := fixtureAt(t, "testdata/contest.yaml", rules.StepActivity, "federation", func(s *rules.State) {
				s.Unit("puller").Ship.TractorReady = true
				s.Unit("grip").Ship.TractorReady = true
				s.Unit("grip").Gear.Tractor = "claw"
			})
			cmd := ai.New(level, 1, "federation").Decide(st.View("federation"), st.Legal("federation"), match.NewDesk(st, "federation"))
			require.True(t, slices.ContainsFunc(cmd.Tractors, func(o rules.TractorOrder) bool {
				return o.Unit == "puller" && o.Target == "claw" && o.Energy > 0
			}), "a lock with energy for the contest: %s", cmd)
			_, err := st.Apply(cmd)
			require.NoError(t, err)
			st.Advance()
			assert.Equal(t, rules.UnitID("claw"), st.Unit("puller").Gear.Tractor, "the puller won the contest")
			assert.Empty(t, st.Unit("grip").Gear.Tractor, "the carrier lost its hold")
		})
	}
}
