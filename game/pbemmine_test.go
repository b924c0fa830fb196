package game

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// The window plays game/pbem's mined-haven by file, one side in the
// window and the other through game/pbem, with the seeds of
// TestMineGameBetweenTwoHomes for each side's keys and nonces and for
// its computer player (the window's side sets its ships' energy as that
// player would, and plots with the table's proposals; the other machine
// starts the game), to the first mine set off, once with each side in
// the window. The corsairs' table draws their mines where their dice
// laid them (as the log says), names them in the hover text and a card,
// and says before the first round that they are yet to be laid; the
// hunters' table holds no trace of a corsair mine before it goes off
// (map, hover text of every hex it may lie at, log, panel), and both
// machines tell its set-off with the lines a hot-seat table gives. With
// version 4's dice the seeds still set mines off on turn 1: three by the
// Bounty (impulses 2 and 3) with the corsairs in the window, the Spike
// by the Lure (impulse 4) with the hunters in the window.
func TestPbemWindowPlaysMines(t *testing.T) {
	requireDisplay(t)
	src, err := scenarios.ReadSource("pbem/testdata/mined-haven.yaml")
	require.NoError(t, err)
	seeds := map[rules.SideID]string{"corsairs": "mine-a", "hunters": "mine-b"}
	ctrlSeeds := map[rules.SideID]uint64{"corsairs": 1, "hunters": 2}
	for _, c := range []struct{ window, peer rules.SideID }{{"corsairs", "hunters"}, {"hunters", "corsairs"}} {
		t.Run(string(c.window), func(t *testing.T) {
			peer := &pbemPeer{home: pbem.Home{Dir: t.TempDir(), Rand: seededRand(seeds[c.peer])}, side: c.peer, dir: t.TempDir(),
				ctrl: match.NewController(match.Seat{Side: c.peer, Kind: match.SeatComputer, Level: "normal"}, ctrlSeeds[c.peer])}
			seat, err := pbem.NewGame(peer.home, src, c.peer, testTime)
			require.NoError(t, err)
			first := filepath.Join(peer.dir, seat.TurnFileName())
			require.NoError(t, seat.WriteTurn(first))
			w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
			w.env.pbemRand = seededRand(seeds[c.window])
			mc := newMineCheck(t, seat.Game.Scenario, "corsairs")
			own := match.NewController(match.Seat{Side: c.window, Kind: match.SeatComputer, Level: "normal"}, ctrlSeeds[c.window])
			w.edit = func(p *PbemScene) { // every panel the table asks
				mc.check(p, peer)
				spendAsComputer(t, p, own)
			}
			w.open(first, c.window)
			file := w.play(0)
			rounds := 0
			for rounds = 1; rounds <= 30; rounds++ {
				w.open(peer.answer(t, file), "")
				p := w.table()
				if mc.check(p, peer) {
					// The header tells what the stretch destroyed, which
					// the log holds among its many lines.
					assert.Contains(t, strings.Join(p.standing(), "\n"), "is destroyed (set off by", "the table's header tells the set-off")
					w.snap("mine-set-off-" + string(c.window))
					mc.logAtSetOff(w, p)
					break
				}
				if p.stage == pbemWaiting && p.next.Game.Finished() {
					break
				}
				file = w.play(rounds)
			}
			require.NotEmpty(t, mc.offs, "a mine went off at the window's table in %d rounds", rounds)
			if c.window == "corsairs" {
				require.Positive(t, mc.drawn, "the corsairs' tables drew their mines")
				require.Positive(t, mc.toLay, "the corsairs' table said its mines were yet to be laid")
			} else {
				require.Positive(t, mc.kept, "the hunters' tables held corsair mines in limbo")
				require.Len(t, mc.laid, 8, "the corsairs' machine laid its mines")
			}
			if len(mc.offs) > 0 && !mc.samePublicLines(w.table(), peer) {
				// The other machine plays the set-off from the window's
				// next file.
				peer.answer(t, w.play(rounds+1))
				require.True(t, mc.samePublicLines(w.table(), peer), "%s's machine played the set-off", c.peer)
			}
			mine, err := pbem.LoadSeat(pbemHome(w.env), seat.Game.ID)
			require.NoError(t, err)
			theirs := peer.seat.Game
			n := min(len(mine.Game.Results), len(theirs.Results))
			require.Positive(t, n)
			assert.Equal(t, mine.Game.Results[n-1].Hash, theirs.Results[n-1].Hash, "both machines play the stretches alike")
			t.Logf("%d rounds, now %s: %d tables, %d own mines drawn, %d tables saying the mines are yet to be laid, %d readings of a corsair mine in limbo kept off the hunters' table (%d hover texts read), set off: %s, told alike on both machines (%d); %d lines of the other side's kept back",
				rounds, mine.Game.State.Clock, mc.tables, mc.drawn, mc.toLay, mc.kept, mc.hovers, strings.Join(mc.offs, "; "), mc.same, w.secrets)
		})
	}
}

// spendAsComputer sets, on the table's energy allocation panel, each
// ship's energy as the computer player ctrl would spend it, as a person
// would set it ship by ship, so that the window's side plays as the
// side game/pbem's test game gives to its computer player.
func spendAsComputer(t *testing.T, p *PbemScene, ctrl match.Controller) {
	t.Helper()
	b, ok := p.orders.(*allocBuilder)
	if !ok {
		return
	}
	kind, legal := p.next.Decision()
	require.Equal(t, rules.CmdAllocate, kind)
	c := ctrl.Decide(p.next.Game.State.View(p.side), legal)
	for i := range b.allocs[:b.pub] {
		k := slices.IndexFunc(c.Allocations, func(a rules.Allocation) bool { return a.Unit == b.allocs[i].Unit })
		require.GreaterOrEqual(t, k, 0, "the computer allocates %s's energy", b.allocs[i].Unit)
		b.allocs[i] = c.Allocations[k]
	}
	require.NoError(t, b.check(p.desk))
	p.desk.changed()
}

// mineCheck checks the window's tables of a game with side's hidden
// mines.
type mineCheck struct {
	t    *testing.T
	side rules.SideID
	// from is each mine's scenario hex, public in the genesis.
	from map[rules.UnitID]rules.Hex
	// laid is where the mines' side's machine laid them, once it has.
	laid map[rules.UnitID]rules.Hex
	// offs are the set-offs the window's log told.
	offs []string
	// The figures: tables checked, own mines drawn, tables saying the
	// mines are yet to be laid, hidden mines kept off a table and hover
	// texts read for them.
	tables, drawn, toLay, kept, hovers int
	// same counts the set-offs both machines tell alike.
	same int
}

func newMineCheck(t *testing.T, sc *scenarios.Scenario, side rules.SideID) *mineCheck {
	t.Helper()
	mc := &mineCheck{t: t, side: side, from: map[rules.UnitID]rules.Hex{}, laid: map[rules.UnitID]rules.Hex{}}
	for _, u := range sc.Setup().Units {
		if u.Kind == rules.KindMine && u.Side == side {
			mc.from[u.ID] = u.Hex
		}
	}
	require.NotEmpty(t, mc.from)
	return mc
}

// check checks table p, and learns where the mines lie from the peer
// when it is the mines' side; it reports whether the table's log tells
// a mine set off.
func (mc *mineCheck) check(p *PbemScene, peer *pbemPeer) bool {
	t := mc.t
	t.Helper()
	mc.tables++
	if peer.side == mc.side && peer.seat != nil {
		for _, u := range peer.seat.Mines() {
			mc.laid[u.ID] = u.Hex
		}
	}
	st := p.next.Game.State
	var lines []string
	for _, ln := range p.log.shown {
		lines = append(lines, ln.text)
	}
	lines = append(lines, p.bodyText()...)
	var logText []string
	for _, e := range p.events {
		logText = append(logText, e.Text)
	}
	lines = append(lines, logText...) // the whole log, scrolled back or not
	set := false
	for id := range mc.from {
		u := st.Unit(id)
		if u.Status == rules.StatusDestroyed {
			set = true
			line := fmt.Sprintf(" enters %s and sets off mine %s", u.Hex, u.ID)
			i := slices.IndexFunc(logText, func(s string) bool { return strings.Contains(s, line) })
			if assert.GreaterOrEqual(t, i, 0, "%s's log tells %s set off at %s: %q", p.side, id, u.Hex, logText) {
				by, _, _ := strings.Cut(logText[i], " enters ")
				assert.Contains(t, logText, fmt.Sprintf("%s is destroyed (set off by %s)", u.Name, by), "%s's log tells %s destroyed", p.side, id)
				if h, ok := mc.laid[id]; ok {
					assert.Equal(t, h, u.Hex, "%s went off where its side's machine laid it", id)
				}
				if s := fmt.Sprintf("%s sets off %s at %s (%s)", by, u.Name, u.Hex, p.events[i].Clock); !slices.Contains(mc.offs, s) {
					mc.offs = append(mc.offs, s)
				}
			}
		}
	}
	if p.side == mc.side {
		mc.checkOwn(p, logText)
	} else {
		mc.checkOthers(p, lines)
	}
	return set
}

// samePublicLines reports whether the other machine has played every
// set-off the window's table p tells, and requires then that the public
// lines of each set-off mine (its set-off, its destruction) are the
// same on both machines: the lines a hot-seat table gives (mines.go).
func (mc *mineCheck) samePublicLines(p *PbemScene, peer *pbemPeer) bool {
	t := mc.t
	t.Helper()
	public := func(evs []rules.Event, id rules.UnitID) []string {
		var out []string
		for _, e := range evs {
			if e.Unit == id && e.Audience.IsPublic() {
				out = append(out, e.Clock.String()+" "+e.Text)
			}
		}
		return out
	}
	theirs := peer.seat.Game.State
	for id := range mc.from {
		if p.next.Game.State.Unit(id).Status != rules.StatusDestroyed {
			continue
		}
		if theirs.Unit(id).Status != rules.StatusDestroyed {
			return false
		}
		mine := public(p.events, id)
		require.Len(t, mine, 2, "the table tells %s's set-off and destruction: %q", id, mine)
		require.Equal(t, mine, public(rules.Events(peer.seat.Game.Events, peer.side), id), "both machines tell %s's set-off alike", id)
		mc.same++
	}
	return true
}

// logAtSetOff scrolls the table's log back to the first set-off it
// tells, requires it drawn there, and keeps a screenshot of it; then
// one of the map zoomed in on the side's own mines, if it has any.
func (mc *mineCheck) logAtSetOff(w *pbemWindow, p *PbemScene) {
	t := w.t
	t.Helper()
	i := slices.IndexFunc(p.events, func(e rules.Event) bool { return strings.Contains(e.Text, " and sets off mine ") })
	require.GreaterOrEqual(t, i, 0)
	drawn := func() bool {
		return slices.ContainsFunc(p.log.shown, func(l logLineT) bool { return l.text == p.events[i].Text })
	}
	// At least a row for each line after it.
	for p.log.scroll = (len(p.events) - i) / 2; !drawn() && p.log.scroll < 2*len(p.events); p.log.scroll++ {
		w.tick()
	}
	require.True(t, drawn(), "%s's log, scrolled back, draws the set-off: %s", p.side, p.events[i].Text)
	w.snap("mine-set-off-log-" + string(p.side))
	p.log.scroll = 0
	if mines := p.next.Mines(); len(mines) > 0 && w.shots != "" {
		p.mapv.cam.CenterOn(mines[0].Hex)
		p.mapv.cam.ZoomAt(3, float64(p.mapv.cam.Width)/2, float64(p.mapv.cam.Height)/2)
		w.tick()
		// The card of the first mine, as the pointer over it shows it.
		i := slices.IndexFunc(p.mapv.View().Units, func(u rules.UnitView) bool { return u.ID == mines[0].ID })
		u := p.mapv.View().Units[i]
		if l, ok := p.mapv.cardFor(u, "", p.mapv.renderer.SideColour(p.mapv.Frame(), u.Side)); ok {
			l.draw(w.screen, p.env.Fonts)
		}
		w.snap("own-mines-" + string(p.side))
		t.Logf("hover text at %s: %q", mines[0].Hex, p.mapv.Describe(mines[0].Hex))
	}
}

// checkOwn checks the mines' side's table: its map draws each of its
// mines not yet set off where its dice laid them (as its log says), and
// no other mine; the hover text at the hex names it; before they are
// laid the header says they are yet to be laid.
func (mc *mineCheck) checkOwn(p *PbemScene, logText []string) {
	t := mc.t
	t.Helper()
	st := p.next.Game.State
	own := map[rules.UnitID]rules.Hex{}
	for _, u := range p.next.Mines() {
		own[u.ID] = u.Hex
	}
	for _, u := range p.mapv.View().Units {
		if u.Kind == rules.KindMine {
			h, ok := own[u.ID]
			require.True(t, ok, "the map draws mine %s, not hidden on the side's machine", u.ID)
			require.Equal(t, h, u.Hex, "the map draws mine %s where it does not lie", u.ID)
		}
	}
	for id, h := range own {
		i := slices.IndexFunc(p.mapv.View().Units, func(u rules.UnitView) bool { return u.ID == id })
		require.GreaterOrEqual(t, i, 0, "the map draws %s's own mine %s at %s", p.side, id, h)
		assert.Contains(t, logText, fmt.Sprintf("mine %s lies at %s (the scenario gives %s)", id, h, mc.from[id]), "the log says where %s was laid", id)
		u := st.Unit(id)
		assert.True(t, slices.ContainsFunc(p.mapv.Describe(h), func(l string) bool { return mentions(l, u) }), "the hover text at %s names %s: %q", h, id, p.mapv.Describe(h))
		uv := p.mapv.View().Units[i]
		side, _ := p.mapv.View().Side(p.side)
		l, ok := layoutShipCard(p.env.Fonts, uv, side, namerOf(p.mapv.View()), render.UIText, 12, 44)
		require.True(t, ok, "a card for mine %s", id)
		var card []string
		for _, lb := range l.labels {
			card = append(card, lb.Text)
		}
		assert.Equal(t, []string{u.Name, "Mine · " + side.Name, "Hidden: only you see it."}, card[:3], "mine %s's card", id)
		mc.drawn++
	}
	if len(own) == 0 && len(st.HiddenMines(p.side)) > 0 {
		assert.Contains(t, strings.Join(p.standing(), "\n"), "yet to be laid", "the header says the mines are yet to be laid")
		mc.toLay++
	}
}

// checkOthers checks another side's table: no mine of the mines' side
// still hidden is on its map, in the hover text of any hex it may lie
// at, in its log or its panel.
func (mc *mineCheck) checkOthers(p *PbemScene, lines []string) {
	t := mc.t
	t.Helper()
	st := p.next.Game.State
	for _, u := range p.mapv.View().Units {
		require.NotEqual(t, rules.KindMine, u.Kind, "%s's map shows mine %s", p.side, u.ID)
	}
	for _, m := range st.HiddenMines(mc.side) {
		require.Equal(t, rules.Hex{}, m.Hex, "%s's machine holds %s's mine %s's hex", p.side, mc.side, m.ID)
		mc.kept++
		for _, line := range lines {
			require.False(t, mentions(line, &m), "%s's table names hidden mine %s: %q", p.side, m.ID, line)
		}
		from := mc.from[m.ID]
		for dq := -2; dq <= 2; dq++ {
			for dr := -2; dr <= 2; dr++ {
				h := rules.Hex{Q: from.Q + dq, R: from.R + dr}
				if h.Distance(from) > 2 {
					continue
				}
				mc.hovers++
				for _, line := range p.mapv.Describe(h) {
					require.False(t, mentions(line, &m), "%s's hover text at %s names hidden mine %s: %q", p.side, h, m.ID, line)
				}
			}
		}
		if h, ok := mc.laid[m.ID]; ok {
			for _, line := range p.mapv.Describe(h) {
				require.False(t, strings.Contains(line, "mine"), "%s's hover text at %s, where %s lies, tells a mine: %q", p.side, h, m.ID, line)
			}
		}
	}
}
