package pbem

import (
	"fmt"
	"time"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// Stalls. A side may stop answering: after it has seen the other sides'
// reveals of a round, say, and before it reveals its own, when it knows
// the round's dice and may not like them. It cannot change them, only
// stop the game; no protocol between parties without a third can keep it
// from that. hexrift makes it a matter of record: the game always says
// whom it waits for and since which message (Stall), and a side that has
// waited long enough may write a claim (Seat.Claim, pbem claim), a
// signed message saying that the other side withheld what it owes since
// message N. The claim settles the game: it is over, the side that
// stalled is named as having forfeited it, and only dice keys and notes
// may follow.

// Claim is the claim that settled a game.
type Claim struct {
	// Seq is the claim's message; Side wrote it.
	Seq  int
	Side rules.SideID
	// Against withheld Owes ("join", "commit", "reveal", "announce" or
	// "key") since message Since.
	Against rules.SideID
	Owes    string
	Since   int
	// At is when the claim was written, as its writer's clock said.
	At time.Time
}

// Stall is whom a game waits for and since when: Side owes What since
// message Since (the last of the log, which it has not answered); false
// when the game waits on nobody in particular (a result anyone may
// write) or on nothing.
func (g *Game) Stall() (side rules.SideID, what string, since int, ok bool) {
	side, what, ok = g.Waiting()
	if !ok || side == "" {
		return "", "", 0, false
	}
	return side, what, len(g.log) - 1, true
}

// claim takes a side's claim that another withheld what it owes. Its
// validity must not depend on what the machine knows: a claim that a side
// withheld its announcement is taken while the round's stretch waits for
// its result, on every machine (the side's own, which knows its secrets,
// needs no announcement to play on, so it waits for "a result"), when the
// side has secrets in limbo there (public), since the last message.
func (g *Game) claim(side rules.SideID, seq int, b *wire.Claim) error {
	against, owes, since, ok := g.Stall()
	if b.Owes == "announce" && g.pending != nil && g.hasSecrets(rules.SideID(b.Against)) {
		against, owes, since, ok = rules.SideID(b.Against), "announce", len(g.log)-1, true
	}
	at, err := utcTime(b.At)
	switch {
	case err != nil:
		return fmt.Errorf("field at %q is not a time in UTC as hexrift writes it", b.At)
	case !ok:
		return fmt.Errorf("the game waits for no side in particular: there is nobody to claim against")
	case rules.SideID(b.Against) != against || b.Owes != owes:
		return fmt.Errorf("it claims %s withheld its %s, but the game waits for %s's %s", b.Against, b.Owes, against, owes)
	case b.Since != since:
		return fmt.Errorf("it claims %s owes since message %d; it owes since message %d, the last before the claim", b.Against, b.Since, since)
	case against == side:
		return fmt.Errorf("%s claims against itself", side)
	}
	g.Claim = &Claim{Seq: seq, Side: side, Against: against, Owes: owes, Since: since, At: at}
	return nil
}

// ClaimText says what settled the game, in words, or "".
func (g *Game) ClaimText() string {
	c := g.Claim
	if c == nil {
		return ""
	}
	return fmt.Sprintf("settled by %s's claim (message %d, written %s): %s withheld its %s since message %d and forfeits the game",
		g.sideName(c.Side), c.Seq, c.At.Format("2006-01-02 15:04 UTC"), g.sideName(c.Against), c.Owes, c.Since)
}

// StallText says whom the game waits for and since when, in words, or
// "" when it waits on nobody in particular.
func (g *Game) StallText() string {
	side, what, since, ok := g.Stall()
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s owes its %s since message %d", g.sideName(side), what, since)
}

// utcTime reads a time as hexrift writes it: RFC 3339 in UTC, to the
// second ("2026-12-04T18:00:00Z"), and nothing else.
func utcTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil || t.Location() != time.UTC || t.UTC().Format(time.RFC3339) != s {
		return time.Time{}, fmt.Errorf("%q is not a time in UTC as hexrift writes it", s)
	}
	return t, nil
}

// hasSecrets reports whether side has secrets in limbo as the current
// round's stretch stands, as every machine holds them: units out of
// phase, hidden mines, pending cosmic rifts.
func (g *Game) hasSecrets(side rules.SideID) bool {
	st := g.pending.State
	for i := range st.Units {
		if u := &st.Units[i]; u.Side == side && u.Status == rules.StatusLimbo {
			return true
		}
	}
	for _, p := range st.Cosmic.Pending {
		if p.Side == side {
			return true
		}
	}
	return false
}
