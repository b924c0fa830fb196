package rules

import (
	"fmt"
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
			require.Empty(t, s.UnplacedMines(), me)
		}
		for _, s := range m.sts {
			require.Empty(t, s.RiftsRefused())
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

	// Another key of red's lays red's mines elsewhere.
	other, err := NewState(minedSetup(), 7, WithPeer("red"), WithSideKeys(SideKey{Side: "red", Key: PrivateKey{9}}))
	require.NoError(t, err)
	other.Advance()
	differ := 0
	for _, u := range other.HiddenMines("red") {
		require.LessOrEqual(t, u.Hex.Distance(from[u.ID]), 2)
		if u.Hex != m.sts[2].Unit(u.ID).Hex {
			differ++
		}
	}
	require.Positive(t, differ, "another key lays red's mines at the same hexes")
	t.Logf("%d commands to %s; mine points %v; %d set-offs announced (%d destroyed); %d machine-steps of the other side's mines in limbo; %d of red's 18 mines laid elsewhere by another key",
		commands, m.sts[0].Clock, points, len(said), destroyed, hidden, differ)
}

// TestMineNewsTheGameShowsFalse: announced set-offs that a machine not
// knowing red's mines can see are false are refused: as they are
// announced (another side's mine, no mine, past the announcement's
// reach, a mine twice, out of order), or as they are played at their
// point (another unit or hex than the point's, a mine laid too far from
// its scenario hex, a mine already set off). The true news plays.
func TestMineNewsTheGameShowsFalse(t *testing.T) {
	setup := func() Setup {
		return testSetup(
			ship("a1", "blue", "fed-cruiser", Hex{}, DirA, 12),
			ship("b1", "red", "kor-raider", Hex{Q: 20}, DirA, 12),
			Unit{ID: "m1", Side: "red", Class: "mine", Hex: Hex{R: -2}},
			Unit{ID: "m2", Side: "red", Class: "mine", Hex: Hex{R: -9}},
			Unit{ID: "x1", Side: "blue", Class: "mine", Hex: Hex{Q: 9}})
	}
	at := Clock{Turn: 1, Impulse: 1, Step: StepMovement}
	// a1 moves two hexes ahead: 0,-1 then 0,-2, both within two of m1's
	// scenario hex, red's mine points 1 and 2.
	news := func(point int, h Hex, mine UnitID) MineNews {
		return MineNews{Clock: at, Side: "red", Point: point, Unit: "a1", Hex: h, Mine: mine}
	}
	tests := []struct {
		name     string
		reach    int
		news     []MineNews
		announce string // refused as announced
		refused  string // refused as played
	}{
		{"the true news", 2, []MineNews{news(2, Hex{R: -2}, "m1")}, "", ""},
		{"nothing went off", 2, nil, "", ""},
		{"another side's mine", 2, []MineNews{{Clock: at, Side: "red", Point: 1, Unit: "a1", Hex: Hex{R: -1}, Mine: "x1"}}, "mine x1 is blue's, not red's", ""},
		{"no mine", 2, []MineNews{news(1, Hex{R: -1}, "a1")}, "no mine \"a1\"", ""},
		{"past the reach", 1, []MineNews{news(2, Hex{R: -2}, "m1")}, "outside the announcement's reach", ""},
		{"a mine twice", 2, []MineNews{news(1, Hex{R: -1}, "m1"), news(2, Hex{R: -2}, "m1")}, "mine m1 is set off twice", ""},
		{"out of order", 2, []MineNews{news(2, Hex{R: -2}, "m1"), news(1, Hex{R: -1}, "m2")}, "does not come after the one listed before it", ""},
		{"another hex than the point's", 2, []MineNews{news(1, Hex{R: -2}, "m1")}, "", "at red's mine point 1, a1 enters 0,-1"},
		{"another unit", 2, []MineNews{{Clock: at, Side: "red", Point: 1, Unit: "b1", Hex: Hex{R: -1}, Mine: "m1"}}, "", "at red's mine point 1, a1 enters"},
		{"too far from its scenario hex", 2, []MineNews{news(2, Hex{R: -2}, "m2")}, "", "a mine lies within 2 hexes of its scenario hex 0,-9"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := NewState(setup(), 3, WithPeer("blue"), WithSideKeys(SideKey{Side: "blue", Key: PrivateKey{1}}))
			require.NoError(t, err)
			require.Equal(t, Hex{}, s.Unit("m1").Hex, "blue's machine holds red's mine's hex")
			err = s.AnnounceMines("red", tc.reach, tc.news)
			if tc.announce != "" {
				require.ErrorContains(t, err, tc.announce)
				return
			}
			require.NoError(t, err)
			atMovement(s, 1, "a1")
			s.Clock = at
			_, err = s.Apply(moveCmd("blue", MovePlan{Unit: "a1", Steps: fwd(2)}))
			require.NoError(t, err)
			_, missing := s.Missing()
			require.False(t, missing, "the announcement reaches both points")
			require.Len(t, s.MinePoints(), 2)
			if tc.refused != "" {
				require.NotEmpty(t, s.RiftsRefused())
				require.Contains(t, s.RiftsRefused()[0], tc.refused)
				return
			}
			require.Empty(t, s.RiftsRefused())
			require.Empty(t, s.UnplacedMines())
			if len(tc.news) == 0 {
				require.Equal(t, StatusLimbo, s.Unit("m1").Status)
				require.Equal(t, 16, s.Unit("a1").Ship.Shields[0])
				return
			}
			require.Equal(t, StatusDestroyed, s.Unit("m1").Status)
			require.Equal(t, Hex{R: -2}, s.Unit("m1").Hex, "the mine appears where it went off")
			require.Equal(t, 16-10, s.Unit("a1").Ship.Shields[0], "its explosion strikes the cruiser")
		})
	}
	// A mine set off once is refused a second time in a later
	// announcement.
	s, err := NewState(setup(), 3, WithPeer("blue"))
	require.NoError(t, err)
	require.NoError(t, s.AnnounceMines("red", 2, []MineNews{news(2, Hex{R: -2}, "m1")}))
	atMovement(s, 1, "a1")
	s.Clock = at
	_, err = s.Apply(moveCmd("blue", MovePlan{Unit: "a1", Steps: fwd(2)}))
	require.NoError(t, err)
	require.ErrorContains(t, s.AnnounceMines("red", 3, []MineNews{{Clock: s.Clock, Side: "red", Point: 3, Unit: "a1", Hex: Hex{R: -2}, Mine: "m1"}}), "it went off before")
}
