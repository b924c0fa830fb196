package rules

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// yardSetup is a destination scenario: a fixed starbase and a corvette
// two hexes from it, on one side.
func yardSetup() Destination {
	return Destination{ID: "yard", Setup: Setup{
		Info:    ScenarioInfo{ID: "yard", Name: "The Yard"},
		Ruleset: DefaultRuleset(),
		Sides:   []Side{{ID: "wardens", Name: "Wardens"}},
		Maps: []Map{{ID: "yard", Name: "The Yard", Terrain: &Terrain{
			Features: []Feature{{ID: "rock", Kind: FeatureMoon, Hex: Hex{Q: 90}}},
		}}},
		Units: []Unit{
			ship("base", "wardens", "vel-starbase", Hex{}, DirA, 0),
			ship("guard", "wardens", "vel-corvette", Hex{Q: 2, R: -2}, DirB, 6),
		},
	}}
}

// cosmicState is a two-side game with one chart whose every roll leads
// to the yard: PORT 0,0, DEFEND 0,-4. The formation rolls are off unless
// a test turns them on, so that its dice are its own.
func cosmicState(t testing.TB, units ...Unit) *State {
	t.Helper()
	su := testSetup(units...)
	withYardCharts(&su)
	s, err := NewState(su, 5)
	require.NoError(t, err)
	return s
}

// withYardCharts gives su cosmicState's chart and destination, with the
// formation rolls off.
func withYardCharts(su *Setup) {
	su.Ruleset.NoCosmicRifts = true
	su.RiftCharts = []RiftChart{{Lo: 2, Hi: 12, Rows: []RiftChartRow{
		{Lo: 2, Hi: 12, Scenario: "yard", Port: Hex{}, Defend: Hex{R: -4}, Notes: "the watch wakes"},
	}}}
	su.Destinations = []Destination{yardSetup()}
}

// openRift puts an open rift of blue's at h of the main map, formed now,
// known to blue.
func openRift(s *State, h Hex, lifetime int) *CosmicRift {
	s.Cosmic.Rifts = append(s.Cosmic.Rifts, CosmicRift{
		ID: "rift-1", Side: "blue", Map: "main", Hex: h, Formed: s.Clock,
		FormedAt: s.Clock.absoluteImpulse(s.Ruleset.ImpulsesPerTurn), Lifetime: lifetime, Detected: []SideID{"blue"},
	})
	return &s.Cosmic.Rifts[len(s.Cosmic.Rifts)-1]
}

func clauseEvents(evs []Event, clause string) []Event {
	var out []Event
	for _, e := range evs {
		if e.Clause == clause {
			out = append(out, e)
		}
	}
	return out
}

// clockAt returns the clock of absolute impulse a at step st.
func clockAt(a, n int, st Step) Clock {
	return Clock{Turn: (a-1)/n + 1, Impulse: (a-1)%n + 1, Step: st}
}

// IP4.21, IP4.22: every side rolls 4d6 each turn; a 4 or 24 by exactly
// one side forms a rift. Over seeded trials the per-turn chance for two
// sides is 2 x 2/1296 x (1 - 2/1296), within 4 standard errors.
func TestRiftFormationOdds(t *testing.T) {
	assert.True(t, riftForms(4, 4))
	assert.True(t, riftForms(24, 4))
	assert.False(t, riftForms(5, 4))
	assert.False(t, riftForms(23, 4))
	p := 2.0 / 1296
	want := 2 * p * (1 - p)
	trials, forms := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		s := newTestState(t, ship("a", "blue", "fed-cruiser", Hex{}, DirA, 0), ship("z", "red", "kor-raider", Hex{Q: 5}, DirA, 0))
		for range 25000 {
			evs := s.cosmicStartOfTurn()
			trials++
			rolls := 0
			for _, e := range evs {
				if e.Clause == "IP4.21" {
					rolls++
					assert.True(t, e.Audience.IsPublic(), "IP4.21: the formation rolls are public")
				}
			}
			require.Equal(t, 2, rolls, "IP4.21: each side rolls")
			if len(s.Cosmic.Pending) > 0 {
				forms++
				s.Cosmic.Pending = nil
			}
		}
	}
	se := math.Sqrt(want * (1 - want) / float64(trials))
	got := float64(forms) / float64(trials)
	assert.InDelta(t, want, got, 4*se, "IP4.22: %d rifts in %d turns", forms, trials)
}

// IP4.22, IP4.62: with one formation die a side forms on 1 or 6 (1/3);
// when both sides do, no rift forms: the chance is 2 x 1/3 x 2/3.
func TestRiftFormationBothRollNone(t *testing.T) {
	s := newTestState(t, ship("a", "blue", "fed-cruiser", Hex{}, DirA, 0), ship("z", "red", "kor-raider", Hex{Q: 5}, DirA, 0))
	s.Ruleset.RiftDice.Formation = 1
	n, forms, none := 20000, 0, 0
	for range n {
		evs := s.cosmicStartOfTurn()
		if len(s.Cosmic.Pending) > 0 {
			forms++
			s.Cosmic.Pending = nil
		}
		if len(clauseEvents(evs, "IP4.22")) > 0 && strings.Contains(clauseEvents(evs, "IP4.22")[0].Text, "no cosmic rift") {
			none++
		}
	}
	want := 2.0 / 3 * 2 / 3
	se := math.Sqrt(want * (1 - want) / float64(n))
	assert.InDelta(t, want, float64(forms)/float64(n), 4*se, "IP4.62: formation dice")
	assert.InDelta(t, 1.0/9, float64(none)/float64(n), 4*math.Sqrt(1.0/9*8/9/float64(n)), "IP4.22: both rolled: none")
}

// formOne runs start-of-turn rolls with one formation die until blue
// alone rolls for a rift, then returns its pending rift.
func formOne(t *testing.T, s *State) PendingRift {
	t.Helper()
	s.Ruleset.NoCosmicRifts = false
	s.Ruleset.RiftDice.Formation = 1
	for range 1000 {
		s.cosmicStartOfTurn()
		if len(s.Cosmic.Pending) == 1 && s.Cosmic.Pending[0].Side == "blue" {
			return s.Cosmic.Pending[0]
		}
		s.Cosmic.Pending = nil
	}
	t.Fatal("no rift rolled")
	return PendingRift{}
}

// IP4.23, IP4.231, IP4.232, IP4.25: the generator rolls 3d6 impulses of
// delay (secret), then at formation a die for direction and 3d6 for range
// from its largest unit (secret), and 6d6 x 32 impulses of lifetime, in
// public. The delay counts real impulses under 6 and 32 per turn.
func TestRiftFormsAfterDelay(t *testing.T) {
	for _, n := range []int{6, 32} {
		s := cosmicState(t, ship("big", "blue", "fed-cruiser", Hex{Q: 3}, DirA, 0),
			ship("small", "blue", "fed-frigate", Hex{Q: -40}, DirA, 0),
			ship("z", "red", "kor-raider", Hex{Q: 200}, DirA, 0))
		s.Ruleset.ImpulsesPerTurn = n
		p := formOne(t, s)
		now := s.Clock.absoluteImpulse(n)
		delay := p.At - now
		assert.True(t, delay >= 3 && delay <= 18, "IP4.231: 3d6 impulses, got %d", delay)
		// The impulse before: nothing.
		s.Clock = clockAt(p.At-1, n, StepInvoluntary)
		s.cosmicInvoluntary()
		require.Empty(t, s.Cosmic.Rifts, "IP4.231: not before its impulse")
		s.Clock = clockAt(p.At, n, StepInvoluntary)
		evs := s.cosmicInvoluntary()
		require.Len(t, s.Cosmic.Rifts, 1, "IP4.231: it forms on its impulse")
		r := s.Cosmic.Rifts[0]
		rolls := clauseEvents(evs, "IP4.232")
		require.GreaterOrEqual(t, len(rolls), 2)
		dir, rng := rolls[0].Roll, rolls[1].Roll
		require.NotNil(t, dir)
		require.NotNil(t, rng)
		assert.Equal(t, 3, rng.Dice.N, "IP4.232: 3 dice for range")
		assert.Equal(t, Only("blue"), rolls[0].Audience, "IP4.23: the generator's own rolls")
		want := Hex{Q: 3}.Add(directionFromDie(dir.Total).Vector().Scale(rng.Total))
		assert.Equal(t, want, r.Hex, "IP4.232: from the largest unit")
		life := clauseEvents(evs, "IP4.25")
		require.NotEmpty(t, life)
		require.NotNil(t, life[0].Roll)
		assert.Equal(t, 6, life[0].Roll.Dice.N)
		assert.True(t, life[0].Audience.IsPublic(), "IP4.25: the lifetime roll is not secret")
		assert.Equal(t, life[0].Roll.Total*32, r.Lifetime, "IP4.25: total x 32 impulses")
		assert.Equal(t, p.At, r.FormedAt)
		// IP4.17: it never moves.
		h := r.Hex
		s.Clock = clockAt(p.At+40, n, StepInvoluntary)
		s.cosmicInvoluntary()
		assert.Equal(t, h, s.Cosmic.Rifts[0].Hex, "IP4.17: a rift never moves")
	}
}

// IP4.232: the largest unit is by size class, then BPV, movement cost,
// turn mode, then warp energy.
func TestLargestUnit(t *testing.T) {
	mk := func(id UnitID, c ClassID) *Unit {
		u := ship(id, "blue", c, Hex{}, DirA, 0)
		u.Ship = newShipState(lookupClass(c), 0)
		return &u
	}
	base, cru, bc, dd, ff := mk("b", "vel-starbase"), mk("c", "fed-cruiser"), mk("k", "kor-battlecruiser"), mk("d", "fed-destroyer"), mk("f", "fed-frigate")
	assert.Negative(t, largerUnit(base, cru), "size class 1 beats 3")
	assert.Negative(t, largerUnit(bc, cru), "same size class: BPV 135 beats 125")
	assert.Negative(t, largerUnit(dd, ff), "same size class: BPV 70 beats 55")
	c2 := mk("c2", "fed-cruiser")
	assert.Negative(t, largerUnit(cru, c2), "identical: by id")
	c2.Ship.Boxes[SysLeftWarp] = 0
	assert.Negative(t, largerUnit(c2, cru)*-1, "fewer warp boxes is smaller")
}

// IP4.233: no rift within 50 hexes of point terrain. IP4.29: none within
// 300 hexes of a rift of the last 300 turns.
func TestRiftPlacementRefused(t *testing.T) {
	s := cosmicState(t, ship("big", "blue", "fed-cruiser", Hex{}, DirA, 0), ship("z", "red", "kor-raider", Hex{Q: 500}, DirA, 0))
	s.Maps[0].Terrain = &Terrain{Features: []Feature{{ID: "sun", Kind: FeatureStar, Hex: Hex{Q: 30}}}}
	s.reindex()
	evs := s.formRift("blue", "")
	assert.Empty(t, s.Cosmic.Rifts, "IP4.233")
	assert.NotEmpty(t, clauseEvents(evs, "IP4.233"))

	s = cosmicState(t, ship("big", "blue", "fed-cruiser", Hex{}, DirA, 0), ship("z", "red", "kor-raider", Hex{Q: 500}, DirA, 0))
	s.Clock.Turn = 10
	openRift(s, Hex{Q: 250}, 64).Formed.Turn = 5
	s.Cosmic.Rifts[0].Closed = true
	evs = s.formRift("blue", "")
	assert.Len(t, s.Cosmic.Rifts, 1, "IP4.29: within 300 hexes and 300 turns")
	assert.NotEmpty(t, clauseEvents(evs, "IP4.29"))
	s.Clock.Turn = 306
	s.formRift("blue", "")
	assert.Len(t, s.Cosmic.Rifts, 2, "IP4.29: 300 turns later it may form")
}

// IP4.16, IP4.24, IP4.32, IP4.33, IP4.35, IP4.412-417, IP4.421, IP4.431,
// IP4.432, IP4.441-444, IP4.26: the first unit in rolls the chart and row;
// the destination comes into play with its defenders at DEFEND, keeping
// their places relative to the relocated fixed base; the unit appears at
// PORT on the same impulse with its speed and facing; the lifetime is cut
// by its one-hex movement cost rounded up.
func TestRiftDisplacement(t *testing.T) {
	s := cosmicState(t, ship("scout", "blue", "vel-corvette", Hex{R: 1}, DirA, 6),
		ship("kest", "blue", "fed-frigate", Hex{R: 2}, DirA, 6),
		ship("z", "red", "kor-raider", Hex{Q: 40}, DirA, 0))
	r := openRift(s, Hex{}, 640)
	evs := move(t, s, 1, MovePlan{Unit: "scout", Steps: fwd(1)})
	u := s.Unit("scout")
	assert.Equal(t, MapID("yard"), u.Map, "IP4.16, IP4.24: displaced to the destination")
	assert.Equal(t, Hex{}, u.Hex, "IP4.32, IP4.421: at PORT")
	assert.Equal(t, DirA, u.Facing, "IP4.33, IP4.35: facing kept")
	assert.Equal(t, 6, u.Speed, "IP4.33: speed kept")
	assert.NotEmpty(t, clauseEvents(evs, "IP4.24"))
	assert.Equal(t, 1, clauseEvents(evs, "IP4.24")[0].Clock.Impulse, "IP4.432: on the impulse it entered")
	chart := clauseEvents(evs, "IP4.412")
	require.Len(t, chart, 2, "IP4.412: 2d6 chart, 2d6 row")
	assert.Equal(t, TwoD6, chart[0].Roll.Dice)
	assert.Equal(t, UnitID("scout"), chart[0].Unit, "IP4.412: rolled by the first unit in")
	notes := clauseEvents(evs, "IP4.417")
	require.Len(t, notes, 1)
	assert.Contains(t, notes[0].Text, "the watch wakes", "IP4.417: the notes")
	rr := s.Cosmic.Rifts[0]
	assert.Equal(t, "yard", rr.DestScenario, "IP4.414: the scenario")
	assert.Equal(t, Hex{}, rr.Port, "IP4.415: the port")
	// IP4.441-444: the defenders are the destination's own units on a
	// side of their own; DEFEND places the base, the guard keeps its place.
	base, guard := s.Unit("yard.base"), s.Unit("yard.guard")
	require.NotNil(t, base)
	require.NotNil(t, guard)
	assert.Equal(t, Hex{R: -4}, base.Hex, "IP4.416, IP4.442: the main unit at DEFEND")
	assert.Equal(t, Hex{Q: 2, R: -6}, guard.Hex, "IP4.443: orientation to the relocated base kept")
	assert.Equal(t, DirB, guard.Facing, "IP4.443")
	sd, ok := s.Side("yard.wardens")
	require.True(t, ok, "IP4.441: the defender side")
	assert.Equal(t, MapID("yard"), sd.Destination, "IP4.444: the destination gives its defenders, no race chart")
	assert.Equal(t, []SideID{"yard.wardens"}, s.destinationSides())
	assert.Equal(t, MapID("main"), u.Cross.Home, "IP4.431: the unit is an attacker from main")
	assert.Equal(t, 2, r.Cut, "IP4.26: a corvette's one-hex cost 6 x 0.25 = 1.5, rounded up")
	_ = r
	// IP4.436, IP4.435: the next unit in joins it without a new roll.
	evs = move(t, s, 2, MovePlan{Unit: "kest", Steps: fwd(2)})
	assert.Equal(t, MapID("yard"), s.Unit("kest").Map, "IP4.436: a reinforcement")
	assert.Empty(t, clauseEvents(evs, "IP4.412"), "IP4.412: later entrants share the destination")
	assert.Equal(t, 4, s.Cosmic.Rifts[0].Cut, "IP4.26: a frigate's 6 x 1/3 = 2")
	n := 0
	for _, x := range s.Units {
		if x.Map == "yard" && x.Side == "blue" {
			n++
		}
	}
	assert.Equal(t, 2, n, "IP4.435: only the units that went through")
}

// IP4.14: a unit tractored into the rift hex is transferred and the beam
// breaks; so is a unit displaced into it.
func TestRiftTractorAndDisplaced(t *testing.T) {
	s := cosmicState(t, ship("tug", "blue", "vel-corvette", Hex{R: 2}, DirA, 6),
		ship("tow", "red", "kor-raider", Hex{R: 1}, DirA, 0),
		ship("far", "red", "kor-raider", Hex{Q: 5}, DirA, 0))
	s.Unit("tug").Gear.Tractor = "tow"
	openRift(s, Hex{}, 640)
	move(t, s, 1, MovePlan{Unit: "tug", Steps: fwd(1)})
	assert.Equal(t, MapID("yard"), s.Unit("tow").Map, "IP4.14: tractored in, transferred")
	assert.Equal(t, MapID("main"), s.Unit("tug").Map)
	assert.Empty(t, s.Unit("tug").Gear.Tractor, "IP4.14: the beam does not hold through the rift")

	f := s.Unit("far")
	s.setHex(f, Hex{})
	s.cosmicEnterHex(f)
	assert.Equal(t, MapID("yard"), f.Map, "IP4.14: displaced into the rift hex, transferred")
}

// IP4.15: no fire through a rift hex; the rift breaks lock-ons: seekers
// on or guided by a displaced unit fly on ballistic; Type-III drones and
// ballistic seekers pass through without effect.
func TestRiftBlocksFireAndLockOn(t *testing.T) {
	s := cosmicState(t, ship("a", "blue", "fed-cruiser", Hex{R: 3}, DirA, 0),
		ship("z", "red", "kor-raider", Hex{R: -3}, DirA, 0))
	arm(s.Unit("a"))
	require.NoError(t, s.checkShot(s.Unit("a"), 0, s.Unit("z")))
	openRift(s, Hex{}, 640)
	err := s.checkShot(s.Unit("a"), 0, s.Unit("z"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "IP4.15")

	s = cosmicState(t, ship("a", "blue", "vel-corvette", Hex{R: 1}, DirA, 6),
		ship("z", "red", "kor-raider", Hex{Q: 8}, DirA, 0))
	openRift(s, Hex{}, 640)
	drone := lookupClass("drone")
	s.addUnit(Unit{ID: "z.d", Side: "red", Class: "drone", Kind: KindDrone, Status: StatusOnMap, Map: "main", Hex: Hex{Q: 4},
		Speed: drone.MaxSpeed, Gear: Gear{Target: "a", Guide: "z"}, Ship: newShipState(drone, drone.MaxSpeed)})
	move(t, s, 1, MovePlan{Unit: "a", Steps: fwd(1)})
	assert.Empty(t, s.Unit("z.d").Gear.Target, "IP4.15: the seeker on a displaced unit loses its lock-on")

	// A Type-III drone and a ballistic one fly through the rift hex.
	for _, g := range []Gear{{TypeIII: true, Target: "tgt"}, {}} {
		s = cosmicState(t, ship("tgt", "blue", "fed-cruiser", Hex{R: -8}, DirA, 0), ship("z", "red", "kor-raider", Hex{Q: 30}, DirA, 0))
		openRift(s, Hex{}, 640)
		s.addUnit(Unit{ID: "z.d", Side: "red", Class: "drone", Kind: KindDrone, Status: StatusOnMap, Map: "main", Hex: Hex{R: 4},
			Facing: DirA, Speed: 24, Gear: g, Ship: newShipState(drone, 24)})
		s.Clock = Clock{Turn: 1, Impulse: 1, Step: StepMovement}
		s.moveSeekers()
		d := s.Unit("z.d")
		assert.Equal(t, MapID("main"), d.Map, "IP4.15: passes through unaffected (%+v)", g)
		assert.Equal(t, Hex{R: 0}, d.Hex.Add(Hex{}), "moved its 4 hexes onto and through")
		s.Clock.Impulse = 2
		s.moveSeekers()
		assert.Equal(t, MapID("main"), s.Unit("z.d").Map)
		assert.Equal(t, 0, s.Cosmic.Rifts[0].Cut, "IP4.15: no displacement, no cut")
	}
}

// IP4.12: no web laid or cast within 50 hexes of a rift; IP4.13: the rift
// leaves terrain and mines alone; IP4.11: it is no unit and nothing can
// act on it.
func TestRiftImmuneAndWebs(t *testing.T) {
	s := cosmicState(t, ship("w", "blue", "vel-carrier", Hex{}, DirA, 0), ship("z", "red", "kor-raider", Hex{Q: 80}, DirA, 0))
	assert.NoError(t, s.riftBlocksWeb("main", []Hex{{Q: 1}}))
	openRift(s, Hex{Q: 50}, 640)
	err := s.riftBlocksWeb("main", []Hex{{Q: 1}})
	require.Error(t, err, "IP4.12")
	assert.NoError(t, s.riftBlocksWeb("main", []Hex{{Q: -1}}), "IP4.12: 51 hexes away")
	u := s.Unit("w")
	u.Ship.Battery, u.Ship.DeviceTurn = 10, 0
	werr := s.checkWeb(u, WebOrder{Unit: "w", Hexes: []Hex{{Q: 1}}})
	require.Error(t, werr, "IP4.12: checkWeb refuses")
	assert.Contains(t, werr.Error(), "IP4.12")

	s = cosmicState(t, ship("a", "blue", "vel-corvette", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 9}, DirA, 0),
		mineAt("m", "red", Hex{}))
	s.Maps[0].Terrain = &Terrain{Features: []Feature{{ID: "p", Kind: FeaturePlanet, Hex: Hex{Q: 60}}}}
	s.reindex()
	openRift(s, Hex{}, 640)
	before := len(s.Units)
	move(t, s, 1, MovePlan{Unit: "a", Steps: fwd(1)})
	assert.Equal(t, MapID("main"), s.Unit("m").Map, "IP4.13: the mine stays")
	assert.Len(t, s.Maps[0].Terrain.Features, 1, "IP4.13: terrain untouched")
	assert.Nil(t, s.Unit("rift-1"), "IP4.11: a rift is no unit: it cannot be targeted, tractored or displaced")
	assert.Equal(t, before+2, len(s.Units), "only the destination's units were added")
	assert.Equal(t, Hex{}, s.Cosmic.Rifts[0].Hex, "IP4.11, IP4.17")
}

// IP4.36, IP4.37, IP4.38, IP4.433, IP4.434: turn mode count reset, cloak
// exposed, weapons and loads unchanged.
func TestRiftArrivalState(t *testing.T) {
	s := cosmicState(t, ship("a", "blue", "vel-carrier", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 9}, DirA, 0))
	a := s.Unit("a")
	arm(a)
	a.Ship.Mounts[4].Ammo = 1 // two drones spent before (IP4.434)
	a.Ship.Move.Straight = 5
	a.Gear.Cloak = CloakState{Fitted: true, On: true}
	mounts := slices.Clone(a.Ship.Mounts)
	openRift(s, Hex{}, 640)
	evs := move(t, s, 1, MovePlan{Unit: "a", Steps: fwd(1)})
	a = s.Unit("a")
	assert.Equal(t, MapID("yard"), a.Map)
	assert.Equal(t, 0, a.Ship.Move.Straight, "IP4.36: turn mode reset (IP4.37: TestFlywheelResetsOnExitingACosmicRift)")
	assert.False(t, a.Gear.Cloak.On, "IP4.38: cloak exposed")
	assert.NotEmpty(t, clauseEvents(evs, "IP4.38"))
	assert.Equal(t, mounts, a.Ship.Mounts, "IP4.433, IP4.434: weapons, loads and spent items unchanged")
}

// The scripted game: a corvette enters the rift, fires at the yard's
// base, and comes back; the lifetime is cut by each crossing (IP4.26),
// IP4.446 and IP4.451: it escapes by re-entering at the PORT; IP4.423:
// the floating map keeps its way home.
func TestRiftRoundTrip(t *testing.T) {
	s := cosmicState(t, ship("scout", "blue", "vel-corvette", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 40}, DirA, 0))
	r := openRift(s, Hex{}, 640)
	move(t, s, 1, MovePlan{Unit: "scout", Steps: fwd(1)})
	require.Equal(t, MapID("yard"), s.Unit("scout").Map)
	assert.Equal(t, 2, r.Cut)
	// Fight: the scout shoots the base four hexes ahead.
	arm(s.Unit("scout"))
	base := s.Unit("yard.base")
	shieldsBefore := base.Ship.Shields
	atFire(s)
	require.Contains(t, s.Pending(), SideID("blue"))
	var evs []Event
	for guard := 0; guard < 10 && len(s.Pending()) > 0 && s.Clock.Step == StepDirectFire; guard++ {
		sd := s.Pending()[0]
		c := Command{Kind: s.Expecting(), Side: sd}
		if sd == "blue" && c.Kind == CmdFire {
			c.Shots = []Shot{{Attacker: "scout", Mount: 0, Target: "yard.base"}}
		}
		evs = append(evs, mustApply(t, s, c)...)
	}
	fired := false
	for _, e := range evs {
		if e.Kind == EventFire && strings.Contains(e.Text, "scout") {
			fired = true
		}
	}
	assert.True(t, fired, "the scout fights at the destination")
	_ = shieldsBefore
	// Out of the port and back in.
	move(t, s, 2, MovePlan{Unit: "scout", Steps: fwd(1)})
	assert.Equal(t, Hex{R: -1}, s.Unit("scout").Hex)
	assert.True(t, s.Unit("scout").Away(), "IP4.423: away, with its way home kept")
	move(t, s, 3, MovePlan{Unit: "scout", Steps: append(steps(OpTurnRight, OpTurnRight, OpTurnRight), fwd(1)...)})
	u := s.Unit("scout")
	assert.Equal(t, MapID("main"), u.Map, "IP4.451: home by re-entering")
	assert.Equal(t, Hex{}, u.Hex, "at the origin rift hex")
	assert.Equal(t, DirD, u.Facing)
	assert.False(t, u.Away())
	assert.Equal(t, 4, s.Cosmic.Rifts[0].Cut, "IP4.26: cut on each crossing, either way")
	assert.Equal(t, 640-4, s.Cosmic.Rifts[0].closesAt()-s.Cosmic.Rifts[0].FormedAt)

	// IP4.446: a defender goes the other way and becomes an attacker in
	// the origin; IP4.437: attackers disengage only through the rift.
	g := s.Unit("yard.guard")
	s.setHex(g, Hex{R: 1})
	g.Facing = DirA
	move(t, s, 4, MovePlan{Unit: "yard.guard", Steps: fwd(1)})
	g = s.Unit("yard.guard")
	assert.Equal(t, MapID("main"), g.Map, "IP4.446")
	assert.Equal(t, MapID("yard"), g.Cross.Home)
	err := s.checkWithdrawal(g, Declaration{Unit: g.ID, Withdraw: true}, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "IP4.437")
}

// IP4.27, IP4.452: units away when the rift closes are trapped and count
// as destroyed (IP4.34 is TestDestinationBeginsWhenTheRiftForms).
func TestRiftTrapped(t *testing.T) {
	s := cosmicState(t, ship("scout", "blue", "vel-corvette", Hex{R: 1}, DirA, 6),
		ship("home", "blue", "fed-cruiser", Hex{Q: -30}, DirA, 0),
		ship("z", "red", "kor-raider", Hex{Q: 40}, DirA, 0))
	openRift(s, Hex{}, 64)
	move(t, s, 1, MovePlan{Unit: "scout", Steps: fwd(1)})
	r := &s.Cosmic.Rifts[0]
	s.Clock = clockAt(r.closesAt()-1, 6, StepInvoluntary)
	s.cosmicInvoluntary()
	assert.False(t, r.Closed)
	s.Clock = clockAt(r.closesAt(), 6, StepInvoluntary)
	evs := s.cosmicInvoluntary()
	assert.True(t, r.Closed, "IP4.25: its time is up")
	assert.True(t, s.Unit("scout").Cross.Trapped, "IP4.27: trapped in the exit scenario")
	assert.NotEmpty(t, clauseEvents(evs, "IP4.452"))
	o := s.Outcome()
	assert.Equal(t, 1, o.Sides[0].Trapped)
	assert.Equal(t, 1, o.Sides[0].Destroyed, "IP4.452: counted destroyed")
	assert.Equal(t, 40, o.Sides[0].Lost)
	v := s.View("blue")
	for _, uv := range v.Units {
		if uv.ID == "scout" {
			assert.True(t, uv.Trapped)
		}
	}
	assert.Empty(t, v.Rifts, "a closed rift is not drawn")
}

// IP4.31, IP4.311-316: units within 150 hexes of either end roll two
// separate 2d6 each turn; turns since formation minus the roll picks the
// row, results below 1 counting as 1; lifetime cuts do not count; row 1
// halves warp power and loses lock-on: the unit keeps guiding seekers in
// flight but launches no more (IP4.314).
func TestRiftRadiation(t *testing.T) {
	assert.Equal(t, 1, radiationRow(1, 7), "IP4.311: negative is turn 1")
	assert.Equal(t, 3, radiationRow(10, 7))
	assert.Equal(t, 6, radiationRow(40, 2))
	for i := 1; i < len(radiationWarpChart); i++ {
		a, b := radiationWarpChart[i-1], radiationWarpChart[i]
		assert.GreaterOrEqual(t, a[0]*b[1], b[0]*a[1], "P7.1 house chart monotone")
		assert.GreaterOrEqual(t, radiationSensorChart[i-1].Shift, radiationSensorChart[i].Shift, "P7.2 house chart monotone")
	}
	assert.Equal(t, [2]int{0, 1}, radiationWarpChart[4], "no effect from row 5")
	assert.Equal(t, 0, radiationSensorChart[4].Shift)

	mk := func(cut int) (*State, []Event) {
		s := cosmicState(t, ship("near", "blue", "fed-cruiser", Hex{Q: 150}, DirA, 0),
			ship("far", "red", "kor-raider", Hex{Q: 151}, DirA, 0),
			ship("yonder", "red", "kor-raider", Hex{Q: -100}, DirA, 0))
		s.Clock = Clock{Turn: 1, Impulse: 1, Step: StepInvoluntary}
		r := openRift(s, Hex{}, 6400)
		r.Cut = cut
		return s, s.cosmicInvoluntary()
	}
	s, evs := mk(0)
	warp, sens := clauseEvents(evs, "IP4.312"), clauseEvents(evs, "IP4.313")
	// The destination began when the rift formed (IP4.34): its two
	// defenders by the port roll as well (IP4.31: in both scenarios).
	require.Len(t, warp, 4, "IP4.31, IP4.315: one warp roll per unit in range")
	require.Len(t, sens, 4, "IP4.315: and a separate sensor roll")
	for _, e := range warp {
		assert.NotEqual(t, UnitID("far"), e.Unit, "151 hexes: out of range")
		assert.Equal(t, Only(e.Side), e.Audience)
	}
	// IP4.316: a cut lifetime rolls the same.
	_, evs2 := mk(600)
	for i := range warp {
		assert.Equal(t, warp[i].Roll.Total, clauseEvents(evs2, "IP4.312")[i].Roll.Total, "IP4.316")
	}
	// No second roll in the same turn.
	assert.Empty(t, clauseEvents(s.cosmicInvoluntary(), "IP4.312"), "IP4.311: once per turn")
	// Row 1 effects.
	n := s.Unit("near")
	full := n.Ship.Power() + n.Ship.Radiation.WarpLoss
	s.applyRadiation(n, 1, 1)
	assert.Equal(t, (warpBoxes(n)+1)/2, n.Ship.Radiation.WarpLoss, "IP4.312: row 1 halves warp power")
	assert.Equal(t, full-n.Ship.Radiation.WarpLoss, n.Ship.Power())
	y := s.Unit("yonder")
	s.setHex(y, Hex{Q: 150, R: -5})
	assert.Error(t, s.checkLockOn(n, y), "IP4.313: lock-on lost")
	assert.Equal(t, fireModifier(n, y)+2, s.shotModifier(n, y), "IP4.313: sensor shift on fire")
	c := lookupClass("fed-cruiser")
	rack := slices.IndexFunc(c.Mounts, func(m Mount) bool { w, _ := LookupWeapon(m.Weapon); return w.Seeking() })
	if rack >= 0 {
		n.Ship.Mounts[rack].Ammo = 2
		err := s.checkLaunch(n, rack, y)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "IP4.314")
	}
	drone := lookupClass("drone")
	s.addUnit(Unit{ID: "near.d", Side: "blue", Class: "drone", Kind: KindDrone, Status: StatusOnMap, Map: "main", Hex: Hex{Q: 150, R: -1},
		Speed: drone.MaxSpeed, Gear: Gear{Target: "yonder", Guide: "near"}, Ship: newShipState(drone, drone.MaxSpeed)})
	s.Clock = Clock{Turn: 1, Impulse: 2, Step: StepMovement}
	s.moveSeekers()
	assert.Equal(t, UnitID("yonder"), s.Unit("near.d").Gear.Target, "IP4.314: seekers in flight stay guided")

	// IP4.31: in both scenarios: units near the port roll too.
	s = cosmicState(t, ship("a", "blue", "vel-corvette", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 400}, DirA, 0))
	openRift(s, Hex{}, 640)
	move(t, s, 1, MovePlan{Unit: "a", Steps: fwd(1)})
	s.Clock = Clock{Turn: 2, Impulse: 1, Step: StepInvoluntary}
	evs = s.cosmicInvoluntary()
	units := map[UnitID]bool{}
	for _, e := range clauseEvents(evs, "IP4.312") {
		units[e.Unit] = true
	}
	assert.True(t, units["yard.base"] && units["yard.guard"] && units["a"], "IP4.31: both maps, %v", units)
}

// IP4.28: a side sees a rift only once one of its units comes within the
// detection range; the view then shows it with its lifetime and ring.
func TestRiftDetection(t *testing.T) {
	s := cosmicState(t, ship("a", "blue", "vel-corvette", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 30}, DirA, 0))
	s.Clock = Clock{Turn: 1, Impulse: 1, Step: StepInvoluntary}
	r := openRift(s, Hex{}, 640)
	r.Detected = nil
	s.cosmicInvoluntary()
	assert.Equal(t, []SideID{"blue", "yard.wardens"}, s.Cosmic.Rifts[0].Detected, "IP4.28: within 10 hexes, the defenders by the port too")
	assert.Len(t, s.View("blue").Rifts, 1)
	assert.Empty(t, s.View("red").Rifts, "IP4.28: 30 hexes: not detected")
	assert.Empty(t, s.View("").Rifts, "the public view waits for every side")
	s.setHex(s.Unit("z"), Hex{Q: 9})
	evs := s.cosmicInvoluntary()
	require.NotEmpty(t, clauseEvents(evs, "IP4.28"))
	assert.Equal(t, Only("red"), clauseEvents(evs, "IP4.28")[0].Audience)
	v := s.View("red")
	require.Len(t, v.Rifts, 1)
	assert.Equal(t, 640, v.Rifts[0].Remaining)
	assert.Equal(t, riftRadiationRange, v.Rifts[0].RadiationRange)
	// The destination map is listed, with unit counts, once known.
	move(t, s, 1, MovePlan{Unit: "a", Steps: fwd(1)})
	v = s.View("blue")
	require.Len(t, v.MapCounts, 2)
	assert.Equal(t, MapView{ID: "yard", Destination: true, Units: 3, Own: 1}, v.MapCounts[1])
	assert.Equal(t, MapID("yard"), v.Rifts[0].Dest)
	assert.Equal(t, 2, s.Cosmic.Rifts[0].Cut, "IP4.26")
	assert.Equal(t, s.Cosmic.Rifts[0].closesAt()-s.Clock.absoluteImpulse(6), v.Rifts[0].Remaining)
	s.Cosmic.Rifts[0].Detected = []SideID{"blue"}
	vr := s.View("red")
	assert.Len(t, vr.Maps, 1, "red knows no destination")
	for _, u := range vr.Units {
		assert.Equal(t, MapID("main"), u.Map)
	}
	vw := s.View("yard.wardens")
	assert.NotNil(t, vw.Map("yard"), "the defenders see their own map")
}

// IP4.51-54: a rift forming in an ion storm is a cosmic storm: everything
// inside goes to the destination, terrain too, the storm and the rift
// vanish, and the units' owners see them on their old map for 16 turns.
func TestCosmicStorm(t *testing.T) {
	s := cosmicState(t, ship("big", "blue", "fed-cruiser", Hex{}, DirA, 0),
		ship("in", "red", "kor-raider", Hex{Q: 200, R: 2}, DirA, 0),
		ship("out", "red", "kor-raider", Hex{Q: 400}, DirA, 0))
	s.Maps[0].Terrain = &Terrain{
		Regions:  []Region{{ID: "squall", Kind: RegionIonStorm, Shape: DiscShape(Hex{}, 30)}},
		Features: []Feature{{ID: "pebble", Kind: FeatureMoon, Hex: Hex{Q: 200}}},
	}
	s.reindex()
	s.setHex(s.Unit("in"), Hex{Q: 5})
	evs := s.formRift("blue", "")
	require.Len(t, s.Cosmic.Rifts, 1)
	r := s.Cosmic.Rifts[0]
	assert.True(t, r.Storm, "IP4.51")
	assert.NotEmpty(t, clauseEvents(evs, "IP4.51"))
	assert.Equal(t, MapID("yard"), s.Unit("in").Map, "IP4.52: everything inside transfers")
	assert.Equal(t, MapID("yard"), s.Unit("big").Map)
	assert.Equal(t, MapID("main"), s.Unit("out").Map)
	assert.Equal(t, s.Unit("in").Hex.sub(s.Unit("big").Hex), Hex{Q: 5}, "places relative to each other kept")
	assert.Empty(t, s.Maps[0].Terrain.Regions, "IP4.54: the ion storm vanishes")
	assert.True(t, r.Closed, "IP4.54: and the rift")
	assert.Equal(t, MapID("main"), s.Unit("in").Cross.Believes, "IP4.53")
	v := s.View("red")
	for _, u := range v.Units {
		if u.ID == "in" {
			assert.Equal(t, MapID("main"), u.Believes, "IP4.53: its owner's view keeps the old map")
		}
	}
	s.Clock.Turn = 1 + riftUnawareTurns
	evs = s.cosmicStartOfTurn()
	assert.NotEmpty(t, clauseEvents(evs, "IP4.53"))
	assert.Empty(t, s.Unit("in").Cross.Believes, "IP4.53: after 16 turns they know")
}

// IP4.422: every map is floating: a unit at the destination may go far
// from the port and still come back through it.
func TestRiftFloatingMaps(t *testing.T) {
	s := cosmicState(t, ship("a", "blue", "vel-corvette", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 40}, DirA, 0))
	openRift(s, Hex{}, 640)
	move(t, s, 1, MovePlan{Unit: "a", Steps: fwd(1)})
	a := s.Unit("a")
	s.setHex(a, Hex{Q: 5000, R: -5000})
	assert.Equal(t, MapID("yard"), a.Map, "IP4.422: no edge to fall off")
	s.setHex(a, Hex{R: 1})
	a.Facing = DirA
	move(t, s, 2, MovePlan{Unit: "a", Steps: fwd(1)})
	assert.Equal(t, MapID("main"), s.Unit("a").Map)
}

// The whole turn machine with rifts on: seeded games stay deterministic
// and restore from a save. IP4.21: at the beginning of every turn each
// side of the scenario rolls four dice, in public, and nothing else rolls
// under that clause. IP4.62: with the formation dice cut to one, rifts
// form often enough that the eight turns see one.
func TestRiftGameDeterministic(t *testing.T) {
	tests := []struct {
		name      string
		formation int // formation dice; 0 for the seed's four
		dice      int
		wantRift  bool
	}{
		{"IP4.21/the seed's four dice", 0, 4, false},
		{"IP4.62/one formation die", 1, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			play := func() (*State, []Event) {
				s := cosmicState(t, ship("a", "blue", "fed-cruiser", Hex{}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 6}, DirD, 6))
				s.Ruleset.NoCosmicRifts = false
				s.Ruleset.RiftDice.Formation = tt.formation
				evs := s.Advance()
				for guard := 0; guard < 100000 && s.Clock.Turn < 9; guard++ {
					p := s.Pending()
					if len(p) == 0 {
						evs = append(evs, s.Advance()...)
						continue
					}
					evs = append(evs, mustApply(t, s, s.Legal(p[0])[0])...)
				}
				return s, evs
			}
			a, evs := play()
			b, _ := play()
			assert.Equal(t, a.Hash(), b.Hash())
			rolls := map[int][]SideID{}
			for _, e := range evs {
				if e.Clause != "IP4.21" {
					continue
				}
				require.NotNil(t, e.Roll, "IP4.21: %s is not a roll", e.Text)
				assert.Len(t, e.Roll.Faces, tt.dice, "IP4.21: %s", e.Text)
				assert.Equal(t, StepStartOfTurn, e.Clock.Step, "IP4.21: at the beginning of the turn")
				assert.True(t, e.Audience.IsPublic(), "IP4.21: the formation rolls are public")
				rolls[e.Clock.Turn] = append(rolls[e.Clock.Turn], e.Side)
			}
			for turn := 1; turn <= 8; turn++ {
				assert.Equal(t, []SideID{"blue", "red"}, rolls[turn], "IP4.21: each player rolls on turn %d", turn)
			}
			if tt.wantRift {
				require.NotEmpty(t, a.Cosmic.Rifts, "IP4.62: with one formation die a rift forms within 8 turns")
			}
			back := new(State)
			data, err := json.Marshal(a)
			require.NoError(t, err)
			require.NoError(t, back.UnmarshalJSON(data))
			assert.Equal(t, a.Hash(), back.Hash(), "a saved game with rifts restores")
		})
	}
}

// IP4.16, IP4.441: through the whole turn machine: a ship flying straight
// enters a rift, the destination's defender side comes into play and is
// asked for its commands like any side, and the game goes on.
func TestRiftInTheTurnMachine(t *testing.T) {
	s := cosmicState(t, ship("a", "blue", "fed-cruiser", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 30}, DirD, 6))
	openRift(s, Hex{R: -3}, 6400)
	straight := func(cs []Command) Command {
		for _, c := range cs {
			if c.Kind == CmdMove && c.Move != nil && c.Move.Unit == "a" {
				ok := true
				for _, st := range c.Move.Steps {
					ok = ok && st.Op == OpForward
				}
				if ok {
					return c
				}
			}
		}
		return cs[0]
	}
	asked := map[SideID]bool{}
	s.Advance()
	for guard := 0; guard < 5000 && s.Clock.Turn < 4; guard++ {
		p := s.Pending()
		if len(p) == 0 {
			s.Advance()
			continue
		}
		asked[p[0]] = true
		cs := s.Legal(p[0])
		require.NotEmpty(t, cs, "%s at %s", p[0], s.Clock)
		mustApply(t, s, straight(cs))
	}
	assert.Equal(t, MapID("yard"), s.Unit("a").Map, "IP4.16")
	assert.True(t, asked["yard.wardens"], "IP4.441: the defenders play their turns")
	assert.Equal(t, 4, s.Clock.Turn, "the game goes on")
}

// A scenario's open rifts are open from the start, known to every side,
// and lead, cut, close and trap as a rolled rift does; a lifetime out of
// range or a place in an ion storm is refused.
func TestOpenRiftsAtTheStart(t *testing.T) {
	su := testSetup(ship("scout", "blue", "vel-corvette", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 40}, DirA, 0))
	su.Ruleset.NoCosmicRifts = true
	su.RiftCharts = []RiftChart{{Lo: 2, Hi: 12, Rows: []RiftChartRow{{Lo: 2, Hi: 12, Scenario: "yard", Port: Hex{}, Defend: Hex{R: -4}}}}}
	su.Destinations = []Destination{yardSetup()}
	su.OpenRifts = []OpenRift{{Hex: Hex{}, Lifetime: 60}}
	s, err := NewState(su, 5)
	require.NoError(t, err)
	require.Len(t, s.Cosmic.Rifts, 1)
	r := s.Cosmic.Rifts[0]
	assert.Equal(t, "rift-1", r.ID)
	assert.Equal(t, MapID("main"), r.Map)
	assert.Equal(t, 61, r.closesAt(), "IP4.25: open in impulses 1 to 60, closing in impulse 61")
	for _, sd := range []SideID{"blue", "red"} {
		v := s.View(sd)
		require.Len(t, v.Rifts, 1, "every side knows where %s is", r.ID)
		assert.Equal(t, 60, v.Rifts[0].Remaining)
	}
	assert.False(t, ownView(s, "blue", "scout").Crossed)
	move(t, s, 1, MovePlan{Unit: "scout", Steps: fwd(1)})
	assert.Equal(t, MapID("yard"), s.Unit("scout").Map, "IP4.24: displaced to the charted destination")
	assert.True(t, ownView(s, "blue", "scout").Crossed, "its owner knows it went through")
	for _, uv := range s.View("red").Units {
		assert.False(t, uv.Crossed, "only its owner is told")
	}
	assert.Equal(t, 2, s.Cosmic.Rifts[0].Cut, "IP4.26")
	s.Clock = clockAt(s.Cosmic.Rifts[0].closesAt(), 6, StepInvoluntary)
	s.cosmicInvoluntary()
	assert.True(t, s.Cosmic.Rifts[0].Closed, "IP4.25")
	assert.True(t, s.Unit("scout").Cross.Trapped, "IP4.452")

	for _, tc := range []struct {
		name string
		rift OpenRift
		want string
	}{
		{"no lifetime", OpenRift{Hex: Hex{Q: 5}}, "a lifetime of 0 impulses"},
		{"too long", OpenRift{Hex: Hex{Q: 5}, Lifetime: MaxOpenRiftLifetime + 1}, "want 1 to"},
		{"in an ion storm", OpenRift{Hex: Hex{Q: -20}, Lifetime: 30}, "IP4.51"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			su := testSetup(ship("scout", "blue", "vel-corvette", Hex{R: 1}, DirA, 6))
			su.Maps[0].Terrain = &Terrain{Regions: []Region{{ID: "storm", Kind: RegionIonStorm, Shape: DiscShape(Hex{Q: -20}, 2)}}}
			su.OpenRifts = []OpenRift{tc.rift}
			_, err := NewState(su, 1)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// ownView returns side's view of its unit id.
func ownView(s *State, side SideID, id UnitID) UnitView {
	for _, uv := range s.View(side).Units {
		if uv.ID == id {
			return uv
		}
	}
	return UnitView{}
}

// IP4.25: a rift exists for its lifetime in impulses, from the impulse it
// was created. A scenario's open rift is created with the game, so it is
// open in impulses 1 to its lifetime; a rift formed by the dice in
// impulse k is open in impulses k to k + lifetime - 1. Either way it is
// open for exactly its lifetime.
func TestRiftOpenForItsLifetime(t *testing.T) {
	const lifetime = 20
	tests := []struct {
		name  string
		setup func(su *Setup)
		start func(s *State)
		from  int // the first impulse it is open in
	}{
		{"open rift of the scenario", func(su *Setup) { su.OpenRifts = []OpenRift{{Hex: Hex{Q: -30}, Lifetime: lifetime}} }, func(*State) {}, 1},
		{"rift formed by the dice", func(*Setup) {}, func(s *State) { s.Cosmic.Pending = []PendingRift{{Side: "blue", At: 4}} }, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			su := testSetup(ship("a", "blue", "fed-cruiser", Hex{}, DirA, 0), ship("z", "red", "kor-raider", Hex{Q: 6}, DirD, 0))
			su.Ruleset.NoCosmicRifts = true
			tt.setup(&su)
			s, err := NewState(su, 3)
			require.NoError(t, err)
			tt.start(s)
			open := map[int]bool{}
			s.Advance()
			for guard := 0; guard < 100000 && s.Clock.Turn <= 6; guard++ {
				if len(s.Cosmic.Rifts) == 1 {
					r := &s.Cosmic.Rifts[0]
					if r.Lifetime != lifetime && r.Cut == 0 && !r.Closed {
						r.Lifetime = lifetime // the dice's lifetime, shortened for the test
					}
					if !r.Closed && s.Clock.Step.InImpulse() && s.Clock.Step > StepInvoluntary {
						open[s.Clock.absoluteImpulse(s.Ruleset.ImpulsesPerTurn)] = true
					}
				}
				p := s.Pending()
				if len(p) == 0 {
					s.Advance()
					continue
				}
				mustApply(t, s, s.Legal(p[0])[0])
			}
			var got []int
			for a := range 40 {
				if open[a] {
					got = append(got, a)
				}
			}
			require.NotEmpty(t, got, "the rift never opened")
			assert.Equal(t, tt.from, got[0], "IP4.25: first impulse open")
			assert.Len(t, got, lifetime, "IP4.25: open for its lifetime, impulses %v", got)
		})
	}
}

// IP4.24, IP4.14: any unit entering a rift hex is displaced, by whatever
// means it comes there: a unit re-entering from reserve onto an open
// rift's hex is transferred at once, as a tractored, displaced or
// phasing-in unit is.
func TestReentryIntoRiftHexTransfers(t *testing.T) {
	s := cosmicState(t, ship("a", "blue", "fed-cruiser", Hex{}, DirA, 0), ship("z", "red", "kor-raider", Hex{Q: 30}, DirD, 0),
		corvette("c", Hex{Q: -5}, DirA, 0))
	s.Unit("c").Status = StatusReserve
	openRift(s, Hex{Q: 1}, 600)
	s.Clock = Clock{Turn: 2, Step: StepDeclareMovement}
	s.Turn = TurnState{Entered: true, Waiting: []SideID{"blue", "red"}}
	require.Contains(t, s.ReentryHexes("c"), Hex{Q: 1}, "the rift hex lies next to the anchor")
	mustApply(t, s, Command{Kind: CmdDeclare, Side: "blue", Declarations: []Declaration{{Unit: "c", Enter: &Hex{Q: 1}, Facing: DirB}}})
	mustApply(t, s, Command{Kind: CmdDeclare, Side: "red"})
	c := s.Unit("c")
	require.True(t, c.OnMap(), "re-entered")
	assert.Equal(t, MapID("yard"), c.Map, "IP4.24: displaced by the rift it re-entered on")
	assert.Equal(t, "rift-1", c.Cross.Rift)
	assert.Equal(t, riftCost([]*Unit{c}), s.Cosmic.Rifts[0].Cut, "IP4.26: the crossing cuts the lifetime")
}

// IP4.27, IP4.452, IP4.437: units carried through a cosmic rift, and
// craft launched beyond it, are beyond it as their carrier is: trapped
// (counting as destroyed) when it closes with them away, and able to
// disengage only back through it.
func TestCarriedBeyondTheRift(t *testing.T) {
	tests := []struct {
		name   string
		launch bool // launched from the carrier beyond the rift
	}{
		{"IP4.452/carried across", false},
		{"IP4.452/launched beyond", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := cosmicState(t, ship("car", "blue", "vel-carrier", Hex{R: 1}, DirA, 6),
				ship("home", "blue", "fed-cruiser", Hex{Q: -30}, DirA, 0),
				ship("z", "red", "kor-raider", Hex{Q: 40}, DirA, 0),
				Unit{ID: "sh", Side: "blue", Class: "shuttle", Status: StatusCarried, CarriedBy: "car"})
			openRift(s, Hex{}, 640)
			move(t, s, 1, MovePlan{Unit: "car", Steps: fwd(1)})
			require.Equal(t, MapID("yard"), s.Unit("car").Map)
			require.Equal(t, MapID("yard"), s.Unit("sh").Map, "carried along")
			if tt.launch {
				s.execCraftLaunches([]Sealed{{Side: "blue", Command: Command{Kind: CmdActivity, Side: "blue", Craft: []UnitID{"sh"}}}})
				require.True(t, s.Unit("sh").OnMap(), "launched")
				err := s.checkWithdrawal(s.Unit("sh"), Declaration{Unit: "sh", Withdraw: true}, nil)
				require.Error(t, err)
				assert.Contains(t, err.Error(), "IP4.437", "disengages only back through the rift")
			}
			sh := s.Unit("sh")
			assert.True(t, sh.Away(), "IP4.27: beyond the rift")
			r := &s.Cosmic.Rifts[0]
			s.Clock = clockAt(r.closesAt(), 6, StepInvoluntary)
			s.cosmicInvoluntary()
			require.True(t, r.Closed)
			assert.True(t, s.Unit("car").Cross.Trapped, "IP4.452: the carrier")
			assert.True(t, s.Unit("sh").Cross.Trapped, "IP4.452: and what it took across")
		})
	}
}

// IP4.26: each displacement cuts the lifetime by the total one-hex
// movement cost of the units displaced, fractions rounded up. Units move
// one at a time (X4.IMP.A), so each unit's crossing is a displacement of
// its own, with what it carries: two corvettes (1.5 each) crossing in one
// impulse cut 2 + 2, not 3; the total of a group is rounded once.
func TestRiftCutPerDisplacement(t *testing.T) {
	corv := func(id UnitID) *Unit { u := corvette(id, Hex{}, DirA, 6); return &u }
	costs := []struct {
		name  string
		units []*Unit
		want  int
	}{
		{"IP4.26/one corvette", []*Unit{corv("c1")}, 2},
		{"IP4.26/a group's total rounded once", []*Unit{corv("c1"), corv("c2")}, 3},
		{"IP4.26/a cruiser", []*Unit{{ID: "a", Class: "fed-cruiser"}}, 6},
		{"IP4.26/carrier and shuttle", []*Unit{{ID: "v", Class: "vel-carrier"}, {ID: "sh", Class: "shuttle"}}, 6},
	}
	for _, tt := range costs {
		t.Run(tt.name, func(t *testing.T) { assert.Equal(t, tt.want, riftCost(tt.units)) })
	}
	t.Run("IP4.26/two corvettes in one impulse", func(t *testing.T) {
		s := cosmicState(t, corvette("c1", Hex{R: 1}, DirA, 6), corvette("c2", Hex{R: 1}, DirA, 6),
			ship("z", "red", "kor-raider", Hex{Q: 40}, DirA, 0))
		openRift(s, Hex{}, 640)
		move(t, s, 1, MovePlan{Unit: "c1", Steps: fwd(1)})
		move(t, s, 1, MovePlan{Unit: "c2", Steps: fwd(1)})
		assert.Equal(t, MapID("yard"), s.Unit("c2").Map)
		assert.Equal(t, 4, s.Cosmic.Rifts[0].Cut, "two displacements of 2")
	})
}

// IP8.515 (decided): a phase storm lies on every map in play, each disc
// around that map's own middle hex: a destination that a cosmic rift
// brought into play is a map in play on the shared clock. A side
// sees the disc of a destination only once it knows that map (a
// destination it has not found never reaches its view).
func TestPhaseStormOnEveryMapInPlay(t *testing.T) {
	s := cosmicState(t, ship("scout", "blue", "vel-corvette", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 40}, DirA, 0))
	openRift(s, Hex{}, 640)
	move(t, s, 1, MovePlan{Unit: "scout", Steps: fwd(1)})
	require.Equal(t, MapID("yard"), s.Unit("scout").Map)
	s.Phase.Storm = &PhaseStorm{Side: "red", Start: 1, Until: 3, Range: 30}
	assert.True(t, s.InPhaseSpace("main", Hex{Q: 30}), "IP8.515: the origin's disc")
	assert.True(t, s.InPhaseSpace("yard", Hex{Q: -30}), "IP8.515: the destination's disc")
	assert.False(t, s.InPhaseSpace("yard", Hex{Q: -31}))
	discs := func(side SideID) []MapID {
		var out []MapID
		for _, d := range s.View(side).Storm.Discs {
			out = append(out, d.Map)
		}
		return out
	}
	assert.Equal(t, []MapID{"main", "yard"}, discs("blue"), "blue went there")
	assert.Equal(t, []MapID{"main"}, discs("red"), "red has not found the destination")
}

// IP4.28: a side that has not detected a rift knows nothing of what lies
// beyond it: not the destination's defenders as a side (listed, pending,
// committed or moving), not their units. Its own messages do not name a
// rift it has not detected (IP4.29 refusals).
func TestUndetectedDestinationIsNoSideOfTheViewer(t *testing.T) {
	s := cosmicState(t, ship("a", "blue", "vel-corvette", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 400}, DirA, 0))
	openRift(s, Hex{}, 640)
	move(t, s, 1, MovePlan{Unit: "a", Steps: fwd(1)}) // blue crosses: the yard opens
	require.Equal(t, []SideID{"yard.wardens"}, s.destinationSides())
	s.Turn.Sealed = append(s.Turn.Sealed, Sealed{Side: "yard.wardens", Command: Command{Side: "yard.wardens", Kind: CmdFire}})
	for _, viewer := range []SideID{"red", ""} {
		v := s.View(viewer)
		for _, sd := range v.Sides {
			assert.NotEqual(t, SideID("yard.wardens"), sd.ID, "%q sees the defenders' side", viewer)
		}
		assert.NotContains(t, v.Committed, SideID("yard.wardens"), "%q sees the defenders commit", viewer)
		assert.NotContains(t, v.Pending, SideID("yard.wardens"))
		for _, u := range v.Units {
			assert.Equal(t, MapID("main"), u.Map)
		}
	}
	vb := s.View("blue")
	_, ok := vb.Side("yard.wardens")
	assert.True(t, ok, "blue, which went there, knows the defenders")
	assert.Contains(t, vb.Committed, SideID("yard.wardens"))
	vw := s.View("yard.wardens")
	_, ok = vw.Side("yard.wardens")
	assert.True(t, ok, "the defenders know themselves")

	// IP4.29: red's rift would form near blue's, which red never detected.
	s2 := cosmicState(t, ship("big", "red", "fed-cruiser", Hex{}, DirA, 0), ship("b", "blue", "kor-raider", Hex{Q: 500}, DirA, 0))
	s2.Clock.Turn = 10
	openRift(s2, Hex{Q: 250}, 64).Formed.Turn = 5
	evs := s2.formRift("red", "")
	refusal := clauseEvents(evs, "IP4.29")
	require.NotEmpty(t, refusal)
	for _, e := range refusal {
		assert.NotContains(t, e.Text, "rift-1", "IP4.29: red is told of a rift it never detected")
	}
}

// IP4.34, IP4.442: the destination scenario begins on the turn the rift
// forms, and its defenders may move there before any attacker arrives.
// Until the first unit goes through, no side of the origin learns where
// the rift leads: not in its view, not in its log.
func TestDestinationBeginsWhenTheRiftForms(t *testing.T) {
	s := cosmicState(t, ship("a", "blue", "fed-cruiser", Hex{}, DirA, 0), ship("z", "red", "kor-raider", Hex{Q: 30}, DirD, 0))
	s.Cosmic.Pending = []PendingRift{{Side: "blue", At: 2}}
	guardAt := Hex{}
	var evs []Event
	evs = append(evs, s.Advance()...)
	for guard := 0; guard < 10000 && s.Clock.Turn < 3; guard++ {
		p := s.Pending()
		if len(p) == 0 {
			evs = append(evs, s.Advance()...)
			continue
		}
		if s.Expecting() == CmdAllocate && p[0] == "yard.wardens" && guardAt == (Hex{}) {
			guardAt = s.Unit("yard.guard").Hex
		}
		evs = append(evs, mustApply(t, s, s.Legal(p[0])[0])...)
	}
	require.Len(t, s.Cosmic.Rifts, 1, "the rift formed")
	r := s.Cosmic.Rifts[0]
	assert.Equal(t, MapID("yard"), r.Dest, "IP4.34: the destination is in play from the formation")
	assert.False(t, r.Entered, "nobody went through")
	require.NotNil(t, s.mapByID("yard"))
	assert.Contains(t, s.destinationSides(), SideID("yard.wardens"), "IP4.441: its defenders are a side of the game")
	asked := false
	for _, e := range evs {
		asked = asked || (e.Kind == EventCommit && e.Side == "yard.wardens")
	}
	assert.True(t, asked, "IP4.442: the defenders act before anyone arrives")
	assert.NotEqual(t, Hex{}, guardAt, "the defenders allocated energy on turn 2")
	assert.NotEqual(t, guardAt, s.Unit("yard.guard").Hex, "IP4.442: the guard moved, with no attacker there")
	for _, side := range []SideID{"blue", "red"} {
		v := s.View(side)
		assert.Nil(t, v.Map("yard"), "%s does not know the destination", side)
		for _, rv := range v.Rifts {
			assert.Empty(t, rv.Dest, "%s: where %s leads", side, rv.ID)
		}
		for _, sd := range v.Sides {
			assert.Empty(t, sd.Destination, "%s sees the defender side %s", side, sd.ID)
		}
		for _, u := range v.Units {
			assert.Equal(t, MapID("main"), u.Map, "%s sees a defender's unit", side)
		}
		assert.NotContains(t, v.Pending, SideID("yard.wardens"), "%s sees the defenders must act", side)
		assert.NotContains(t, v.Committed, SideID("yard.wardens"), "%s sees the defenders commit", side)
		for _, e := range Events(evs, side) {
			assert.False(t, mentions(e.Text, "yard") || strings.Contains(e.Text, "Yard"), "%s's log names the destination: %s", side, e.Text)
			assert.NotEqual(t, SideID("yard.wardens"), e.Side, "%s's log holds the defenders' events, rolls or commits: %s", side, e.Text)
			assert.False(t, strings.HasPrefix(string(e.Unit), "yard."), "%s's log holds a defender's unit: %s", side, e.Text)
		}
	}
}
