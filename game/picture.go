package game

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"strings"

	"github.com/hexrift/hexrift/game/internal/fileio"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
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
	// Legend draws the map key at the bottom left: the sides, and what
	// the objective rings and marks (and a destination's PORT and
	// DEFEND) mean.
	Legend bool
	// Destination draws, in place of the scenario's own map, a rift
	// chart row's destination as it comes into play: "CHART.ROW" (1.2)
	// or a destination's id (its first row). ScenarioPicture only.
	Destination string
}

// ScenarioPicture draws scenario sc at the start of a game without any
// display: its own map, or with o.Destination a chart row's destination
// as it comes into play, with PORT and DEFEND marked. A destination is
// drawn as the table sees it or as one of its own sides does: no side
// of the origin sees it before its units find the rift.
func ScenarioPicture(sc *scenarios.Scenario, o PictureOptions) (*image.RGBA, error) {
	if o.Destination == "" {
		st, err := rules.NewState(sc.Setup(), 1)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", sc.File, err)
		}
		if err := knownSide(st, o.Viewer, ""); err != nil {
			return nil, err
		}
		return picture(st, o, nil)
	}
	pages, err := destinationPages(sc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sc.File, err)
	}
	page, err := findPage(pages, o.Destination)
	if err != nil {
		return nil, err
	}
	if err := knownSide(page.state, o.Viewer, page.id); err != nil {
		return nil, err
	}
	return picture(page.state, o, page)
}

// knownSide checks that viewer ("" for the table) is a side of st; dest
// names the destination st is, if it is one.
func knownSide(st *rules.State, viewer rules.SideID, dest string) error {
	if viewer == "" {
		return nil
	}
	if _, ok := st.Side(viewer); ok {
		return nil
	}
	var ids []string
	for _, sd := range st.Sides {
		ids = append(ids, string(sd.ID))
	}
	if dest != "" {
		return fmt.Errorf("-side %q: the destination %s is seen only by its own sides (%s) and by the sides whose units found the rift, which no picture of the start can show; leave out -side for the author's view", viewer, dest, strings.Join(ids, ", "))
	}
	msg := "the scenario has no such side"
	if c := scenarios.Closest(string(viewer), ids); c != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", c)
	}
	return fmt.Errorf("-side %q: %s; its sides are %s", viewer, msg, strings.Join(ids, ", "))
}

// Picture draws the first map of state into a new image without any
// display, through the same display list the window draws, with the
// scenario's objective areas and targets.
func Picture(state *rules.State, o PictureOptions) (*image.RGBA, error) {
	return picture(state, o, nil)
}

func picture(state *rules.State, o PictureOptions, page *destinationPage) (*image.RGBA, error) {
	view := state.View(o.Viewer)
	if len(view.Maps) == 0 {
		return nil, fmt.Errorf("game: the scenario has no map")
	}
	m := view.Maps[0]
	across := o.HexesAcross
	if across <= 0 {
		var extra []rules.Hex // the marks, when the viewer may see them
		if page != nil && page.portSeen(view) {
			extra = append(extra, page.port)
		}
		if page != nil && page.leadSeen(view) {
			extra = append(extra, page.defend)
		}
		across = render.FitHexesWith(view, m.ID, o.Width, o.Height, extra...)
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
	r := render.NewMapRenderer(nil)
	f := &render.Frame{View: view, Map: m.ID, Camera: render.NewCamera(center, o.Width, o.Height, across)}
	var key render.Legend
	if o.Legend {
		key = mapKey(r, f, page, true)
		if w, h := key.Size(raster.Measure); w > 0 {
			f.Reserved = append(f.Reserved, [4]float64{12, float64(o.Height) - 12 - h, 12 + w, float64(o.Height) - 12})
		}
	}
	f.Rings = objectiveRings(r, f)
	f.Marks = objectiveMarks(r, f)
	if page != nil {
		f.Marks = append(f.Marks, page.marks(r, f)...)
	}
	raster.DrawMap(img, r, f)
	if w, h := key.Size(raster.Measure); w > 0 && w+24 <= float64(o.Width) && h+24 <= float64(o.Height) {
		var b render.Batch
		labels := key.Build(&b, 12, float64(o.Height)-12-h, raster.Measure)
		raster.Triangles(img, &b)
		raster.Labels(img, labels)
	}
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
