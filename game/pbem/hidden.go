package pbem

import (
	"crypto/sha256"
	"fmt"
	"strings"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// Play by file keeps secret what a side has not yet revealed: its sealed
// orders and its nonces. It cannot keep secret what the rules roll for
// one side alone or what the scenario hides from a side, because every
// machine must run the whole game: a roll only one side may see would
// have to be made where the other side can compute it, and a hidden
// unit's hex would be in the file every side holds. So a scenario with
// such content is refused (Refusal), and a game that would reach it
// anyway (a cosmic rift forming, IP4.25) stops before the step that
// brings it (hiddenNow, guarded) rather than pretend to keep it. The
// peer state keeps some such secrets (units out of phase, pending rifts,
// mines: each in limbo on the other sides' machines, played there as its
// side's machine announces); what it cannot keep is refused or stopped
// before, as here.
//
// Rift charts and their destinations (IP4.411-417) are scenario content,
// on every player's disk at a hot-seat table too. A raised rift's
// destination is rolled as it forms (IP4.34, IP4.412), in the step the
// game stops before, so no machine ever rolls it, and a scenario with
// charts plays by file. Its destinations are bundled scenarios, on every
// machine alike, or files of the starter's, which the genesis carries
// with the origin (scenarios.Source.WithDestinations): every machine
// loads them from there (LoadCarried), never from its own disk.

// Refusal returns why play by file cannot keep the secrets of sc, or "".
func Refusal(sc *scenarios.Scenario) string {
	setup := sc.Setup()
	var why []string
	if len(setup.OpenRifts) > 0 {
		why = append(why, "it has open rifts: what lies beyond a rift is hidden until found (IP4.412), and its destination would be rolled at the start on every machine")
	}
	why = append(why, mineRefusal(setup)...)
	return strings.Join(why, "; ")
}

// hiddenNow returns what hidden content st holds that play by file
// cannot keep, or "": a private roll for more than one side but not all,
// or for one side of a secret the sides' dice do not keep (any but a
// unit's time out of phase, a mine, a pending rift), a cosmic rift
// formed, or a phase storm raging while a mine is hidden. Units out of
// phase, pending cosmic rifts and mines are kept by the peer state
// (rules.WithPeer): in limbo on every machine, computed by the machines
// that know them.
//
// A rift that forms (IP4.25) stops the game before the step, on every
// machine alike: what follows depends on its place (displacement IP4.24,
// detection IP4.28, fire IP4.15, radiation IP4.31), which the peer state
// does not play (docs/PBEM.md, "Cosmic rifts").
func hiddenNow(st *rules.State) string {
	h, _ := hidden(st)
	return h
}

// hiddenCode is the code of the hidden content st holds (stopHidden).
func hiddenCode(st *rules.State) string {
	_, c := hidden(st)
	return c
}

// hidden returns what hidden content st holds, in words and as a code.
func hidden(st *rules.State) (string, string) {
	if st == nil {
		return "", ""
	}
	// A rift that formed first: the rolls of the step it formed in that
	// follow from it (radiation, IP4.31; its destination, IP4.412) are
	// for one side, or none, and differ from machine to machine.
	if len(st.Cosmic.Rifts) > 0 {
		r := st.Cosmic.Rifts[0]
		return fmt.Sprintf("%s's cosmic rift %s forms at %s for %d impulses (IP4.25), and its place is %s's secret (IP4.232)", r.Side, r.ID, r.Formed, r.Lifetime, r.Side), hiddenFormed
	}
	for _, p := range st.Private {
		if strings.Contains(p.Audience, "+") {
			return fmt.Sprintf("a roll for %s alone was made (private dice)", p.Audience), hiddenShared
		}
		if parts := strings.SplitN(p.Audience, "|", 4); len(parts) == 4 && parts[0] == "side" && !keptSubject(parts[3]) {
			return fmt.Sprintf("a roll for %s alone was made (%s) that play by file does not keep", parts[1], parts[3]), hiddenShared
		}
	}
	if b := st.BlindRolls(); len(b) > 0 {
		return fmt.Sprintf("a roll of %s was asked of a machine that does not know it", b[0]), hiddenShared
	}
	if st.Phase.Storm != nil {
		for i := range st.Units {
			if u := &st.Units[i]; u.Kind == rules.KindMine && u.Status == rules.StatusLimbo && !u.PhasedOut {
				return fmt.Sprintf("a phase storm rages while %s's mine %s is hidden: a mine in a storm phases at random (IP8.47), on rolls that would show where it lies", u.Side, u.ID), hiddenStorm
			}
		}
	}
	return "", ""
}

// keptSubject reports whether the sides' dice keep the secret of subject
// by file: a unit's time out of phase, a mine, a pending cosmic rift.
func keptSubject(subject string) bool {
	kind, _, _ := strings.Cut(subject, " ")
	return kind == "phase" || kind == "mine" || kind == "rift"
}

// mineRefusal returns why play by file cannot keep the mines of setup
// secret: the peer state hides a mine on the map, outside phase space,
// at a hex its side's dice draw at the start (rules, peermine.go), and
// no other mine. A carried mine would come into play where its carrier
// drops it, before every side's eyes; a mine in phase space phases at
// random (IP8.47), on rolls that would show where it lies.
func mineRefusal(setup rules.Setup) []string {
	var why []string
	var st *rules.State
	for _, u := range setup.Units {
		if u.Kind != rules.KindMine {
			continue
		}
		if u.Status == rules.StatusCarried {
			why = append(why, fmt.Sprintf("mine %s is carried by %s: carried mines are not played by file, as where one is dropped would be seen by every side", u.ID, u.CarriedBy))
			break
		}
		if st == nil {
			var err error
			if st, err = rules.NewState(setup, 0); err != nil {
				return nil // the game's own start says why
			}
		}
		if m := st.Unit(u.ID); m != nil && st.InPhaseSpace(m.Map, m.Hex) {
			why = append(why, fmt.Sprintf("mine %s is in a phase space area: a mine there phases at random (IP8.47), on rolls that would show where it lies", u.ID))
			break
		}
	}
	return why
}

// openKey is the game's own private dice key in a game played by file
// (the sides' own dice roll their secrets): it follows from the game's
// identity, so it is no secret, and says so. No roll is ever kept from
// it: the game stops before the step that would make the first.
func openKey(game string) rules.PrivateKey {
	return rules.PrivateKey(sha256.Sum256([]byte("hexrift pbem: no private dice\x00" + game)))
}
