package pbem

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/hexrift/hexrift/game/internal/fileio"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// FileFormat and FileVersion identify a turn file. A file of a newer
// version is refused rather than half understood.
const (
	FileFormat  = "hexrift-pbem"
	FileVersion = 3
	// MaxFileSize bounds what is read of a turn file.
	MaxFileSize = 64 << 20
	// NonceSize is the size of a commitment's random nonce in bytes.
	NonceSize = 32
)

// The kinds of message.
const (
	// KindGenesis starts a game: the scenario, the sides and the
	// creator's public key.
	KindGenesis = "genesis"
	// KindJoin seats a side: its public key.
	KindJoin = "join"
	// KindCommit is a side's sealed orders for a round: a hash.
	KindCommit = "commit"
	// KindReveal opens a commitment: the orders and the nonce.
	KindReveal = "reveal"
	// KindResult is what a round's stretch of play gave, as its writer
	// computed it; every reader computes it again.
	KindResult = "result"
	// KindAnnounce is a side's announcement of what its units out of
	// phase did at the phase points of a round's stretch: their
	// phase-ins, whole (rules.Arrival); and of what came of its pending
	// cosmic rifts (rules.RiftNews).
	KindAnnounce = "announce"
	// KindKey reveals a side's private dice key once the game is over,
	// so that every private roll can be checked.
	KindKey = "key"
	// KindNote is a line a side writes to the other sides with its turn
	// file (notes.go): its own free text, signed and chained as every
	// message, which changes nothing of the game.
	KindNote = "note"
)

// File is a turn file: the whole log of a game so far.
type File struct {
	Format   string    `json:"format"`
	Version  int       `json:"version"`
	Game     string    `json:"game"`
	Messages []Message `json:"messages"`
}

// Message is one entry of a game's log, signed by its side.
type Message struct {
	Seq  int          `json:"seq"`
	Prev string       `json:"prev"` // hash of the message before, "" for the genesis
	Kind string       `json:"kind"`
	Side rules.SideID `json:"side"`
	// Round is the round a commit, reveal or result belongs to.
	Round   int      `json:"round,omitempty"`
	Genesis *Genesis `json:"genesis,omitempty"`
	// PubKey is the side's Ed25519 public key (genesis and join).
	PubKey string `json:"pub_key,omitempty"`
	// DiceCommit is the side's commitment to its private dice key
	// (genesis and join): hex SHA-256 of the key (diceCommitment).
	DiceCommit string `json:"dice_commit,omitempty"`
	// DiceKey is the side's private dice key, revealed once the game is
	// over (key).
	DiceKey string `json:"dice_key,omitempty"`
	// Commit is the commitment (commit): hex SHA-256.
	Commit string `json:"commit,omitempty"`
	// LimboCommit seals the side's orders for its own units out of phase
	// for the round (commit, limbo.go); Limbo opens them once the game is
	// over (key).
	LimboCommit string        `json:"limbo_commit,omitempty"`
	Limbo       []LimboReveal `json:"limbo,omitempty"`
	// Orders and Nonce open a commitment (reveal); Orders is the exact
	// JSON the commitment was made over.
	Orders json.RawMessage `json:"orders,omitempty"`
	Nonce  string          `json:"nonce,omitempty"`
	Result *Result         `json:"result,omitempty"`
	// Announce is an announcement (announce).
	Announce *Announcement `json:"announce,omitempty"`
	// Note is the side's note to the other sides (note): text the
	// player typed, of at most MaxNoteLen characters.
	Note string `json:"note,omitempty"`
	// Sig is the side's Ed25519 signature of the message without it.
	Sig string `json:"sig,omitempty"`
}

// Genesis is what a game starts from.
type Genesis struct {
	// Game is the game's identity: every later message chains to the
	// genesis, so each is bound to its game.
	Game     string           `json:"game"`
	Scenario scenarios.Source `json:"scenario"`
	Sides    []rules.SideID   `json:"sides"`
	// NoCosmicRifts is set when the side that started the game chose to
	// play it with cosmic rifts off (IP4.21) although its scenario's
	// ruleset has them on: every machine plays the scenario with them off
	// (Game.genesis), so no rift forms and none can stop the game. The
	// genesis is signed and every later message chains to it, so no
	// machine can change the choice after the start.
	NoCosmicRifts bool `json:"no_cosmic_rifts,omitempty"`
	// Created is when the game was made (information only).
	Created time.Time `json:"created"`
}

// Orders are a side's orders for one stretch of play: a command answering
// the decision it faces when the stretch starts, if any (an energy
// allocation, movement declarations), and the plotted orders that answer
// for it until a break.
//
// Limbo, the side's orders for its own units out of phase (limbo.go), is
// never part of what the reveal opens: Send seals it apart.
type Orders struct {
	Command *rules.Command `json:"command,omitempty"`
	Plot    *plot.Orders   `json:"plot,omitempty"`
	Limbo   *LimboOrders   `json:"-"`
}

// Announcement says that the side's units out of phase phase in as
// Arrivals say, in the order they did, and at no other phase point of the
// round's stretch up to and including Through. Only the side's machine
// can compute them (its dice key); verify checks every announcement once
// the keys are open. Rifts say what came of the side's pending cosmic
// rifts at the points of the stretch up to Through where they were due
// (IP4.231): each formed or did not, at no other point. MinePoints is how
// many of the side's mine points of the game (rules.MinePoint: another
// side's unit entering a hex where one of its hidden mines may lie) the
// side's announcements reach, and Mines the side's mines set off at those
// of them past its last announcement: no other mine of the side went off
// at any of them.
type Announcement struct {
	Through    rules.Clock      `json:"through"`
	Arrivals   []rules.Arrival  `json:"arrivals,omitempty"`
	Rifts      []rules.RiftNews `json:"rifts,omitempty"`
	MinePoints int              `json:"mine_points,omitempty"`
	Mines      []rules.MineNews `json:"mines,omitempty"`
}

// Result is what a stretch gave: where it stopped, why, its public rolls
// and the state hash after it.
type Result struct {
	Clock rules.Clock `json:"clock"`
	// Commands is how many commands the game has played in all.
	Commands int `json:"commands"`
	// Rolls are the stretch's rolls, as the log shows them.
	Rolls []string `json:"rolls,omitempty"`
	// Break says which side's orders stopped and why; empty when the
	// game ended.
	Break string `json:"break,omitempty"`
	// Stopped is set when the game reached hidden content that play by
	// file cannot keep secret (hidden.go): the game stops there.
	Stopped string `json:"stopped,omitempty"`
	Hash    string `json:"hash"`
}

// label names a message for error text.
func (m *Message) label() string {
	what := m.Kind
	switch m.Kind {
	case KindCommit, KindReveal, KindResult, KindAnnounce:
		what += " of round " + strconv.Itoa(m.Round)
	}
	return fmt.Sprintf("message %d (%s's %s)", m.Seq, m.Side, what)
}

// signedBytes is what a signature covers: the message without its
// signature, under a domain tag.
func (m *Message) signedBytes() []byte {
	c := *m
	c.Sig = ""
	b, err := json.Marshal(&c)
	if err != nil {
		panic("pbem: " + err.Error()) // plain values always encode
	}
	return append([]byte("hexrift pbem message v1\x00"), b...)
}

// hash is the SHA-256 of the whole message, signature included: what the
// next message's Prev names.
func (m *Message) hash() string {
	b, err := json.Marshal(m)
	if err != nil {
		panic("pbem: " + err.Error())
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// sign signs m with key.
func (m *Message) sign(key ed25519.PrivateKey) {
	m.Sig = hex.EncodeToString(ed25519.Sign(key, m.signedBytes()))
}

// verify reports whether m carries pub's signature.
func (m *Message) verify(pub ed25519.PublicKey) bool {
	sig, err := hex.DecodeString(m.Sig)
	return err == nil && len(sig) == ed25519.SignatureSize && ed25519.Verify(pub, m.signedBytes(), sig)
}

// commitment is the hash a side commits to: its orders and nonce, bound
// to the game, the round and the side so that no commitment can be
// carried to another.
func commitment(game string, round int, side rules.SideID, orders []byte, nonce []byte) string {
	return sealHash("hexrift pbem commit v1", game, round, side, orders, nonce)
}

// sealHash is SHA-256 of orders and nonce under a domain tag, bound to the
// game, the round and the side.
func sealHash(tag, game string, round int, side rules.SideID, orders []byte, nonce []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00%s\x00%d\x00", tag, game, round, side, len(orders))
	h.Write(orders)
	h.Write(nonce)
	return hex.EncodeToString(h.Sum(nil))
}

// diceCommitment is the hash a side commits to its private dice key by,
// bound to the game and the side. The key is 32 random bytes, so the
// hash hides it.
func diceCommitment(game string, side rules.SideID, key rules.PrivateKey) string {
	h := sha256.New()
	fmt.Fprintf(h, "hexrift pbem dice key v1\x00%s\x00%s\x00", game, side)
	h.Write(key[:])
	return hex.EncodeToString(h.Sum(nil))
}

// diceSeed is the seed of a round's public dice: the hash of every
// side's revealed nonce, in side order. No side knows it before every
// side has committed, and none can change it after.
func diceSeed(game string, round int, sides []rules.SideID, nonces map[rules.SideID][]byte) uint64 {
	h := sha256.New()
	fmt.Fprintf(h, "hexrift pbem dice v1\x00%s\x00%d\x00", game, round)
	for _, sd := range sides {
		fmt.Fprintf(h, "%s\x00", sd)
		h.Write(nonces[sd])
	}
	var seed uint64
	for i, b := range h.Sum(nil)[:8] {
		seed |= uint64(b) << (8 * i)
	}
	return seed
}

// Encode writes the file as indented JSON.
func (f *File) Encode() ([]byte, error) {
	return jsonIndent(f)
}

// ParseFile reads a turn file. name is what errors name.
func ParseFile(name string, data []byte) (*File, error) {
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("pbem: %s: larger than %d bytes", name, MaxFileSize)
	}
	var f File
	if err := strictJSON(data, &f); err != nil {
		return nil, jsonProblem(name, data, err)
	}
	switch {
	case f.Format != FileFormat:
		return nil, fmt.Errorf("pbem: %s: field format is %q, not %q", name, f.Format, FileFormat)
	case f.Version != FileVersion:
		return nil, fmt.Errorf("pbem: %s: field version is %d; this hexrift reads version %d", name, f.Version, FileVersion)
	case len(f.Messages) == 0:
		return nil, fmt.Errorf("pbem: %s: holds no messages", name)
	}
	return &f, nil
}

// Fingerprint is a short form of a side's public key for people to
// compare by another channel than the files: the first 8 bytes of its
// SHA-256, in hexadecimal.
func Fingerprint(pub ed25519.PublicKey) string {
	h := sha256.Sum256(pub)
	return hex.EncodeToString(h[:8])
}

// jsonProblem turns a decoding error into "FILE:LINE:COL: message" when
// the decoder says where it stopped.
func jsonProblem(name string, data []byte, err error) error {
	where, msg := fileio.JSONWhere(name, data, err)
	return fmt.Errorf("pbem: %s: not a turn file: %s", where, msg)
}
