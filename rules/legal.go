package rules

// defensiveAllocations returns, for each allocating unit of the side, the
// default allocation traded for defence: weapons unarmed, one impulse of
// erratic maneuvering (X4.EM) where mobile, the tractor beam readied, the
// rest reinforcing shield 1 (X4.EA.2) and the armor (X4.EA.3).
func (s *State) defensiveAllocations(side SideID) []Allocation {
	var out []Allocation
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !u.OnMap() || !allocates(u) {
			continue
		}
		c := lookupClass(u.Class)
		a := defaultAllocation(u)
		a.Arm, a.Battery = nil, 0
		left := u.Ship.Power() - a.Cost(c)
		if c.Mobile() && left >= ErraticCost(c.SizeClass) {
			a.Erratic = 1
			left -= ErraticCost(c.SizeClass)
		}
		if cost, ok := CloakCost(u); ok && left >= cost && (u.Gear.Cloak.On || canCloakAt(u, s.Clock.Turn)) {
			a.Cloak = true
			left -= cost
		}
		if u.Ship.Boxes[SysTractor] > 0 && left >= TractorCost {
			a.Tractor = true
			left -= TractorCost
		}
		a.Armor = min(u.Ship.Armor, left/armorReinforceCost)
		left -= a.Armor * armorReinforceCost
		a.Shields[0] = left / ShieldReinforceCost
		out = append(out, a)
	}
	return out
}
