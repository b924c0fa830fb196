package game

import (
	"bytes"
	"fmt"
	"image"
	"image/png"

	"github.com/hexrift/hexrift/game/internal/fileio"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// PictureOptions says what a map picture shows.
type PictureOptions struct {
	Width, Height int
	// HexesAcross is the zoom; 0 fits the scenario.
	HexesAcross float64
	// Center is the hex in the middle when HasCenter is set; otherwise
	// the map centre.
	Center    rules.Hex
	HasCenter bool
	// Viewer draws the map as that side sees it; empty for the public view.
	Viewer rules.SideID
}

// Picture draws the first map of state into a new image without any
// display, through the same display list the window draws.
func Picture(state *rules.State, o PictureOptions) (*image.RGBA, error) {
	view := state.View(o.Viewer)
	if len(view.Maps) == 0 {
		return nil, fmt.Errorf("game: the scenario has no map")
	}
	m := view.Maps[0]
	across := o.HexesAcross
	if across <= 0 {
		across = render.FitHexes(view, m.ID, o.Width, o.Height)
	}
	center := m.Center
	if o.HasCenter {
		center = o.Center
	}
	raster, err := render.NewRaster()
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, o.Width, o.Height))
	f := &render.Frame{View: view, Map: m.ID, Camera: render.NewCamera(center, o.Width, o.Height, across)}
	raster.DrawMap(img, render.NewMapRenderer(nil), f)
	return img, nil
}

// WritePNG writes img to path atomically: a temporary file in the same
// folder, synced, then renamed over the target, so a crash never leaves a
// half-written picture.
func WritePNG(path string, img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("game: encoding %s: %w", path, err)
	}
	if err := fileio.WriteAtomic(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("game: %w", err)
	}
	return nil
}
