package rules

import "fmt"

// House rules of mines (docs/RULES.md, "Mines"). A mine is a unit of kind
// mine (class "mine"): it does not move, it is hidden from other sides, and
// it goes off when a unit of another side enters its hex during its own
// movement: it is destroyed and its explosion strikes every unit in the hex.

// isMine reports whether u is a mine.
func isMine(u *Unit) bool { return u.Kind == KindMine }

// hiddenFrom reports whether side cannot see u: another side's mine.
// The public table view sees no mines.
func hiddenFrom(u *Unit, side SideID) bool { return isMine(u) && (side == "" || u.Side != side) }

// mineEnter is the enter-hex check that sets off mines.
func mineEnter(s *State, u *Unit, from, to Hex) moveOutcome {
	if u.PhasedOut || isMine(u) || s.mines == 0 {
		return moveOutcome{}
	}
	if s.Peer != nil {
		return s.peerMineEnter(u, to)
	}
	var o moveOutcome
	for _, m := range s.unitsAt(u.Map, to) {
		if !isMine(m) || !m.OnMap() || m.PhasedOut || m.Side == u.Side {
			continue
		}
		o.Events = append(o.Events, s.unitEvent(EventNote, "", m, fmt.Sprintf("%s enters %v and sets off mine %s", unitName(u), to, m.ID)))
		o.Events = append(o.Events, s.destroy(m, "set off by "+unitName(u))...)
	}
	return o
}
