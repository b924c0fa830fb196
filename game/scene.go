package game

import "github.com/hajimehoshi/ebiten/v2"

// Scene is one screen of the game: the map, a menu, a curtain. Update
// turns input into actions and applies them; Draw only reads.
type Scene interface {
	Update(in *Input) error
	Draw(screen *ebiten.Image)
	// Resize tells the scene the size of the screen in pixels.
	Resize(w, h int)
}

// App is the ebiten.Game that runs the current scene.
type App struct {
	scene  Scene
	input  Input
	w, h   int
	source InputSource
}

// NewApp returns an app showing scene, reading the real keyboard and mouse.
func NewApp(scene Scene) *App { return &App{scene: scene, source: LiveInput{}} }

// SetInputSource replaces where the app reads input from, for scripted
// sessions.
func (a *App) SetInputSource(s InputSource) { a.source = s }

// Update reads input and advances the scene by one tick.
func (a *App) Update() error {
	a.source.Read(&a.input)
	return a.scene.Update(&a.input)
}

// Draw draws the scene.
func (a *App) Draw(screen *ebiten.Image) { a.scene.Draw(screen) }

// Layout uses the window's full pixel size, so the map stays sharp at any
// window size.
func (a *App) Layout(outsideWidth, outsideHeight int) (int, int) {
	if outsideWidth != a.w || outsideHeight != a.h {
		a.w, a.h = outsideWidth, outsideHeight
		a.scene.Resize(a.w, a.h)
	}
	return a.w, a.h
}
