package game

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/rules"
)

// A file that proves another side signed two different messages at one
// place of the game's log (pbem.Equivocation) is refused with who, where
// and where the proof is kept; the game's table lists the proofs kept.

// refusalOf says why a turn file was refused: a proof that another
// side equivocated says who, where and where the proof is kept; any
// other refusal says what game/pbem found.
func refusalOf(h pbem.Home, err error) string {
	var e *pbem.Equivocation
	if !errors.As(err, &e) {
		return "Refused, and nothing of your games changed: " + err.Error()
	}
	name := e.Side
	if seat, lerr := pbem.LoadSeat(h, e.Game); lerr == nil {
		name = sideName(seat.Game.Scenario, rules.SideID(e.Side))
	}
	kept := "The proof could not be written on this machine; nothing of your games changed."
	if e.Proof != "" {
		kept = "Both are kept as proof in " + e.Proof + "; nothing else of your games changed."
	}
	return fmt.Sprintf("Refused: %s signed two different messages at place %d of game %s's log, the one your machine accepted and the one this file holds. Both carry its signature: only its machine can have written them, so it sent different files for one turn. %s",
		name, e.Seq, e.Game, kept)
}

// proofsText lists the proofs of equivocation kept for the table's
// game, or "".
func proofsText(h pbem.Home, id string) string {
	paths := h.Equivocations(id)
	if len(paths) == 0 {
		return ""
	}
	var lines []string
	for _, p := range paths {
		lines = append(lines, pathLines(p, 40))
	}
	what := "a proof"
	if len(paths) > 1 {
		what = fmt.Sprintf("%d proofs", len(paths))
	}
	return fmt.Sprintf("Your machine keeps %s that a side signed two different messages at one place of this game's log, each file holding both:\n%s",
		what, strings.Join(lines, "\n"))
}
