package rules

import (
	"fmt"
	"strconv"
)

// EventKind names what an Event records. It is a small number, since
// every die roll is an event (a phase step has one per unit), and it
// reads and writes as its name ("roll", "move", ...).
type EventKind uint8

// The event kinds; the zero EventKind names no kind.
const (
	EventRoll EventKind = iota + 1
	EventStep
	EventCommit
	EventReveal
	EventMove
	EventFire
	EventDamage
	EventDestroyed
	EventDock
	EventRepair
	EventNote
	// EventCosmic records cosmic rift events (cosmic.go).
	EventCosmic
	// EventPhase and EventStorm record phase space changes of phase and
	// phase storms (phasespace.go).
	EventPhase
	EventStorm
)

var eventKindNames = [...]string{"", "roll", "step", "commit", "reveal", "move", "fire", "damage", "destroyed", "dock", "repair", "note", "cosmic", "phase", "storm"}

// String returns the kind's name.
func (k EventKind) String() string {
	if int(k) < len(eventKindNames) {
		return eventKindNames[k]
	}
	return "kind" + strconv.Itoa(int(k))
}

// MarshalText writes the kind's name.
func (k EventKind) MarshalText() ([]byte, error) {
	if int(k) >= len(eventKindNames) {
		return nil, fmt.Errorf("rules: unknown event kind %d", k)
	}
	return []byte(eventKindNames[k]), nil
}

// UnmarshalText reads a kind's name.
func (k *EventKind) UnmarshalText(b []byte) error {
	for i, n := range eventKindNames {
		if n == string(b) {
			*k = EventKind(i)
			return nil
		}
	}
	return fmt.Errorf("rules: unknown event kind %q", b)
}

// Audience says which sides may see an event. The zero value is public.
type Audience struct {
	// Sides, when not empty, limits the event to these sides: a secret
	// roll (IP8.337) or a sealed choice before it is revealed.
	Sides []SideID `json:"sides,omitempty"`
}

// Public is the audience of an event every seat may see.
var Public = Audience{}

// Only returns an audience limited to the given sides.
func Only(sides ...SideID) Audience { return Audience{Sides: append([]SideID(nil), sides...)} }

// IsPublic reports whether every side may see the event.
func (a Audience) IsPublic() bool { return len(a.Sides) == 0 }

// includes reports whether side may see the event.
func (a Audience) includes(side SideID) bool {
	if a.IsPublic() {
		return true
	}
	for _, s := range a.Sides {
		if s == side {
			return true
		}
	}
	return false
}

// Event is one thing that happened, in the order it happened. Every die
// roll is an Event. Events are plain values: the session logs, saves and
// shows them, always filtered through Audience.
type Event struct {
	Seq   int       `json:"seq"`
	Clock Clock     `json:"clock"`
	Kind  EventKind `json:"kind"`
	// Chance, on a roll a side took a risk with (a shot, a gravity rift
	// exit, an evasive maneuver, a phase roll), is the chance the roll
	// had of its result of note and whether that result came: what the
	// end-of-game debrief sets against the odds expected.
	// (Kind and Chance sit together: both small, they share one word.)
	Chance   Chance   `json:"chance,omitzero"`
	Clause   string   `json:"clause,omitempty"`
	Audience Audience `json:"audience"`
	Side     SideID   `json:"side,omitempty"`
	Unit     UnitID   `json:"unit,omitempty"`
	// Roll is the die roll the event records, if any. Events may share
	// one Roll (a phase step keeps one per 2d6 outcome): never change a
	// Roll in place.
	Roll *Roll  `json:"roll,omitempty"`
	Text string `json:"text"`
}

// Chance is the chance a roll had of one result: In of Of equally likely
// outcomes give it (a hit: the faces that hit of 6; a gravity rift
// removal: 3 of 10; a change of phase: 2 and 12, 2 of 36). Came says
// whether the roll gave it.
type Chance struct {
	In   int16 `json:"in"`
	Of   int16 `json:"of"`
	Came bool  `json:"came,omitempty"`
}

// Probability returns In/Of, or 0 for the zero Chance.
func (c Chance) Probability() float64 {
	if c.Of == 0 {
		return 0
	}
	return float64(c.In) / float64(c.Of)
}

// IsZero reports whether no chance was recorded.
func (c Chance) IsZero() bool { return c.Of == 0 }

// String returns the log line of the event, its clause first.
func (e Event) String() string {
	if e.Clause != "" {
		return fmt.Sprintf("%s: %s", e.Clause, e.Text)
	}
	return e.Text
}

// VisibleTo reports whether side may see e.
func (e Event) VisibleTo(side SideID) bool { return e.Audience.includes(side) }
