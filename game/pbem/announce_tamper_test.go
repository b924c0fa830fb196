package pbem

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
)

// lastPhaseIn returns the phase game's last file that ends with an
// announced phase-in, the copy of its receiver's home from before it
// opened it, and the index of the announcement.
func lastPhaseIn(t *testing.T) (kept keptHome, f *File, at int) {
	t.Helper()
	_, _, files := playPhase(t)
	require.NotEmpty(t, phased.kept, "no file ended with an announced phase-in")
	kept = phased.kept[len(phased.kept)-1]
	f = parse(t, files[kept.File].Data)
	return kept, f, len(f.Messages) - 1
}

// reforge makes the log of f consistent again after message from, as a
// cheater holding every side's key would: the commitments and reveals
// kept, each result the one the rules give for the log so far, each
// announcement one that says no unit phases in, written when the game
// waits for it (the announcement at from is the last of the game to
// tell of a phase-in), and every message numbered, chained and signed
// again. The dice keys at the end are signed again but not played: the
// last one is where Verify checks the game.
func reforge(t *testing.T, f *File, from int, keys map[rules.SideID]ed25519.PrivateKey) {
	t.Helper()
	g := &Game{ID: f.Game}
	var out []Message
	add := func(m Message) {
		t.Helper()
		m.Seq = len(out)
		if m.Seq > 0 {
			m.Prev = out[m.Seq-1].hash()
		}
		m.sign(keys[m.Side])
		out = append(out, m)
		if m.Kind != KindKey {
			require.NoError(t, g.apply(m), "message %d of the reforged log", m.Seq)
		}
	}
	for i, m := range f.Messages {
		switch {
		case i <= from:
			if i < from {
				out = append(out, m)
				require.NoError(t, g.apply(m), "message %d", i)
				continue
			}
			add(m)
		case m.Kind == KindResult || m.Kind == KindAnnounce:
			continue
		case m.Kind == KindKey:
			// The orders sent were for the game as it went: the cheater
			// plays on to the end with orders of its own.
			for r := 0; !g.Over(); r++ {
				require.Less(t, r, 100, "the reforged game does not end")
				var reveals []Message
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
					nonce[0], nonce[1] = byte(k), byte(r)
					add(Message{Kind: KindCommit, Side: sd, Round: g.Round, Commit: commitment(g.ID, g.Round, sd, raw, nonce)})
					reveals = append(reveals, Message{Kind: KindReveal, Side: sd, Round: g.Round, Orders: raw, Nonce: hex.EncodeToString(nonce)})
				}
				for _, rv := range reveals {
					add(rv)
					settleRound(t, g, rv.Side, add)
				}
			}
			add(m)
		default:
			add(m)
		}
		settleRound(t, g, m.Side, add)
	}
	require.True(t, g.Over())
	f.Messages = out
}

// settleRound writes what a round every side has revealed waits for: an
// announcement that no unit phases in, by the side the game waits for,
// and the result, by side by.
func settleRound(t *testing.T, g *Game, by rules.SideID, add func(Message)) {
	t.Helper()
	for g.pending != nil {
		if need := g.pending.Need; need != nil {
			// No mine of the side goes off at any mine point of the step
			// either.
			side := need.Sides[0]
			reach := g.State.MineReach(side)
			for _, an := range g.announced {
				if an.Side == side {
					reach = an.MinePoints
				}
			}
			n := 0
			for _, p := range g.pending.Ahead.MinePoints() {
				if p.Side == side {
					n++
				}
			}
			add(Message{Kind: KindAnnounce, Side: side, Round: g.Round, Announce: &Announcement{Through: need.Clock, MinePoints: max(n, reach)}})
			continue
		}
		r := g.pending.Result
		add(Message{Kind: KindResult, Side: by, Round: g.Round, Result: &r})
	}
}

// TestFalseAnnouncementsAreRefused opens, at the receiving machine (a copy
// of its home from before it opened the file), the phase game's last file
// ending with an announced phase-in, its announcement changed and signed
// again by its side in each way a machine can see is false without the
// side's key: each is refused with a message naming the announcement, the
// machine's files stay byte for byte as they were, and the true file
// opens after.
func TestFalseAnnouncementsAreRefused(t *testing.T) {
	kept, honest, at := lastPhaseIn(t)
	m := honest.Messages[at]
	a, b, _ := playPhase(t)
	cheater := a
	if b.side == m.Side {
		cheater = b
	}
	key := map[rules.SideID]ed25519.PrivateKey{cheater.side: keyOf(t, cheater)}
	seat, err := LoadSeat(kept.p.home, kept.p.game)
	require.NoError(t, err)
	st := now(seat.Game)
	// A unit of the cheater's side in normal space, and one of the
	// receiver's.
	var inPhase, theirs *rules.Unit
	for i := range st.Units {
		u := &st.Units[i]
		switch {
		case u.Side == m.Side && u.OnMap() && !u.PhasedOut && u.Ship != nil && inPhase == nil:
			inPhase = u
		case u.Side != m.Side && u.OnMap() && u.Ship != nil && theirs == nil:
			theirs = u
		}
	}
	require.NotNil(t, inPhase)
	require.NotNil(t, theirs)
	claim := func(u *rules.Unit) rules.Unit {
		c := *u
		c.PhasedOut = true
		return c
	}
	requireFalseAnnouncementsRefused(t, kept, encode(t, honest), at, key, []announceCase{
		{"a phase-in past the announcement's reach", func(an *Announcement) {
			an.Arrivals[0].Clock.Impulse = an.Through.Impulse + 1
		}, "is outside the announcement's stretch"},
		{"a phase-in of a unit that never phased out", func(an *Announcement) {
			an.Arrivals[0].Unit = claim(inPhase)
		}, "has no place in the game: the unit was not out of phase there"},
		{"a phase-in of another side's unit", func(an *Announcement) {
			an.Arrivals[0].Unit = claim(theirs)
		}, "is not " + string(m.Side) + "'s"},
		{"a phase-in of no unit", func(an *Announcement) {
			an.Arrivals[0].Unit.ID = "ghost"
		}, `no unit "ghost"`},
		{"a phase-in by another clause", func(an *Announcement) {
			an.Arrivals[0].Clause = "IP8.31"
		}, `"IP8.31" is not a phase-in clause`},
	})
}

// announceCase is a change to an announcement and what the machine that
// refuses it, or Verify, must say of it.
type announceCase struct {
	name   string
	change func(an *Announcement)
	reason string
}

// requireVerifyNamesEach changes the announcement at message at of the
// last file full by each case, signs it and every message after it again
// with keys (someone holding every side's key), and requires Verify to
// name that announcement for the case's reason; with the announcement
// withheld, it requires Verify to say the game waits for it.
func requireVerifyNamesEach(t *testing.T, full []byte, at int, keys map[rules.SideID]ed25519.PrivateKey, tests []announceCase) {
	t.Helper()
	m := parse(t, full).Messages[at]
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, full)
			changeAnnouncement(f, at, tc.change)
			reforge(t, f, at, keys)
			requireCheatNamed(t, f, at, m, tc.reason)
		})
	}
	t.Run("withheld announcement", func(t *testing.T) {
		f := parse(t, full)
		f.Messages = f.Messages[:at]
		_, err := Verify("withheld", encode(t, f))
		require.ErrorIs(t, err, ErrUnfinished)
		require.Contains(t, err.Error(), "waits for "+string(m.Side)+"'s announcement")
	})
}

// changeAnnouncement replaces the announcement of f's message at with a
// copy changed by change; the copy's arrivals and rift news are copies
// too, so the change leaves the announcement it was made from as it was.
func changeAnnouncement(f *File, at int, change func(an *Announcement)) {
	an := *f.Messages[at].Announce
	an.Arrivals = append([]rules.Arrival(nil), an.Arrivals...)
	an.Rifts = append([]rules.RiftNews(nil), an.Rifts...)
	an.Mines = append([]rules.MineNews(nil), an.Mines...)
	change(&an)
	f.Messages[at].Announce = &an
}

// requireFalseAnnouncementsRefused opens at the machine kept (a copy of
// the receiver's home from before it opened the file), for each case, the
// file good with the announcement at changed by the case and signed again
// with key: each is refused naming the announcement and the case's
// reason, the machine's files stay byte for byte as they were, and the
// true file opens after.
func requireFalseAnnouncementsRefused(t *testing.T, kept keptHome, good []byte, at int, key map[rules.SideID]ed25519.PrivateKey, cases []announceCase) {
	t.Helper()
	m := parse(t, good).Messages[at]
	keep := func() [2][]byte { return keptFiles(t, kept.p) }
	before := keep()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, good)
			changeAnnouncement(f, at, tc.change)
			rechain(f, at, key)
			_, err := Open(kept.p.home, "bad.pbem", encode(t, f), kept.p.side)
			require.Error(t, err)
			require.Contains(t, err.Error(), m.label())
			require.Contains(t, err.Error(), tc.reason)
			require.Equal(t, before, keep(), "the bad file changed what the machine keeps")
		})
	}
	_, err := Open(kept.p.home, "good.pbem", good, kept.p.side)
	require.NoError(t, err, "the true file opens after the bad ones")
}

// requireCheatNamed verifies f and expects the cheat Verify names first
// to be message at, m, for the reason given.
func requireCheatNamed(t *testing.T, f *File, at int, m Message, reason string) {
	t.Helper()
	_, err := Verify("tampered", encode(t, f))
	var c *Cheat
	require.ErrorAs(t, err, &c)
	require.Equal(t, at, c.Seq, "the first cheat named: %v", err)
	require.Contains(t, err.Error(), m.label())
	require.Contains(t, err.Error(), reason)
}

// TestVerifyNamesAFalseAnnouncement changes the phase game's last
// announced phase-in in the ways no machine but its side's can see are
// false (another hex, facing or impulse, a phase-in left out) and makes
// the rest of the log consistent with it, every message signed again by
// its side and every result the one the rules give (reforge): only the
// game played again with every key can tell, and Verify names the
// announcement. An announcement never sent leaves the game waiting for
// it, and Verify names the side.
func TestVerifyNamesAFalseAnnouncement(t *testing.T) {
	a, b, files := playPhase(t)
	_, _, at := lastPhaseIn(t)
	full := files[len(files)-1].Data
	keys := map[rules.SideID]ed25519.PrivateKey{a.side: keyOf(t, a), b.side: keyOf(t, b)}
	m := parse(t, full).Messages[at]
	require.Equal(t, KindAnnounce, m.Kind)
	// The side's announcement before it in the round, if any: a phase-in
	// moved to another impulse stays after it.
	prev := rules.Clock{}
	for _, o := range parse(t, full).Messages[:at] {
		if o.Kind == KindAnnounce && o.Side == m.Side && o.Round == m.Round {
			prev = o.Announce.Through
		}
	}
	arr := m.Announce.Arrivals[0]
	tests := []announceCase{
		{"another hex", func(an *Announcement) {
			an.Arrivals[0].Unit.Hex = arr.Unit.Hex.Neighbor(arr.Unit.Facing)
		}, "a false announcement: it says " + string(arr.Unit.ID) + " phases in at " + arr.Clock.String() + " " + arr.Unit.Hex.Neighbor(arr.Unit.Facing).String()},
		{"another facing", func(an *Announcement) {
			an.Arrivals[0].Unit.Facing = arr.Unit.Facing.Turn(1)
		}, "facing " + arr.Unit.Facing.Turn(1).String()},
		{"another impulse", func(an *Announcement) {
			c := arr.Clock
			c.Impulse--
			require.True(t, prev.Before(c), "no earlier impulse in the announcement's reach")
			an.Arrivals[0].Clock = c
		}, "the rules put it at " + arr.Clock.String()},
		{"a phase-in left out", func(an *Announcement) {
			an.Arrivals = nil
		}, string(arr.Unit.ID) + " phases in at " + arr.Clock.String() + " (" + arr.Clause + "), and the announcement does not say so"},
	}
	requireVerifyNamesEach(t, full, at, keys, tests)
}
