package rules

import (
	"errors"
	"slices"
	"strings"
)

// Imagine returns a determinization of v: a playable state built from
// one side's view alone, for a computer player to try its commands in
// and play on with Apply. Everything the view shows is taken as it is;
// everything it hides is sampled from a generator seeded by seed, or set
// to a stated default, and never taken from the true state, which
// Imagine does not have. Two true states that give the viewer the same
// view therefore give the same imagined state for the same seed.
//
// What the viewer cannot see, and what the imagined state holds instead:
//
//   - Another side's systems (internal damage, batteries, crew): its
//     class's, undamaged, with an empty battery; its shields, armor,
//     excess damage and docking are public and kept.
//   - Another side's armed weapons (a sealed allocation): after energy
//     allocation each direct-fire mount is armed; a plasma launcher is
//     armed at even odds from the turn it could be; each mount has
//     already fired this turn at the odds of the impulses gone by.
//   - Another side's movement this turn: the impulse chart's share of its
//     speed up to the current impulse, as if it had moved every impulse;
//     a turn it may take at once.
//   - The rest of the movement order of an impulse: the unit to move
//     now first, then every other unit that may move, in sampled order.
//   - Sealed choices of other sides in this step: none; they are pending
//     in the imagined state and choose again.
//   - Another side's seeking weapons: launched now, self-guided, seeking
//     the viewer's nearest unit; a plasma torpedo has flown as far as its
//     public warhead says.
//   - Other sides' phased-out units, hidden mines, units in reserve and
//     carried craft, undetected rifts and unknown maps: absent.
//   - Cosmic rifts, webs' phased-out hexes, revealed fire awaiting
//     evasion and rams awaiting resolution: absent (the view does not
//     give all their fields); the phase storm is kept.
//   - Objectives naming units the viewer cannot see: those units are
//     left out, and an objective left naming none of its units is
//     dropped.
//
// The viewer's own units are as its view gives them, ghosts and their
// courses, reserve and carried craft included. The dice of the imagined
// state come from seed. Its events leave out the words of the commands
// (nobody reads an imagined log), which makes playing it on cheaper.
func Imagine(v *View, seed uint64) (*State, error) {
	if v == nil || v.Viewer == "" {
		return nil, errors.New("rules: only a side's view can be imagined, not the public table")
	}
	rng := NewRNG(seed ^ 0x1a6e5eed)
	s := &State{
		Scenario:   v.Scenario,
		Ruleset:    v.Ruleset,
		Seed:       seed,
		Clock:      v.Clock,
		Sides:      slices.Clone(v.Sides),
		Maps:       slices.Clone(v.Maps),
		RNG:        NewRNG(seed),
		PrivateKey: SeedPrivateKey(seed),
		quiet:      true,
	}
	for i := range s.Maps {
		// Its own copy: indexing the terrain writes to it, and the
		// viewer's game may be reading its own at the same time.
		if s.Maps[i].Terrain != nil {
			s.Maps[i].Terrain = cloneTerrain(s.Maps[i].Terrain)
		} else {
			s.Maps[i].Terrain = &Terrain{}
		}
	}
	if v.Storm != nil {
		s.Phase.Storm = &PhaseStorm{Side: v.Storm.Side, Start: v.Storm.Start, Until: v.Storm.Until, Range: v.Storm.Range}
	}
	for _, w := range v.Webs {
		web := Web{ID: w.ID, Side: w.Side, Map: w.Map, Cast: w.Cast, Anchors: w.Anchors}
		for _, h := range w.Hexes {
			web.Hexes = append(web.Hexes, WebHex{Hex: h})
		}
		s.Phase.Webs = append(s.Phase.Webs, web)
	}
	for _, t := range v.PhaseIns {
		s.Phase.Revealed = append(s.Phase.Revealed, *t.clone())
	}
	for _, uv := range v.Units {
		if u, ok := imagineUnit(v, uv, &rng); ok {
			s.Units = append(s.Units, u)
		}
	}
	for _, uvs := range [][]UnitView{v.Reserve, v.Carried} {
		for _, uv := range uvs {
			if u, ok := imagineUnit(v, uv, &rng); ok {
				s.Units = append(s.Units, u)
			}
		}
	}
	slices.SortFunc(s.Units, func(a, b Unit) int { return strings.Compare(string(a.ID), string(b.ID)) })
	s.Objectives = imagineObjectives(v.Objectives, s.Units)
	if err := s.check(); err != nil {
		return nil, err
	}
	s.reindex()
	s.imagineSeekerTargets(v.Viewer)
	s.imagineTurn(v, &rng)
	return s, nil
}

// imagineUnit is the unit of a view as the viewer may imagine it; false
// for a unit of an unknown class.
func imagineUnit(v *View, uv UnitView, rng *RNG) (Unit, bool) {
	c := lookupClass(uv.Class)
	if c == nil {
		return Unit{}, false
	}
	u := Unit{
		ID: uv.ID, Name: uv.Name, Side: uv.Side, Class: uv.Class, Kind: uv.Kind, Status: uv.Status,
		Map: uv.Map, Hex: uv.Hex, Facing: uv.Facing, Speed: uv.Speed, CarriedBy: uv.CarriedBy,
	}
	if u.Kind == "" {
		u.Kind = c.Kind
	}
	own := uv.Side == v.Viewer
	u.Gear.Tractor = uv.Tractor
	for _, d := range uv.Devices {
		switch {
		case d == DeviceCloak:
			u.Gear.Cloak.Fitted = true
		case !slices.Contains(c.Devices, d):
			u.Gear.Devices = append(u.Gear.Devices, d)
		}
	}
	if uv.Cloaked {
		if uv.CloakFading == "out" {
			u.Gear.Cloak.Fade = uv.CloakLevel
		} else {
			u.Gear.Cloak.On = true
			u.Gear.Cloak.Fade = max(CloakFadeImpulses-uv.CloakLevel, 0)
		}
	}
	if own {
		u.PhasedOut = uv.Ghost
		u.Phase = uv.Phase.clone()
		u.Gear.Target, u.Gear.Guide = uv.Target, uv.Guide
		u.Cross.Believes = uv.Believes
		if uv.Detail != nil {
			u.Ship = uv.Detail.clone()
		}
	}
	if u.Ship == nil {
		u.Ship = imagineShip(v, uv, c, rng)
	}
	return u, true
}

// imagineShip is another side's unit's systems as the viewer may imagine
// them (see Imagine).
func imagineShip(v *View, uv UnitView, c *Class, rng *RNG) *ShipState {
	ss := newShipState(c, uv.Speed)
	ss.Shields, ss.Armor, ss.Excess = uv.Shields, uv.Armor, uv.Excess
	ss.Docked, ss.Warp, ss.Erratic = uv.Docked, uv.Warp, uv.Erratic
	ss.Boarders, ss.BoarderSide = uv.Boarders, uv.BoarderSide
	ss.Allocated, ss.PrevSpeed = uv.Speed, uv.Speed
	n := max(v.Ruleset.ImpulsesPerTurn, 1)
	imp := v.Clock.Impulse
	if imp > 0 {
		done := imp - 1
		if v.Clock.Step > StepMovement {
			done = imp
		}
		ss.Move.Moved = done * uv.Speed / n
		ss.Move.Straight = HexesBeforeTurn(uv.Speed, c.TurnMode)
	}
	if uv.Kind.Seeking() {
		ss.Launched = v.Clock
		if uv.Kind == KindPlasma {
			for ss.Flown = 0; PlasmaWarhead(ss.Flown) > uv.Warhead && PlasmaWarhead(ss.Flown) > 0; ss.Flown++ {
			}
		}
		return ss
	}
	if v.Clock.Step <= StepEnergyAllocation {
		return ss // nothing armed before the allocation
	}
	for i, m := range c.Mounts {
		w, _ := LookupWeapon(m.Weapon)
		ms := &ss.Mounts[i]
		switch {
		case w.Charged():
			if v.Clock.Turn >= w.ArmTurns && rng.IntN(2) == 0 {
				ms.Armed, ms.Charge = true, w.ArmTurns
			}
		case w.Seeking():
			ms.Armed = true
		default:
			ms.Armed = true
			if imp > 1 && rng.IntN(n) < imp-1 {
				ms.Fired = true
			}
		}
	}
	return ss
}

// imagineObjectives keeps the objectives as the viewer knows them, less
// the units it cannot see (see Imagine).
func imagineObjectives(obs []Objective, units []Unit) []Objective {
	out := cloneObjectives(obs)
	known := func(id UnitID) bool {
		_, ok := slices.BinarySearchFunc(units, id, func(u Unit, id UnitID) int { return strings.Compare(string(u.ID), string(id)) })
		return ok
	}
	return slices.DeleteFunc(out, func(o Objective) bool {
		if len(o.Units) == 0 {
			return false
		}
		o.Units = slices.DeleteFunc(o.Units, func(id UnitID) bool { return !known(id) })
		return len(o.Units) == 0
	})
}

// imagineSeekerTargets aims every seeking weapon of another side that
// the viewer sees at the viewer's nearest unit on its map (ties by id),
// guiding itself.
func (s *State) imagineSeekerTargets(viewer SideID) {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == viewer || !isSeeker(u) || !u.OnMap() {
			continue
		}
		best, bestD := UnitID(""), -1
		for j := range s.Units {
			t := &s.Units[j]
			if t.Side != viewer || !t.OnMap() || t.PhasedOut || isSeeker(t) || t.Map != u.Map {
				continue
			}
			if d := u.Hex.Distance(t.Hex); bestD < 0 || d < bestD {
				best, bestD = t.ID, d
			}
		}
		u.Gear.Target, u.Gear.SelfGuided = best, true
	}
}

// imagineTurn sets the turn machine where the view stands: the step
// entered, its sides waiting (all of them again, sealed choices unknown),
// and in the movement step the order described at Imagine.
func (s *State) imagineTurn(v *View, rng *RNG) {
	if s.Clock.Step == StepGameOver {
		return
	}
	s.Turn.Entered = true
	if v.Expecting == CmdEvade {
		s.Turn.Stage = stageEvade
	}
	if s.Clock.Step == StepMovement {
		var order []Initiative
		if v.Mover != "" {
			order = append(order, Initiative{Unit: v.Mover})
		}
		var rest []Initiative
		for _, u := range s.movers() {
			if u.ID != v.Mover {
				rest = append(rest, Initiative{Unit: u.ID})
			}
		}
		for i := len(rest) - 1; i > 0; i-- {
			j := rng.IntN(i + 1)
			rest[i], rest[j] = rest[j], rest[i]
		}
		s.Turn.Order = append(order, rest...)
		s.skipIdleMovers()
		return
	}
	if k := s.stepKind(); k != nil && k.waiting != nil {
		s.Turn.Waiting = k.waiting(s)
	}
}
