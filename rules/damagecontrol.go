package rules

import (
	"fmt"
	"strings"
)

// repairsPerTurn returns how many boxes u may repair in damage control:
// one per intact damage-control box (house rule, docs/RULES.md).
func repairsPerTurn(u *Unit) int {
	if u.Ship == nil {
		return 0
	}
	return u.Ship.Boxes[SysDamageControl]
}

// repairable lists the repair targets of u: each damaged system and
// shield, never armor (X4.DC).
func (s *State) repairable(u *Unit) []string {
	c := lookupClass(u.Class)
	if c == nil || c.smallCraft() || repairsPerTurn(u) == 0 {
		return nil
	}
	var out []string
	full := c.Boxes()
	for sys := ShipSystem(0); sys < NumSystems; sys++ {
		if u.Ship.Boxes[sys] < full[sys] {
			out = append(out, sys.String())
		}
	}
	for i, n := range u.Ship.Shields {
		if n < c.Shields[i] {
			out = append(out, fmt.Sprintf("shield%d", i+1))
		}
	}
	return out
}

// sampleRepairs repairs the first damaged targets of each unit.
func (s *State) sampleRepairs(side SideID) []Repair {
	var out []Repair
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.OnMap() || u.Ship == nil {
			continue
		}
		rs := s.repairable(u)
		for k := 0; k < len(rs) && k < repairsPerTurn(u); k++ {
			out = append(out, Repair{Unit: u.ID, Target: rs[k]})
		}
	}
	return out
}

// repairTarget parses a repair target: a system or "shieldN".
func repairTarget(target string) (sys ShipSystem, shield int, err error) {
	if strings.EqualFold(target, "armor") {
		return 0, -1, refuse("X4.DC", "armor cannot be repaired in damage control, only between scenarios")
	}
	if n, ok := strings.CutPrefix(target, "shield"); ok && len(n) == 1 && n[0] >= '1' && n[0] <= '6' {
		return 0, int(n[0] - '1'), nil
	}
	sys, err = parseSystem(target)
	if err != nil {
		return 0, -1, refuse("", "unknown ship system %q", target)
	}
	return sys, -1, nil
}

// checkRepairs validates a side's damage control.
func (s *State) checkRepairs(side SideID, rs []Repair) error {
	count := map[UnitID]int{}
	type key struct {
		u UnitID
		t string
	}
	per := map[key]int{}
	for _, r := range rs {
		u, err := s.ownedUnit(side, r.Unit)
		if err != nil {
			return err
		}
		sys, shield, err := repairTarget(r.Target)
		if err != nil {
			return err
		}
		c := lookupClass(u.Class)
		count[r.Unit]++
		if count[r.Unit] > repairsPerTurn(u) {
			return refuse("", "%s can repair %d boxes per turn", r.Unit, repairsPerTurn(u))
		}
		k := key{r.Unit, r.Target}
		per[k]++
		missing := 0
		if shield >= 0 {
			missing = c.Shields[shield] - u.Ship.Shields[shield]
		} else {
			full := c.Boxes()
			missing = full[sys] - u.Ship.Boxes[sys]
		}
		if per[k] > missing {
			return refuse("", "%s has no damaged %s box to repair", r.Unit, r.Target)
		}
	}
	return nil
}

// execRepairs applies the revealed repairs.
func (s *State) execRepairs(sealed []Sealed) []Event {
	var evs []Event
	for _, sc := range sealed {
		for _, r := range sc.Command.Repairs {
			u := s.Unit(r.Unit)
			if !u.OnMap() {
				continue
			}
			sys, shield, _ := repairTarget(r.Target)
			if shield >= 0 {
				u.Ship.Shields[shield]++
			} else {
				u.Ship.Boxes[sys]++
				u.Ship.syncMounts(lookupClass(u.Class))
			}
			evs = append(evs, s.unitEvent(EventRepair, "X4.DC", u, fmt.Sprintf("%s repairs its %s", unitName(u), RepairWords(r.Target))))
		}
	}
	return evs
}
