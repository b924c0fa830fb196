package wire

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// The kinds of message.
const (
	// KindGenesis starts a game: its identity, the scenario, the sides,
	// and the starting side's keys.
	KindGenesis = "genesis"
	// KindJoin seats a side: its keys.
	KindJoin = "join"
	// KindCommit is a side's sealed orders for a round.
	KindCommit = "commit"
	// KindReveal opens a commitment: the orders and the nonce.
	KindReveal = "reveal"
	// KindResult is what a round's stretch of play gave, as its writer
	// computed it; every reader computes it again.
	KindResult = "result"
	// KindAnnounce is a side's word on its secrets in a round's stretch:
	// how far it reaches, what of them came to something, and the proofs
	// of the dice that decided it.
	KindAnnounce = "announce"
	// KindKey opens a side's dice key once the game is over.
	KindKey = "key"
	// KindNote is a line a side writes to the other sides.
	KindNote = "note"
	// KindClaim is a side's claim that another withholds what it owes.
	KindClaim = "claim"
)

// Header is what every message has: its place in the log (Seq, and Prev,
// the hash of the message before; none for the genesis), its kind and
// the side that signs it.
type Header struct {
	Kind string `json:"kind"`
	Seq  int    `json:"seq"`
	Side string `json:"side"`
	Prev Hex    `json:"prev,omitempty"`
}

// Head returns the header.
func (h *Header) Head() *Header { return h }

// Body is the body of a message of one kind.
type Body interface{ Head() *Header }

// Genesis starts a game.
type Genesis struct {
	Header
	// Game is the game's identity: every later message chains to the
	// genesis, so each is bound to its game.
	Game     string   `json:"game"`
	Scenario Scenario `json:"scenario"`
	Sides    []string `json:"sides"`
	// NoCosmicRifts is the starter's choice to play with cosmic rifts
	// off (IP4.21).
	NoCosmicRifts bool `json:"no_cosmic_rifts,omitempty"`
	// Created is when the game was made, RFC 3339 in UTC (information
	// only).
	Created string `json:"created"`
	// PubKey is the starter's Ed25519 public key, VRFKey the public key
	// of its dice (RFC 9381).
	PubKey Hex `json:"pub_key"`
	VRFKey Hex `json:"vrf_key"`
}

// Join seats a side.
type Join struct {
	Header
	PubKey Hex `json:"pub_key"`
	VRFKey Hex `json:"vrf_key"`
}

// Commit seals a side's orders for a round (Commit), and its orders for
// each of its units out of phase (Limbo, one seal a unit, in unit order).
type Commit struct {
	Header
	Round  int         `json:"round"`
	Commit Hex         `json:"commit"`
	Limbo  []LimboSeal `json:"limbo,omitempty"`
}

// Reveal opens a commitment: Orders is the exact JSON it was made over.
type Reveal struct {
	Header
	Round  int             `json:"round"`
	Orders json.RawMessage `json:"orders"`
	Nonce  Hex             `json:"nonce"`
}

// Result is what a round's stretch gave: where it stopped and how, how
// many commands the game has played in all, the faces of the stretch's
// public rolls, and the hash of the state every machine computes alike.
type Result struct {
	Header
	Round    int     `json:"round"`
	Clock    Clock   `json:"clock"`
	Commands int     `json:"commands"`
	Rolls    [][]int `json:"rolls,omitempty"`
	Stop     Stop    `json:"stop"`
	Hash     Hex     `json:"hash"`
}

// Announce is a side's word on its secrets in a round's stretch: nothing
// of them that this message does not tell happened at any point up to
// Through (and its mine points up to MinePoints); PhaseIns, Rifts and
// Mines are what did; Proofs prove the dice of each secret told, every
// round they rolled, and Limbo opens the side's orders for each unit told
// for the rounds it was out of phase.
type Announce struct {
	Header
	Round      int         `json:"round"`
	Through    Clock       `json:"through"`
	MinePoints int         `json:"mine_points,omitempty"`
	PhaseIns   []PhaseIn   `json:"phase_ins,omitempty"`
	Rifts      []RiftNews  `json:"rifts,omitempty"`
	Mines      []MineNews  `json:"mines,omitempty"`
	Proofs     []Proof     `json:"proofs,omitempty"`
	Limbo      []LimboOpen `json:"limbo,omitempty"`
}

// Key opens a side's dice once the game is over: the seed of its dice's
// secret key, and the orders for its units out of phase still sealed.
type Key struct {
	Header
	VRFSecret Hex         `json:"vrf_secret"`
	Limbo     []LimboOpen `json:"limbo,omitempty"`
}

// Note is a line a side writes to the other sides.
type Note struct {
	Header
	Note string `json:"note"`
}

// Claim is a side's claim that side Against has withheld what it owes
// (Owes: "join", "commit", "reveal", "announce" or "key") since message
// Since, the last of the log it has not answered. At is when the claim
// was written, RFC 3339 in UTC (information only).
type Claim struct {
	Header
	Against string `json:"against"`
	Owes    string `json:"owes"`
	Since   int    `json:"since"`
	At      string `json:"at"`
}

// newBody returns an empty body of kind, or nil.
func newBody(kind string) Body {
	switch kind {
	case KindGenesis:
		return &Genesis{}
	case KindJoin:
		return &Join{}
	case KindCommit:
		return &Commit{}
	case KindReveal:
		return &Reveal{}
	case KindResult:
		return &Result{}
	case KindAnnounce:
		return &Announce{}
	case KindKey:
		return &Key{}
	case KindNote:
		return &Note{}
	case KindClaim:
		return &Claim{}
	}
	return nil
}

// Message is one signed entry of a game's log: its body, the exact bytes
// of the body, and the side's Ed25519 signature of those bytes.
type Message struct {
	Body Body
	raw  []byte
	Sig  Hex
	// by is the public key the signature was last found good for: a
	// message read once is checked once, however often it is replayed.
	by []byte
}

// New returns an unsigned message of body, encoded in the one encoding.
func New(b Body) (*Message, error) {
	raw, err := json.Marshal(b)
	if err != nil {
		return nil, fmt.Errorf("wire: %v", err)
	}
	return &Message{Body: b, raw: raw}, nil
}

// Head returns the message's header.
func (m *Message) Head() *Header { return m.Body.Head() }

// Raw returns the bytes of the body, as signed.
func (m *Message) Raw() []byte { return m.raw }

// signTag starts what a signature covers.
const signTag = "hexrift pbem message v4\x00"

// Sign signs the message with key.
func (m *Message) Sign(key ed25519.PrivateKey) {
	m.Sig = ed25519.Sign(key, append([]byte(signTag), m.raw...))
	m.by = nil
}

// Verify reports whether the message carries pub's signature.
func (m *Message) Verify(pub ed25519.PublicKey) bool {
	if m.by != nil && bytes.Equal(m.by, pub) {
		return true
	}
	ok := len(m.Sig) == ed25519.SignatureSize && len(pub) == ed25519.PublicKeySize &&
		ed25519.Verify(pub, append([]byte(signTag), m.raw...), m.Sig)
	if ok {
		m.by = bytes.Clone(pub)
	}
	return ok
}

// Hash is the SHA-256 of the message, signature included: what the next
// message's Prev names.
func (m *Message) Hash() Hex {
	h := sha256.New()
	h.Write([]byte("hexrift pbem message hash v4\x00"))
	h.Write(m.raw)
	h.Write([]byte{0})
	h.Write(m.Sig)
	return h.Sum(nil)
}

// Same reports whether m and o are the same message, byte for byte.
func (m *Message) Same(o *Message) bool {
	return bytes.Equal(m.raw, o.raw) && bytes.Equal(m.Sig, o.Sig)
}

// Decode reads a message's body from raw, which must be in the one
// encoding of its kind's struct.
func Decode(raw []byte) (Body, error) {
	var h struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(raw, &h); err != nil {
		return nil, problem(err, "")
	}
	b := newBody(h.Kind)
	if b == nil {
		return nil, fmt.Errorf("field kind: %q is no kind of message", h.Kind)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(b); err != nil {
		return nil, problem(err, h.Kind)
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	want, err := json.Marshal(b)
	if err != nil {
		return nil, fmt.Errorf("wire: %v", err)
	}
	if !bytes.Equal(want, raw) {
		return nil, notCanonical(raw, want)
	}
	return b, nil
}

// problem says what a decoding error means, naming the field.
func problem(err error, kind string) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return fmt.Errorf("field %s: %s where hexrift writes %s", te.Field, te.Value, te.Type)
	case errors.As(err, &se):
		return fmt.Errorf("not JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if f, ok := strings.CutPrefix(msg, "unknown field "); ok {
		article := "a"
		if strings.ContainsAny(kind[:min(1, len(kind))], "aeiou") {
			article = "an"
		}
		return fmt.Errorf("field %s is no field of %s %s message", strings.Trim(f, `"`), article, kind)
	}
	return errors.New(msg)
}

// notCanonical names where raw leaves the one encoding (want).
func notCanonical(raw, want []byte) error {
	i := 0
	for i < len(raw) && i < len(want) && raw[i] == want[i] {
		i++
	}
	excerpt := func(b []byte) string {
		end := min(len(b), i+24)
		return string(b[i:end])
	}
	return fmt.Errorf("not in hexrift's one encoding: at byte %d it reads %q where hexrift writes %q (a key in another case, a key twice, a space, an escape or a number written otherwise)", i, excerpt(raw), excerpt(want))
}
