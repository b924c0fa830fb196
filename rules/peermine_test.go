package rules

import (
	"cmp"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// minedSetup is a small battle with a field of red mines ahead of blue's
// ships and a field of blue mines ahead of red's (scenario hexes; between
// machines each lies within two of its hex, where its side's dice lay
// it), and a star among the red mines, which no mine may be laid on.
func minedSetup() Setup {
	units := []Unit{
		ship("a1", "blue", "fed-cruiser", Hex{Q: -3}, DirB, 6),
		ship("a2", "blue", "fed-cruiser", Hex{Q: -4, R: 2}, DirB, 8),
		ship("b1", "red", "kor-raider", Hex{Q: 3}, DirE, 6),
		ship("b2", "red", "kor-raider", Hex{Q: 4, R: -2}, DirE, 8),
	}
	n := 0
	field := func(side SideID, at Hex) {
		for dq := -2; dq <= 2; dq += 2 {
			for dr := -2; dr <= 2; dr += 2 {
				n++
				units = append(units, Unit{ID: UnitID(fmt.Sprintf("m%02d", n)), Side: side, Class: "mine", Hex: Hex{Q: at.Q + dq, R: at.R + dr}})
			}
		}
	}
	field("red", Hex{Q: -2, R: -2})
	field("red", Hex{Q: -5, R: 1})
	field("blue", Hex{Q: 2, R: 2})
	field("blue", Hex{Q: 5, R: -1})
	su := testSetup(units...)
	su.Maps[0].Terrain = &Terrain{Features: []Feature{{ID: "sun", Kind: FeatureStar, Hex: Hex{Q: -2, R: -3}}}}
	return su
}

// TestPeerStateKeepsMinesSecret: mines of both sides on three machines
// (blue's, red's, a verifier). Each side's dice lay its mines within two
// hexes of the scenario's (never on the star), on its own machine and the
// verifier's alike, and another key lays them elsewhere. The other
// side's machine holds them in limbo with no hex; every enter of a hex
// near them is a mine point at which it waits for their side's word, and
// plays the set-offs announced there: the same legal commands and public
// hash on every machine after every step, no machine with the other
// side's private stream, the verifier's set-offs equal to those
// announced.
func TestPeerStateKeepsMinesSecret(t *testing.T) {
	m := startMachines(t, minedSetup, 7)
	from := map[UnitID]Hex{}
	for _, u := range minedSetup().Units {
		if u.Class == "mine" {
			from[u.ID] = u.Hex
		}
	}
	commands, hidden := 0, 0
	laid := false
	for guard := 0; guard < 20000 && m.sts[0].Clock.Turn <= 4 && m.sts[0].Clock.Step != StepGameOver; guard++ {
		if m.play(t) {
			commands++
		}
		m.requireAgreed(t)
		if !laid && m.sts[0].Clock.Turn == 1 && m.sts[0].Clock.Step > StepStartOfTurn {
			laid = true
			// Each side's machine lays its mines as the verifier does,
			// within two hexes of the scenario's, never on the star.
			moved := 0
			for i, s := range m.sts[:2] {
				me := SideID(m.names[i])
				for _, u := range s.HiddenMines(me) {
					v := m.sts[2].Unit(u.ID)
					require.Equal(t, v.Hex, u.Hex, "%s laid on %s's machine and the verifier's", u.ID, me)
					require.LessOrEqual(t, u.Hex.Distance(from[u.ID]), 2, u.ID)
					require.NotEqual(t, Hex{Q: -2, R: -3}, u.Hex, "%s on the star", u.ID)
					if u.Hex != from[u.ID] {
						moved++
					}
				}
			}
			require.Positive(t, moved, "no mine laid off its scenario hex")
		}
		for i, s := range m.sts[:2] {
			me := SideID(m.names[i])
			for k := range s.Units {
				u := &s.Units[k]
				if u.Kind != KindMine || u.Side == me || u.Status != StatusLimbo {
					continue
				}
				hidden++
				require.Equal(t, Hex{}, u.Hex, "%s's mine %s has a hex on %s's machine", u.Side, u.ID, me)
				require.False(t, s.visibleTo(u, me))
			}
		}
	}
	require.True(t, laid)
	said, made := announcedAndMade(m, m.toldMines, (*State).MinesMade, func(n MineNews) (Clock, SideID, string) {
		return n.Clock, n.Side, fmt.Sprintf("%s %04d %s", n.Side, n.Point, n.Mine)
	})
	var reached []MineNews
	for _, n := range made {
		if n.Point <= m.mineReach[n.Side] {
			reached = append(reached, n)
		}
	}
	require.Equal(t, reached, said, "the verifier's set-offs are those announced")
	require.NotEmpty(t, said, "no mine went off")
	// The other side's machine, told each mine set off, computes where
	// it lay and sets it off as the mine's side's machine did.
	requireComputedAlike(t, m, m.toldMines, (*State).MinesMade, func(n MineNews) SideID { return n.Side })
	points := map[SideID]int{}
	for _, pt := range m.sts[2].MinePoints() {
		points[pt.Side]++
	}
	destroyed := 0
	for _, u := range m.sts[0].Units {
		if u.Kind == KindMine && u.Status == StatusDestroyed {
			destroyed++
			for _, s := range m.sts[1:] {
				require.Equal(t, u.Hex, s.Unit(u.ID).Hex, "mine %s went off at the same hex on every machine", u.ID)
			}
		}
	}
	require.Equal(t, len(m.sts[2].MinesMade()), destroyed)

	// Red's dice of another epoch lay red's mines elsewhere.
	other, err := NewState(minedSetup(), 7, WithPeer("red"), WithSideDice(newTestDice(false, "red")))
	require.NoError(t, err)
	other.SetDiceEpoch("another")
	other.Advance()
	differ := 0
	for _, u := range other.HiddenMines("red") {
		require.LessOrEqual(t, u.Hex.Distance(from[u.ID]), 2)
		if u.Hex != m.sts[2].Unit(u.ID).Hex {
			differ++
		}
	}
	require.Positive(t, differ, "another key lays red's mines at the same hexes")
	t.Logf("%d commands to %s; mine points %v; %d set-offs announced (%d destroyed); %d machine-steps of the other side's mines in limbo; %d of red's 18 mines laid elsewhere in another epoch",
		commands, m.sts[0].Clock, points, len(said), destroyed, hidden, differ)
}

// A machine told the dice of a mine of red's (its proof of the roll that
// laid it) computes where it lies and sets it off when a unit enters that
// hex, as red's machine does; at a mine point near a mine it was not
// told it waits for red's word (Missing) unless red's announcements reach
// the point, and then nothing of that mine goes off.
func TestToldMinesGoOffWhereTheyLie(t *testing.T) {
	setup := func() Setup {
		return testSetup(
			ship("a1", "blue", "fed-cruiser", Hex{}, DirA, 12),
			ship("b1", "red", "kor-raider", Hex{Q: 20}, DirA, 12),
			Unit{ID: "m1", Side: "red", Class: "mine", Hex: Hex{R: -2}},
			Unit{ID: "m2", Side: "red", Class: "mine", Hex: Hex{R: -9}})
	}
	at := Clock{Turn: 1, Impulse: 1, Step: StepMovement}
	// machine plays side's machine (told: the subjects of red's it was
	// given), red's dice in epoch, to turn 1's movement, the mines laid.
	machine := func(t *testing.T, epoch string, side SideID, told ...string) *State {
		t.Helper()
		d := newTestDice(false, side)
		d.tell("red", told...)
		s, err := NewState(setup(), 3, WithPeer(side), WithSideDice(d))
		require.NoError(t, err)
		s.SetDiceEpoch(epoch)
		s.Advance() // turn 1's start: the mines are laid
		atMovement(s, 1, "a1")
		s.Clock = at
		return s
	}
	// a1 flies two hexes ahead: 0,-1 then 0,-2, both within two of m1's
	// scenario hex, red's mine points 1 and 2. An epoch whose dice lay m1
	// on that path, and one whose dice lay it off it.
	path := []Hex{{R: -1}, {R: -2}}
	var on, off string
	for i := 0; on == "" || off == ""; i++ {
		require.Less(t, i, 500)
		e := fmt.Sprintf("e%d", i)
		if slices.Contains(path, machine(t, e, "red").Unit("m1").Hex) {
			on = cmp.Or(on, e)
		} else {
			off = cmp.Or(off, e)
		}
	}
	tests := []struct {
		name, epoch string
		told        []string
		reach       int
		// goesOff: m1 goes off; missing: blue's machine waits for red.
		goesOff, missing bool
	}{
		{"told m1, laid on a1's path: it goes off where it lies", on, []string{MineSubject("m1")}, 0, true, false},
		{"told m1, laid off a1's path: nothing goes off", off, []string{MineSubject("m1")}, 0, false, false},
		{"not told, red's word reaches no point: blue waits", on, nil, 0, false, true},
		{"not told, red's word reaches both points: nothing goes off", on, nil, 2, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lies := machine(t, tc.epoch, "red").Unit("m1").Hex
			s := machine(t, tc.epoch, "blue", tc.told...)
			if len(tc.told) > 0 {
				require.Equal(t, lies, s.Unit("m1").Hex, "blue's machine, told m1, lays it as red's does")
			} else {
				require.Equal(t, Hex{}, s.Unit("m1").Hex, "blue's machine holds no hex of m1")
			}
			require.NoError(t, s.AnnounceMines("red", tc.reach))
			_, err := s.Apply(moveCmd("blue", MovePlan{Unit: "a1", Steps: fwd(2)}))
			require.NoError(t, err)
			_, missing := s.Missing()
			require.Equal(t, tc.missing, missing)
			if tc.missing {
				return
			}
			points := 2
			if tc.goesOff && lies == path[0] {
				points = 1 // m1 is gone: 0,-2 is near no hidden mine
			}
			require.Len(t, s.MinePoints(), points)
			require.Empty(t, s.BlindRolls())
			if tc.goesOff {
				require.Equal(t, StatusDestroyed, s.Unit("m1").Status)
				require.Equal(t, []MineNews{{Clock: at, Side: "red", Point: slices.Index(path, lies) + 1, Unit: "a1", Hex: lies, Mine: "m1"}}, s.MinesMade())
				return
			}
			require.Equal(t, StatusLimbo, s.Unit("m1").Status)
			require.Empty(t, s.MinesMade())
		})
	}
	red := machine(t, on, "red")
	require.NoError(t, red.AnnounceMines("blue", 3))
	require.ErrorContains(t, red.AnnounceMines("blue", 2), "short of its last announcement's 3")
}
