package pbem

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
)

// FuzzOpenFile opens arbitrary bytes as a turn file at a machine with a
// game under way: never a panic, and either a refusal or a game.
func FuzzOpenFile(f *testing.F) {
	for _, s := range []string{`{}`, `{"format":"hexrift-pbem","version":4,"game":"0123456789abcdef","messages":[{"body":{"kind":"genesis","seq":0,"side":"x"},"sig":""}]}`} {
		f.Add([]byte(s))
	}
	// A real first file, from a game made at another machine.
	seat, err := NewGame(Home{Dir: f.TempDir(), Rand: fixedRand("fuzz-seed")}, testSource(f), "hunters", testTime)
	require.NoError(f, err)
	f.Add(seat.Game.File().Encode())
	f.Fuzz(func(t *testing.T, data []byte) {
		h := Home{Dir: t.TempDir(), Rand: fixedRand("fuzz")}
		if seat, err := Open(h, "fuzz", data, "corsairs"); err == nil {
			require.NotNil(t, seat.Game.State)
		}
		if _, err := Verify("fuzz", data); err == nil {
			t.Fatal("a fuzzed file verified as a finished game")
		}
	})
}

// goodSecret is a secret.json as a machine writes it, of game id.
func goodSecret(t testing.TB) (id string, data []byte) {
	t.Helper()
	seat, err := NewGame(Home{Dir: t.TempDir(), Rand: fixedRand("secret")}, testSource(t), "hunters", testTime)
	require.NoError(t, err)
	seat.sec.Rounds[1] = sealed{Orders: []byte(`{"plot":null}`), Nonce: make([]byte, NonceSize)}
	seat.sec.Limbo[2] = map[rules.UnitID][]byte{"brigand": []byte("null")}
	b, err := jsonIndent(seat.sec)
	require.NoError(t, err)
	return seat.Game.ID, b
}

// TestSecretsReadStrictly: a machine's secret.json is read strictly:
// every field present and of its size, nothing else, of its own game;
// a damaged one is refused naming the file and the field, never a panic
// later (a "rounds": null used to make a note panic).
func TestSecretsReadStrictly(t *testing.T) {
	id, good := goodSecret(t)
	sec, err := readSecret("secret.json", id, good)
	require.NoError(t, err)
	require.NotNil(t, sec.Rounds)
	require.Len(t, sec.Limbo, 1)
	change := func(t *testing.T, edit func(m map[string]any)) []byte {
		t.Helper()
		var m map[string]any
		require.NoError(t, json.Unmarshal(good, &m))
		edit(m)
		b, err := json.Marshal(m)
		require.NoError(t, err)
		return b
	}
	tests := []struct {
		name string
		edit func(m map[string]any)
		why  string
	}{
		{"rounds null", func(m map[string]any) { m["rounds"] = nil }, ""},
		{"limbo null", func(m map[string]any) { m["limbo"] = nil }, ""},
		{"another game", func(m map[string]any) { m["game"] = "0123456789abcdef" }, "field game is \"0123456789abcdef\", not the game of its folder"},
		{"no side", func(m map[string]any) { delete(m, "side") }, "field side is empty"},
		{"a short key", func(m map[string]any) { m["key"] = "00" }, "field key is not an Ed25519 seed"},
		{"no dice", func(m map[string]any) { delete(m, "dice") }, "field dice is not the seed of a dice key"},
		{"an upper-case seal", func(m map[string]any) { m["seal"] = strings.ToUpper(m["seal"].(string)) }, "upper-case hexadecimal"},
		{"a field of another version", func(m map[string]any) { m["dice_commit"] = "00" }, `unknown field "dice_commit"`},
		{"a round without its nonce", func(m map[string]any) { m["rounds"] = map[string]any{"1": map[string]any{"orders": "e30="}} }, "field rounds: round 1 has no orders or no nonce"},
		{"sealed orders of another unit", func(m map[string]any) {
			m["limbo"] = map[string]any{"2": map[string]any{"brigand": "eyJ1bml0IjoiY3V0bGFzcyJ9"}}
		}, "the orders sealed for brigand are cutlass's"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sec, err := readSecret("secret.json", id, change(t, tc.edit))
			if tc.why == "" {
				require.NoError(t, err)
				require.NotNil(t, sec.Rounds)
				require.NotNil(t, sec.Limbo)
				return
			}
			require.ErrorContains(t, err, "pbem: secret.json: ")
			require.ErrorContains(t, err, tc.why)
		})
	}
}

// FuzzReadSecret reads arbitrary bytes as a machine's secret.json: never
// a panic; what it accepts has every field initialised, and a seat of it
// sends a note without a panic.
func FuzzReadSecret(f *testing.F) {
	id, good := goodSecret(f)
	f.Add(good)
	f.Add([]byte(`{"rounds":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sec, err := readSecret("secret.json", id, data)
		if err != nil {
			return
		}
		require.NotNil(t, sec.Rounds)
		require.NotNil(t, sec.Limbo)
		for _, units := range sec.Limbo {
			require.NotNil(t, units)
		}
		_ = sec.signer()
	})
}

// A machine whose secret.json is damaged says so, naming the file, and
// keeps it as it was.
func TestDamagedSecretsRefused(t *testing.T) {
	h := Home{Dir: t.TempDir(), Rand: fixedRand("damaged")}
	seat, err := NewGame(h, testSource(t), "hunters", testTime)
	require.NoError(t, err)
	path := filepath.Join(h.GameDir(seat.Game.ID), "secret.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"game":"`+seat.Game.ID+`","side":"hunters","rounds":null}`), 0o600))
	_, err = LoadSeat(h, seat.Game.ID)
	require.ErrorContains(t, err, path+": field key is not an Ed25519 seed")
}
