package game

import (
	"io"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
)

// Scene is one screen of the game: the menu, the game setup, the map, the
// end-of-game summary. Update turns input into actions and applies them;
// Draw only reads.
type Scene interface {
	Update(in *Input) error
	Draw(screen *ebiten.Image)
	// Resize tells the scene the size of the screen in pixels.
	Resize(w, h int)
}

// Env is what every scene shares: fonts, theme, settings, file places,
// and the way to change scene or quit.
type Env struct {
	Fonts    *render.Fonts
	Paths    match.Paths
	Settings Settings
	// Notice is a message for the player, shown by the next menu (a
	// damaged settings file, a save that would not load).
	Notice string

	theme   *widget.Theme
	app     *App
	keys    KeyMaps
	watched []ebiten.Key

	// pbemRand is where games played by file draw their keys, nonces and
	// identities: the operating system's random source when nil (tests
	// give a fixed one).
	pbemRand io.Reader
	// pbemSearch are the folders, besides the window's own, where turn
	// files are looked for: the working folder and the Downloads folder
	// when nil (tests give their own, pbemFolders).
	pbemSearch []string
}

// NewEnv returns an environment with the given fonts, paths and settings.
// The keys are the defaults with the settings' own bindings over them; a
// binding the game cannot use is reported in Notice and the defaults stay.
func NewEnv(fonts *render.Fonts, paths match.Paths, settings Settings) *Env {
	e := &Env{Fonts: fonts, Paths: paths, Settings: settings}
	keys := DefaultKeyMaps()
	if err := keys.Rebind(settings.Keys); err != nil {
		e.Notice = "Settings: " + err.Error() + "; the default keys are used."
	}
	e.SetKeys(keys)
	return e
}

// Keys returns the key maps of every scene.
func (e *Env) Keys() KeyMaps { return e.keys }

// SetKeys makes keys the key maps of every scene from the next tick on.
func (e *Env) SetKeys(keys KeyMaps) {
	e.keys, e.watched = keys, keys.Watched()
}

// Theme returns the widget theme, built on first use inside the game loop.
func (e *Env) Theme() *widget.Theme {
	if e.theme == nil {
		e.theme = render.NewTheme(e.Fonts)
	}
	return e.theme
}

// Show makes s the current scene from the next tick on.
func (e *Env) Show(s Scene) {
	if e.app != nil {
		e.app.next = s
	}
}

// Quit ends the game after this tick.
func (e *Env) Quit() {
	if e.app != nil {
		e.app.quit = true
	}
}

// SaveSettings writes the settings; a failure becomes a notice.
func (e *Env) SaveSettings() {
	if err := e.Settings.Save(e.Paths.Settings); err != nil {
		e.Notice = err.Error()
	}
}

// Size returns the current screen size.
func (e *Env) Size() (int, int) {
	if e.app == nil || e.app.w == 0 {
		return e.Settings.WindowWidth, e.Settings.WindowHeight
	}
	return e.app.w, e.app.h
}

// App is the ebiten.Game that runs the current scene.
type App struct {
	env    *Env
	scene  Scene
	next   Scene
	quit   bool
	input  Input
	w, h   int
	source InputSource
	rest   restState
}

// A window at rest rests: after restTicks ticks with no input and no
// change of scene or size, the app stops drawing (the screen keeps its
// last picture, so nothing is presented either), the scene's clock and
// so the map's animations stand still (a scene that can stir with no
// input still updates), and the tick rate drops to restTPS, enough to
// notice the next input, or a scene that stirs, at once. Any input wakes it at the full rate.
// Only the live keyboard and mouse rest; scripted input never does.
const (
	restTicks = 3 * 60
	restTPS   = 10
)

// stirrer is a scene that can change with no input, such as a preview
// reloading the file it watches: Stirred reports whether it did since
// it was last asked, which wakes a resting window.
type stirrer interface{ Stirred() bool }

// busy is a scene whose computer players decide off the frame loop:
// Busy reports whether one is deciding, or its command was played since
// the last call, which keeps a window drawing or wakes it at rest.
type busy interface{ Busy() bool }

// restState tracks how long the window has been left alone.
type restState struct {
	quiet   int // ticks since the last input or change
	resting bool
	lastX   int
	lastY   int
	focused bool
	keys    []ebiten.Key
	chars   []rune
}

// active reports whether the player did anything this tick: moved the
// pointer, scrolled, held a key or button, typed, or focused the window.
func (r *restState) active(in *Input) bool {
	moved := in.CursorX != r.lastX || in.CursorY != r.lastY
	r.lastX, r.lastY = in.CursorX, in.CursorY
	focused := ebiten.IsFocused()
	refocused := focused != r.focused
	r.focused = focused
	r.keys = inpututil.AppendPressedKeys(r.keys[:0])
	r.chars = ebiten.AppendInputChars(r.chars[:0])
	buttons := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) || ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) || ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	return moved || refocused || in.Wheel != 0 || in.Clicked || in.Dragging || buttons || len(r.keys) > 0 || len(r.chars) > 0
}

// Resting reports whether the window is at rest, drawing nothing.
func (a *App) Resting() bool { return a.rest.resting }

// settle counts a tick toward rest, or wakes the app when changed.
func (a *App) settle(changed bool) {
	if _, live := a.source.(LiveInput); !live {
		return
	}
	if changed {
		a.rest.quiet = 0
		if a.rest.resting {
			a.rest.resting = false
			ebiten.SetTPS(ebiten.DefaultTPS)
		}
		return
	}
	a.rest.quiet++
	if !a.rest.resting && a.rest.quiet >= restTicks {
		a.rest.resting = true
		ebiten.SetTPS(restTPS)
	}
}

// NewApp returns an app showing scene, reading the real keyboard and
// mouse. env may be nil for a bare map window. The app draws the whole
// screen whenever it draws, so Ebitengine need not clear it every frame,
// and a window at rest keeps its picture without drawing it again.
func NewApp(env *Env, scene Scene) *App {
	ebiten.SetScreenClearedEveryFrame(false)
	a := &App{env: env, scene: scene, source: LiveInput{watched: func() []ebiten.Key { return env.watched }}}
	if env != nil {
		env.app = a
	}
	return a
}

// SetInputSource replaces where the app reads input from, for scripted
// sessions.
func (a *App) SetInputSource(s InputSource) { a.source = s }

// Scene returns the current scene.
func (a *App) Scene() Scene { return a.scene }

// Update reads input and advances the scene by one tick.
func (a *App) Update() error {
	a.source.Read(&a.input)
	changed := a.rest.active(&a.input)
	st, stirs := a.scene.(stirrer)
	if a.rest.resting && !changed && !stirs {
		return nil // at rest the scene's clock stands still too
	}
	if err := a.scene.Update(&a.input); err != nil {
		return err
	}
	if stirs && st.Stirred() {
		changed = true
	}
	if b, ok := a.scene.(busy); ok && b.Busy() {
		changed = true
	}
	if a.next != nil {
		a.scene, a.next = a.next, nil
		a.scene.Resize(a.w, a.h)
		changed = true
	}
	a.settle(changed)
	if a.quit {
		return ebiten.Termination
	}
	return nil
}

// Draw draws the scene, clearing the screen first; at rest it draws
// nothing, so the last picture stays (the screen is not cleared every
// frame: see NewApp).
func (a *App) Draw(screen *ebiten.Image) {
	if a.rest.resting {
		return
	}
	screen.Clear()
	a.scene.Draw(screen)
}

// Layout uses the window's full pixel size, so the map stays sharp at any
// window size.
func (a *App) Layout(outsideWidth, outsideHeight int) (int, int) {
	if outsideWidth != a.w || outsideHeight != a.h {
		a.w, a.h = outsideWidth, outsideHeight
		a.scene.Resize(a.w, a.h)
		a.settle(true)
		if a.env != nil && a.w >= MinWindowWidth && a.h >= MinWindowHeight {
			// Remembered, and saved when the window closes.
			a.env.Settings.WindowWidth, a.env.Settings.WindowHeight = a.w, a.h
		}
	}
	return a.w, a.h
}
