package game

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/render"
)

// BootScene builds the first real scene on the first tick, inside the
// game loop, where Ebitengine images (the widget theme's) may be made.
type BootScene struct {
	env   *Env
	first func() Scene
}

// NewBootScene returns a scene that shows first() from the first tick on.
func NewBootScene(env *Env, first func() Scene) *BootScene {
	return &BootScene{env: env, first: first}
}

// Update switches to the first scene.
func (b *BootScene) Update(*Input) error {
	b.env.Show(b.first())
	return nil
}

// Draw fills the screen with the colour of space.
func (b *BootScene) Draw(screen *ebiten.Image) { screen.Fill(render.DefaultPalette().Space.Color()) }

// Resize does nothing.
func (b *BootScene) Resize(int, int) {}
