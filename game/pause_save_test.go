package game

import (
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/scenarios"
)

// Saving under a name from the game menu: the file keeps the name; a
// second game saved under the same name does not replace the first until
// the player presses Save again; the load screen and the menu's Continue
// say which game a save belongs to.
func TestPauseMenuAsksBeforeReplacingASave(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	src, err := scenarios.ReadSource("testdata/duel.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	first, err := match.NewSession(src, 3, match.DefaultSeats(sc))
	require.NoError(t, err)
	second, err := match.NewSession(src, 4, match.DefaultSeats(sc))
	require.NoError(t, err)
	path := filepath.Join(env.Paths.Saves, "Битва у Веги.hexrift")

	tests := []struct {
		name       string
		sess       *match.Session
		presses    int
		wantStatus string
		wantGame   *match.Session // whose game the file holds after
	}{
		{"new name", first, 1, "Saved as Битва у Веги.hexrift", first},
		{"taken by another game", second, 1, "already holds \"Битва у Веги\"", first},
		{"replaced on the second press", second, 2, "Saved as Битва у Веги.hexrift", second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := NewPlayScene(env, tt.sess)
			p.now = fixedNow
			m := newPauseMenu(p.env, p.sess, p.now, p)
			m.name.SetText("Битва у Веги")
			for range tt.presses {
				m.save()
			}
			assert.Contains(t, m.status.Label, tt.wantStatus)
			sf, err := match.ReadSave(path)
			require.NoError(t, err)
			assert.Equal(t, tt.wantGame.Game, sf.Game)
			assert.Equal(t, "Битва у Веги", sf.Name, "the name is kept inside as typed")
		})
	}
	l := NewLoadScene(env)
	var named *match.SaveInfo
	for i := range l.saves {
		if l.saves[i].Path == path {
			named = &l.saves[i]
		}
	}
	require.NotNil(t, named, "the load screen lists the save")
	l.pick(named)
	assert.Contains(t, l.detail.Label, "Game: "+match.ShortGameID(second.Game))
}

// The game menu's status line ("Saved as ...", "already holds ...")
// pushes the buttons below it down: it never runs under Settings.
func TestPauseMenuStatusClearsTheButtons(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	src, err := scenarios.ReadSource("testdata/duel.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	sess, err := match.NewSession(src, 3, match.DefaultSeats(sc))
	require.NoError(t, err)
	p := NewPlayScene(env, sess)
	p.now = fixedNow
	screen := ebiten.NewImage(1280, 800)
	tests := []struct {
		name, save string
		presses    int
	}{
		{"saved", "a game", 1},
		{"already there, two lines", "a game", 1},
		{"empty name", " ", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newPauseMenu(p.env, p.sess, p.now, p)
			m.draw(screen)
			m.name.SetText(tt.save)
			for range tt.presses {
				m.save()
			}
			m.draw(screen)
			require.NotEmpty(t, m.status.Label)
			st, set := m.status.GetWidget().Rect, m.settings.GetWidget().Rect
			_, h := m.status.PreferredSize()
			assert.GreaterOrEqual(t, st.Dy(), h, "the status line has the room its text needs")
			assert.LessOrEqual(t, st.Max.Y, set.Min.Y, "%q ends above the Settings button", m.status.Label)
		})
	}
}
