package ai

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// Webs (house rules, docs/RULES.md "Webs"), for normal and hard. A losing
// ship with a web caster casts a short web across the way of the nearest
// enemy ship closing on it: an enemy entering a web hex ends its movement
// for the impulse, which buys the ship an impulse to get away or to be
// covered. A web costs battery energy (one a hex) and is the ship's device
// use of the turn, so a ship that uses another device does not cast one.

// Thresholds of the web choice.
const (
	// webLosing is the health under which a ship casts webs.
	webLosing = 0.5
	// webReach is the farthest an enemy ship may be for a web to pay.
	webReach = 4
	// webCastHexes is the longest web cast (the rules' limit for a web
	// with no anchor).
	webCastHexes = 3
)

// webOrders returns the webs the side's ships cast this activity step;
// busy names the units that use a device in it.
func (p *Player) webOrders(k *knowledge, busy []rules.UnitID) []rules.WebOrder {
	if p.Level == Easy {
		return nil
	}
	var out []rules.WebOrder
	for _, u := range k.own {
		if u.Detail == nil || !slices.Contains(u.Devices, rules.DeviceWeb) || slices.Contains(busy, u.ID) ||
			u.Detail.DeviceTurn == k.v.Clock.Turn || u.Detail.Battery < 1 || u.Cloaked || k.health(u) >= webLosing {
			continue
		}
		e, d := k.nearest(pose{u.Map, u.Hex, u.Facing})
		if e == nil || d < 2 || d > webReach {
			continue
		}
		dir, ok := u.Hex.DirectionTo(e.Hex)
		if !ok {
			continue
		}
		// A line across the way: the hex toward the enemy and its
		// neighbors to either side of that way.
		mid := u.Hex.Neighbor(dir)
		line := []rules.Hex{mid.Neighbor(dir.Turn(-2)), mid, mid.Neighbor(dir.Turn(2))}
		n := min(webCastHexes, u.Detail.Battery)
		if n < len(line) {
			line = line[1 : 1+n]
		}
		out = append(out, rules.WebOrder{Unit: u.ID, Hexes: line})
	}
	return out
}
