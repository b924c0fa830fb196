package rules

// Ion storms (house rule, docs/RULES.md "Ion storms"): a region of kind
// ion-storm scatters fire. Every direct-fire roll from or at a unit in an
// ion storm takes ionStormModifier, once however many storms are involved.
// What a cosmic rift does in an ion storm is the cosmic rift rules' (IP4.51).

// ionStormModifier is added to fire rolls from or at a unit in an ion storm.
const ionStormModifier = 1

// inIonStorm reports whether u stands in an ion storm on its map.
func (s *State) inIonStorm(u *Unit) bool {
	m := s.mapByID(u.Map)
	return m != nil && m.Terrain != nil && m.Terrain.InRegion(u.Hex, RegionIonStorm)
}

// shotModifier returns everything added to a fire roll of u at t: the
// unit modifiers of fireModifier and the ion storm's.
func (s *State) shotModifier(u, t *Unit) int {
	m := fireModifier(u, t)
	if s.inIonStorm(u) || s.inIonStorm(t) {
		m += ionStormModifier
	}
	if u.Ship != nil {
		m += u.Ship.Radiation.FireShift // cosmic rift radiation on its sensors (IP4.313)
	}
	return m
}
