package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// The move panel opens on a plan the rules accept, so Commit is enabled
// at once: where the impulse makes the ship move (staying is refused)
// it proposes the rules' first plain plan, not "stay".
func TestMovePanelProposesALegalMove(t *testing.T) {
	tests := []struct {
		scenario string
		seed     uint64
	}{
		{"testdata/duel.yaml", 1},
		{"first-contact", 2},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			src, err := scenarios.ReadSource(tt.scenario)
			require.NoError(t, err)
			sc, err := src.Load()
			require.NoError(t, err)
			sess, err := match.NewSession(src, tt.seed, match.DefaultSeats(sc))
			require.NoError(t, err)
			st := sess.State
			moves, mustMove := 0, 0
			for guard := 0; guard < 600 && !sess.Over() && st.Clock.Turn <= 2; guard++ {
				pend := st.Pending()
				if len(pend) == 0 {
					st.Advance()
					continue
				}
				if st.Expecting() == rules.CmdMove {
					d := orderPanel(st, pend[0])
					b := newMoveBuilder(d)
					moves++
					assert.Empty(t, checkText(d, b.command(d)), "%s: the proposed plan %v of %s", st.Clock, b.steps, b.unit)
					stay := rules.Command{Kind: rules.CmdMove, Side: pend[0], Move: &rules.MovePlan{Unit: b.unit}}
					if checkText(d, stay) != "" {
						mustMove++
						assert.NotEmpty(t, b.steps, "%s: %s must move", st.Clock, b.unit)
					} else {
						assert.Empty(t, b.steps, "%s: %s has nothing to move and stays", st.Clock, b.unit)
					}
				}
				// The energy panel's own allocation, by which some
				// impulses move a ship and some do not.
				cmd := st.Legal(pend[0])[0]
				switch cmd.Kind {
				case rules.CmdAllocate:
					d := orderPanel(st, pend[0])
					cmd = newAllocBuilder(d).command(d)
				case rules.CmdActivity:
					cmd = rules.Command{Kind: rules.CmdActivity, Side: pend[0]}
				}
				_, err := sess.Submit(cmd)
				require.NoError(t, err)
			}
			assert.Greater(t, mustMove, 0, "some impulse made a ship move (of %d moves)", moves)
			assert.Less(t, mustMove, moves, "and some let it stay")
		})
	}
}
