package rules

import (
	"cmp"
	"slices"
)

// Per-side private keys. A game played between machines (game/pbem) has
// no one key every side may hold: each side's private rolls must come
// from a key of its own, drawn on its own machine, so that no other
// machine can compute them before the key is revealed. WithSideKeys
// gives the sides' keys; the stream of an audience of one side that has
// a key is keyed by that side's key, every other stream by the game's
// PrivateKey as before. A game with no side keys rolls exactly as it
// always did.

// SideKey is one side's own private dice key.
type SideKey struct {
	Side SideID     `json:"side"`
	Key  PrivateKey `json:"key"`
}

// WithSideKeys keys the private rolls whose audience is one side alone
// with that side's own key. The keys are kept sorted by side; a side
// given twice keeps its last key. They do not change once the game has
// started, so clones share them.
func WithSideKeys(keys ...SideKey) Option {
	return func(s *State) {
		ks := slices.Clone(keys)
		slices.SortStableFunc(ks, func(a, b SideKey) int { return cmp.Compare(a.Side, b.Side) })
		for i := len(ks) - 1; i > 0; i-- {
			if ks[i-1].Side == ks[i].Side {
				ks = slices.Delete(ks, i-1, i)
			}
		}
		s.SideKeys = ks
	}
}

// streamKey returns the key the stream of an audience (named by
// audienceKey) is derived from: the side's own key for an audience of
// one side that has one, else the game's private key.
func (s *State) streamKey(audience string) []byte {
	i, found := slices.BinarySearchFunc(s.SideKeys, SideID(audience), func(k SideKey, sd SideID) int { return cmp.Compare(k.Side, sd) })
	if found {
		return s.SideKeys[i].Key[:]
	}
	return s.PrivateKey[:]
}
