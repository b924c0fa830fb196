package rules

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// machines is one game played on three machines: blue's and red's, each
// holding its own key only, and a verifier holding both.
type machines struct {
	names []string
	sts   []*State
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
	m := startMachines(t, func() Setup { return testSetup(units...) }, 7)
	for _, s := range m.sts {
		s.Phase.Storm = &PhaseStorm{Side: "blue", Start: 1, Until: until, Range: 60}
	}
	return m
}

// startMachines starts the game of setup (called once a machine) with
// seed on blue's machine, red's and a verifier's, each holding the keys
// it may hold.
func startMachines(t *testing.T, setup func() Setup, seed uint64) *machines {
	t.Helper()
	keys := []SideKey{{Side: "blue", Key: PrivateKey{1}}, {Side: "red", Key: PrivateKey{2}}}
	m := &machines{names: []string{"blue", "red", "verifier"}, told: map[SideID]int{}, through: map[SideID]Clock{}, toldRifts: map[SideID]int{}, toldMines: map[SideID]int{}, mineReach: map[SideID]int{}}
	for i, opts := range [][]Option{
		{WithPeer("blue"), WithSideKeys(keys[0])},
		{WithPeer("red"), WithSideKeys(keys[1])},
		{WithPeerVerifier(), WithSideKeys(keys...)},
	} {
		s, err := NewState(setup(), seed, opts...)
		require.NoError(t, err, m.names[i])
		m.sts = append(m.sts, s)
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
// that blue's and red's machines hold private streams of their own side
// only.
func (m *machines) requireAgreed(t *testing.T) {
	t.Helper()
	h := m.sts[0].PublicHash()
	for i, s := range m.sts[1:] {
		require.Equal(t, h, s.PublicHash(), "%s's public hash at %s", m.names[i+1], s.Clock)
	}
	for i, s := range m.sts[:2] {
		me := SideID(m.names[i])
		for _, p := range s.Private {
			require.Equal(t, string(me), p.Audience, "%s's machine made a roll for %v", me, p.Audience)
		}
	}
}

// step runs one step on every machine; where a machine played a phase
// point not knowing what a unit in limbo did, the unit's side announces
// its phase-ins through that point from its own machine, and every
// machine runs the step again. It returns the public events of blue's
// machine.
func (m *machines) step(t *testing.T, run func(*State) ([]Event, error)) {
	t.Helper()
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
			return
		}
		for _, side := range miss.Sides {
			own := next[slices.Index(m.names, string(side))]
			made := own.Made()
			var say []Arrival
			for _, a := range made[m.told[side]:] {
				if !miss.Clock.Before(a.Clock) {
					say = append(say, a)
				}
			}
			var news []RiftNews
			for _, n := range own.RiftsMade()[m.toldRifts[side]:] {
				if !miss.Clock.Before(n.Clock) {
					news = append(news, n)
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
			var offs []MineNews
			for _, n := range own.SureMines() {
				if n.Side == side && n.Point > m.mineReach[side] && n.Point <= reach {
					offs = append(offs, n)
				}
			}
			for i, s := range m.sts {
				require.NoError(t, s.AnnounceMines(side, reach, offs), "%s told by %s", m.names[i], side)
				require.NoError(t, s.AnnounceRifts(side, miss.Clock, news), "%s told by %s", m.names[i], side)
				require.NoError(t, s.Announce(side, miss.Clock, say), "%s told by %s", m.names[i], side)
			}
			m.told[side] += len(say)
			m.toldRifts[side] += len(news)
			m.toldMines[side] += len(offs)
			m.mineReach[side] = reach
			m.through[side] = miss.Clock
		}
	}
}

// announcedAndMade returns what blue's and red's machines announced of
// what of gives (the first told[side] of each side's own machine's) and
// what of gives on the verifier's machine through how far each side's
// announcements reach, both sorted by clock and then by key; at gives
// an item's clock, side and key.
func announcedAndMade[T any](m *machines, told map[SideID]int, of func(*State) []T, at func(T) (Clock, SideID, string)) (said, made []T) {
	for _, side := range []SideID{"blue", "red"} {
		said = append(said, of(m.sts[slices.Index(m.names, string(side))])[:told[side]]...)
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
		return a.Clock, a.Unit.Side, string(a.Unit.ID)
	})
	require.Equal(t, made, said)
	require.NotEmpty(t, said, "no phase-in happened")
	require.Positive(t, limbo)
	require.Positive(t, drifts, "no unit out of phase moved on its owner's machine")
	sides := map[SideID]bool{}
	for _, a := range said {
		sides[a.Unit.Side] = true
	}
	require.Len(t, sides, 2, "units of both sides phased in")
	t.Logf("%d commands, %d phase-ins announced, %d unit-steps out of phase, %d in limbo, %d with a course on the owner's machine", commands, len(said), outs, limbo, drifts)
}
