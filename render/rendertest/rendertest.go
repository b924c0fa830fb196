// Package rendertest runs a package's tests while Ebitengine's game loop
// runs, so that drawing tests can draw and read pixels back; without a
// display the tests run as usual and the drawing tests skip.
//
// The tests run on a goroutine of their own while the loop goes on
// ending frames (Ebitengine's images may be drawn and read from any
// goroutine once the loop has started). Ebitengine frees what a frame
// leaves behind (disposed images, vertex buffers) only when the frame
// ends: running every test inside one Update, one frame that never
// ended, held all of it to the end of the package, some 24 GiB for
// game/'s tests on Mesa's software renderer, where they now peak at
// about 2 GiB.
package rendertest

import (
	"fmt"
	"image/color"
	"os"
	"sync"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// haveDisplay is set once the tests run inside the game loop.
var haveDisplay bool

type loop struct {
	m    *testing.M
	code int
	done chan struct{}
}

// Update starts the tests on their own goroutine at the first frame and
// ends the loop once they are done.
func (g *loop) Update() error {
	if g.done == nil {
		g.done = make(chan struct{})
		go func() {
			g.code = g.m.Run()
			close(g.done)
		}()
	}
	select {
	case <-g.done:
		return ebiten.Termination
	default:
		return nil
	}
}

func (*loop) Draw(*ebiten.Image)         {}
func (*loop) Layout(int, int) (int, int) { return 320, 240 }

// Main runs m inside Ebitengine's loop when there is a display, and
// directly otherwise; call it from TestMain. name labels the messages.
func Main(m *testing.M, name string) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Printf("%s: no display, drawing tests will skip (bash .ci/test runs them under Xvfb)\n", name)
		os.Exit(m.Run())
	}
	haveDisplay = true
	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle(name + " tests")
	g := &loop{m: m, code: 1}
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintf(os.Stderr, "%s: cannot start Ebitengine: %v\n", name, err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

// RequireDisplay skips t when the tests do not run in the game loop;
// otherwise the GPU work t queues is done when t ends (see flushGPU).
func RequireDisplay(t *testing.T) {
	t.Helper()
	if !haveDisplay {
		t.Skip("no display: drawing tests need X (bash .ci/test starts Xvfb)")
	}
	t.Cleanup(flushGPU)
}

// gpuProbe is the one-pixel image flushGPU reads.
var gpuProbe = sync.OnceValue(func() *ebiten.Image { return ebiten.NewImage(1, 1) })

// flushGPU waits until the GPU has done every drawing queued so far.
// Ebitengine runs its queue of GPU commands at the end of a frame or at a
// read of pixels, so that the frames a test draws and never reads (tick)
// are run when it ends, not by whichever test comes next: reading the
// probe's pixel runs the whole queue, so each test pays for its own
// drawing.
func flushGPU() {
	probe := gpuProbe()
	probe.Fill(color.White) // a draw since the last read: At cannot answer from its cache
	_ = probe.At(0, 0)
}
