package rules

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// foundationSetup is a small two-sided game with every kind of terrain.
func foundationSetup(t *testing.T) Setup {
	t.Helper()
	return Setup{
		Info:    ScenarioInfo{ID: "unit-test", Name: "Unit test"},
		Ruleset: DefaultRuleset(),
		Sides: []Side{
			{ID: "blue", Name: "Blue", Color: "#4da3ff"},
			{ID: "red", Name: "Red", Color: "#ff5d5d"},
		},
		Maps: []Map{{ID: "main", Name: "Main", Center: Hex{0, 0}, Terrain: &Terrain{
			Features: []Feature{{ID: "sun", Kind: FeatureStar, Name: "Sun", Hex: Hex{0, 0}}},
			Regions:  []Region{{ID: "veil", Kind: RegionPhaseSpace, Name: "Veil", Shape: DiscShape(Hex{10, -5}, 6)}},
			Systems:  []System{{ID: "maw", Name: "Maw", Rift: true, Shape: HexShape(Hex{4, 4}, Hex{5, 4}, Hex{4, 5})}},
		}}},
		Units: []Unit{
			{ID: "zeta", Name: "Zeta", Side: "red", Class: "kor-raider", Kind: KindShip, Hex: Hex{10, -5}, Facing: DirD, Speed: 8},
			{ID: "alpha", Name: "Alpha", Side: "blue", Class: "fed-cruiser", Kind: KindShip, Hex: Hex{-3, 2}, Facing: DirB, Speed: 10},
			{ID: "ghost", Name: "Ghost", Side: "red", Class: "kor-warbird", Kind: KindShip, Hex: Hex{11, -5}, Facing: DirA, Speed: 6, PhasedOut: true},
		},
	}
}

func TestNewStateSortsUnitsAndFillsDefaults(t *testing.T) {
	s, err := NewState(foundationSetup(t), 1)
	require.NoError(t, err)
	var ids []UnitID
	for _, u := range s.Units {
		ids = append(ids, u.ID)
		assert.Equal(t, StatusOnMap, u.Status)
		assert.Equal(t, MapID("main"), u.Map)
	}
	assert.Equal(t, []UnitID{"alpha", "ghost", "zeta"}, ids)
	require.NotNil(t, s.Unit("zeta"))
	assert.Equal(t, "Zeta", s.Unit("zeta").Name)
	assert.Nil(t, s.Unit("nobody"))
	assert.Equal(t, Clock{Turn: 1, Step: StepStartOfTurn}, s.Clock)
}

func TestNewStateReportsEveryProblem(t *testing.T) {
	setup := foundationSetup(t)
	setup.Units = append(setup.Units,
		Unit{ID: "alpha", Side: "blue", Class: "fed-cruiser"},
		Unit{ID: "lost", Side: "green", Class: "fed-cruiser"},
		Unit{ID: "odd", Side: "blue", Class: "no-such-class"},
	)
	_, err := NewState(setup, 1)
	require.Error(t, err)
	for _, want := range []string{`unit "alpha" is defined twice`, `unknown side "green"`, `unknown class "no-such-class"`} {
		assert.ErrorContains(t, err, want)
	}
}

func TestStateHashIsStableAndSensitive(t *testing.T) {
	a, err := NewState(foundationSetup(t), 9)
	require.NoError(t, err)
	b, err := NewState(foundationSetup(t), 9)
	require.NoError(t, err)
	assert.Equal(t, a.Hash(), b.Hash(), "same setup and seed")
	assert.Len(t, a.Hash().String(), 64)

	c, err := NewState(foundationSetup(t), 10)
	require.NoError(t, err)
	assert.NotEqual(t, a.Hash(), c.Hash(), "the seed is part of the state")

	b.Unit("alpha").Facing = DirC
	assert.NotEqual(t, a.Hash(), b.Hash(), "a unit's facing is part of the state")

	d := a.Clone()
	d.Roll(D6, RollReason{What: "test"})
	assert.NotEqual(t, a.Hash(), d.Hash(), "a roll advances the generator and the event counter")
}

func TestStateSaveRestoreKeepsHashAndDice(t *testing.T) {
	s, err := NewState(foundationSetup(t), 77)
	require.NoError(t, err)
	for i := 0; i < 5; i++ {
		s.Roll(TwoD6, RollReason{Clause: "TEST.1", What: "phase"})
	}
	saved, err := json.Marshal(s)
	require.NoError(t, err)
	var back State
	require.NoError(t, json.Unmarshal(saved, &back))
	assert.Equal(t, s.Hash(), back.Hash())
	require.NotNil(t, back.Unit("ghost"), "indexes are rebuilt on restore")
	sys, ok := back.Maps[0].Terrain.SystemAt(Hex{5, 4})
	require.True(t, ok, "terrain lookups work after restore")
	assert.Equal(t, "maw", sys.ID)
	for i := 0; i < 20; i++ {
		r1, e1 := s.Roll(D10, RollReason{Clause: "TEST.2"})
		r2, e2 := back.Roll(D10, RollReason{Clause: "TEST.2"})
		require.Equal(t, r1, r2)
		require.Equal(t, e1, e2)
	}
}

func TestRollRecordsAnEvent(t *testing.T) {
	s, err := NewState(foundationSetup(t), 3)
	require.NoError(t, err)
	r, ev := s.Roll(D12, RollReason{Clause: "TEST.3", Side: "blue", Unit: "alpha", What: "initiative"})
	assert.Equal(t, EventRoll, ev.Kind)
	assert.Equal(t, 1, ev.Seq)
	require.NotNil(t, ev.Roll)
	assert.Equal(t, r, *ev.Roll)
	assert.Equal(t, UnitID("alpha"), ev.Unit)
	assert.Contains(t, ev.String(), "TEST.3: initiative: d12 = ")
	_, ev2 := s.Roll(D6, RollReason{})
	assert.Equal(t, 2, ev2.Seq, "events are numbered in order")
}

func TestTerrainLookups(t *testing.T) {
	s, err := NewState(foundationSetup(t), 1)
	require.NoError(t, err)
	tr := s.Maps[0].Terrain
	f, ok := tr.FeatureAt(Hex{0, 0})
	require.True(t, ok)
	assert.Equal(t, FeatureStar, f.Kind)
	_, ok = tr.FeatureAt(Hex{1, 0})
	assert.False(t, ok)

	assert.True(t, tr.InRegion(Hex{10, -5}, RegionPhaseSpace))
	assert.True(t, tr.InRegion(Hex{16, -5}, RegionPhaseSpace), "edge of a radius-6 disc")
	assert.False(t, tr.InRegion(Hex{17, -5}, RegionPhaseSpace))
	assert.False(t, tr.InRegion(Hex{10, -5}, RegionIonStorm))

	for _, h := range []Hex{{4, 4}, {5, 4}, {4, 5}} {
		sys, ok := tr.SystemAt(h)
		require.True(t, ok, "%v", h)
		assert.True(t, sys.Rift)
	}
	_, ok = tr.SystemAt(Hex{5, 5})
	assert.False(t, ok)

	d, ok := tr.NearestFeature(Hex{3, 0})
	require.True(t, ok)
	assert.Equal(t, 3, d)
}

// A 9,000-hex-wide disc costs the same to hold and query as a small one:
// regions are never stored hex by hex.
func TestLargeDiscIsNotExpanded(t *testing.T) {
	big := DiscShape(Hex{0, 0}, 4500)
	assert.Empty(t, big.Hexes)
	assert.Equal(t, discSize(4500), big.Size())
	assert.True(t, big.Contains(Hex{4500, -4500}))
	assert.False(t, big.Contains(Hex{4501, -4500}))
}

func TestViewHidesOtherSidesPhasedOutUnits(t *testing.T) {
	s, err := NewState(foundationSetup(t), 1)
	require.NoError(t, err)
	ids := func(v *View) (out []UnitID) {
		for _, u := range v.Units {
			out = append(out, u.ID)
		}
		return out
	}
	// IP8.32: a phased-out unit deploys no marker for anyone else.
	assert.Equal(t, []UnitID{"alpha", "zeta"}, ids(s.View("blue")))
	assert.Equal(t, []UnitID{"alpha", "zeta"}, ids(s.View("")), "public table view")
	red := s.View("red")
	assert.Equal(t, []UnitID{"alpha", "ghost", "zeta"}, ids(red))
	for _, u := range red.Units {
		assert.Equal(t, u.ID == "ghost", u.Ghost, "only the owner's phased-out unit is a ghost")
	}

	secret := Event{Seq: 1, Audience: Only("red"), Text: "course roll"}
	public := Event{Seq: 2, Text: "storm begins"}
	assert.Equal(t, []Event{public}, Events([]Event{secret, public}, "blue"))
	assert.Equal(t, []Event{public}, Events([]Event{secret, public}, ""))
	assert.Equal(t, []Event{secret, public}, Events([]Event{secret, public}, "red"))
}
