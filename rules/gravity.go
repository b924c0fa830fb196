package rules

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"
)

// Gravity rifts (GR41, RULES-SYNTHESIS section 4). A gravity rift is a
// System with Rift set; all its hexes together are one rift (GR41.4). A
// unit leaving a rift system during its own movement rolls a d10 just
// before it exits, 1-3 removing it to its owner's reserve from the rift
// hex (GR41.2); the die waits until every plan of the impulse is in, the
// move held at the rift's edge till then (GRN.3). It gains one movement
// (GR41.1) on every exit (ruling "lrr", GRN.9) or once per rift per turn
// (ruling "thunders-edge", GRTE.1). Entering a rift does nothing (GRN.1).
//
// One function decides where a path leaves a rift (riftExit) and one what
// that exit gives (riftBonus): the plan check (gravityPlanLeave), the move
// itself (gravityLeave) and the odds shown to the player (PlanOdds) all use
// them, so the odds are those of the move that will be made.

// RiftRemoveMax is the highest d10 face that removes a unit leaving a
// gravity rift: 1-3 removes (GR41.2).
const RiftRemoveMax = 3

// riftSurvive is the chance that one removal roll leaves the unit on the
// board: 7 in 10 (GR41.2).
var riftSurvive = big.NewRat(10-RiftRemoveMax, 10)

// RiftSystemAt returns the gravity rift system that holds h, if any.
func (t *Terrain) RiftSystemAt(h Hex) (System, bool) {
	sys, ok := t.SystemAt(h)
	if !ok || !sys.Rift {
		return System{}, false
	}
	return sys, true
}

// RiftSystemAt returns the gravity rift system that holds hex h of map m.
func (s *State) RiftSystemAt(m MapID, h Hex) (System, bool) {
	mp := s.mapByID(m)
	if mp == nil || mp.Terrain == nil {
		return System{}, false
	}
	return mp.Terrain.RiftSystemAt(h)
}

// riftExit reports whether u, moving from one hex to the next on its map,
// leaves a gravity rift system, and which. Moving between two hexes of
// one rift system is no exit (GR41.4); moving from one rift system
// straight into another leaves the first. A phased-out unit is out of
// normal space and feels no rift (house decision).
func (s *State) riftExit(u *Unit, from, to Hex) (System, bool) {
	if u.PhasedOut {
		return System{}, false
	}
	mp := s.mapByID(u.Map)
	if mp == nil {
		return System{}, false
	}
	return mp.Terrain.RiftExit(from, to)
}

// RiftExit reports whether a move from one hex to the next leaves a
// gravity rift system of terrain t, and which: moving between two hexes
// of one rift system is no exit (GR41.4), moving from one rift system
// straight into another leaves the first. A nil terrain has no rifts.
// The move's own check (riftExit) and the plotted-path preview of
// game/plot both ask it.
func (t *Terrain) RiftExit(from, to Hex) (System, bool) {
	if t == nil {
		return System{}, false
	}
	src, ok := t.RiftSystemAt(from)
	if !ok {
		return System{}, false
	}
	if dst, in := t.RiftSystemAt(to); in && dst.ID == src.ID {
		return System{}, false
	}
	return src, true
}

// riftKey names a rift system across maps, for MoveState.Rifts.
func riftKey(m MapID, sys System) string { return string(m) + "/" + sys.ID }

// riftBonus returns the movements an exit from sys gives a unit whose
// movement this turn is ms, and records it: every exit under "lrr"
// (GRN.9), the first exit from each rift this turn under "thunders-edge"
// (GRTE.1).
func (s *State) riftBonus(m MapID, ms *MoveState, sys System) int {
	if s.Ruleset.GravityRift == RulingLRR {
		return 1
	}
	k := riftKey(m, sys)
	if slices.Contains(ms.Rifts, k) {
		return 0
	}
	ms.Rifts = append(slices.Clip(ms.Rifts), k) // never writes into a shared array
	return 1
}

// bonusClause names the ruling that gives (or refuses) a rift's bonus.
func (s *State) bonusClause() string {
	if s.Ruleset.GravityRift == RulingLRR {
		return "GRN.9"
	}
	return "GRTE.1"
}

// gravityPlanLeave is the plan-time half of the rift: the movements a
// planned step out of a rift adds, so that a plan may use them at once
// (GR41.1, GR41.1.1). It never rolls (GRN.3).
func gravityPlanLeave(s *State, u *Unit, ms *MoveState, from, to Hex) int {
	sys, ok := s.riftExit(u, from, to)
	if !ok {
		return 0
	}
	return s.riftBonus(u.Map, ms, sys)
}

// gravityLeave is the move-time half: just before u leaves a rift system
// it rolls its d10 removal die (GR41.2). On 1-3 it is removed to reserve
// from the rift hex it was leaving and its move ends there (Stop);
// otherwise it gains the bonus and goes on. A ship docked to it leaves
// the rift too and rolls its own die after it; it rolls only if the
// mover came through its own roll, since otherwise neither leaves (house
// decision, docs/RULES.md). The movement step calls it only once every
// plan of the impulse is in (GRN.3, execMove).
func gravityLeave(s *State, u *Unit, from, to Hex) moveOutcome {
	sys, ok := s.riftExit(u, from, to)
	if !ok || !u.OnMap() {
		return moveOutcome{}
	}
	var o moveOutcome
	if s.riftRoll(u, sysName(sys), "GR41.2", &o.Events) {
		o.Stop = true
		return o
	}
	if u.Ship != nil {
		if p := s.Unit(u.Ship.Docked); p != nil && p.OnMap() && !p.PhasedOut {
			s.riftRoll(p, sysName(sys), "GR41.2", &o.Events)
		}
		o.Extra = s.riftBonus(u.Map, &u.Ship.Move, sys)
	}
	text := fmt.Sprintf("%s gains +%d movement leaving %s", unitName(u), o.Extra, sysName(sys))
	if o.Extra == 0 {
		text = fmt.Sprintf("%s has had the +1 of %s this turn: no bonus", unitName(u), sysName(sys))
	}
	o.Events = append(o.Events, s.unitEvent(EventNote, s.bonusClause(), u, text))
	return o
}

// heldMove is a move of this impulse's movement that waits at the edge
// of a gravity rift for every plan of the impulse to be in (GRN.3): the
// plan, the step it goes on from, and what the rest of the move needs.
type heldMove struct {
	Plan MovePlan `json:"plan"`
	Step int      `json:"step"`
	// Map and End are where the plan ends: the later plans of the
	// impulse find the unit there (placeOf).
	Map MapID `json:"map"`
	End Hex   `json:"end"`
	// Entry is the direction the plan enters its last hex by, for a ram;
	// Decel the movements its steps carried out so far gave up.
	Entry Direction `json:"entry"`
	Decel int       `json:"decel,omitempty"`
}

// riftEdge reports whether the step of u from one hex to the next would
// take u, its docked partner or the unit its tractor beam holds out of a
// gravity rift system: that unit, and the rift. A docked partner leaves
// with u (gravityLeave), so u answers for both.
func (s *State) riftEdge(u *Unit, from, to Hex) (*Unit, System, bool) {
	if sys, ok := s.riftExit(u, from, to); ok {
		return u, sys, true
	}
	if t := s.Unit(u.Gear.Tractor); t != nil && t.OnMap() && t.Map == u.Map {
		if sys, ok := s.riftExit(t, t.Hex, t.Hex.Add(to.sub(from))); ok {
			return t, sys, true
		}
	}
	return nil, System{}, false
}

// heldOf returns the held move of unit id, if it waits at a rift's edge.
func (s *State) heldOf(id UnitID) *heldMove {
	for i := range s.Turn.Held {
		if s.Turn.Held[i].Plan.Unit == id {
			return &s.Turn.Held[i]
		}
	}
	return nil
}

// placeOf is where the plans of this impulse find u: where it is, or,
// for a unit waiting at a rift's edge (and a ship docked to it), where
// its declared move ends. It stays counted there unless its roll removes
// it (GRN.4).
func (s *State) placeOf(u *Unit) (MapID, Hex) {
	if len(s.Turn.Held) == 0 {
		return u.Map, u.Hex
	}
	if h := s.heldOf(u.ID); h != nil {
		return h.Map, h.End
	}
	if u.Ship != nil && u.Ship.Docked != "" {
		if h := s.heldOf(u.Ship.Docked); h != nil {
			return h.Map, h.End
		}
	}
	return u.Map, u.Hex
}

// heldText writes the move of a plan that waits at a rift's edge: the
// hexes moved, and the rest of its declared path, path[len(w.path):].
func (s *State) heldText(u *Unit, w walk, path []Hex) string {
	var rest []string
	for _, h := range path[min(len(w.path), len(path)):] {
		rest = append(rest, h.String())
	}
	moved := fmt.Sprintf("%s moves %s facing %s", unitName(u), strings.Join(w.path, " "), u.Facing)
	if len(w.path) == 1 {
		moved = fmt.Sprintf("%s waits at %s facing %s", unitName(u), w.path[0], u.Facing)
	}
	who := "it is"
	if w.edge.ID != u.ID {
		who = unitName(w.edge) + ", in its tractor beam, is"
	}
	return fmt.Sprintf("%s: %s at the edge of %s, and the rest of its move, %s, follows the removal roll once every plan of the impulse is in (GRN.3)",
		moved, who, sysName(w.rift), strings.Join(rest, " "))
}

// goOnHeld carries on the moves held at a rift's edge, in the order they
// were made, once every plan of the impulse is in: each rolls its removal
// die as it leaves the rift (GR41.2), and a unit removed stops there,
// with its cargo, doing nothing beyond (no mine, web, cosmic rift, ram or
// pick-up). A held unit already off the board (destroyed, taken aboard)
// rolls no more and goes nowhere.
func (s *State) goOnHeld() []Event {
	var evs []Event
	held := s.Turn.Held
	s.Turn.Held = nil
	for _, hm := range held {
		p := &hm.Plan
		u := s.Unit(p.Unit)
		if u == nil {
			continue
		}
		decel, stopped := hm.Decel, true
		if u.OnMap() {
			w := s.walkPlan(p, hm.Step, false, &evs)
			u = s.Unit(p.Unit)
			decel += w.decel
			stopped = w.stopped
		}
		if u.OnMap() {
			evs = append(evs, s.decelBatteries(u, decel)...)
		}
		evs = append(evs, s.afterMove(u, p, hm.End)...)
		if p.Ram != "" && u.OnMap() && !stopped {
			s.Turn.Rams = append(s.Turn.Rams, RamOrder{Rammer: u.ID, Target: p.Ram, Entry: hm.Entry, ForceDock: p.ForceDock})
		}
	}
	return evs
}

// riftRoll rolls one removal die for u leaving the rift system named sys
// and removes it to reserve on 1-3. It reports whether u was removed.
func (s *State) riftRoll(u *Unit, sys string, clause string, evs *[]Event) bool {
	r, ev := s.Roll(D10, RollReason{Clause: clause, Side: u.Side, Unit: u.ID, What: "rift removal"})
	removed := r.Total <= RiftRemoveMax
	ev.Chance = Chance{In: RiftRemoveMax, Of: int16(D10.Sides), Came: removed}
	if removed {
		ev.Text = fmt.Sprintf("d10 = %d, %s removed to reserve", r.Total, unitName(u))
	} else {
		ev.Text = fmt.Sprintf("d10 = %d, %s leaves %s", r.Total, unitName(u), sys)
	}
	*evs = append(*evs, ev)
	if removed {
		*evs = append(*evs, s.toReserve(u)...)
	}
	return removed
}

// unitName names u for the log: the name players read, or its id for a
// seeker (whose name, "Drone", is its class's), a unit without a name,
// and a unit whose id is dotted: a destination scenario's unit
// ("corsair-haven.bounty") may share its name with a unit of the map it
// came from, and the log must not let one be taken for the other.
func unitName(u *Unit) string {
	if u.Name != "" && !u.Kind.Seeking() && !strings.Contains(string(u.ID), ".") {
		return u.Name
	}
	return string(u.ID)
}

// nameOf names the unit id for the log as unitName does; an id no unit
// has any more is itself.
func (s *State) nameOf(id UnitID) string {
	if u := s.Unit(id); u != nil {
		return unitName(u)
	}
	return string(id)
}

// idWords matches what could be a unit id or a shield in a text: words
// joined by dots ("kestrel.d6.1").
var idWords = regexp.MustCompile(`[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*`)

// namedText puts in text, for each whole word that is a unit's id, the
// name unitName gives it, and "shield 3" for "shield3".
func (s *State) namedText(text string) string {
	if s.quiet {
		return text
	}
	return idWords.ReplaceAllStringFunc(text, func(w string) string {
		if u := s.Unit(UnitID(w)); u != nil {
			return unitName(u)
		}
		if _, shield, err := repairTarget(w); err == nil && shield >= 0 {
			return RepairWords(w)
		}
		return w
	})
}

// commandText writes cmd for the log as players read it: "Korath
// Dominion's fire declaration: Dagger's Disruptor #3 at Swift".
func (s *State) commandText(cmd Command) string {
	if s.quiet {
		return string(cmd.Kind)
	}
	text := cmd.payloadWith(func(f payloadField, c *Command) []string {
		var parts []string
		if f.name == shotsField.name {
			for _, sh := range c.Shots {
				parts = append(parts, s.shotWords(sh))
			}
			return parts
		}
		for _, p := range f.parts(c) {
			parts = append(parts, s.namedText(p))
		}
		return parts
	})
	return s.sideName(cmd.Side) + "'s " + cmd.Kind.Words() + ": " + text
}

// shotWords names a shot as the orders panels do: the attacker, its
// weapon with the mount's label, and the target: "Kestrel's Drone rack #7
// at Specter". A mount the attacker's class does not have keeps its label
// alone.
func (s *State) shotWords(sh Shot) string {
	weapon := MountLabel(sh.Mount)
	if u := s.Unit(sh.Attacker); u != nil {
		if c, ok := LookupClass(u.Class); ok && sh.Mount >= 0 && sh.Mount < len(c.Mounts) {
			if w, ok := LookupWeapon(c.Mounts[sh.Mount].Weapon); ok {
				weapon = w.Name + " " + weapon
			}
		}
	}
	return s.nameOf(sh.Attacker) + "'s " + weapon + " at " + s.nameOf(sh.Target)
}

// namesOf names each of ids as nameOf does, joined by commas.
func (s *State) namesOf(ids []UnitID) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = s.nameOf(id)
	}
	return strings.Join(out, ", ")
}

func sysName(sys System) string {
	if sys.Name != "" {
		return sys.Name
	}
	return sys.ID
}

// RiftExit is one place where a planned path leaves a gravity rift: a
// removal roll is made there, and the bonus, if any, gained.
type RiftExit struct {
	// Step indexes the plan step that leaves the rift; Move counts the
	// hexes moved before it in the plan (0 for the first hex).
	Step int `json:"step"`
	Move int `json:"move"`
	From Hex `json:"from"`
	To   Hex `json:"to"`
	// System is the rift system's id, Name its name.
	System string `json:"system"`
	Name   string `json:"name"`
	// Bonus is the movement gained on this exit: 1, or 0 under
	// thunders-edge when the rift has given its bonus this turn.
	Bonus int `json:"bonus"`
}

// Odds are the gravity rift risks of one movement plan, computed by the
// code that resolves the move.
type Odds struct {
	Unit UnitID `json:"unit"`
	// Path is every hex of the plan, its start first.
	Path []Hex `json:"path"`
	// Exits are the removal rolls in the order they are made.
	Exits []RiftExit `json:"exits,omitempty"`
	// Bonus is the movement the plan gains from rifts.
	Bonus int `json:"bonus"`
	// Survive is the chance, (7/10)^len(Exits), that the unit and its
	// cargo get through every roll; SurviveExact is the same as a
	// fraction, e.g. "49/100".
	Survive      float64 `json:"survive"`
	SurviveExact string  `json:"survive_exact"`
	// Cargo is what the unit carries: it does not roll and shares the
	// unit's fate (GR41.2.1-2). PickUp is what the plan picks up at its
	// end, only if the unit gets there (GRN.10).
	Cargo  []UnitID `json:"cargo,omitempty"`
	PickUp []UnitID `json:"pick_up,omitempty"`
	// Partner is a ship docked to the unit, which rolls after it on each
	// exit the unit comes through; PartnerSurvive is its chance to stay
	// on the board (left at the rift's edge if the unit is removed).
	Partner        UnitID  `json:"partner,omitempty"`
	PartnerSurvive float64 `json:"partner_survive,omitempty"`
	// Towed is the unit the mover's tractor beam drags along, which rolls
	// on each of its own exits from a rift after the mover (GR41.2), as
	// long as the mover is still on its way; TowedSurvive is its chance to
	// stay on the board.
	Towed        UnitID  `json:"towed,omitempty"`
	TowedSurvive float64 `json:"towed_survive,omitempty"`
}

// RiftSurviveChance returns the exact chance of coming through n removal
// rolls: (7/10)^n (GR41.2).
func RiftSurviveChance(n int) *big.Rat {
	r := big.NewRat(1, 1)
	for range n {
		r.Mul(r, riftSurvive)
	}
	return r
}

// PlanOdds checks a movement plan exactly as Apply would (for the unit
// whose turn it is, at the current impulse) and returns where it leaves
// gravity rifts, the bonus it gains and the chance that the unit and its
// cargo get through. It changes nothing and rolls nothing.
func (s *State) PlanOdds(p MovePlan) (Odds, error) {
	u := s.Unit(p.Unit)
	if u == nil || !u.OnMap() || u.Ship == nil {
		return Odds{}, fmt.Errorf("rules: %s is not a unit on the map", p.Unit)
	}
	res, err := s.checkPlan(u, &p)
	if err != nil {
		return Odds{}, err
	}
	o := Odds{Unit: u.ID, Path: res.path, PickUp: slices.Clone(p.PickUp)}
	ms := u.Ship.Move
	towed := s.Unit(u.Gear.Tractor)
	if towed != nil && (!towed.OnMap() || towed.Map != u.Map) {
		towed = nil
	}
	partner := s.Unit(u.Ship.Docked)
	if partner != nil && !partner.OnMap() {
		partner = nil
	}
	// The partner rolls after the unit on each of the unit's exits, the
	// towed unit after it on each of its own, and either only while the
	// unit is still on its way: going is the chance that it is, the
	// others' on the chances they came through their rolls so far, lost
	// the chances they were removed.
	lose := float64(RiftRemoveMax) / float64(D10.Sides)
	going, partnerOn, towedOn, partnerLost, towedLost := 1.0, 1.0, 1.0, 0.0, 0.0
	move := 0
	for i, st := range p.Steps {
		if !st.Op.moves() {
			continue
		}
		from, to := res.path[move], res.path[move+1]
		if sys, ok := s.riftExit(u, from, to); ok {
			b := s.riftBonus(u.Map, &ms, sys)
			o.Exits = append(o.Exits, RiftExit{Step: i, Move: move, From: from, To: to, System: sys.ID, Name: sysName(sys), Bonus: b})
			o.Bonus += b
			going *= 1 - lose
			partnerLost += going * partnerOn * lose
			partnerOn *= 1 - lose
		}
		if towed != nil {
			th := towed.Hex.Add(from.sub(res.path[0]))
			if _, ok := s.riftExit(towed, th, th.Add(to.sub(from))); ok {
				towedLost += going * towedOn * lose
				towedOn *= 1 - lose
			}
		}
		move++
	}
	if towed != nil {
		o.Towed, o.TowedSurvive = towed.ID, 1-towedLost
	}
	exact := RiftSurviveChance(len(o.Exits))
	o.Survive, _ = exact.Float64()
	o.SurviveExact = exact.RatString()
	for _, c := range s.cargoOf(u.ID) {
		o.Cargo = append(o.Cargo, c.ID)
	}
	if partner != nil {
		o.Partner, o.PartnerSurvive = partner.ID, 1-partnerLost
	}
	return o, nil
}

// moves reports whether the operation moves the unit one hex.
func (op MoveOp) moves() bool { return op == OpForward || op == OpSlipLeft || op == OpSlipRight }
