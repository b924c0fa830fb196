package game

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
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

// proofsText lists the proofs of equivocation kept for the table's game
// sc, or "": each with the side and the place its file names
// (equivocation-SIDE-SEQ.json).
func proofsText(h pbem.Home, id string, sc *scenarios.Scenario) string {
	paths := h.Equivocations(id)
	if len(paths) == 0 {
		return ""
	}
	lines := []string{"Your machine keeps proof that another side signed two different messages at one place of this game's log, both in one file:"}
	for _, p := range paths {
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "equivocation-"), ".json")
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			lines = append(lines, fmt.Sprintf("%s at place %s:", sideName(sc, rules.SideID(name[:i])), name[i+1:]))
		}
		lines = append(lines, pathLines(p, 40))
	}
	return strings.Join(lines, "\n")
}
