package game

import (
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// scriptedApp runs scene in an app with scripted input, one tick done.
func scriptedApp(t *testing.T, env *Env, scene Scene) (*App, *scriptInput, *ebiten.Image) {
	t.Helper()
	script := &scriptInput{}
	app := NewApp(env, scene)
	app.SetInputSource(script)
	screen := ebiten.NewImage(1280, 800)
	app.Layout(1280, 800)
	tick(t, app, screen)
	return app, script, screen
}

// soloDuel is the duel with a person at blue and the computer at red, on
// screen with blue's view: no curtain, since one person plays.
func soloDuel(t *testing.T) (*App, *scriptInput, *ebiten.Image, *PlayScene) {
	t.Helper()
	src, err := scenarios.ReadSource("testdata/duel.yaml")
	require.NoError(t, err)
	sess, err := match.NewSession(src, 3, []match.Seat{{Name: "Blue", Side: "blue", Kind: match.SeatHuman}, {Name: "Red", Side: "red", Kind: match.SeatComputer, Level: "easy"}})
	require.NoError(t, err)
	env := testEnv(t)
	play := NewPlayScene(env, sess)
	app, script, screen := scriptedApp(t, env, play)
	require.Equal(t, rules.SideID("blue"), play.Viewer())
	return app, script, screen, play
}

// played makes blue act until it has at least n impulses to catch up on.
func played(t *testing.T, app *App, screen *ebiten.Image, play *PlayScene, n int) {
	t.Helper()
	for i := 0; i < 400 && len(play.sess.CatchUp("blue")) < n; i++ {
		legal := play.sess.State.Legal("blue")
		require.NotEmpty(t, legal, "blue has something to do (%v, pending %v, over %v)", play.sess.State.Clock, play.sess.State.Pending(), play.sess.Over())
		require.True(t, play.submit(legal[0]))
		tick(t, app, screen)
	}
	require.GreaterOrEqual(t, len(play.sess.CatchUp("blue")), n)
}

// Every key of the play scene opens the recap, shows the next map or
// opens the game menu.
func TestPlayIntents(t *testing.T) {
	requireDisplay(t)
	eachIntentKey(t, playKeys, []intentCase{
		{intentRecap, func(t *testing.T, k ebiten.Key) {
			app, script, screen, play := soloDuel(t)
			played(t, app, screen, play, 1)
			script.press(k)
			tick(t, app, screen)
			assert.NotNil(t, play.recap, "the recap is open")
		}},
		{intentNextMap, func(t *testing.T, k ebiten.Key) {
			play, app, script, screen := riftGame(t)
			before := play.mapv.MapID()
			script.press(k)
			tick(t, app, screen)
			assert.NotEqual(t, before, play.mapv.MapID(), "the next map is shown")
		}},
		{intentPause, func(t *testing.T, k ebiten.Key) {
			app, script, screen, play := soloDuel(t)
			script.press(k)
			tick(t, app, screen)
			require.NotNil(t, play.pause, "the game menu is open")
		}},
		{intentWatchPause, func(t *testing.T, k ebiten.Key) {
			app, play, script, screen := watchingGame(t)
			script.press(k)
			tick(t, app, screen)
			assert.True(t, play.table.paused, "the table pauses")
		}},
		{intentWatchStep, func(t *testing.T, k ebiten.Key) {
			app, play, script, screen := watchingGame(t)
			n := play.sess.NumCommands()
			script.press(k)
			tick(t, app, screen)
			assert.True(t, play.table.paused, "stepping pauses")
			assert.Equal(t, n+1, play.sess.NumCommands(), "one order plays")
		}},
		{intentWatchFaster, func(t *testing.T, k ebiten.Key) {
			app, play, script, screen := watchingGame(t)
			script.press(k)
			tick(t, app, screen)
			assert.Equal(t, defaultBeat+1, play.table.beat, "faster")
		}},
		{intentWatchSlower, func(t *testing.T, k ebiten.Key) {
			app, play, script, screen := watchingGame(t)
			script.press(k)
			tick(t, app, screen)
			assert.Equal(t, defaultBeat-1, play.table.beat, "slower")
		}},
	})
}

// riftGame is a game of the rift drill played by the legal-move player
// until the side to act knows a second map, on screen with that side's
// view.
func riftGame(t *testing.T) (*PlayScene, *App, *scriptInput, *ebiten.Image) {
	t.Helper()
	src, err := scenarios.ReadSource("testdata/rift-drill.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	for seed := uint64(1); seed <= 100; seed++ {
		sess, err := match.NewSession(src, seed, match.DefaultSeats(sc))
		require.NoError(t, err)
		ctrl := map[rules.SideID]match.Controller{}
		for _, seat := range sess.Seats {
			ctrl[seat.Side] = match.NewLegalPlayer(seed, seat.Side)
		}
		seen := func(st *rules.State) bool {
			p := st.Pending()
			return st.Clock.Turn > 6 || (len(p) > 0 && len(st.View(p[0]).Maps) > 1)
		}
		require.NoError(t, sess.PlayUntil(ctrl, seen))
		p := sess.State.Pending()
		if len(p) == 0 || len(sess.State.View(p[0]).Maps) < 2 {
			continue
		}
		for i := range sess.Seats {
			sess.Seats[i].Kind = match.SeatHuman
		}
		env := testEnv(t)
		play := NewPlayScene(env, sess)
		app, script, screen := scriptedApp(t, env, play)
		if side, up := play.CurtainUp(); up {
			require.Equal(t, p[0], side)
			script.intend(t, curtainKeys, intentConfirm)
			tick(t, app, screen)
		}
		require.Equal(t, p[0], play.Viewer())
		return play, app, script, screen
	}
	t.Fatal("no seed opened a second map")
	return nil, nil, nil, nil
}

// Every key of the curtain lifts it for the next player.
func TestCurtainIntents(t *testing.T) {
	requireDisplay(t)
	eachIntentKey(t, curtainKeys, []intentCase{
		{intentConfirm, func(t *testing.T, k ebiten.Key) {
			sess := newDuel(t, 1)
			env := testEnv(t)
			play := NewPlayScene(env, sess)
			app, script, screen := scriptedApp(t, env, play)
			side, up := play.CurtainUp()
			require.True(t, up)
			script.press(k)
			tick(t, app, screen)
			_, up = play.CurtainUp()
			assert.False(t, up)
			assert.Equal(t, side, play.Viewer())
		}},
	})
}

// Every key of the recap steps through it or closes it.
func TestRecapIntents(t *testing.T) {
	requireDisplay(t)
	open := func(t *testing.T) (*App, *scriptInput, *ebiten.Image, *PlayScene) {
		t.Helper()
		app, script, screen, play := soloDuel(t)
		played(t, app, screen, play, 1)
		script.intend(t, playKeys, intentRecap)
		tick(t, app, screen)
		require.NotNil(t, play.recap)
		// Three impulses to step through (the frame shown is the same).
		f := play.recap.frames[0]
		play.recap.frames = []recapFrame{f, f, f}
		return app, script, screen, play
	}
	eachIntentKey(t, recapKeys, []intentCase{
		{intentCloseRecap, func(t *testing.T, k ebiten.Key) {
			app, script, screen, play := open(t)
			script.press(k)
			tick(t, app, screen)
			assert.Nil(t, play.recap)
		}},
		{intentNextFrame, func(t *testing.T, k ebiten.Key) {
			app, script, screen, play := open(t)
			script.press(k)
			tick(t, app, screen)
			assert.Equal(t, 1, play.recap.at)
		}},
		{intentPrevFrame, func(t *testing.T, k ebiten.Key) {
			app, script, screen, play := open(t)
			script.intend(t, recapKeys, intentNextFrame)
			tick(t, app, screen)
			script.intend(t, recapKeys, intentNextFrame)
			tick(t, app, screen)
			script.press(k)
			tick(t, app, screen)
			assert.Equal(t, 1, play.recap.at)
		}},
	})
}

// The game menu's key closes it.
func TestPauseIntents(t *testing.T) {
	requireDisplay(t)
	eachIntentKey(t, pauseKeys, []intentCase{
		{intentResume, func(t *testing.T, k ebiten.Key) {
			app, script, screen, play := soloDuel(t)
			script.intend(t, playKeys, intentPause)
			tick(t, app, screen)
			require.NotNil(t, play.pause)
			script.press(k)
			tick(t, app, screen)
			assert.Nil(t, play.pause)
		}},
	})
}

// The keys of the new-game, load and settings screens: back to the menu,
// and the new-game screen's start.
func TestMenuScreenIntents(t *testing.T) {
	requireDisplay(t)
	back := func(open func(env *Env) Scene) func(t *testing.T, k ebiten.Key) {
		return func(t *testing.T, k ebiten.Key) {
			env := testEnv(t)
			app, script, screen := scriptedApp(t, env, open(env))
			script.press(k)
			tick(t, app, screen)
			assert.IsType(t, &MenuScene{}, app.Scene())
		}
	}
	t.Run("setup", func(t *testing.T) {
		eachIntentKey(t, setupKeys, []intentCase{
			{intentBack, back(func(env *Env) Scene { return NewSetupScene(env) })},
			{intentStart, func(t *testing.T, k ebiten.Key) {
				env := testEnv(t)
				app, script, screen := scriptedApp(t, env, NewSetupScene(env))
				script.press(k)
				tick(t, app, screen)
				assert.IsType(t, &PlayScene{}, app.Scene())
			}},
		})
	})
	t.Run("load", func(t *testing.T) {
		eachIntentKey(t, loadKeys, []intentCase{
			{intentBack, back(func(env *Env) Scene { return NewLoadScene(env) })},
		})
	})
	t.Run("settings", func(t *testing.T) {
		eachIntentKey(t, settingsKeys, []intentCase{
			{intentBack, back(func(env *Env) Scene { return NewSettingsScene(env) })},
		})
	})
}

// Every key of the preview toggles its overlay, changes the viewer, goes
// to the next problem or to the next rift destination.
func TestPreviewIntents(t *testing.T) {
	press := func(t *testing.T, p *PreviewScene, k ebiten.Key) {
		t.Helper()
		require.NoError(t, p.Update(&Input{Pressed: keys(k), Held: map[ebiten.Key]bool{}}))
	}
	toggles := func(flag func(p *PreviewScene) bool) func(t *testing.T, k ebiten.Key) {
		return func(t *testing.T, k ebiten.Key) {
			p, _ := newPreview(t, firstContact(t))
			before := flag(p)
			press(t, p, k)
			assert.Equal(t, !before, flag(p))
		}
	}
	eachIntentKey(t, previewKeys, []intentCase{
		{intentRing50, toggles(func(p *PreviewScene) bool { return p.rings[0] })},
		{intentRing150, toggles(func(p *PreviewScene) bool { return p.rings[1] })},
		{intentRing300, toggles(func(p *PreviewScene) bool { return p.rings[2] })},
		{intentRingAnchor, toggles(func(p *PreviewScene) bool { return p.atFeature })},
		{intentStorm, toggles(func(p *PreviewScene) bool { return p.storm })},
		{intentPhase, toggles(func(p *PreviewScene) bool { return p.phase })},
		{intentSystems, toggles(func(p *PreviewScene) bool { return p.systems })},
		{intentNextViewer, func(t *testing.T, k ebiten.Key) {
			p, _ := newPreview(t, firstContact(t))
			press(t, p, k)
			assert.Equal(t, rules.SideID("federation"), p.Viewer())
		}},
		{intentNextIssue, func(t *testing.T, k ebiten.Key) {
			data := firstContact(t)
			p, path := newPreview(t, data)
			save(t, path, edit(t, data, `class: fed-frigate, hex: "-8,11"`, `class: fed-frigat, hex: "-8,11"`))
			p.Reload()
			require.True(t, p.Broken())
			press(t, p, k)
			assert.Equal(t, rules.Hex{Q: -8, R: 11}, p.Map().Camera().ScreenToHex(640, 400), "centred on the problem")
		}},
		{intentNextPage, func(t *testing.T, k ebiten.Key) {
			src, err := scenarios.ReadSource("rift-gate")
			require.NoError(t, err)
			p, _ := newPreview(t, string(src.Data))
			press(t, p, k)
			assert.Equal(t, "1.1", p.Page(), "the first chart row's destination")
		}},
		{intentQuit, func(t *testing.T, k ebiten.Key) {
			p, _ := newPreview(t, firstContact(t))
			p.Map().help = true
			require.NoError(t, p.Update(&Input{Pressed: keys(k), Held: map[ebiten.Key]bool{}}), "with the help open, Esc only closes the help")
			assert.False(t, p.Map().help)
			assert.ErrorIs(t, p.Update(&Input{Pressed: keys(k), Held: map[ebiten.Key]bool{}}), ebiten.Termination, "then it closes the preview")
		}},
	})
}

// The keys screen's own key goes back to the settings.
func TestKeysSceneIntents(t *testing.T) {
	requireDisplay(t)
	eachIntentKey(t, keysKeys, []intentCase{
		{intentBack, func(t *testing.T, k ebiten.Key) {
			env := testEnv(t)
			settings := NewSettingsScene(env)
			app, script, screen := scriptedApp(t, env, newKeysScene(env, settings))
			script.press(k)
			tick(t, app, screen)
			assert.Same(t, settings, app.Scene())
		}},
	})
}

// On the keys screen a picked intent takes the next key pressed, which is
// saved with the settings and used at once; a key that already means
// another intent of that screen is refused, Esc leaves the key as it was,
// and the default keys come back at a click.
func TestKeysSceneRebinds(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	ks := newKeysScene(env, NewSettingsScene(env))
	app, script, screen := scriptedApp(t, env, ks)
	entry := func(scene string, intent Intent) *keyEntry {
		t.Helper()
		for _, e := range ks.entries {
			if e := e.(*keyEntry); e.scene == scene && e.intent == intent {
				return e
			}
		}
		t.Fatalf("no row for %s.%s", scene, intent)
		return nil
	}
	bind := func(e *keyEntry, k ebiten.Key) {
		t.Helper()
		ks.list.SetSelectedEntry(e)
		tick(t, app, screen)
		require.Same(t, e, ks.waiting)
		script.press(k)
		tick(t, app, screen)
		assert.Nil(t, ks.waiting)
	}
	drills := entry("menu", intentDrills)
	bind(drills, ebiten.KeyD)
	k, _ := env.Keys()["menu"].Key(intentDrills)
	assert.Equal(t, ebiten.KeyD, k)
	assert.Contains(t, env.watched, ebiten.KeyD, "the new key is watched")
	assert.Contains(t, ks.entryText(drills), "[D]")
	saved, err := LoadSettings(env.Paths.Settings)
	require.NoError(t, err)
	assert.Equal(t, map[string][]string{"menu.drills": {"D"}}, saved.Keys)

	bind(entry("menu", intentLoad), ebiten.KeyN)
	assert.Contains(t, ks.status.Label, "Not changed")
	k, _ = env.Keys()["menu"].Key(intentLoad)
	assert.Equal(t, ebiten.KeyL, k, "N means a new game")

	bind(drills, ebiten.KeyEscape)
	k, _ = env.Keys()["menu"].Key(intentDrills)
	assert.Equal(t, ebiten.KeyD, k, "Esc leaves it as it is")

	ks.reset()
	assert.Equal(t, DefaultKeyMaps(), env.Keys())
	saved, err = LoadSettings(env.Paths.Settings)
	require.NoError(t, err)
	assert.Empty(t, saved.Keys)
}

// Each on/off setting is a checkbox: a click flips the setting and saves
// it at once.
func TestSettingsCheckboxes(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	s := NewSettingsScene(env)
	app, _, screen := scriptedApp(t, env, s)
	fields := []struct {
		name string
		v    func(st *Settings) bool
	}{
		{"curtain", func(st *Settings) bool { return st.Curtain }},
		{"skip public curtain", func(st *Settings) bool { return st.SkipPublicCurtain }},
		{"every decision by hand", func(st *Settings) bool { return st.PerShipTurns }},
		{"colour blind", func(st *Settings) bool { return st.ColourBlind }},
	}
	require.Len(t, s.checks, len(fields))
	for i, f := range fields {
		t.Run(f.name, func(t *testing.T) {
			before := f.v(&env.Settings)
			assert.Equal(t, before, s.checks[i].State() == widget.WidgetChecked, "the box shows the setting")
			s.checks[i].Click()
			tick(t, app, screen)
			assert.Equal(t, !before, f.v(&env.Settings))
			saved, err := LoadSettings(env.Paths.Settings)
			require.NoError(t, err)
			assert.Equal(t, !before, f.v(&saved))
		})
	}
}
