package pbem

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hexrift/hexrift/rules"
)

// ErrUnfinished says a game verified so far is not finished: it names
// whom the game waits on, and since when.
var ErrUnfinished = errors.New("pbem: the game is not finished")

// Verify checks a game end to end from a turn file: the hash chain and
// every signature, every commitment against its reveal, every round's
// dice from its nonces and every stretch played again by the rules,
// every claimed result against the rules' own, every announcement against
// the secrets its proofs open, and, once every side's dice key is in,
// the whole game played again with the keys. It returns a summary, a
// *Cheat naming the first message it refuses, or an error wrapping
// ErrUnfinished that names the side the game waits on and since which
// message (a side that committed and never reveals withholds its reveal;
// one that never sends its key after the end withholds the check of its
// secrets), or the claim that settled it.
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
		return "", fmt.Errorf("%w: %s. So far all %d messages check: every signature and the hash chain, every commitment opened, %d rounds played again by the rules, every announcement against the dice it proves; the secrets no announcement told are checked once every side's dice key is in", ErrUnfinished, g.waitText(), g.Len(), len(g.Results))
	}
	rolls := 0
	for _, r := range g.Results {
		rolls += len(r.Rolls)
	}
	end := g.State.Outcome().String()
	switch {
	case g.Claim != nil:
		end = g.ClaimText()
	case len(g.Results) > 0 && g.Results[len(g.Results)-1].Stopped != "":
		end = "stopped: " + g.Results[len(g.Results)-1].Stopped
	}
	notes := ""
	if len(g.Notes) > 0 {
		notes = fmt.Sprintf(" (%d of them notes)", len(g.Notes))
	}
	return fmt.Sprintf("game %s verified: %d messages%s, every signature and the hash chain checked, every commitment opened and matched, every dice key matched, %d rounds, %d commands and %d public rolls played again by the rules, every secret checked with every side's dice; %s (public state hash %s)",
		g.ID, g.Len(), notes, len(g.Results), len(g.Commands), rolls, end, g.State.PublicHash().String()[:12]), nil
}

// waitText says whom an unfinished game waits on, for what and since
// when, in words.
func (g *Game) waitText() string {
	side, what, ok := g.Waiting()
	since := fmt.Sprintf(" since message %d", g.Len()-1)
	var why string
	switch {
	case !ok:
		why = "it waits for no message"
	case what == "key" && g.Claim != nil:
		// The claim says who forfeits: nothing more to claim.
		why = fmt.Sprintf("the game is over and waits for %s's dice key%s: a side that never sends it withholds the check of its secrets", side, since)
	case what == "key":
		why = fmt.Sprintf("the game is over and waits for %s's dice key%s: a side that never sends it withholds the check of its secrets and forfeits, which %s's claim settles (pbem claim)", side, since, otherThan(g, side))
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
		why = fmt.Sprintf("round %d waits for %s's reveal%s (%s): a side that never reveals withholds its orders and stops the game, which a claim settles (pbem claim)", g.Round, side, since, done)
	case what == "announce":
		why = fmt.Sprintf("round %d waits for %s's announcement%s of what its units out of phase, its pending cosmic rift or its hidden mines did, which only its machine can compute: a side that never announces stops the game, which a claim settles (pbem claim)", g.Round, side, since)
	case what == "result":
		why = fmt.Sprintf("round %d is revealed but its result is not written", g.Round)
	default:
		why = fmt.Sprintf("round %d waits for %s's %s%s", g.Round, side, what, since)
	}
	if c := g.ClaimText(); c != "" {
		why = c + "; " + why
	}
	return why
}

// otherThan names the sides of g but side, for text.
func otherThan(g *Game, side rules.SideID) string {
	var out []string
	for _, sd := range g.Sides() {
		if sd != side {
			out = append(out, string(sd))
		}
	}
	return strings.Join(out, " or ")
}
