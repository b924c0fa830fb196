package ai

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// option is one shot a mount could take, with its odds.
type option struct {
	shot rules.Shot
	odds rules.ShotOdds
}

// fire declares the side's direct fire: every armed mount that can fire
// now, asked of the oracle's ShotOdds for each visible target. A mount
// fires once a turn, so it holds its shot for better odds unless the shot
// is already good for its weapon or the turn is ending. Targets are
// chosen greedily, best expected damage first, with the damage already
// aimed at a target's shield counted so that fire concentrates.
func (p *Player) fire(k *knowledge, legal []rules.Command, o Oracle) []rules.Command {
	var opts [][]option // per mount
	for _, u := range k.own {
		c := k.class(u.Class)
		if c == nil {
			continue
		}
		for m := range c.Mounts {
			ms := u.Detail.Mounts[m]
			w := weapon(c, m)
			if ms.Destroyed || !ms.Armed || ms.Fired || w == nil || w.Seeking() {
				continue
			}
			var mo []option
			for _, e := range k.enemies {
				if e.Map != u.Map || u.Hex.Distance(e.Hex) > w.MaxRange() {
					continue
				}
				sh := rules.Shot{Attacker: u.ID, Mount: m, Target: e.ID}
				if !p.spend(1) {
					break
				}
				odds, err := o.ShotOdds(sh)
				if err != nil || odds.Sixths == 0 {
					continue
				}
				mo = append(mo, option{sh, odds})
			}
			if len(mo) > 0 {
				opts = append(opts, mo)
			}
		}
	}
	imp, n := k.v.Clock.Impulse, max(k.v.Ruleset.ImpulsesPerTurn, 1)
	last := imp >= n
	// Hold thresholds: the share of the weapon's best expected damage a
	// shot must reach to be taken now. A mount fires once a turn, so a
	// poor shot spends the turn's shot; hard waits longest for a good
	// one against a single enemy side (hard against normal in
	// siege-of-bastion, 20 seeds: 5% of decided games holding at 0.3,
	// 40% at 0.5, 50% at 0.7, 45% at 0.8 and 0.9). Against two or more
	// the enemies' courses follow more than one fight and a better shot
	// is less likely to come: there hard holds as normal does (three-
	// crowns, 40 seeds: 38.2% holding at 0.7, 53.8% at 0.5). Normal
	// and easy hold less by their handicap (handicap.go): normal at 0.3,
	// easy not at all, so they spend shots at long range.
	hc := p.hc
	hold := hc.hold
	if p.Level == Hard && k.rivals() < 2 {
		hold = 0.7
	}
	// aimed is the expected damage already aimed at each target: at the
	// target as a whole for easy and normal, at the shield it strikes for
	// hard, since what a shot on one shield takes off does not thin
	// another (hard against normal, all battle scenarios, 10 seeds: 65.0%
	// of decided games, 63.6% aiming at the target as a whole).
	type facing struct {
		unit   rules.UnitID
		shield int
	}
	aimed := map[facing]float64{}
	aimAt := func(t rules.UnitID, shield int) facing {
		if p.Level != Hard {
			shield = 0
		}
		return facing{t, shield}
	}
	var shots []rules.Shot
	// Best mounts first: those with the highest single expected damage.
	slices.SortStableFunc(opts, func(a, b []option) int {
		return cmpF(bestEV(b), bestEV(a))
	})
	for _, mo := range opts {
		var best *option
		bestV := 0.0
		for i := range mo {
			op := &mo[i]
			t := k.unit(op.shot.Target)
			if t == nil {
				continue
			}
			ev := op.odds.Chance() * float64(op.odds.Damage)
			left := float64(t.Shields[op.odds.Shield-1]) - aimed[aimAt(t.ID, op.odds.Shield)]
			v := ev * k.value(t)
			if left < float64(op.odds.Damage) {
				v *= 1.5 // it gets through
			}
			if p.Level == Hard {
				// Finish what is damaged: only destroyed units score.
				v *= 1 + (1 - k.health(t))
				if t.Kind.Seeking() && k.closeTo(t, 3) {
					v *= 3 // a seeker about to strike
				}
			}
			// The level's handicap (handicap.go): it misjudges
			// the worth of each shot.
			v = p.misjudge(v, hc.targetError)
			if v > bestV {
				best, bestV = op, v
			}
		}
		if best == nil {
			continue
		}
		a, t := k.unit(best.shot.Attacker), k.unit(best.shot.Target)
		c := k.class(a.Class)
		peak := peakEV(weapon(c, best.shot.Mount))
		ev := best.odds.Chance() * float64(best.odds.Damage)
		h := hold
		if p.Level != Easy && (k.inPhaseSpace(a.Map, a.Hex) || k.inPhaseSpace(t.Map, t.Hex) || t.CloakFading == "in") {
			// In phase space either end may phase out before a better
			// shot comes, and a target whose cloak fades in only gets
			// harder to hit and soon out of lock-on reach: take what
			// there is. (One whose cloak fades out gets easier.)
			h = min(hold, 0.2)
		}
		if !last && ev < h*peak {
			continue
		}
		shots = append(shots, best.shot)
		aimed[aimAt(best.shot.Target, best.odds.Shield)] += ev
	}
	cmd := rules.Command{Kind: rules.CmdFire, Side: p.Side, Shots: shots}
	var out []rules.Command
	if p.spend(1) && o.Check(cmd) == nil {
		out = append(out, cmd)
	}
	// The offered commands after: fire every mount at the nearest, then
	// no fire.
	for i := len(legal) - 1; i >= 0; i-- {
		out = append(out, legal[i])
	}
	return out
}

func cmpF(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func bestEV(mo []option) float64 {
	b := 0.0
	for _, op := range mo {
		b = max(b, op.odds.Chance()*float64(op.odds.Damage))
	}
	return b
}

// peakEV is the best expected damage of a weapon at any range (ignoring
// range 0, where some weapons cannot fire).
func peakEV(w *rules.Weapon) float64 {
	if w == nil {
		return 0
	}
	b := 0.0
	for r := 1; r <= w.MaxRange(); r++ {
		ch, d := shotEV(w, r, 0)
		b = max(b, ch*d)
	}
	return b
}

// evade makes evasive maneuvers against revealed fire. The oracle's Check
// says which visible enemies fired at which own units this impulse (the
// fire is revealed to all); each unit evades the attacker that could hurt
// it most, while it has evasions left.
func (p *Player) evade(k *knowledge, legal []rules.Command, o Oracle) []rules.Command {
	var evs []rules.Evasion
	for _, u := range k.own {
		c := k.class(u.Class)
		if c == nil || !c.Mobile() || u.Detail.Evasions >= c.SizeClass {
			continue
		}
		var best rules.UnitID
		bestT := 0.0
		for _, e := range k.enemies {
			if e.Map != u.Map {
				continue
			}
			ev := rules.Evasion{Unit: u.ID, Attacker: e.ID}
			if !p.spend(1) {
				break
			}
			if o.Check(rules.Command{Kind: rules.CmdEvade, Side: p.Side, Evasions: []rules.Evasion{ev}}) != nil {
				continue
			}
			one := knowledge{v: k.v, side: k.side, enemies: []*rules.UnitView{e}, classes: k.classes}
			t := one.threat(u, pose{u.Map, u.Hex, u.Facing}) + 0.01
			if t > bestT {
				best, bestT = e.ID, t
			}
		}
		if best == "" {
			continue
		}
		// Evasions are few (size class per turn): save them for heavy
		// fire unless the turn is running out.
		left := c.SizeClass - u.Detail.Evasions
		togo := k.v.Ruleset.ImpulsesPerTurn - k.v.Clock.Impulse + 1
		if p.Level != Easy && bestT < 3 && left <= togo/2 {
			continue
		}
		evs = append(evs, rules.Evasion{Unit: u.ID, Attacker: best})
	}
	cmd := rules.Command{Kind: rules.CmdEvade, Side: p.Side, Evasions: evs}
	var out []rules.Command
	if p.spend(1) && o.Check(cmd) == nil {
		out = append(out, cmd)
	}
	for i := len(legal) - 1; i >= 0; i-- {
		out = append(out, legal[i])
	}
	return out
}

// launch launches seeking weapons whenever the rules allow it, at the
// nearest visible enemy ship of each launcher (the offered launches, re-
// aimed at ships rather than at ordnance where the oracle agrees).
func (p *Player) launch(k *knowledge, legal []rules.Command, o Oracle) []rules.Command {
	var with *rules.Command
	for i := range legal {
		if len(legal[i].Shots) > 0 {
			with = &legal[i]
		}
	}
	if with == nil {
		return []rules.Command{legal[0]}
	}
	cmd := rules.Command{Kind: rules.CmdLaunch, Side: p.Side}
	for _, sh := range with.Shots {
		a := k.unit(sh.Attacker)
		if a != nil {
			if e, _ := k.nearest(pose{a.Map, a.Hex, a.Facing}); e != nil && e.ID != sh.Target {
				try := cmd
				try.Shots = append(slices.Clone(cmd.Shots), rules.Shot{Attacker: sh.Attacker, Mount: sh.Mount, Target: e.ID})
				if p.spend(1) && o.Check(try) == nil {
					cmd = try
					continue
				}
			}
		}
		cmd.Shots = append(cmd.Shots, sh)
	}
	cmd.Shots = slices.DeleteFunc(cmd.Shots, func(sh rules.Shot) bool { return !p.plasmaPays(k, sh) })
	out := []rules.Command{}
	if p.spend(1) && o.Check(cmd) == nil {
		out = append(out, cmd)
	}
	out = append(out, *with)
	if p.Level == Easy {
		out = append(out, legal[0])
	}
	return out
}

// plasmaPays reports whether launch sh is worth it: always for a drone;
// for a plasma torpedo, whose warhead decays as it flies (and which is
// held armed for 1 energy a turn), only at a ship close enough that it
// strikes with most of it.
func (p *Player) plasmaPays(k *knowledge, sh rules.Shot) bool {
	a, t := k.unit(sh.Attacker), k.unit(sh.Target)
	if a == nil || t == nil {
		return true
	}
	c := k.class(a.Class)
	if w := weapon(c, sh.Mount); w == nil || !w.Charged() {
		return true
	}
	reach := 8 // a warhead of 15 or more against a ship that holds still
	if p.Level == Easy {
		reach = 12
	}
	return !t.Kind.Seeking() && a.Hex.Distance(t.Hex) <= reach
}

// repair puts damage control first on the shield facing the nearest
// enemy, then keeps the rules' own choice of repairs.
func (p *Player) repair(k *knowledge, legal []rules.Command, o Oracle) []rules.Command {
	base := legal[0]
	per := map[rules.UnitID]int{}
	for _, r := range base.Repairs {
		per[r.Unit]++
	}
	cmd := rules.Command{Kind: rules.CmdRepair, Side: p.Side}
	cmd.Repairs = append(cmd.Repairs, base.Repairs...)
	for _, u := range k.own {
		n := per[u.ID]
		c := k.class(u.Class)
		if n == 0 || c == nil {
			continue
		}
		e, _ := k.nearest(pose{u.Map, u.Hex, u.Facing})
		if e == nil {
			continue
		}
		i := relDir(u.Hex, u.Facing, e.Hex)
		if u.Detail.Shields[i] >= c.Shields[i] {
			continue
		}
		// Replace this unit's first repair with its threatened shield.
		for j := range cmd.Repairs {
			if cmd.Repairs[j].Unit == u.ID {
				try := cmd
				try.Repairs = slices.Clone(cmd.Repairs)
				try.Repairs[j].Target = "shield" + string(rune('1'+i))
				if p.spend(1) && o.Check(try) == nil {
					cmd = try
				}
				break
			}
		}
	}
	return []rules.Command{cmd, base}
}

// activity locks, keeps and strains tractor beams and uses devices where
// they pay (gearOrders), launches the carried fighters and shuttles that
// pay to launch (craftToLaunch), docks, undocks and transfers between its
// own ships (dockOrders), casts webs before a losing ship (webOrders),
// and hands the guidance of seekers away from a badly damaged guide;
// otherwise it does nothing special. What the rules refuse of the docks
// and webs is dropped, the rest kept.
func (p *Player) activity(k *knowledge, legal []rules.Command, o Oracle) []rules.Command {
	out := []rules.Command{legal[0]}
	if p.Level == Easy {
		// Easy's activity is its craft alone, launched as soon as the
		// rules offer them (its handicap, handicap.go).
		if craft := p.craftToLaunch(k, legal); len(craft) > 0 {
			cmd := rules.Command{Kind: rules.CmdActivity, Side: p.Side, Craft: craft}
			if p.spend(1) && o.Check(cmd) == nil {
				return append([]rules.Command{cmd}, out...)
			}
		}
		return out
	}
	craft := p.craftToLaunch(k, legal)
	docks, transfers := p.dockOrders(k)
	hs := p.handoffs(k, legal)
	tractors, devices := p.gearOrders(k, o)
	var busy []rules.UnitID
	for _, d := range devices {
		busy = append(busy, d.Unit)
	}
	webs := p.webOrders(k, busy)
	try := func(cmd rules.Command) bool {
		if len(cmd.Tractors)+len(cmd.Devices)+len(cmd.Handoffs)+len(cmd.Craft)+len(cmd.Docks)+len(cmd.Transfers)+len(cmd.Webs) == 0 {
			return false
		}
		return p.spend(1) && o.Check(cmd) == nil
	}
	for _, gear := range []bool{true, false} {
		cmd := rules.Command{Kind: rules.CmdActivity, Side: p.Side, Handoffs: hs, Craft: craft,
			Docks: docks, Transfers: transfers, Webs: webs}
		if gear {
			if len(tractors)+len(devices) == 0 {
				continue
			}
			cmd.Tractors, cmd.Devices = tractors, devices
		}
		if try(cmd) {
			return append([]rules.Command{cmd}, out...)
		}
		if len(webs) > 0 {
			cmd.Webs = nil
			if try(cmd) {
				return append([]rules.Command{cmd}, out...)
			}
		}
		if len(docks)+len(transfers) > 0 {
			cmd.Docks, cmd.Transfers = nil, nil
			if try(cmd) {
				return append([]rules.Command{cmd}, out...)
			}
		}
	}
	return out
}

// handoffs picks, from the handoffs the rules offer (each seeker to the
// nearest ship that could take it), those that move a seeker's guidance
// from a badly damaged guide to a sounder one.
func (p *Player) handoffs(k *knowledge, legal []rules.Command) []rules.Handoff {
	var out []rules.Handoff
	for _, l := range legal {
		for _, h := range l.Handoffs {
			s := k.unit(h.Seeker)
			if s == nil {
				continue
			}
			g, to := k.unit(s.Guide), k.unit(h.To)
			if g != nil && to != nil && k.health(g) < 0.35 && k.health(to) > k.health(g)+0.2 {
				out = append(out, h)
			}
		}
	}
	return out
}
