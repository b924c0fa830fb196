package pbem

import (
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
)

// reforge makes the log of f consistent again after its message from, an
// announcement changed to keep a secret back, as a cheater holding every
// side's signing key would: the log kept to the announcement, which is
// signed again, then played on to the end by a machine of no side (which
// knows only what the log proves), every commitment, reveal and result
// written anew (orders of the cheater's own, nonces of its own, its
// orders for units out of phase left to their default), each
// announcement one that says no secret of its side did anything, written
// when the game waits for it, and the dice keys at the end, opening every
// sealed order the log has not: every message numbered, chained and
// signed again. The keys are not played: the last one is where Verify
// plays the game again with every key. The true log, truth, gives the
// keys the openings of the orders sealed before from.
func reforge(t *testing.T, f *wire.File, from int, truth *wire.File, keys map[rules.SideID]ed25519.PrivateKey, dice map[rules.SideID][]byte) {
	t.Helper()
	openings := map[rules.SideID]map[int]map[rules.UnitID]wire.LimboOpen{}
	for _, m := range truth.Messages {
		var lo []wire.LimboOpen
		switch b := m.Body.(type) {
		case *wire.Announce:
			lo = b.Limbo
		case *wire.Key:
			lo = b.Limbo
		}
		for _, o := range lo {
			put(openings, rules.SideID(m.Head().Side), o.Round, rules.UnitID(o.Unit), o)
		}
	}
	g, err := replay(&wire.File{Game: f.Game, Messages: slices.Clone(f.Messages[:from])}, replayOpts{})
	require.NoError(t, err)
	out := slices.Clone(f.Messages[:from])
	add := func(b wire.Body) {
		t.Helper()
		h := b.Head()
		h.Seq, h.Prev = len(out), out[len(out)-1].Hash()
		m, err := wire.New(b)
		require.NoError(t, err)
		m.Sign(keys[rules.SideID(h.Side)])
		out = append(out, m)
		if h.Kind != wire.KindKey {
			require.NoError(t, g.apply(m), "message %d of the reforged log", h.Seq)
		}
	}
	// settle writes what a round every side has revealed waits for.
	settle := func() {
		t.Helper()
		for n := 0; g.pending != nil; n++ {
			require.Less(t, n, 1000, "the reforged round does not settle")
			need := g.pending.Need
			if need == nil {
				r := wireResult(g.pending.Result)
				r.Header, r.Round = wire.Header{Kind: wire.KindResult, Side: string(g.Sides()[0])}, g.Round
				add(&r)
				continue
			}
			side := need.Sides[0]
			reach := g.State.MineReach(side)
			for _, an := range g.announced {
				if an.Side == side {
					reach = an.MinePoints
				}
			}
			points := 0
			if ahead := g.pending.Reached; ahead != nil {
				for _, p := range ahead.MinePoints() {
					if p.Side == side {
						points++
					}
				}
			}
			add(&wire.Announce{Header: wire.Header{Kind: wire.KindAnnounce, Side: string(side)}, Round: g.Round, Through: wireClock(need.Clock), MinePoints: max(points, reach)})
		}
	}
	an := f.Messages[from].Body
	add(an)
	settle()
	for r := 0; !g.Over(); r++ {
		require.Less(t, r, 200, "the reforged game does not end")
		var reveals []*wire.Reveal
		for k, sd := range g.Sides() {
			v := g.State.View(sd)
			o := &Orders{Plot: plot.Plan(v, sd, plot.DefaultBreaks())}
			if slices.Contains(g.State.Pending(), sd) {
				c := match.NewController(match.Seat{Side: sd, Kind: match.SeatComputer, Level: "normal"}, uint64(k+1)).Decide(v, g.State.Legal(sd))
				o.Command = &c
			}
			raw, err := json.Marshal(o)
			require.NoError(t, err)
			nonce := make([]byte, NonceSize)
			nonce[0], nonce[1], nonce[2] = byte(k), byte(r), byte(r>>8)
			var seals []wire.LimboSeal
			for _, u := range g.State.LimboUnits(sd) {
				ln := slices.Clone(nonce)
				ln[31] = 1
				seals = append(seals, wire.LimboSeal{Unit: string(u), Seal: limboSeal(g.ID, g.Round, sd, u, []byte("null"), ln)})
				put(openings, sd, g.Round, u, wire.LimboOpen{Round: g.Round, Unit: string(u), Orders: []byte("null"), Nonce: ln})
			}
			add(&wire.Commit{Header: wire.Header{Kind: wire.KindCommit, Side: string(sd)}, Round: g.Round, Commit: commitment(g.ID, g.Round, sd, raw, nonce), Limbo: seals})
			reveals = append(reveals, &wire.Reveal{Header: wire.Header{Kind: wire.KindReveal, Side: string(sd)}, Round: g.Round, Orders: raw, Nonce: nonce})
		}
		for _, rv := range reveals {
			add(rv)
		}
		settle()
	}
	for _, sd := range g.Sides() {
		var lo []wire.LimboOpen
		for _, r := range slices.Sorted(mapKeys(g.limboSeals[sd])) {
			for _, u := range slices.Sorted(mapKeys(g.limboSeals[sd][r])) {
				if _, opened := g.know.limboOf(sd, r, u); !opened {
					o, ok := openings[sd][r][u]
					require.True(t, ok, "no opening of %s's orders for %s in round %d", sd, u, r)
					lo = append(lo, o)
				}
			}
		}
		add(&wire.Key{Header: wire.Header{Kind: wire.KindKey, Side: string(sd)}, VRFSecret: dice[sd], Limbo: lo})
	}
	f.Messages = out
}

// keptBackCase is a change to an announcement that keeps a secret of its
// side back, and what Verify must say of it.
type keptBackCase struct {
	name   string
	change func(t *testing.T, an *wire.Announce)
	reason string
}

// requireVerifyNamesKeptBack changes the announcement at message at of
// the last file full by each case (a secret kept back, with its proofs
// and openings: nothing the machines that open the file can tell from
// the public game), makes the rest of the log consistent with it
// (reforge, with every side's key), and requires Verify, once every
// side's dice key is in, to name that announcement for the case's reason.
func requireVerifyNamesKeptBack(t *testing.T, full []byte, at int, a, b *player, cases []keptBackCase) {
	t.Helper()
	seats := loadSeats(t, a, b)
	keys := map[rules.SideID]ed25519.PrivateKey{a.side: keyOf(t, a), b.side: keyOf(t, b)}
	dice := map[rules.SideID][]byte{a.side: seats[a.side].sec.Dice, b.side: seats[b.side].sec.Dice}
	what := label(parse(t, full).Messages[at])
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, full)
			edit(t, f, at, func(an *wire.Announce) { tc.change(t, an) })
			reforge(t, f, at, parse(t, full), keys, dice)
			_, err := Verify("forged", f.Encode())
			var c *Cheat
			require.ErrorAs(t, err, &c)
			require.Equal(t, at, c.Seq, "the first cheat named: %v", err)
			require.ErrorContains(t, err, fmt.Sprintf("%s: played again with every side's dice key: a false announcement: ", what))
			require.ErrorContains(t, err, tc.reason)
		})
	}
}

// withoutSubject removes from an announcement the proofs of subject and,
// when unit is given, the orders it opens for unit.
func withoutSubject(an *wire.Announce, subject string, unit rules.UnitID) {
	an.Proofs = slices.DeleteFunc(an.Proofs, func(p wire.Proof) bool { return p.Subject == subject })
	if unit != "" {
		an.Limbo = slices.DeleteFunc(an.Limbo, func(o wire.LimboOpen) bool { return o.Unit == string(unit) })
	}
}

// TestVerifyNamesAPhaseInKeptBack: the phase game's last announced
// phase-in left out, with its proofs and the orders it opens, so that no
// machine opening the file can tell (the unit stays in limbo on the
// other machines); the rest of the log made consistent with it, every
// message signed again by its side (reforge). Verify, playing the game
// again with every side's dice key, names the announcement. (Version 3's
// TestVerifyNamesAFalseAnnouncement also changed the unit's hex or facing
// there: a phase-in carries neither now, and one claimed at another
// clock is refused at open, TestFalseAnnouncementsRefusedAtOpen.)
func TestVerifyNamesAPhaseInKeptBack(t *testing.T) {
	a, b, files := playPhase(t)
	_, honest, at := phaseInWithLimbo(t)
	full := files[len(files)-1].Data
	an := honest.Messages[at].Body.(*wire.Announce)
	arr := an.PhaseIns[0]
	c, err := clockOf(arr.Clock)
	require.NoError(t, err)
	var subject string
	for _, p := range an.Proofs {
		if u, _ := rules.SubjectUnit(p.Subject); u == rules.UnitID(arr.Unit) {
			subject = p.Subject
		}
	}
	require.NotEmpty(t, subject)
	requireVerifyNamesKeptBack(t, full, at, a, b, []keptBackCase{
		{"a phase-in left out", func(t *testing.T, an *wire.Announce) {
			an.PhaseIns = an.PhaseIns[1:]
			withoutSubject(an, subject, rules.UnitID(arr.Unit))
		}, fmt.Sprintf("%s phases in at %s (%s), and the announcement does not say so", arr.Unit, c, arr.Clause)},
	})
}
