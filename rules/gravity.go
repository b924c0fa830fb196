package rules

import (
	"fmt"
	"math/big"
	"slices"
)

// Gravity rifts (GR41, RULES-SYNTHESIS section 4). A gravity rift is a
// System with Rift set; all its hexes together are one rift (GR41.4). A
// unit leaving a rift system during its own movement rolls a d10 just
// before it leaves, 1-3 removing it to its owner's reserve (GR41.2), and
// gains one movement (GR41.1) on every exit (ruling "lrr", GRN.9) or once
// per rift per turn (ruling "thunders-edge", GRTE.1). Entering a rift does
// nothing (GRN.1).
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
	src, ok := s.RiftSystemAt(u.Map, from)
	if !ok {
		return System{}, false
	}
	if dst, in := s.RiftSystemAt(u.Map, to); in && dst.ID == src.ID {
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
// it rolls a d10, 1-3 removing it to reserve with everything it carries
// (GR41.2, GR41.2.1-3); otherwise it gains the bonus. A ship docked to it
// is a ship leaving the rift too and rolls its own die after it (house
// decision, docs/RULES.md).
func gravityLeave(s *State, u *Unit, from, to Hex) moveOutcome {
	sys, ok := s.riftExit(u, from, to)
	if !ok || !u.OnMap() {
		return moveOutcome{}
	}
	var o moveOutcome
	var partner *Unit
	if u.Ship != nil {
		if p := s.Unit(u.Ship.Docked); p != nil && p.OnMap() {
			partner = p
		}
	}
	if s.riftRoll(u, sys, "GR41.2", &o.Events) {
		o.Stop = true
		return o
	}
	if u.Ship != nil {
		o.Extra = s.riftBonus(u.Map, &u.Ship.Move, sys)
	}
	text := fmt.Sprintf("%s gains +%d movement leaving %s", unitName(u), o.Extra, sysName(sys))
	if o.Extra == 0 {
		text = fmt.Sprintf("%s has had the +1 of %s this turn: no bonus", unitName(u), sysName(sys))
	}
	o.Events = append(o.Events, s.unitEvent(EventNote, s.bonusClause(), u, text))
	if partner != nil {
		s.riftRoll(partner, sys, "GR41.2", &o.Events)
	}
	return o
}

// riftRoll rolls one removal die for u leaving sys and removes it to
// reserve on 1-3. It reports whether u was removed.
func (s *State) riftRoll(u *Unit, sys System, clause string, evs *[]Event) bool {
	r, ev := s.roll(D10, RollReason{Clause: clause, Side: u.Side, Unit: u.ID, What: "rift removal"})
	removed := r.Total <= RiftRemoveMax
	ev.Chance = Chance{In: RiftRemoveMax, Of: int16(D10.Sides), Came: removed}
	if removed {
		ev.Text = fmt.Sprintf("d10 = %d, %s removed to reserve", r.Total, unitName(u))
	} else {
		ev.Text = fmt.Sprintf("d10 = %d, %s leaves %s", r.Total, unitName(u), sysName(sys))
	}
	*evs = append(*evs, ev)
	if removed {
		*evs = append(*evs, s.toReserve(u)...)
	}
	return removed
}

func unitName(u *Unit) string {
	if u.Name != "" {
		return u.Name
	}
	return string(u.ID)
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
	// exit the unit survives; PartnerSurvive is its chance to stay on the
	// board (it stays behind, safe, if the unit is removed).
	Partner        UnitID  `json:"partner,omitempty"`
	PartnerSurvive float64 `json:"partner_survive,omitempty"`
	// Towed is the unit the mover's tractor beam drags along, which rolls
	// on each of its own exits from a rift after the mover (GR41.2);
	// TowedSurvive is its chance to stay on the board (left behind, it is
	// safe).
	Towed        UnitID  `json:"towed,omitempty"`
	TowedSurvive float64 `json:"towed_survive,omitempty"`
}

// surviveChance returns the exact chance of coming through n removal
// rolls: (7/10)^n.
func surviveChance(n int) *big.Rat {
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
	// both is the chance that mover and towed unit are both still going,
	// towedLost that the towed unit has been removed.
	both, towedLost := 1.0, 0.0
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
			both *= 0.7
		}
		if towed != nil {
			th := towed.Hex.Add(from.sub(res.path[0]))
			if _, ok := s.riftExit(towed, th, th.Add(to.sub(from))); ok {
				towedLost += both * 0.3
				both *= 0.7
			}
		}
		move++
	}
	if towed != nil {
		o.Towed, o.TowedSurvive = towed.ID, 1-towedLost
	}
	exact := surviveChance(len(o.Exits))
	o.Survive, _ = exact.Float64()
	o.SurviveExact = exact.RatString()
	for _, c := range s.cargoOf(u.ID) {
		o.Cargo = append(o.Cargo, c.ID)
	}
	if pt := s.Unit(u.Ship.Docked); pt != nil && pt.OnMap() {
		// The partner is removed on exit j if the unit survived j rolls
		// and the partner j-1, then the partner rolls 1-3.
		lost, both := 0.0, 1.0
		for range o.Exits {
			lost += both * 0.7 * 0.3
			both *= 0.49
		}
		o.Partner, o.PartnerSurvive = pt.ID, 1-lost
	}
	return o, nil
}

// moves reports whether the operation moves the unit one hex.
func (op MoveOp) moves() bool { return op == OpForward || op == OpSlipLeft || op == OpSlipRight }
