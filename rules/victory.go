package rules

import "fmt"

// The end of the game and its result (house rules, docs/RULES.md
// "Victory"): the BPV each side destroyed, plus the points of its
// scenario objectives (objective.go).

// SideResult is how one side fared.
type SideResult struct {
	Side SideID `json:"side"`
	// OnMap to Destroyed count the side's units by status; seeking
	// weapons are ordnance, not units of the fleet, and are left out.
	OnMap     int `json:"on_map"`
	Carried   int `json:"carried"`
	Reserve   int `json:"reserve"`
	Withdrawn int `json:"withdrawn"`
	Destroyed int `json:"destroyed"`
	// Trapped counts units left beyond a closed cosmic rift; they are
	// counted destroyed too (IP4.27, IP4.452).
	Trapped int `json:"trapped,omitempty"`
	// Lost is the BPV of the side's destroyed and captured units; BPV
	// the BPV every other side lost.
	Lost int `json:"lost"`
	BPV  int `json:"bpv"`
	// Objectives is the points of the side's scenario objectives met, and
	// Met a line for each of them ("exit 2 of hope, patience: 60");
	// Missed a line for each objective of the side not met as the game
	// stands, in the same form.
	Objectives int      `json:"objectives,omitempty"`
	Met        []string `json:"met,omitempty"`
	Missed     []string `json:"missed,omitempty"`
	// Points is the side's score: BPV plus Objectives.
	Points int `json:"points"`
	// Destination is set for the defenders of a cosmic rift destination:
	// they defend their own map and do not contend for the game's
	// victory, so their points are reported apart (docs/RULES.md
	// "Victory").
	Destination MapID `json:"destination,omitempty"`
}

// Outcome is the result of a game: each side's result in side order, and
// the winner, empty for a draw.
type Outcome struct {
	Over   bool         `json:"over"`
	Sides  []SideResult `json:"sides"`
	Winner SideID       `json:"winner,omitempty"`
}

// String summarises the outcome, e.g. "blue wins: blue 125, red 70",
// with the defenders of rift destinations apart: "blue wins: blue 125,
// red 70; defending yard: yard.wardens 40".
func (o Outcome) String() string {
	head := "draw"
	switch {
	case !o.Over:
		head = "in play"
	case o.Winner != "":
		head = string(o.Winner) + " wins"
	}
	n := 0
	for _, r := range o.Sides {
		if r.Destination != "" {
			continue
		}
		sep := ", "
		if n == 0 {
			sep = ": "
		}
		n++
		head += fmt.Sprintf("%s%s %d", sep, r.Side, r.Points)
	}
	var dest MapID
	for _, r := range o.Sides {
		if r.Destination == "" {
			continue
		}
		sep := ", "
		if r.Destination != dest {
			sep = fmt.Sprintf("; defending %s: ", r.Destination)
			dest = r.Destination
		}
		head += fmt.Sprintf("%s%s %d", sep, r.Side, r.Points)
	}
	return head
}

// Outcome tallies the game as it stands. Every side scores the BPV of
// the other sides' destroyed and captured units; units in reserve or
// withdrawn are not destroyed (GR41.2.3, GRN.2). Each side adds the
// points of its scenario objectives met. The winner is the side of the
// origin scenario with the most points, none if the best are tied: the
// defenders of a cosmic rift destination are scored but do not contend
// (they defend their own map, IP4.44).
func (s *State) Outcome() Outcome {
	o := Outcome{Over: s.Clock.Step == StepGameOver}
	idx := map[SideID]int{}
	for i, sd := range s.Sides {
		o.Sides = append(o.Sides, SideResult{Side: sd.ID, Destination: sd.Destination})
		idx[sd.ID] = i
	}
	// credit scores a loss of side k's BPV to the other sides: all of
	// them, except that the defenders of a cosmic rift destination
	// (Side.Destination) count only for the sides that went there.
	reached := s.riftVisitors()
	credit := func(k, bpv int) {
		dest := s.Sides[k].Destination
		for j := range o.Sides {
			if j != k && (dest == "" || reached[dest][s.Sides[j].ID]) {
				o.Sides[j].BPV += bpv
			}
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		k, ok := idx[u.Side]
		if !ok || isSeeker(u) {
			continue
		}
		r := &o.Sides[k]
		if u.Ship != nil && u.Ship.CapturedFrom != "" && u.Status != StatusDestroyed {
			// A captured unit is a loss to the side it was taken from.
			if j, ok := idx[u.Ship.CapturedFrom]; ok {
				if c := lookupClass(u.Class); c != nil {
					o.Sides[j].Lost += c.BPV
					credit(j, c.BPV)
				}
			}
		}
		status := u.Status
		if u.Cross.Trapped && status != StatusDestroyed {
			r.Trapped++
			status = StatusDestroyed // IP4.452
		}
		switch status {
		case StatusOnMap, StatusLimbo:
			r.OnMap++
		case StatusCarried:
			r.Carried++
		case StatusReserve:
			r.Reserve++
		case StatusWithdrawn:
			r.Withdrawn++
		case StatusDestroyed:
			r.Destroyed++
			if c := lookupClass(u.Class); c != nil {
				r.Lost += c.BPV
				credit(k, c.BPV)
			}
		}
	}
	for i := range s.Objectives {
		ob := &s.Objectives[i]
		k, ok := idx[ob.Side]
		if !ok {
			continue
		}
		r := &o.Sides[k]
		if !s.ObjectiveMet(ob) {
			r.Missed = append(r.Missed, fmt.Sprintf("%s: %d", ob, ob.Points))
			continue
		}
		r.Objectives += ob.Points
		r.Met = append(r.Met, fmt.Sprintf("%s: %d", ob, ob.Points))
	}
	best, tied := -1, false
	for i := range o.Sides {
		r := &o.Sides[i]
		r.Points = r.BPV + r.Objectives
		if r.Destination != "" {
			continue // a destination's defenders do not contend
		}
		switch {
		case r.Points > best:
			best, tied, o.Winner = r.Points, false, r.Side
		case r.Points == best:
			tied = true
		}
	}
	if tied {
		o.Winner = ""
	}
	return o
}

// gameOver reports whether the game ends instead of moving the clock to
// next: the turn limit is reached, or of two or more sides that had units
// at most one still has any in play (on a map, carried or in reserve).
func (s *State) gameOver(next Clock) bool {
	if s.Ruleset.TurnLimit > 0 && next.Step == StepStartOfTurn && next.Turn > s.Ruleset.TurnLimit {
		return true
	}
	had, in := map[SideID]bool{}, map[SideID]bool{}
	for i := range s.Units {
		u := &s.Units[i]
		if isSeeker(u) || isMine(u) {
			continue // ordnance keeps no side in the game
		}
		if sd, _ := s.Side(u.Side); sd.Destination != "" || u.Cross.Trapped {
			continue // a rift's defenders and trapped units keep no side in the game
		}
		had[u.Side] = true
		if u.Ship != nil && u.Ship.CapturedFrom != "" {
			had[u.Ship.CapturedFrom] = true
		}
		switch u.Status {
		case StatusOnMap, StatusCarried, StatusReserve, StatusLimbo:
			in[u.Side] = true
		}
	}
	return len(had) >= 2 && len(in) <= 1
}

// riftVisitors returns, for each cosmic rift destination map, the sides
// that have had a unit go through a rift to it, or have one on it now.
func (s *State) riftVisitors() map[MapID]map[SideID]bool {
	out := map[MapID]map[SideID]bool{}
	mark := func(m MapID, side SideID) {
		if out[m] == nil {
			out[m] = map[SideID]bool{}
		}
		out[m][side] = true
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Cross.Rift != "" {
			for j := range s.Cosmic.Rifts {
				if r := &s.Cosmic.Rifts[j]; r.ID == u.Cross.Rift && r.Dest != "" {
					mark(r.Dest, u.Side)
				}
			}
		}
		if u.OnMap() {
			mark(u.Map, u.Side)
		}
	}
	return out
}
