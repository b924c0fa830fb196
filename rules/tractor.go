package rules

import (
	"fmt"
	"slices"
	"strings"
)

// TractorCost is the energy that readies a unit's tractor beam for a
// turn (house rule, docs/RULES.md "Tractor beams").
const TractorCost = 1

// TractorOrder is one unit's tractor order in the impulse activity step
// (house rules, docs/RULES.md "Tractor beams"): lock its beam on Target
// (or keep holding Target, the unit it holds), release its beam, or, when
// Resist is set, strain against the beam that holds it. Energy is battery
// energy committed to the order, sealed with the rest of the activity and
// spent at the reveal whether or not it carries the contest.
type TractorOrder struct {
	Unit    UnitID `json:"unit"`
	Target  UnitID `json:"target,omitempty"`
	Release bool   `json:"release,omitempty"`
	Resist  bool   `json:"resist,omitempty"`
	Energy  int    `json:"energy,omitempty"`
}

// String summarises the order.
func (o TractorOrder) String() string {
	var out string
	switch {
	case o.Release:
		return string(o.Unit) + " releases its tractor beam"
	case o.Resist:
		out = string(o.Unit) + " strains against the beam that holds it"
	default:
		out = string(o.Unit) + " locks a tractor beam on " + string(o.Target)
	}
	if o.Energy > 0 {
		out += fmt.Sprintf(" with %d energy", o.Energy)
	}
	return out
}

// holders maps each unit held in a tractor beam to the unit holding it.
func (s *State) holders() map[UnitID]*Unit {
	by := map[UnitID]*Unit{}
	for i := range s.Units {
		if u := &s.Units[i]; u.Gear.Tractor != "" && u.OnMap() {
			by[u.Gear.Tractor] = u
		}
	}
	return by
}

// heldUnits returns the set of units held in a tractor beam.
func (s *State) heldUnits() map[UnitID]bool {
	held := map[UnitID]bool{}
	for i := range s.Units {
		if t := s.Units[i].Gear.Tractor; t != "" && s.Units[i].OnMap() {
			held[t] = true
		}
	}
	return held
}

// heldBy returns the unit holding id in a tractor beam, or nil.
func (s *State) heldBy(id UnitID) *Unit {
	for i := range s.Units {
		if u := &s.Units[i]; u.Gear.Tractor == id && u.OnMap() {
			return u
		}
	}
	return nil
}

// beamStrength returns the strength of u's beam in a contest with energy
// committed: its intact tractor boxes plus the energy.
func beamStrength(u *Unit, energy int) int {
	if u.Ship == nil {
		return energy
	}
	return u.Ship.Boxes[SysTractor] + energy
}

// resistance returns how hard u, held in a beam, strains against it with
// energy committed: the energy, plus its intact tractor boxes if its own
// beam is readied this turn and holds nothing (it pushes as a pressor).
func resistance(u *Unit, energy int) int {
	if u.Ship == nil {
		return energy
	}
	return energy + pressor(u)
}

// pressor returns what u's own beam adds to its resistance.
func pressor(u *Unit) int {
	if u.Ship != nil && u.Ship.TractorReady && u.Gear.Tractor == "" {
		return u.Ship.Boxes[SysTractor]
	}
	return 0
}

// canTractor reports whether u may lock its beam on t now: its beam is
// readied and free, it has an intact tractor box, and t is another unit
// in normal space within 1 hex, not a base, not docked and not held by a
// unit of u's side. A unit held by another side's beam may be locked on:
// the beams contest it (execTractors).
func (s *State) canTractor(u, t *Unit, holders map[UnitID]*Unit) error {
	switch {
	case u.Ship == nil || !u.Ship.TractorReady || u.Ship.Boxes[SysTractor] == 0:
		return refuse("", "%s has no readied tractor beam", u.ID)
	case u.Gear.Tractor != "":
		return refuse("", "%s already holds %s", u.ID, u.Gear.Tractor)
	case u.PhasedOut:
		return refuse("", "%s is out of phase", u.ID)
	case t == nil || t.ID == u.ID || !t.OnMap() || t.PhasedOut || t.Map != u.Map || t.Ship == nil || hiddenFrom(t, u.Side):
		return refuse("", "%s cannot lock a beam on that unit", u.ID)
	case u.Hex.Distance(t.Hex) > 1:
		return refuse("", "%s is beyond tractor range 1", t.ID)
	case !lookupClass(t.Class).Mobile():
		return refuse("", "a tractor beam cannot hold the %s %s", lookupClass(t.Class).Name, t.ID)
	case t.Ship.Docked != "":
		return refuse("", "%s is docked; a beam cannot hold a docked unit", t.ID)
	case holders[t.ID] != nil && holders[t.ID].Side == u.Side:
		return refuse("", "%s is already held by %s", t.ID, holders[t.ID].ID)
	}
	return cloakBlocksFire(u, t)
}

// tractorCandidates lists the units u could lock its beam on, nearest
// first.
func (s *State) tractorCandidates(u *Unit, holders map[UnitID]*Unit) []*Unit {
	if u.Ship == nil || !u.Ship.TractorReady || u.Gear.Tractor != "" || u.Ship.Boxes[SysTractor] == 0 {
		return nil
	}
	var out []*Unit
	for _, t := range s.unitsWithin(u.Map, u.Hex, 1) {
		if s.canTractor(u, t, holders) == nil {
			out = append(out, t)
		}
	}
	return out
}

// tractorSides returns the sides that have a beam to lock, keep or
// release, or a unit held in a beam that can strain against it.
func (s *State) tractorSides() map[SideID]bool {
	holders := s.holders()
	need := map[SideID]bool{}
	for id := range holders {
		if t := s.Unit(id); t != nil && t.OnMap() && t.Ship != nil && resistance(t, t.Ship.Battery) > 0 {
			need[t.Side] = true // it may strain against the beam
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		if !u.OnMap() || need[u.Side] {
			continue
		}
		if u.Gear.Tractor != "" || len(s.tractorCandidates(u, holders)) > 0 {
			need[u.Side] = true
		}
	}
	return need
}

// TractorChoice is what one unit of a side may do with tractor beams in
// the impulse activity now, for the orders panel.
type TractorChoice struct {
	Unit UnitID `json:"unit"`
	// Holds is the unit it holds; Targets the units its free beam could
	// lock on now, nearest first (units held by another side's beam
	// included: the beams would contest them).
	Holds   UnitID   `json:"holds,omitempty"`
	Targets []UnitID `json:"targets,omitempty"`
	// HeldBy is the unit whose beam holds it, when it has battery
	// energy or a readied free beam to strain against it with.
	HeldBy UnitID `json:"held_by,omitempty"`
	// Boxes is its beam's strength before energy (intact tractor boxes);
	// Pressor what its own beam adds to a resistance; Battery the energy
	// it may commit.
	Boxes   int `json:"boxes"`
	Pressor int `json:"pressor"`
	Battery int `json:"battery"`
}

// TractorChoices lists, in unit order, the side's units that can lock,
// keep or release a beam or resist one now. It is empty outside the
// impulse activity step.
func (s *State) TractorChoices(side SideID) []TractorChoice {
	if s.Clock.Step != StepActivity {
		return nil
	}
	holders := s.holders()
	var out []TractorChoice
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.OnMap() || u.Ship == nil {
			continue
		}
		c := TractorChoice{Unit: u.ID, Holds: u.Gear.Tractor, Boxes: u.Ship.Boxes[SysTractor], Pressor: pressor(u), Battery: u.Ship.Battery}
		for _, t := range s.tractorCandidates(u, holders) {
			c.Targets = append(c.Targets, t.ID)
		}
		if h := holders[u.ID]; h != nil && c.Battery+c.Pressor > 0 {
			c.HeldBy = h.ID // it has something to strain with
		}
		if c.Holds != "" || c.HeldBy != "" || len(c.Targets) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// sampleTractors locks each free beam of the side on its nearest enemy,
// and strains each of its held units against its beam with its batteries.
func (s *State) sampleTractors(side SideID) []TractorOrder {
	holders := s.holders()
	var out []TractorOrder
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.OnMap() {
			continue
		}
		if h := holders[u.ID]; h != nil && h.Side != side && u.Ship != nil && resistance(u, u.Ship.Battery) > 0 {
			out = append(out, TractorOrder{Unit: u.ID, Resist: true, Energy: u.Ship.Battery})
			continue
		}
		for _, t := range s.tractorCandidates(u, holders) {
			if t.Side != side {
				out = append(out, TractorOrder{Unit: u.ID, Target: t.ID})
				holders[t.ID] = u
				break
			}
		}
	}
	return out
}

// checkTractors validates a side's tractor orders.
func (s *State) checkTractors(side SideID, orders []TractorOrder) error {
	holders := s.holders()
	seen := map[UnitID]bool{}
	locked := map[UnitID]UnitID{}
	for _, o := range orders {
		u, err := s.ownedUnit(side, o.Unit)
		if err != nil {
			return err
		}
		if seen[o.Unit] {
			return refuse("", "%s has two tractor orders", o.Unit)
		}
		seen[o.Unit] = true
		switch {
		case o.Energy < 0:
			return refuse("", "%s commits negative energy to its tractor order", o.Unit)
		case o.Energy > u.Ship.Battery:
			return refuse("", "%s commits %d energy to its tractor order, its batteries hold %d", o.Unit, o.Energy, u.Ship.Battery)
		case o.Release && (o.Resist || o.Target != "" || o.Energy > 0):
			return refuse("", "%s: a release names no target and commits no energy", o.Unit)
		case o.Release:
			if u.Gear.Tractor == "" {
				return refuse("", "%s holds nothing", o.Unit)
			}
			continue
		case o.Resist:
			h := holders[u.ID]
			switch {
			case h == nil:
				return refuse("", "%s is not held in a tractor beam", o.Unit)
			case o.Target != "" && o.Target != h.ID:
				return refuse("", "%s is held by %s, not %s", o.Unit, h.ID, o.Target)
			case resistance(u, o.Energy) == 0:
				return refuse("", "%s strains with nothing: commit battery energy or ready its own beam", o.Unit)
			}
			continue
		}
		if prev, ok := locked[o.Target]; ok && o.Target != "" {
			return refuse("", "%s and %s both lock on %s; a side's beams do not contest each other", prev, o.Unit, o.Target)
		}
		locked[o.Target] = o.Unit
		if o.Target != "" && o.Target == u.Gear.Tractor {
			continue // it keeps holding, with the energy committed
		}
		if err := s.canTractor(u, s.Unit(o.Target), holders); err != nil {
			return err
		}
	}
	return nil
}

// contender is a beam in a contest for one unit.
type contender struct {
	u        *Unit
	strength int
	holding  bool
}

// execTractors applies the revealed tractor orders: every energy
// committed is spent, then releases, then, target by target in id order,
// each contest: the strongest beam wins (a tie goes to the beam already
// holding, else no beam locks), and a held unit whose resistance exceeds
// the winning beam's strength breaks free.
func (s *State) execTractors(sealed []Sealed) []Event {
	orders := revealed(sealed, func(c *Command) []TractorOrder { return c.Tractors }, func(o TractorOrder) UnitID { return o.Unit })
	if len(orders) == 0 {
		return nil
	}
	var evs []Event
	committed := map[UnitID]int{}
	for _, o := range orders {
		u := s.Unit(o.Unit)
		if o.Energy > 0 && u.OnMap() {
			e := min(o.Energy, u.Ship.Battery)
			u.Ship.Battery -= e
			committed[u.ID] = e
		}
		if o.Release && u.Gear.Tractor != "" {
			evs = append(evs, s.unitEvent(EventNote, "", u, fmt.Sprintf("%s releases %s", unitName(u), s.nameOf(u.Gear.Tractor))))
			u.Gear.Tractor = ""
		}
	}
	// The contests, one per unit locked on or resisting, in id order.
	var targets []UnitID
	locks := map[UnitID][]TractorOrder{}
	resists := map[UnitID]bool{}
	holders := s.holders()
	for _, o := range orders {
		t := o.Target
		if o.Resist {
			t = o.Unit
			resists[t] = true
		} else if o.Release {
			continue
		} else {
			locks[t] = append(locks[t], o)
		}
		if !slices.Contains(targets, t) {
			targets = append(targets, t)
		}
	}
	slices.SortFunc(targets, func(a, b UnitID) int { return compareString(string(a), string(b)) })
	for _, id := range targets {
		t := s.Unit(id)
		if t == nil || !t.OnMap() {
			continue
		}
		var cs []contender
		cur := holders[id]
		if cur != nil {
			cs = append(cs, contender{u: cur, strength: beamStrength(cur, committed[cur.ID]), holding: true})
		}
		for _, o := range locks[id] {
			u := s.Unit(o.Unit)
			if cur != nil && u.ID == cur.ID {
				continue // it keeps holding, counted above
			}
			if s.canTractor(u, t, holders) != nil {
				continue // undone by an earlier release or contest
			}
			cs = append(cs, contender{u: u, strength: beamStrength(u, committed[u.ID])})
		}
		winner, strength := contestWinner(cs)
		resisted := false
		if resists[id] && winner != nil {
			r := resistance(t, committed[t.ID])
			resisted = r > strength
		}
		if len(cs) > 1 || resists[id] {
			evs = append(evs, s.unitEvent(EventNote, "", t, contestText(t, cs, resists[id], resistance(t, committed[t.ID]), winner, resisted)))
		}
		if resisted {
			winner = nil
		}
		if cur != nil && cur != winner {
			cur.Gear.Tractor = ""
			delete(holders, id)
			evs = append(evs, s.unitEvent(EventNote, "", cur, fmt.Sprintf("%s's tractor beam on %s breaks", unitName(cur), s.nameOf(id))))
		}
		if winner != nil && winner != cur {
			winner.Gear.Tractor = id
			holders[id] = winner
			evs = append(evs, s.unitEvent(EventNote, "", winner, fmt.Sprintf("%s holds %s in a tractor beam", unitName(winner), s.nameOf(id))))
		}
	}
	return evs
}

// contestWinner returns the strongest beam and its strength: of equals,
// the one already holding; of new beams alone, none.
func contestWinner(cs []contender) (*Unit, int) {
	best, n := -1, 0
	var win *contender
	for i := range cs {
		c := &cs[i]
		switch {
		case c.strength > best:
			best, n, win = c.strength, 1, c
		case c.strength == best:
			n++
			if c.holding {
				win = c
			}
		}
	}
	if win == nil || (n > 1 && !win.holding) {
		return nil, best
	}
	return win.u, best
}

// contestText describes a contest for t as every side sees it after the
// reveal.
func contestText(t *Unit, cs []contender, resist bool, r int, winner *Unit, resisted bool) string {
	var parts []string
	for _, c := range cs {
		what := "beam"
		if c.holding {
			what = "holding beam"
		}
		parts = append(parts, fmt.Sprintf("%s's %s %d", unitName(c.u), what, c.strength))
	}
	if resist {
		parts = append(parts, fmt.Sprintf("%s strains %d", unitName(t), r))
	}
	out := "tractor contest for " + unitName(t) + ": " + strings.Join(parts, ", ")
	switch {
	case resisted:
		return out + ": " + unitName(t) + " breaks free"
	case winner != nil:
		return out + ": " + unitName(winner) + "'s beam holds"
	case len(cs) > 1:
		return out + ": the beams cancel out, none holds"
	}
	return out + ": no beam holds it"
}

// breakTractors releases every beam that can no longer hold: the holder
// or the held unit gone or out of phase, out of range 1, the holder's
// tractor boxes destroyed, or its beam not readied this turn.
func (s *State) breakTractors() []Event {
	var evs []Event
	for i := range s.Units {
		u := &s.Units[i]
		if u.Gear.Tractor == "" {
			continue
		}
		t := s.Unit(u.Gear.Tractor)
		if u.OnMap() && !u.PhasedOut && u.Ship != nil && u.Ship.TractorReady && u.Ship.Boxes[SysTractor] > 0 &&
			t != nil && t.OnMap() && !t.PhasedOut && t.Map == u.Map && t.Hex.Distance(u.Hex) <= 1 {
			continue
		}
		evs = append(evs, s.unitEvent(EventNote, "", u, fmt.Sprintf("%s's tractor beam on %s breaks", unitName(u), s.nameOf(u.Gear.Tractor))))
		u.Gear.Tractor = ""
	}
	return evs
}

// dragHeld moves the unit u holds by the step u just made, keeping it at
// the same offset: a held unit moves with its holder. A held unit dragged
// out of a gravity rift is a ship that would move out of it: it rolls its
// own removal die just before it leaves, and stays behind in reserve on
// 1-3 (GR41.2); it gains no movement, having none of its own.
func (s *State) dragHeld(u *Unit, from, to Hex) []Event {
	t := s.Unit(u.Gear.Tractor)
	if t == nil || !t.OnMap() || t.Map != u.Map {
		return nil
	}
	var evs []Event
	dest := t.Hex.Add(to.sub(from))
	if sys, ok := s.riftExit(t, t.Hex, dest); ok && s.riftRoll(t, sysName(sys), "GR41.2", &evs) {
		return evs // removed just before it left the rift (GR41.2)
	}
	s.setHex(t, dest)
	return evs
}
