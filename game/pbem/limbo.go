package pbem

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// A side's orders for its own units out of phase. Between machines those
// units are in limbo on every machine but the side's own (the peer
// state), so their orders would tell the other sides what only that
// machine may know: where the unit is bound (its speed) and whether it
// will come back cloaked (IP8.443). They are the side's limbo orders,
// applied by its own machine alone (rules.State.SetLimboAllocations) and
// kept in its secret.json. Each commit seals them beside the round's
// orders (limbo_commit: SHA-256 of the limbo orders and a nonce of their
// own, limboNonce), so that they are fixed before any other side's orders are seen,
// and the side's key message opens them once the game is over, when the
// game played again with every key applies them and checks every
// announcement that followed from them.

// LimboOrders are a side's orders for a round for its own units out of
// phase: an energy allocation for any of them (its speed, reinforcement,
// arming, and its cloak on or off, IP8.443), applied at every energy
// allocation of the round's stretch. A unit without one, or whose
// allocation the rules refuse when it is made, gets its default.
type LimboOrders struct {
	Allocations []rules.Allocation `json:"allocations,omitempty"`
}

// LimboReveal opens a side's limbo orders of one round, in its key
// message: the exact JSON its commitment was made over and the nonce.
type LimboReveal struct {
	Round  int             `json:"round"`
	Orders json.RawMessage `json:"orders"`
	Nonce  string          `json:"nonce"`
}

// limboCommitment is the hash a side commits its limbo orders by, bound
// to the game, the round and the side.
func limboCommitment(game string, round int, side rules.SideID, orders []byte, nonce []byte) string {
	return sealHash("hexrift pbem limbo v1", game, round, side, orders, nonce)
}

// limboCommit keeps a commit's seal of the side's limbo orders, if any.
func (g *Game) limboCommit(m Message) error {
	if m.LimboCommit == "" {
		return nil
	}
	if b, err := hex.DecodeString(m.LimboCommit); err != nil || len(b) != 32 {
		return fmt.Errorf("field limbo_commit is not a SHA-256 hash")
	}
	if g.limboCommits == nil {
		g.limboCommits = map[rules.SideID]map[int]string{}
	}
	if g.limboCommits[m.Side] == nil {
		g.limboCommits[m.Side] = map[int]string{}
	}
	g.limboCommits[m.Side][m.Round] = m.LimboCommit
	return nil
}

// openLimbo checks the limbo orders a side's key message opens: one for
// every round its commit sealed them, each matching its commitment.
func (g *Game) openLimbo(m Message) error {
	commits := g.limboCommits[m.Side]
	open := map[int]*LimboOrders{}
	for _, r := range m.Limbo {
		c, ok := commits[r.Round]
		switch {
		case !ok:
			return fmt.Errorf("it opens orders for %s's units out of phase in round %d, which its commit of that round did not seal", m.Side, r.Round)
		case open[r.Round] != nil:
			return fmt.Errorf("it opens %s's orders for its units out of phase in round %d twice", m.Side, r.Round)
		}
		nonce, err := hex.DecodeString(r.Nonce)
		if err != nil || len(nonce) != NonceSize {
			return fmt.Errorf("the nonce of its orders for its units out of phase in round %d is not %d hexadecimal bytes", r.Round, NonceSize)
		}
		var raw bytes.Buffer
		if err := json.Compact(&raw, r.Orders); err != nil {
			return fmt.Errorf("its orders for its units out of phase in round %d are not JSON: %v", r.Round, err)
		}
		if limboCommitment(g.ID, r.Round, m.Side, raw.Bytes(), nonce) != c {
			return fmt.Errorf("the orders for %s's units out of phase it opens for round %d do not match the commitment in its commit of round %d (changed orders or a swapped nonce)", m.Side, r.Round, r.Round)
		}
		var o LimboOrders
		if err := strictJSON(raw.Bytes(), &o); err != nil {
			return fmt.Errorf("its orders for its units out of phase in round %d do not read: %v", r.Round, err)
		}
		open[r.Round] = &o
	}
	for _, r := range slices.Sorted(maps.Keys(commits)) {
		if open[r] == nil {
			return fmt.Errorf("it does not open %s's orders for its units out of phase in round %d, which its commit sealed: their effect cannot be checked", m.Side, r)
		}
	}
	if g.limboOpen == nil {
		g.limboOpen = map[rules.SideID]map[int]*LimboOrders{}
	}
	g.limboOpen[m.Side] = open
	return nil
}

// setLimbo gives st each side's limbo orders of round r, as far as this
// machine holds them: its own side's from its secrets, or, once opened
// (keyed), every side's. A side whose commit sealed none gets none, on
// every machine alike.
func (g *Game) setLimbo(st *rules.State, r int, keyed bool) error {
	for _, sd := range g.Genesis.Sides {
		var as []rules.Allocation
		switch {
		case g.limboCommits[sd][r] == "":
		case keyed:
			if o := g.limboOpen[sd][r]; o != nil {
				as = o.Allocations
			}
		case sd == g.me && g.ownLimbo != nil:
			sl, ok := g.ownLimbo[r]
			if !ok {
				return fmt.Errorf("pbem: this machine sealed %s's orders for its units out of phase in round %d but keeps none", sd, r)
			}
			var o LimboOrders
			if err := strictJSON(sl.Orders, &o); err != nil {
				return fmt.Errorf("pbem: secret.json: %s's orders for its units out of phase in round %d: %v", sd, r, err)
			}
			as = o.Allocations
		}
		st.SetLimboAllocations(sd, as)
	}
	return nil
}

// sealLimbo keeps the side's limbo orders for the round it commits to in
// its secrets and returns their commitment.
func (s *Seat) sealLimbo(o *LimboOrders) (string, error) {
	if o == nil {
		o = &LimboOrders{}
	}
	raw, err := json.Marshal(o)
	if err != nil {
		return "", fmt.Errorf("pbem: %v", err)
	}
	nonce := limboNonce(s.sec, s.Game.Round)
	if s.sec.Limbo == nil {
		s.sec.Limbo = map[int]sealed{}
		s.Game.ownLimbo = s.sec.Limbo
	}
	s.sec.Limbo[s.Game.Round] = sealed{Orders: raw, Nonce: hex.EncodeToString(nonce)}
	return limboCommitment(s.Game.ID, s.Game.Round, s.Side, raw, nonce), nil
}

// limboNonce is the nonce a side's limbo orders of a round are sealed
// with: HMAC-SHA256 of the game, the round and the side under its private
// dice key, which no other side holds before the game is over, when the
// orders are opened anyway. It draws nothing from the home's random
// source, so a game's keys, nonces and dice are what they were before
// limbo orders were sealed.
func limboNonce(sec *secret, round int) []byte {
	m := hmac.New(sha256.New, sec.Dice[:])
	fmt.Fprintf(m, "hexrift pbem limbo nonce v1\x00%s\x00%d\x00%s", sec.Game, round, sec.Side)
	return m.Sum(nil)
}

// limboReveals are the side's limbo orders of every round its commits
// sealed them, for its key message.
func (s *Seat) limboReveals() []LimboReveal {
	var out []LimboReveal
	for _, r := range slices.Sorted(maps.Keys(s.Game.limboCommits[s.Side])) {
		if sl, ok := s.sec.Limbo[r]; ok {
			out = append(out, LimboReveal{Round: r, Orders: sl.Orders, Nonce: sl.Nonce})
		}
	}
	return out
}

// checkLimbo checks limbo orders as the side's for the stretch it
// commits to, against the game as its machine computes it now.
func (s *Seat) checkLimbo(o *LimboOrders) error {
	if o == nil || len(o.Allocations) == 0 {
		return nil
	}
	if err := s.Game.State.CheckLimboAllocations(s.Side, o.Allocations); err != nil {
		return fmt.Errorf("pbem: the orders for your units out of phase are refused: %w", err)
	}
	return nil
}

// LimboUnits returns the side's units out of phase that its machine
// computes and that allocate energy: those its limbo orders may allocate
// for, as the game stands.
func (s *Seat) LimboUnits() []rules.Unit {
	var out []rules.Unit
	st := s.Game.State
	for _, a := range st.LimboAllocations(s.Side) {
		if u := st.Unit(a.Unit); u != nil {
			out = append(out, *u)
		}
	}
	return out
}

// ProposeLimbo returns the limbo orders hexrift proposes for the side
// now: the allocation its machine would make for each of its units out
// of phase (the one it gave last, while the rules allow it, else the
// default); nil when it has none.
func (s *Seat) ProposeLimbo() *LimboOrders {
	as := s.Game.State.LimboAllocations(s.Side)
	if len(as) == 0 {
		return nil
	}
	return &LimboOrders{Allocations: as}
}

// replayFor replays a turn file on the machine that keeps sec: the
// game's state computes its side's units out of phase, with the limbo
// orders it sealed.
func replayFor(f *File, sec *secret) (*Game, error) { return replayKeeping(f, sec, nil) }

// replayKeeping is replayFor, keeping the frames of the stretches recap
// asks for (nil: none).
func replayKeeping(f *File, sec *secret, recap *recapFrames) (*Game, error) {
	if sec.Limbo == nil {
		sec.Limbo = map[int]sealed{}
	}
	g := &Game{ID: f.Game, me: sec.Side, myKey: &sec.Dice, ownLimbo: sec.Limbo, recap: recap}
	for i := range f.Messages {
		if err := g.apply(f.Messages[i]); err != nil {
			return g, err
		}
	}
	return g, nil
}
