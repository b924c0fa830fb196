package ai

import (
	"sync"

	"github.com/hexrift/hexrift/rules"
)

// knowledge is what a player derives from its view for one decision: its
// own units (with their full detail), the enemies it can see, and the
// class data every side knows.
type knowledge struct {
	v       *rules.View
	side    rules.SideID
	own     []*rules.UnitView
	enemies []*rules.UnitView
	classes map[rules.ClassID]*rules.Class
	// pred is the knowledge one impulse ahead (see ahead).
	pred *knowledge
	// assault caches assaulting.
	assault *bool
}

func newKnowledge(v *rules.View, side rules.SideID) *knowledge {
	k := &knowledge{v: v, side: side, classes: map[rules.ClassID]*rules.Class{}}
	for i := range v.Units {
		u := &v.Units[i]
		if u.Status != rules.StatusOnMap {
			continue
		}
		if u.Side == side {
			if u.Detail != nil && !u.Ghost {
				k.own = append(k.own, u)
			}
			continue
		}
		if !u.Ghost {
			k.enemies = append(k.enemies, u)
		}
	}
	return k
}

// class returns the class of u, or nil when it is unknown.
func (k *knowledge) class(id rules.ClassID) *rules.Class {
	if c, ok := k.classes[id]; ok {
		return c
	}
	var cp *rules.Class
	if c, ok := rules.LookupClass(id); ok {
		cp = &c
	}
	k.classes[id] = cp
	return cp
}

// unit returns the visible unit with id, or nil.
func (k *knowledge) unit(id rules.UnitID) *rules.UnitView {
	for i := range k.v.Units {
		if k.v.Units[i].ID == id {
			return &k.v.Units[i]
		}
	}
	return nil
}

// isThreat reports whether an enemy unit carries weapons or a warhead.
func (k *knowledge) isThreat(e *rules.UnitView) bool {
	c := k.class(e.Class)
	return c != nil && (len(c.Mounts) > 0 || c.Warhead > 0)
}

// value is how much a unit is worth as a target: its point value with
// the objective points on it, and seeking weapons valued by the damage
// they would do.
func (k *knowledge) value(u *rules.UnitView) float64 {
	c := k.class(u.Class)
	if c == nil {
		return 1
	}
	if u.Kind.Seeking() {
		return 0.6 + float64(u.Warhead)/10
	}
	// The objectives riding on it count as more points.
	return 1 + float64(c.BPV+k.stake(u.ID))/200
}

// relDir returns the direction from a unit at from facing f toward to, 0-5
// clockwise from f; the same hex counts as ahead (as the rules do).
func relDir(from rules.Hex, f rules.Direction, to rules.Hex) int {
	d, ok := from.DirectionTo(to)
	if !ok {
		return 0
	}
	return ((int(d)-int(f))%6 + 6) % 6
}

// shotEV is the expected damage of weapon w at range rng with fire
// modifier mod, with the chance of a hit; the same table the rules use.
func shotEV(w *rules.Weapon, rng, mod int) (chance, damage float64) {
	b, ok := w.Band(rng)
	if !ok {
		return 0, 0
	}
	n := 0
	for face := 1; face <= 6; face++ {
		if face+mod <= b.Hit {
			n++
		}
	}
	return float64(n) / 6, float64(b.Damage)
}

// weapon returns the weapon of a class's mount m.
func weapon(c *rules.Class, m int) *rules.Weapon {
	id := c.Mounts[m].Weapon
	if w, ok := weaponTypes.Load(id); ok {
		return w.(*rules.Weapon)
	}
	w, ok := rules.LookupWeapon(id)
	if !ok {
		return nil
	}
	p, _ := weaponTypes.LoadOrStore(id, &w)
	return p.(*rules.Weapon)
}

// weaponTypes memoises rules.LookupWeapon, which the plan scoring calls
// in its innermost loops: weapon types are fixed data, so the memo never
// changes an answer, and it is safe for the games a match plays at once.
var weaponTypes sync.Map // rules.WeaponID -> *rules.Weapon

// prefRange is the range at which the unit's direct-fire weapons do the
// most expected damage together, preferring the longer of equals up to 4.
func prefRange(c *rules.Class) int {
	best, at := -1.0, 2
	for r := 1; r <= 12; r++ {
		sum := 0.0
		for m := range c.Mounts {
			w := weapon(c, m)
			if w == nil || w.Seeking() {
				continue
			}
			ch, d := shotEV(w, r, 0)
			sum += ch * d
		}
		if r <= 4 {
			sum += 0.01 * float64(r)
		}
		if sum > best+1e-9 {
			best, at = sum, r
		}
	}
	return at
}

// shieldWeight is how much more a point of damage is worth against a
// shield with s boxes left: the thinner the shield, the more gets through.
func shieldWeight(s int) float64 {
	if s <= 0 {
		return 2
	}
	if s >= 12 {
		return 1
	}
	return 2 - float64(s)/12
}

// pose is a place a unit may be in: its map, hex and facing.
type pose struct {
	Map    rules.MapID
	Hex    rules.Hex
	Facing rules.Direction
}

// offense is the expected damage the own unit u could deal from pose p in
// one volley of its armed mounts (or of every mount, when potential is
// set), each at its best visible target, weighted by the target's value
// and the shield it would strike.
func (k *knowledge) offense(u *rules.UnitView, p pose, potential bool) float64 {
	c := k.class(u.Class)
	if c == nil || u.Detail == nil {
		return 0
	}
	mod := 0
	if u.Erratic {
		mod += rules.ErraticModifier
	}
	if u.Warp {
		// Its own fire in warp (X4.WARP).
		mod += rules.WarpFactor(u.Speed)
	}
	total := 0.0
	for m := range c.Mounts {
		ms := u.Detail.Mounts[m]
		if ms.Destroyed || ms.Fired || (!ms.Armed && !potential) {
			continue
		}
		w := weapon(c, m)
		if w == nil || w.Seeking() {
			continue
		}
		best := 0.0
		for _, e := range k.enemies {
			if e.Map != p.Map || k.class(e.Class) == nil {
				continue
			}
			rng := p.Hex.Distance(e.Hex)
			if rng > w.MaxRange() || !c.Mounts[m].Arc.Covers(relDir(p.Hex, p.Facing, e.Hex)) {
				continue
			}
			if e.CloakLevel > 0 && rng > rules.CloakLockRange(e.CloakLevel) {
				continue // no lock-on on a cloak that far
			}
			emod := mod
			if e.Erratic {
				emod += rules.ErraticModifier
			}
			emod += rules.CloakFireModifier(e.CloakLevel)
			ch, d := shotEV(w, rng, emod)
			ev := ch * d * k.value(e) * shieldWeight(e.Shields[relDir(e.Hex, e.Facing, p.Hex)])
			best = max(best, ev)
		}
		total += best
	}
	return total
}

// threat is the expected damage the visible enemies could deal to the own
// unit u at pose p, if every enemy mount were armed (arming is secret; a
// plasma launcher counts at the odds of plasmaThreat), weighted by the
// own shield each shot would strike. A cloaked enemy threatens nothing
// this turn: it cannot fire or launch until its cloak has faded out.
func (k *knowledge) threat(u *rules.UnitView, p pose) float64 {
	total := 0.0
	shields := u.Shields
	if u.Detail != nil {
		for i := range shields {
			shields[i] = u.Detail.Shields[i] + u.Detail.Reinforce[i]
		}
	}
	for _, e := range k.enemies {
		if e.Map != p.Map {
			continue
		}
		c := k.class(e.Class)
		if c == nil {
			continue
		}
		rng := e.Hex.Distance(p.Hex)
		if e.Kind.Seeking() {
			// A seeker closes on something; count it against the
			// nearest of its possible victims at its speed, with the
			// warhead it has now.
			if e.Warhead > 0 && rng <= max(e.Speed/2, 2) {
				total += float64(e.Warhead) * shieldWeight(shields[relDir(p.Hex, p.Facing, e.Hex)]) / 2
			}
			continue
		}
		if e.Cloaked {
			// A cloaked ship, fading in, full or fading out, can
			// neither fire nor launch, and it cannot drop the cloak
			// before the next energy allocation.
			continue
		}
		mod := 0
		if e.Erratic {
			mod += rules.ErraticModifier
		}
		if e.Warp {
			mod += rules.WarpFactor(e.Speed) // the enemy's fire in warp (X4.WARP)
		}
		if u.Erratic {
			mod += rules.ErraticModifier
		}
		rel := relDir(e.Hex, e.Facing, p.Hex)
		sw := shieldWeight(shields[relDir(p.Hex, p.Facing, e.Hex)])
		for m := range c.Mounts {
			w := weapon(c, m)
			if w != nil && w.Charged() && w.Seeking() && c.Mounts[m].Arc.Covers(rel) {
				total += k.plasmaThreat(w, rng) * sw
				continue
			}
			if w == nil || w.Seeking() || rng > w.MaxRange() || !c.Mounts[m].Arc.Covers(rel) {
				continue
			}
			ch, d := shotEV(w, rng, mod)
			total += ch * d * sw
		}
	}
	return total
}

// plasmaArmedOdds is the chance the threat gives an enemy plasma launcher
// of being armed once it could be: whether it is is secret, and a side
// that pays to hold one mostly does.
const plasmaArmedOdds = 0.5

// plasmaThreat is what an enemy plasma launcher w at range rng threatens:
// nothing before the turn it could first be armed (its arming turns,
// counted from the first; turns are public), then the warhead a torpedo
// launched now would strike with after flying rng hexes, at the odds of
// its being armed.
func (k *knowledge) plasmaThreat(w *rules.Weapon, rng int) float64 {
	if k.v.Clock.Turn < w.ArmTurns || rng > rules.LaunchRange {
		return 0
	}
	return plasmaArmedOdds * float64(rules.PlasmaWarhead(rng))
}

// nearest returns the visible enemy threat nearest to p and its distance,
// or nil.
func (k *knowledge) nearest(p pose) (*rules.UnitView, int) {
	var best *rules.UnitView
	bd := 1 << 30
	for _, e := range k.enemies {
		if e.Map != p.Map || e.Kind.Seeking() || !k.isThreat(e) {
			continue
		}
		if d := p.Hex.Distance(e.Hex); d < bd {
			best, bd = e, d
		}
	}
	return best, bd
}

// inPhaseSpace reports whether h is in a phase space region of map m (the
// public terrain; a phase storm is left out).
func (k *knowledge) inPhaseSpace(m rules.MapID, h rules.Hex) bool {
	mp := k.v.Map(m)
	return mp != nil && mp.Terrain != nil && mp.Terrain.InRegion(h, rules.RegionPhaseSpace)
}

// ahead returns the knowledge with every visible enemy ship moved on to
// where its speed and facing take it by the next impulse: a prediction
// from public facts only (its speed, facing and the impulse chart),
// made once per decision.
func (k *knowledge) ahead() *knowledge {
	if k.pred != nil {
		return k.pred
	}
	n := max(k.v.Ruleset.ImpulsesPerTurn, 1)
	next := k.v.Clock.Impulse%n + 1
	p := &knowledge{v: k.v, side: k.side, own: k.own, classes: k.classes}
	for _, e := range k.enemies {
		moved := *e
		steps := rules.ImpulseMoves(e.Speed, next, n)
		for range steps {
			moved.Hex = moved.Hex.Neighbor(moved.Facing)
		}
		p.enemies = append(p.enemies, &moved)
	}
	p.pred = p
	k.pred = p
	return p
}

// health is the share of its class's shields and armor a visible unit
// still has (1 when unknown): what every side can see of its condition.
func (k *knowledge) health(u *rules.UnitView) float64 {
	c := k.class(u.Class)
	if c == nil {
		return 1
	}
	full, left := c.Armor, u.Armor
	for i := range c.Shields {
		full += c.Shields[i]
		left += min(u.Shields[i], c.Shields[i])
	}
	if full <= 0 {
		return 1
	}
	return min(float64(left)/float64(full), 1)
}

// riftHome returns, for an own unit beyond a cosmic rift (on the
// destination map of a rift the side knows), the rift it must go back
// through; nil when the unit is at home.
func (k *knowledge) riftHome(u *rules.UnitView) *rules.RiftView {
	var best *rules.RiftView
	for i := range k.v.Rifts {
		r := &k.v.Rifts[i]
		if r.Dest == "" || r.Dest != u.Map || r.Remaining <= 0 {
			continue
		}
		if best == nil || u.Hex.Distance(r.Port) < u.Hex.Distance(best.Port) {
			best = r
		}
	}
	if best == nil && !u.Away {
		return nil
	}
	return best
}

// impulsesTo is how many impulses a unit at speed needs to cover d hexes
// (speed hexes a turn of n impulses), at least one per hex at speed 0.
func impulsesTo(d, speed, n int) int {
	if speed <= 0 {
		return 1 << 20
	}
	return (d*n + speed - 1) / speed
}

// closeTo reports whether the visible unit e is within d hexes of an own
// unit on its map.
func (k *knowledge) closeTo(e *rules.UnitView, d int) bool {
	for _, u := range k.own {
		if u.Map == e.Map && u.Hex.Distance(e.Hex) <= d {
			return true
		}
	}
	return false
}

// rivals counts the sides other than the player's own that score from
// its losses: every other side, but the defenders of a cosmic rift
// destination (Side.Destination), which score only from the sides that
// reach their map.
func (k *knowledge) rivals() int {
	n := 0
	for _, sd := range k.v.Sides {
		if sd.ID != k.side && sd.Destination == "" {
			n++
		}
	}
	return n
}
