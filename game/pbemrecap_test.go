package game

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// The table of a game by file replays, with its recap key, what happened
// since the side last looked: the other machine's file opened, the
// header says how many lines are new and which key replays them; the
// replay steps impulse by impulse through the side's own view, each step
// adding lines to the log and the steps' lines together the new lines
// the header counted; the key closes it and the table asks for the
// side's orders as before.
func TestPbemWindowReplaysWhatHappened(t *testing.T) {
	requireDisplay(t)
	peer, _, first := peerStarts(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.open(first, "corsairs")
	file := w.play(0)
	replayed := 0
	for round := 1; round <= 4; round++ {
		w.open(peer.answer(t, file), "")
		p := w.table()
		stage, news := p.stage, p.next.NewEvents()
		if len(p.next.Game.Results) < 2 || len(news) == 0 {
			file = w.play(round)
			continue
		}
		head := strings.Join(p.standing(), "\n")
		assert.Contains(t, head, "new lines in the log since you last looked. R replays them on the map")
		w.script.intend(t, pbemKeys, intentRecap)
		w.tick()
		require.NotNil(t, p.recap, "round %d: the key opens the replay", round)
		rv := p.recap
		assert.Equal(t, "Since you last looked", rv.title)
		var lines []rules.Event
		for _, f := range rv.frames {
			lines = append(lines, f.events...)
			for _, u := range f.view.Units {
				assert.False(t, u.Side != p.side && u.Ghost, "round %d: a ghost of %s", round, u.ID)
			}
		}
		assert.Equal(t, logLines(news, nil), logLines(lines, nil), "round %d: the replay's lines are the new lines", round)
		for at, f := range rv.frames {
			assert.NotEmpty(t, logLines(f.events, nil), "round %d: step %d adds nothing to the log", round, at+1)
		}
		w.tick()
		w.snap("recap-" + string(rune('a'+round)) + "-first")
		for at := 1; at < len(rv.frames); at++ {
			w.script.intend(t, recapKeys, intentNextFrame)
			w.tick()
			assert.Equal(t, at, rv.at)
		}
		w.snap("recap-" + string(rune('a'+round)) + "-last")
		w.script.intend(t, recapKeys, intentPrevFrame)
		w.tick()
		assert.Equal(t, max(len(rv.frames)-2, 0), rv.at)
		w.script.intend(t, recapKeys, intentCloseRecap)
		w.tick()
		require.Nil(t, p.recap, "round %d: the key closes the replay", round)
		assert.Equal(t, stage, p.stage, "round %d: the table asks what it asked", round)
		replayed++
		if replayed == 2 {
			break
		}
		file = w.play(round)
	}
	require.Equal(t, 2, replayed, "two tables replayed what happened")

}

// A game by file that stops (here, before a cosmic rift forms in
// rift-haven, whose formation roll is one die, IP4.62) tells at the
// table how the sides stood when it did, each side's points as the
// rules tally them, for the players to settle it as they agreed. With
// the window's machine drawing from seed 5, the corsairs' secret rift
// roll raises a rift (at absolute impulse 6) that forms at T3 I2.
func TestPbemWindowTellsHowAStoppedGameStood(t *testing.T) {
	requireDisplay(t)
	src, err := scenarios.ReadSource("pbem/testdata/rift-haven.yaml")
	require.NoError(t, err)
	peer, _, first := peerStartsOf(t, src, "hunters")
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.env.pbemRand = pbemRand(5)
	w.open(first, "corsairs")
	file := w.play(0)
	for round := 1; round <= 40; round++ {
		w.open(peer.answer(t, file), "")
		p := w.table()
		g := p.next.Game
		if n := len(g.Results); n > 0 && g.Results[n-1].Stopped != "" {
			head := strings.Join(p.standing(), "\n")
			o := g.State.Outcome()
			require.Len(t, o.Sides, 2)
			want := fmt.Sprintf("As it stood when it stopped: Corsair Band %d points, Bounty Hunters %d points (", o.Sides[0].Points, o.Sides[1].Points)
			if o.Sides[0].Side == "hunters" {
				want = fmt.Sprintf("As it stood when it stopped: Bounty Hunters %d points, Corsair Band %d points (", o.Sides[0].Points, o.Sides[1].Points)
			}
			assert.Contains(t, head, "The game stopped: ")
			assert.Contains(t, head, want)
			w.tick()
			w.snap("stopped")
			t.Logf("stopped in round %d at %s: %s", round, g.State.Clock, o)
			return
		}
		require.False(t, g.Over(), "the game ended without stopping")
		file = w.play(round)
	}
	t.Fatal("the game never stopped")
}

// Round a table of three, the table speaks of the other sides: the note
// goes to them, the file is sent to them, the window waits for the next
// file round the table, and the keys are compared with the other
// players.
func TestPbemWindowSpeaksToEveryOtherSide(t *testing.T) {
	requireDisplay(t)
	src, err := scenarios.ReadSource("pbem/testdata/short-crowns.yaml")
	require.NoError(t, err)
	_, _, first := peerStartsOf(t, src, "federation")
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.open(first, "korath")
	p := w.table()
	assert.Equal(t, "the other sides", p.others(), "whom the note goes to")
	w.play(0)
	p = w.table()
	body := strings.Join(p.bodyText(), "\n")
	assert.Contains(t, body, "Send it to the other sides (mail, chat, a shared folder). Waiting for the next file round the table")
	assert.Contains(t, body, "Compare them once with the other players")
	assert.NotContains(t, body, "the other side's")
}
