package rules

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
)

// Private rolls (IP8.337 and every other roll whose audience is not every
// side: phase rolls and courses of phased-out units, cosmic rift delay,
// direction and range, private destination rolls, rift radiation) come
// from streams of their own, one per audience, never from the public
// generator. Each stream is AES-256 in counter mode, a cryptographically strong generator,
// keyed by HMAC-SHA256 of the game's private key and the audience. So a
// side that knows the public seed, every public roll, its own rolls and
// its own commands still cannot compute another side's private rolls: it
// would need the private key. The key is part of the game (a save records
// it), so a replay rolls the same private dice and every private roll can
// be checked from the save after the game. A private roll never draws
// from the public generator, so what the table sees does not even show
// how many private rolls were made.

// PrivateKey keys a game's private dice streams.
type PrivateKey [32]byte

// String returns the key in hexadecimal.
func (k PrivateKey) String() string { return hex.EncodeToString(k[:]) }

// ParsePrivateKey reads a key written by String.
func ParsePrivateKey(s string) (PrivateKey, error) {
	var k PrivateKey
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(k) {
		return k, fmt.Errorf("rules: private key is not %d hexadecimal bytes", len(k))
	}
	copy(k[:], b)
	return k, nil
}

// SeedPrivateKey is the private key a game gets when none is given: it
// follows from the seed, so anyone who knows the seed can compute every
// private roll. Games between people give NewState a key of their own
// (WithPrivateKey) drawn from the operating system's random source.
func SeedPrivateKey(seed uint64) PrivateKey {
	h := sha256.New()
	h.Write([]byte("hexrift private dice v1\x00"))
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], seed)
	h.Write(b[:])
	var k PrivateKey
	copy(k[:], h.Sum(nil))
	return k
}

// Option sets up a new game beyond its setup and seed.
type Option func(*State)

// WithPrivateKey keys the game's private dice streams with k instead of
// the key that follows from the seed.
func WithPrivateKey(k PrivateKey) Option { return func(s *State) { s.PrivateKey = k } }

// privateStream is the generator of the rolls of one audience.
type privateStream struct {
	// Audience is the audience's sides, sorted, joined by "+".
	Audience string    `json:"audience"`
	Gen      ctrStream `json:"gen"`
}

// ctrStream is AES-256 in counter mode: draw n is one half of the block
// AES_key(n/2). Its state is its key and the number of draws, written
// with the state, so that it is saved and hashed with the game; AES is
// fixed by its standard, so the sequence never changes with the Go
// release.
type ctrStream struct {
	Key   PrivateKey `json:"key"`
	Draws uint64     `json:"draws"`

	block cipher.Block // from Key, made on first use; immutable, so clones share it
}

// Uint64 returns the next 64 bits of the stream.
func (g *ctrStream) Uint64() uint64 {
	if g.block == nil {
		b, err := aes.NewCipher(g.Key[:])
		if err != nil {
			panic("rules: " + err.Error()) // a 32-byte key is always valid
		}
		g.block = b
	}
	var in, out [aes.BlockSize]byte
	binary.LittleEndian.PutUint64(in[:], g.Draws/2)
	g.block.Encrypt(out[:], in[:])
	half := g.Draws % 2
	g.Draws++
	return binary.LittleEndian.Uint64(out[8*half:])
}

// MarshalText writes the key in hexadecimal.
func (k PrivateKey) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a key written by MarshalText.
func (k *PrivateKey) UnmarshalText(b []byte) error {
	v, err := ParsePrivateKey(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// audienceKey names an audience for its stream: its sides, sorted.
func audienceKey(a Audience) string {
	if len(a.Sides) == 1 {
		return string(a.Sides[0])
	}
	ss := make([]string, len(a.Sides))
	for i, sd := range a.Sides {
		ss[i] = string(sd)
	}
	slices.Sort(ss)
	return strings.Join(slices.Compact(ss), "+")
}

// privateGen returns the generator of audience a's rolls about subject
// (what the rolls are of: a unit's time out of phase, a mine, a pending
// rift), starting its stream on first use. Streams are kept sorted by
// name. Outside play between machines a stream is the audience's alone,
// whatever its subject, keyed by the game's private key; between machines
// (WithSideDice) the rolls of one side's secrets come from that side's
// dice instead (sidedice.go), one stream per subject and epoch.
func (s *State) privateGen(a Audience, subject string) *ctrStream {
	key := audienceKey(a)
	side, peer := s.sideDiceFor(a)
	if peer {
		key = sideStreamName(side, s.DiceEpoch, subject)
	}
	i, found := slices.BinarySearchFunc(s.Private, key, func(p privateStream, k string) int { return strings.Compare(p.Audience, k) })
	if !found {
		st := privateStream{Audience: key}
		if peer {
			st.Gen.Key = s.sideStreamKey(side, subject)
		} else {
			mac := hmac.New(sha256.New, s.PrivateKey[:])
			mac.Write([]byte("audience\x00" + key))
			copy(st.Gen.Key[:], mac.Sum(nil))
		}
		s.Private = slices.Insert(s.Private, i, st)
	}
	return &s.Private[i].Gen
}

// source is a generator dice can be thrown on.
type source interface{ Uint64() uint64 }

// genFor returns the generator of a roll made for why: the public one,
// or the private stream of its audience and subject.
func (s *State) genFor(why RollReason) source {
	if why.Audience.IsPublic() {
		return &s.RNG
	}
	return s.privateGen(why.Audience, why.subject())
}
