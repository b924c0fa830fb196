package pbem

import (
	"bytes"
	"crypto/ed25519"
	"fmt"

	voied "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// What a log proves of the sides' secrets. A side's announcement tells
// what of its secrets came to something (a unit phased in, a mine went
// off, a rift's time came) and carries the proofs of their dice, every
// round they rolled, and the orders it sealed for each unit told. Before
// a machine plays a log it reads every proof and opening in it (learn):
// it then knows those secrets from the start of the game and computes
// them as their side's machine did, so that what an announcement told is
// checked as the game is played, when the file is opened, not at the end.
// A proof is the side's dice's own output: it can only be true, so that
// knowing a secret early never changes what the game shows (the peer
// state computes every secret alike on every machine that knows it).

// knowledge is what a log proves of the sides' secrets.
type knowledge struct {
	// source names the message that told each secret, by side and
	// subject.
	source map[rules.SideID]map[string]string
	// limbo are the orders for units out of phase the log opened, by
	// side, round and unit: the exact bytes sealed.
	limbo map[rules.SideID]map[int]map[rules.UnitID][]byte
	// bad says, by message, why its proofs or openings do not check.
	bad map[int]error
}

// learner reads messages into knowledge, one by one, keeping what it
// needs of the log to check them: the sides' keys, the seals of orders
// for units out of phase, and each round's revealed nonces.
type learner struct {
	game   string
	k      *knowledge
	d      *gameDice
	n      int
	keys   map[rules.SideID]ed25519.PublicKey
	vrf    map[rules.SideID]voied.PublicKey
	seals  map[rules.SideID]map[int]map[rules.UnitID][]byte
	nonces map[int]map[rules.SideID][]byte
	sides  []rules.SideID
}

// learn reads what the messages of f prove of the sides' secrets into d
// (the stream keys of the subjects told) and returns a learner holding
// the rest, to which the messages that follow are added as they come. It
// checks each message's signature against the keys the log gives before
// it takes anything from it; a message it cannot take is left for the
// replay to refuse.
func learn(f *wire.File, d *gameDice) *learner {
	l := &learner{game: f.Game, d: d, k: &knowledge{source: map[rules.SideID]map[string]string{}, limbo: map[rules.SideID]map[int]map[rules.UnitID][]byte{}, bad: map[int]error{}},
		keys: map[rules.SideID]ed25519.PublicKey{}, vrf: map[rules.SideID]voied.PublicKey{},
		seals: map[rules.SideID]map[int]map[rules.UnitID][]byte{}, nonces: map[int]map[rules.SideID][]byte{}}
	for _, m := range f.Messages {
		l.add(m)
	}
	return l
}

// add reads message m, the next of the log.
func (l *learner) add(m *wire.Message) {
	l.n++
	signed := func(m *wire.Message) (rules.SideID, bool) {
		sd := rules.SideID(m.Head().Side)
		return sd, l.keys[sd] != nil && m.Verify(l.keys[sd])
	}
	switch b := m.Body.(type) {
	case *wire.Genesis:
		if len(b.PubKey) == ed25519.PublicKeySize && m.Verify(ed25519.PublicKey(b.PubKey)) && len(l.sides) == 0 {
			l.keys[rules.SideID(b.Side)], l.vrf[rules.SideID(b.Side)] = ed25519.PublicKey(b.PubKey), voied.PublicKey(b.VRFKey)
			for _, sd := range b.Sides {
				l.sides = append(l.sides, rules.SideID(sd))
			}
		}
	case *wire.Join:
		if sd := rules.SideID(b.Side); l.keys[sd] == nil && len(b.PubKey) == ed25519.PublicKeySize && m.Verify(ed25519.PublicKey(b.PubKey)) {
			l.keys[sd], l.vrf[sd] = ed25519.PublicKey(b.PubKey), voied.PublicKey(b.VRFKey)
		}
	case *wire.Commit:
		if sd, ok := signed(m); ok {
			for _, s := range b.Limbo {
				put(l.seals, sd, b.Round, rules.UnitID(s.Unit), []byte(s.Seal))
			}
		}
	case *wire.Reveal:
		if sd, ok := signed(m); ok {
			if l.nonces[b.Round] == nil {
				l.nonces[b.Round] = map[rules.SideID][]byte{}
			}
			l.nonces[b.Round][sd] = b.Nonce
		}
	case *wire.Announce:
		if sd, ok := signed(m); ok {
			if err := l.take(sd, m, b.Round, b.Proofs, b.Limbo); err != nil {
				l.k.bad[m.Head().Seq] = err
			}
		}
	case *wire.Key:
		// The orders a side's key message opens, for the game played
		// again with every key.
		if sd, ok := signed(m); ok {
			if err := l.take(sd, m, 0, nil, b.Limbo); err != nil {
				l.k.bad[m.Head().Seq] = err
			}
		}
	}
}

// take checks the proofs and openings of one message of side's (an
// announcement of round r, or its key message) and keeps them.
func (l *learner) take(side rules.SideID, m *wire.Message, r int, proofs []wire.Proof, limbo []wire.LimboOpen) error {
	game, k, d, sides, nonces, seals, vrf := l.game, l.k, l.d, l.sides, l.nonces, l.seals, l.vrf[side]
	keys := map[string]map[int]rules.PrivateKey{}
	for i, p := range proofs {
		if !keptSubject(p.Subject) {
			return fmt.Errorf("proof %d: %q is no secret a side's dice keep", i+1, p.Subject)
		}
		if p.Round < 1 || p.Round > r {
			return fmt.Errorf("proof %d: round %d is not a round played by this announcement's", i+1, p.Round)
		}
		ns := nonces[p.Round]
		if len(ns) != len(sides) {
			return fmt.Errorf("proof %d: round %d's nonces are not all revealed", i+1, p.Round)
		}
		if _, dup := keys[p.Subject][p.Round]; dup {
			return fmt.Errorf("proof %d: %s's dice of %s in round %d are proved twice", i+1, side, p.Subject, p.Round)
		}
		key, ok := verifyProof(vrf, game, side, epochOf(game, p.Round, sides, ns), p.Subject, p.Proof)
		if !ok {
			return fmt.Errorf("proof %d (%s, round %d) is not a proof of %s's dice: the dice it tells were not %s's", i+1, p.Subject, p.Round, side, side)
		}
		if keys[p.Subject] == nil {
			keys[p.Subject] = map[int]rules.PrivateKey{}
		}
		keys[p.Subject][p.Round] = key
	}
	opened := map[int]map[rules.UnitID][]byte{}
	for i, o := range limbo {
		unit := rules.UnitID(o.Unit)
		seal, ok := seals[side][o.Round][unit]
		switch {
		case !ok:
			return fmt.Errorf("field limbo: opening %d opens orders of %s for %s in round %d, which no commit of it sealed", i+1, side, o.Unit, o.Round)
		case opened[o.Round][unit] != nil:
			return fmt.Errorf("field limbo: opening %d opens %s's orders for %s in round %d twice", i+1, side, o.Unit, o.Round)
		case len(o.Nonce) != NonceSize:
			return fmt.Errorf("field limbo: opening %d has no nonce of %d bytes", i+1, NonceSize)
		case !bytes.Equal(limboSeal(game, o.Round, side, unit, o.Orders, o.Nonce), seal):
			return fmt.Errorf("field limbo: opening %d does not match the seal of %s's orders for %s in %s's commit of round %d (changed orders or a swapped nonce)", i+1, side, o.Unit, side, o.Round)
		}
		if _, err := limboAllocation(unit, o.Orders); err != nil {
			return fmt.Errorf("field limbo: opening %d: %v", i+1, err)
		}
		if opened[o.Round] == nil {
			opened[o.Round] = map[rules.UnitID][]byte{}
		}
		opened[o.Round][unit] = o.Orders
	}
	what := label(m)
	for subject, byRound := range keys {
		for r, key := range byRound {
			put(d.told, side, subject, r, key)
		}
		if k.source[side] == nil {
			k.source[side] = map[string]string{}
		}
		k.source[side][subject] = what
	}
	for r, units := range opened {
		for u, raw := range units {
			put(k.limbo, side, r, u, raw)
		}
	}
	return nil
}
