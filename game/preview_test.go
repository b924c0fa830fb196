package game

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// firstContact returns the default scenario's text, which the preview
// tests edit as an author would.
func firstContact(t *testing.T) string {
	t.Helper()
	src, err := scenarios.ReadSource(scenarios.DefaultID)
	require.NoError(t, err)
	return string(src.Data)
}

// save writes data to path the way editors do: a new file renamed over
// the old one.
func save(t *testing.T, path, data string) {
	t.Helper()
	tmp := path + ".tmp~"
	require.NoError(t, os.WriteFile(tmp, []byte(data), 0o644))
	require.NoError(t, os.Rename(tmp, path))
}

// edit returns data with old replaced by new, which must be there.
func edit(t *testing.T, data, old, new string) string {
	t.Helper()
	require.Contains(t, data, old)
	return strings.Replace(data, old, new, 1)
}

func newPreview(t *testing.T, data string) (*PreviewScene, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "my.yaml")
	save(t, path, data)
	fonts, err := render.NewFonts()
	require.NoError(t, err)
	p := NewPreviewScene(fonts, path, 1280, 800)
	return p, path
}

// lineCol returns the 1-based line and column of the first s in data.
func lineCol(data, s string) (int, int) {
	i := strings.Index(data, s)
	before := data[:i]
	return strings.Count(before, "\n") + 1, i - strings.LastIndex(before, "\n")
}

func TestPreviewReloadKeepsCamera(t *testing.T) {
	data := firstContact(t)
	p, path := newPreview(t, data)
	require.NotNil(t, p.Map())
	require.False(t, p.Broken())
	ms := p.Map()
	ms.Apply(ZoomBy{2.5, 300, 200})
	ms.Apply(PanBy{-420, 130})
	cam := *ms.Camera()
	p.apply(nextViewer)
	require.Equal(t, rules.SideID("federation"), p.Viewer())

	save(t, path, edit(t, data, "name: First Contact", "name: Second Contact"))
	p.Reload()
	assert.Same(t, ms, p.Map(), "the same map scene shows the new version")
	assert.Equal(t, cam, *p.Map().Camera(), "camera and zoom stay put")
	assert.Equal(t, "Second Contact", p.Map().View().Scenario.Name)
	assert.Equal(t, rules.SideID("federation"), p.Map().Viewer(), "the view stays put")
	assert.Equal(t, rules.MapID("first-contact"), p.Map().MapID())
	assert.Empty(t, p.Problems())

	// A new scenario id names a new map: the preview follows it.
	save(t, path, edit(t, data, "id: first-contact", "id: second-contact"))
	p.Reload()
	assert.Equal(t, rules.MapID("second-contact"), p.Map().MapID())
	assert.Equal(t, cam, *p.Map().Camera())
}

func TestPreviewBrokenSaveKeepsLastGood(t *testing.T) {
	data := firstContact(t)
	p, path := newPreview(t, data)
	broken := edit(t, data, "class: fed-destroyer", "class: fed-destroyr")
	save(t, path, broken)
	p.Reload()

	require.True(t, p.Broken())
	require.NotNil(t, p.Map(), "the last good map stays on screen")
	assert.Equal(t, rules.ClassID("fed-destroyer"), p.Scenario().Units[1].Class, "showing the last good version")
	line, col := lineCol(broken, "fed-destroyr")
	lines := p.ProblemLines()
	require.Len(t, lines, 1)
	assert.True(t, strings.HasPrefix(lines[0], path+":"+strconv.Itoa(line)+":"+strconv.Itoa(col)+": units[1].class: unknown class"), lines[0])

	// The panel and banner say so.
	p.layout()
	var texts []string
	for _, l := range p.labels {
		texts = append(texts, l.Text)
	}
	all := strings.Join(texts, "\n")
	assert.Contains(t, all, "my.yaml has 1 problem, showing the last good version")
	assert.Contains(t, all, "my.yaml:"+strconv.Itoa(line)+":"+strconv.Itoa(col))

	save(t, path, data)
	p.Reload()
	assert.False(t, p.Broken())
	assert.Empty(t, p.Problems(), "fixing the file clears the problems")
	assert.Empty(t, p.Marks())
	assert.Equal(t, 2, p.Reloads())
}

func TestPreviewPinsProblemsToHexes(t *testing.T) {
	data := firstContact(t)
	p, path := newPreview(t, data)
	// units[2] is Swift at -8,11 in the last good version.
	broken := edit(t, data, `class: fed-frigate, hex: "-8,11"`, `class: fed-frigat, hex: "-8,11"`)
	// And Dagger moved onto the star Lantern at -2,1: the message names the hex.
	broken = edit(t, broken, `class: kor-raider, hex: "15,-4"`, `class: kor-raider, hex: "-2,1"`)
	save(t, path, broken)
	p.Reload()
	require.True(t, p.Broken())
	require.Len(t, p.Problems(), 2, p.ProblemLines())

	swift, ok := p.ProblemHex(p.Problems()[0])
	require.True(t, ok, p.ProblemLines()[0])
	assert.Equal(t, rules.Hex{Q: -8, R: 11}, swift)
	star, ok := p.ProblemHex(p.Problems()[1])
	require.True(t, ok, p.ProblemLines()[1])
	assert.Equal(t, rules.Hex{Q: -2, R: 1}, star)

	f := p.Frame()
	assert.Contains(t, f.Marks, render.HexMark{Hex: rules.Hex{Q: -8, R: 11}, Colour: pinError, Label: "#1"})
	assert.Contains(t, f.Marks, render.HexMark{Hex: rules.Hex{Q: -2, R: 1}, Colour: pinError, Label: "#2"})

	// N centres the map on each pinned problem in turn.
	p.apply(nextProblem)
	assert.Equal(t, rules.Hex{Q: -8, R: 11}, p.Map().Camera().ScreenToHex(640, 400))
	p.apply(nextProblem)
	assert.Equal(t, rules.Hex{Q: -2, R: 1}, p.Map().Camera().ScreenToHex(640, 400))
}

func TestPreviewProblemHexFromPath(t *testing.T) {
	p, _ := newPreview(t, firstContact(t))
	sc := p.Scenario()
	for _, tt := range []struct {
		path string
		want rules.Hex
		ok   bool
	}{
		{"units[0].speed", sc.Units[0].Hex, true},
		{"features[1]", sc.Features[1].Hex, true},
		{"regions[0].disc.radius", sc.Regions[0].Shape.Center, true},
		{"systems[0].hexes[1]", sc.Systems[0].Shape.Center, true},
		{"center", sc.Center, true},
		{"units[99].hex", rules.Hex{}, false},
		{"ruleset.impulses", rules.Hex{}, false},
		{"", rules.Hex{}, false},
	} {
		h, ok := p.ProblemHex(scenarios.Problem{Path: tt.path, Msg: "something"})
		assert.Equal(t, tt.ok, ok, tt.path)
		assert.Equal(t, tt.want, h, tt.path)
	}
	h, ok := p.ProblemHex(scenarios.Problem{Path: "units[0].hex", Msg: "hex -3,7 is 40 hexes from the map centre 0,0"})
	assert.True(t, ok)
	assert.Equal(t, rules.Hex{Q: -3, R: 7}, h, "a hex in the message wins")
}

func TestPreviewBrokenFromTheStart(t *testing.T) {
	p, path := newPreview(t, "id: x\nname: [\n")
	assert.True(t, p.Broken())
	assert.Nil(t, p.Map(), "nothing good to show yet")
	assert.Nil(t, p.Frame())
	p.layout()
	save(t, path, firstContact(t))
	p.Reload()
	assert.False(t, p.Broken())
	require.NotNil(t, p.Map())
}

// A save reloads the file once it has been quiet for previewDebounce
// ticks, however many events it made.
func TestPreviewDebouncesByTicks(t *testing.T) {
	data := firstContact(t)
	p, path := newPreview(t, data)
	ch := make(chan string, 1)
	p.changes = ch
	save(t, path, edit(t, data, "name: First Contact", "name: Debounced"))
	in := &Input{}

	ch <- path
	for range previewDebounce - 1 {
		require.NoError(t, p.Update(in))
	}
	assert.Equal(t, 0, p.Reloads(), "not yet: the save may go on")
	ch <- path // another event of the same save
	for range previewDebounce - 1 {
		require.NoError(t, p.Update(in))
	}
	assert.Equal(t, 0, p.Reloads(), "a new event restarts the wait")
	require.NoError(t, p.Update(in))
	assert.Equal(t, 1, p.Reloads())
	assert.Equal(t, "Debounced", p.Map().View().Scenario.Name)
	for range 3 * previewDebounce {
		require.NoError(t, p.Update(in))
	}
	assert.Equal(t, 1, p.Reloads(), "no event, no reload")
}

// The watcher sees a save made by writing a new file and renaming it
// over the old one, and ignores other files in the folder. The receive
// blocks: go test's -timeout bounds it.
func TestPreviewWatcherSeesRenameSave(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "watched.yaml")
	require.NoError(t, os.WriteFile(path, []byte("id: a\n"), 0o644))
	fw, err := watchFile(path)
	require.NoError(t, err)
	defer fw.Close()

	require.NoError(t, os.WriteFile(filepath.Join(dir, "other.yaml"), []byte("id: b\n"), 0o644))
	save(t, path, "id: c\n")
	got := <-fw.Changes()
	assert.Equal(t, path, got, "the first change reported is the watched file's")

	require.NoError(t, fw.Close())
	for range fw.Changes() { // drained and closed once the watcher stops
	}
}

func TestPreviewKeysToggleOverlays(t *testing.T) {
	p, _ := newPreview(t, firstContact(t))
	press := func(k ebiten.Key) {
		t.Helper()
		require.NoError(t, p.Update(&Input{Pressed: keys(k), CursorIn: true, CursorX: 640, CursorY: 400}))
	}
	rings, _ := p.Overlays()
	assert.Empty(t, rings)

	press(ebiten.KeyDigit1)
	press(ebiten.KeyDigit3)
	hover, ok := p.Map().Hover()
	require.True(t, ok)
	rings, _ = p.Overlays()
	require.Len(t, rings, 2)
	assert.Equal(t, hover, rings[0].Center)
	assert.Equal(t, 50, rings[0].Radius)
	assert.Equal(t, 300, rings[1].Radius)

	press(ebiten.KeyF) // around each point feature instead
	rings, _ = p.Overlays()
	assert.Len(t, rings, 2*len(p.Scenario().Features))

	press(ebiten.KeyDigit1)
	press(ebiten.KeyDigit3)
	press(ebiten.KeyDigit4)
	rings, _ = p.Overlays()
	require.Len(t, rings, 1)
	assert.Equal(t, render.RingOverlay{Center: p.Scenario().Center, Radius: p.Scenario().Ruleset.PhaseStormRange},
		render.RingOverlay{Center: rings[0].Center, Radius: rings[0].Radius}, "the storm's reach around the map centre")
	press(ebiten.KeyDigit4)

	press(ebiten.KeyDigit5) // the Veil, a disc
	press(ebiten.KeyDigit6) // the Maw, three hexes
	rings, marks := p.Overlays()
	require.Len(t, rings, 1)
	assert.Equal(t, p.Scenario().Regions[0].Shape.Radius, rings[0].Radius)
	assert.Len(t, marks, len(p.Scenario().Systems[0].Shape.Hexes))

	for _, want := range []rules.SideID{"federation", "korath", ""} {
		press(ebiten.KeyV)
		assert.Equal(t, want, p.Map().Viewer())
	}
}

func TestPreviewBundledIsReadOnly(t *testing.T) {
	fonts, err := render.NewFonts()
	require.NoError(t, err)
	p := NewBundledPreviewScene(fonts, scenarios.DefaultID, 1280, 800)
	require.NotNil(t, p.Map())
	assert.False(t, p.Broken())
	assert.NoError(t, p.Watch())
	assert.Nil(t, p.watcher)
	p.Reload()
	assert.Equal(t, 0, p.Reloads())
	assert.Contains(t, p.notice, "read-only")
}

// Drawn in a window: the banner is on screen while the file is broken.
func TestPreviewDrawsBanner(t *testing.T) {
	requireDisplay(t)
	data := firstContact(t)
	p, path := newPreview(t, data)
	img := ebiten.NewImage(1280, 800)
	p.Draw(img)
	save(t, path, edit(t, data, "class: fed-destroyer", "class: fed-destroyr"))
	p.Reload()
	p.Draw(img)
	r, g, b, _ := img.At(640, 45).RGBA()
	assert.Greater(t, r>>8, 2*(g>>8), "banner red under the top bar, got %d,%d,%d", r>>8, g>>8, b>>8)
}

func TestPreviewListsRiftDestinations(t *testing.T) {
	sc, err := scenarios.Open("rift-gate")
	require.NoError(t, err)
	require.NotEmpty(t, sc.RiftCharts)
	links := riftLinks(sc)
	heads, rows := 0, 0
	for _, l := range links {
		if l.head {
			heads++
		} else {
			rows++
		}
	}
	assert.Equal(t, len(sc.RiftCharts), heads)
	want := 0
	for _, c := range sc.RiftCharts {
		want += len(c.Rows)
	}
	assert.Equal(t, want, rows)
	r := sc.RiftCharts[0].Rows[0]
	assert.Contains(t, links[1].text, r.Scenario)
	assert.Contains(t, links[1].text, "PORT "+r.Port.String())
	assert.Empty(t, riftLinks(&scenarios.Scenario{}))
}

// The rift graph gives each destination the chance the first unit in
// rolls it: over charts that cover every 2d6 total, the chances add up
// to one.
func TestDestinationOddsAddUp(t *testing.T) {
	sc, err := scenarios.Open("rift-gate")
	require.NoError(t, err)
	ids, odds := destinationOdds(sc)
	require.Len(t, ids, 3)
	sum := 0.0
	for _, id := range ids {
		assert.Greater(t, odds[id], 0.0, id)
		sum += odds[id]
	}
	assert.InDelta(t, 1.0, sum, 1e-9)
	assert.Equal(t, 36, twoD6(2, 12))
	assert.Equal(t, 6, twoD6(7, 7))
}

// The preview's line of keys fits the window at every size: it wraps
// into rows between keys, names Esc, and the panels, the notice and the
// pointer readout stay above it.
func TestPreviewHelpLineFits(t *testing.T) {
	requireDisplay(t)
	tests := []struct{ w, h int }{{MinWindowWidth, MinWindowHeight}, {700, 500}, {1280, 800}, {1920, 1080}}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d", tt.w, tt.h), func(t *testing.T) {
			p, _ := newPreview(t, firstContact(t))
			p.notice = "Not watching the file: too many open files"
			p.Resize(tt.w, tt.h)
			p.Draw(ebiten.NewImage(tt.w, tt.h))
			var rows []render.Label
			for _, l := range p.labels {
				if l.Size == previewHelpSize && l.Align == render.AlignRight && l.Y > float64(tt.h)/2 {
					rows = append(rows, l)
				}
			}
			require.NotEmpty(t, rows)
			all := ""
			top := rows[0].Y
			for _, l := range rows {
				w, _ := p.fonts.Measure(l.Style, l.Size, l.Text)
				assert.GreaterOrEqual(t, l.X-w, 0.0, "%q runs off the left edge", l.Text)
				assert.LessOrEqual(t, l.Y+previewHelpRow, float64(tt.h), "%q runs off the bottom", l.Text)
				all += l.Text + "  ·  "
				top = min(top, l.Y)
			}
			assert.Contains(t, all, "Esc close")
			for _, part := range previewHelp {
				assert.Contains(t, all, part)
			}
			assert.GreaterOrEqual(t, p.Map().ReadoutBottom, float64(tt.h)-top, "the pointer readout sits above the keys")
			for _, l := range p.labels {
				if l.Text == p.notice {
					assert.Less(t, l.Y+16, top, "the notice sits above the keys")
				}
			}
		})
	}
}

// The preview's overlays panel sits below the map's objectives box, not
// over it.
func TestPreviewPanelsClearTheObjectives(t *testing.T) {
	requireDisplay(t)
	p, _ := newPreview(t, firstContact(t))
	p.Draw(ebiten.NewImage(1280, 800))
	obj := p.Map().objectivesRect()
	require.Positive(t, obj[2], "first contact has objectives")
	for i, r := range p.rects {
		assert.False(t, obj[0] < r[2] && r[0] < obj[2] && obj[1] < r[3] && r[1] < obj[3], "panel %d %v covers the objectives %v", i, r, obj)
	}
}

// The preview draws what a scenario's objectives ask on the map: a hold
// area is ringed, in both sides' colours where both score for it, even
// with the rule rings on, and the map key explains it.
func TestPreviewDrawsObjectiveAreas(t *testing.T) {
	requireDisplay(t)
	data := firstContact(t)
	without := data[:strings.Index(data, "objectives:")] // the objectives come last
	draw := func(data string) (*ebiten.Image, *PreviewScene) {
		t.Helper()
		p, _ := newPreview(t, data)
		p.Map().Camera().CenterOn(rules.Hex{Q: -12, R: -2}) // New Haven, the hold area's centre
		require.NoError(t, p.Update(&Input{Pressed: keys(ebiten.KeyDigit1)}))
		img := ebiten.NewImage(1280, 800)
		p.Draw(img)
		return img, p
	}
	img, p := draw(data)
	f := p.Frame()
	var ring *render.RingOverlay
	for i, g := range f.Rings {
		if g.Center == (rules.Hex{Q: -12, R: -2}) && g.Radius == 3 {
			ring = &f.Rings[i]
		}
	}
	require.NotNil(t, ring, "the hold area is ringed beside the rule rings: %+v", f.Rings)
	assert.Equal(t, "Terran Federation: hold 60  ·  Korath Dominion: hold 60", ring.Label)
	require.Len(t, ring.Alternate, 1, "in both sides' colours")
	var key []string
	for _, r := range p.MapKey().Rows {
		key = append(key, r.Text)
	}
	assert.Equal(t, []string{"hold or exit area, ringed in the colours of the sides it scores for"}, key)

	plain, _ := draw(without)
	// The top edge of the ring's topmost hex, 3 hexes up from the centre.
	cam := p.Map().Camera()
	x, y := cam.HexToScreen(rules.Hex{Q: -12, R: -5})
	y -= cam.Scale * 0.866
	r1, g1, b1, _ := img.At(int(x), int(y)).RGBA()
	r0, g0, b0, _ := plain.At(int(x), int(y)).RGBA()
	assert.NotEqual(t, [3]uint32{r0, g0, b0}, [3]uint32{r1, g1, b1}, "the ring is drawn where the plain map has none")
	blue := b1>>8 > r1>>8+60
	red := r1>>8 > b1>>8+60
	assert.True(t, blue || red, "the ring's edge is in a side's colour, got %d,%d,%d", r1>>8, g1>>8, b1>>8)
}

// The preview pages through the rift chart rows' destinations as they
// come into play (M), each with its defenders placed by DEFEND, PORT
// and DEFEND marked and explained in the map key; V there shows it as
// each of the destination's own sides sees it, never as a side of the
// origin; after the last page the scenario's own map comes back with
// the camera where it was.
func TestPreviewPagesThroughDestinations(t *testing.T) {
	src, err := scenarios.ReadSource("rift-gate")
	require.NoError(t, err)
	p, _ := newPreview(t, string(src.Data))
	press := func(k ebiten.Key) {
		t.Helper()
		require.NoError(t, p.Update(&Input{Pressed: keys(k)}))
	}
	home := *p.Map().Camera()
	assert.Equal(t, "", p.Page())
	press(ebiten.KeyM)
	assert.Equal(t, "1.1", p.Page())
	assert.Equal(t, "rift destination 1.1 (chart 2-6, row 2-5): The Derelict Yard as it comes into play", p.Map().Caption)
	f := p.Frame()
	var labels []string
	for _, m := range f.Marks {
		labels = append(labels, fmt.Sprintf("%v %s", m.Hex, m.Label))
	}
	assert.Equal(t, []string{"0,0 PORT · arrivals", "4,-3 DEFEND · Watcher"}, labels)
	var units []string
	for _, u := range p.Map().view.Units {
		units = append(units, fmt.Sprintf("%s %v", u.ID, u.Hex))
	}
	assert.Contains(t, units, "watcher 4,-3", "the largest defender stands at DEFEND")
	assert.Contains(t, units, "hulk-a 1,-1", "the others keep their places round it")
	var key []string
	for _, r := range p.MapKey().Rows {
		key = append(key, r.Text)
	}
	assert.Equal(t, []string{"PORT 0,0: the rift's far end, where arrivals appear", "DEFEND 4,-3: Watcher, the largest defender, comes into play"}, key)

	for _, want := range []rules.SideID{"wardens", "salvagers", ""} {
		press(ebiten.KeyV)
		assert.Equal(t, want, p.Map().Viewer(), "V shows the destination as its own sides see it")
	}
	for _, want := range []string{"1.2", "1.3", "2.1", "2.2", "2.3", ""} {
		press(ebiten.KeyM)
		assert.Equal(t, want, p.Page())
	}
	assert.Equal(t, home, *p.Map().Camera(), "the scenario's own map as it was left")
	assert.Equal(t, "scenario preview: the map at the start of the game", p.Map().Caption)
	press(ebiten.KeyV)
	press(ebiten.KeyM)
	assert.Equal(t, rules.SideID(""), p.Map().Viewer(), "a destination is never shown as a side of the origin sees it")
}

// A warning about a chart row's PORT is pinned at PORT on that row's
// destination page, where the problem is.
func TestPreviewPinsArrivalWarnings(t *testing.T) {
	src, err := scenarios.ReadSource("rift-gate")
	require.NoError(t, err)
	data := edit(t, string(src.Data), `{roll: 2-5, scenario: derelict-yard, port: "0,0"`, `{roll: 2-5, scenario: derelict-yard, port: "-60,30"`)
	p, _ := newPreview(t, data)
	require.False(t, p.Broken())
	require.Len(t, p.Problems(), 1)
	assert.Contains(t, p.Problems()[0].Msg, `PORT -60,30 holds the moon "cinder" of derelict-yard`)
	assert.Empty(t, p.Marks(), "nothing to pin on the scenario's own map")
	p.apply(nextPage)
	require.Equal(t, "1.1", p.Page())
	pins := p.Marks()
	require.Len(t, pins, 1)
	assert.Equal(t, rules.Hex{Q: -60, R: 30}, pins[0].Hex)
	assert.Equal(t, "#1", pins[0].Label)
}
