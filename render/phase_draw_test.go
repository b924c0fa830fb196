package render_test

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// A raging phase storm is drawn over its disc at every zoom, and an
// owner's phased-out unit shows its recorded course.
func TestDrawPhaseStormAndCourse(t *testing.T) {
	st := defaultState(t)
	v := st.View("")
	m := v.Maps[0]
	v.Storm = &rules.StormView{Side: v.Sides[0].ID, Start: 1, Until: 5, Range: 300,
		Discs: []rules.StormDisc{{Map: m.ID, Center: m.Center, Radius: 300}}}
	raster, err := render.NewRaster()
	require.NoError(t, err)
	storm := render.DefaultPalette().Storm
	for _, across := range []float64{20, 300, render.MaxHexesAcross} {
		img := image.NewRGBA(image.Rect(0, 0, 400, 250))
		plain := image.NewRGBA(image.Rect(0, 0, 400, 250))
		cam := render.NewCamera(m.Center.Add(rules.Hex{Q: 40, R: -20}), 400, 250, across)
		raster.DrawMap(img, render.NewMapRenderer(nil), &render.Frame{View: v, Map: m.ID, Camera: cam})
		noStorm := *v
		noStorm.Storm = nil
		raster.DrawMap(plain, render.NewMapRenderer(nil), &render.Frame{View: &noStorm, Map: m.ID, Camera: cam})
		// Inside the storm the picture is tinted toward the storm colour.
		var tint, n int
		cx, cy := cam.HexToScreen(m.Center)
		rad := 300 * 1.732 * cam.Scale * 0.8 // well inside the disc
		for y := 20; y < 230; y += 10 {
			for x := 20; x < 380; x += 10 {
				if dx, dy := float64(x)-cx, float64(y)-cy; dx*dx+dy*dy > rad*rad {
					continue
				}
				a, b := img.RGBAAt(x, y), plain.RGBAAt(x, y)
				if int(a.B)-int(b.B) > 3 && storm.B > storm.R {
					tint++
				}
				n++
			}
		}
		assert.Greater(t, tint, n/2, "the storm tints the map at %v hexes across", across)
	}

	// The owner sees its ghost's course; the course rolls are labelled.
	u := st.Units[0]
	ghost := rules.UnitView{ID: u.ID, Name: u.Name, Side: u.Side, Class: u.Class, Map: u.Map, Hex: u.Hex.Add(rules.Hex{Q: 2}), Facing: rules.DirC, Ghost: true,
		Phase: &rules.PhaseTrack{Unit: u.ID, Side: u.Side, Map: u.Map, From: u.Hex, FromFacing: rules.DirC,
			Moves: []rules.PhaseMove{{Roll: 7, Facing: rules.DirC, Path: []rules.Hex{u.Hex.Add(rules.Hex{Q: 1}), u.Hex.Add(rules.Hex{Q: 2})}}}}}
	own := st.View(u.Side)
	own.Units = []rules.UnitView{ghost}
	img := image.NewRGBA(image.Rect(0, 0, 400, 250))
	cam := render.NewCamera(u.Hex.Add(rules.Hex{Q: 1}), 400, 250, 10)
	raster.DrawMap(img, render.NewMapRenderer(nil), &render.Frame{View: own, Map: u.Map, Camera: cam})
	sx, sy := cam.HexToScreen(u.Hex.Add(rules.Hex{Q: 1}))
	edge := render.DefaultPalette().PhaseEdge
	c := img.RGBAAt(int(sx), int(sy))
	d := abs(int(c.R)-int(edge.R*255)) + abs(int(c.G)-int(edge.G*255)) + abs(int(c.B)-int(edge.B*255))
	assert.Less(t, d, 120, "the course passes through the hex between start and ghost (got %v)", c)
}
