package wire

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Hex is bytes written as lower-case hexadecimal, the only form read.
type Hex []byte

// MarshalText writes h in lower-case hexadecimal.
func (h Hex) MarshalText() ([]byte, error) {
	out := make([]byte, hex.EncodedLen(len(h)))
	hex.Encode(out, h)
	return out, nil
}

// UnmarshalText reads lower-case hexadecimal, refusing any other form.
func (h *Hex) UnmarshalText(b []byte) error {
	for i, c := range b {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			if c >= 'A' && c <= 'F' {
				return fmt.Errorf("upper-case hexadecimal at character %d: hexrift writes it in lower case", i+1)
			}
			return fmt.Errorf("%q at character %d is not a hexadecimal digit", c, i+1)
		}
	}
	if len(b)%2 != 0 {
		return fmt.Errorf("an odd number of hexadecimal digits")
	}
	out := make([]byte, len(b)/2)
	if _, err := hex.Decode(out, b); err != nil {
		return err
	}
	*h = out
	return nil
}

// Clock is a point of the game: its turn, impulse and step, the step by
// the code game/pbem gives it (a code of this format, not a name of the
// rules').
type Clock struct {
	Turn    int    `json:"turn"`
	Impulse int    `json:"impulse"`
	Step    string `json:"step"`
}

// Scenario is a scenario's file as the genesis carries it: its name, its
// bytes, and the texts of the rift destinations it names by path (which
// carry none of their own).
type Scenario struct {
	Name         string     `json:"name"`
	Data         []byte     `json:"data"`
	Destinations []Scenario `json:"destinations,omitempty"`
}

// LimboSeal seals a side's orders of a round for one of its units out of
// phase: a hash of the orders and a nonce, bound to the game, the round,
// the side and the unit.
type LimboSeal struct {
	Unit string `json:"unit"`
	Seal Hex    `json:"seal"`
}

// LimboOpen opens a LimboSeal: the exact bytes it sealed and the nonce.
type LimboOpen struct {
	Round  int             `json:"round"`
	Unit   string          `json:"unit"`
	Orders json.RawMessage `json:"orders"`
	Nonce  Hex             `json:"nonce"`
}

// Proof proves a side's dice of one secret in one round: a verifiable
// random function's proof (RFC 9381, ECVRF-EDWARDS25519-SHA512-ELL2)
// under the side's key, over the game, the side, the round's epoch and
// the subject.
type Proof struct {
	Round   int    `json:"round"`
	Subject string `json:"subject"`
	Proof   Hex    `json:"proof"`
}

// PhaseIn says a unit out of phase phases in: when, and by which clause.
type PhaseIn struct {
	Unit   string `json:"unit"`
	Clock  Clock  `json:"clock"`
	Clause string `json:"clause"`
}

// RiftNews says what came of a pending cosmic rift raised at the absolute
// impulse Raised: at Clock, by Clause (formed, or why it did not).
type RiftNews struct {
	Raised int    `json:"raised"`
	Clock  Clock  `json:"clock"`
	Clause string `json:"clause"`
}

// MineNews says a hidden mine went off at the side's mine point Point.
type MineNews struct {
	Point int    `json:"point"`
	Mine  string `json:"mine"`
}

// Stop says how a stretch of play ended: Kind, and for some kinds the
// side, a code and a unit (game/pbem's codes).
type Stop struct {
	Kind string `json:"kind"`
	Side string `json:"side,omitempty"`
	Code string `json:"code,omitempty"`
	Unit string `json:"unit,omitempty"`
}
