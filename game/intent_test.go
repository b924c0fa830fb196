package game

import (
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
)

// Every key a key map binds is watched by the input, and no key means
// two intents in one map.
func TestKeyMapsAreWatchedAndUnambiguous(t *testing.T) {
	for _, m := range keyMaps {
		seen := map[ebiten.Key]Intent{}
		for _, b := range m {
			require.NotEmpty(t, b.Keys, "%s has no key", b.Intent)
			assert.NotEmpty(t, b.Help, "%s has no help", b.Intent)
			for _, k := range b.Keys {
				assert.Contains(t, watchedKeys, k, "%s: %s is not watched", b.Intent, k)
				if other, ok := seen[k]; ok {
					t.Errorf("%s means both %s and %s", k, other, b.Intent)
				}
				seen[k] = b.Intent
			}
		}
	}
}

// Each intent of the main menu, driven through its key map, does what its
// button does (the P of Practice drills once never fired: P was not
// watched), and the buttons show the keys of the same map.
func TestMenuIntents(t *testing.T) {
	requireDisplay(t)
	cases := []struct {
		intent Intent
		check  func(t *testing.T, app *App)
	}{
		{intentContinue, func(t *testing.T, app *App) {
			assert.IsType(t, &PlayScene{}, app.Scene(), "C continues the autosave")
		}},
		{intentNewGame, func(t *testing.T, app *App) {
			s, ok := app.Scene().(*SetupScene)
			require.True(t, ok, "N opens the new-game screen")
			assert.NotEqual(t, []string{"drill-gravity", "drill-phase", "drill-rift"}, s.Listed())
		}},
		{intentDrills, func(t *testing.T, app *App) {
			s, ok := app.Scene().(*SetupScene)
			require.True(t, ok, "P opens the drills")
			assert.Equal(t, []string{"drill-gravity", "drill-phase", "drill-rift"}, s.Listed())
		}},
		{intentLoad, func(t *testing.T, app *App) { assert.IsType(t, &LoadScene{}, app.Scene()) }},
		{intentSettings, func(t *testing.T, app *App) { assert.IsType(t, &SettingsScene{}, app.Scene()) }},
		{intentQuit, func(t *testing.T, app *App) { assert.True(t, app.quit, "Q quits") }},
	}
	require.Len(t, cases, len(menuKeys), "every intent of the menu is tested")
	for i, tc := range cases {
		require.Equal(t, menuKeys[i].Intent, tc.intent)
		t.Run(string(tc.intent), func(t *testing.T) {
			env := testEnv(t)
			s, err := match.Simulate(defaultSource(t), 3, 1)
			require.NoError(t, err)
			require.NoError(t, match.WriteSave(filepath.Join(env.Paths.Saves, "autosave-1.hexrift"), s, "auto", testTime))
			script := &scriptInput{}
			menu := NewMenuScene(env)
			app := NewApp(env, menu)
			app.SetInputSource(script)
			screen := ebiten.NewImage(1280, 800)
			app.Layout(1280, 800)
			tick(t, app, screen)
			k, _ := menuKeys.Key(tc.intent)
			assert.Contains(t, buttonText(t, menu, tc.intent), "   "+k.String(), "the button shows its key")
			script.intend(t, menuKeys, tc.intent)
			if tc.intent == intentQuit { // the game loop ends on this tick
				require.ErrorIs(t, app.Update(), ebiten.Termination)
			} else {
				tick(t, app, screen)
			}
			tc.check(t, app)
		})
	}
}

// buttonText returns the text of the menu button of intent.
func buttonText(t *testing.T, m *MenuScene, intent Intent) string {
	t.Helper()
	buttons := map[Intent]string{
		intentContinue: m.Continue.Text().Label, intentNewGame: m.NewGame.Text().Label, intentDrills: m.Drills.Text().Label,
		intentLoad: m.Load.Text().Label, intentSettings: m.Settings.Text().Label, intentQuit: m.Quit.Text().Label,
	}
	return buttons[intent]
}
