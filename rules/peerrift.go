package rules

import (
	"fmt"
	"slices"
)

// Cosmic rifts in the peer state. A side's formation roll is public
// (IP4.21-22), but the delay of the rift it raises is its own roll
// (IP4.231), and so is the rift's place when it forms (IP4.232): a
// machine of another side cannot compute when, or whether, the rift
// forms. On such a machine the pending rift is in limbo (PendingRift.
// Limbo): it exists, with its side and the impulse it was raised, and
// nothing more. Every involuntary step while it is pending is a point at
// which it may form: the machine that does not know it waits there
// (Missing) until the side's announcements reach the point, and plays
// what the side's machine announced (RiftNews): the rift did not form
// (IP4.232 no unit to place it from, IP4.233 point terrain, IP4.29 a
// recent rift), or it formed (IP4.25). The side's own machine, and a
// verifier holding every key, make the rolls and record the outcome for
// the announcement (RiftsMade).
//
// A rift that forms is recorded on a machine that does not know its place
// with its public facts only (id, side, clock, the public lifetime roll,
// IP4.25), closed and in limbo: it acts nowhere there. Play by file stops
// before the step in which a rift forms, on every machine alike, as its
// place decides what follows (displacement IP4.24, detection IP4.28, fire
// IP4.15, radiation IP4.31) and the peer state does not play that.

// RiftNews is what a side's machine tells the other machines of its
// pending cosmic rift at the involuntary step it was due to form
// (IP4.231): by Clause, whether it formed (IP4.25) or not (IP4.232,
// IP4.233, IP4.29).
type RiftNews struct {
	Clock  Clock  `json:"clock"`
	Side   SideID `json:"side"`
	Clause string `json:"clause"`
}

// Formed reports whether the news is of a rift that formed.
func (n RiftNews) Formed() bool { return n.Clause == "IP4.25" }

// riftNewsClauses are the clauses a rift's news may give.
var riftNewsClauses = []string{"IP4.25", "IP4.232", "IP4.233", "IP4.29"}

// knowsSide reports whether this machine computes side's secrets: always
// outside play between machines.
func (s *State) knowsSide(side SideID) bool {
	p := s.Peer
	return p == nil || p.All || side == p.Side
}

// raisePending records the rift side's formation roll raised (IP4.22):
// its delay rolled (IP4.231) where this machine knows the side, in limbo
// elsewhere. In play between machines it also records the impulse it was
// raised, public on every machine.
func (s *State) raisePending(side SideID) []Event {
	now := s.Clock.absoluteImpulse(s.Ruleset.ImpulsesPerTurn)
	p := PendingRift{Side: side}
	if s.Peer != nil {
		p.Raised = now
	}
	var evs []Event
	if s.knowsSide(side) {
		r, ev := s.Roll(d6s(s.cosmicDice().Delay), RollReason{Clause: "IP4.231", Side: side, Audience: Only(side), What: "cosmic rift delay"})
		evs = append(evs, ev)
		p.At = now + r.Total
	} else {
		p.Limbo = true
	}
	s.Cosmic.Pending = append(s.Cosmic.Pending, p)
	return evs
}

// pendingRifts is the pending rifts' part of the involuntary step: each
// whose time is up forms (formRift); one in limbo forms as its side's
// machine announced, or waits for the announcement.
func (s *State) pendingRifts() []Event {
	var evs []Event
	now := s.Clock.absoluteImpulse(s.Ruleset.ImpulsesPerTurn)
	var keep []PendingRift
	for _, p := range s.Cosmic.Pending {
		s.riftPoint(p.Side)
		switch {
		case p.Limbo:
			e, done := s.limboRift(p, now)
			evs = append(evs, e...)
			if !done {
				keep = append(keep, p)
			}
		case now >= p.At:
			evs = append(evs, s.formPending(p.Side)...)
		default:
			keep = append(keep, p)
		}
	}
	s.Cosmic.Pending = keep
	return evs
}

// riftPoint records, in play between machines, that side's pending rift
// may form at this step: a point its side's announcement must reach.
func (s *State) riftPoint(side SideID) {
	p := s.Peer
	if p == nil {
		return
	}
	if n := len(p.points); n > 0 && p.points[n-1].Clock == s.Clock {
		p.points[n-1].Sides = appendUnique(p.points[n-1].Sides, side)
		slices.Sort(p.points[n-1].Sides)
		return
	}
	p.points = append(p.points, PhasePoint{Clock: s.Clock, Sides: []SideID{side}})
}

// formPending forms a pending rift this machine knows, and records what
// came of it for its side's announcement.
func (s *State) formPending(side SideID) []Event {
	n := len(s.Cosmic.Rifts)
	evs := s.formRift(side)
	if p := s.Peer; p != nil {
		clause := "IP4.25"
		if len(s.Cosmic.Rifts) == n {
			clause = evs[len(evs)-1].Clause
		}
		p.riftMade = append(p.riftMade, RiftNews{Clock: s.Clock, Side: side, Clause: clause})
	}
	return evs
}

// limboRift plays a pending rift in limbo at this step: as announced, if
// its side's machine said what came of it here, else it stays pending
// (done false), and the step is the missing point if the side's
// announcements do not reach it.
func (s *State) limboRift(pr PendingRift, now int) (evs []Event, done bool) {
	p := s.Peer
	dice := s.cosmicDice()
	for i, n := range p.riftNews {
		if n.Side != pr.Side || n.Clock != s.Clock {
			continue
		}
		p.riftNews = slices.Delete(p.riftNews, i, i+1)
		if now < pr.Raised+dice.Delay {
			p.refused = append(p.refused, fmt.Sprintf("%s's announced cosmic rift at %s comes sooner than its least delay of %d impulses (IP4.231)", pr.Side, s.Clock, dice.Delay))
		}
		return s.formAnnounced(n), true
	}
	t, ok := p.throughOf(pr.Side)
	switch {
	case !ok || t.Before(s.Clock):
		if p.missing == nil {
			p.missing, p.missingPts = &PhasePoint{Clock: s.Clock, Sides: []SideID{pr.Side}}, len(p.minePts)
		} else if p.missing.Clock == s.Clock {
			p.missing.Sides = appendUnique(p.missing.Sides, pr.Side)
			slices.Sort(p.missing.Sides)
		}
	case now >= pr.Raised+6*dice.Delay:
		p.refused = append(p.refused, fmt.Sprintf("%s's announcements pass %s with its cosmic rift still pending, past its greatest delay of %d impulses (IP4.231)", pr.Side, s.Clock, 6*dice.Delay))
	}
	return nil, false
}

// formAnnounced plays the announced outcome of a pending rift in limbo,
// with the public events its side's machine made (formRift).
func (s *State) formAnnounced(n RiftNews) []Event {
	p := s.Peer
	lead := s.largestUnit(n.Side)
	switch {
	case lead == nil && n.Clause != "IP4.232":
		p.refused = append(p.refused, fmt.Sprintf("%s's announced cosmic rift at %s (%s): %s has no unit to place it from (IP4.232)", n.Side, n.Clock, n.Clause, s.sideName(n.Side)))
	case lead != nil && n.Clause == "IP4.232":
		p.refused = append(p.refused, fmt.Sprintf("%s's announced cosmic rift at %s has no unit to place it from (IP4.232), but %s has %s", n.Side, n.Clock, s.sideName(n.Side), lead.ID))
	}
	switch n.Clause {
	case "IP4.232":
		return []Event{s.newEvent(EventCosmic, "IP4.232", Public, fmt.Sprintf("%s has no unit to place a cosmic rift from: none forms", s.sideName(n.Side)))}
	case "IP4.233", "IP4.29":
		return []Event{s.newEvent(EventCosmic, n.Clause, Public, fmt.Sprintf("%s's cosmic rift does not form", s.sideName(n.Side)))}
	}
	// It formed: its place is its side's secret. The lifetime roll is
	// public, at the same point of the public dice as on its side's
	// machine (IP4.25).
	lr, ev := s.Roll(d6s(s.cosmicDice().Lifetime), RollReason{Clause: "IP4.25", Side: n.Side, What: "cosmic rift lifetime"})
	r := CosmicRift{
		ID: fmt.Sprintf("rift-%d", len(s.Cosmic.Rifts)+1), Side: n.Side, Limbo: true, Closed: true,
		Formed: s.Clock, FormedAt: s.Clock.absoluteImpulse(s.Ruleset.ImpulsesPerTurn),
		Lifetime: lr.Total * riftLifetimeImpulses, Detected: []SideID{n.Side},
	}
	s.Cosmic.Rifts = append(s.Cosmic.Rifts, r)
	return []Event{ev, s.newEvent(EventCosmic, "IP4.25", Public, fmt.Sprintf("%s's cosmic rift %s forms for %d impulses", s.sideName(n.Side), r.ID, r.Lifetime))}
}

// AnnounceRifts takes side's announcement of what came of its pending
// rifts, up to and including through (the Through of the same
// announcement, given to Announce after this). It checks what this
// machine can check before playing it: every news is side's own, of a
// known clause, after the side's last announcement and not after
// through, and in order. A news that finds no rift of side in limbo at
// its point is left unplaced (UnplacedRifts); one that the public game
// shows false is refused as it is played (RiftsRefused).
func (s *State) AnnounceRifts(side SideID, through Clock, news []RiftNews) error {
	p := s.Peer
	if p == nil {
		return refuse("", "an announcement in a game not played between machines")
	}
	last, had := p.throughOf(side)
	for i, n := range news {
		switch {
		case n.Side != side:
			return refuse("", "rift news %d: the pending rift is %s's, not %s's", i+1, n.Side, side)
		case !slices.Contains(riftNewsClauses, n.Clause):
			return refuse("", "rift news %d: %q is not a clause of a rift's formation", i+1, n.Clause)
		case !n.Clock.Step.InImpulse() || n.Clock.Step != StepInvoluntary:
			return refuse("", "rift news %d at %s: a rift forms at the involuntary step of an impulse (IP4.231)", i+1, n.Clock)
		case had && !last.Before(n.Clock) || through.Before(n.Clock) || n.Clock.Before(s.Clock):
			return refuse("", "rift news %d at %s is outside the announcement's stretch", i+1, n.Clock)
		case i > 0 && !news[i-1].Clock.Before(n.Clock):
			return refuse("", "rift news %d at %s does not come after the one listed before it", i+1, n.Clock)
		}
	}
	if p.All || side == p.Side {
		return nil
	}
	p.riftNews = append(p.riftNews, news...)
	return nil
}

// RiftsMade returns what came of the pending rifts this machine knows,
// in the order it happened.
func (s *State) RiftsMade() []RiftNews {
	if s.Peer == nil {
		return nil
	}
	return slices.Clone(s.Peer.riftMade)
}

// UnplacedRifts returns the announced rift news not played yet.
func (s *State) UnplacedRifts() []RiftNews {
	if s.Peer == nil {
		return nil
	}
	return slices.Clone(s.Peer.riftNews)
}

// RiftsRefused returns why announced rift news or mine set-offs
// (peermine.go) played so far are false, as the public game shows them,
// in order.
func (s *State) RiftsRefused() []string {
	if s.Peer == nil {
		return nil
	}
	return slices.Clone(s.Peer.refused)
}
