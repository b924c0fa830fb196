package main

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/cli"
)

// TestMain lets the end-to-end test run this test binary as the game:
// with HEXRIFT_RUN_MAIN set it is the hexrift command with those arguments.
func TestMain(m *testing.M) {
	if args := os.Getenv("HEXRIFT_RUN_MAIN"); args != "" {
		os.Exit(cli.Run(version, strings.Fields(args), os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// e2e drives the real game window with xdotool and reads it back with
// ImageMagick's import, all on one private X display.
type e2e struct {
	t       *testing.T
	window  string
	ctx     context.Context
	display string
}

// command runs an X tool on the test's display, whatever DISPLAY says.
func (e *e2e) command(name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(e.ctx, name, args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+e.display)
	return cmd
}

func (e *e2e) x(args ...string) string {
	e.t.Helper()
	out, err := e.command("xdotool", args...).CombinedOutput()
	require.NoError(e.t, err, "xdotool %v: %s", args, out)
	return strings.TrimSpace(string(out))
}

func (e *e2e) shot() image.Image {
	e.t.Helper()
	out, err := e.command("import", "-window", e.window, "png:-").Output()
	require.NoError(e.t, err)
	img, err := png.Decode(bytes.NewReader(out))
	require.NoError(e.t, err)
	return img
}

func near(c color.Color, hex string, tol int) bool {
	r, g, b, _ := c.RGBA()
	v, _ := strconv.ParseUint(hex[1:], 16, 32)
	dr, dg, db := int(r>>8)-int(v>>16), int(g>>8)-int(v>>8&0xff), int(b>>8)-int(v&0xff)
	return dr*dr+dg*dg+db*db <= tol*tol
}

// until takes screenshots until ok says the screen is as wanted, at most
// tries times; each screenshot waits for the X server, not for a clock.
func (e *e2e) until(what string, tries int, ok func(image.Image) bool) image.Image {
	e.t.Helper()
	var img image.Image
	for i := 0; i < tries; i++ {
		img = e.shot()
		if ok(img) {
			return img
		}
	}
	e.keep(img, "failed")
	e.t.Fatalf("the window never showed %s", what)
	return nil
}

func (e *e2e) keep(img image.Image, name string) string {
	dir := filepath.Join("out")
	_ = os.MkdirAll(dir, 0o755)
	p := filepath.Join(dir, "e2e-"+name+".png")
	if f, err := os.Create(p); err == nil {
		png.Encode(f, img)
		f.Close()
	}
	return p
}

// TestEndToEndMenuIntoGame starts the real game under X, clicks "New
// game" in the main menu, starts the default scenario, clicks through the
// curtain and checks that the first player's orders panel is on screen.
// The last screenshot is kept in out/e2e-play.png. It moves the pointer
// and clicks, so it runs only on a private X display named by
// HEXRIFT_E2E_DISPLAY (bash .ci/test starts one), never on a desktop's
// own, and it drives only the window of the game it started.
func TestEndToEndMenuIntoGame(t *testing.T) {
	display := os.Getenv("HEXRIFT_E2E_DISPLAY")
	if display == "" {
		t.Skip("the end-to-end test clicks in the game window: it runs only on a private X display named by HEXRIFT_E2E_DISPLAY (bash .ci/test starts one)")
	}
	for _, tool := range []string{"xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (bash .ci/test installs it)", tool)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	game := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	game.Env = append(os.Environ(), "DISPLAY="+display, "HEXRIFT_RUN_MAIN=menu -width 1280 -height 800", "HEXRIFT_HOME="+t.TempDir())
	var logs bytes.Buffer
	game.Stdout, game.Stderr = &logs, &logs
	require.NoError(t, game.Start())
	defer func() {
		game.Process.Kill()
		game.Wait()
		if t.Failed() {
			t.Logf("game output:\n%s", logs.String())
		}
	}()
	e := &e2e{t: t, ctx: ctx, display: display}
	// The game's own window: named hexrift and owned by the process
	// started above, not any other hexrift window.
	e.window = strings.Fields(e.x("search", "--sync", "--all", "--onlyvisible", "--pid", strconv.Itoa(game.Process.Pid), "--name", "^hexrift$"))[0]
	e.x("windowsize", "--sync", e.window, "1280", "800")

	// The menu: find the enabled buttons by their edge colour in the
	// menu column and click the first, "New game" (Continue is greyed:
	// there is no autosave yet).
	var buttons []int
	e.until("the main menu", 200, func(img image.Image) bool {
		buttons = buttons[:0]
		inside := false
		for y := 0; y < img.Bounds().Dy(); y++ {
			edge := near(img.At(100, y), "#4a6199", 20)
			if edge && !inside {
				buttons = append(buttons, y)
			}
			inside = edge || (inside && !near(img.At(100, y), "#060913", 30) && y-buttons[len(buttons)-1] < 60)
		}
		return len(buttons) >= 2
	})
	e.x("mousemove", "--window", e.window, "200", strconv.Itoa(buttons[0]+18), "click", "1")

	// The new-game screen: the default scenario is chosen; Enter starts.
	e.until("the new-game screen", 200, func(img image.Image) bool {
		return !near(img.At(100, buttons[0]+18), "#4a6199", 20) // the menu is gone
	})
	e.x("key", "--window", e.window, "Return")

	// The curtain: a big button in the middle; click it.
	e.until("the curtain", 200, func(img image.Image) bool {
		return near(img.At(640-159, 400+60+24), "#4da3ff", 40) // the button frame, in the first side's colour
	})
	e.x("mousemove", "--window", e.window, "640", "484", "click", "1")

	// The game: the orders panel on the right.
	img := e.until("the orders panel", 200, func(img image.Image) bool {
		return near(img.At(1100, 60), "#0d1426", 30) && near(img.At(1100, 200), "#1b2745", 40)
	})
	t.Logf("screenshot kept in %s", e.keep(img, "play"))
}
