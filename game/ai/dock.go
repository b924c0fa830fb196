package ai

import "github.com/hexrift/hexrift/rules"

// Docking and transfers (X4.DOCK), for normal and hard. Two ships of the
// side in one hex dock when one of them is crippled and an enemy is near:
// docked, they combine shields, so the sound one's shields take what gets
// through the crippled one's. While docked, battery energy and crew pass
// to the weaker partner, and they undock to move on once neither needs
// the other (both sound again, or no enemy near and nothing to pass).

// Thresholds of the docking choices.
const (
	// dockCrippled is the health under which a ship is worth shielding
	// with a partner's shields.
	dockCrippled = 0.5
	// dockNear is the distance within which an enemy makes combined
	// shields pay.
	dockNear = 12
)

// needsPartner reports whether the own ship u, docked or not, is better
// off docked: crippled, with a visible enemy within dockNear.
func (k *knowledge) needsPartner(u *rules.UnitView) bool {
	if k.health(u) >= dockCrippled {
		return false
	}
	_, d := k.nearest(pose{u.Map, u.Hex, u.Facing})
	return d <= dockNear
}

// dockOrders returns the side's dock and undock orders and the transfers
// between its docked ships for this activity step, from its own units in
// the view.
func (p *Player) dockOrders(k *knowledge) ([]rules.DockOrder, []rules.Transfer) {
	if p.Level == Easy {
		return nil, nil
	}
	var docks []rules.DockOrder
	var transfers []rules.Transfer
	used := map[rules.UnitID]bool{}
	for _, u := range k.own {
		if used[u.ID] || u.Detail == nil || k.class(u.Class) == nil || u.Kind != rules.KindShip {
			continue
		}
		if u.Docked != "" {
			t := k.ownUnit(u.Docked)
			used[u.ID] = true
			if t == nil {
				continue
			}
			used[t.ID] = true
			tr := k.transfers(u, t)
			if len(tr) == 0 && !k.needsPartner(u) && !k.needsPartner(t) {
				docks = append(docks, rules.DockOrder{Unit: u.ID, Undock: true})
			}
			transfers = append(transfers, tr...)
			continue
		}
		for _, t := range k.own {
			if t.ID == u.ID || used[t.ID] || t.Docked != "" || t.Map != u.Map || t.Hex != u.Hex ||
				t.Kind != rules.KindShip || t.Detail == nil || u.Cloaked || t.Cloaked {
				continue
			}
			if k.needsPartner(u) || k.needsPartner(t) {
				docks = append(docks, rules.DockOrder{Unit: u.ID, With: t.ID})
				used[u.ID], used[t.ID] = true, true
				break
			}
		}
	}
	return docks, transfers
}

// transfers returns what the docked own ships a and b should pass each
// other: battery energy from the sounder to the weaker while the weaker's
// batteries are under half full, up to half the giver's charge and what
// the taker's batteries hold, and crew units to a
// partner under half its class's crew from one above it.
func (k *knowledge) transfers(a, b *rules.UnitView) []rules.Transfer {
	if k.health(a) > k.health(b) {
		a, b = b, a
	}
	// a is the weaker: it takes.
	ca, cb := k.class(a.Class), k.class(b.Class)
	if ca == nil || cb == nil || a.Detail.BoardingOnly || b.Detail.BoardingOnly {
		return nil
	}
	tr := rules.Transfer{From: b.ID, To: a.ID}
	if capa := a.Detail.Boxes[rules.SysBattery]; k.health(b) > k.health(a)+0.2 && 2*a.Detail.Battery < capa {
		tr.Energy = max(min(b.Detail.Battery/2, capa-a.Detail.Battery), 0)
	}
	const crew = 0 // crew units, the first crew kind
	if need := ca.Crew[crew]/2 - a.Detail.Crew[crew]; need > 0 {
		spare := b.Detail.Crew[crew] - cb.Crew[crew]/2
		tr.Crew[crew] = max(min(need, spare), 0)
	}
	if tr.Energy == 0 && tr.Crew == [4]int{} {
		return nil
	}
	return []rules.Transfer{tr}
}
