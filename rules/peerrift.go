package rules

import (
	"fmt"
	"slices"
)

// Cosmic rifts in the peer state. A side's formation roll is public
// (IP4.21-22), but the delay of the rift it raises is its own roll
// (IP4.231), and so is the rift's place when it forms (IP4.232): a
// machine that does not know the rift (RiftSubject: its side's, a
// verifier's, or one given the side's proof of those rolls, sidedice.go)
// cannot compute when, or whether, it forms. On such a machine the
// pending rift is in limbo (PendingRift.Limbo): it exists, with its side
// and the impulse it was raised, and nothing more. Every involuntary step
// while it is pending is a point at which it may form: the machine that
// does not know it waits there (Missing) until the side's announcements
// reach the point, the side's word that the rift came to nothing there.
// What came of it (RiftNews: it did not form, IP4.232 no unit to place it
// from, IP4.233 point terrain, IP4.29 a recent rift; or it formed, IP4.25)
// is told by the side's dice for it, which the side gives with the news:
// the machines that know the rift make its rolls and record the outcome
// (RiftsMade). Play by file stops before the step in which a rift forms,
// on every machine alike, as its place decides what follows
// (displacement IP4.24, detection IP4.28, fire IP4.15, radiation IP4.31).

// RiftNews is what a side's machine tells the other machines of its
// pending cosmic rift at the involuntary step it was due to form
// (IP4.231): by Clause, whether it formed (IP4.25) or not (IP4.232,
// IP4.233, IP4.29).
type RiftNews struct {
	Clock  Clock
	Side   SideID
	Clause string
	// Raised is the absolute impulse the rift was raised at: with Side,
	// its subject (RiftSubject).
	Raised int
}

// Formed reports whether the news is of a rift that formed.
func (n RiftNews) Formed() bool { return n.Clause == "IP4.25" }

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
	if s.knowsSecret(side, RiftSubject(side, now)) {
		r, ev := s.Roll(d6s(s.cosmicDice().Delay), RollReason{Clause: "IP4.231", Side: side, Audience: Only(side), What: "cosmic rift delay", Subject: RiftSubject(side, now)})
		evs = append(evs, ev)
		p.At = now + r.Total
	} else {
		p.Limbo = true
	}
	s.Cosmic.Pending = append(s.Cosmic.Pending, p)
	return evs
}

// pendingRifts is the pending rifts' part of the involuntary step: each
// whose time is up forms (formRift); one in limbo waits for its side's
// word.
func (s *State) pendingRifts() []Event {
	var evs []Event
	now := s.Clock.absoluteImpulse(s.Ruleset.ImpulsesPerTurn)
	var keep []PendingRift
	for _, p := range s.Cosmic.Pending {
		s.riftPoint(p.Side)
		switch {
		case p.Limbo:
			s.limboRift(p, now)
			keep = append(keep, p)
		case now >= p.At:
			evs = append(evs, s.formPending(p)...)
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
func (s *State) formPending(pr PendingRift) []Event {
	n := len(s.Cosmic.Rifts)
	evs := s.formRift(pr.Side, RiftSubject(pr.Side, pr.Raised))
	if p := s.Peer; p != nil {
		clause := "IP4.25"
		if len(s.Cosmic.Rifts) == n {
			clause = evs[len(evs)-1].Clause
		}
		p.riftMade = append(p.riftMade, RiftNews{Clock: s.Clock, Side: pr.Side, Clause: clause, Raised: pr.Raised})
	}
	return evs
}

// limboRift is a pending rift in limbo at this step: the step is the
// missing point if the side's announcements do not reach it. An
// announcement that passes the step with the rift still pending past its
// greatest delay (IP4.231) is false, as the public game shows.
func (s *State) limboRift(pr PendingRift, now int) {
	p := s.Peer
	dice := s.cosmicDice()
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
}

// RiftsMade returns what came of the pending rifts this machine knows,
// in the order it happened.
func (s *State) RiftsMade() []RiftNews {
	if s.Peer == nil {
		return nil
	}
	return slices.Clone(s.Peer.riftMade)
}

// Refused returns why the announcements played so far are false, as the
// public game shows them, in order.
func (s *State) Refused() []string {
	if s.Peer == nil {
		return nil
	}
	return slices.Clone(s.Peer.refused)
}
