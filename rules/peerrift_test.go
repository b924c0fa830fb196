package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// newRiftMachines is a game with cosmic rifts on (a formation roll of one
// die, IP4.62: a 1 or a 6 raises a rift) played on blue's machine, red's
// and a verifier's, as newMachines plays a phase storm. A star lies at
// each star hex.
func newRiftMachines(t *testing.T, stars ...Hex) *machines {
	t.Helper()
	units := []Unit{
		ship("a1", "blue", "fed-cruiser", Hex{Q: -40}, DirB, 2),
		ship("a2", "blue", "fed-frigate", Hex{Q: -42, R: 2}, DirB, 2),
		ship("b1", "red", "kor-raider", Hex{Q: 40}, DirE, 2),
		ship("b2", "red", "kor-raider", Hex{Q: 42, R: -2}, DirE, 2),
	}
	su := testSetup(units...)
	su.Ruleset.RiftDice = RiftDice{Formation: 1}
	su.Ruleset.ImpulsesPerTurn = 6
	terrain := &Terrain{}
	for i, h := range stars {
		terrain.Features = append(terrain.Features, Feature{ID: string(rune('a' + i)), Kind: FeatureStar, Hex: h})
	}
	su.Maps[0].Terrain = terrain
	return startMachines(t, func() Setup { return su }, 11)
}

// riftFacts are a formed rift's public facts: what every machine knows
// of it (IP4.25).
func riftFacts(r CosmicRift) CosmicRift {
	return CosmicRift{ID: r.ID, Side: r.Side, Formed: r.Formed, FormedAt: r.FormedAt, Lifetime: r.Lifetime}
}

// TestPeerStateKeepsPendingRiftsSecret: cosmic rifts raised by public
// formation rolls (IP4.21-22) on three machines. A pending rift is in
// limbo on the other side's machine: no delay (IP4.231), no private
// stream of the other side; each machine that reaches an involuntary step
// with the other side's rift pending waits for that side's word (the
// missing point), and plays what it announced at that very step. With a
// star near both fleets (IP4.233) no rift ever forms and the game goes
// on, the same legal commands and public hash on every machine after
// every step, the verifier's rift news equal to those announced, and
// each machine told a rift's dice computing its news as its side's
// machine made them. With no point terrain the first rift forms (IP4.25):
// its side's machine tells its dice with the news, and every machine
// forms it alike, at the same hex (a game by file stops before that
// step).
func TestPeerStateKeepsPendingRiftsSecret(t *testing.T) {
	tests := []struct {
		name  string
		stars []Hex
		// forms: the test ends at the first rift formed.
		forms bool
	}{
		{"no rift forms near point terrain", []Hex{{Q: -50}, {Q: 50}}, false},
		{"a rift forms", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := newRiftMachines(t, tc.stars...)
			type raise struct {
				side SideID
				at   int
			}
			raised, limbo, commands := map[raise]bool{}, 0, 0
			var formed *CosmicRift
			for guard := 0; guard < 20000 && m.sts[0].Clock.Turn <= 12 && m.sts[0].Clock.Step != StepGameOver && formed == nil; guard++ {
				if m.play(t) {
					commands++
				}
				if r := m.sts[2].Cosmic.Rifts; len(r) > 0 {
					formed = &r[0]
					break
				}
				m.requireAgreed(t)
				for i, s := range m.sts[:2] {
					me := SideID(m.names[i])
					for _, p := range s.Cosmic.Pending {
						if p.Side == me {
							require.False(t, p.Limbo, "%s's own rift in limbo on its machine", me)
							require.Greater(t, p.At, p.Raised)
							continue
						}
						limbo++
						require.True(t, p.Limbo, "%s's pending rift known on %s's machine", p.Side, me)
						require.Zero(t, p.At, "%s's rift delay on %s's machine", p.Side, me)
					}
				}
				for _, p := range m.sts[2].Cosmic.Pending {
					raised[raise{p.Side, p.Raised}] = true
				}
			}
			// The verifier's news are those announced, through how far
			// the announcements reach.
			said, made := announcedAndMade(m, m.toldRifts, (*State).RiftsMade, func(n RiftNews) (Clock, SideID, string) {
				return n.Clock, n.Side, string(n.Side)
			})
			if !tc.forms {
				requireComputedAlike(t, m, m.toldRifts, (*State).RiftsMade, func(n RiftNews) SideID { return n.Side })
				require.Nil(t, formed)
				require.Greater(t, m.sts[0].Clock.Turn, 12, "the game went on")
				require.Equal(t, made, said)
				sides := map[SideID]bool{}
				for _, n := range said {
					require.Equal(t, "IP4.233", n.Clause, "IP4.233: within 50 hexes of a star")
					sides[n.Side] = true
				}
				require.Len(t, sides, 2, "rifts of both sides announced")
				require.Positive(t, limbo)
				t.Logf("%d commands to %s, %d rifts raised, %d news announced, %d machine-steps with a rift in limbo", commands, m.sts[0].Clock, len(raised), len(said), limbo)
				return
			}
			require.NotNil(t, formed, "no rift formed")
			gen := m.sts[slices.Index(m.names, string(formed.Side))]
			require.Len(t, gen.Cosmic.Rifts, 1)
			require.Equal(t, formed.Hex, gen.Cosmic.Rifts[0].Hex, "the generator's machine places it as the verifier does")
			require.False(t, gen.Cosmic.Rifts[0].Limbo)
			for i, s := range m.sts[:2] {
				require.Len(t, s.Cosmic.Rifts, 1, "%s's machine", m.names[i])
				r := s.Cosmic.Rifts[0]
				require.Equal(t, riftFacts(*formed), riftFacts(r), "IP4.25: the public facts, the lifetime roll at the same point")
				require.Equal(t, formed.Hex, r.Hex, "%s's machine, told the rift's dice, places it alike", m.names[i])
			}
			require.NotEqual(t, Hex{}, formed.Hex)
			news := m.sts[2].RiftsMade()
			last := news[len(news)-1]
			require.Equal(t, RiftNews{Clock: formed.Formed, Side: formed.Side, Clause: "IP4.25", Raised: last.Raised}, last)
			t.Logf("%d commands; %s's %s formed at %s, %d hexes from its largest unit, lifetime %d; %d machine-steps with a rift in limbo", commands, formed.Side, formed.ID, formed.Formed, formed.Hex.Distance(gen.largestUnit(formed.Side).Hex), formed.Lifetime, limbo)
		})
	}
}

// A machine that holds red's rift in limbo, raised at impulse 2 (IP4.231:
// 3d6 impulses, so it is due from impulse 5 to 20), waits for red's word
// at each involuntary step its announcements do not reach, and takes an
// announcement that passes the greatest delay with the rift still pending
// as false (Refused); told the rift's dice, it computes the rift's delay
// and what came of it as red's machine does.
func TestToldRiftsComeAsTheirDiceSay(t *testing.T) {
	const n = 32
	at := func(a int) Clock { return clockAt(a, n, StepInvoluntary) }
	machine := func(t *testing.T, side SideID, told ...string) *State {
		t.Helper()
		su := testSetup(ship("a1", "blue", "fed-cruiser", Hex{Q: -40}, DirB, 2), ship("b1", "red", "kor-raider", Hex{Q: 40}, DirE, 2))
		su.Ruleset.ImpulsesPerTurn = n
		d := newTestDice(false, side)
		d.tell("red", told...)
		s, err := NewState(su, 3, WithPeer(side), WithSideDice(d))
		require.NoError(t, err)
		s.SetDiceEpoch("e1")
		s.Clock = at(2)
		s.raisePending("red")
		return s
	}
	play := func(s *State, to int) {
		for a := 3; a <= to; a++ {
			s.Clock = at(a)
			s.cosmicInvoluntary()
		}
	}
	red := machine(t, "red")
	require.False(t, red.Cosmic.Pending[0].Limbo)
	play(red, 24)
	require.Len(t, red.RiftsMade(), 1, "the rift came to something within its greatest delay")
	truth := red.RiftsMade()[0]

	told := machine(t, "blue", RiftSubject("red", 2))
	require.False(t, told.Cosmic.Pending[0].Limbo, "told, blue's machine computes the rift")
	play(told, 24)
	require.Equal(t, []RiftNews{truth}, told.RiftsMade())
	_, missing := told.Missing()
	require.False(t, missing)

	blind := machine(t, "blue")
	require.True(t, blind.Cosmic.Pending[0].Limbo)
	play(blind, 12)
	p, missing := blind.Missing()
	require.True(t, missing)
	require.Equal(t, at(3), p.Clock, "blue waits for red's word at the first involuntary step")

	blind = machine(t, "blue")
	require.NoError(t, blind.Announce("red", at(24)))
	play(blind, 24)
	require.Contains(t, strings.Join(blind.Refused(), "\n"), "past its greatest delay of 18 impulses (IP4.231)")
	require.Empty(t, blind.BlindRolls())
}
