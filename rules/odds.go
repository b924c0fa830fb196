package rules

// ShotOdds is what a shot would do if declared now: the range, the roll
// needed on 1d6 after the modifier, the chance to hit in sixths and the
// damage a hit scores. It uses the same tables and modifiers as the
// resolution of fire, so the odds shown are the odds played.
type ShotOdds struct {
	Range    int `json:"range"`
	Need     int `json:"need"`
	Modifier int `json:"modifier"`
	// Sixths is how many of the six faces of the die hit (0-6).
	Sixths int `json:"sixths"`
	Damage int `json:"damage"`
	// Shield is the target's shield (1-6) the shot strikes.
	Shield int `json:"shield"`
}

// Chance returns the probability of a hit.
func (o ShotOdds) Chance() float64 { return float64(o.Sixths) / 6 }

// ShotOdds returns the odds of sh, or why it cannot be fired now. Only
// facts the shooter's side may know go into it: the range, the weapon,
// the erratic, warp and cloak states and the ion storms every side sees,
// and the shooter's own scanner damage and radiation. The modifier is
// the one the fire resolution adds (shotModifier).
func (s *State) ShotOdds(sh Shot) (ShotOdds, error) {
	u, t := s.Unit(sh.Attacker), s.Unit(sh.Target)
	if u == nil || u.Ship == nil {
		return ShotOdds{}, errNoUnit(sh.Attacker)
	}
	if err := s.checkShot(u, sh.Mount, t); err != nil {
		return ShotOdds{}, err
	}
	c := lookupClass(u.Class)
	w, _ := LookupWeapon(c.Mounts[sh.Mount].Weapon)
	rng := u.Hex.Distance(t.Hex)
	band, _ := w.Band(rng)
	mod := s.shotModifier(u, t)
	o := ShotOdds{Range: rng, Need: band.Hit, Modifier: mod, Damage: band.Damage, Shield: shieldFacing(t.Hex, t.Facing, u.Hex) + 1}
	o.Sixths = hitFaces(band.Hit, mod)
	return o, nil
}

// hitFaces returns how many faces of a d6 hit when a roll plus mod must
// be at most need.
func hitFaces(need, mod int) int {
	n := 0
	for face := 1; face <= 6; face++ {
		if face+mod <= need {
			n++
		}
	}
	return n
}

type errNoUnit UnitID

func (e errNoUnit) Error() string { return "rules: no unit " + string(e) + " that can fire" }
