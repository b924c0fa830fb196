package pbem

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// limboGame is testdata/phase-cloak.yaml between two machines: the
// Korath machine, which starts it, stops its units dead and switches
// their cloaks on whenever they are out of phase (stopAndCloak).
func limboGame(t *testing.T, seeds [2]string) homesGame {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "phase-cloak.yaml"))
	require.NoError(t, err)
	return homesGame{src: scenarios.Source{Name: "testdata/phase-cloak.yaml", Data: data},
		sides: [2]rules.SideID{"korath", "federation"}, seeds: seeds,
		limbo: [2]func(*testing.T, *Seat) *LimboOrders{stopAndCloak, nil}}
}

// stopAndCloak is the Korath's orders for its units out of phase: no
// movement energy, and the cloak on where the rules allow it (IP8.443).
func stopAndCloak(t *testing.T, seat *Seat) *LimboOrders {
	t.Helper()
	lo := seat.ProposeLimbo()
	if lo == nil {
		return nil
	}
	for i := range lo.Allocations {
		a := &lo.Allocations[i]
		a.Movement, a.Impulse = 0, false
		a.Cloak = true
		if seat.Game.State.CheckLimboAllocations(seat.Side, []rules.Allocation{*a}) != nil {
			a.Cloak = false
		}
	}
	require.NoError(t, seat.Game.State.CheckLimboAllocations(seat.Side, lo.Allocations))
	return lo
}

// playLimbo plays limboGame once for the tests that only read it.
func playLimbo(t *testing.T) (a, b *player, files []sent) {
	t.Helper()
	return limboed.get(t, "limbo game", func() (*player, *player, []sent) {
		return playHomes(t, limboGame(t, [2]string{"kor-b", "fed-b"}), 0)
	})
}

var limboed sharedGame

// TestLimboOrdersBetweenTwoHomes: in a game between two machines that
// exchange nothing but the files, the Korath give their Warbird orders
// while it is out of phase (IP8.443: no speed, the cloak on), to their
// own machine alone. Its machine applies them, and its announcement of
// the phase-in brings the Warbird cloaked and stopped, when the other
// machine learns it (IP8.442); no file carries those orders before the
// Korath's key message at the end, and the federation's machine never
// has them; both machines reach the same public hash, and Verify,
// playing the game again with every key and the opened limbo orders,
// passes.
func TestLimboOrdersBetweenTwoHomes(t *testing.T) {
	a, b, files := playLimbo(t)
	kor, fed := a, b
	seats := map[rules.SideID]*Seat{}
	for _, p := range []*player{kor, fed} {
		s, err := LoadSeat(p.home, p.game)
		require.NoError(t, err)
		seats[p.side] = s
	}
	require.True(t, seats[kor.side].Game.Finished())
	require.Equal(t, seats[kor.side].Game.State.PublicHash(), seats[fed.side].Game.State.PublicHash())
	rep, err := Verify("last", files[len(files)-1].Data)
	require.NoError(t, err)
	require.Contains(t, rep, "every commitment opened")

	last := parse(t, files[len(files)-1].Data)
	key := -1
	for i, m := range last.Messages {
		if m.Kind == KindKey && m.Side == kor.side {
			key = i
		}
	}
	require.Positive(t, key, "no Korath key message")
	// The orders the Korath sealed: some switch a cloak on.
	sealedOrders := map[int][]byte{}
	cloaked := 0
	for _, r := range last.Messages[key].Limbo {
		var o LimboOrders
		require.NoError(t, json.Unmarshal(r.Orders, &o))
		if len(o.Allocations) > 0 {
			var c bytes.Buffer
			require.NoError(t, json.Compact(&c, r.Orders))
			sealedOrders[r.Round] = c.Bytes()
		}
		for _, al := range o.Allocations {
			if al.Cloak {
				cloaked++
			}
		}
	}
	require.Positive(t, cloaked, "the Korath never switched a cloak on out of phase")

	// The phase-in of the Warbird, cloaked and stopped by its orders, as
	// the Korath machine announced it and the federation's placed it.
	in := 0
	for _, m := range last.Messages {
		if m.Kind != KindAnnounce || m.Side != kor.side {
			continue
		}
		for _, ar := range m.Announce.Arrivals {
			if ar.Unit.Gear.Cloak.On {
				require.Zero(t, ar.Unit.Speed, "%s phases in cloaked at %s but not stopped", ar.Unit.ID, ar.Clock)
				in++
			}
		}
	}
	require.Positive(t, in, "no unit phased in cloaked")
	fedSaw := 0
	for _, e := range seats[fed.side].Game.Events {
		if e.Clause == "IP8.442" && e.Side == kor.side {
			fedSaw++
		}
	}
	require.Equal(t, in, fedSaw, "the federation's machine learns of the cloak at the phase-in")

	// Every file, as each machine reads it.
	applied, limbo := 0, 0
	for i, f := range files {
		tf := parse(t, f.Data)
		for _, m := range tf.Messages {
			if m.Kind == KindKey {
				continue // the end: every side opens its limbo orders
			}
			require.Empty(t, m.Limbo, "file %d: message %d opens limbo orders", i, m.Seq)
			if m.Kind == KindReveal {
				require.NotContains(t, string(m.Orders), "limbo", "file %d: a reveal carries limbo orders", i)
			}
			b, err := json.Marshal(m)
			require.NoError(t, err)
			for r, raw := range sealedOrders {
				require.False(t, bytes.Contains(b, raw), "file %d: message %d holds the Korath limbo orders of round %d", i, m.Seq, r)
			}
		}
		kg, err := replayFor(tf, seats[kor.side].sec)
		require.NoError(t, err, "file %d as korath", i)
		fg, err := replayFor(tf, seats[fed.side].sec)
		require.NoError(t, err, "file %d as federation", i)
		ks, fs := now(kg), now(fg)
		require.Empty(t, fs.LimboAllocations(kor.side), "file %d: the federation's machine allocates for the Korath", i)
		for k := range fs.Units {
			o := &fs.Units[k]
			if o.Side != kor.side || o.Status != rules.StatusLimbo {
				continue
			}
			limbo++
			require.False(t, o.Gear.Cloak.On, "file %d: the federation's machine has %s cloaked out of phase", i, o.ID)
			if u := ks.Unit(o.ID); ks.Clock == fs.Clock && u.Status == rules.StatusLimbo && u.Gear.Cloak.On {
				applied++
			}
		}
	}
	require.Positive(t, limbo, "no file with a Korath unit in limbo")
	require.Positive(t, applied, "no file where the Korath machine had its unit out of phase cloaked and the federation's did not")
	t.Logf("%d files, %d rounds; %d rounds of Korath limbo orders, %d cloak allocations; %d phase-ins cloaked; %d Korath units in limbo on the federation's machine, %d cloaked on the Korath's at the same point", len(files), len(seats[kor.side].Game.Results), len(sealedOrders), cloaked, in, limbo, applied)
}

// TestVerifyNamesFalseLimboOrders: the limbo game's last file with the
// Korath limbo orders changed after the fact, every message signed
// again with every side's key: a reveal that does not open its
// commitment, or one withheld, is named as the Korath key message; orders
// changed together with their commitments (someone holding every key
// writing another history) are named by the announcement they no longer
// give.
func TestVerifyNamesFalseLimboOrders(t *testing.T) {
	a, b, files := playLimbo(t)
	keys := map[rules.SideID]ed25519.PrivateKey{a.side: keyOf(t, a), b.side: keyOf(t, b)}
	full := files[len(files)-1].Data
	f0 := parse(t, full)
	key := -1
	for i, m := range f0.Messages {
		if m.Kind == KindKey && m.Side == a.side {
			key = i
		}
	}
	require.Positive(t, key)
	cloakOff := func(t *testing.T, raw json.RawMessage) json.RawMessage {
		t.Helper()
		var o LimboOrders
		require.NoError(t, json.Unmarshal(raw, &o))
		for i := range o.Allocations {
			o.Allocations[i].Cloak = false
		}
		b, err := json.Marshal(o)
		require.NoError(t, err)
		return b
	}
	withCloak := func(f *File) int {
		for i, r := range f.Messages[key].Limbo {
			var o LimboOrders
			require.NoError(t, json.Unmarshal(r.Orders, &o))
			if slices.ContainsFunc(o.Allocations, func(a rules.Allocation) bool { return a.Cloak }) {
				return i
			}
		}
		t.Fatal("no limbo orders with a cloak")
		return -1
	}
	tests := []struct {
		name   string
		change func(t *testing.T, f *File)
		kind   string // the kind of message named
		reason string
	}{
		{"changed limbo orders", func(t *testing.T, f *File) {
			r := &f.Messages[key].Limbo[withCloak(f)]
			r.Orders = cloakOff(t, r.Orders)
		}, KindKey, "do not match the commitment"},
		{"swapped limbo nonce", func(t *testing.T, f *File) {
			f.Messages[key].Limbo[withCloak(f)].Nonce = hex.EncodeToString(make([]byte, NonceSize))
		}, KindKey, "do not match the commitment"},
		{"withheld limbo orders", func(t *testing.T, f *File) {
			l := f.Messages[key].Limbo
			i := withCloak(f)
			f.Messages[key].Limbo = append(l[:i:i], l[i+1:]...)
		}, KindKey, "does not open"},
		{"limbo orders of a round never sealed", func(t *testing.T, f *File) {
			r := f.Messages[key].Limbo[0]
			r.Round = 999
			f.Messages[key].Limbo = append(f.Messages[key].Limbo, r)
		}, KindKey, "did not seal"},
		{"changed limbo orders and commitments", func(t *testing.T, f *File) {
			// Every Korath cloak left off, each commitment made again
			// over the new orders: only the game played again can tell.
			for i := range f.Messages[key].Limbo {
				r := &f.Messages[key].Limbo[i]
				r.Orders = cloakOff(t, r.Orders)
				nonce, err := hex.DecodeString(r.Nonce)
				require.NoError(t, err)
				for k := range f.Messages {
					m := &f.Messages[k]
					if m.Kind == KindCommit && m.Side == a.side && m.Round == r.Round {
						m.LimboCommit = limboCommitment(f.Game, r.Round, a.side, r.Orders, nonce)
					}
				}
			}
		}, KindAnnounce, "a false announcement"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, full)
			tc.change(t, f)
			rechain(f, 0, keys)
			_, err := Verify("tampered", encode(t, f))
			var c *Cheat
			require.ErrorAs(t, err, &c)
			require.Contains(t, err.Error(), tc.reason)
			require.Equal(t, a.side, c.Side, "%v", err)
			require.Equal(t, tc.kind, f.Messages[c.Seq].Kind, "%v", err)
		})
	}
}
