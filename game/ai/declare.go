package ai

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// declare builds the side's movement declarations: every unit in reserve
// comes back next to a ship of its side (GR41.2.3), and a unit the
// scenario's objectives want out of the battle withdraws through the
// gravity rift it stands in (GRN.5-6: 7 in 10 it leaves, 3 in 10 it goes
// to reserve and may come back); at normal and hard, a ship goes into
// warp when it pays (X4.WARP, warp.go). The oracle checks the whole; what it
// refuses is left out, one declaration at a time.
func (p *Player) declare(k *knowledge, legal []rules.Command, o Oracle) []rules.Command {
	var ds []rules.Declaration
	for i := range k.v.Units {
		u := &k.v.Units[i]
		if u.Side == k.side && u.Detail != nil && !u.Ghost && u.Status == rules.StatusOnMap && k.wantsOut(u) && k.inRift(u.Map, u.Hex) {
			ds = append(ds, rules.Declaration{Unit: u.ID, Withdraw: true})
		}
	}
	for _, r := range k.v.Reserve {
		if d, ok := p.reentry(k, &r, ds, o); ok {
			ds = append(ds, d)
		}
	}
	// Warp entries last, so that a refused one goes first (warp.go).
	ds = append(ds, p.warps(k, ds)...)
	if len(ds) == 0 {
		return nil
	}
	for len(ds) > 0 {
		if !p.spend(1) {
			return nil
		}
		cmd := rules.Command{Kind: rules.CmdDeclare, Side: p.Side, Declarations: ds}
		if o.Check(cmd) == nil {
			return []rules.Command{cmd, legal[0]}
		}
		ds = ds[:len(ds)-1]
	}
	return nil
}

// reentry finds where a unit in reserve may come back: in or next to
// the hex of an own ship or base outside the gravity rifts, on its map,
// the hex nearest the unit's objective (or the anchor's own hex), facing
// as the anchor faces.
func (p *Player) reentry(k *knowledge, r *rules.UnitView, others []rules.Declaration, o Oracle) (rules.Declaration, bool) {
	goal, hasGoal := k.exitArea(r.ID, r.Map)
	for _, a := range k.own {
		if a.Map != r.Map || (a.Kind != rules.KindShip && a.Kind != rules.KindBase) || k.inRift(a.Map, a.Hex) {
			continue
		}
		hexes := []rules.Hex{a.Hex}
		for _, d := range rules.Directions {
			if n := a.Hex.Neighbor(d); !k.inRift(a.Map, n) {
				hexes = append(hexes, n)
			}
		}
		if hasGoal {
			slices.SortStableFunc(hexes, func(x, y rules.Hex) int { return x.Distance(goal) - y.Distance(goal) })
		}
		for _, h := range hexes[:min(len(hexes), 3)] {
			if !p.spend(1) {
				return rules.Declaration{}, false
			}
			d := rules.Declaration{Unit: r.ID, Enter: &h, Facing: a.Facing}
			cmd := rules.Command{Kind: rules.CmdDeclare, Side: p.Side, Declarations: append(slices.Clone(others), d)}
			if o.Check(cmd) == nil {
				return d, true
			}
		}
	}
	return rules.Declaration{}, false
}

// inRift reports whether hex h of map m lies in a gravity rift system
// (public terrain).
func (k *knowledge) inRift(m rules.MapID, h rules.Hex) bool {
	mp := k.v.Map(m)
	if mp == nil || mp.Terrain == nil {
		return false
	}
	_, ok := mp.Terrain.RiftSystemAt(h)
	return ok
}

// wantsOut reports whether an own unit is listed in an exit objective of
// its side: the points come when it leaves the battle, through the exit
// area or a gravity rift.
func (k *knowledge) wantsOut(u *rules.UnitView) bool {
	for _, o := range k.v.Objectives {
		if o.Kind == rules.ObjectiveExit && o.Side == k.side && slices.Contains(o.Units, u.ID) {
			return true
		}
	}
	return false
}

// exitArea returns the centre of the exit area of an objective listing
// unit id on map m, if there is one.
func (k *knowledge) exitArea(id rules.UnitID, m rules.MapID) (rules.Hex, bool) {
	for _, o := range k.v.Objectives {
		if o.Kind == rules.ObjectiveExit && o.Side == k.side && o.Area && o.Map == m && slices.Contains(o.Units, id) {
			return o.Hex, true
		}
	}
	return rules.Hex{}, false
}
