package pbem

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// Cheat is a message the protocol refuses: it names the message, the side
// that signed it (or claims to) and what is wrong.
type Cheat struct {
	// File is the turn file the message was read from, if any.
	File string
	Seq  int
	Side rules.SideID
	What string // the message, e.g. "message 7 (red's reveal of round 3)"
	Why  string
}

// Error describes the cheat.
func (c *Cheat) Error() string {
	if c.File != "" {
		return fmt.Sprintf("pbem: %s refused: %s: %s", c.File, c.What, c.Why)
	}
	return fmt.Sprintf("pbem: %s: %s", c.What, c.Why)
}

// named sets the file a cheat was read from.
func named(err error, file string) error {
	var c *Cheat
	if errors.As(err, &c) {
		c.File = file
	}
	return err
}

// Game is a game replayed from its log: the state every side may see and
// where the round of commitments stands.
type Game struct {
	ID       string
	Genesis  Genesis
	Scenario *scenarios.Scenario
	State    *rules.State
	// Keys are the sides' public keys, once joined.
	Keys map[rules.SideID]ed25519.PublicKey
	// DiceCommits are the sides' commitments to their private dice keys
	// (genesis and join); DiceKeys the keys revealed once the game is
	// over.
	DiceCommits map[rules.SideID]string
	DiceKeys    map[rules.SideID]rules.PrivateKey
	// Round is the round now being committed and revealed (1-based);
	// Commits and Reveals hold its commitments and opened orders.
	Round   int
	Commits map[rules.SideID]string
	Reveals map[rules.SideID]*Orders
	nonces  map[rules.SideID][]byte
	// Results are the results of the rounds played, in order; Events the
	// events of the whole game and Commands its commands.
	Results  []Result
	Events   []rules.Event
	Commands []rules.Command
	// Stretches are the events of each round's stretch, in order.
	Stretches [][]rules.Event
	// pending is the stretch of the current round once every side has
	// revealed: the next message must be its result.
	pending *stretch
	// played holds each round's opened orders and dice seed, to play the
	// game again with the revealed dice keys (checkKeys).
	played []round
	log    []Message
	// me is the machine's side and myKey its dice key: the game's state
	// computes that side's units out of phase and no other side's (the
	// peer state, rules.WithPeer). Both are empty for a game replayed by
	// someone holding no side's key.
	me    rules.SideID
	myKey *rules.PrivateKey
	// announced are the current round's announcements, in order.
	announced []announced
	// recap, when set, keeps the frames of the stretches of the rounds
	// after its From, for a replay of the table (Seat.Recap).
	recap *recapFrames
	// Notes are the sides' notes to one another, in the order written
	// (notes.go).
	Notes []Note
	// limboCommits seal each side's limbo orders by round, limboOpen
	// holds them once its key message opened them, and ownLimbo are the
	// machine's own side's, from its secrets (limbo.go).
	limboCommits map[rules.SideID]map[int]string
	limboOpen    map[rules.SideID]map[int]*LimboOrders
	ownLimbo     map[int]sealed
}

// announced is one announcement of a round, with the message it came in.
type announced struct {
	Seq  int
	Side rules.SideID
	// What names the message, as a Cheat does.
	What string
	Announcement
}

// round is what a round's stretch was played from.
type round struct {
	Orders    map[rules.SideID]*Orders
	Seed      uint64
	Announced []announced
	// left are the sides' plots as the round's stretch left them, once
	// its result is accepted (stretch.Plots).
	left map[rules.SideID]*plot.Orders
}

// VariantText says how the game's rules differ from its scenario's by
// the choice of the side that started it (Genesis.NoCosmicRifts), or ""
// when they do not: what a side joining the game, or opening its files,
// is told.
func (g *Game) VariantText() string {
	if !g.Genesis.NoCosmicRifts || len(g.log) == 0 {
		return ""
	}
	return fmt.Sprintf("cosmic rifts off: %s started the game without them, so no rift forms (IP4.21) and none can stop it", g.log[0].Side)
}

// Sides returns the game's sides, in order.
func (g *Game) Sides() []rules.SideID { return g.Genesis.Sides }

// Len returns how many messages the game's log holds.
func (g *Game) Len() int { return len(g.log) }

// File returns the game's log as a turn file.
func (g *Game) File() *File {
	return &File{Format: FileFormat, Version: FileVersion, Game: g.ID, Messages: slices.Clone(g.log)}
}

// Over reports whether the game has ended: by the rules, or stopped at
// hidden content.
func (g *Game) Over() bool {
	if g.State == nil {
		return false
	}
	if g.State.Clock.Step == rules.StepGameOver {
		return true
	}
	return len(g.Results) > 0 && g.Results[len(g.Results)-1].Stopped != ""
}

// Finished reports whether the game is over and every side has revealed
// its private dice key: nothing more is due.
func (g *Game) Finished() bool {
	return g.Over() && len(g.DiceKeys) == len(g.Genesis.Sides)
}

// Joined reports whether every side has joined.
func (g *Game) Joined() bool { return len(g.Keys) == len(g.Genesis.Sides) }

// Waiting returns the side the game waits on now (the first in side
// order, "" for a result anyone may write) and for what: "join",
// "commit", "reveal" or "result"; false when it waits on nobody.
func (g *Game) Waiting() (rules.SideID, string, bool) {
	switch {
	case g.State == nil || g.Finished():
		return "", "", false
	case g.Over():
		for _, sd := range g.Genesis.Sides {
			if _, ok := g.DiceKeys[sd]; !ok {
				return sd, "key", true
			}
		}
	case !g.Joined():
		for _, sd := range g.Genesis.Sides {
			if g.Keys[sd] == nil {
				return sd, "join", true
			}
		}
	case g.pending != nil && g.pending.Need != nil:
		return g.pending.Need.Sides[0], "announce", true
	case g.pending != nil:
		return "", "result", true
	}
	for _, sd := range g.Genesis.Sides {
		if g.Commits[sd] == "" {
			return sd, "commit", true
		}
	}
	for _, sd := range g.Genesis.Sides {
		if g.Reveals[sd] == nil {
			return sd, "reveal", true
		}
	}
	return "", "", false
}

// Replay rebuilds a game from a turn file, checking every message in
// order, and returns a *Cheat naming the first it refuses.
func Replay(f *File) (*Game, error) { return replayAs(f, "", nil) }

// replayAs replays a turn file on the machine of side me, holding its
// dice key: the game's state computes me's units out of phase.
func replayAs(f *File, me rules.SideID, key *rules.PrivateKey) (*Game, error) {
	g := &Game{ID: f.Game, me: me, myKey: key}
	for i := range f.Messages {
		if err := g.apply(f.Messages[i]); err != nil {
			return g, err
		}
	}
	return g, nil
}

// apply checks m as the next message of the log and plays it.
func (g *Game) apply(m Message) error {
	cheat := func(format string, args ...any) error {
		return &Cheat{Seq: m.Seq, Side: m.Side, What: m.label(), Why: fmt.Sprintf(format, args...)}
	}
	n := len(g.log)
	switch {
	case m.Seq != n:
		return cheat("out of order: the log holds %d messages, so the next is message %d", n, n)
	case n == 0 && m.Prev != "":
		return cheat("the first message names a message before it")
	case n > 0 && m.Prev != g.log[n-1].hash():
		return cheat("does not follow message %d (its hash chain is broken: a message before it was changed, left out or reordered)", n-1)
	case n == 0 && m.Kind != KindGenesis:
		return cheat("a game starts with its genesis")
	case n > 0 && m.Kind == KindGenesis:
		return cheat("a second genesis")
	}
	if m.Kind == KindGenesis {
		if m.Note != "" {
			return cheat("field note belongs to a note message alone")
		}
		if err := g.genesis(m); err != nil {
			return cheat("%v", err)
		}
	} else {
		pub := g.Keys[m.Side]
		if pub == nil && m.Kind == KindJoin {
			pub = g.joinKey(m)
		}
		if pub == nil {
			return cheat("side %q has not joined this game", m.Side)
		}
		if !m.verify(pub) {
			return cheat("the signature is not %s's: the message was edited or forged", m.Side)
		}
		if m.Note != "" && m.Kind != KindNote {
			return cheat("field note belongs to a note message alone")
		}
		var err error
		switch m.Kind {
		case KindJoin:
			err = g.join(m)
		case KindCommit:
			err = g.commit(m)
		case KindReveal:
			err = g.reveal(m)
		case KindResult:
			err = g.result(m)
		case KindKey:
			err = g.key(m)
		case KindAnnounce:
			err = g.announce(m)
		case KindNote:
			err = g.note(m)
		default:
			err = fmt.Errorf("unknown kind %q", m.Kind)
		}
		var c *Cheat
		if errors.As(err, &c) {
			return err
		}
		if err != nil {
			return cheat("%v", err)
		}
	}
	g.log = append(g.log, m)
	return nil
}

// genesis starts the game from its first message.
func (g *Game) genesis(m Message) error {
	if m.Genesis == nil {
		return fmt.Errorf("no scenario")
	}
	pub, err := parsePub(m.PubKey)
	if err != nil {
		return err
	}
	if !m.verify(pub) {
		return fmt.Errorf("the signature is not %s's: the message was edited or forged", m.Side)
	}
	if !validGame(g.ID) {
		return fmt.Errorf("the game's identity %q is not one hexrift makes", g.ID)
	}
	if m.Genesis.Game != g.ID {
		return fmt.Errorf("the file names game %s, but its genesis starts game %s", g.ID, m.Genesis.Game)
	}
	sc, err := m.Genesis.Scenario.LoadCarried()
	if err != nil {
		return fmt.Errorf("its scenario: %v", err)
	}
	if why := Refusal(sc); why != "" {
		return fmt.Errorf("its scenario cannot be played by file: %s", why)
	}
	if m.Genesis.NoCosmicRifts {
		// The starter's choice: g.Scenario keeps it, so that the game
		// played again with every key (playKeyed) has it too.
		sc.Ruleset.NoCosmicRifts = true
	}
	opts := []rules.Option{rules.WithPrivateKey(openKey(g.ID)), rules.WithPeer(g.me)}
	if g.myKey != nil {
		opts = append(opts, rules.WithSideKeys(rules.SideKey{Side: g.me, Key: *g.myKey}))
	}
	st, err := rules.NewState(sc.Setup(), 0, opts...)
	if err != nil {
		return fmt.Errorf("its scenario: %v", err)
	}
	var want []rules.SideID
	for _, sd := range st.Sides {
		want = append(want, sd.ID)
	}
	if !slices.Equal(want, m.Genesis.Sides) {
		return fmt.Errorf("sides %v are not the scenario's %v", m.Genesis.Sides, want)
	}
	if !slices.Contains(want, m.Side) {
		return fmt.Errorf("side %q is not a side of the scenario", m.Side)
	}
	if err := checkDiceCommit(m.DiceCommit); err != nil {
		return err
	}
	g.Genesis, g.Scenario, g.State = *m.Genesis, sc, st
	g.Keys = map[rules.SideID]ed25519.PublicKey{m.Side: pub}
	g.DiceCommits = map[rules.SideID]string{m.Side: m.DiceCommit}
	g.DiceKeys = map[rules.SideID]rules.PrivateKey{}
	g.newRound(1)
	return nil
}

// joinKey returns the key a join message brings, if it parses.
func (g *Game) joinKey(m Message) ed25519.PublicKey {
	if g.State == nil || !slices.Contains(g.Genesis.Sides, m.Side) {
		return nil
	}
	pub, err := parsePub(m.PubKey)
	if err != nil {
		return nil
	}
	return pub
}

func (g *Game) join(m Message) error {
	if g.Keys[m.Side] != nil {
		return fmt.Errorf("side %s has already joined", m.Side)
	}
	pub, err := parsePub(m.PubKey)
	if err != nil {
		return err
	}
	for sd, k := range g.Keys {
		if k.Equal(pub) {
			return fmt.Errorf("its key is %s's", sd)
		}
	}
	if err := checkDiceCommit(m.DiceCommit); err != nil {
		return err
	}
	g.Keys[m.Side] = pub
	g.DiceCommits[m.Side] = m.DiceCommit
	return nil
}

// checkDiceCommit checks that a genesis or join commits to a dice key.
func checkDiceCommit(c string) error {
	if b, err := hex.DecodeString(c); err != nil || len(b) != 32 {
		return fmt.Errorf("field dice_commit is not a SHA-256 hash: the side must commit to its private dice key as it joins")
	}
	return nil
}

// key opens a side's private dice key once the game is over, and once
// every key is open plays the whole game again with them (checkKeys).
func (g *Game) key(m Message) error {
	switch {
	case !g.Over():
		return fmt.Errorf("a dice key revealed before the game is over: every private roll it keys could be computed by the other sides")
	}
	if _, ok := g.DiceKeys[m.Side]; ok {
		return fmt.Errorf("%s has already revealed its dice key", m.Side)
	}
	k, err := rules.ParsePrivateKey(m.DiceKey)
	if err != nil {
		return fmt.Errorf("field dice_key: %v", err)
	}
	if diceCommitment(g.ID, m.Side, k) != g.DiceCommits[m.Side] {
		return fmt.Errorf("the dice key does not match the commitment in %s's join (a changed key would change its private rolls)", m.Side)
	}
	if err := g.openLimbo(m); err != nil {
		return err
	}
	g.DiceKeys[m.Side] = k
	if g.Finished() {
		return g.checkKeys()
	}
	return nil
}

// checkKeys plays the whole game again from its genesis with every
// side's revealed dice key, each round from its opened orders and dice,
// and checks each result against the one every machine accepted: the
// private rolls a side made with its own key are checked here, after the
// game, when nobody can gain by knowing them.
func (g *Game) checkKeys() error {
	_, err := g.playKeyed()
	return err
}

// playKeyed plays the game again from its genesis with every side's
// revealed dice key (rules.WithPeerVerifier), each round from its opened
// orders and dice, checks each round's announcements and result, and
// returns each round's stretch as played, up to the first it refuses.
func (g *Game) playKeyed() ([]stretch, error) {
	var keys []rules.SideKey
	for _, sd := range g.Genesis.Sides {
		keys = append(keys, rules.SideKey{Side: sd, Key: g.DiceKeys[sd]})
	}
	st, err := rules.NewState(g.Scenario.Setup(), 0, rules.WithPrivateKey(openKey(g.ID)), rules.WithSideKeys(keys...), rules.WithPeerVerifier())
	if err != nil {
		return nil, fmt.Errorf("its scenario: %v", err)
	}
	var out []stretch
	commands, made, news, mines := 0, 0, 0, 0
	for i, r := range g.played {
		if err := g.setLimbo(st, i+1, true); err != nil {
			return out, err
		}
		s := play(st, g.Genesis.Sides, r.Orders, r.Seed, commands)
		// Every announcement of the round against the phase-ins and the
		// rift news the rules make with every key: first, so that a
		// false one is named rather than the result it led to.
		truth := s.Made[made:]
		made = len(s.Made)
		if c := checkAnnounced(r.Announced, truth); c != nil {
			return out, c
		}
		if c := checkAnnouncedRifts(r.Announced, s.Rifts[news:]); c != nil {
			return out, c
		}
		news = len(s.Rifts)
		if c := checkAnnouncedMines(r.Announced, s.Mines[mines:]); c != nil {
			return out, c
		}
		mines = len(s.Mines)
		if i >= len(g.Results) {
			return out, fmt.Errorf("round %d is played but has no result", i+1)
		}
		if d := diffResult(g.Results[i], s.Result); d != "" {
			return out, fmt.Errorf("played again with every side's dice key, round %d gives another result: %s", i+1, d)
		}
		out = append(out, s)
		st, commands = s.State.Clone(), s.Result.Commands
	}
	return out, nil
}

// checkAnnounced checks a round's announcements against the phase-ins the
// game played with every key makes, side by side, and names the first
// announcement that differs.
func checkAnnounced(said []announced, truth []rules.Arrival) *Cheat {
	return checkNews(said, truth, news[rules.Arrival]{
		side: func(a rules.Arrival) rules.SideID { return a.Unit.Side },
		due:  func(an announced, a rules.Arrival) bool { return !an.Through.Before(a.Clock) },
		told: func(an announced) []rules.Arrival { return an.Arrivals },
		fact: func(a rules.Arrival) string { return fmt.Sprintf("%s phases in at %s", a.Unit.ID, a.Clock) },
		diff: diffArrivals,
	})
}

// diffArrivals names the first difference between announced phase-ins
// and the true ones, or "".
func diffArrivals(got, want []rules.Arrival) string {
	for i := range max(len(got), len(want)) {
		switch {
		case i >= len(got):
			return fmt.Sprintf("%s phases in at %s (%s), and the announcement does not say so", want[i].Unit.ID, want[i].Clock, want[i].Clause)
		case i >= len(want):
			return fmt.Sprintf("it says %s phases in at %s, which the rules do not give", got[i].Unit.ID, got[i].Clock)
		}
		g, w := got[i], want[i]
		gb, _ := json.Marshal(g)
		wb, _ := json.Marshal(w)
		if !bytes.Equal(gb, wb) {
			return fmt.Sprintf("it says %s phases in at %s %s facing %s (%s), the rules put it at %s %s facing %s (%s)%s",
				g.Unit.ID, g.Clock, g.Unit.Hex, g.Unit.Facing, g.Clause, w.Clock, w.Unit.Hex, w.Unit.Facing, w.Clause, sameWhere(g, w))
		}
	}
	return ""
}

// sameWhere notes when two phase-ins differ in what the unit brings, not
// where and when.
func sameWhere(g, w rules.Arrival) string {
	if g.Clock == w.Clock && g.Unit.Hex == w.Unit.Hex && g.Unit.Facing == w.Unit.Facing && g.Clause == w.Clause {
		return ", with another condition or course record"
	}
	return ""
}

func (g *Game) commit(m Message) error {
	switch {
	case !g.Joined():
		return fmt.Errorf("not every side has joined yet")
	case g.Over():
		return fmt.Errorf("the game is over")
	case g.pending != nil:
		return fmt.Errorf("round %d is played but its result is missing", g.Round)
	case m.Round != g.Round:
		return fmt.Errorf("the game is at round %d: a commitment to round %d is stale, replayed or skips a round", g.Round, m.Round)
	case g.Commits[m.Side] != "":
		return fmt.Errorf("%s has already committed to round %d", m.Side, m.Round)
	}
	if b, err := hex.DecodeString(m.Commit); err != nil || len(b) != 32 {
		return fmt.Errorf("the commitment is not a SHA-256 hash")
	}
	if err := g.limboCommit(m); err != nil {
		return err
	}
	g.Commits[m.Side] = m.Commit
	return nil
}

func (g *Game) reveal(m Message) error {
	switch {
	case m.Round != g.Round:
		return fmt.Errorf("the game is at round %d: a reveal of round %d is stale or replayed", g.Round, m.Round)
	case g.Commits[m.Side] == "":
		return fmt.Errorf("%s reveals before it committed", m.Side)
	case g.Reveals[m.Side] != nil:
		return fmt.Errorf("%s has already revealed round %d", m.Side, m.Round)
	}
	for _, sd := range g.Genesis.Sides {
		if g.Commits[sd] == "" {
			return fmt.Errorf("%s reveals before every side committed (%s has not): its orders would be seen before %s's are fixed", m.Side, sd, sd)
		}
	}
	nonce, err := hex.DecodeString(m.Nonce)
	if err != nil || len(nonce) != NonceSize {
		return fmt.Errorf("the nonce is not %d hexadecimal bytes", NonceSize)
	}
	// A file may be indented: the commitment is over the compact JSON.
	var raw bytes.Buffer
	if err := json.Compact(&raw, m.Orders); err != nil {
		return fmt.Errorf("the revealed orders are not JSON: %v", err)
	}
	if commitment(g.ID, m.Round, m.Side, raw.Bytes(), nonce) != g.Commits[m.Side] {
		return fmt.Errorf("the orders and nonce do not match %s's commitment to round %d (changed orders or a swapped nonce)", m.Side, m.Round)
	}
	o, err := decodeOrders(m.Orders)
	if err != nil {
		return err
	}
	if o.Command != nil && o.Command.Side != m.Side || o.Plot != nil && o.Plot.Side != m.Side {
		return fmt.Errorf("orders for another side than %s", m.Side)
	}
	g.Reveals[m.Side], g.nonces[m.Side] = o, nonce
	if len(g.Reveals) == len(g.Genesis.Sides) {
		seed := diceSeed(g.ID, g.Round, g.Genesis.Sides, g.nonces)
		g.played = append(g.played, round{Orders: g.Reveals, Seed: seed})
		return g.playRound()
	}
	return nil
}

// playRound plays the current round's stretch from its start with the
// announcements made so far: it is pending, complete or waiting for an
// announcement.
func (g *Game) playRound() error {
	r := &g.played[len(g.played)-1]
	st := g.State.Clone()
	for _, an := range g.announced {
		if err := st.AnnounceMines(an.Side, an.MinePoints, an.Mines); err != nil {
			return err
		}
		if err := st.AnnounceRifts(an.Side, an.Through, an.Rifts); err != nil {
			return err
		}
		if err := st.Announce(an.Side, an.Through, an.Arrivals); err != nil {
			return err
		}
	}
	if err := g.setLimbo(st, g.Round, false); err != nil {
		return err
	}
	s := playFrames(st, g.Genesis.Sides, r.Orders, r.Seed, len(g.Commands), g.recap != nil && g.Round > g.recap.From)
	if s.Err != nil {
		return s.Err
	}
	g.pending = &s
	return nil
}

// dueAnnouncement returns the announcement the machine's side owes the
// other machines in the current round's stretch, or nil: what its units
// out of phase did at the phase points of the stretch it played (through
// the point it waits at, or to the end), once it passed a point past its
// last announcement at which it had units out of phase, or waits at one.
func (g *Game) dueAnnouncement() *Announcement {
	s := g.pending
	if s == nil || g.me == "" {
		return nil
	}
	var last rules.Clock
	had := false
	reach := 0
	for _, an := range g.announced {
		if an.Side == g.me {
			last, had, reach = an.Through, true, an.MinePoints
		}
	}
	if !had {
		// The reach of the side's announcements of earlier rounds.
		reach = g.State.MineReach(g.me)
	}
	after := func(c rules.Clock) bool { return !had || last.Before(c) }
	var through rules.Clock
	due := false
	if s.Need != nil {
		through, due = s.Need.Clock, after(s.Need.Clock)
	} else {
		// A stretch stopped before a step tells what happened in that
		// step too (stretch.Ahead), so that every machine stops there.
		reached := s.State
		if s.Ahead != nil {
			reached = s.Ahead
		}
		through = reached.Clock
		for _, p := range reached.PhasePoints()[len(g.State.PhasePoints()):] {
			if slices.Contains(p.Sides, g.me) && after(p.Clock) {
				due = true
			}
		}
	}
	// Its mine points: every one the stretch passed past the reach of its
	// announcements must be told, set-offs or none.
	mine := 0
	for _, p := range s.MinePoints {
		if p.Side == g.me {
			mine++
		}
	}
	if mine > reach {
		due = true
	}
	if !due {
		return nil
	}
	an := &Announcement{Through: through, MinePoints: max(mine, reach)}
	for _, n := range s.Mines {
		if n.Side == g.me && n.Point > reach && n.Point <= an.MinePoints {
			an.Mines = append(an.Mines, n)
		}
	}
	for _, a := range s.Made {
		if a.Unit.Side == g.me && !a.Clock.Before(g.State.Clock) && after(a.Clock) && !through.Before(a.Clock) {
			an.Arrivals = append(an.Arrivals, a)
		}
	}
	for _, n := range s.Rifts {
		if n.Side == g.me && !n.Clock.Before(g.State.Clock) && after(n.Clock) && !through.Before(n.Clock) {
			an.Rifts = append(an.Rifts, n)
		}
	}
	return an
}

// announce takes a side's announcement of what its units out of phase
// did in the round's stretch, and plays the stretch on with it.
func (g *Game) announce(m Message) error {
	switch {
	case m.Round != g.Round:
		return fmt.Errorf("the game is at round %d: an announcement for round %d is stale or replayed", g.Round, m.Round)
	case g.pending == nil:
		return fmt.Errorf("an announcement before every side has revealed its orders of round %d", g.Round)
	case m.Announce == nil:
		return fmt.Errorf("no announcement")
	}
	an := announced{Seq: m.Seq, Side: m.Side, What: m.label(), Announcement: *m.Announce}
	g.announced = append(g.announced, an)
	g.played[len(g.played)-1].Announced = append(g.played[len(g.played)-1].Announced, an)
	if err := g.playRound(); err != nil {
		g.announced = g.announced[:len(g.announced)-1]
		r := &g.played[len(g.played)-1]
		r.Announced = r.Announced[:len(r.Announced)-1]
		_ = g.playRound()
		return err
	}
	return nil
}

func (g *Game) result(m Message) error {
	if g.pending == nil || g.pending.Need != nil {
		if side, what, ok := g.Waiting(); ok {
			return fmt.Errorf("a result of round %d before %s's %s", g.Round, side, what)
		}
		return fmt.Errorf("no round to give a result of")
	}
	if m.Round != g.Round {
		return fmt.Errorf("the result of round %d is due, not of round %d", g.Round, m.Round)
	}
	if m.Result == nil {
		return fmt.Errorf("no result")
	}
	if d := diffResult(*m.Result, g.pending.Result); d != "" {
		return fmt.Errorf("the rules give another result: %s", d)
	}
	s := g.pending
	g.State, g.pending = s.State, nil
	g.played[len(g.played)-1].left = s.Plots
	if s.Frames != nil {
		g.recap.Rounds = append(g.recap.Rounds, roundFrames{Round: g.Round, Events: len(g.Events), Frames: s.Frames})
	}
	g.Commands = append(g.Commands, s.Commands...)
	g.Events = append(g.Events, s.Events...)
	g.Stretches = append(g.Stretches, s.Events)
	g.Results = append(g.Results, s.Result)
	g.newRound(g.Round + 1)
	return nil
}

// newRound starts round r.
func (g *Game) newRound(r int) {
	g.Round = r
	g.Commits, g.Reveals, g.nonces = map[rules.SideID]string{}, map[rules.SideID]*Orders{}, map[rules.SideID][]byte{}
	g.announced = nil
}

// diffResult names the first difference between a claimed result and the
// one the rules give, or "".
func diffResult(got, want Result) string {
	for i := range max(len(got.Rolls), len(want.Rolls)) {
		var g, w string
		if i < len(got.Rolls) {
			g = got.Rolls[i]
		}
		if i < len(want.Rolls) {
			w = want.Rolls[i]
		}
		if g != w {
			return fmt.Sprintf("roll %d reads %q, the rules roll %q", i+1, g, w)
		}
	}
	switch {
	case got.Commands != want.Commands:
		return fmt.Sprintf("%d commands played, the rules play %d", got.Commands, want.Commands)
	case got.Clock != want.Clock:
		return fmt.Sprintf("it stops at %s, the rules at %s", got.Clock, want.Clock)
	case got.Break != want.Break:
		return fmt.Sprintf("break %q, the rules break on %q", got.Break, want.Break)
	case got.Stopped != want.Stopped:
		return fmt.Sprintf("stopped %q, the rules %q", got.Stopped, want.Stopped)
	case got.Hash != want.Hash:
		return fmt.Sprintf("state hash %s, the rules reach %s", got.Hash, want.Hash)
	}
	return ""
}

// decodeOrders reads revealed orders, refusing unknown fields.
func decodeOrders(b []byte) (*Orders, error) {
	var o Orders
	if err := strictJSON(b, &o); err != nil {
		return nil, fmt.Errorf("the revealed orders do not read: %v", err)
	}
	return &o, nil
}

// strictJSON decodes one JSON value into v, refusing unknown fields and
// anything after the value.
func strictJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("more than one JSON value")
	}
	return nil
}

// jsonIndent encodes v as indented JSON with a final newline.
func jsonIndent(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return nil, fmt.Errorf("pbem: %v", err)
	}
	return append(b, '\n'), nil
}

// parsePub reads a hexadecimal Ed25519 public key.
func parsePub(s string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("field pub_key is not an Ed25519 public key")
	}
	return ed25519.PublicKey(b), nil
}

// validGame reports whether id is a game identity NewGame makes: 16
// lowercase hexadecimal digits (it becomes a folder name).
func validGame(id string) bool {
	if len(id) != 16 {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil && id == strings.ToLower(id)
}
