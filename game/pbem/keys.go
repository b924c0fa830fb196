package pbem

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// key opens a side's dice key once the game is over, with the orders for
// its units out of phase that no announcement opened.
func (g *Game) key(side rules.SideID, seq int, b *wire.Key) error {
	switch {
	case !g.Over():
		return fmt.Errorf("a dice key revealed before the game is over: every secret roll it keys could be computed by the other sides")
	case len(b.VRFSecret) != vrfSeedSize:
		return fmt.Errorf("field vrf_secret is not the %d-byte seed of a dice key", vrfSeedSize)
	}
	if _, ok := g.DiceKeys[side]; ok {
		return fmt.Errorf("%s has already revealed its dice key", side)
	}
	if _, pub := vrfKey(b.VRFSecret); !bytes.Equal(pub, g.VRFKeys[side]) {
		return fmt.Errorf("the dice key is not the one %s's join fixed (a changed key would change its secret rolls)", side)
	}
	if err := g.know.bad[seq]; err != nil {
		return err
	}
	for _, r := range slices.Sorted(mapKeys(g.limboSeals[side])) {
		for _, u := range slices.Sorted(mapKeys(g.limboSeals[side][r])) {
			if _, ok := g.know.limboOf(side, r, u); !ok {
				return fmt.Errorf("it does not open %s's orders for %s in round %d, which its commit sealed: their effect cannot be checked", side, u, r)
			}
		}
	}
	g.DiceKeys[side] = slices.Clone([]byte(b.VRFSecret))
	return nil
}

// checkKeys plays the whole game again from its genesis with every
// side's dice key (every secret computed on every step) and checks every
// message against it: each result, and each announcement against the
// whole truth of the secrets. What an announcement told was checked as
// it was opened; this confirms what none had to tell (a unit still out of
// phase, a mine never set off, a rift kept back) once nobody can gain by
// knowing it.
func (g *Game) checkKeys() error {
	_, err := replay(g.File(), replayOpts{every: g.DiceKeys})
	var c *Cheat
	if errors.As(err, &c) {
		c.Why = "played again with every side's dice key: " + c.Why
		return c
	}
	return err
}
