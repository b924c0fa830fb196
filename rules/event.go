package rules

import "fmt"

// EventKind names what an Event records.
type EventKind string

// Event kinds recorded by the foundation; the turn machine and the
// phenomena add their own.
const (
	EventRoll EventKind = "roll"
)

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

// Includes reports whether side may see the event.
func (a Audience) Includes(side SideID) bool {
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
	Seq      int       `json:"seq"`
	Clock    Clock     `json:"clock"`
	Kind     EventKind `json:"kind"`
	Clause   string    `json:"clause,omitempty"`
	Audience Audience  `json:"audience"`
	Side     SideID    `json:"side,omitempty"`
	Unit     UnitID    `json:"unit,omitempty"`
	// Roll is the die roll the event records, if any. Events may share
	// one Roll (a phase step keeps one per 2d6 outcome): never change a
	// Roll in place.
	Roll *Roll `json:"roll,omitempty"`
	// Chance, on a roll a side took a risk with (a shot, a gravity rift
	// exit, an evasive maneuver, a phase roll), is the chance the roll
	// had of its result of note and whether that result came: what the
	// end-of-game debrief sets against the odds expected.
	Chance Chance `json:"chance,omitzero"`
	Text   string `json:"text"`
}

// Chance is the chance a roll had of one result: In of Of equally likely
// outcomes give it (a hit: the faces that hit of 6; a gravity rift
// removal: 3 of 10; a change of phase: 2 and 12, 2 of 36). Came says
// whether the roll gave it.
type Chance struct {
	In   int32 `json:"in"`
	Of   int32 `json:"of"`
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
func (e Event) VisibleTo(side SideID) bool { return e.Audience.Includes(side) }

// Event kinds of the turn machine and the tactical rules.
const (
	EventStep      EventKind = "step"
	EventCommit    EventKind = "commit"
	EventReveal    EventKind = "reveal"
	EventMove      EventKind = "move"
	EventFire      EventKind = "fire"
	EventDamage    EventKind = "damage"
	EventDestroyed EventKind = "destroyed"
	EventDock      EventKind = "dock"
	EventRepair    EventKind = "repair"
	EventNote      EventKind = "note"
)
