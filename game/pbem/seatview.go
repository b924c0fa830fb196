package pbem

import (
	"github.com/hexrift/hexrift/rules"
)

// What a seat's side sees of its own secrets, which the peer state keeps
// in limbo out of every view, the side's own included: for its eyes
// only, on its own machine.

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
