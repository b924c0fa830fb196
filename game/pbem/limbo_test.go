package pbem

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// playLimbo plays limboGame once for the tests that only read it. (The
// seeds searched again for version 4's dice: under kor-5 and fed-5 the
// Warbird Shade, cloaked by its orders while out of phase, phases in
// cloaked at T2 I3.)
func playLimbo(t *testing.T) (a, b *player, files []sent) {
	t.Helper()
	return limboed.get(t, "limbo game", func() (*player, *player, []sent) {
		return playHomes(t, limboGame(t, [2]string{"kor-5", "fed-5"}), 0)
	})
}

var limboed sharedGame

// limboOpenings returns every opening of side's orders for its units out
// of phase in f, with the message that opens it.
func limboOpenings(f *wire.File, side rules.SideID) (opens []wire.LimboOpen, at []int) {
	for i, m := range f.Messages {
		if m.Head().Side != string(side) {
			continue
		}
		var lo []wire.LimboOpen
		switch b := m.Body.(type) {
		case *wire.Announce:
			lo = b.Limbo
		case *wire.Key:
			lo = b.Limbo
		}
		for _, o := range lo {
			opens, at = append(opens, o), append(at, i)
		}
	}
	return opens, at
}

// TestLimboOrdersBetweenTwoHomes: in a game between two machines that
// exchange nothing but the files, the Korath give their units orders
// while they are out of phase (IP8.443: no speed, the cloak on), to
// their own machine alone, which applies them. Each commit seals them,
// unit by unit; the announcement of a unit's phase-in opens the unit's,
// for the rounds it was out of phase, and the federation's machine,
// which then computes the unit's time out of phase from the proofs,
// applies them too: the Warbird phases in cloaked and stopped on both
// machines (IP8.442). No file carries a unit's orders before the message
// that opens them (its phase-in's announcement or the Korath's key
// message at the end), no reveal carries any, and the federation's
// machine never has a Korath unit it was not told of cloaked in limbo;
// both machines reach the same public hash, and Verify, playing the game
// again with every key and every opened order, passes. (Version 3 opened
// every limbo order with the key message alone, and carried the unit's
// state in the announcement; the phase-in now opens its unit's.)
func TestLimboOrdersBetweenTwoHomes(t *testing.T) {
	a, b, files := playLimbo(t)
	kor, fed := a, b
	seats := loadSeats(t, kor, fed)
	require.True(t, seats[kor.side].Game.Finished())
	require.Equal(t, seats[kor.side].Game.State.PublicHash(), seats[fed.side].Game.State.PublicHash())
	rep, err := Verify("last", files[len(files)-1].Data)
	require.NoError(t, err)
	require.Contains(t, rep, "every commitment opened")

	last := parse(t, files[len(files)-1].Data)
	// The orders the Korath sealed and opened: some switch a cloak on.
	opens, at := limboOpenings(last, kor.side)
	first := map[string]int{} // each allocation's bytes, by the first message opening them
	cloaked, announced := 0, 0
	for i, o := range opens {
		require.Equal(t, kor.side, rules.SideID(last.Messages[at[i]].Head().Side))
		if last.Messages[at[i]].Head().Kind == wire.KindAnnounce {
			announced++
		}
		if string(o.Orders) == "null" {
			continue
		}
		var al rules.Allocation
		require.NoError(t, json.Unmarshal(o.Orders, &al))
		if al.Cloak {
			cloaked++
		}
		if _, ok := first[string(o.Orders)]; !ok {
			first[string(o.Orders)] = at[i]
		}
	}
	require.Positive(t, cloaked, "the Korath never switched a cloak on out of phase")
	require.Positive(t, announced, "no phase-in opened its unit's orders")

	// The Warbird phases in cloaked and stopped by its orders, as the
	// federation's machine computes it from what the Korath's
	// announcement told.
	fedSaw := 0
	for _, e := range seats[fed.side].Game.Events {
		if e.Clause == "IP8.442" && e.Side == kor.side {
			fedSaw++
		}
	}
	require.Positive(t, fedSaw, "no Korath unit phased in cloaked")
	korSaw := 0
	for _, e := range seats[kor.side].Game.Events {
		if e.Clause == "IP8.442" && e.Side == kor.side {
			korSaw++
		}
	}
	require.Equal(t, korSaw, fedSaw, "the federation's machine learns of the cloak at the phase-in")
	// Stopped: the unit made no move of its course in the turn its
	// orders (no speed) were applied, the turn it phased in.
	stopped := 0
	for _, e := range seats[fed.side].Game.Events {
		if e.Side != kor.side || !strings.Contains(e.Text, " phases in at ") {
			continue
		}
		for _, c := range seats[fed.side].Game.Events {
			if c.Clause == "IP8.442" && c.Unit == e.Unit && c.Clock == e.Clock {
				require.NotContains(t, e.Text, fmt.Sprintf("; T%d I", e.Clock.Turn), "%s phases in cloaked having moved in the turn its orders stopped it: %s", e.Unit, e.Text)
				stopped++
			}
		}
	}
	require.Equal(t, fedSaw, stopped, "every unit phasing in cloaked was stopped by its orders")

	// Every file is a start of the last (the log only grows): the last
	// file tells what each carried. No message carries a unit's orders
	// before the one that opens them, and no reveal any.
	for i, f := range files {
		tf := parse(t, f.Data)
		for k, m := range tf.Messages {
			require.True(t, m.Same(last.Messages[k]), "file %d message %d", i, k)
		}
	}
	for k, m := range last.Messages {
		if r, ok := m.Body.(*wire.Reveal); ok {
			require.NotContains(t, string(r.Orders), "limbo", "message %d: a reveal carries limbo orders", k)
		}
		for raw, j := range first {
			if k < j {
				require.False(t, bytes.Contains(m.Raw(), []byte(raw)), "message %d holds Korath orders %s, opened by message %d", k, raw, j)
			}
		}
	}

	// Every file, as each machine reads it: the federation's machine has
	// the Korath's units it was not told of in limbo with no cloak, while
	// the Korath's has them cloaked at the same point.
	applied, limbo := 0, 0
	for i, f := range files {
		tf := parse(t, f.Data)
		kg, err := replay(tf, replayOpts{sec: seats[kor.side].sec})
		require.NoError(t, err, "file %d as korath", i)
		fg, err := replay(tf, replayOpts{sec: seats[fed.side].sec})
		require.NoError(t, err, "file %d as federation", i)
		ks, fs := now(kg), now(fg)
		for k := range fs.Units {
			o := &fs.Units[k]
			if o.Side != kor.side || o.Status != rules.StatusLimbo || !o.PhasedOut || fg.dice.Knows(kor.side, rules.PhaseSubject(o.ID, o.Phase.Out)) {
				continue
			}
			limbo++
			require.False(t, o.Gear.Cloak.On, "file %d: the federation's machine has %s cloaked out of phase", i, o.ID)
			for _, al := range fs.LimboAllocations(kor.side) {
				require.NotEqual(t, o.ID, al.Unit, "file %d: the federation's machine allocates for %s", i, o.ID)
			}
			if u := ks.Unit(o.ID); ks.Clock == fs.Clock && u.Status == rules.StatusLimbo && u.Gear.Cloak.On {
				applied++
			}
		}
	}
	require.Positive(t, limbo, "no file with a Korath unit in limbo, untold")
	require.Positive(t, applied, "no file where the Korath machine had its unit out of phase cloaked and the federation's did not")
	t.Logf("%d files, %d rounds; %d openings of Korath limbo orders (%d by announcements), %d cloak allocations; %d phase-ins cloaked; %d Korath units in limbo on the federation's machine, %d cloaked on the Korath's at the same point", len(files), len(seats[kor.side].Game.Results), len(opens), announced, cloaked, fedSaw, limbo, applied)
}

// TestVerifyNamesFalseLimboOrders: a game's last file with a side's
// limbo openings changed after the fact, every message signed again with
// every side's key. In the phase game the federation's key message opens
// the orders for its units out of phase that no phase-in opened (their
// defaults): an opening that does not match its seal, one withheld, or
// one of a round no commit sealed is named as the key message. In the
// limbo game the announcement of the Warbird's phase-in opens the orders
// that cloaked it: changed together with their seal (someone holding
// every key writing another history) the result of the round is named:
// the rules, playing the unit's time out of phase with the orders
// opened, bring it back uncloaked. (Version 3 opened every limbo order with the key message
// against one commitment of the round; each unit's orders now have a seal
// of their own, and the announcement of a phase-in opens them.)
func TestVerifyNamesFalseLimboOrders(t *testing.T) {
	t.Run("key", func(t *testing.T) {
		a, b, files := playPhase(t)
		keys := map[rules.SideID]ed25519.PrivateKey{a.side: keyOf(t, a), b.side: keyOf(t, b)}
		full := files[len(files)-1].Data
		f0 := parse(t, full)
		key := -1
		for i, m := range f0.Messages {
			if k, ok := m.Body.(*wire.Key); ok && len(k.Limbo) > 0 {
				key = i
			}
		}
		require.Positive(t, key, "no key message opening orders")
		side := f0.Messages[key].Head().Side
		k0 := f0.Messages[key].Body.(*wire.Key).Limbo[0]
		tests := []struct {
			name   string
			change func(k *wire.Key)
			reason string
		}{
			{"changed limbo orders", func(k *wire.Key) {
				k.Limbo[0].Orders = []byte(`{"unit":"` + k0.Unit + `","shields":[0,0,0,0,0,0]}`)
			}, fmt.Sprintf("field limbo: opening 1 does not match the seal of %s's orders for %s in %s's commit of round %d (changed orders or a swapped nonce)", side, k0.Unit, side, k0.Round)},
			{"swapped limbo nonce", func(k *wire.Key) {
				k.Limbo[0].Nonce = make([]byte, NonceSize)
			}, "field limbo: opening 1 does not match the seal"},
			{"withheld limbo orders", func(k *wire.Key) {
				k.Limbo = k.Limbo[1:]
			}, fmt.Sprintf("it does not open %s's orders for %s in round %d, which its commit sealed", side, k0.Unit, k0.Round)},
			{"limbo orders of a round never sealed", func(k *wire.Key) {
				o := k.Limbo[0]
				o.Round = 999
				k.Limbo = append(k.Limbo, o)
			}, fmt.Sprintf("opens orders of %s for %s in round 999, which no commit of it sealed", side, k0.Unit)},
		}
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				f := parse(t, full)
				edit(t, f, key, tc.change)
				rechain(t, f, 0, keys)
				_, err := Verify("tampered", f.Encode())
				var c *Cheat
				require.ErrorAs(t, err, &c)
				require.Equal(t, key, c.Seq, "%v", err)
				require.ErrorContains(t, err, tc.reason)
			})
		}
	})
	t.Run("announcement", func(t *testing.T) {
		a, b, files := playLimbo(t)
		keys := map[rules.SideID]ed25519.PrivateKey{a.side: keyOf(t, a), b.side: keyOf(t, b)}
		full := files[len(files)-1].Data
		f := parse(t, full)
		// The announcement of the cloaked phase-in, which opens the orders
		// that switched the cloak on.
		at := -1
		for i, m := range f.Messages {
			if an, ok := m.Body.(*wire.Announce); ok && an.Side == string(a.side) && at < 0 {
				for _, o := range an.Limbo {
					if strings.Contains(string(o.Orders), `"cloak":true`) {
						at = i
					}
				}
			}
		}
		require.Positive(t, at, "no announcement opens orders with the cloak on")
		// The cloak left off in every round, each seal made again over
		// the new orders: only the rules can tell.
		var changed []wire.LimboOpen
		edit(t, f, at, func(an *wire.Announce) {
			for i := range an.Limbo {
				var al rules.Allocation
				require.NoError(t, json.Unmarshal(an.Limbo[i].Orders, &al))
				if !al.Cloak {
					continue
				}
				al.Cloak = false
				raw, err := json.Marshal(al)
				require.NoError(t, err)
				an.Limbo[i].Orders = raw
				changed = append(changed, an.Limbo[i])
			}
		})
		resealed := 0
		for k, m := range f.Messages {
			c, ok := m.Body.(*wire.Commit)
			if !ok || c.Side != string(a.side) {
				continue
			}
			for _, o := range changed {
				if c.Round == o.Round {
					edit(t, f, k, func(c *wire.Commit) {
						for s := range c.Limbo {
							if c.Limbo[s].Unit == o.Unit {
								c.Limbo[s].Seal = limboSeal(f.Game, o.Round, a.side, rules.UnitID(o.Unit), o.Orders, o.Nonce)
								resealed++
							}
						}
					})
				}
			}
		}
		require.Equal(t, len(changed), resealed)
		rechain(t, f, 0, keys)
		_, err := Verify("tampered", f.Encode())
		// The announcement stands (the phase-in it tells, when and by which
		// clause, the rules give with these orders too); the result after
		// it does not: the Warbird phases in uncloaked.
		var c *Cheat
		require.ErrorAs(t, err, &c)
		require.Equal(t, index(t, f, at, wire.KindResult), c.Seq, "%v", err)
		require.ErrorContains(t, err, "the rules give another result: state hash")
	})
}
