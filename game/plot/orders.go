package plot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexrift/hexrift/rules"
)

// CourseKind is the kind of a ship's standing movement order.
type CourseKind string

// The course orders. Every one is carried out by choosing, each time the
// ship moves, among the plans the rules offer it.
const (
	// Keep holds the present course: straight on.
	Keep CourseKind = "keep"
	// Toward turns toward a hex and flies to it.
	Toward CourseKind = "toward"
	// Close closes with a unit.
	Close CourseKind = "close"
	// Range keeps a unit at Range hexes.
	Range CourseKind = "range"
	// Waypoints flies through a list of hexes in order, then keeps
	// course.
	Waypoints CourseKind = "waypoints"
	// Circle orbits a unit at Range hexes, going round it the way the
	// ship already turns.
	Circle CourseKind = "circle"
)

// Course is a ship's standing movement order for the turn.
type Course struct {
	Kind CourseKind   `json:"kind"`
	Hex  rules.Hex    `json:"hex,omitzero"`
	Unit rules.UnitID `json:"unit,omitempty"`
	// Hexes are the waypoints, in the order they are flown through.
	Hexes []rules.Hex `json:"hexes,omitempty"`
	// Range is the distance Range keeps and Circle orbits at.
	Range int `json:"range,omitempty"`
	// RiftRisk accepts gravity rift exits on the way; without it a
	// plan that must roll to leave a rift costs as much as five hexes
	// off course per chance of loss.
	RiftRisk bool `json:"rift_risk,omitempty"`
	// Reached counts the waypoints flown through. It is part of the
	// orders, saved with them, so that orders carried on (a play-by-file
	// stretch) go on from the waypoint they had reached.
	Reached Progress `json:"reached,omitzero"`
}

// String describes the course as a player reads it.
func (c Course) String() string {
	switch c.Kind {
	case Toward:
		return fmt.Sprintf("fly toward %v", c.Hex)
	case Close:
		return fmt.Sprintf("close with %s", c.Unit)
	case Range:
		return fmt.Sprintf("keep %s at %d hexes", c.Unit, c.Range)
	case Circle:
		return fmt.Sprintf("circle %s at %d hexes", c.Unit, c.Range)
	case Waypoints:
		hs := make([]string, len(c.Hexes))
		for i, h := range c.Hexes {
			hs[i] = h.String()
		}
		return "fly through " + strings.Join(hs, ", ")
	}
	return "keep course"
}

// Fire is a ship's standing fire order.
type Fire struct {
	// Hold fires nothing.
	Hold bool `json:"hold,omitempty"`
	// Target, when set, is the only unit to fire at.
	Target rules.UnitID `json:"target,omitempty"`
	// MaxRange fires only at range MaxRange or less; 0 is no limit.
	MaxRange int `json:"max_range,omitempty"`
	// MinSixths fires only shots that hit on at least MinSixths faces of
	// the die (1-6).
	MinSixths int `json:"min_sixths,omitempty"`
	// HoldMounts are weapons (mount numbers) kept for a later impulse:
	// impulse HoldUntil, or the whole turn when HoldUntil is 0.
	HoldMounts []int `json:"hold_mounts,omitempty"`
	HoldUntil  int   `json:"hold_until,omitempty"`
}

// holds reports whether the order holds weapon mount at impulse.
func (f Fire) holds(mount, impulse int) bool {
	return f.Hold || slices.Contains(f.HoldMounts, mount) && (f.HoldUntil == 0 || impulse < f.HoldUntil)
}

// String describes the fire order.
func (f Fire) String() string {
	if f.Hold {
		return "hold fire"
	}
	var b strings.Builder
	if f.Target != "" {
		fmt.Fprintf(&b, "fire at %s", f.Target)
	} else {
		b.WriteString("fire at the best target")
	}
	if f.MaxRange > 0 {
		fmt.Fprintf(&b, " within %d hexes", f.MaxRange)
	}
	if f.MinSixths > 0 {
		fmt.Fprintf(&b, " when a hit is %d in 6 or better", f.MinSixths)
	}
	if len(f.HoldMounts) > 0 {
		fmt.Fprintf(&b, ", holding %d weapons", len(f.HoldMounts))
		if f.HoldUntil > 0 {
			fmt.Fprintf(&b, " until impulse %d", f.HoldUntil)
		}
	}
	return b.String()
}

// Ship is the orders of one ship.
type Ship struct {
	Unit   rules.UnitID `json:"unit"`
	Course Course       `json:"course"`
	Fire   Fire         `json:"fire"`
	// Launch launches seeking weapons at targets its fire order allows;
	// false holds them.
	Launch bool `json:"launch,omitempty"`
	// AskEveryImpulse asks the person at each of the ship's moves.
	AskEveryImpulse bool `json:"ask_every_impulse,omitempty"`
	// Maneuver, when set, is a high-energy turn or a sideslip the ship
	// makes at its first move in or after an impulse.
	Maneuver *Maneuver `json:"maneuver,omitempty"`
}

// Maneuver is a high-energy turn (Op rules.OpHET, to Facing) or a
// sideslip (rules.OpSlipLeft, rules.OpSlipRight) at the ship's move in a
// chosen impulse; the rest of that move follows its course. A ship moves
// once an impulse, so the maneuver is made once, and needs no memory.
type Maneuver struct {
	Impulse int             `json:"impulse"`
	Op      rules.MoveOp    `json:"op"`
	Facing  rules.Direction `json:"facing,omitempty"`
}

// String describes the maneuver as a player reads it.
func (m Maneuver) String() string {
	switch m.Op {
	case rules.OpHET:
		return fmt.Sprintf("high-energy turn to %s at impulse %d", m.Facing, m.Impulse)
	case rules.OpSlipLeft:
		return fmt.Sprintf("sideslip left at impulse %d", m.Impulse)
	}
	return fmt.Sprintf("sideslip right at impulse %d", m.Impulse)
}

// due reports whether the maneuver is made at a move at clock c.
func (m *Maneuver) due(c rules.Clock) bool {
	return m != nil && c.Step.InImpulse() && c.Impulse == m.Impulse
}

// Progress counts what a ship's orders have done this turn (the
// waypoints flown through). Asking the same decision twice must answer it
// the same way, so the count a decision at clock At works from is Before,
// the one from before At; Now is the count the last decision left.
type Progress struct {
	At     rules.Clock `json:"at"`
	Before int         `json:"before,omitempty"`
	Now    int         `json:"now,omitempty"`
}

// start returns the count a decision at clock c works from.
func (t *Progress) start(c rules.Clock) int {
	if t.At != c {
		t.At, t.Before = c, t.Now
	}
	return t.Before
}

func (t *Progress) count(n int) { t.Now = n }

// Policy is how a standing choice of the whole side is made.
type Policy string

// The policies of the side's standing choices.
const (
	// Standard makes the choice the rules offer first: for damage
	// control the repairs they propose, for impulse activity nothing.
	Standard Policy = "standard"
	// Never makes the empty choice (no evasion).
	Never Policy = "never"
	// Always makes the fullest choice the rules offer (evade every
	// strike that can be evaded).
	Always Policy = "always"
	// Ask leaves the choice to the person: a break.
	Ask Policy = "ask"
)

// Orders is one side's orders for a turn.
type Orders struct {
	Side rules.SideID `json:"side"`
	// Turn is the turn the orders were written for.
	Turn  int    `json:"turn"`
	Ships []Ship `json:"ships"`
	// Evasion, Repair and Activity are the standing policies of the
	// side's evasive maneuvers, damage control and impulse activity.
	// Erratic is that of erratic maneuvering while the ship has paid
	// impulses of it: Never (or empty), Always, Standard (while an enemy
	// ship the side sees has it within its weapons' reach) or Ask.
	Erratic  Policy `json:"erratic,omitempty"`
	Evasion  Policy `json:"evasion"`
	Repair   Policy `json:"repair"`
	Activity Policy `json:"activity"`
	Breaks   Breaks `json:"breaks"`
}

// Clone returns a deep copy of the orders: carrying orders out changes
// them (the waypoints flown through, a course gone on from a wreck), and
// a copy played leaves the orders as they were.
func (o *Orders) Clone() *Orders {
	c := *o
	c.Ships = slices.Clone(o.Ships)
	for i := range c.Ships {
		sh := &c.Ships[i]
		sh.Course.Hexes = slices.Clone(sh.Course.Hexes)
		sh.Fire.HoldMounts = slices.Clone(sh.Fire.HoldMounts)
		if sh.Maneuver != nil {
			m := *sh.Maneuver
			sh.Maneuver = &m
		}
	}
	return &c
}

// Ship returns the orders of unit id, or nil.
func (o *Orders) Ship(id rules.UnitID) *Ship {
	i := slices.IndexFunc(o.Ships, func(s Ship) bool { return s.Unit == id })
	if i < 0 {
		return nil
	}
	return &o.Ships[i]
}

// Breaks are the conditions on which a side wants to be asked again,
// each a toggle; they are judged on the side's own view only.
type Breaks struct {
	// EnemyInReach: an enemy unit comes within reach of one of the
	// side's ship's weapons (or within EnemyWithin hexes, if set) that
	// was not before.
	EnemyInReach bool `json:"enemy_in_reach"`
	EnemyWithin  int  `json:"enemy_within,omitempty"`
	// Seeker: an enemy seeking weapon comes into play (a launch);
	// SeekerWithin, when set, also breaks when one comes within that
	// many hexes of one of the side's units.
	Seeker       bool `json:"seeker"`
	SeekerWithin int  `json:"seeker_within,omitempty"`
	// Damaged: one of the side's units loses armor or internal boxes
	// (a hit on a shield alone is no break unless ShieldHits).
	Damaged    bool `json:"damaged"`
	ShieldHits bool `json:"shield_hits,omitempty"`
	// Held: one of the side's units is caught in a tractor beam or
	// boarded.
	Held bool `json:"held"`
	// Blocked: a ship's course can no longer be flown (its unit is lost
	// from sight, or no plan the rules offer follows it).
	Blocked bool `json:"blocked"`
	// Rift: a cosmic rift comes into sight, or a unit of the side phases
	// back in.
	Rift bool `json:"rift"`
	// Objective: an area to hold changes hands (the side alone in it, as
	// the side sees it, is another than when it looked).
	Objective bool `json:"objective,omitempty"`
}

// DefaultBreaks are the break conditions a side starts with.
func DefaultBreaks() Breaks {
	return Breaks{EnemyInReach: true, Seeker: true, Damaged: true, Held: true, Blocked: true, Rift: true, Objective: true}
}

// Limits of what orders may hold: far beyond any a person plots, so
// that orders read from another machine (game/pbem) cannot ask for
// more than the executor can carry out.
const (
	maxShips     = 4096
	maxWaypoints = 256
	maxRange     = 1 << 16
	maxImpulse   = 1 << 10
)

// Check reports what makes o orders the executor cannot carry out, or
// nil: a ship twice or without a unit, a course of no kind or whose
// waypoints or progress do not fit, a range, a chance or an impulse out
// of bounds, a maneuver or policy of no kind. Orders a person plots in
// the window always pass; orders read from a file are checked before
// they are played.
func (o *Orders) Check() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("plot: %s", fmt.Sprintf(format, args...))
	}
	if len(o.Ships) > maxShips {
		return bad("%d ships' orders, more than any side has", len(o.Ships))
	}
	seen := map[rules.UnitID]bool{}
	for i := range o.Ships {
		sh := &o.Ships[i]
		c, f := &sh.Course, &sh.Fire
		switch {
		case sh.Unit == "":
			return bad("ship %d has no unit", i+1)
		case seen[sh.Unit]:
			return bad("%s has two orders", sh.Unit)
		case !slices.Contains([]CourseKind{Keep, Toward, Close, Range, Waypoints, Circle}, c.Kind):
			return bad("%s's course %q is no course", sh.Unit, c.Kind)
		case len(c.Hexes) > maxWaypoints:
			return bad("%s's course has %d waypoints, more than %d", sh.Unit, len(c.Hexes), maxWaypoints)
		case c.Reached.Before < 0 || c.Reached.Now < 0 || c.Reached.Before > len(c.Hexes) || c.Reached.Now > len(c.Hexes):
			return bad("%s's course has flown through %d and %d of its %d waypoints", sh.Unit, c.Reached.Before, c.Reached.Now, len(c.Hexes))
		case c.Range < 0 || c.Range > maxRange:
			return bad("%s's course keeps a range of %d hexes", sh.Unit, c.Range)
		case f.MaxRange < 0 || f.MaxRange > maxRange:
			return bad("%s's fire order has a range of %d hexes", sh.Unit, f.MaxRange)
		case f.MinSixths < 0 || f.MinSixths > 6:
			return bad("%s's fire order asks a chance of %d sixths", sh.Unit, f.MinSixths)
		case len(f.HoldMounts) > maxWaypoints || f.HoldUntil < 0 || f.HoldUntil > maxImpulse:
			return bad("%s's fire order holds %d weapons until impulse %d", sh.Unit, len(f.HoldMounts), f.HoldUntil)
		}
		if m := sh.Maneuver; m != nil {
			if m.Impulse < 0 || m.Impulse > maxImpulse || !slices.Contains([]rules.MoveOp{rules.OpHET, rules.OpSlipLeft, rules.OpSlipRight}, m.Op) {
				return bad("%s's maneuver %q at impulse %d is none the orders make", sh.Unit, m.Op, m.Impulse)
			}
		}
		seen[sh.Unit] = true
	}
	for _, p := range []Policy{o.Erratic, o.Evasion, o.Repair, o.Activity} {
		if p != "" && !slices.Contains([]Policy{Standard, Never, Always, Ask}, p) {
			return bad("policy %q is none of the orders'", p)
		}
	}
	if b := o.Breaks; b.EnemyWithin < 0 || b.EnemyWithin > maxRange || b.SeekerWithin < 0 || b.SeekerWithin > maxRange {
		return bad("a break at %d or %d hexes", b.EnemyWithin, b.SeekerWithin)
	}
	return nil
}
