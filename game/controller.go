package game

import (
	"hash/fnv"

	"github.com/hexrift/hexrift/rules"
)

// Controller chooses the commands of one seat. Human seats are driven by
// the play scene; computer and replay seats implement Controller. A
// controller sees only its own side's view and the commands the rules
// offer that side.
type Controller interface {
	Decide(v *rules.View, legal []rules.Command) rules.Command
}

// LegalPlayer is the simplest computer player: it picks one of the legal
// commands the rules offer, at random from its own generator (never the
// game's dice), so a game with the same seed always plays the same way.
type LegalPlayer struct {
	rng rules.RNG
}

// NewLegalPlayer returns a legal-move player for side in a game with the
// given seed.
func NewLegalPlayer(seed uint64, side rules.SideID) *LegalPlayer {
	h := fnv.New64a()
	h.Write([]byte(side))
	return &LegalPlayer{rng: rules.NewRNG(seed ^ h.Sum64())}
}

// Decide picks one of legal.
func (p *LegalPlayer) Decide(_ *rules.View, legal []rules.Command) rules.Command {
	return legal[p.rng.IntN(len(legal))]
}
