package rules

import (
	"fmt"
	"slices"
	"strings"
)

// The sides' own dice. A game played between machines (game/pbem) has no
// key every side may hold: the rolls the rules make for one side alone
// (IP8.337: a phased-out unit's phase and course rolls; a pending cosmic
// rift's delay and place, IP4.231-232; where each of its mines lies) must
// come from that side's dice, so that no other machine can compute them,
// and yet every machine must be able to check them once what they decided
// is public (a unit phases in, a mine goes off, a rift's time comes).
//
// SideDice gives them. Each roll belongs to a subject, the secret it is
// about, and to an epoch, which the machines set at the start of each
// stretch of play (SetDiceEpoch: in game/pbem a hash of the round and of
// every side's revealed nonce of the round, so that no side can know its
// own rolls before every side has committed). The rolls of one subject in
// one epoch are one stream, keyed by SideDice.Key: a side's machine
// computes its own keys, and another machine holds those of a subject
// once the side has proved them (a verifiable random function's output,
// game/pbem), which it does as the subject's outcome becomes public.
// A machine computes a secret (a unit out of phase, a mine, a pending
// rift) exactly when it Knows its subject, and then plays it as its
// side's machine does.

// SideDice holds the dice of the sides' secrets on one machine of a game
// played between machines.
type SideDice interface {
	// Knows reports whether this machine holds the rolls of side's
	// secret subject, in every epoch they are made.
	Knows(side SideID, subject string) bool
	// Key returns the key of the stream of side's rolls about subject in
	// epoch, or an error when this machine does not hold it.
	Key(side SideID, epoch, subject string) (PrivateKey, error)
}

// WithSideDice keys the rolls whose audience is one side alone with that
// side's dice (d), one stream per subject and epoch, instead of the
// game's private key.
func WithSideDice(d SideDice) Option { return func(s *State) { s.sideDice = d } }

// SetDiceEpoch starts epoch e of the sides' dice: the rolls made from now
// on come from the streams of e, and the streams of earlier epochs are
// dropped (they are never drawn from again). Nothing changes in a game
// without side dice but the recorded epoch.
func (s *State) SetDiceEpoch(e string) {
	if s.DiceEpoch == e {
		return
	}
	s.DiceEpoch = e
	if s.sideDice == nil {
		return
	}
	s.Private = slices.DeleteFunc(slices.Clone(s.Private), func(p privateStream) bool {
		return strings.HasPrefix(p.Audience, sideStreamPrefix)
	})
}

// sideStreamPrefix starts the name of every stream of the sides' dice.
const sideStreamPrefix = "side|"

// sideStreamName names the stream of side's rolls about subject in
// epoch.
func sideStreamName(side SideID, epoch, subject string) string {
	return sideStreamPrefix + string(side) + "|" + epoch + "|" + subject
}

// sideDiceFor returns the side whose dice roll for audience a, when the
// game has side dice and a is one side alone.
func (s *State) sideDiceFor(a Audience) (SideID, bool) {
	if s.sideDice == nil || len(a.Sides) != 1 {
		return "", false
	}
	return a.Sides[0], true
}

// sideStreamKey returns the key of side's stream about subject in the
// current epoch. A roll this machine cannot make (a secret it does not
// know: the step that makes it brings content the other machines cannot
// compute) or whose key it lacks is recorded, and the stream keyed with
// zeros: the state is then not one to keep (BlindRolls, DiceProblem).
func (s *State) sideStreamKey(side SideID, subject string) PrivateKey {
	d := s.sideDice
	if !d.Knows(side, subject) {
		if p := s.Peer; p != nil {
			p.blind = append(p.blind, fmt.Sprintf("%s's %s", side, subject))
		}
		return PrivateKey{}
	}
	k, err := d.Key(side, s.DiceEpoch, subject)
	if err != nil {
		if p := s.Peer; p != nil && p.diceErr == nil {
			p.diceErr = fmt.Errorf("rules: %s's rolls of %s at %s: %w", side, subject, s.Clock, err)
		}
		return PrivateKey{}
	}
	return k
}

// knowsSecret reports whether this machine computes side's secret
// subject: always outside play between machines; on the side's own
// machine and a verifier's; elsewhere once the side's dice for it are
// held.
func (s *State) knowsSecret(side SideID, subject string) bool {
	p := s.Peer
	if p == nil || p.All || side == p.Side {
		return true
	}
	return s.sideDice != nil && s.sideDice.Knows(side, subject)
}

// BlindRolls returns the rolls this machine was asked to make of secrets
// it does not know ("red's mine m1"), in order: a step that made one
// brings what no other side's machine can compute.
func (s *State) BlindRolls() []string {
	if s.Peer == nil {
		return nil
	}
	return slices.Clone(s.Peer.blind)
}

// DiceProblem returns why a roll of a secret this machine knows could not
// be keyed (its side's proof of that epoch is missing), or nil.
func (s *State) DiceProblem() error {
	if s.Peer == nil {
		return nil
	}
	return s.Peer.diceErr
}

// PhaseSubject names the secret of a unit's time out of phase that began
// at out (IP8.21): its phase and course rolls until it phases in.
func PhaseSubject(unit UnitID, out Clock) string {
	return fmt.Sprintf("phase %s %d.%d.%s", unit, out.Turn, out.Impulse, out.Step)
}

// phaseSubject is u's current time out of phase; a unit out of phase from
// the start has no phase-out clock.
func phaseSubject(u *Unit) string {
	var out Clock
	if u.Phase != nil {
		out = u.Phase.Out
	}
	return PhaseSubject(u.ID, out)
}

// MineSubject names the secret of where a mine lies (the roll that lays
// it, peermine.go).
func MineSubject(mine UnitID) string { return "mine " + string(mine) }

// RiftSubject names the secret of the cosmic rift side raised at the
// absolute impulse raised: its delay (IP4.231) and its place (IP4.232).
func RiftSubject(side SideID, raised int) string {
	return fmt.Sprintf("rift %s %d", side, raised)
}

// subject is what a roll is about, for the sides' dice: the subject it
// names, else its clause and unit.
func (why RollReason) subject() string {
	if why.Subject != "" {
		return why.Subject
	}
	return "roll " + why.Clause + " " + string(why.Unit)
}

// SubjectUnit returns the unit a subject of PhaseSubject or MineSubject
// is about.
func SubjectUnit(subject string) (UnitID, bool) {
	f := strings.Fields(subject)
	if len(f) >= 2 && (f[0] == "phase" || f[0] == "mine") {
		return UnitID(f[1]), true
	}
	return "", false
}
