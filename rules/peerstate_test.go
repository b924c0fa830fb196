package rules

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// machines is one game played on three machines: blue's and red's, each
// holding its own side's dice and the dice of the other side's secrets it
// was told, and a verifier holding every side's. A machine told a secret
// plays the game again from its start knowing it, as a machine of a game
// by file replays the log.
type machines struct {
	names []string
	// fresh makes machine i's state at the start of the game, with dice.
	fresh func(i int) *State
	dice  []*testDice
	sts   []*State
	// steps are the steps played so far, the announcements among them.
	steps []func(*State) ([]Event, error)
	// told is how many of each side's phase-ins were announced, and
	// through how far.
	told    map[SideID]int
	through map[SideID]Clock
	// toldRifts is how many of each side's rift news were announced
	// (peerrift_test.go).
	toldRifts map[SideID]int
	// toldMines is how many of each side's mine set-offs were
	// announced, mineReach how many of its mine points its announcements
	// reach (peermine_test.go).
	toldMines, mineReach map[SideID]int
	// replays counts the machines played again for a secret told.
	replays int
}

// newMachines is a game under a phase storm over the whole map, from the
// start to turn until, played on blue's machine, red's and a verifier's.
func newMachines(t *testing.T, until int) *machines {
	t.Helper()
	units := []Unit{
		ship("a1", "blue", "fed-cruiser", Hex{Q: -3}, DirB, 6),
		ship("a2", "blue", "fed-cruiser", Hex{Q: -4, R: 2}, DirB, 8),
		ship("b1", "red", "kor-raider", Hex{Q: 3}, DirE, 6),
		ship("b2", "red", "kor-raider", Hex{Q: 4, R: -2}, DirE, 8),
	}
	return startMachinesWith(t, func() Setup { return testSetup(units...) }, 7, func(s *State) {
		s.Phase.Storm = &PhaseStorm{Side: "blue", Start: 1, Until: until, Range: 60}
	})
}

// startMachines starts the game of setup (called once a machine) with
// seed on blue's machine, red's and a verifier's, each holding the dice
// it may hold.
func startMachines(t *testing.T, setup func() Setup, seed uint64) *machines {
	t.Helper()
	return startMachinesWith(t, setup, seed, nil)
}

// startMachinesWith is startMachines with prepare run on each fresh
// state.
func startMachinesWith(t *testing.T, setup func() Setup, seed uint64, prepare func(*State)) *machines {
	t.Helper()
	m := &machines{names: []string{"blue", "red", "verifier"}, told: map[SideID]int{}, through: map[SideID]Clock{}, toldRifts: map[SideID]int{}, toldMines: map[SideID]int{}, mineReach: map[SideID]int{}}
	m.dice = []*testDice{newTestDice(false, "blue"), newTestDice(false, "red"), newTestDice(true)}
	m.fresh = func(i int) *State {
		opt := WithPeer(SideID(m.names[i]))
		if i == 2 {
			opt = WithPeerVerifier()
		}
		s, err := NewState(setup(), seed, opt, WithSideDice(m.dice[i]))
		require.NoError(t, err, m.names[i])
		if prepare != nil {
			prepare(s)
		}
		return s
	}
	for i := range m.names {
		m.sts = append(m.sts, m.fresh(i))
	}
	return m
}

// play plays one step on every machine: the clock advanced where no side
// is to decide, else the deciding side's first legal command, which must
// be the same on every machine. It reports whether a command was played.
func (m *machines) play(t *testing.T) bool {
	t.Helper()
	blue := m.sts[0]
	pending := blue.Pending()
	if len(pending) == 0 {
		m.step(t, func(s *State) ([]Event, error) { return s.Advance(), nil })
		return false
	}
	side := pending[0]
	var legal [][]Command
	for _, s := range m.sts {
		legal = append(legal, s.Legal(side))
	}
	require.NotEmpty(t, legal[0], "no legal command for %s at %s", side, blue.Clock)
	require.Equal(t, legal[0], legal[1], "%s's legal commands differ between the machines at %s", side, blue.Clock)
	require.Equal(t, legal[0], legal[2], "%s's legal commands differ on the verifier at %s", side, blue.Clock)
	c := legal[0][0]
	m.step(t, func(s *State) ([]Event, error) { return s.Apply(c) })
	return true
}

// requireAgreed checks that every machine has the same public hash, and
// that blue's and red's machines made no roll of a secret they do not
// know and none they could not key.
func (m *machines) requireAgreed(t *testing.T) {
	t.Helper()
	h := m.sts[0].PublicHash()
	for i, s := range m.sts[1:] {
		require.Equal(t, h, s.PublicHash(), "%s's public hash at %s", m.names[i+1], s.Clock)
	}
	for i, s := range m.sts {
		require.Empty(t, s.BlindRolls(), "%s's machine", m.names[i])
		require.NoError(t, s.DiceProblem(), "%s's machine", m.names[i])
		require.Empty(t, s.Refused(), "%s's machine", m.names[i])
	}
}

// epochStep is run: the sides' dice have an epoch a turn, as the rounds
// of a game by file have one each.
func epochStep(run func(*State) ([]Event, error)) func(*State) ([]Event, error) {
	return func(s *State) ([]Event, error) {
		s.SetDiceEpoch(fmt.Sprintf("turn %d", s.Clock.Turn))
		return run(s)
	}
}

// rebuild plays machine i again from the start of the game through every
// step kept: it was told a secret, which it now computes from the start.
func (m *machines) rebuild(t *testing.T, i int) {
	t.Helper()
	s := m.fresh(i)
	for _, st := range m.steps {
		_, err := st(s)
		require.NoError(t, err, "%s played again", m.names[i])
	}
	m.sts[i] = s
	m.replays++
}

// step runs one step on every machine; where a machine played a phase
// point not knowing what a secret did there, the secret's side announces
// through that point from its own machine: its word that nothing else
// happened there, and its dice for every secret of its that came to
// something (the phase-ins, rift news and set-offs its machine made,
// which every other machine then computes, playing the game again). Then
// every machine runs the step again.
func (m *machines) step(t *testing.T, run func(*State) ([]Event, error)) {
	t.Helper()
	run = epochStep(run)
	for guard := 0; ; guard++ {
		require.Less(t, guard, 200, "announcements do not converge")
		next := make([]*State, len(m.sts))
		var miss *PhasePoint
		for i, s := range m.sts {
			next[i] = s.Clone()
			_, err := run(next[i])
			require.NoError(t, err, m.names[i])
			if p, ok := next[i].Missing(); ok && (miss == nil || p.Clock.Before(miss.Clock)) {
				miss = &p
			}
		}
		if miss == nil {
			m.sts = next
			m.steps = append(m.steps, run)
			return
		}
		// Every side a machine waits for at that point announces: two
		// machines may each wait for the other's word in one step.
		var sides []SideID
		for _, s := range next {
			if p, ok := s.Missing(); ok && p.Clock == miss.Clock {
				for _, sd := range p.Sides {
					sides = appendUnique(sides, sd)
				}
			}
		}
		slices.Sort(sides)
		for _, side := range sides {
			own := next[slices.Index(m.names, string(side))]
			var subjects []string
			say := 0
			for _, a := range ofSide(own.Made(), side, func(a Arrival) SideID { return a.Side })[m.told[side]:] {
				if !miss.Clock.Before(a.Clock) {
					subjects = append(subjects, a.Subject)
					say++
				}
			}
			news := 0
			for _, n := range ofSide(own.RiftsMade(), side, func(n RiftNews) SideID { return n.Side })[m.toldRifts[side]:] {
				if !miss.Clock.Before(n.Clock) {
					subjects = append(subjects, RiftSubject(n.Side, n.Raised))
					news++
				}
			}
			// The mine points its machine passed knowing all before them,
			// and what went off there.
			reach := 0
			for _, pt := range own.SurePoints() {
				if pt.Side == side {
					reach++
				}
			}
			reach = max(reach, m.mineReach[side])
			offs := 0
			for _, n := range own.SureMines() {
				if n.Side == side && n.Point > m.mineReach[side] && n.Point <= reach {
					subjects = append(subjects, MineSubject(n.Mine))
					offs++
				}
			}
			through := miss.Clock
			announce := func(s *State) ([]Event, error) {
				if err := s.AnnounceMines(side, reach); err != nil {
					return nil, err
				}
				return nil, s.Announce(side, through)
			}
			m.steps = append(m.steps, announce)
			for i, s := range m.sts {
				if m.dice[i].tell(side, subjects...) {
					m.rebuild(t, i)
					continue
				}
				_, err := announce(s)
				require.NoError(t, err, "%s told by %s", m.names[i], side)
			}
			m.told[side] += say
			m.toldRifts[side] += news
			m.toldMines[side] += offs
			m.mineReach[side] = reach
			m.through[side] = miss.Clock
		}
	}
}

// ofSide returns the items of xs that are side's.
func ofSide[T any](xs []T, side SideID, of func(T) SideID) []T {
	var out []T
	for _, x := range xs {
		if of(x) == side {
			out = append(out, x)
		}
	}
	return out
}

// requireComputedAlike checks that what the other side's machine
// computed of a side's secrets once told them is what the side's own
// machine announced: of gives the outcomes a machine made, of every side.
func requireComputedAlike[T any](t *testing.T, m *machines, told map[SideID]int, of func(*State) []T, side func(T) SideID) {
	t.Helper()
	for i, sd := range []SideID{"blue", "red"} {
		own := ofSide(of(m.sts[i]), sd, side)[:told[sd]]
		computed := ofSide(of(m.sts[1-i]), sd, side)
		require.Equal(t, own, computed[:min(len(computed), len(own))], "%s's machine computes %s's secrets told it as %s's machine made them", m.names[1-i], sd, sd)
	}
}

// announcedAndMade returns what blue's and red's machines announced of
// what of gives (the first told[side] of each side's own machine's) and
// what of gives on the verifier's machine through how far each side's
// announcements reach, both sorted by clock and then by key; at gives
// an item's clock, side and key.
func announcedAndMade[T any](m *machines, told map[SideID]int, of func(*State) []T, at func(T) (Clock, SideID, string)) (said, made []T) {
	for _, side := range []SideID{"blue", "red"} {
		own := ofSide(of(m.sts[slices.Index(m.names, string(side))]), side, func(x T) SideID { _, sd, _ := at(x); return sd })
		said = append(said, own[:told[side]]...)
	}
	for _, x := range of(m.sts[2]) {
		c, side, _ := at(x)
		if t := m.through[side]; !t.Before(c) {
			made = append(made, x)
		}
	}
	byClock := func(a, b T) int {
		ca, _, ka := at(a)
		cb, _, kb := at(b)
		if ca != cb {
			if ca.Before(cb) {
				return -1
			}
			return 1
		}
		return compareString(ka, kb)
	}
	slices.SortStableFunc(said, byClock)
	slices.SortStableFunc(made, byClock)
	return said, made
}

// TestPeerStateKeepsPhasedOutUnitsSecret: under a phase storm over the
// whole map (IP8.511-515) units of both sides phase out and in (IP8.21,
// IP8.124) for ten turns, the storm ending on the way (IP8.514). Each
// machine holds the other side's units out of phase in limbo: it never
// computes them (no private stream of the other side, their record as
// they phased out), the deciding side's legal commands are the same on
// every machine, every machine reaches the same public hash after every
// step, and the verifier, which computes every unit, makes exactly the
// phase-ins the sides announced (IP8.337).
func TestPeerStateKeepsPhasedOutUnitsSecret(t *testing.T) {
	m := newMachines(t, 6)
	m.step(t, func(s *State) ([]Event, error) { return s.Advance(), nil })
	outs, limbo, drifts, commands := 0, 0, 0, 0
	for guard := 0; guard < 20000 && m.sts[0].Clock.Turn <= 10 && m.sts[0].Clock.Step != StepGameOver; guard++ {
		if m.play(t) {
			commands++
		}
		m.requireAgreed(t)
		for i, s := range m.sts[:2] {
			me := SideID(m.names[i])
			for k := range s.Units {
				u := &s.Units[k]
				if u.PhasedOut {
					require.Equal(t, StatusLimbo, u.Status, "%s out of phase on %s's machine", u.ID, me)
					if u.Side == me && len(u.Phase.Moves) > 0 {
						drifts++
					}
					if u.Side != me {
						limbo++
						require.Empty(t, u.Phase.Moves, "%s's course computed on %s's machine", u.ID, me)
						require.Equal(t, u.Phase.From, u.Hex, "%s moved on %s's machine", u.ID, me)
					}
				}
				require.False(t, s.visibleTo(u, me) && u.PhasedOut)
			}
		}
		for _, u := range m.sts[2].Units {
			if u.PhasedOut {
				outs++
			}
		}
	}
	require.Greater(t, m.sts[0].Clock.Turn, 10, "the game went on through the phase-outs")
	// The verifier's phase-ins are those announced, and every phase
	// point it passed with a side's units out of phase was announced
	// or is still to come.
	said, made := announcedAndMade(m, m.told, (*State).Made, func(a Arrival) (Clock, SideID, string) {
		return a.Clock, a.Side, string(a.Unit)
	})
	require.Equal(t, made, said)
	require.NotEmpty(t, said, "no phase-in happened")
	// Every machine told a unit's time out of phase computes its
	// phase-in as its side's machine made it.
	requireComputedAlike(t, m, m.told, (*State).Made, func(a Arrival) SideID { return a.Side })
	require.Positive(t, limbo)
	require.Positive(t, drifts, "no unit out of phase moved on its owner's machine")
	sides := map[SideID]bool{}
	for _, a := range said {
		sides[a.Side] = true
	}
	require.Len(t, sides, 2, "units of both sides phased in")
	require.Positive(t, m.replays, "no machine was told a secret")
	t.Logf("%d commands, %d phase-ins announced, %d unit-steps out of phase, %d in limbo, %d with a course on the owner's machine, %d machines played again", commands, len(said), outs, limbo, drifts, m.replays)
}

// IP8.21, IP8.124: a unit that phases out in a phase step's rolls drifts
// at once, and may leave phase space in that very step; only a machine
// that knows it can compute that. The step's phase point is then one of
// its side's too: a machine that does not know the unit waits for its
// side's word there, and its side's own machine owes that word
// (PhasePoints names the side), where before the step nothing of the
// side's was out of phase.
func TestAPhaseOutIsAPhasePointOfItsStep(t *testing.T) {
	for _, tc := range []struct {
		side    SideID
		missing bool
	}{{"blue", true}, {"red", false}} {
		t.Run("on "+string(tc.side)+"'s machine", func(t *testing.T) {
			s, err := NewState(phaseSetup(5,
				ship("raider", "red", "kor-raider", Hex{Q: 4}, DirB, 8),
				ship("cruiser", "blue", "fed-cruiser", Hex{Q: -3}, DirA, 8),
			), 7, WithPeer(tc.side), WithSideDice(newTestDice(false, tc.side)))
			require.NoError(t, err)
			s.SetDiceEpoch("e1")
			atInvoluntary(s, 2)
			s.phasePoint()
			require.Empty(t, s.PhasePoints(), "nothing out of phase before the step")
			forceOut(s, "raider")
			s.outPoint()
			require.Equal(t, []PhasePoint{{Clock: s.Clock, Sides: []SideID{"red"}}}, s.PhasePoints())
			p, missing := s.Missing()
			require.Equal(t, tc.missing, missing)
			if missing {
				require.Equal(t, []SideID{"red"}, p.Sides)
			}
		})
	}
}
