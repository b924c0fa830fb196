package game

import (
	"fmt"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// BenchResult holds the frame rates measured by Bench.
type BenchResult struct {
	Frames      int
	EmptyFPS    float64
	ScenarioFPS float64
	Triangles   int
}

// Ratio is the scenario frame rate as a share of the empty-frame rate.
func (r BenchResult) Ratio() float64 {
	if r.EmptyFPS == 0 {
		return 0
	}
	return r.ScenarioFPS / r.EmptyFPS
}

// String prints the result for the bench command.
func (r BenchResult) String() string {
	return fmt.Sprintf("frames per phase: %d\nempty screen:     %8.1f fps\nscenario (widest): %7.1f fps  (%d triangles a frame)\nratio:            %8.2fx",
		r.Frames, r.EmptyFPS, r.ScenarioFPS, r.Triangles, r.Ratio())
}

// benchGame draws warm-up frames, then frames of an empty screen, then
// frames of the map at its widest zoom, timing each phase with the wall
// clock (a measurement, never a rule).
type benchGame struct {
	scene  *MapScene
	frames int
	phase  int // 0 warm-up empty, 1 empty, 2 warm-up map, 3 map, 4 done
	count  int
	start  time.Time
	result BenchResult
}

const benchWarmup = 30

// Bench measures frame rates with vsync off on a w x h window: an empty
// screen, then state's first map at the widest zoom.
func Bench(state *rules.State, fonts *render.Fonts, frames, w, h int) (BenchResult, error) {
	g := &benchGame{scene: NewMapScene(state, "", fonts, w, h), frames: frames}
	g.result.Frames = frames
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowTitle("hexrift bench")
	if err := ebiten.RunGame(g); err != nil {
		return BenchResult{}, err
	}
	return g.result, nil
}

func (g *benchGame) Update() error {
	g.count++
	limit := g.frames
	if g.phase%2 == 0 {
		limit = benchWarmup
	}
	if g.count < limit {
		return nil
	}
	elapsed := time.Since(g.start).Seconds()
	switch g.phase {
	case 1:
		g.result.EmptyFPS = float64(g.count) / elapsed
	case 2:
		g.scene.cam.ZoomToFit(render.MaxHexesAcross)
	case 3:
		g.result.ScenarioFPS = float64(g.count) / elapsed
		g.result.Triangles = g.scene.renderer.Triangles()
		return ebiten.Termination
	}
	g.phase++
	g.count = 0
	g.start = time.Now()
	return nil
}

func (g *benchGame) Draw(screen *ebiten.Image) {
	if g.phase >= 2 {
		g.scene.ticks++
		g.scene.renderer.Draw(screen, g.scene.Frame())
		return
	}
	screen.Fill(g.scene.renderer.Palette.Space.Color())
}

func (g *benchGame) Layout(w, h int) (int, int) {
	g.scene.Resize(w, h)
	return w, h
}
