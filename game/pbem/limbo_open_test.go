package pbem

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// limboGame is testdata/phase-cloak.yaml between two machines: the
// Korath machine, which starts it, stops its units dead and switches
// their cloaks on whenever they are out of phase (stopAndCloak).
func limboGame(t *testing.T, seeds [2]string) homesGame {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "phase-cloak.yaml"))
	require.NoError(t, err)
	return homesGame{src: scenarios.Source{Name: "testdata/phase-cloak.yaml", Data: data},
		sides: [2]rules.SideID{"korath", "federation"}, seeds: seeds,
		limbo: [2]func(*testing.T, *Seat) *LimboOrders{stopAndCloak, nil}}
}

// stopAndCloak is the Korath's orders for its units out of phase: no
// movement energy, and the cloak on where the rules allow it (IP8.443).
func stopAndCloak(t *testing.T, seat *Seat) *LimboOrders {
	t.Helper()
	lo := seat.ProposeLimbo()
	if lo == nil {
		return nil
	}
	for i := range lo.Allocations {
		a := &lo.Allocations[i]
		a.Movement, a.Impulse = 0, false
		a.Cloak = true
		if seat.Game.State.CheckLimboAllocations(seat.Side, []rules.Allocation{*a}) != nil {
			a.Cloak = false
		}
	}
	require.NoError(t, seat.Game.State.CheckLimboAllocations(seat.Side, lo.Allocations))
	return lo
}

// TestPhaseInOpensEveryRoundOfItsTimeOutOfPhase: in the limbo game
// (playLimbo) the Korath Warbird Shade phases out at T1 I5 (round 6) and
// in, cloaked, at T2 I3 (round 11); the Korath's commits of rounds 7 to
// 11 seal its orders (no speed, the cloak on), and the stretches of
// rounds 8 and 9, which end at turn 2's energy allocation and, having
// played it, at its declaration, make no roll of its dice. The
// announcement of its phase-in opens its orders of every round its
// commits sealed, those two among them: the federation's machine, which
// computes its time out of phase from the proofs, gives it its side's
// allocation of turn 2 and agrees with the Korath's. (It used to open
// only the rounds the proofs were of, and the federation's machine,
// giving the unit its default allocation, refused the honest
// announcement as false; pbem4's 3405d18 fixed it.)
func TestPhaseInOpensEveryRoundOfItsTimeOutOfPhase(t *testing.T) {
	_, _, files := playLimbo(t)
	f := parse(t, files[len(files)-1].Data)
	sealed := map[rules.UnitID][]int{}
	opened := map[rules.UnitID]map[int]bool{}
	unproved := 0
	told := 0
	for _, m := range f.Messages {
		switch b := m.Body.(type) {
		case *wire.Commit:
			if b.Side == "korath" {
				for _, s := range b.Limbo {
					sealed[rules.UnitID(s.Unit)] = append(sealed[rules.UnitID(s.Unit)], b.Round)
				}
			}
		case *wire.Announce:
			if b.Side != "korath" {
				continue
			}
			for _, o := range b.Limbo {
				u := rules.UnitID(o.Unit)
				if opened[u] == nil {
					opened[u] = map[int]bool{}
				}
				opened[u][o.Round] = true
				proved := false
				for _, p := range b.Proofs {
					if su, _ := rules.SubjectUnit(p.Subject); su == u && p.Round == o.Round {
						proved = true
					}
				}
				if !proved {
					unproved++
				}
			}
			for _, p := range b.PhaseIns {
				told++
				u := rules.UnitID(p.Unit)
				for _, r := range sealed[u] {
					require.True(t, opened[u][r], "message %d tells %s's phase-in and does not open its orders of round %d", b.Seq, u, r)
				}
			}
		}
	}
	require.Positive(t, told, "no Korath phase-in told")
	require.Positive(t, unproved, "no orders opened of a round without a roll of the unit's dice")
}
