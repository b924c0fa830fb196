package pbem

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hexrift/hexrift/rules"
)

// ErrUnfinished says a game verified so far is not over: it names whom
// the game waits on.
var ErrUnfinished = errors.New("pbem: the game is not finished")

// Verify checks a game end to end from a turn file: the hash chain and
// every signature, every commitment against its reveal, every round's
// dice from its nonces and every stretch played again by the rules, every
// claimed result against the rules' own, every side's dice key against
// its commitment and the whole game played again with the keys. It returns a summary, a *Cheat
// naming the first message it refuses, or an error wrapping
// ErrUnfinished that names the side the game waits on (a side that
// committed and never reveals withholds its reveal).
func Verify(name string, data []byte) (string, error) {
	f, err := ParseFile(name, data)
	if err != nil {
		return "", err
	}
	g, err := Replay(f)
	if err != nil {
		return "", named(err, name)
	}
	if !g.Finished() {
		side, what, _ := g.Waiting()
		var why string
		switch {
		case what == "key":
			why = fmt.Sprintf("the game is over and waits for %s's dice key: a side that never reveals it withholds the check of its private rolls", side)
		case what == "reveal":
			var shown []string
			for _, sd := range g.Sides() {
				if g.Reveals[sd] != nil {
					shown = append(shown, string(sd))
				}
			}
			done := "every side committed"
			if len(shown) > 0 {
				done += " and " + strings.Join(shown, ", ") + " revealed"
			}
			why = fmt.Sprintf("round %d waits for %s's reveal (%s): a side that never reveals withholds its orders and stops the game", g.Round, side, done)
		case what == "announce":
			why = fmt.Sprintf("round %d waits for %s's announcement of what its units out of phase, its pending cosmic rift or its hidden mines did, which only its machine can compute: a side that never announces withholds it and stops the game", g.Round, side)
		case what == "result":
			why = fmt.Sprintf("round %d is revealed but its result is not written", g.Round)
		default:
			why = fmt.Sprintf("round %d waits for %s's %s", g.Round, side, what)
		}
		// What was checked all the same: everything but the private
		// rolls, which need the dice keys.
		return "", fmt.Errorf("%w: %s. So far all %d messages check: every signature and the hash chain, every commitment opened, %d rounds played again by the rules; the private rolls are checked once every side's dice key is in", ErrUnfinished, why, g.Len(), len(g.Results))
	}
	rolls := 0
	for _, r := range g.Results {
		rolls += len(r.Rolls)
	}
	end := g.State.Outcome().String()
	if n := len(g.Results); n > 0 && g.Results[n-1].Stopped != "" {
		end = "stopped: " + g.Results[n-1].Stopped
	}
	notes := ""
	if len(g.Notes) > 0 {
		notes = fmt.Sprintf(" (%d of them notes)", len(g.Notes))
	}
	return fmt.Sprintf("game %s verified: %d messages%s, every signature and the hash chain checked, every commitment opened and matched, every dice key matched, %d rounds, %d commands and %d rolls played again by the rules; %s (state hash %s)",
		g.ID, g.Len(), notes, len(g.Results), len(g.Commands), rolls, end, shortHash(g.State.Hash())), nil
}

func shortHash(h rules.Hash) string { return h.String()[:12] }
