package pbemcli

import (
	"fmt"
	"io"
	"strings"

	"github.com/hexrift/hexrift/game/pbem"
)

// maxLogLines bounds how many events of the last stretch Show prints.
const maxLogLines = 60

// showTable writes the table as the seat's side sees it: the clock, the sides,
// the units it may see (its own with their condition), what it may see of
// the last stretch, where the game stands and what the side must do. It
// reads only the side's view and the side's share of the log.
func showTable(s *pbem.Seat, w io.Writer) {
	g := s.Game
	v := g.State.View(s.Side)
	fmt.Fprintf(w, "game %s: %s, you play %s\n", g.ID, v.Scenario.Name, s.Side)
	if t := g.VariantText(); t != "" {
		fmt.Fprintln(w, t)
	}
	fmt.Fprintf(w, "now: %s (round %d)\n", v.Clock, g.Round)
	if c := g.ClaimText(); c != "" {
		fmt.Fprintf(w, "the game is over: %s\n", c)
	}
	if n := len(g.Results); n > 0 {
		r := g.Results[n-1]
		switch {
		case r.Stopped != "":
			fmt.Fprintf(w, "the game stopped: %s\n", r.Stopped)
			if v.Outcome == nil {
				// The points so far: what a stopped game scores is for
				// the players to agree.
				fmt.Fprintf(w, "as it stood when it stopped: %s\n", strings.TrimPrefix(g.State.Outcome().String(), "in play: "))
			}
		case r.Break != "":
			fmt.Fprintf(w, "the last stretch stopped on a break: %s\n", r.Break)
		}
	}
	var sides []string
	for _, sd := range v.Sides {
		sides = append(sides, fmt.Sprintf("%s (%s)", sd.ID, sd.Name))
	}
	fmt.Fprintf(w, "sides: %s\n", strings.Join(sides, ", "))
	var keys []string
	for _, sd := range g.Sides() {
		if k := g.Keys[sd]; k != nil {
			keys = append(keys, fmt.Sprintf("%s %s", sd, pbem.Fingerprint(k)))
		}
	}
	fmt.Fprintf(w, "keys (compare them with the other players by another channel): %s\n\nunits:\n", strings.Join(keys, ", "))
	for _, u := range v.Units {
		line := fmt.Sprintf("  %-14s %-10s %-18s %s facing %s speed %d shields %v armor %d",
			u.ID, u.Side, u.Class, u.Hex, u.Facing, u.Speed, u.Shields, u.Armor)
		if d := u.Detail; d != nil {
			line += fmt.Sprintf(" | battery %d, boxes %d", d.Battery, d.Boxes.Total())
		}
		fmt.Fprintln(w, line)
	}
	if out := s.OutOfPhase(); len(out) > 0 {
		fmt.Fprintln(w, "\nyour units out of phase (only you see them; their energy allocations, the cloak included, are your orders to this machine alone, sealed until the game is over):")
		for _, u := range out {
			line := fmt.Sprintf("  %-14s %-10s %-18s %s facing %s speed %d", u.ID, u.Side, u.Class, u.Hex, u.Facing, u.Speed)
			if u.Gear.Cloak.On {
				line += " cloaked"
			}
			if p := u.Phase; p != nil {
				line += fmt.Sprintf(" | out since %s at %s, %d course rolls", p.Out, p.From, len(p.Moves))
			}
			fmt.Fprintln(w, line)
		}
	}
	if s.MinesUnlaid() {
		fmt.Fprintln(w, "\nyour mines are hidden: your dice lay each within 2 hexes of the scenario's hex as the first round is played")
	}
	if mines := s.Mines(); len(mines) > 0 {
		fmt.Fprintln(w, "\nyour hidden mines (only you see them; where each lies your dice drew at the start, within 2 hexes of the scenario's hex):")
		for _, u := range mines {
			fmt.Fprintf(w, "  %-14s %-10s %-18s %s\n", u.ID, u.Side, u.Class, u.Hex)
		}
	}
	if log := s.NewEvents(); len(log) > 0 {
		fmt.Fprintln(w, "\nwhat happened since you last looked, as you saw it:")
		if len(log) > maxLogLines {
			fmt.Fprintf(w, "  (%d earlier lines)\n", len(log)-maxLogLines)
			log = log[len(log)-maxLogLines:]
		}
		for _, e := range log {
			fmt.Fprintf(w, "  %s  %s\n", e.Clock, e.Text)
		}
	}
	if notes := s.NewNotes(); len(notes) > 0 {
		fmt.Fprintln(w, "\nnotes from the other sides in the files you last received:")
		for _, n := range notes {
			fmt.Fprintf(w, "  %s\n", g.NoteLine(n, "    "))
		}
	}
	fmt.Fprintln(w)
	if v.Outcome != nil {
		fmt.Fprintf(w, "the game is over: %s\n", v.Outcome)
		return
	}
	if side, what, since, ok := g.Stall(); ok && side != s.Side {
		fmt.Fprintf(w, "waiting for %s's %s since message %d", side, what, since)
		if what == "key" {
			fmt.Fprint(w, " (revealed once the game is over, for verify)")
		}
		if g.Claim == nil {
			// A claim settled the game already: nothing more to claim.
			fmt.Fprintf(w, "; if it never comes, hexrift pbem claim -game %s settles the game, %s forfeiting it", g.ID, side)
		}
		fmt.Fprintln(w)
	}
	for _, p := range s.Home.Equivocations(g.ID) {
		fmt.Fprintf(w, "proof that a side signed two different messages at one place of the log is kept in %s\n", p)
	}
	if g.Over() {
		return
	}
	if !s.MustCommit() {
		return
	}
	if len(g.Results) == 0 && len(v.Pending) == 0 {
		fmt.Fprintln(w, "the first round rolls the start of the game (its dice come from every side's nonce): nothing to decide yet")
	}
	kind, legal := s.Decision()
	if kind != "" {
		fmt.Fprintf(w, "your %s: choose one (pbem send -choose N):\n", kind)
		for i, c := range legal {
			fmt.Fprintf(w, "  %3d  %s\n", i+1, c)
		}
	}
	fmt.Fprintln(w, "your orders for the next stretch: the proposed plot (pbem send -orders FILE to give your own):")
	p := s.Propose()
	for _, sh := range p.Ships {
		fmt.Fprintf(w, "  %-14s %s; %s\n", sh.Unit, sh.Course, sh.Fire)
	}
}

// showNotes writes every note of the game, the side's own among them,
// in the order they were written, each with its writer and where the
// game stood.
func showNotes(s *pbem.Seat, w io.Writer) {
	g := s.Game
	if len(g.Notes) == 0 {
		fmt.Fprintln(w, "no notes in this game yet (pbem send -note TEXT writes one to the other sides)")
		return
	}
	fmt.Fprintf(w, "the notes of the game (%d):\n", len(g.Notes))
	for _, n := range g.Notes {
		mark := ""
		if n.Side == s.Side {
			mark = "you, "
		}
		fmt.Fprintf(w, "  %s%s\n", mark, g.NoteLine(n, "    "))
	}
}
