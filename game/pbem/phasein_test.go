package pbem

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// lastPhaseIn returns a machine of the phase game as it was before it
// opened a file that ends with the other side's announcement of a
// phase-in whose unit's orders out of phase were sealed, that file, and
// the announcement's index.
func lastPhaseIn(t *testing.T) (keptHome, *wire.File, int) {
	t.Helper()
	playPhase(t)
	var best keptHome
	found := false
	for _, k := range phased.kept {
		f := parse(t, phasedFiles()[k.File].Data)
		an := f.Messages[len(f.Messages)-1].Body.(*wire.Announce)
		if len(an.Limbo) > 0 {
			best, found = k, true
		}
		if !found {
			best = k
		}
	}
	require.NotEmpty(t, phased.kept, "no file of the phase game ends with a phase-in")
	f := parse(t, phasedFiles()[best.File].Data)
	return best, f, len(f.Messages) - 1
}

// phasedFiles are the files of the phase game.
func phasedFiles() []sent { return phased.files }

// TestFalsePhaseInRefusedAtOpen: a side's announcement of its unit's
// phase-in tells only the unit, when and by which clause, and proves the
// dice of its time out of phase: every machine plays that time itself
// and places the unit as the rules do. Each false phase-in the reviewer
// of version 3 could re-sign is refused when the file is opened, naming
// the side's message and what is false, and the machine's files stay
// byte for byte: a unit put on another hex, facing another way, with
// shields 99, armour 50, battery 99, no mounts or 100 mounts (none of
// which an announcement can say: refused by name as the file is read,
// before any replay), the unit as version 3 wrote it, a phase-in at
// another impulse or of a unit not out of phase, a phase-in with its
// proofs left out or broken, its sealed orders withheld or changed. The
// true file opens after.
func TestFalsePhaseInRefusedAtOpen(t *testing.T) {
	kept, good, at := lastPhaseIn(t)
	an := good.Messages[at].Body.(*wire.Announce)
	side := rules.SideID(an.Side)
	require.NotEmpty(t, an.PhaseIns)
	cheater := map[rules.SideID]ed25519.PrivateKey{}
	for _, p := range []*player{phased.a, phased.b} {
		if p.side == side {
			cheater[side] = keyOf(t, p)
		}
	}
	require.Len(t, cheater, 1)
	unit := an.PhaseIns[0].Unit
	// raw adds to the first phase-in the fields field, in the file's
	// text: what a cheater writes by hand.
	raw := func(fields string) func(t *testing.T) []byte {
		return func(t *testing.T) []byte {
			text := string(good.Encode())
			i := strings.LastIndex(text, `"phase_ins":[{`)
			require.Positive(t, i)
			j := i + strings.Index(text[i:], `}`)
			return []byte(text[:j] + "," + fields + text[j:])
		}
	}
	resigned := func(change func(b *wire.Announce)) func(t *testing.T) []byte {
		return func(t *testing.T) []byte {
			f := parse(t, good.Encode())
			edit(t, f, at, change)
			rechain(t, f, at, cheater)
			return f.Encode()
		}
	}
	later := func(c wire.Clock) wire.Clock {
		c.Impulse++
		return c
	}
	notOut := ""
	g, err := Replay(good)
	require.NoError(t, err)
	for _, u := range g.State.Units {
		if u.Side == side && u.Status == rules.StatusOnMap && !u.PhasedOut && u.Ship != nil && string(u.ID) != unit {
			notOut = string(u.ID)
			break
		}
	}
	require.NotEmpty(t, notOut)
	what := "(" + string(side) + "'s announce"
	tests := []struct {
		name   string
		data   func(t *testing.T) []byte
		reason string
	}{
		{"another hex", raw(`"hex":{"q":1,"r":-1}`), "field hex is no field of an announce message"},
		{"a hex a million away", raw(`"hex":{"q":1000000,"r":0}`), "field hex is no field of an announce message"},
		{"another facing", raw(`"facing":"D"`), "field facing is no field of an announce message"},
		{"shields 99", raw(`"shields":[99,99,99,99,99,99]`), "field shields is no field of an announce message"},
		{"armour 50", raw(`"armor":50`), "field armor is no field of an announce message"},
		{"battery 99", raw(`"battery":99`), "field battery is no field of an announce message"},
		{"no mounts", raw(`"mounts":null`), "field mounts is no field of an announce message"},
		{"100 mounts", raw(`"mounts":[` + strings.TrimSuffix(strings.Repeat(`{"weapon":"phaser-1"},`, 100), ",") + `]`), "field mounts is no field of an announce message"},
		{"the unit whole, as version 3 wrote it", func(t *testing.T) []byte {
			text := string(good.Encode())
			i := strings.LastIndex(text, `"phase_ins":[{"unit":"`+unit+`"`) + len(`"phase_ins":[{`)
			return []byte(text[:i] + `"unit":{"id":"` + unit + `","shields":[99,99,99,99,99,99]}` + text[i+len(`"unit":"`+unit+`"`):])
		}, "field phase_ins.unit: object where hexrift writes string"},
		{"a phase-in an impulse later", resigned(func(b *wire.Announce) { b.PhaseIns[0].Clock = later(b.PhaseIns[0].Clock) }), "a false announcement: it says " + unit + " phases in at"},
		{"a phase-in by the other clause", resigned(func(b *wire.Announce) {
			b.PhaseIns[0].Clause = map[string]string{"IP8.21": "IP8.124", "IP8.124": "IP8.21"}[b.PhaseIns[0].Clause]
		}), "a false announcement: it says " + unit + " phases in at"},
		{"a unit not out of phase", resigned(func(b *wire.Announce) {
			b.PhaseIns = append(b.PhaseIns, wire.PhaseIn{Unit: notOut, Clock: b.PhaseIns[0].Clock, Clause: "IP8.21"})
		}), "it tells " + notOut + "'s phase-in and proves none of its dice"},
		{"its proofs left out", resigned(func(b *wire.Announce) { b.Proofs = nil }), "it tells " + unit + "'s phase-in and proves none of its dice"},
		{"a proof broken", resigned(func(b *wire.Announce) { b.Proofs[0].Proof[5] ^= 1 }), "is not a proof of " + string(side) + "'s dice"},
		{"a proof of another subject", resigned(func(b *wire.Announce) {
			b.Proofs[0].Subject = rules.PhaseSubject(rules.UnitID(unit), rules.Clock{Turn: 99})
		}), "is not a proof of " + string(side) + "'s dice"},
		{"a proof of another round", resigned(func(b *wire.Announce) { b.Proofs[0].Round++ }), "proof "},
		{"its orders out of phase withheld", resigned(func(b *wire.Announce) { b.Limbo = nil }), "does not open " + string(side) + "'s orders for it in round"},
		{"its orders out of phase changed", resigned(func(b *wire.Announce) {
			b.Limbo[0].Orders = json.RawMessage(`{"unit":"` + b.Limbo[0].Unit + `","movement":0}`)
		}), "does not match the seal of"},
	}
	if len(an.Limbo) == 0 {
		tests = tests[:len(tests)-2]
		t.Log("the unit's orders out of phase were not sealed: their cases are left out")
	}
	before := keptFiles(t, kept.p)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := tc.data(t)
			require.False(t, bytes.Equal(data, good.Encode()))
			_, err := Open(kept.p.home, "false.pbem", data, "")
			require.Error(t, err)
			require.Contains(t, err.Error(), "false.pbem")
			require.Contains(t, err.Error(), what)
			require.Contains(t, err.Error(), tc.reason)
			require.Equal(t, before, keptFiles(t, kept.p), "the false file changed what the machine keeps")
		})
	}
	_, err = Open(kept.p.home, "true.pbem", good.Encode(), "")
	require.NoError(t, err, "the true file opens after the false ones")
	t.Logf("%d false phase-ins of %s's %s refused at open (the announcement proves %d rounds of dice and opens %d sealed orders)", len(tests), side, unit, len(an.Proofs), len(an.Limbo))
}
