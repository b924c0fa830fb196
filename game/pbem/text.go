package pbem

import (
	"fmt"
	"io"
	"strings"

	"github.com/hexrift/hexrift/rules"
)

// maxLogLines bounds how many events of the last stretch Show prints.
const maxLogLines = 60

// Show writes the table as the seat's side sees it: the clock, the sides,
// the units it may see (its own with their condition), what it may see of
// the last stretch, where the game stands and what the side must do. It
// reads only the side's view and the side's share of the log.
func (s *Seat) Show(w io.Writer) {
	g := s.Game
	v := g.State.View(s.Side)
	fmt.Fprintf(w, "game %s: %s, you play %s\n", g.ID, v.Scenario.Name, s.Side)
	if t := g.VariantText(); t != "" {
		fmt.Fprintln(w, t)
	}
	fmt.Fprintf(w, "now: %s (round %d)\n", v.Clock, g.Round)
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
			keys = append(keys, fmt.Sprintf("%s %s", sd, Fingerprint(k)))
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
	if g.Over() {
		if side, what, ok := g.Waiting(); ok && side != s.Side {
			fmt.Fprintf(w, "waiting for %s's %s (revealed once the game is over, for verify)\n", side, what)
		}
		return
	}
	if side, what, ok := g.Waiting(); ok && side != s.Side && what != "result" {
		fmt.Fprintf(w, "waiting for %s's %s\n", side, what)
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

// ShowNotes writes every note of the game, the side's own among them,
// in the order they were written, each with its writer and where the
// game stood.
func (s *Seat) ShowNotes(w io.Writer) {
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

// OutOfPhase returns the side's units out of phase, as its own machine
// computes them with its dice key (the peer state keeps them out of every
// view, the side's own included): where they are and their record
// (IP8.337), for the side's eyes only.
func (s *Seat) OutOfPhase() []rules.Unit {
	var out []rules.Unit
	st := s.Game.State
	if st == nil {
		return nil
	}
	for i := range st.Units {
		if u := &st.Units[i]; u.Side == s.Side && u.PhasedOut && u.Status == rules.StatusLimbo {
			out = append(out, *u)
		}
	}
	return out
}

// NewEvents returns the events the side may see of the stretches it had
// not seen before the file it opened: what happened since it last looked.
func (s *Seat) NewEvents() []rules.Event {
	g := s.Game
	var out []rules.Event
	for _, evs := range g.Stretches[min(s.Seen, len(g.Stretches)):] {
		out = append(out, rules.Events(evs, s.Side)...)
	}
	return out
}

// Mines returns the side's mines not yet set off, where its own machine
// laid them with its dice key (the peer state keeps them out of every
// view, the side's own included), for the side's eyes only; none when
// the machine does not hold them.
func (s *Seat) Mines() []rules.Unit {
	st := s.Game.State
	if st == nil || !st.MinesKnown(s.Side) {
		return nil
	}
	return st.HiddenMines(s.Side)
}

// MinesUnlaid reports whether the side has hidden mines that its own
// dice are yet to lay: its machine holds them, and the game has not
// started (the first round lays them).
func (s *Seat) MinesUnlaid() bool {
	st := s.Game.State
	return st != nil && st.Peer != nil && st.Peer.Side == s.Side && !st.MinesKnown(s.Side) && len(st.HiddenMines(s.Side)) > 0
}

// View returns the side's view as its own machine shows it: the view of
// the game's state with the side's units out of phase, which the peer
// state keeps in limbo out of every view, where they drift, as the
// hot-seat view shows a side its own (IP8.32: a marker for their side
// alone), and its hidden mines where they lie. Nothing of another side's
// units out of phase or mines is in it.
func (s *Seat) View() *rules.View { return sideView(s.Game.State, s.Side) }

// sideView returns side's view of st as its own machine shows it: with
// its units out of phase and its hidden mines, which the peer state
// keeps in limbo, out of every view.
func sideView(st *rules.State, side rules.SideID) *rules.View {
	st = st.Clone()
	mines := st.MinesKnown(side)
	for i := range st.Units {
		u := &st.Units[i]
		if u.Side != side || u.Status != rules.StatusLimbo {
			continue
		}
		if u.PhasedOut || mines && u.Kind == rules.KindMine {
			u.Status = rules.StatusOnMap
		}
	}
	return st.View(side)
}
