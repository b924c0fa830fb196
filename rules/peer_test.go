package rules

import (
	"encoding/json"
	"testing"
)

// draws returns the first n draws of audience a's private stream in a
// fresh game keyed with opts.
func draws(t *testing.T, a Audience, n int, opts ...Option) []uint64 {
	t.Helper()
	s, err := NewState(testSetup(), 42, opts...)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]uint64, n)
	for i := range out {
		out[i] = s.privateGen(a).Uint64()
	}
	return out
}

// IP8.337: a side's private rolls come from its own key when it has one
// (a game played by file), so no machine without that key can compute
// them, and the key revealed at the end lets every roll be checked.
func TestSideKeysKeyTheSidesOwnRolls(t *testing.T) {
	blue1, blue2, red := PrivateKey{1}, PrivateKey{2}, PrivateKey{3}
	same := func(a, b []uint64) bool {
		for i := range a {
			if a[i] != b[i] {
				return false
			}
		}
		return true
	}
	base := draws(t, Only("blue"), 8)
	tests := []struct {
		name  string
		a, b  []uint64
		equal bool
	}{
		{"no side keys: the streams are the game key's, as before",
			draws(t, Only("blue"), 8, WithSideKeys()), base, true},
		{"blue's key changes blue's rolls",
			draws(t, Only("blue"), 8, WithSideKeys(SideKey{"blue", blue1})), base, false},
		{"blue's rolls depend on blue's key alone, not on the game key",
			draws(t, Only("blue"), 8, WithSideKeys(SideKey{"blue", blue1}), WithPrivateKey(PrivateKey{9})),
			draws(t, Only("blue"), 8, WithSideKeys(SideKey{"blue", blue1})), true},
		{"blue's rolls do not depend on red's key",
			draws(t, Only("blue"), 8, WithSideKeys(SideKey{"blue", blue1}, SideKey{"red", red})),
			draws(t, Only("blue"), 8, WithSideKeys(SideKey{"blue", blue1})), true},
		{"another blue key rolls other dice",
			draws(t, Only("blue"), 8, WithSideKeys(SideKey{"blue", blue2})),
			draws(t, Only("blue"), 8, WithSideKeys(SideKey{"blue", blue1})), false},
		{"red's key is not blue's: with red keyed only, blue rolls from the game key",
			draws(t, Only("blue"), 8, WithSideKeys(SideKey{"red", red})), base, true},
		{"an audience of two sides rolls from the game key",
			draws(t, Only("blue", "red"), 8, WithSideKeys(SideKey{"blue", blue1}, SideKey{"red", red})),
			draws(t, Only("blue", "red"), 8), true},
		{"the last key given for a side counts",
			draws(t, Only("blue"), 8, WithSideKeys(SideKey{"blue", blue2}, SideKey{"blue", blue1})),
			draws(t, Only("blue"), 8, WithSideKeys(SideKey{"blue", blue1})), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := same(tc.a, tc.b); got != tc.equal {
				t.Errorf("streams equal = %v, want %v", got, tc.equal)
			}
		})
	}
}

// A game with side keys saves and restores them: a stream started after
// the load is keyed as it would have been without the save.
func TestSideKeysSurviveASave(t *testing.T) {
	s, err := NewState(testSetup(), 42, WithSideKeys(SideKey{"red", PrivateKey{3}}))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var r State
	if err := r.UnmarshalJSON(b); err != nil {
		t.Fatal(err)
	}
	if got, want := r.privateGen(Only("red")).Uint64(), s.privateGen(Only("red")).Uint64(); got != want {
		t.Errorf("red's first private draw after a save is %d, before %d", got, want)
	}
}
