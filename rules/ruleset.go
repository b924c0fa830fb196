package rules

import "fmt"

// GravityRiftRuling selects how often a gravity rift gives its +1.
type GravityRiftRuling string

// The two rulings: every exit gives +1 (GRN.9, the Living Rules
// Reference), or each rift gives it once per ship per turn (GRTE.1,
// Thunder's Edge, the default).
const (
	RulingLRR          GravityRiftRuling = "lrr"
	RulingThundersEdge GravityRiftRuling = "thunders-edge"
)

// Ruleset holds the options a scenario or the players choose.
type Ruleset struct {
	// ImpulsesPerTurn is 6 under the 3X/4X sequence (X4.IMP) or 32 for
	// the SFB impulse chart.
	ImpulsesPerTurn int `json:"impulses_per_turn"`
	// GravityRift selects the gravity rift bonus ruling.
	GravityRift GravityRiftRuling `json:"gravity_rift"`
	// PhaseStormRange is how far a phase storm reaches from the map
	// centre, in hexes (IP8.515).
	PhaseStormRange int `json:"phase_storm_range"`
	// FleetLimit, when above 0, is the most ships of one side that may
	// end a move in one system (or one hex outside systems); units off
	// the board, such as those a rift removed, never count (GRN.4).
	FleetLimit int `json:"fleet_limit,omitempty"`
	// TurnLimit, when above 0, ends the game after the damage control of
	// that turn (victory.go).
	TurnLimit int `json:"turn_limit,omitempty"`
	// NoCosmicRifts turns the cosmic rift formation rolls off (IP4.21 says
	// a rift may occur in any scenario, so they are on by default).
	NoCosmicRifts bool `json:"no_cosmic_rifts,omitempty"`
	// RiftDice are the dice counts of the cosmic rift rolls (IP4.62); a
	// zero count means the seed's number (cosmic.go).
	RiftDice RiftDice `json:"rift_dice,omitzero"`
	// RiftDetectRange is the range of tactical intelligence level E, in
	// hexes (IP4.28); 0 means defaultRiftDetectRange.
	RiftDetectRange int `json:"rift_detect_range,omitempty"`
}

// DefaultRuleset returns the ruleset used when a scenario sets none.
func DefaultRuleset() Ruleset {
	return Ruleset{ImpulsesPerTurn: 6, GravityRift: RulingThundersEdge, PhaseStormRange: 300}
}

// Validate reports the first option that is out of range.
func (r Ruleset) Validate() error {
	if r.ImpulsesPerTurn != 6 && r.ImpulsesPerTurn != 32 {
		return fmt.Errorf("rules: impulses per turn must be 6 or 32, not %d", r.ImpulsesPerTurn)
	}
	if r.GravityRift != RulingLRR && r.GravityRift != RulingThundersEdge {
		return fmt.Errorf("rules: gravity rift ruling must be %q or %q, not %q", RulingLRR, RulingThundersEdge, r.GravityRift)
	}
	if r.TurnLimit < 0 {
		return fmt.Errorf("rules: turn limit must be 0 (none) or more, not %d", r.TurnLimit)
	}
	if r.FleetLimit < 0 {
		return fmt.Errorf("rules: fleet limit must be 0 (none) or more, not %d", r.FleetLimit)
	}
	if err := r.RiftDice.validate(); err != nil {
		return err
	}
	if r.RiftDetectRange < 0 || r.RiftDetectRange > 1000 {
		return fmt.Errorf("rules: rift detection range must be 0 (the default) to 1000, not %d", r.RiftDetectRange)
	}
	if r.PhaseStormRange < 1 {
		return fmt.Errorf("rules: phase storm range must be at least 1, not %d", r.PhaseStormRange)
	}
	return nil
}
