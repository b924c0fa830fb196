package game

import (
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

var update = flag.Bool("update", false, "write the golden pictures of testdata/golden anew")

// objectiveMap is the fixture of the objective drawing tests:
//
//	       blue's hold area, radius 1, round 0,-4 (red holds it too)
//	lancer (blue) 0,0            bastion (red, a starbase) 6,-3
//	                             blue destroys it, red protects it
//	                  sting (red's mine) 4,1: blue destroys it; only red sees a mine
const objectiveMap = `id: marks
name: Marks
sides:
  - {id: blue, name: Blue, color: "#4da3ff"}
  - {id: red, name: Red, color: "#ff5c5c"}
units:
  - {id: lancer, side: blue, class: fed-cruiser, hex: "0,0", facing: B}
  - {id: bastion, side: red, class: vel-starbase, hex: "6,-3"}
  - {id: sting, side: red, class: mine, hex: "4,1"}
objectives:
  - {side: blue, points: 40, hold: {hex: "0,-4", radius: 1}}
  - {side: red, points: 30, hold: {hex: "0,-4", radius: 1}}
  - {side: blue, points: 150, destroy: {unit: bastion}}
  - {side: red, points: 100, protect: {unit: bastion}}
  - {side: blue, points: 20, destroy: {unit: sting}}
`

func loadState(t *testing.T, name, data string) (*scenarios.Scenario, *rules.State) {
	t.Helper()
	sc, err := scenarios.Load(name, []byte(data))
	require.NoError(t, err)
	st, err := rules.NewState(sc.Setup(), 1)
	require.NoError(t, err)
	return sc, st
}

// TestObjectiveMarksShowWhatTheViewShows checks the objective marks of
// each view: a shared hold area is ringed in both sides' colours, the
// unit to destroy or protect is outlined with what each side gets, and
// a unit the viewer cannot see (another side's mine) is not marked, nor
// its hex given away.
func TestObjectiveMarksShowWhatTheViewShows(t *testing.T) {
	_, st := loadState(t, "marks.yaml", objectiveMap)
	r := render.NewMapRenderer(nil)
	blue, red := render.Hex("#4da3ff", 1), render.Hex("#ff5c5c", 1)
	tests := []struct {
		viewer rules.SideID
		marks  map[rules.Hex]string // hex -> label
	}{
		{"", map[rules.Hex]string{{Q: 6, R: -3}: "Blue: destroy 150  ·  Red: protect 100"}},
		{"blue", map[rules.Hex]string{{Q: 6, R: -3}: "Blue: destroy 150  ·  Red: protect 100"}},
		{"red", map[rules.Hex]string{{Q: 6, R: -3}: "Blue: destroy 150  ·  Red: protect 100", {Q: 4, R: 1}: "Blue: destroy 20"}},
	}
	for _, tt := range tests {
		t.Run("viewer "+string(tt.viewer), func(t *testing.T) {
			v := st.View(tt.viewer)
			f := &render.Frame{View: v, Map: v.Maps[0].ID}
			rings := objectiveRings(r, f)
			require.Len(t, rings, 1, "one ring for the shared hold area")
			assert.Equal(t, rules.Hex{Q: 0, R: -4}, rings[0].Center)
			assert.Equal(t, 1, rings[0].Radius)
			assert.Equal(t, blue.WithAlpha(0.85), rings[0].Colour)
			assert.Equal(t, []render.RGBA{red.WithAlpha(0.85)}, rings[0].Alternate, "its edges take red's colour in turn")
			assert.Equal(t, "Blue: hold 40  ·  Red: hold 30", rings[0].Label)
			got := map[rules.Hex]string{}
			for _, m := range objectiveMarks(r, f) {
				got[m.Hex] = m.Label
				assert.Equal(t, blue, m.Colour, "outlined in the first scoring side's colour")
			}
			assert.Equal(t, tt.marks, got)
		})
	}
}

// TestDestinationPages checks the pages of rift-gate's charts: one per
// chart row, the defenders placed by DEFEND as the rules place them,
// PORT and DEFEND marked, and the page found by its row or its id.
func TestDestinationPages(t *testing.T) {
	sc, err := scenarios.LoadBundled("rift-gate")
	require.NoError(t, err)
	pages, err := destinationPages(sc)
	require.NoError(t, err)
	var names []string
	for _, p := range pages {
		names = append(names, p.number()+" "+p.id)
	}
	assert.Equal(t, []string{"1.1 derelict-yard", "1.2 corsair-haven", "1.3 velari-outpost", "2.1 velari-outpost", "2.2 derelict-yard", "2.3 corsair-haven"}, names)

	tests := []struct {
		spec         string
		lead         rules.UnitID
		port, defend rules.Hex
		title        string
	}{
		{"1.2", "brigand", rules.Hex{Q: -6, R: 2}, rules.Hex{}, "rift destination 1.2 (chart 2-6, row 6-9): Corsair Haven as it comes into play"},
		{"velari-outpost", "outpost", rules.Hex{}, rules.Hex{Q: 8, R: -4}, "rift destination 1.3 (chart 2-6, row 10-12): The Velari Outpost as it comes into play"},
		{"2.1", "outpost", rules.Hex{Q: -5, R: 5}, rules.Hex{Q: 6, R: -6}, "rift destination 2.1 (chart 7-12, row 2-4): The Velari Outpost as it comes into play"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			p, err := findPage(pages, tt.spec)
			require.NoError(t, err)
			assert.Equal(t, tt.lead, p.lead)
			assert.Equal(t, tt.port, p.port)
			assert.Equal(t, tt.defend, p.defend)
			assert.Equal(t, tt.title, p.title(sc))
			lead := p.state.Unit(p.lead)
			require.NotNil(t, lead)
			assert.Equal(t, tt.defend, lead.Hex, "the largest defender stands at DEFEND")
			v := p.state.View("")
			f := &render.Frame{View: v, Map: v.Maps[0].ID}
			marks := p.marks(render.NewMapRenderer(nil), f)
			require.Len(t, marks, 2)
			assert.Equal(t, tt.port, marks[0].Hex)
			assert.Equal(t, "PORT · arrivals", marks[0].Label)
			assert.Equal(t, tt.defend, marks[1].Hex)
		})
	}
	_, err = findPage(pages, "3.1")
	assert.EqualError(t, err, `-destination "3.1": no such chart row or destination; the rows are 1.1 derelict-yard, 1.2 corsair-haven, 1.3 velari-outpost, 2.1 velari-outpost, 2.2 derelict-yard, 2.3 corsair-haven`)
}

// TestDestinationPageKeepsSecrets checks a destination page as one of
// its own sides sees it: PORT is marked only when one of the side's
// units is within the origin's detection range of it (IP4.28), as the
// rules let a defender know the rift, and the legend says why not.
func TestDestinationPageKeepsSecrets(t *testing.T) {
	sc, err := scenarios.LoadBundled("rift-gate")
	require.NoError(t, err)
	pages, err := destinationPages(sc)
	require.NoError(t, err)
	p, err := findPage(pages, "1.2") // Corsair Haven: PORT -6,2, the corsairs round 0,0, the hunters 12 and more hexes off
	require.NoError(t, err)
	r := render.NewMapRenderer(nil)
	for _, tt := range []struct {
		viewer rules.SideID
		port   bool
	}{{"", true}, {"corsairs", true}, {"hunters", false}} {
		v := p.state.View(tt.viewer)
		f := &render.Frame{View: v, Map: v.Maps[0].ID}
		var labels []string
		for _, m := range p.marks(r, f) {
			labels = append(labels, m.Label)
		}
		assert.Equal(t, tt.port, strings.Contains(strings.Join(labels, "|"), "PORT"), "viewer %q: %v", tt.viewer, labels)
		key := mapKey(r, f, p, false)
		text := ""
		for _, row := range key.Rows {
			text += row.Text + "\n"
		}
		if tt.port {
			assert.Contains(t, text, "PORT -6,2: the rift's far end, where arrivals appear")
		} else {
			assert.Contains(t, text, "PORT not shown: Bounty Hunters has no unit within 10 hexes of the rift (IP4.28)")
			assert.NotContains(t, text, "-6,2")
		}
	}
	_, err = ScenarioPicture(sc, PictureOptions{Width: 64, Height: 64, Destination: "1.2", Viewer: "federation"})
	assert.EqualError(t, err, `-side "federation": the destination corsair-haven is seen only by its own sides (corsairs, hunters) and by the sides whose units found the rift, which no picture of the start can show; leave out -side for the author's view`)
}

// TestPicturesMatchGolden draws with hexrift render's code, no display
// needed, and compares with the pictures in testdata/golden: the
// objective areas and targets with the map key, and a destination page
// with PORT and DEFEND. go test -run TestPicturesMatchGolden -update
// writes them anew; look at them before committing.
func TestPicturesMatchGolden(t *testing.T) {
	objectives, err := scenarios.Load("marks.yaml", []byte(objectiveMap))
	require.NoError(t, err)
	gate, err := scenarios.LoadBundled("rift-gate")
	require.NoError(t, err)
	tests := []struct {
		name string
		sc   *scenarios.Scenario
		o    PictureOptions
	}{
		{"objectives", objectives, PictureOptions{Width: 640, Height: 420, HexesAcross: 18, Center: rules.Hex{Q: 0, R: -1}, HasCenter: true, Legend: true}},
		{"objectives-red", objectives, PictureOptions{Width: 640, Height: 420, HexesAcross: 18, Center: rules.Hex{Q: 0, R: -1}, HasCenter: true, Legend: true, Viewer: "red"}},
		{"destination", gate, PictureOptions{Width: 720, Height: 440, HexesAcross: 40, Center: rules.Hex{Q: 0, R: 3}, HasCenter: true, Legend: true, Destination: "1.2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, err := ScenarioPicture(tt.sc, tt.o)
			require.NoError(t, err)
			golden(t, filepath.Join("testdata", "golden", tt.name+".png"), img)
		})
	}
}

// golden compares img with the PNG at path, or writes it with -update.
func golden(t *testing.T, path string, img *image.RGBA) {
	t.Helper()
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, WritePNG(path, img))
		return
	}
	f, err := os.Open(path)
	require.NoError(t, err, "no golden picture: run with -update")
	defer f.Close()
	want, err := png.Decode(f)
	require.NoError(t, err)
	require.Equal(t, want.Bounds(), img.Bounds())
	diff := 0
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			r1, g1, b1, _ := want.At(x, y).RGBA()
			r2, g2, b2, _ := img.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				diff++
			}
		}
	}
	assert.Zero(t, diff, "%s: %d pixels differ (run with -update and look at the picture)", path, diff)
}
