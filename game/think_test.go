package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// gatedPlayer is a computer player that decides only when the test opens
// its gate: until then its decision is pending, however many frames run.
type gatedPlayer struct {
	asked chan []rules.Command // what it was asked to choose from
	gate  chan struct{}
}

func (g *gatedPlayer) Decide(_ *rules.View, legal []rules.Command) rules.Command {
	g.asked <- legal
	<-g.gate
	return legal[0]
}

// In the per-ship flow a computer decides off the frame loop: while its
// decision is pending the window goes on drawing frames (counted here,
// not timed), nobody's orders are taken, and the game stands still; when
// it has decided, its command is played in a later frame.
func TestPerShipComputerDecidesOffTheFrameLoop(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	require.True(t, env.Settings.PerShipTurns)
	src, err := scenarios.ReadSource("first-contact")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	seats := match.DefaultSeats(sc)
	seats[1].Kind, seats[1].Level = match.SeatComputer, "legal"
	sess, err := match.NewSession(src, 3, seats)
	require.NoError(t, err)
	play := NewPlayScene(env, sess)
	play.now = fixedNow
	require.Nil(t, play.table, "every decision by hand: the per-ship flow")
	gated := &gatedPlayer{asked: make(chan []rules.Command, 1), gate: make(chan struct{})}
	computer := seats[1].Side
	play.ctrl[computer] = gated
	script := &scriptInput{}
	app := NewApp(env, play)
	app.SetInputSource(script)
	app.Layout(1280, 800)
	screen := ebiten.NewImage(1280, 800)

	for i := 0; i < 2000 && !play.Deciding() && !sess.Over(); i++ {
		acceptAll(t, play, script)
		tick(t, app, screen)
	}
	require.True(t, play.Deciding(), "the person's orders handed the game to the computer")
	legal := <-gated.asked // it is inside Decide now, and stays there
	played := sess.NumCommands()

	const frames = 30
	drawn := 0
	for range frames {
		acceptAll(t, play, script)
		tick(t, app, screen)
		if play.Deciding() {
			drawn++
		}
		assert.Nil(t, play.orders, "no orders are taken while the computer decides")
	}
	assert.Equal(t, frames, drawn, "frames drawn while the decision was pending")
	assert.Len(t, sess.Commands(), played, "the game stood still while the computer decided")
	assert.Contains(t, play.waitingText(), "computer decides", "the panel says who is deciding")

	gated.gate <- struct{}{}
	for i := 0; i < 10000 && play.Deciding(); i++ {
		tick(t, app, screen)
	}
	require.False(t, play.Deciding(), "the decision came back to the frame loop")
	require.Greater(t, sess.NumCommands(), played)
	assert.Equal(t, legal[0], sess.Commands()[played], "the command played is the one the computer chose")
}
