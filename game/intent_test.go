package game

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// intentCase checks what one key of an intent does in its scene.
type intentCase struct {
	intent Intent
	check  func(t *testing.T, k ebiten.Key)
}

// eachIntentKey runs every case for every key m binds to its intent, and
// fails unless the cases name every intent of m: a key of a scene that
// no test drives fails the test.
func eachIntentKey(t *testing.T, m KeyMap, cases []intentCase) {
	t.Helper()
	var tested []Intent
	for _, c := range cases {
		tested = append(tested, c.intent)
	}
	for _, b := range m.Bindings {
		require.Contains(t, tested, b.Intent, "%s: no test drives %s", m.Scene, b.Intent)
	}
	for _, c := range cases {
		i := slices.IndexFunc(m.Bindings, func(b Binding) bool { return b.Intent == c.intent })
		require.GreaterOrEqual(t, i, 0, "%s has no intent %s", m.Scene, c.intent)
		for _, k := range m.Bindings[i].Keys {
			t.Run(string(c.intent)+"/"+k.String(), func(t *testing.T) { c.check(t, k) })
		}
	}
}

// Every key a key map binds is watched by the input; within a scene, and
// among the maps read in one tick of a game (map, play, orders), no key
// means two intents. The one exception is Esc, which closes the F1 help
// while it is up and opens the game menu otherwise.
func TestKeyMapsAreWatchedAndUnambiguous(t *testing.T) {
	ks := DefaultKeyMaps()
	require.Len(t, ks, len(defaultKeyMaps), "every scene has its own name")
	watched := ks.Watched()
	for _, m := range ks {
		for _, b := range m.Bindings {
			require.NotEmpty(t, b.Keys, "%s.%s has no key", m.Scene, b.Intent)
			assert.NotEmpty(t, b.Help, "%s.%s has no help", m.Scene, b.Intent)
			for _, k := range b.Keys {
				assert.Contains(t, watched, k, "%s.%s: %s is not watched", m.Scene, b.Intent, k)
			}
		}
	}
	groups := [][]string{{"menu"}, {"map", "play", "orders"}, {"map", "pbem", "orders"}, {"map", "preview"}, {"curtain"}, {"recap"}, {"pause"}, {"setup"}, {"load"}, {"settings"}}
	for _, g := range groups {
		seen := map[ebiten.Key]string{}
		for _, scene := range g {
			for _, b := range ks[scene].Bindings {
				for _, k := range b.Keys {
					name := scene + "." + string(b.Intent)
					if other, ok := seen[k]; ok && !(k == ebiten.KeyEscape && other == "map.close-help" && (name == "play.pause" || name == "preview.quit" || name == "pbem.back")) {
						t.Errorf("%s means both %s and %s", k, other, name)
					}
					seen[k] = name
				}
			}
		}
	}
}

// The F1 help of a game lists every key of the map, the play scene and
// the order panels, from their key maps.
func TestHelpComesFromTheKeyMaps(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	p := NewPlayScene(env, newDuel(t, 1))
	for _, m := range []KeyMap{orderKeys, playKeys} {
		for _, line := range m.Help() {
			assert.Contains(t, p.mapv.ExtraHelp, line)
		}
	}
	assert.Equal(t, env.Keys()["map"], p.mapv.Keys)
	assert.Contains(t, KeyMap{Bindings: []Binding{{Keys: []ebiten.Key{ebiten.KeyEqual, ebiten.KeyKPAdd}, Help: "zoom"}}}.Help(), [2]string{"+, Keypad +", "zoom"})
}

// Each intent of the main menu, driven through its key map, does what its
// button does (the P of Practice drills once never fired: P was not
// watched), and the buttons show the keys of the same map.
func TestMenuIntents(t *testing.T) {
	requireDisplay(t)
	open := func(t *testing.T, k ebiten.Key) (*App, *MenuScene) {
		t.Helper()
		env := testEnv(t)
		if k == ebiten.KeyC { // something to continue
			s, err := match.Simulate(defaultSource(t), 3, 1)
			require.NoError(t, err)
			for i := range s.Seats { // people, so the game waits for them
				s.Seats[i].Kind = match.SeatHuman
			}
			require.NoError(t, match.WriteSave(filepath.Join(env.Paths.Saves, "autosave-1.hexrift"), s, "auto", testTime))
		}
		script := &scriptInput{}
		menu := NewMenuScene(env)
		app := NewApp(env, menu)
		app.SetInputSource(script)
		screen := ebiten.NewImage(1280, 800)
		app.Layout(1280, 800)
		tick(t, app, screen)
		script.press(k)
		if k == ebiten.KeyQ || k == ebiten.KeyEscape {
			require.ErrorIs(t, app.Update(), ebiten.Termination, "the game loop ends")
		} else {
			tick(t, app, screen)
		}
		return app, menu
	}
	drills := []string{"drill-gravity", "drill-phase", "drill-rift"}
	eachIntentKey(t, menuKeys, []intentCase{
		{intentContinue, func(t *testing.T, k ebiten.Key) {
			app, menu := open(t, k)
			assert.Equal(t, "Continue   C", menu.Continue.Text().Label)
			assert.False(t, menu.Continue.GetWidget().Disabled)
			assert.IsType(t, &PlayScene{}, app.Scene(), "continues the autosave")
		}},
		{intentNewGame, func(t *testing.T, k ebiten.Key) {
			app, menu := open(t, k)
			assert.Equal(t, "New game   N", menu.NewGame.Text().Label)
			s, ok := app.Scene().(*SetupScene)
			require.True(t, ok, "opens the new-game screen")
			assert.NotEqual(t, drills, s.Listed())
		}},
		{intentDrills, func(t *testing.T, k ebiten.Key) {
			app, menu := open(t, k)
			assert.Equal(t, "Practice drills   P", menu.Drills.Text().Label)
			s, ok := app.Scene().(*SetupScene)
			require.True(t, ok, "P opens the drills")
			assert.Equal(t, drills, s.Listed())
		}},
		{intentLoad, func(t *testing.T, k ebiten.Key) {
			app, menu := open(t, k)
			assert.Equal(t, "Load game   L", menu.Load.Text().Label)
			assert.IsType(t, &LoadScene{}, app.Scene())
		}},
		{intentByFile, func(t *testing.T, k ebiten.Key) {
			app, menu := open(t, k)
			assert.Equal(t, "Play by file   F", menu.ByFile.Text().Label)
			assert.IsType(t, &PbemFilesScene{}, app.Scene())
		}},
		{intentSettings, func(t *testing.T, k ebiten.Key) {
			app, menu := open(t, k)
			assert.Equal(t, "Settings   S", menu.Settings.Text().Label)
			assert.IsType(t, &SettingsScene{}, app.Scene())
		}},
		{intentQuit, func(t *testing.T, k ebiten.Key) {
			app, menu := open(t, k)
			assert.Equal(t, "Quit   Q", menu.Quit.Text().Label)
			assert.True(t, app.quit)
		}},
	})
}

// Every key of the map pans, zooms, recentres or toggles the help.
func TestMapIntents(t *testing.T) {
	held := func(k ebiten.Key) *Input { return &Input{Held: keys(k), Pressed: map[ebiten.Key]bool{}} }
	pressed := func(k ebiten.Key) *Input { return &Input{Held: map[ebiten.Key]bool{}, Pressed: keys(k)} }
	want := func(in func(ebiten.Key) *Input, a ...Action) func(t *testing.T, k ebiten.Key) {
		return func(t *testing.T, k ebiten.Key) {
			s := newTestScene(t)
			assert.Equal(t, a, s.Actions(in(k)))
		}
	}
	eachIntentKey(t, mapKeys, []intentCase{
		{intentPanLeft, want(held, PanBy{keyPanPixels, 0})},
		{intentPanRight, want(held, PanBy{-keyPanPixels, 0})},
		{intentPanUp, want(held, PanBy{0, keyPanPixels})},
		{intentPanDown, want(held, PanBy{0, -keyPanPixels})},
		{intentPanFast, func(t *testing.T, k ebiten.Key) {
			s := newTestScene(t)
			in := &Input{Held: keys(k, ebiten.KeyArrowLeft)}
			assert.Equal(t, []Action{PanBy{keyPanPixels * fastPanFactor, 0}}, s.Actions(in))
		}},
		{intentZoomIn, want(pressed, ZoomBy{keyZoomFactor, 640, 400})},
		{intentZoomOut, want(pressed, ZoomBy{1 / keyZoomFactor, 640, 400})},
		{intentRecentre, want(pressed, Recenter{})},
		{intentHelp, want(pressed, ToggleHelp{})},
		{intentCloseHelp, func(t *testing.T, k ebiten.Key) {
			s := newTestScene(t)
			assert.Empty(t, s.Actions(pressed(k)), "no help to close")
			s.Apply(ToggleHelp{})
			assert.Equal(t, []Action{ToggleHelp{}}, s.Actions(pressed(k)))
		}},
	})
}

// orderPanel returns a desk for side over st, as the play scene gives one
// to its order panels.
func orderPanel(st *rules.State, side rules.SideID) *orderDesk {
	return &orderDesk{Desk: match.NewDesk(st, side), view: func() *rules.View { return st.View(side) }}
}

// Every key of the order panels, read through their key map, plans a move
// step, takes one back, commits, or selects the next ship to fire.
func TestOrderIntents(t *testing.T) {
	sess := newDuel(t, 1)
	side := sess.State.Pending()[0]
	read := func(k ebiten.Key) Intents { return orderKeys.Read(&Input{Pressed: keys(k)}) }
	step := func(op rules.MoveOp) func(t *testing.T, k ebiten.Key) {
		return func(t *testing.T, k ebiten.Key) {
			d := orderPanel(sess.State, side)
			b := &moveBuilder{unit: "any"}
			b.keys(d, read(k))
			require.Len(t, b.steps, 1)
			assert.Equal(t, op, b.steps[0].Op)
		}
	}
	eachIntentKey(t, orderKeys, []intentCase{
		{intentCommit, func(t *testing.T, k ebiten.Key) {
			d := orderPanel(sess.State, side)
			b := newAllocBuilder(d)
			require.Empty(t, checkText(d, b.command(d)))
			b.keys(d, read(k))
			require.NotNil(t, d.cmd, "the panel hands its command to the play scene")
			assert.Equal(t, b.command(d), *d.cmd)
		}},
		{intentForward, step(rules.OpForward)},
		{intentTurnLeft, step(rules.OpTurnLeft)},
		{intentTurnRight, step(rules.OpTurnRight)},
		{intentSlipLeft, step(rules.OpSlipLeft)},
		{intentSlipRight, step(rules.OpSlipRight)},
		{intentUndoStep, func(t *testing.T, k ebiten.Key) {
			d := orderPanel(sess.State, side)
			b := &moveBuilder{unit: "any", steps: []rules.MoveStep{{Op: rules.OpForward}, {Op: rules.OpTurnLeft}}}
			b.keys(d, read(k))
			assert.Equal(t, []rules.MoveStep{{Op: rules.OpForward}}, b.steps)
		}},
		{intentNextShip, func(t *testing.T, k ebiten.Key) {
			d := orderPanel(sess.State, side)
			a := &aimer{units: []rules.UnitID{"a", "b"}}
			a.keys(d, read(k))
			assert.Equal(t, 1, a.selected)
			a.keys(d, read(k))
			assert.Equal(t, 0, a.selected, "and round again")
		}},
	})
}

// newDuel starts the duel test scenario with two people at the machine.
func newDuel(t *testing.T, seed uint64) *match.Session {
	t.Helper()
	src, err := scenarios.ReadSource("testdata/duel.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	sess, err := match.NewSession(src, seed, match.DefaultSeats(sc))
	require.NoError(t, err)
	return sess
}

// Rebind moves intents to other keys, as the settings store them, and
// refuses what the game could not use, leaving the maps as they were.
func TestRebindKeys(t *testing.T) {
	tests := []struct {
		name    string
		keys    map[string][]string
		wantErr string
		check   func(t *testing.T, ks KeyMaps)
	}{
		{"nothing", nil, "", func(t *testing.T, ks KeyMaps) { assert.Equal(t, DefaultKeyMaps(), ks) }},
		{"a key moves", map[string][]string{"menu.drills": {"D"}}, "", func(t *testing.T, ks KeyMaps) {
			k, _ := ks["menu"].Key(intentDrills)
			assert.Equal(t, ebiten.KeyD, k)
			assert.Contains(t, ks.Watched(), ebiten.KeyD)
			assert.Equal(t, "Practice drills   D", ks["menu"].label("Practice drills", intentDrills))
		}},
		{"two keys", map[string][]string{"orders.forward": {"Space", "ArrowUp"}}, "", func(t *testing.T, ks KeyMaps) {
			assert.True(t, ks["orders"].Fired(&Input{Pressed: keys(ebiten.KeyArrowUp)}, intentForward))
		}},
		{"unknown scene", map[string][]string{"nowhere.drills": {"D"}}, `"nowhere.drills" names no scene`, nil},
		{"no scene", map[string][]string{"drills": {"D"}}, `"drills" names no scene`, nil},
		{"unknown intent", map[string][]string{"menu.fly": {"D"}}, `the menu screen has no intent "fly"`, nil},
		{"unknown key", map[string][]string{"menu.drills": {"Hyperspace"}}, `no key is called "Hyperspace"`, nil},
		{"no key", map[string][]string{"menu.drills": {}}, `"menu.drills": no key given`, nil},
		{"a key meaning two intents", map[string][]string{"menu.drills": {"N"}}, "on the menu screen N would mean both", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ks := DefaultKeyMaps()
			err := ks.Rebind(tt.keys)
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				assert.Equal(t, DefaultKeyMaps(), ks, "unchanged on error")
				return
			}
			require.NoError(t, err)
			tt.check(t, ks)
		})
	}
}

// Keys rebound in the settings file are the game's keys at the next
// start; a binding the game cannot use is reported and the defaults stay.
func TestSettingsRebindKeys(t *testing.T) {
	requireDisplay(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	st := DefaultSettings()
	st.Keys = map[string][]string{"menu.drills": {"D"}}
	require.NoError(t, st.Save(path))
	back, err := LoadSettings(path)
	require.NoError(t, err)
	env := NewEnv(testEnv(t).Fonts, match.Paths{Settings: path, Saves: filepath.Join(dir, "saves")}, back)
	assert.Empty(t, env.Notice)
	assert.Contains(t, env.watched, ebiten.KeyD)
	menu := NewMenuScene(env)
	script := &scriptInput{keys: env.Keys()}
	app := NewApp(env, menu)
	app.SetInputSource(script)
	screen := ebiten.NewImage(1280, 800)
	app.Layout(1280, 800)
	tick(t, app, screen)
	assert.Equal(t, "Practice drills   D", menu.Drills.Text().Label)
	script.intend(t, env.Keys()["menu"], intentDrills)
	tick(t, app, screen)
	assert.IsType(t, &SetupScene{}, app.Scene(), "D opens the drills")

	bad := DefaultSettings()
	bad.Keys = map[string][]string{"menu.drills": {"Hyperspace"}}
	env = NewEnv(env.Fonts, env.Paths, bad)
	assert.Contains(t, env.Notice, `no key is called "Hyperspace"`)
	assert.Equal(t, DefaultKeyMaps(), env.Keys())
}
