package pbem

import (
	"crypto/ed25519"
	"fmt"
	"slices"
	"testing"

	"github.com/oasisprotocol/curve25519-voi/primitives/ed25519/extra/ecvrf"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// announceCase is a change to an announcement and what the machine that
// refuses it must say of it.
type announceCase struct {
	name   string
	change func(t *testing.T, an *wire.Announce)
	reason string
}

// requireFalseAnnouncementsRefused opens at the machine kept (a copy of
// the receiver's home from before it opened the file, copied again so
// that the homes the shared games kept stay as they were for other
// tests), for each case, the file good with the announcement at changed
// by the case and signed again with key (its side's: only the rules can
// tell): each is refused naming the announcement and the case's reason,
// the machine's files stay byte for byte as they were, and Verify of the
// same file names the same message; the true file opens after.
func requireFalseAnnouncementsRefused(t *testing.T, kept keptHome, good []byte, at int, key map[rules.SideID]ed25519.PrivateKey, cases []announceCase) {
	t.Helper()
	kept.p = keepHome(t, kept.p, 1)
	what := label(parse(t, good).Messages[at])
	keep := func() [2][]byte { return keptFiles(t, kept.p) }
	before := keep()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, good)
			edit(t, f, at, func(an *wire.Announce) { tc.change(t, an) })
			rechain(t, f, at, key)
			bad := f.Encode()
			_, err := Open(kept.p.home, "bad.pbem", bad, kept.p.side)
			var c *Cheat
			require.ErrorAs(t, err, &c)
			require.Equal(t, at, c.Seq, "the message named: %v", err)
			require.ErrorContains(t, err, "pbem: bad.pbem refused: "+what+": ")
			require.ErrorContains(t, err, tc.reason)
			require.Equal(t, before, keep(), "the bad file changed what the machine keeps")
			_, err = Verify("bad.pbem", bad)
			require.ErrorAs(t, err, &c)
			require.Equal(t, at, c.Seq, "the message Verify names: %v", err)
			require.ErrorContains(t, err, tc.reason)
		})
	}
	_, err := Open(kept.p.home, "good.pbem", good, kept.p.side)
	require.NoError(t, err, "the true file opens after the bad ones")
}

// requireWithheldAnnouncementAwaited cuts the last file full before its
// message at, an announcement: Verify says the game waits for it.
func requireWithheldAnnouncementAwaited(t *testing.T, full []byte, at int) {
	t.Helper()
	f := parse(t, full)
	side := f.Messages[at].Head().Side
	f.Messages = f.Messages[:at]
	_, err := Verify("withheld", f.Encode())
	require.ErrorIs(t, err, ErrUnfinished)
	require.ErrorContains(t, err, "waits for "+side+"'s announcement")
}

// phaseInWithLimbo returns the phase game's last file that ends with an
// announced phase-in whose announcement opens orders for a unit out of
// phase, the copy of its receiver's home from before it opened it, and
// the index of the announcement.
func phaseInWithLimbo(t *testing.T) (kept keptHome, f *wire.File, at int) {
	t.Helper()
	_, _, files := playPhase(t)
	require.NotEmpty(t, phased.kept, "no file ended with an announced phase-in")
	for _, k := range slices.Backward(phased.kept) {
		f = parse(t, files[k.File].Data)
		at = len(f.Messages) - 1
		if an := f.Messages[at].Body.(*wire.Announce); len(an.Limbo) > 0 {
			return k, f, at
		}
	}
	t.Fatal("no announced phase-in opens orders for a unit out of phase")
	return keptHome{}, nil, 0
}

// TestFalseAnnouncementsRefusedAtOpen opens, at the receiving machine (a
// copy of its home from before it opened the file), the phase game's last
// file ending with an announced phase-in that opens the side's sealed
// orders for the unit, its announcement changed and signed again by its
// side in each way it can be false: each is refused as the file is
// opened, naming the announcement, the machine's files stay byte for
// byte as they were, and the true file opens after.
//
// Version 3's announcement carried the unit's state as it phased in, and
// the receiving machine could refuse only what the public game showed
// false (a unit never out of phase, another side's, a clause of no
// phase-in); another hex, facing or impulse took Verify with every key.
// Now the announcement carries the proofs of the unit's dice, every
// machine computes its time out of phase itself from them, and a phase-in
// claimed at another clock or by another clause is refused at open; what
// the design keeps checking is whether the proofs are the side's and of
// exactly what is told, and whether the orders opened are the ones
// sealed.
func TestFalseAnnouncementsRefusedAtOpen(t *testing.T) {
	kept, honest, at := phaseInWithLimbo(t)
	m := honest.Messages[at]
	an0 := m.Body.(*wire.Announce)
	side := rules.SideID(an0.Side)
	a, b, _ := playPhase(t)
	cheater, other := a, b
	if b.side == side {
		cheater, other = b, a
	}
	require.NotEqual(t, cheater.side, kept.p.side)
	key := map[rules.SideID]ed25519.PrivateKey{cheater.side: keyOf(t, cheater)}
	seats := loadSeats(t, a, b)
	g, err := Replay(honest)
	require.NoError(t, err)
	arr := an0.PhaseIns[0]
	unit := rules.UnitID(arr.Unit)
	// A unit of the side's that the announcement tells nothing of.
	var still rules.UnitID
	for _, u := range g.State.Units {
		if u.Side == side && u.Ship != nil && !slices.ContainsFunc(an0.PhaseIns, func(p wire.PhaseIn) bool { return p.Unit == string(u.ID) }) {
			still = u.ID
			break
		}
	}
	require.NotEmpty(t, still)
	// A proof of another side's dice, and one of the side's own dice of
	// a secret the announcement does not tell: both true proofs.
	var proof wire.Proof
	for _, p := range an0.Proofs {
		if u, _ := rules.SubjectUnit(p.Subject); u == unit && proof.Subject == "" {
			proof = p
		}
	}
	require.NotEmpty(t, proof.Subject, "no proof of %s's dice", unit)
	first := slices.IndexFunc(an0.Proofs, func(p wire.Proof) bool { return p.Subject == proof.Subject && p.Round == proof.Round })
	epoch := g.played[proof.Round-1].Epoch
	prove := func(sd rules.SideID, subject string) []byte {
		sk, _ := vrfKey(seats[sd].sec.Dice)
		return ecvrf.Prove(sk, vrfInput(g.ID, sd, epoch, subject))
	}
	theirs := prove(other.side, proof.Subject)
	untold := rules.RiftSubject(side, 0)
	ownUntold := prove(side, untold)
	// An opening of the unit's orders of a round its dice rolled in.
	var open wire.LimboOpen
	for _, o := range an0.Limbo {
		if o.Unit == arr.Unit && slices.ContainsFunc(an0.Proofs, func(p wire.Proof) bool { return p.Round == o.Round && p.Subject == proof.Subject }) {
			open = o
		}
	}
	require.NotEmpty(t, open.Orders, "the announcement opens no orders for %s of a round it proves", unit)
	later := arr.Clock
	if later.Impulse > 1 {
		later.Impulse--
	} else {
		later.Impulse++
	}
	requireFalseAnnouncementsRefused(t, kept, honest.Encode(), at, key, []announceCase{
		{"a phase-in claimed at another clock", func(t *testing.T, an *wire.Announce) {
			an.PhaseIns[0].Clock = later
		}, "a false announcement: it says " + string(unit) + " phases in at "},
		{"a phase-in by another clause", func(t *testing.T, an *wire.Announce) {
			an.PhaseIns[0].Clause = map[string]string{"IP8.21": "IP8.124", "IP8.124": "IP8.21"}[arr.Clause]
		}, "a false announcement: it says " + string(unit) + " phases in at "},
		{"a phase-in of another unit", func(t *testing.T, an *wire.Announce) {
			an.PhaseIns[0].Unit = string(still)
		}, "field proofs: it proves " + string(side) + "'s dice of " + proof.Subject + ", and tells no phase-in of " + string(unit)},
		{"a claim without proofs", func(t *testing.T, an *wire.Announce) {
			an.Proofs = nil
		}, "field proofs: it tells " + string(unit) + "'s phase-in and proves none of its dice"},
		{"proofs of the wrong side's dice", func(t *testing.T, an *wire.Announce) {
			an.Proofs[first].Proof = theirs
		}, fmt.Sprintf("proof %d (%s, round %d) is not a proof of %s's dice", first+1, proof.Subject, proof.Round, side)},
		{"a corrupted proof", func(t *testing.T, an *wire.Announce) {
			p := slices.Clone(an.Proofs[first].Proof)
			p[len(p)/2] ^= 1
			an.Proofs[first].Proof = p
		}, "is not a proof of " + string(side) + "'s dice: the dice it tells were not " + string(side) + "'s"},
		{"a proof of a subject not told", func(t *testing.T, an *wire.Announce) {
			an.Proofs = append(an.Proofs, wire.Proof{Round: proof.Round, Subject: untold, Proof: ownUntold})
		}, "field proofs: it proves " + string(side) + "'s dice of " + untold + ", and tells nothing of it"},
		{"a withheld limbo opening", func(t *testing.T, an *wire.Announce) {
			an.Limbo = slices.DeleteFunc(an.Limbo, func(o wire.LimboOpen) bool { return o.Round == open.Round && o.Unit == open.Unit })
		}, "field limbo: it tells " + string(unit) + "'s phase-in and does not open " + string(side) + "'s orders for it in round"},
		{"a limbo opening that does not match its seal", func(t *testing.T, an *wire.Announce) {
			for i := range an.Limbo {
				if an.Limbo[i].Unit == open.Unit && an.Limbo[i].Round == open.Round {
					an.Limbo[i].Nonce = make([]byte, NonceSize)
				}
			}
		}, "does not match the seal of " + string(side) + "'s orders for " + string(unit)},
	})
	t.Run("withheld announcement", func(t *testing.T) { requireWithheldAnnouncementAwaited(t, honest.Encode(), at) })
}
