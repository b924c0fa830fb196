package pbem

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	voied "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"
	"github.com/oasisprotocol/curve25519-voi/primitives/ed25519/extra/ecvrf"

	"github.com/hexrift/hexrift/rules"
)

// The sides' dice. Every roll the rules make for one side alone (its
// units' phase and course rolls out of phase, IP8.337; its pending cosmic
// rift's delay and place, IP4.231-232; where its mines lie) comes from
// that side's verifiable random function (RFC 9381,
// ECVRF-EDWARDS25519-SHA512-ELL2), keyed by a key the side draws as it
// joins and whose public half its join carries. The rolls of one secret
// (its subject, rules.PhaseSubject and the like) in one round are one
// stream, keyed by the function's output for an input naming the game,
// the side, the subject and the round's epoch, which is a hash of the
// round and of every side's nonce revealed for it:
//
//   - no side, the side itself included, can know a roll before every
//     side has committed its nonce of the round (the epoch is not known
//     until then), so none can foresee or steer its own dice;
//   - no side can choose them: the key is fixed, by its public half, at
//     the join, before any nonce of any round is drawn, and the function
//     has one output per key and input, so trying keys gains nothing;
//   - anyone can check them the moment the secret's outcome is public:
//     the side's announcement carries the function's proof for the
//     subject in every round it rolled, which every machine checks against
//     the side's public key, and from which every machine then computes
//     the secret itself (rules.SideDice).
//
// The side's key message, once the game is over, opens the key itself,
// so that a verifier checks every secret left.

// vrfSeedSize is the size of a dice key's seed.
const vrfSeedSize = voied.SeedSize

// vrfKey returns the secret key and public key of a dice key's seed.
func vrfKey(seed []byte) (voied.PrivateKey, voied.PublicKey) {
	sk := voied.NewKeyFromSeed(seed)
	return sk, sk.Public().(voied.PublicKey)
}

// epochOf is the epoch of the sides' dice in round r: a hash of the game,
// the round and every side's revealed nonce of it, in side order.
func epochOf(game string, r int, sides []rules.SideID, nonces map[rules.SideID][]byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "hexrift pbem epoch v4\x00%s\x00%d\x00", game, r)
	for _, sd := range sides {
		fmt.Fprintf(h, "%s\x00", sd)
		h.Write(nonces[sd])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// vrfInput is what a side's dice prove of a subject in an epoch.
func vrfInput(game string, side rules.SideID, epoch, subject string) []byte {
	return fmt.Appendf(nil, "hexrift pbem dice v4\x00%s\x00%s\x00%s\x00%s", game, side, epoch, subject)
}

// streamKey is the key of the stream a proof's output keys.
func streamKey(beta []byte) rules.PrivateKey {
	h := sha256.New()
	h.Write([]byte("hexrift pbem stream key v4\x00"))
	h.Write(beta)
	return rules.PrivateKey(h.Sum(nil))
}

// verifyProof checks side's proof of subject in epoch against its public
// key and returns the stream key it gives.
func verifyProof(pub voied.PublicKey, game string, side rules.SideID, epoch, subject string, proof []byte) (rules.PrivateKey, bool) {
	if len(proof) != ecvrf.ProofSize || len(pub) != voied.PublicKeySize {
		return rules.PrivateKey{}, false
	}
	ok, beta := ecvrf.Verify(pub, proof, vrfInput(game, side, epoch, subject))
	if !ok {
		return rules.PrivateKey{}, false
	}
	return streamKey(beta), true
}

// gameDice are the sides' dice as one machine holds them
// (rules.SideDice): the secret keys of the sides it may compute whole
// (its own; every side's for a verifier), and the stream keys of the
// subjects of other sides it was given proofs for. It records each proof
// it makes of its own side's dice, for the side's announcements.
type gameDice struct {
	game string
	// epochs gives each epoch's round.
	epochs map[string]int
	// keys are the secret keys this machine holds, by side.
	keys map[rules.SideID]voied.PrivateKey
	// told are the stream keys proved to this machine, by side, subject
	// and round.
	told map[rules.SideID]map[string]map[int]rules.PrivateKey
	// proved are the proofs this machine made, by side, subject and
	// round.
	proved map[rules.SideID]map[string]map[int][]byte
}

func newGameDice(game string) *gameDice {
	return &gameDice{game: game, epochs: map[string]int{}, keys: map[rules.SideID]voied.PrivateKey{},
		told: map[rules.SideID]map[string]map[int]rules.PrivateKey{}, proved: map[rules.SideID]map[string]map[int][]byte{}}
}

// Knows reports whether the machine computes side's secret subject.
func (d *gameDice) Knows(side rules.SideID, subject string) bool {
	if d.keys[side] != nil {
		return true
	}
	_, ok := d.told[side][subject]
	return ok
}

// Key returns the key of side's stream of rolls about subject in epoch.
func (d *gameDice) Key(side rules.SideID, epoch, subject string) (rules.PrivateKey, error) {
	r, ok := d.epochs[epoch]
	if !ok {
		return rules.PrivateKey{}, fmt.Errorf("no round has epoch %s", epoch)
	}
	if sk := d.keys[side]; sk != nil {
		proof := ecvrf.Prove(sk, vrfInput(d.game, side, epoch, subject))
		beta, err := ecvrf.ProofToHash(proof)
		if err != nil {
			return rules.PrivateKey{}, err
		}
		put(d.proved, side, subject, r, proof)
		return streamKey(beta), nil
	}
	k, ok := d.told[side][subject][r]
	if !ok {
		return rules.PrivateKey{}, fmt.Errorf("no proof of those of round %d was given", r)
	}
	return k, nil
}

// proofs returns the proofs the machine made of side's dice for subject,
// by round.
func (d *gameDice) proofs(side rules.SideID, subject string) map[int][]byte {
	return d.proved[side][subject]
}

// put sets m[a][b][c] = v, making the inner maps.
func put[A, B, C comparable, V any](m map[A]map[B]map[C]V, a A, b B, c C, v V) {
	if m[a] == nil {
		m[a] = map[B]map[C]V{}
	}
	if m[a][b] == nil {
		m[a][b] = map[C]V{}
	}
	m[a][b][c] = v
}
