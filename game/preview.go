package game

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// The rule ranges the preview can ring (IP4.2-IP4.3): no cosmic rift
// forms this near point terrain, a rift's radiation reaches this far, and
// two rifts lie at least this far apart.
const (
	ringNoRift    = 50  // IP4.233
	ringRadiation = 150 // IP4.31
	ringSpacing   = 300 // IP4.29
)

// previewDebounce is how many quiet ticks (at 60 a second) follow the
// last change to the file before it is read again: an editor's save is
// often several events (write, truncate, rename).
const previewDebounce = 15

// Colours of the preview's overlays and problem pins.
var (
	pinError    = render.Hex("#ff5c5c", 1)
	pinWarning  = render.Hex("#ffb347", 1)
	ringColours = [3]render.RGBA{
		render.Hex("#ffd36e", 0.95), // 50: amber
		render.Hex("#ff6ad5", 0.95), // 150: magenta
		render.Hex("#6ee7ff", 0.95), // 300: cyan
	}
	systemColour = render.Hex("#c9a0ff", 0.95)
	bannerFill   = render.Hex("#7a1c24", 0.94)
	bannerEdge   = render.Hex("#ff5c5c", 0.9)
	okColour     = render.Hex("#7ee0a1", 1)
)

// PreviewScene shows a scenario file's map and reloads it whenever the
// file changes, for authors editing it. While the file is broken it keeps
// the last good version on screen and lists the problems, pinned to
// their hexes.
type PreviewScene struct {
	fonts *render.Fonts
	// path is the file shown; bundled is set instead for a bundled
	// scenario, shown read-only.
	path, bundled string

	ms   *MapScene           // the last good version; nil until there is one
	good *scenarios.Scenario // the last good version's scenario
	// problems are the file's problems as last read, warnings included;
	// broken says they include errors, so good is older than the file.
	problems scenarios.Problems
	broken   bool
	pins     []pin
	reloads  int
	// seenReloads is reloads when Stirred last looked.
	seenReloads int

	watcher *fileWatcher
	changes <-chan string
	pending bool // a change arrived and the file has not been read since
	quiet   int  // ticks since the last change
	notice  string

	rings     [3]bool
	atFeature bool
	storm     bool
	phase     bool
	systems   bool
	viewer    rules.SideID
	next      int // the problem N goes to next

	// origin is the last good version's state; pages its rift chart rows'
	// destinations as they come into play, and page the one shown: 0 for
	// the scenario's own map, k for pages[k-1]. originCam is the camera
	// on the scenario's own map while a destination is shown.
	origin    *rules.State
	pages     []destinationPage
	page      int
	originCam render.Camera

	w, h int

	painter render.Painter
	hud     render.Batch
	labels  []render.Label
	rows    []panelRow // the problems panel's rows, for clicks
	rects   [][4]float64
}

// pin is where a problem shows on the map.
type pin struct {
	problem int // index in problems
	hex     rules.Hex
}

// panelRow is one problem's place in the problems panel.
type panelRow struct {
	y0, y1  float64
	problem int
}

// NewPreviewScene returns a preview of the scenario file at path on a
// w x h screen, read once. Call Watch to follow its changes.
func NewPreviewScene(fonts *render.Fonts, path string, w, h int) *PreviewScene {
	p := &PreviewScene{fonts: fonts, path: path, w: w, h: h}
	p.take(scenarios.LoadFile(path))
	return p
}

// NewBundledPreviewScene returns a read-only preview of a bundled scenario.
func NewBundledPreviewScene(fonts *render.Fonts, id string, w, h int) *PreviewScene {
	p := &PreviewScene{fonts: fonts, bundled: id, w: w, h: h}
	p.notice = "Bundled scenario, read-only: to edit a copy, run  hexrift preview -from " + id + " FILE.yaml"
	p.take(scenarios.LoadBundled(id))
	return p
}

// Watch starts following the file: every save reloads it. It does
// nothing for a bundled scenario.
func (p *PreviewScene) Watch() error {
	if p.bundled != "" || p.watcher != nil {
		return nil
	}
	w, err := watchFile(p.path)
	if err != nil {
		p.notice = "Not watching the file: " + err.Error()
		return err
	}
	p.watcher, p.changes = w, w.Changes()
	return nil
}

// Close stops watching the file.
func (p *PreviewScene) Close() error {
	if p.watcher == nil {
		return nil
	}
	err := p.watcher.Close()
	p.watcher = nil
	return err
}

// Reload reads the file again: a good version replaces the map shown,
// keeping camera, zoom, view and overlays; a broken one keeps the last
// good map and lists its problems.
func (p *PreviewScene) Reload() {
	if p.bundled != "" {
		return
	}
	p.reloads++
	p.pending = false
	p.take(scenarios.LoadFile(p.path))
}

// take shows the result of loading the scenario.
func (p *PreviewScene) take(sc *scenarios.Scenario, err error) {
	defer p.pinProblems()
	if err != nil {
		var ps scenarios.Problems
		if !errors.As(err, &ps) {
			ps = scenarios.Problems{{File: p.name(), Msg: err.Error()}}
		}
		p.problems, p.broken = ps, ps.HasErrors()
		return
	}
	st, err := rules.NewState(sc.Setup(), 1)
	if err != nil {
		p.problems = scenarios.Problems{{File: sc.File, Msg: "the rules refuse the scenario: " + err.Error()}}
		p.broken = true
		return
	}
	p.good, p.problems, p.broken = sc, sc.Warnings, false
	p.origin = st
	pages, err := destinationPages(sc)
	if err != nil {
		p.problems = append(p.problems, scenarios.Problem{File: sc.File, Msg: "the rules refuse a destination as it comes into play: " + err.Error(), Warning: true})
	}
	if p.pages = pages; p.page > len(pages) {
		p.page = 0
	}
	p.show(false)
}

// show puts the page on screen: the scenario's own map or a
// destination. A reload keeps the camera where it was; turning to
// another page (turned) fits a destination's defenders and PORT, and
// back on the scenario's own map finds the camera as it was left.
func (p *PreviewScene) show(turned bool) {
	st, caption := p.origin, "scenario preview: the map at the start of the game"
	page := p.current()
	if page != nil {
		st, caption = page.state, page.title(p.good)
	}
	if _, ok := st.Side(p.viewer); !ok {
		p.viewer = ""
	}
	if p.ms == nil {
		p.ms = NewMapScene(st, p.viewer, p.fonts, p.w, p.h)
		p.ms.Hints = false
		p.ms.ExtraHelp = previewKeys.Help()
		p.ms.Caption = caption
		return
	}
	// Same scene, new state: the camera stays put, even when the map's id
	// (the scenario's) changed and the scene moves to the new map.
	cam := p.ms.cam
	p.ms.viewer = p.viewer
	p.ms.state = st
	p.ms.Caption = caption
	p.ms.Refresh()
	if p.ms.view.Map(p.ms.mapID) == nil && len(p.ms.view.Maps) > 0 {
		p.ms.mapID = p.ms.view.Maps[0].ID
	}
	switch {
	case !turned:
		p.ms.cam = cam
	case page == nil:
		p.ms.cam = p.originCam
		p.ms.cam.Resize(p.w, p.h)
	default:
		m := p.ms.view.Map(p.ms.mapID)
		p.ms.cam = render.NewCamera(m.Center, p.w, p.h, render.FitHexesWith(p.ms.view, m.ID, p.w, p.h, page.port, page.defend))
	}
}

// current returns the destination page shown, nil on the scenario's own
// map.
func (p *PreviewScene) current() *destinationPage {
	if p.page == 0 || p.page > len(p.pages) {
		return nil
	}
	return &p.pages[p.page-1]
}

// nextPage turns to the next rift chart row's destination, and after
// the last back to the scenario's own map. The view goes back to the
// table's: a destination is seen only by its own sides, and V offers
// those there.
func (p *PreviewScene) nextPage() {
	if p.ms == nil || len(p.pages) == 0 {
		return
	}
	if p.page == 0 {
		p.originCam = p.ms.cam
	}
	p.page = (p.page + 1) % (len(p.pages) + 1)
	p.viewer = ""
	p.show(true)
}

// Page returns the destination page shown: its chart row as
// "CHART.ROW", or "" on the scenario's own map.
func (p *PreviewScene) Page() string {
	if d := p.current(); d != nil {
		return d.number()
	}
	return ""
}

func (p *PreviewScene) name() string {
	if p.bundled != "" {
		return p.bundled
	}
	return p.path
}

// Problems returns the file's problems as last read, warnings included.
func (p *PreviewScene) Problems() scenarios.Problems { return p.problems }

// Broken reports whether the file as last read has errors, so that the
// map shown is the last good version.
func (p *PreviewScene) Broken() bool { return p.broken }

// Scenario returns the last good version, or nil.
func (p *PreviewScene) Scenario() *scenarios.Scenario { return p.good }

// Map returns the scene showing the last good version, or nil.
func (p *PreviewScene) Map() *MapScene { return p.ms }

// Reloads returns how many times the file was read again.
func (p *PreviewScene) Reloads() int { return p.reloads }

// Stirred reports whether the file was read again since the last call,
// so that a resting window shows the new version.
func (p *PreviewScene) Stirred() bool {
	stirred := p.reloads != p.seenReloads
	p.seenReloads = p.reloads
	return stirred
}

var (
	indexedPath = regexp.MustCompile(`^(units|features|regions|systems)\[(\d+)\]`)
	hexInMsg    = regexp.MustCompile(`\bhex (-?\d+),(-?\d+)\b`)
)

// ProblemHex returns the hex a problem concerns, if it names one: a hex
// written in its message, or else the item its field path names (units[2]
// is that unit's hex) in the last good version.
func (p *PreviewScene) ProblemHex(pr scenarios.Problem) (rules.Hex, bool) {
	if m := hexInMsg.FindStringSubmatch(pr.Msg); m != nil {
		q, err1 := strconv.Atoi(m[1])
		r, err2 := strconv.Atoi(m[2])
		if err1 == nil && err2 == nil {
			return rules.Hex{Q: q, R: r}, true
		}
	}
	sc := p.good
	if sc == nil {
		return rules.Hex{}, false
	}
	if pr.Path == "center" || strings.HasPrefix(pr.Path, "center.") {
		return sc.Center, true
	}
	m := indexedPath.FindStringSubmatch(pr.Path)
	if m == nil {
		return rules.Hex{}, false
	}
	i, _ := strconv.Atoi(m[2])
	switch m[1] {
	case "units":
		if i < len(sc.Units) {
			return sc.Units[i].Hex, true
		}
	case "features":
		if i < len(sc.Features) {
			return sc.Features[i].Hex, true
		}
	case "regions":
		if i < len(sc.Regions) {
			return sc.Regions[i].Shape.Center, true
		}
	case "systems":
		if i < len(sc.Systems) {
			return sc.Systems[i].Shape.Center, true
		}
	}
	return rules.Hex{}, false
}

func (p *PreviewScene) pinProblems() {
	p.pins = p.pins[:0]
	for i, pr := range p.problems {
		if h, ok := p.ProblemHex(pr); ok {
			p.pins = append(p.pins, pin{problem: i, hex: h})
		}
	}
	p.next = 0
}

// Marks returns the problem pins: each hex with a problem outlined in red
// (amber for warnings only) and labelled with the problems' numbers as
// the panel lists them. On a destination's page they are the problems
// of its chart row's PORT and DEFEND, at those hexes.
func (p *PreviewScene) Marks() []render.HexMark {
	var out []render.HexMark
	at := map[rules.Hex]int{}
	pins := p.pins
	if page := p.current(); page != nil {
		pins = page.pins(p.problems)
	}
	for _, pn := range pins {
		pr := p.problems[pn.problem]
		num := "#" + strconv.Itoa(pn.problem+1)
		if k, ok := at[pn.hex]; ok {
			out[k].Label += " " + num
			if !pr.Warning {
				out[k].Colour = pinError
			}
			continue
		}
		col := pinError
		if pr.Warning {
			col = pinWarning
		}
		at[pn.hex] = len(out)
		out = append(out, render.HexMark{Hex: pn.hex, Colour: col, Label: num})
	}
	return out
}

// ProblemLines returns the problems as the panel lists them, each as
// FILE:LINE:COL: [warning: ]PATH: MSG.
func (p *PreviewScene) ProblemLines() []string {
	out := make([]string, len(p.problems))
	for i, pr := range p.problems {
		out[i] = pr.String()
	}
	return out
}

// Overlays returns the rule rings and outlines switched on.
func (p *PreviewScene) Overlays() ([]render.RingOverlay, []render.HexMark) {
	if p.ms == nil {
		return nil, nil
	}
	var rings []render.RingOverlay
	var marks []render.HexMark
	m := p.ms.view.Map(p.ms.mapID)
	if m == nil {
		return nil, nil
	}
	var anchors []rules.Hex
	if p.atFeature {
		for _, f := range m.Terrain.Features {
			anchors = append(anchors, f.Hex)
		}
	} else if h, ok := p.ms.Hover(); ok {
		anchors = append(anchors, h)
	}
	radii := [3]int{ringNoRift, ringRadiation, ringSpacing}
	names := [3]string{"50 · no rift this near point terrain (IP4.233)", "150 · rift radiation (IP4.31)", "300 · rift spacing (IP4.29)"}
	for k, on := range p.rings {
		if !on {
			continue
		}
		for i, a := range anchors {
			label := names[k]
			if i > 0 {
				label = strconv.Itoa(radii[k])
			}
			rings = append(rings, render.RingOverlay{Center: a, Radius: radii[k], Colour: ringColours[k], Label: label})
		}
	}
	pal := p.ms.renderer.Palette
	if p.storm {
		rng := p.ms.view.Ruleset.PhaseStormRange
		rings = append(rings, render.RingOverlay{Center: m.Center, Radius: rng, Colour: pal.Storm.Mix(render.RGBA{R: 1, G: 1, B: 1, A: 1}, 0.4),
			Label: fmt.Sprintf("phase storm reach %d around the map centre (IP8.515)", rng)})
	}
	// The map labels regions and systems already.
	shape := func(sh rules.Shape, col render.RGBA) {
		if sh.IsDisc() {
			rings = append(rings, render.RingOverlay{Center: sh.Center, Radius: sh.Radius, Colour: col})
			return
		}
		for i, h := range sh.Hexes {
			if i >= 5000 {
				break
			}
			marks = append(marks, render.HexMark{Hex: h, Colour: col})
		}
	}
	if p.phase {
		for _, r := range m.Terrain.Regions {
			if r.Kind == rules.RegionPhaseSpace {
				shape(r.Shape, pal.PhaseEdge.WithAlpha(1))
			}
		}
	}
	if p.systems {
		for _, s := range m.Terrain.Systems {
			shape(s.Shape, systemColour)
		}
	}
	return rings, marks
}

// Frame returns the map frame with the objective areas and targets
// (a destination's PORT and DEFEND on its page), the overlays and the
// pins.
func (p *PreviewScene) Frame() *render.Frame {
	if p.ms == nil {
		return nil
	}
	f := p.ms.Frame() // with the objective areas
	rings, marks := p.Overlays()
	f.Rings = append(f.Rings, rings...)
	marks = append(marks, objectiveMarks(p.ms.renderer, f)...)
	if page := p.current(); page != nil {
		marks = append(marks, page.marks(p.ms.renderer, f)...)
	}
	f.Marks = append(marks, p.Marks()...) // pins last: drawn on top
	return f
}

// MapKey returns the legend of the marks on the map shown.
func (p *PreviewScene) MapKey() render.Legend {
	if p.ms == nil {
		return render.Legend{}
	}
	f := &render.Frame{View: p.ms.view, Map: p.ms.mapID, ForcedSideColours: p.ms.ColourBlind}
	return mapKey(p.ms.renderer, f, p.current(), false)
}

// previewAction is a preview key's effect.
type previewAction int

const (
	toggleRing50 previewAction = iota
	toggleRing150
	toggleRing300
	toggleRingAnchor
	toggleStorm
	togglePhase
	toggleSystems
	nextViewer
	nextProblem
	nextPage
)

var previewIntentActions = []struct {
	intent Intent
	act    previewAction
}{
	{intentRing50, toggleRing50}, {intentRing150, toggleRing150}, {intentRing300, toggleRing300},
	{intentRingAnchor, toggleRingAnchor}, {intentStorm, toggleStorm}, {intentPhase, togglePhase},
	{intentSystems, toggleSystems}, {intentNextViewer, nextViewer}, {intentNextIssue, nextProblem},
	{intentNextPage, nextPage},
}

func (p *PreviewScene) apply(a previewAction) {
	switch a {
	case toggleRing50, toggleRing150, toggleRing300:
		k := int(a - toggleRing50)
		p.rings[k] = !p.rings[k]
	case toggleRingAnchor:
		p.atFeature = !p.atFeature
	case toggleStorm:
		p.storm = !p.storm
	case togglePhase:
		p.phase = !p.phase
	case toggleSystems:
		p.systems = !p.systems
	case nextViewer:
		p.cycleViewer()
	case nextPage:
		p.nextPage()
	case nextProblem:
		if len(p.pins) > 0 && p.page == 0 {
			p.focus(p.pins[p.next%len(p.pins)].problem)
			p.next = (p.next + 1) % len(p.pins)
		}
	}
}

// cycleViewer shows the map as the next side sees it, then the table.
func (p *PreviewScene) cycleViewer() {
	if p.ms == nil {
		return
	}
	sides := p.ms.view.Sides
	next := rules.SideID("")
	if p.viewer == "" {
		if len(sides) > 0 {
			next = sides[0].ID
		}
	} else {
		for i, s := range sides {
			if s.ID == p.viewer && i+1 < len(sides) {
				next = sides[i+1].ID
			}
		}
	}
	p.viewer = next
	p.ms.SetViewer(next)
}

// Viewer returns whose view is shown ("" for the table).
func (p *PreviewScene) Viewer() rules.SideID { return p.viewer }

// focus centres the map on problem i's pin, if it has one.
func (p *PreviewScene) focus(i int) {
	pins := p.pins
	if page := p.current(); page != nil {
		pins = page.pins(p.problems)
	}
	for _, pn := range pins {
		if pn.problem == i && p.ms != nil {
			p.ms.cam.CenterOn(pn.hex)
			return
		}
	}
}

// poll takes the watcher's news without blocking and reloads once the
// file has been quiet for previewDebounce ticks.
func (p *PreviewScene) poll() {
drain:
	for {
		select {
		case _, ok := <-p.changes:
			if !ok {
				p.changes = nil
				break drain
			}
			p.pending, p.quiet = true, 0
		default:
			break drain
		}
	}
	if p.watcher != nil {
		select {
		case err := <-p.watcher.Errs():
			p.notice = "Watching the file: " + err.Error()
		default:
		}
	}
	if p.pending {
		p.quiet++
		if p.quiet >= previewDebounce {
			p.Reload()
		}
	}
}

// Update follows the file, then applies this tick's input.
func (p *PreviewScene) Update(in *Input) error {
	p.poll()
	if p.ms != nil {
		helpWas := p.ms.help
		if err := p.ms.Update(in); err != nil {
			return err
		}
		if helpWas || p.ms.help {
			return nil // the help's Esc closes the help and does no more
		}
	}
	if previewKeys.Fired(in, intentQuit) {
		return ebiten.Termination
	}
	for _, ia := range previewIntentActions {
		if previewKeys.Fired(in, ia.intent) {
			p.apply(ia.act)
		}
	}
	if in.Clicked {
		x, y := float64(in.CursorX), float64(in.CursorY)
		if len(p.rects) > 1 {
			r := p.rects[1] // the problems panel
			if x >= r[0] && x < r[2] {
				for _, row := range p.rows {
					if y >= row.y0 && y < row.y1 {
						p.focus(row.problem)
					}
				}
			}
		}
	}
	return nil
}

// Resize follows the window size.
func (p *PreviewScene) Resize(w, h int) {
	p.w, p.h = w, h
	if p.ms != nil {
		p.ms.Resize(w, h)
	}
}

// Draw draws the map of the last good version with its pins and
// overlays, and the preview's panels.
func (p *PreviewScene) Draw(screen *ebiten.Image) {
	p.layout()
	if p.ms == nil {
		screen.Fill(render.DefaultPalette().Space.Color())
	} else {
		p.ms.Reserved = p.rects
		p.ms.DrawFrame(screen, p.Frame())
		if p.ms.help {
			return
		}
	}
	p.painter.Draw(screen, &p.hud)
	p.fonts.DrawLabels(screen, p.labels)
}
