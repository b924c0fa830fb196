package rules

import (
	"fmt"
	"maps"
	"slices"
)

// Mines in the peer state. A mine is hidden from every other side
// (mines.go), but the scenario that places it is in the genesis every
// machine holds. So in a game played between machines each mine lies at
// a hex its own side's private dice draw at the start of the game, within
// mineScatter hexes of the hex the scenario gives it (layMines): the
// other machines cannot compute it. On every machine a mine not yet set
// off is in limbo (StatusLimbo, not out of phase): out of the turn, the
// views, the legal commands, the decisions and every explosion and
// sphere, so that every machine plays the public game alike; only the
// machines that know it (its side's, a verifier's, or one given its
// side's proof of the roll that laid it, sidedice.go) hold its hex. The
// others hold no hex for it, only the scenario's (PeerState.mineFrom),
// which is public.
//
// A unit of another side that enters, in its own movement, a hex within
// mineScatter hexes of the scenario's hex of a mine in limbo on its map
// is a mine point of the mine's side (MinePoint): the mine may lie
// there. The
// machines that know a mine set it off if it is there and record each
// set-off (MineNews) for the side's announcement; a machine that does not
// know one of the side's mines that may lie there waits (Missing) while
// the side's announcements do not reach the point: the side's word that
// none of those it does not know went off there. Points are
// numbered per side in the order the game passes them, alike on every
// machine, and an announcement reaches a number of them
// (AnnounceMines): a point is a step of a command, and a clock alone
// would not tell two points of the same movement step apart.

// mineScatter is how far from the scenario's hex a mine's side's dice may
// lay it in a game played between machines.
const mineScatter = 2

// MinePoint is an enter-hex check at which a side's mine in limbo may go
// off: Unit, of another side, enters Hex at Clock.
type MinePoint struct {
	Clock Clock  `json:"clock"`
	Side  SideID `json:"side"`
	Unit  UnitID `json:"unit"`
	Hex   Hex    `json:"hex"`
}

// MineNews is what a side's machine tells the other machines of one of
// its mines set off: at the side's mine point number Point, Unit entered
// Hex at Clock and set off Mine.
type MineNews struct {
	Clock Clock  `json:"clock"`
	Side  SideID `json:"side"`
	Point int    `json:"point"`
	Unit  UnitID `json:"unit"`
	Hex   Hex    `json:"hex"`
	Mine  UnitID `json:"mine"`
}

// hideMines puts every mine on a map in limbo at the start of a game
// played between machines, keeping the scenario's hex of each; a machine
// that does not know the mine's side keeps no hex for it.
func (s *State) hideMines() {
	p := s.Peer
	if p == nil {
		return
	}
	for i := range s.Units {
		u := &s.Units[i]
		if !isMine(u) || u.Status != StatusOnMap || u.PhasedOut {
			continue
		}
		if p.mineFrom == nil {
			p.mineFrom = map[UnitID]Hex{}
		}
		p.mineFrom[u.ID] = u.Hex
		u.Status = StatusLimbo
		if !s.knowsMine(u) {
			u.Hex = Hex{}
		}
	}
}

// knowsMine reports whether this machine knows where mine m lies.
func (s *State) knowsMine(m *Unit) bool { return s.knowsSecret(m.Side, MineSubject(m.ID)) }

// hiddenMine reports whether u is a mine in limbo (peermine.go).
func hiddenMine(u *Unit) bool { return isMine(u) && u.Status == StatusLimbo && !u.PhasedOut }

// mineHexes returns the hexes within mineScatter of from that a mine
// scattered from it may lie at, in a fixed order (by Q, then R): from
// itself, and each other that holds no point feature (a star, planet,
// moon or black hole) and is not phase space (IP8.47: a mine there would
// phase at random).
func (s *State) mineHexes(m MapID, from Hex) []Hex {
	mp := s.mapByID(m)
	var out []Hex
	for dq := -mineScatter; dq <= mineScatter; dq++ {
		for dr := -mineScatter; dr <= mineScatter; dr++ {
			h := Hex{Q: from.Q + dq, R: from.R + dr}
			if h.Distance(from) > mineScatter {
				continue
			}
			if h != from {
				if mp == nil || s.InPhaseSpace(m, h) {
					continue
				}
				if _, ok := mp.Terrain.FeatureAt(h); ok {
					continue
				}
			}
			out = append(out, h)
		}
	}
	return out
}

// layMines draws, at the start of a game played between machines, where
// each mine in limbo this machine knows lies: one roll of its side's own
// private dice over the hexes mineHexes allows (uniform over the 19 hexes
// within two of the scenario's, drawn again until one is allowed, which
// one roll over the allowed ones is).
func (s *State) layMines() []Event {
	p := s.Peer
	if p == nil || s.Clock.Turn != 1 {
		return nil
	}
	var evs []Event
	for i := range s.Units {
		u := &s.Units[i]
		if !hiddenMine(u) || !s.knowsMine(u) {
			continue
		}
		from, ok := p.mineFrom[u.ID]
		if !ok {
			continue
		}
		hexes := s.mineHexes(u.Map, from)
		h := hexes[0]
		if len(hexes) > 1 {
			r, ev := s.Roll(Dice{N: 1, Sides: len(hexes)}, RollReason{Clause: "mines", Side: u.Side, Unit: u.ID, Audience: Only(u.Side), What: "where mine " + string(u.ID) + " lies", Subject: MineSubject(u.ID)})
			evs = append(evs, ev)
			h = hexes[r.Total-1]
		}
		s.setHex(u, h)
		ev := s.newEvent(EventNote, "mines", Only(u.Side), fmt.Sprintf("mine %s lies at %v (the scenario gives %v)", u.ID, h, from))
		ev.Unit, ev.Side = u.ID, u.Side
		evs = append(evs, ev)
	}
	return evs
}

// peerMineEnter is mineEnter in a game played between machines: u enters
// to. Every side but u's with a mine in limbo whose scenario hex is
// within mineScatter of to has a mine point here; the mines this machine
// knows that lie at to go off, in the order of their ids, as at a table.
// A mine it does not know that may lie at to makes the point missing
// while its side's announcements do not reach it.
func (s *State) peerMineEnter(u *Unit, to Hex) moveOutcome {
	p := s.Peer
	var sides []SideID
	for i := range s.Units {
		m := &s.Units[i]
		if hiddenMine(m) && m.Side != u.Side && m.Map == u.Map && p.mineFrom[m.ID].Distance(to) <= mineScatter {
			sides = appendUnique(sides, m.Side)
		}
	}
	if len(sides) == 0 {
		return moveOutcome{}
	}
	slices.Sort(sides)
	var off []*Unit
	for _, side := range sides {
		p.minePts = append(p.minePts, MinePoint{Clock: s.Clock, Side: side, Unit: u.ID, Hex: to})
		k := p.pointsOf(side)
		unknown := false
		for i := range s.Units {
			m := &s.Units[i]
			if !hiddenMine(m) || m.Side != side || m.Map != u.Map || p.mineFrom[m.ID].Distance(to) > mineScatter {
				continue
			}
			if !s.knowsMine(m) {
				unknown = true
				continue
			}
			if m.Hex == to {
				off = append(off, m)
				p.mineMade = append(p.mineMade, MineNews{Clock: s.Clock, Side: side, Point: k, Unit: u.ID, Hex: to, Mine: m.ID})
			}
		}
		if unknown && k > p.mineReach[side] {
			if p.missing == nil {
				p.missing, p.missingPts = &PhasePoint{Clock: s.Clock, Sides: []SideID{side}}, len(p.minePts)-1
			} else if p.missing.Clock == s.Clock {
				p.missing.Sides = appendUnique(p.missing.Sides, side)
				slices.Sort(p.missing.Sides)
			}
		}
	}
	slices.SortFunc(off, func(a, b *Unit) int { return compareString(string(a.ID), string(b.ID)) })
	var o moveOutcome
	for _, m := range off {
		m.Status = StatusOnMap
		o.Events = append(o.Events, s.unitEvent(EventNote, "", m, fmt.Sprintf("%s enters %v and sets off mine %s", unitName(u), to, m.ID)))
		o.Events = append(o.Events, s.destroy(m, "set off by "+unitName(u))...)
	}
	return o
}

// pointsOf returns how many mine points of side the game has passed.
func (p *PeerState) pointsOf(side SideID) int {
	n := 0
	for _, pt := range p.minePts {
		if pt.Side == side {
			n++
		}
	}
	return n
}

// AnnounceMines takes side's word that none of its mines this machine
// does not know went off at its first reach mine points of the game.
// (The mines that did are told by the side's dice for them, which the
// side gives as it tells the set-off: this machine then knows them.) It
// refuses a reach short of the side's last announcement's.
func (s *State) AnnounceMines(side SideID, reach int) error {
	p := s.Peer
	if p == nil {
		return refuse("", "an announcement in a game not played between machines")
	}
	if last := p.mineReach[side]; reach < last {
		return refuse("", "%s's announcement reaches its mine point %d, short of its last announcement's %d", side, reach, last)
	}
	m := maps.Clone(p.mineReach)
	if m == nil {
		m = map[SideID]int{}
	}
	m[side] = reach
	p.mineReach = m
	return nil
}

// MinesMade returns the set-offs of the mines this machine knows, in the
// order they happened.
func (s *State) MinesMade() []MineNews {
	if s.Peer == nil {
		return nil
	}
	return slices.Clone(s.Peer.mineMade)
}

// MinePoints returns the mine points the game has passed, in order.
func (s *State) MinePoints() []MinePoint {
	if s.Peer == nil {
		return nil
	}
	return slices.Clone(s.Peer.minePts)
}

// HiddenMines returns side's mines in limbo, as this machine holds them:
// with their hex where it knows side's mines, for side's eyes only.
func (s *State) HiddenMines(side SideID) []Unit {
	var out []Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && hiddenMine(u) {
			out = append(out, *u)
		}
	}
	return out
}

// MinesKnown reports whether this machine holds where side's mines lie:
// it knows side, and the game has started, so that their side's dice
// laid them (layMines).
func (s *State) MinesKnown(side SideID) bool {
	started := s.Clock.Turn > 1 || s.Clock.Step != StepStartOfTurn || s.Turn.Entered
	return s.Peer != nil && (s.Peer.All || s.Peer.Side == side) && started
}

// cloneMines copies the mines' part of a peer state.
func (c *PeerState) cloneMines(p *PeerState) {
	c.minePts, c.mineMade = slices.Clone(p.minePts), slices.Clone(p.mineMade)
}

// SurePoints returns the mine points this machine passed before the
// missing point, if any (all it passed if none): those whose outcome it
// computed knowing everything before them, which its side may announce.
func (s *State) SurePoints() []MinePoint {
	p := s.Peer
	if p == nil {
		return nil
	}
	if p.missing != nil {
		return slices.Clone(p.minePts[:p.missingPts])
	}
	return slices.Clone(p.minePts)
}

// SureMines returns the set-offs this machine made at the points
// SurePoints returns.
func (s *State) SureMines() []MineNews {
	pts := s.SurePoints()
	reach := map[SideID]int{}
	for _, pt := range pts {
		reach[pt.Side]++
	}
	var out []MineNews
	for _, n := range s.MinesMade() {
		if n.Point <= reach[n.Side] {
			out = append(out, n)
		}
	}
	return out
}

// MineReach returns how many of side's mine points its announcements
// reach.
func (s *State) MineReach(side SideID) int {
	if s.Peer == nil {
		return 0
	}
	return s.Peer.mineReach[side]
}
