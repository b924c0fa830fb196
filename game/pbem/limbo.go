package pbem

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// A side's orders for its own units out of phase. Between machines those
// units are in limbo on every machine that does not know them (the peer
// state), so their orders would tell the other sides what only their
// side's machine may know: where the unit is bound (its speed) and whether
// it will come back cloaked (IP8.443). They are the side's limbo orders,
// applied by the machines that compute the unit (rules.State.
// SetLimboAllocations). Each commit seals them beside the round's orders,
// one seal for each of the side's units out of phase (a hash of the
// unit's orders and a nonce of their own, limboNonce), so that they are
// fixed before any other side's orders are seen; the side's announcement
// of a unit's phase-in opens that unit's, for every round it was out of
// phase, so that every machine plays its time out of phase as its side's
// machine did; the key message opens the rest once the game is over.

// LimboOrders are a side's orders for a round for its own units out of
// phase: an energy allocation for any of them (its speed, reinforcement,
// arming, and its cloak on or off, IP8.443), applied at every energy
// allocation of the round's stretch. A unit without one, or whose
// allocation the rules refuse when it is made, gets its default.
type LimboOrders struct {
	Allocations []rules.Allocation `json:"allocations,omitempty"`
}

// limboSeal is the hash a side seals its orders for one unit out of
// phase by, bound to the game, the round, the side and the unit.
func limboSeal(game string, r int, side rules.SideID, unit rules.UnitID, orders, nonce []byte) []byte {
	h := sha256.New()
	fmt.Fprintf(h, "hexrift pbem limbo v4\x00%s\x00%d\x00%s\x00%s\x00%d\x00", game, r, side, unit, len(orders))
	h.Write(orders)
	h.Write(nonce)
	return h.Sum(nil)
}

// limboNonce is the nonce a side's orders for a unit out of phase in a
// round are sealed with: HMAC-SHA256 of the game, the round, the side and
// the unit under the side's seal key, which no other side holds. It draws
// nothing from the home's random source, so that a game's keys, nonces
// and dice do not depend on how many units were out of phase.
func limboNonce(sec *secret, r int, unit rules.UnitID) []byte {
	m := hmac.New(sha256.New, sec.Seal)
	fmt.Fprintf(m, "hexrift pbem limbo nonce v4\x00%s\x00%d\x00%s\x00%s", sec.Game, r, sec.Side, unit)
	return m.Sum(nil)
}

// limboAllocation reads the sealed orders for one unit: its allocation,
// or JSON null for its default.
func limboAllocation(unit rules.UnitID, raw []byte) (*rules.Allocation, error) {
	if bytes.Equal(raw, []byte("null")) {
		return nil, nil
	}
	var a rules.Allocation
	if err := strictJSON(raw, &a); err != nil {
		return nil, fmt.Errorf("the orders for %s do not read: %v", unit, err)
	}
	if a.Unit != unit {
		return nil, fmt.Errorf("the orders sealed for %s are %s's", unit, a.Unit)
	}
	return &a, nil
}

// limboSeal keeps a commit's seals of the side's orders for its units
// out of phase: one for each unit the side has out of phase in limbo,
// as every machine holds them, in unit order.
func (g *Game) limboSeal(side rules.SideID, b *wire.Commit) error {
	want := g.State.LimboUnits(side)
	got := make([]rules.UnitID, len(b.Limbo))
	for i, s := range b.Limbo {
		got[i] = rules.UnitID(s.Unit)
		if len(s.Seal) != sha256.Size {
			return fmt.Errorf("field limbo: the seal of %s is not a SHA-256 hash", s.Unit)
		}
	}
	if !slices.Equal(got, want) {
		return fmt.Errorf("field limbo seals orders for %v; %s's units out of phase are %v", got, side, want)
	}
	for _, s := range b.Limbo {
		if g.limboSeals == nil {
			g.limboSeals = map[rules.SideID]map[int]map[rules.UnitID][]byte{}
		}
		put(g.limboSeals, side, b.Round, rules.UnitID(s.Unit), []byte(s.Seal))
	}
	return nil
}

// setLimbo gives st each side's orders of round r for its units out of
// phase, as far as this machine holds them: its own side's from its
// secrets, another side's as the log opened them. A unit whose orders
// were sealed and are not held gets none (its default): a machine that
// computes it holds them (the announcement that told it opened them).
func (g *Game) setLimbo(st *rules.State, r int) error {
	for _, sd := range g.Genesis.Sides {
		var as []rules.Allocation
		for _, u := range slices.Sorted(mapKeys(g.limboSeals[sd][r])) {
			raw, ok := g.know.limboOf(sd, r, u)
			if sd == g.me && g.ownLimbo != nil {
				raw, ok = g.ownLimbo[r][u]
				if !ok {
					return fmt.Errorf("pbem: this machine sealed %s's orders for %s in round %d but keeps none", sd, u, r)
				}
			}
			if !ok {
				continue
			}
			a, err := limboAllocation(u, raw)
			if err != nil {
				return err
			}
			if a != nil {
				as = append(as, *a)
			}
		}
		st.SetLimboAllocations(sd, as)
	}
	return nil
}

// limboOf returns side's orders for unit in round r as the log opened
// them.
func (k *knowledge) limboOf(side rules.SideID, r int, unit rules.UnitID) ([]byte, bool) {
	if k == nil {
		return nil, false
	}
	raw, ok := k.limbo[side][r][unit]
	return raw, ok
}

// mapKeys returns the keys of m.
func mapKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// sealLimbo seals the side's orders o for its units out of phase for the
// round it commits to: it keeps them in its secrets and returns their
// seals.
func (s *Seat) sealLimbo(o *LimboOrders) ([]wire.LimboSeal, error) {
	g := s.Game
	units := g.State.LimboUnits(s.Side)
	if len(units) == 0 {
		return nil, nil
	}
	given := map[rules.UnitID]rules.Allocation{}
	if o != nil {
		for _, a := range o.Allocations {
			given[a.Unit] = a
		}
	}
	kept := map[rules.UnitID][]byte{}
	var seals []wire.LimboSeal
	for _, u := range units {
		raw := []byte("null")
		if a, ok := given[u]; ok {
			b, err := json.Marshal(a)
			if err != nil {
				return nil, fmt.Errorf("pbem: %v", err)
			}
			raw = b
		}
		kept[u] = raw
		seals = append(seals, wire.LimboSeal{Unit: string(u), Seal: limboSeal(g.ID, g.Round, s.Side, u, raw, limboNonce(s.sec, g.Round, u))})
	}
	s.sec.Limbo[g.Round] = kept
	return seals, nil
}

// limboOpenings opens the side's sealed orders for unit in the rounds
// given (every round whose commit sealed orders for it), for an
// announcement or, with unit "", for every unit and round not yet opened,
// for its key message.
func (s *Seat) limboOpenings(unit rules.UnitID, rounds []int) []wire.LimboOpen {
	g := s.Game
	var out []wire.LimboOpen
	for _, r := range rounds {
		for _, u := range slices.Sorted(mapKeys(g.limboSeals[s.Side][r])) {
			if unit != "" && u != unit {
				continue
			}
			raw, ok := s.sec.Limbo[r][u]
			if !ok {
				continue
			}
			if unit == "" {
				if _, opened := g.know.limboOf(s.Side, r, u); opened {
					continue
				}
			}
			out = append(out, wire.LimboOpen{Round: r, Unit: string(u), Orders: raw, Nonce: limboNonce(s.sec, r, u)})
		}
	}
	return out
}

// checkLimbo checks limbo orders as the side's for the stretch it
// commits to, against the game as its machine computes it now.
func (s *Seat) checkLimbo(o *LimboOrders) error {
	if o == nil || len(o.Allocations) == 0 {
		return nil
	}
	if err := s.Game.State.CheckLimboAllocations(s.Side, o.Allocations); err != nil {
		return fmt.Errorf("pbem: the orders for your units out of phase are refused: %w", err)
	}
	return nil
}

// ProposeLimbo returns the limbo orders hexrift proposes for the side
// now: the allocation its machine would make for each of its units out
// of phase (the one it gave last, while the rules allow it, else the
// default); nil when it has none.
func (s *Seat) ProposeLimbo() *LimboOrders {
	as := s.Game.State.LimboAllocations(s.Side)
	if len(as) == 0 {
		return nil
	}
	return &LimboOrders{Allocations: as}
}
