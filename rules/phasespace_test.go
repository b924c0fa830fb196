package rules

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// phaseSetup returns a two-side setup on a map centred on 0,0 with a phase
// space disc of the given radius around it.
func phaseSetup(radius int, units ...Unit) Setup {
	su := testSetup(units...)
	su.Maps = []Map{{ID: "main", Name: "Main", Terrain: &Terrain{
		Regions: []Region{{ID: "veil", Kind: RegionPhaseSpace, Name: "Veil", Shape: DiscShape(Hex{}, radius)}},
	}}}
	// These tests follow seeded phase rolls: keep the cosmic rift
	// formation rolls out of their dice stream.
	su.Ruleset.NoCosmicRifts = true
	return su
}

func newPhaseState(t testing.TB, radius int, units ...Unit) *State {
	t.Helper()
	s, err := NewState(phaseSetup(radius, units...), 7)
	require.NoError(t, err)
	return s
}

// mineAt returns a mine. hexrift has no mine class yet: a mine is a unit
// of kind mine, here on the drone's hull, at speed 0.
func mineAt(id UnitID, side SideID, h Hex) Unit {
	return Unit{ID: id, Side: side, Class: "drone", Kind: KindMine, Hex: h}
}

// atInvoluntary puts the clock at the involuntary step of an impulse.
func atInvoluntary(s *State, impulse int) {
	s.Clock = Clock{Turn: 1, Impulse: impulse, Step: StepInvoluntary}
}

// forceOut phases a unit out as a 2 or 12 would.
func forceOut(s *State, id UnitID) []Event {
	return s.phaseOut(s.Unit(id), s.gearLinked())
}

func phaseRollFor(evs []Event, id UnitID) (Roll, bool) {
	for _, e := range evs {
		if e.Kind == EventRoll && e.Clause == "IP8.21" && e.Unit == id {
			return *e.Roll, true
		}
	}
	return Roll{}, false
}

// IP8.13: phase space may be 10 to 9,000+ hexes across; membership is a
// distance test whatever the size.
func TestPhaseRegionDiameters(t *testing.T) {
	for _, radius := range []int{5, 10, 4500, 6000} {
		t.Run(fmt.Sprintf("IP8.13/radius=%d", radius), func(t *testing.T) {
			in := ship("inside", "blue", "fed-frigate", Hex{Q: radius, R: 0}, DirA, 0)
			out := ship("outside", "blue", "fed-frigate", Hex{Q: radius + 1, R: 0}, DirA, 0)
			s := newPhaseState(t, radius, in, out)
			assert.True(t, s.InPhaseSpace("main", Hex{Q: radius}))
			assert.True(t, s.InPhaseSpace("main", Hex{Q: -radius, R: radius}))
			assert.False(t, s.InPhaseSpace("main", Hex{Q: radius + 1}))
			atInvoluntary(s, 1)
			evs := s.phaseRolls()
			_, rolled := phaseRollFor(evs, "inside")
			assert.True(t, rolled, "a unit on the rim rolls")
			_, rolled = phaseRollFor(evs, "outside")
			assert.False(t, rolled, "a unit one hex out does not")
		})
	}
}

// IP8.14: phase space overlaps other terrain: a star, a gravity rift
// system and an ion storm in the same hexes stay what they are.
func TestPhaseSpaceOverlapsTerrain(t *testing.T) {
	su := phaseSetup(10, ship("a", "blue", "fed-frigate", Hex{Q: 1}, DirA, 0))
	tr := su.Maps[0].Terrain
	tr.Features = []Feature{{ID: "sun", Kind: FeatureStar, Name: "Sun", Hex: Hex{Q: 1}}}
	tr.Systems = []System{{ID: "maw", Name: "Maw", Rift: true, Shape: HexShape(Hex{Q: 1}, Hex{Q: 2})}}
	tr.Regions = append(tr.Regions, Region{ID: "ion", Kind: RegionIonStorm, Shape: DiscShape(Hex{Q: 1}, 2)})
	s, err := NewState(su, 1)
	require.NoError(t, err)
	m := s.mapByID("main").Terrain
	h := Hex{Q: 1}
	assert.True(t, s.InPhaseSpace("main", h), "IP8.14: phase space in the overlap")
	_, ok := m.FeatureAt(h)
	assert.True(t, ok)
	_, ok = m.SystemAt(h)
	assert.True(t, ok)
	assert.True(t, m.InRegion(h, RegionIonStorm))
}

// What phases and what does not: the reconciliation of IP8.11, IP8.31
// and IP8.451 (docs/RULES.md). Ships, monsters (IP8.46), shuttles and
// fighters, seeking weapons (IP8.421) and mines (IP8.47) roll; bases that
// cannot move, carried units and terrain do not.
func TestWhatPhases(t *testing.T) {
	monster := ship("monster", "red", "kor-raider", Hex{Q: 1}, DirA, 0)
	monster.Kind = KindMonster
	units := []Unit{
		ship("cruiser", "blue", "fed-cruiser", Hex{}, DirA, 0),
		monster,
		ship("shuttle", "blue", "shuttle", Hex{Q: 2}, DirA, 0),
		ship("fighter", "red", "fighter", Hex{Q: 3}, DirA, 0),
		ship("drone", "red", "drone", Hex{Q: 4}, DirA, 0),
		mineAt("mine", "red", Hex{R: 1}),
		ship("base", "red", "vel-starbase", Hex{R: 2}, DirA, 0),
		{ID: "carried", Side: "blue", Class: "shuttle", Status: StatusCarried, CarriedBy: "cruiser"},
	}
	s := newPhaseState(t, 10, units...)
	s.mapByID("main").Terrain.Features = []Feature{{ID: "sun", Kind: FeatureStar, Hex: Hex{R: 3}}}
	s.mapByID("main").Terrain.index()
	atInvoluntary(s, 1)
	evs := s.phaseRolls()
	for _, c := range []struct {
		clause string
		id     UnitID
		rolls  bool
	}{
		{"IP8.11", "cruiser", true},
		{"IP8.46", "monster", true},
		{"IP8.31", "shuttle", true},
		{"IP8.31", "fighter", true},
		{"IP8.421", "drone", true},
		{"IP8.47", "mine", true},
		{"IP8.31", "base", false},
		{"IP8.31", "carried", false},
	} {
		t.Run(c.clause+"/"+string(c.id), func(t *testing.T) {
			_, rolled := phaseRollFor(evs, c.id)
			assert.Equal(t, c.rolls, rolled)
			assert.Equal(t, c.rolls, phases(s.Unit(c.id)))
		})
	}
	t.Run("IP8.451/terrain", func(t *testing.T) {
		// Terrain never rolls and never leaves: every roll is a unit's.
		for _, e := range evs {
			if e.Kind == EventRoll {
				assert.NotEmpty(t, e.Unit)
			}
		}
		for range 200 {
			s.phaseRolls()
		}
		_, ok := s.mapByID("main").Terrain.FeatureAt(Hex{R: 3})
		assert.True(t, ok)
		assert.True(t, s.InPhaseSpace("main", Hex{}))
	})
}

// IP8.21: each unit in phase space rolls 2d6 each impulse and changes
// phase on a 2 or 12, and on nothing else; the rate is 2/36 within four
// standard errors over 50,000 rolls.
func TestPhaseToggleRate(t *testing.T) {
	const n, rounds = 1000, 50
	units := make([]Unit, n)
	for i := range units {
		units[i] = ship(UnitID(fmt.Sprintf("m%04d", i)), "blue", "fed-frigate", Hex{Q: i % 7, R: i % 5}, DirA, 0)
	}
	s := newPhaseState(t, 20, units...)
	atInvoluntary(s, 1)
	rolls, toggles := 0, 0
	for range rounds {
		before := make(map[UnitID]bool, n)
		for _, u := range s.Units {
			before[u.ID] = u.PhasedOut
		}
		evs := s.phaseRolls()
		for _, e := range evs {
			if e.Kind != EventRoll || e.Clause != "IP8.21" {
				continue
			}
			rolls++
			toggled := s.Unit(e.Unit).PhasedOut != before[e.Unit]
			require.Equal(t, PhaseToggles(e.Roll.Total), toggled, "IP8.21: %s rolled %d", e.Unit, e.Roll.Total)
			require.Equal(t, Chance{In: 2, Of: 36, Came: toggled}, e.Chance, "IP8.21: the roll records its chance to toggle")
			if toggled {
				toggles++
			}
		}
	}
	require.Equal(t, n*rounds, rolls)
	p := 2.0 / 36
	se := math.Sqrt(float64(rolls) * p * (1 - p))
	assert.InDelta(t, p*float64(rolls), float64(toggles), 4*se, "toggles %d of %d rolls", toggles, rolls)
	for total := 2; total <= 12; total++ {
		assert.Equal(t, total == 2 || total == 12, PhaseToggles(total), "IP8.21: total %d", total)
	}
}

// IP8.22: phase rolls and phase changes happen only in the involuntary
// step (6A1) of each impulse, once per impulse.
func TestPhasingOnlyInInvoluntaryStep(t *testing.T) {
	s := newPhaseState(t, 40,
		ship("a", "blue", "fed-cruiser", Hex{Q: -3}, DirB, 6),
		ship("b", "red", "kor-raider", Hex{Q: 3}, DirE, 6))
	var evs []Event
	s.Advance()
	for guard := 0; guard < 10000 && s.Clock.Turn < 4; guard++ {
		p := s.Pending()
		if len(p) == 0 {
			evs = append(evs, s.Advance()...)
			continue
		}
		evs = append(evs, mustApply(t, s, s.Legal(p[0])[0])...)
	}
	perImpulse := map[[2]int]int{}
	for _, e := range evs {
		if e.Clause == "IP8.21" {
			require.Equal(t, StepInvoluntary, e.Clock.Step, "IP8.22: %s", e)
			if e.Kind == EventRoll && e.Unit == "a" {
				perImpulse[[2]int{e.Clock.Turn, e.Clock.Impulse}]++
			}
		}
	}
	assert.Len(t, perImpulse, 3*6, "IP8.21: one roll per impulse")
	for k, c := range perImpulse {
		assert.Equal(t, 1, c, "impulse %v", k)
	}
}

// IP8.331-336: the course table.
func TestCourseTable(t *testing.T) {
	cases := []struct {
		clause string
		total  int
		turn   int
	}{
		{"IP8.331", 2, 3}, {"IP8.331", 12, 3},
		{"IP8.332", 3, 2},
		{"IP8.333", 4, 1}, {"IP8.333", 5, 1},
		{"IP8.334", 6, 0}, {"IP8.334", 7, 0}, {"IP8.334", 8, 0},
		{"IP8.335", 9, -1}, {"IP8.335", 10, -1},
		{"IP8.336", 11, -2},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/roll=%d", c.clause, c.total), func(t *testing.T) {
			assert.Equal(t, c.turn, courseTurn(c.total))
			assert.Equal(t, c.clause, clauseForCourse(c.total))
			// Facing A turned: right is clockwise.
			want := map[int]Direction{3: DirD, 2: DirC, 1: DirB, 0: DirA, -1: DirF, -2: DirE}[c.turn]
			assert.Equal(t, want, DirA.Turn(courseTurn(c.total)))
		})
	}
}

// IP8.33: a phased-out unit takes no part in the movement step: it never
// moves by a plan, so it cannot turn, sideslip, HET or maneuver; before
// each impulse it is to move it rolls the course table and goes straight
// on, whatever its turn mode. IP8.331-336 give the turn it makes.
func TestPhasedOutCourse(t *testing.T) {
	// A cruiser, turn mode D, at speed 30: 6 hexes straight between turns
	// normally, yet the course table turns it every impulse if the dice say.
	s := newPhaseState(t, 100,
		ship("ghost", "blue", "fed-cruiser", Hex{}, DirA, 30),
		ship("watcher", "red", "kor-raider", Hex{Q: 5}, DirE, 6))
	forceOut(s, "ghost")
	u := s.Unit("ghost")
	seen := map[int]bool{}
	for imp := 1; imp <= 6; imp++ {
		atInvoluntary(s, imp)
		from, facing := u.Hex, u.Facing
		evs := s.phaseDrift()
		var course Event
		for _, e := range evs {
			if e.Kind == EventRoll && strings.HasPrefix(e.Text, "course roll ghost") {
				course = e
			}
		}
		require.NotNil(t, course.Roll, "IP8.33: a course roll before moving")
		turn := courseTurn(course.Roll.Total)
		assert.Equal(t, clauseForCourse(course.Roll.Total), course.Clause)
		assert.Contains(t, course.Text, courseName(turn)+" to "+u.Facing.String()+", moves")
		seen[turn] = true
		assert.Equal(t, facing.Turn(turn), u.Facing, "IP8.33: the table's turn")
		want := from
		for range ImpulseMoves(30, imp, 6) {
			want = want.Neighbor(u.Facing)
		}
		assert.Equal(t, want, u.Hex, "then straight on")
	}
	assert.Len(t, u.Phase.Moves, 6)

	// The movement step leaves it out: no initiative roll, never the mover.
	s2 := newPhaseState(t, 100,
		ship("ghost", "blue", "fed-cruiser", Hex{}, DirA, 12),
		ship("watcher", "red", "kor-raider", Hex{Q: 5}, DirE, 6))
	forceOut(s2, "ghost")
	for _, m := range s2.movers() {
		assert.NotEqual(t, UnitID("ghost"), m.ID, "IP8.33: not a mover")
	}
	s2.Advance()
	for guard := 0; guard < 1000 && s2.Clock.Turn < 2; guard++ {
		if id, ok := s2.Mover(); ok && s2.Unit("ghost").PhasedOut {
			require.NotEqual(t, UnitID("ghost"), id)
		}
		p := s2.Pending()
		if len(p) == 0 {
			s2.Advance()
			continue
		}
		if s2.Expecting() == CmdMove && p[0] == "blue" && s2.Unit("ghost").PhasedOut {
			_, err := s2.Apply(Command{Kind: CmdMove, Side: "blue", Move: &MovePlan{Unit: "ghost",
				Steps: []MoveStep{{Op: OpHET, Facing: DirD}}}})
			require.Error(t, err, "IP8.33: no HET or plan for a phased-out unit")
		}
		mustApply(t, s2, s2.Legal(p[0])[0])
	}
}

// IP8.34: a phased-out unit cannot maneuver erratically: phasing out ends
// it, and paid impulses are not used while out.
func TestPhasedOutNoErratic(t *testing.T) {
	s := newPhaseState(t, 50, ship("ghost", "blue", "fed-frigate", Hex{}, DirA, 12))
	u := s.Unit("ghost")
	u.Ship.Erratic, u.Ship.ErraticPaid = true, 3
	forceOut(s, "ghost")
	assert.False(t, u.Ship.Erratic, "IP8.34")
	for imp := 1; imp <= 6; imp++ {
		atInvoluntary(s, imp)
		s.phaseDrift()
		assert.False(t, u.Ship.Erratic, "IP8.34")
	}
	assert.Equal(t, 3, u.Ship.ErraticPaid)
}

// IP8.12: a phased-out unit neither affects nor is affected: it cannot
// fire or be fired at, dock or be docked with, be rammed, and explosions
// do not cross phase.
func TestPhasedOutCannotAffectOrBeAffected(t *testing.T) {
	s := newPhaseState(t, 50,
		ship("ghost", "blue", "fed-cruiser", Hex{}, DirA, 0),
		ship("mate", "blue", "fed-destroyer", Hex{}, DirA, 0),
		ship("foe", "red", "kor-raider", Hex{R: -2}, DirD, 0))
	g, mate, foe := s.Unit("ghost"), s.Unit("mate"), s.Unit("foe")
	for _, u := range []*Unit{g, mate, foe} {
		for m := range u.Ship.Mounts {
			u.Ship.Mounts[m].Armed = true
		}
	}
	require.NotEmpty(t, s.possibleShots(g))
	require.True(t, canTarget(foe, g))
	forceOut(s, "ghost")
	t.Run("IP8.12/fire", func(t *testing.T) {
		assert.Empty(t, s.possibleShots(g), "cannot fire out of phase")
		assert.False(t, canTarget(foe, g), "cannot be fired at")
		assert.Error(t, s.checkShot(foe, 0, g))
	})
	t.Run("IP8.12/dock", func(t *testing.T) {
		assert.False(t, dockable(g, mate))
		assert.False(t, dockable(mate, g))
	})
	t.Run("IP8.12/ram", func(t *testing.T) {
		foe.Speed = 12
		s.Clock = Clock{Turn: 1, Impulse: 1, Step: StepMovement}
		p := MovePlan{Unit: "foe", Steps: []MoveStep{{Op: OpForward}, {Op: OpForward}}, Ram: "ghost"}
		_, err := s.checkPlan(foe, &p)
		assert.ErrorContains(t, err, `cannot ram "ghost"`, "the same answer as for no unit at all")
	})
	t.Run("IP8.12/explosion", func(t *testing.T) {
		before := g.Ship.Shields
		s.destroy(mate, "test")
		assert.Equal(t, before, g.Ship.Shields, "a normal-space explosion misses the phased-out unit")
	})
}

// IP8.121: on phase-in the unit is at once in normal space: a legal
// target in the same impulse, and the enter-hex checks of its hex run.
func TestPhaseInAppliesNormalSpaceAtOnce(t *testing.T) {
	s := newPhaseState(t, 50,
		ship("ghost", "blue", "fed-cruiser", Hex{}, DirA, 0),
		ship("foe", "red", "kor-raider", Hex{R: -2}, DirD, 0))
	entered := 0
	h := builtinHooks()
	h.EnterHex = append(h.EnterHex, moveHook{Name: "probe", Check: func(s *State, u *Unit, from, to Hex) moveOutcome {
		if u.ID == "ghost" && from == to {
			entered++
		}
		return moveOutcome{}
	}})
	s.hooks = h
	forceOut(s, "ghost")
	g, foe := s.Unit("ghost"), s.Unit("foe")
	require.False(t, canTarget(foe, g))
	atInvoluntary(s, 1)
	s.phaseIn(g, "IP8.21")
	assert.True(t, canTarget(foe, g), "IP8.121: a target at once")
	assert.Equal(t, 1, entered, "IP8.121: the hex's enter checks run")
}

// IP8.122, IP8.123: no lock-on to or from a phased-out unit.
func TestNoLockOnAcrossPhase(t *testing.T) {
	s := newPhaseState(t, 50,
		ship("ghost", "blue", "fed-cruiser", Hex{}, DirA, 0),
		ship("foe", "red", "kor-raider", Hex{R: -2}, DirD, 0))
	require.True(t, s.canLockOn("foe", "ghost"))
	require.True(t, s.canLockOn("ghost", "foe"))
	forceOut(s, "ghost")
	assert.False(t, s.canLockOn("foe", "ghost"), "IP8.122")
	assert.False(t, s.canLockOn("ghost", "foe"), "IP8.123")
	assert.Empty(t, s.possibleShots(s.Unit("ghost")), "IP8.123: it cannot affect normal space")
}

// IP8.124: a phased-out unit that leaves phase space phases in at once,
// and makes the rest of its movement as a normal unit.
func TestLeavingPhaseSpacePhasesIn(t *testing.T) {
	s := newPhaseState(t, 5, ship("ghost", "blue", "fed-frigate", Hex{R: -4}, DirA, 36))
	forceOut(s, "ghost")
	u := s.Unit("ghost")
	var evs []Event
	for imp := 1; imp <= 6 && u.PhasedOut; imp++ {
		atInvoluntary(s, imp)
		evs = append(evs, s.phaseDrift()...)
		if u.PhasedOut {
			assert.True(t, s.InPhaseSpace("main", u.Hex))
		}
	}
	require.False(t, u.PhasedOut, "at speed 36 it leaves a radius-5 disc within a turn")
	assert.False(t, s.InPhaseSpace("main", u.Hex))
	assert.LessOrEqual(t, u.Hex.Distance(Hex{}), 6, "it phased in on the first hex out")
	last := evs[len(evs)-1]
	assert.Equal(t, "IP8.124", last.Clause)
	assert.True(t, last.Audience.IsPublic())
}

// IP8.32, IP8.337: a phased-out unit vanishes from the other side's view
// and events; its owner sees a ghost with the course record; its rolls
// and path go to its owner only until it phases in, when the whole course
// is shown to everyone and leads from where it left to where it is.
func TestPhasedOutUnitLeavesNoTrace(t *testing.T) {
	wraith := ship("wraith", "blue", "fed-destroyer", Hex{Q: 40, R: -40}, DirB, 8)
	s := newPhaseState(t, 80, wraith,
		ship("anvil", "blue", "fed-cruiser", Hex{Q: -2}, DirB, 6),
		ship("hammer", "red", "kor-battlecruiser", Hex{Q: 2, R: -3}, DirE, 6),
		ship("tongs", "red", "kor-raider", Hex{Q: 4, R: -1}, DirF, 8))
	s.Unit("wraith").Ship.Shields[0] -= 4 // something to repair while out
	// After each phase-in the unit is sent out again at the next 6A1, to
	// keep it out of sight for the whole game.
	reout := false
	h := builtinHooks()
	h.Involuntary = append(h.Involuntary, stepHook{Name: "test-reout", Run: func(s *State) []Event {
		if u := s.Unit("wraith"); reout && !u.PhasedOut && u.OnMap() {
			reout = false
			return forceOut(s, "wraith")
		}
		return nil
	}})
	s.hooks = h
	s.Advance()
	forceOut(s, "wraith")
	u := s.Unit("wraith")

	checked, phaseIns, hiddenReveals := 0, 0, 0
	hidden := true
	// check looks at a batch of events in order: from the unit's public
	// phase-out to its public phase-in (which shows its whole course)
	// the other side must see nothing of it.
	check := func(evs []Event) {
		for _, e := range evs {
			if e.Unit == "wraith" && e.Kind == EventPhase && e.Audience.IsPublic() {
				switch {
				case strings.Contains(e.Text, "phases out"):
					hidden = true
				case strings.Contains(e.Text, "phases in"):
					hidden = false
					phaseIns++
					reout = true
					verifyPhaseIn(t, s, e)
				}
				continue
			}
			if !hidden {
				continue
			}
			if e.Kind == EventReveal && e.Side == "blue" && !e.Audience.IsPublic() && strings.Contains(e.Text, "wraith") {
				hiddenReveals++
			}
			for _, side := range []SideID{"red", ""} {
				if !e.VisibleTo(side) || side == "" && !e.Audience.IsPublic() {
					continue
				}
				checked++
				assert.NotEqual(t, UnitID("wraith"), e.Unit, "IP8.32: %s", e)
				assert.False(t, mentions(e.Text, "wraith"), "IP8.32: %s sees %q", side, e.Text)
				assert.NotContains(t, e.Text, u.Hex.String(), "IP8.32: %s sees the hex in %q", side, e.Text)
			}
		}
	}
	owned := 0
	for guard := 0; guard < 10000 && s.Clock.Turn < 4; guard++ {
		for _, side := range []SideID{"red", ""} {
			if !u.PhasedOut {
				break
			}
			v := s.View(side)
			for _, uv := range v.Units {
				require.NotEqual(t, UnitID("wraith"), uv.ID, "IP8.32: no marker for %q", side)
			}
			v.PhaseIns = nil // courses already revealed to all (IP8.337)
			b, err := json.Marshal(v)
			require.NoError(t, err)
			require.NotContains(t, string(b), `"wraith"`, "IP8.32: the %q view holds no marker", side)
		}
		bv := s.View("blue")
		found := false
		for _, uv := range bv.Units {
			if uv.ID == "wraith" && uv.Ghost {
				found = true
				assert.True(t, uv.Ghost, "IP8.32: a ghost to its owner")
				require.NotNil(t, uv.Phase, "IP8.337: with its record")
				assert.Equal(t, len(u.Phase.Moves), len(uv.Phase.Moves))
			}
		}
		require.Equal(t, u.PhasedOut, found)
		p := s.Pending()
		var evs []Event
		if len(p) == 0 {
			evs = s.Advance()
		} else {
			evs = mustApply(t, s, s.Legal(p[0])[0])
		}
		for _, e := range evs {
			if e.Unit == "wraith" && e.Audience.includes("blue") && !e.Audience.IsPublic() {
				owned++
			}
		}
		check(evs)
	}
	t.Logf("checked %d events, %d owner-only, %d phase-ins, %d hidden reveals, at %s", checked, owned, phaseIns, hiddenReveals, s.Clock)
	assert.Equal(t, 4, s.Clock.Turn, "three whole turns played")
	assert.Greater(t, checked, 200, "the test looked at the other side's events")
	assert.Greater(t, owned, 10, "IP8.337: the owner saw the unit's secret rolls")
	assert.Greater(t, hiddenReveals, 2, "the unit's sealed choices were revealed to its side only")
}

// verifyPhaseIn checks a public phase-in event and the course every side
// now sees (IP8.337).
func verifyPhaseIn(t *testing.T, s *State, in Event) {
	t.Helper()
	{
		// IP8.337: the whole course is shown to everyone on phase-in, and
		// it leads from the phase-out hex to where the unit is, roll by roll.
		assert.Contains(t, in.Text, "out since")
		v := s.View("red")
		require.NotEmpty(t, v.PhaseIns)
		tr := v.PhaseIns[len(v.PhaseIns)-1]
		assert.Equal(t, UnitID("wraith"), tr.Unit)
		h, f := tr.From, tr.FromFacing
		for _, m := range tr.Moves {
			f = f.Turn(courseTurn(m.Roll))
			assert.Equal(t, f, m.Facing)
			for _, step := range m.Path {
				h = h.Neighbor(f)
				assert.Equal(t, h, step)
			}
		}
		assert.Equal(t, tr.At, h, "IP8.337: the record verifies the position")
		assert.Contains(t, in.Text, "phases in at "+tr.At.String())
	}
}

// IP8.337: the course roll and path of a phased-out unit are events for
// its owner only, and the phase roll too.
func TestPhasedOutRollsAreSecret(t *testing.T) {
	s := newPhaseState(t, 50, ship("ghost", "blue", "fed-frigate", Hex{}, DirA, 12))
	forceOut(s, "ghost")
	atInvoluntary(s, 1)
	evs := s.phaseStep()
	n := 0
	for _, e := range evs {
		if e.Unit != "ghost" || strings.Contains(e.Text, "phases in") {
			continue
		}
		n++
		assert.Equal(t, []SideID{"blue"}, e.Audience.Sides, "IP8.337: %s", e)
	}
	assert.GreaterOrEqual(t, n, 2, "phase roll, course roll")
}

// Sealed choices about a phased-out unit are revealed to its side only.
func TestRevealSplitsPhasedOutChoices(t *testing.T) {
	s := newPhaseState(t, 50,
		ship("ghost", "blue", "fed-frigate", Hex{}, DirA, 6),
		ship("anvil", "blue", "fed-cruiser", Hex{Q: 3}, DirA, 6))
	forceOut(s, "ghost")
	c := Command{Kind: CmdAllocate, Side: "blue", Allocations: []Allocation{{Unit: "anvil", Movement: 6}, {Unit: "ghost", Movement: 2}}}
	evs := s.revealSealed(Sealed{Side: "blue", Command: c})
	require.Len(t, evs, 2)
	assert.True(t, evs[0].Audience.IsPublic())
	assert.NotContains(t, evs[0].Text, "ghost", "IP8.32")
	assert.Contains(t, evs[0].Text, "anvil")
	assert.Equal(t, []SideID{"blue"}, evs[1].Audience.Sides)
	assert.Contains(t, evs[1].Text, "ghost")
}

// The secrecy net: any other rule's public event about a phased-out unit
// goes to its owner only.
func TestHidePhasedNet(t *testing.T) {
	s := newPhaseState(t, 50,
		ship("ghost", "blue", "fed-frigate", Hex{}, DirA, 6),
		ship("ghost-2", "blue", "fed-frigate", Hex{Q: 1}, DirA, 6))
	forceOut(s, "ghost")
	evs := s.hidePhased([]Event{
		{Kind: EventNote, Text: "ghost does something", Audience: Public},
		{Kind: EventNote, Text: "ghost-2 does something", Audience: Public},
		{Kind: EventNote, Unit: "ghost", Text: "x", Audience: Public},
		{Kind: EventPhase, Clause: "IP8.21", Unit: "ghost", Text: "ghost phases out", Audience: Public},
	})
	assert.Equal(t, []SideID{"blue"}, evs[0].Audience.Sides)
	assert.True(t, evs[1].Audience.IsPublic(), "a longer id is another unit")
	assert.Equal(t, []SideID{"blue"}, evs[2].Audience.Sides)
	assert.True(t, evs[3].Audience.IsPublic(), "the phase rules' own events keep their audience")
}

// IP8.411-413: web hexes phase one by one; a laid web whose anchor or end
// hex leaves normal space is dropped; webs can be laid and cast in phase
// space and cast hexes phase separately; phased-out web hexes are hidden
// from the other side.
func TestWebsInPhaseSpace(t *testing.T) {
	s := newPhaseState(t, 30,
		ship("spinner", "blue", "fed-cruiser", Hex{Q: -3}, DirA, 0),
		ship("post", "blue", "fed-frigate", Hex{Q: 3}, DirA, 0))
	line := func(from, to int) []WebHex {
		var out []WebHex
		for q := from; q <= to; q++ {
			out = append(out, WebHex{Hex: Hex{Q: q}})
		}
		return out
	}
	t.Run("IP8.413/lay and cast in phase space", func(t *testing.T) {
		require.NoError(t, s.layWeb(Web{ID: "net", Side: "blue", Map: "main", Anchors: [2]string{"spinner", "post"}, Hexes: line(-2, 2)}))
		require.NoError(t, s.layWeb(Web{ID: "cast", Side: "blue", Map: "main", Cast: true, Hexes: line(5, 7)}))
		assert.True(t, s.webAt("main", Hex{}))
		assert.Error(t, s.layWeb(Web{ID: "bad", Side: "blue", Map: "main", Hexes: line(9, 10)}), "a laid web needs anchors")
	})
	t.Run("IP8.411/each hex rolls", func(t *testing.T) {
		atInvoluntary(s, 1)
		evs := s.webPhaseRolls()
		n := 0
		for _, e := range evs {
			if e.Kind == EventRoll && strings.HasPrefix(e.Text, "phase roll web") {
				n++
			}
		}
		assert.Equal(t, 5+3, n, "IP8.412: one roll per web hex")
	})
	t.Run("IP8.413/cast hexes phase separately", func(t *testing.T) {
		w := &s.Phase.Webs[len(s.Phase.Webs)-1]
		require.Equal(t, "cast", w.ID)
		differed := false
		for range 400 {
			s.webPhaseRolls()
			w = &s.Phase.Webs[len(s.Phase.Webs)-1]
			if w.Hexes[0].PhasedOut != w.Hexes[1].PhasedOut || w.Hexes[1].PhasedOut != w.Hexes[2].PhasedOut {
				differed = true
				break
			}
		}
		assert.True(t, differed, "cast web hexes are not one piece")
		// A phased-out hex affects nothing and is hidden from red.
		for i, wh := range w.Hexes {
			assert.Equal(t, !wh.PhasedOut, s.webAt("main", wh.Hex), "hex %d", i)
		}
		for _, wv := range s.View("red").Webs {
			assert.Empty(t, wv.Ghosts, "IP8.32")
			for _, h := range wv.Hexes {
				assert.True(t, s.webAt("main", h))
			}
		}
	})
	t.Run("IP8.412/anchor lost", func(t *testing.T) {
		s2 := newPhaseState(t, 30,
			ship("spinner", "blue", "fed-cruiser", Hex{Q: -3}, DirA, 0),
			ship("post", "blue", "fed-frigate", Hex{Q: 3}, DirA, 0))
		s2.mapByID("main").Terrain.Features = []Feature{{ID: "rock", Kind: FeaturePlanet, Hex: Hex{R: 4}}}
		require.NoError(t, s2.layWeb(Web{ID: "net", Side: "blue", Map: "main", Anchors: [2]string{"spinner", "post"}, Hexes: line(-2, 2)}))
		require.NoError(t, s2.layWeb(Web{ID: "rocknet", Side: "blue", Map: "main", Anchors: [2]string{"rock", "post"},
			Hexes: []WebHex{{Hex: Hex{R: 3}}, {Hex: Hex{Q: 1, R: 2}}}}))
		evs := forceOut(s2, "spinner")
		require.Len(t, s2.Phase.Webs, 1, "the web anchored on the phased-out unit is dropped")
		assert.Equal(t, "rocknet", s2.Phase.Webs[0].ID, "a planet anchor holds: terrain does not phase (IP8.451)")
		assert.Contains(t, evs[len(evs)-1].Text, "loses its anchor spinner")
		// An end hex phasing out loses the anchor too.
		s2.Phase.Webs[0].Hexes[0].PhasedOut = true
		s2.dropUnanchoredWebs()
		assert.Empty(t, s2.Phase.Webs)
	})
}

// IP8.421-424: seeking weapons roll like units; guidance cannot pass to
// or from a phased-out unit; a controlled seeker is lost when its
// controller phases out; a self-guided one loses track when it or its
// target phases out.
func TestSeekingWeaponsInPhaseSpace(t *testing.T) {
	mk := func() *State {
		s := newPhaseState(t, 50,
			ship("carrier", "blue", "fed-cruiser", Hex{}, DirA, 0),
			ship("relay", "blue", "fed-frigate", Hex{Q: 1}, DirA, 0),
			ship("prey", "red", "kor-raider", Hex{R: -6}, DirD, 0),
			ship("d-guided", "blue", "drone", Hex{R: -1}, DirA, 12),
			ship("d-self", "blue", "drone", Hex{R: -2}, DirA, 12))
		s.Unit("d-guided").Gear = Gear{Target: "prey", Guide: "carrier"}
		s.Unit("d-self").Gear = Gear{Target: "prey", SelfGuided: true}
		return s
	}
	t.Run("IP8.421/drones roll", func(t *testing.T) {
		s := mk()
		atInvoluntary(s, 1)
		_, ok := phaseRollFor(s.phaseRolls(), "d-self")
		assert.True(t, ok)
	})
	t.Run("IP8.422/no transfer by or to a phased-out unit", func(t *testing.T) {
		s := mk()
		forceOut(s, "relay")
		assert.ErrorContains(t, s.transferGuidance("d-guided", "relay"), "IP8.422")
		s2 := mk()
		require.NoError(t, s2.transferGuidance("d-guided", "relay"))
		require.NoError(t, s2.transferGuidance("d-guided", "carrier"))
		s2.Unit("carrier").PhasedOut = true // out, without the IP8.423 loss, to test the transfer alone
		assert.ErrorContains(t, s2.transferGuidance("d-guided", "relay"), "IP8.422")
	})
	t.Run("IP8.423/controlled seekers lost", func(t *testing.T) {
		s := mk()
		evs := forceOut(s, "carrier")
		assert.Equal(t, StatusDestroyed, s.Unit("d-guided").Status)
		assert.Equal(t, StatusOnMap, s.Unit("d-self").Status)
		assert.True(t, evs[len(evs)-1].Audience.IsPublic(), "the seeker was in sight")
	})
	t.Run("IP8.423/a phased-out seeker is lost in secret", func(t *testing.T) {
		s := mk()
		forceOut(s, "d-guided")
		s.Unit("d-guided").Gear.Guide = "carrier" // as if guided while out
		evs := forceOut(s, "carrier")
		assert.Equal(t, StatusDestroyed, s.Unit("d-guided").Status)
		assert.Equal(t, []SideID{"blue"}, evs[len(evs)-1].Audience.Sides, "IP8.32")
	})
	t.Run("IP8.423/a seeker in limbo is lost on every machine", func(t *testing.T) {
		// Play between machines (peer.go): on red's machine blue's seeker
		// out of phase is in limbo, unknown but for its controller; when
		// the controller phases out in sight, red's machine loses it as
		// blue's does, and the public hash tells it from one still out.
		var hashes []Hash
		for _, side := range []SideID{"blue", "red"} {
			s := mk()
			s.Peer = &PeerState{Side: side}
			forceOut(s, "d-guided")
			s.Unit("d-guided").Gear.Guide = "carrier"
			s.toLimbo()
			require.Equal(t, StatusLimbo, s.Unit("d-guided").Status)
			still := s.PublicHash()
			forceOut(s, "carrier")
			assert.Equal(t, StatusDestroyed, s.Unit("d-guided").Status, side)
			assert.NotEqual(t, still, s.PublicHash(), side)
			hashes = append(hashes, s.PublicHash())
		}
		assert.Equal(t, hashes[0], hashes[1])
	})
	t.Run("IP8.424/self-guided loses track of a phased-out target", func(t *testing.T) {
		s := mk()
		forceOut(s, "prey")
		assert.Empty(t, s.Unit("d-self").Gear.Target)
		assert.Equal(t, StatusOnMap, s.Unit("d-self").Status, "it still flies")
	})
	t.Run("IP8.424/self-guided loses track when it phases out", func(t *testing.T) {
		s := mk()
		forceOut(s, "d-self")
		assert.Empty(t, s.Unit("d-self").Gear.Target)
	})
}

// IP8.431: a tractor beam breaks if either end phases out; a dock, being
// a mutual tractor, breaks too.
func TestTractorBreaksOnPhaseOut(t *testing.T) {
	for _, who := range []UnitID{"holder", "held"} {
		t.Run("IP8.431/"+string(who), func(t *testing.T) {
			s := newPhaseState(t, 50,
				ship("holder", "blue", "fed-cruiser", Hex{}, DirA, 0),
				ship("held", "red", "kor-raider", Hex{Q: 1}, DirA, 0))
			s.Unit("holder").Gear.Tractor = "held"
			evs := forceOut(s, who)
			assert.Empty(t, s.Unit("holder").Gear.Tractor)
			assert.Contains(t, evs[len(evs)-1].Text, "tractor beam on held breaks")
		})
	}
	t.Run("IP8.431/dock", func(t *testing.T) {
		s := newPhaseState(t, 50,
			ship("a", "blue", "fed-cruiser", Hex{}, DirA, 0),
			ship("b", "blue", "fed-destroyer", Hex{}, DirA, 0))
		s.dock(s.Unit("a"), s.Unit("b"), false)
		forceOut(s, "b")
		assert.Empty(t, s.Unit("a").Ship.Docked)
		assert.Empty(t, s.Unit("b").Ship.Docked)
	})
}

// IP8.441-443: phasing out voids a cloak; a phased-out unit may switch it
// on and off; phasing in with it on counts as having just voided it.
func TestCloakAndPhase(t *testing.T) {
	s := newPhaseState(t, 50, ship("shade", "red", "kor-warbird", Hex{}, DirA, 0))
	u := s.Unit("shade")
	u.Gear.Cloak = CloakState{Fitted: true, On: true}
	atInvoluntary(s, 2)
	forceOut(s, "shade")
	assert.False(t, u.Gear.Cloak.On, "IP8.441")
	assert.Equal(t, s.Clock, u.Gear.Cloak.VoidedAt, "IP8.441")
	require.NoError(t, s.setCloak("shade", true), "IP8.443: on while out")
	assert.True(t, u.Gear.Cloak.On)
	require.NoError(t, s.setCloak("shade", false), "IP8.443: off while out")
	require.NoError(t, s.setCloak("shade", true))
	atInvoluntary(s, 5)
	evs := s.phaseIn(u, "IP8.21")
	assert.False(t, u.Gear.Cloak.On, "IP8.442")
	assert.Equal(t, s.Clock, u.Gear.Cloak.VoidedAt, "IP8.442: voided at phase-in")
	assert.Equal(t, "IP8.442", evs[1].Clause)
}

// IP8.48: ESGs, SFGs, displacement devices and temporal elevators do not
// work while their unit is phased out, and work again after.
func TestDevicesStopWhilePhasedOut(t *testing.T) {
	s := newPhaseState(t, 50, ship("lab", "blue", "fed-cruiser", Hex{}, DirA, 0))
	u := s.Unit("lab")
	u.Gear.Devices = []DeviceKind{DeviceESG, DeviceSFG, DeviceDisplacement, DeviceTemporal}
	for _, d := range u.Gear.Devices {
		assert.True(t, s.deviceWorks("lab", d))
	}
	forceOut(s, "lab")
	for _, d := range u.Gear.Devices {
		assert.False(t, s.deviceWorks("lab", d), "IP8.48: %s", d)
	}
	s.phaseIn(u, "IP8.21")
	for _, d := range u.Gear.Devices {
		assert.True(t, s.deviceWorks("lab", d))
	}
}

// Cloning and saving keep the phase state apart and whole.
func TestPhaseStateClonesAndSaves(t *testing.T) {
	s := newPhaseState(t, 50, ship("ghost", "blue", "fed-frigate", Hex{}, DirA, 12))
	s.Phase.Storm = &PhaseStorm{Side: "red", Start: 1, Until: 4, Range: 300}
	forceOut(s, "ghost")
	atInvoluntary(s, 1)
	s.phaseDrift()
	c := s.Clone()
	assert.Equal(t, s.Hash(), c.Hash())
	c.Unit("ghost").Phase.Moves[0].Path[0] = Hex{Q: 99}
	c.Phase.Storm.Until = 9
	assert.NotEqual(t, Hex{Q: 99}, s.Unit("ghost").Phase.Moves[0].Path[0])
	assert.Equal(t, 4, s.Phase.Storm.Until)
	b, err := json.Marshal(s)
	require.NoError(t, err)
	var back State
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, s.Hash(), back.Hash())
}

// IP8.21: the phase rolls are the state generator's 2d6, one for each
// unit in phase space in unit order, each logged with its dice; the
// rolls a step shares between its events are those the dice gave.
// IP8.337: a phased-out unit's roll, secret to its owner, comes from the
// owner's private stream and draws nothing from the public generator.
func TestPhaseRollsAreTheGeneratorsDice(t *testing.T) {
	s := newPhaseState(t, 10, phaseBenchUnits(200, 8)...)
	atInvoluntary(s, 1)
	private := 0
	for round := range 20 {
		g := s.RNG
		streams := map[SideID]ctrStream{}
		for _, sd := range s.Sides {
			streams[sd.ID] = *s.privateGen(Only(sd.ID), "")
		}
		k := 0
		for _, e := range s.phaseRolls() {
			if e.Kind != EventRoll || e.Clause != "IP8.21" {
				continue
			}
			var want Roll
			if e.Audience.IsPublic() {
				want = g.throw(TwoD6)
			} else {
				require.Equal(t, []SideID{e.Side}, e.Audience.Sides, "IP8.337: the owner's secret")
				p := streams[e.Side]
				want = throw(&p, TwoD6)
				streams[e.Side] = p
				private++
			}
			require.Equal(t, want, *e.Roll, "round %d, roll %d (%s)", round, k, e.Unit)
			require.Equal(t, fmt.Sprintf("phase roll %s: %s", e.Unit, want), e.Text)
			k++
		}
		require.Equal(t, 200, k, "round %d", round)
	}
	require.Greater(t, private, 100, "units phased out and rolled in secret")
}

// A mine that comes into play during the game goes off under a unit of
// another side phasing in on its hex (IP8.121), like one there from the
// start: the enter-hex check of mines counts them again.
func TestPhaseInOntoMineLaidLater(t *testing.T) {
	s := newPhaseState(t, 10, ship("ghost", "blue", "fed-cruiser", Hex{Q: 1}, DirA, 0))
	forceOut(s, "ghost")
	late := mineAt("late", "red", Hex{Q: 1})
	late.Map, late.Status = "main", StatusOnMap
	s.addUnit(late)
	atInvoluntary(s, 1)
	evs := s.phaseIn(s.Unit("ghost"), "IP8.21")
	assert.Equal(t, StatusDestroyed, s.Unit("late").Status)
	assert.True(t, slices.ContainsFunc(evs, func(e Event) bool { return strings.Contains(e.Text, "sets off mine late") }), "%v", evs)
}

// The list of phased-out units the privacy net reads follows phase-outs
// and phase-ins, and survives a clone.
func TestPhasedUnitsIndex(t *testing.T) {
	s := newPhaseState(t, 50, ship("a", "blue", "fed-cruiser", Hex{}, DirA, 0), ship("b", "red", "kor-raider", Hex{Q: 1}, DirA, 0))
	ids := func(s *State) []UnitID {
		var out []UnitID
		for _, u := range s.phasedUnits() {
			out = append(out, u.ID)
		}
		return out
	}
	assert.Empty(t, ids(s))
	forceOut(s, "b")
	forceOut(s, "a")
	assert.Equal(t, []UnitID{"a", "b"}, ids(s))
	assert.Equal(t, []UnitID{"a", "b"}, ids(s.Clone()))
	s.phaseIn(s.Unit("a"), "IP8.21")
	assert.Equal(t, []UnitID{"b"}, ids(s))
}

// IP8.124, IP8.12: no unit outside phase space is phased out, however it
// left: a phased-out unit that a cosmic storm sweeps to a destination
// with no phase space phases in at once (it would otherwise stay phased
// out for good, unseen and untouchable at speed 0); swept into phase
// space there, it stays out.
func TestPhasedOutSweptOutOfPhaseSpace(t *testing.T) {
	tests := []struct {
		name      string
		destPhase bool // the destination has phase space where it lands
		wantOut   bool
	}{
		{"IP8.124/destination without phase space", false, false},
		{"IP8.124/destination in phase space", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			su := testSetup(ship("big", "blue", "fed-cruiser", Hex{}, DirA, 0), ship("z", "red", "kor-raider", Hex{Q: 400}, DirA, 0),
				ship("ghost", "blue", "vel-corvette", Hex{Q: 10}, DirA, 0))
			su.Ruleset.NoCosmicRifts = true
			su.Maps[0].Terrain = &Terrain{Regions: []Region{
				{ID: "squall", Kind: RegionIonStorm, Shape: DiscShape(Hex{}, 30)},
				{ID: "veil", Kind: RegionPhaseSpace, Shape: DiscShape(Hex{Q: 10}, 4)},
			}}
			su.RiftCharts = []RiftChart{{Lo: 2, Hi: 12, Rows: []RiftChartRow{{Lo: 2, Hi: 12, Scenario: "yard", Port: Hex{}, Defend: Hex{R: -60}}}}}
			yard := yardSetup()
			if tt.destPhase {
				yard.Setup.Maps[0].Terrain.Regions = []Region{{ID: "haze", Kind: RegionPhaseSpace, Shape: DiscShape(Hex{}, 40)}}
			}
			su.Destinations = []Destination{yard}
			s, err := NewState(su, 2)
			require.NoError(t, err)
			s.phaseOut(s.Unit("ghost"), nil)
			s.Cosmic.Pending = []PendingRift{{Side: "blue", At: 1}}
			s.Advance()
			passUntil(t, s, func(s *State) bool { return s.Clock.Impulse == 1 && s.Clock.Step > StepInvoluntary })
			require.Len(t, s.Cosmic.Rifts, 1)
			require.True(t, s.Cosmic.Rifts[0].Storm, "IP4.51: a cosmic storm")
			g := s.Unit("ghost")
			require.Equal(t, MapID("yard"), g.Map, "IP4.52: swept along")
			assert.Equal(t, tt.wantOut, g.PhasedOut, "IP8.124: phased out at %v of the destination", g.Hex)
		})
	}
}
