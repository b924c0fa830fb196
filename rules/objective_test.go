package rules

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// objectiveState returns a state with the given objectives over a small
// fleet: blue cruiser "e" and shuttles "s1", "s2"; red raiders "k", "v".
func objectiveState(t *testing.T, obs ...Objective) *State {
	t.Helper()
	setup := testSetup(
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("s1", "blue", "shuttle", Hex{1, 0}, DirA, 0),
		ship("s2", "blue", "shuttle", Hex{2, 0}, DirA, 0),
		ship("k", "red", "kor-raider", Hex{0, -9}, DirD, 0),
		ship("v", "red", "kor-raider", Hex{3, -9}, DirD, 0))
	setup.Objectives = obs
	setup.Maps = append(setup.Maps, Map{ID: "beyond", Name: "Beyond", Terrain: &Terrain{}})
	s, err := NewState(setup, 5)
	require.NoError(t, err)
	return s
}

func hold(side SideID, h Hex, r, pts int) Objective {
	return Objective{Side: side, Kind: ObjectiveHold, Area: true, Map: "main", Hex: h, Radius: r, Points: pts}
}

// Each kind of objective, met and not met, as the game stands.
func TestObjectiveMet(t *testing.T) {
	exit := Objective{Side: "blue", Kind: ObjectiveExit, Units: []UnitID{"s1", "s2"}, Points: 30}
	exitOne := exit
	exitOne.Count = 1
	back := Objective{Side: "blue", Kind: ObjectiveReturn, Units: []UnitID{"e", "s1"}, Count: 1, Points: 40}
	backBoth := back
	backBoth.Count = 0
	for _, tc := range []struct {
		name   string
		ob     Objective
		change func(s *State)
		met    bool
	}{
		{"hold: own unit alone in the hex", hold("blue", Hex{0, 0}, 0, 10), nil, true},
		{"hold: empty hex", hold("blue", Hex{5, 5}, 0, 10), nil, false},
		{"hold: an enemy in the area", hold("blue", Hex{0, -4}, 5, 10), nil, false},
		{"hold: enemy alone", hold("red", Hex{0, -9}, 0, 10), nil, true},
		{"hold: own unit phased out holds nothing", hold("blue", Hex{0, 0}, 0, 10), func(s *State) { s.Unit("e").PhasedOut = true }, false},
		{"hold: an enemy phased out does not contest", hold("blue", Hex{0, -4}, 5, 10), func(s *State) {
			s.Unit("k").PhasedOut, s.Unit("v").PhasedOut = true, true
		}, true},
		{"hold: a destroyed enemy does not contest", hold("blue", Hex{0, -4}, 5, 10), func(s *State) {
			s.Unit("k").Status, s.Unit("v").Status = StatusDestroyed, StatusDestroyed
		}, true},
		{"destroy: alive", Objective{Side: "blue", Kind: ObjectiveDestroy, Units: []UnitID{"k"}, Points: 50}, nil, false},
		{"destroy: destroyed", Objective{Side: "blue", Kind: ObjectiveDestroy, Units: []UnitID{"k"}, Points: 50},
			func(s *State) { s.Unit("k").Status = StatusDestroyed }, true},
		{"destroy: trapped beyond a rift", Objective{Side: "blue", Kind: ObjectiveDestroy, Units: []UnitID{"k"}, Points: 50},
			func(s *State) { s.Unit("k").Cross.Trapped = true }, true},
		{"destroy: captured", Objective{Side: "blue", Kind: ObjectiveDestroy, Units: []UnitID{"k"}, Points: 50},
			func(s *State) { s.Unit("k").Side, s.Unit("k").Ship.CapturedFrom = "blue", "red" }, true},
		{"destroy: withdrawn is not destroyed", Objective{Side: "blue", Kind: ObjectiveDestroy, Units: []UnitID{"k"}, Points: 50},
			func(s *State) { s.Unit("k").Status = StatusWithdrawn }, false},
		{"protect: alive", Objective{Side: "red", Kind: ObjectiveProtect, Units: []UnitID{"k"}, Points: 20}, nil, true},
		{"protect: in reserve still alive", Objective{Side: "red", Kind: ObjectiveProtect, Units: []UnitID{"k"}, Points: 20},
			func(s *State) { s.Unit("k").Status = StatusReserve }, true},
		{"protect: destroyed", Objective{Side: "red", Kind: ObjectiveProtect, Units: []UnitID{"k"}, Points: 20},
			func(s *State) { s.Unit("k").Status = StatusDestroyed }, false},
		{"exit: none out", exit, nil, false},
		{"exit: one of two out", exit, func(s *State) { s.Unit("s1").Status = StatusWithdrawn }, false},
		{"exit: both out", exit, func(s *State) { s.Unit("s1").Status, s.Unit("s2").Status = StatusWithdrawn, StatusWithdrawn }, true},
		{"exit count 1: one out", exitOne, func(s *State) { s.Unit("s2").Status = StatusWithdrawn }, true},
		{"exit: in reserve is not out", exitOne, func(s *State) { s.Unit("s2").Status = StatusReserve }, false},
		{"return: never went through", back, nil, false},
		{"return: through and still away", back, func(s *State) {
			s.Unit("e").Map, s.Unit("e").Cross = "beyond", RiftCrossing{Rift: "rift-1", Home: "main"}
		}, false},
		{"return: through and home", back, func(s *State) { s.Unit("e").Cross = RiftCrossing{Rift: "rift-1"} }, true},
		{"return: home, then withdrawn", back, func(s *State) {
			s.Unit("e").Cross, s.Unit("e").Status = RiftCrossing{Rift: "rift-1"}, StatusWithdrawn
		}, true},
		{"return: home, then destroyed", back, func(s *State) {
			s.Unit("e").Cross, s.Unit("e").Status = RiftCrossing{Rift: "rift-1"}, StatusDestroyed
		}, false},
		{"return: trapped", back, func(s *State) {
			s.Unit("e").Map, s.Unit("e").Cross = "beyond", RiftCrossing{Rift: "rift-1", Home: "main", Trapped: true}
		}, false},
		{"return: swept away by a cosmic storm is not back", back, func(s *State) {
			s.Unit("e").Map, s.Unit("e").Cross = "beyond", RiftCrossing{Rift: "rift-1"}
		}, false},
		{"return: one of two back", backBoth, func(s *State) { s.Unit("e").Cross = RiftCrossing{Rift: "rift-1"} }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := objectiveState(t, tc.ob)
			if tc.change != nil {
				tc.change(s)
				s.reindex()
			}
			assert.Equal(t, tc.met, s.ObjectiveMet(&s.Objectives[0]))
			o := s.Outcome()
			k := 0
			if tc.ob.Side == "red" {
				k = 1
			}
			r := o.Sides[k]
			if tc.met {
				assert.Equal(t, tc.ob.Points, r.Objectives)
				require.Len(t, r.Met, 1)
				assert.True(t, strings.HasSuffix(r.Met[0], ": "+itoa(tc.ob.Points)), r.Met[0])
				assert.Empty(t, r.Missed)
			} else {
				assert.Zero(t, r.Objectives)
				assert.Empty(t, r.Met)
				require.Len(t, r.Missed, 1, "an objective not met is listed as missed")
				assert.Equal(t, r.Missed[0], tc.ob.String()+": "+itoa(tc.ob.Points))
			}
			assert.Equal(t, r.BPV+r.Objectives, r.Points)
		})
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// Objective points count toward the winner: red loses a raider (60 BPV
// to blue) but holds its hex and protects the other, for 70.
func TestObjectivesDecideTheWinner(t *testing.T) {
	s := objectiveState(t,
		hold("red", Hex{3, -9}, 0, 40),
		Objective{Side: "red", Kind: ObjectiveProtect, Units: []UnitID{"v"}, Points: 30, Name: "protect the Vulture"},
		Objective{Side: "blue", Kind: ObjectiveDestroy, Units: []UnitID{"v"}, Points: 100})
	s.Unit("k").Status = StatusDestroyed
	o := s.Outcome()
	blue, red := o.Sides[0], o.Sides[1]
	bpv := lookupClass("kor-raider").BPV
	assert.Equal(t, bpv, blue.BPV)
	assert.Equal(t, bpv, blue.Points)
	assert.Equal(t, 70, red.Points)
	assert.Equal(t, []string{"hold at 3,-9: 40", "protect the Vulture: 30"}, red.Met)
	assert.Empty(t, red.Missed)
	assert.Equal(t, []string{"destroy v: 100"}, blue.Missed)
	want := SideID("red")
	if bpv > 70 {
		want = "blue"
	}
	assert.Equal(t, want, o.Winner)
	s.Unit("v").Status = StatusDestroyed
	o = s.Outcome()
	assert.Equal(t, SideID("blue"), o.Winner, "%s", o)
	assert.Equal(t, []string{"destroy v: 100"}, o.Sides[0].Met)
	assert.Empty(t, o.Sides[0].Missed)
	assert.Equal(t, []string{"hold at 3,-9: 40", "protect the Vulture: 30"}, o.Sides[1].Missed, "red's Vulture is gone, and with it the protect objective; nothing holds the hex")
}

// A unit listed in its side's exit objective that ends a move inside the
// exit area leaves the battle (withdrawn), and the objective is met.
func TestExitObjectiveWithdrawsAfterMove(t *testing.T) {
	s := objectiveState(t, Objective{Side: "blue", Kind: ObjectiveExit, Units: []UnitID{"s1"},
		Area: true, Map: "main", Hex: Hex{1, 0}, Radius: 40, Points: 25})
	playLegal(t, s, first, func(s *State) bool { return s.Unit("s1").Status != StatusOnMap || s.Clock.Turn > 1 })
	u := s.Unit("s1")
	require.Equal(t, StatusWithdrawn, u.Status, "s1 moved inside the exit area")
	assert.Equal(t, StatusOnMap, s.Unit("s2").Status, "an unlisted unit stays")
	o := s.Outcome()
	assert.Equal(t, 25, o.Sides[0].Objectives)
	assert.Equal(t, 1, o.Sides[0].Withdrawn)
}

// exitAfterMove leaves a unit outside the area, another side's unit and
// a phased-out unit where they are.
func TestExitObjectiveOnlyInArea(t *testing.T) {
	s := objectiveState(t, Objective{Side: "blue", Kind: ObjectiveExit, Units: []UnitID{"s1", "s2"},
		Area: true, Map: "main", Hex: Hex{2, 0}, Radius: 0, Points: 25})
	assert.Empty(t, exitAfterMove(s, s.Unit("s1"), nil, Hex{}))
	assert.Equal(t, StatusOnMap, s.Unit("s1").Status)
	s.Unit("s2").PhasedOut = true
	assert.Empty(t, exitAfterMove(s, s.Unit("s2"), nil, Hex{}))
	s.Unit("s2").PhasedOut = false
	evs := exitAfterMove(s, s.Unit("s2"), nil, Hex{})
	require.NotEmpty(t, evs)
	assert.Contains(t, evs[0].Text, "leaves the battle")
	assert.Equal(t, StatusWithdrawn, s.Unit("s2").Status)
}

// Setups with malformed objectives are refused with a clear error.
func TestObjectiveCheck(t *testing.T) {
	for _, tc := range []struct {
		ob   Objective
		want string
	}{
		{Objective{Side: "green", Kind: ObjectiveDestroy, Units: []UnitID{"k"}}, `unknown side "green"`},
		{Objective{Side: "blue", Kind: "capture", Units: []UnitID{"k"}}, "unknown kind"},
		{Objective{Side: "blue", Kind: ObjectiveDestroy, Units: []UnitID{"zz"}}, `unknown unit "zz"`},
		{Objective{Side: "blue", Kind: ObjectiveDestroy, Units: []UnitID{"k", "v"}}, "exactly one unit"},
		{Objective{Side: "blue", Kind: ObjectiveDestroy, Units: []UnitID{"k"}, Points: -1}, "negative points"},
		{Objective{Side: "blue", Kind: ObjectiveHold}, "needs an area"},
		{Objective{Side: "blue", Kind: ObjectiveHold, Area: true, Map: "elsewhere"}, `unknown map "elsewhere"`},
		{Objective{Side: "blue", Kind: ObjectiveExit}, "lists the units"},
		{Objective{Side: "blue", Kind: ObjectiveExit, Units: []UnitID{"k"}}, "not a unit of blue"},
		{Objective{Side: "blue", Kind: ObjectiveReturn}, "lists the units"},
		{Objective{Side: "blue", Kind: ObjectiveReturn, Units: []UnitID{"v"}}, "not a unit of blue"},
		{Objective{Side: "blue", Kind: ObjectiveReturn, Units: []UnitID{"e"}, Area: true, Map: "main"}, "has no area"},
	} {
		setup := testSetup(ship("e", "blue", "fed-cruiser", Hex{}, DirA, 0), ship("k", "red", "kor-raider", Hex{0, -9}, DirD, 0),
			ship("v", "red", "kor-raider", Hex{3, -9}, DirD, 0))
		setup.Objectives = []Objective{tc.ob}
		_, err := NewState(setup, 1)
		if assert.Error(t, err, tc.want) {
			assert.Contains(t, err.Error(), tc.want)
		}
	}
}

// Objectives are part of the hash, copied by Clone, shared with no
// clone, and survive a JSON round trip; every view shows them.
func TestObjectivesInStateHashCloneAndSave(t *testing.T) {
	s := objectiveState(t, Objective{Side: "blue", Kind: ObjectiveExit, Units: []UnitID{"s1", "s2"}, Count: 1,
		Area: true, Map: "main", Hex: Hex{4, -2}, Radius: 2, Points: 25, Name: "get a shuttle out"})
	c := s.Clone()
	assert.Equal(t, s.Hash(), c.Hash())
	c.Objectives[0].Units[0] = "e"
	assert.Equal(t, UnitID("s1"), s.Objectives[0].Units[0], "a clone shares no objective")
	c.Objectives[0].Units[0] = "s1"
	c.Objectives[0].Points = 26
	assert.NotEqual(t, s.Hash(), c.Hash(), "objectives are part of the hash")
	b, err := json.Marshal(s)
	require.NoError(t, err)
	var back State
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, s.Hash(), back.Hash())
	assert.Equal(t, s.Objectives, back.Objectives)
	assert.Equal(t, s.Objectives, s.View("red").Objectives)
	assert.Equal(t, s.Objectives, s.View("").Objectives)
}
