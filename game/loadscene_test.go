package game

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// The load screen's take-over branches a new game from a step of a save,
// the player at the chosen side and the computer at the others.
func TestLoadSceneTakeOver(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	s, err := match.Simulate(defaultSource(t), 3, 1)
	require.NoError(t, err)
	require.NoError(t, match.WriteSave(filepath.Join(env.Paths.Saves, "g.hexrift"), s, "g", testTime))
	l := NewLoadScene(env)
	app := NewApp(env, l)
	require.Len(t, l.saves, 1)
	l.pick(&l.saves[0])
	require.Len(t, l.sides, 2)
	l.nextSide() // take the second side
	l.step(-1)   // a tenth of the game earlier
	want := s.NumCommands() - max(1, s.NumCommands()/10)
	assert.Equal(t, want, l.at)
	l.takeOver()
	play, ok := app.next.(*PlayScene)
	require.True(t, ok, "take over opens the game: %s", l.problem.Label)
	// The branch starts with the save's first commands; the computer
	// seats may already have played on from there.
	require.GreaterOrEqual(t, play.sess.NumCommands(), want)
	// (compared as saved: a save does not keep nil and empty lists apart)
	a, err := rules.MarshalCommands(s.Commands()[:want])
	require.NoError(t, err)
	b, err := rules.MarshalCommands(play.sess.Commands()[:want])
	require.NoError(t, err)
	assert.JSONEq(t, string(a), string(b))
	for _, seat := range play.sess.Seats {
		if seat.Side == l.sides[1] {
			assert.Equal(t, match.SeatHuman, seat.Kind)
		} else {
			assert.Equal(t, match.SeatComputer, seat.Kind)
		}
	}
}
