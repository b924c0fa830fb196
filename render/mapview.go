package render

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/rules"
)

// Frame is everything one drawing of the map depends on. Time drives the
// animations only; it never changes what is shown.
type Frame struct {
	View   *rules.View
	Map    rules.MapID
	Camera Camera
	// Time is the animation clock in seconds.
	Time float64
	// Hover is the hex under the pointer, if HoverOK.
	Hover   rules.Hex
	HoverOK bool
	// Selected is the unit to highlight, if any.
	Selected rules.UnitID
	// Reserved lists screen rectangles (x0, y0, x1, y1) that panels
	// cover; map labels that would fall under them are left out.
	Reserved [][4]float64
	// Paths are planned moves to preview; Marks highlight hexes (targets,
	// selectable units). Both are drawn above the units.
	Paths []PathOverlay
	Marks []HexMark
	// Rings outline hex-distance discs, e.g. rule ranges around a hex;
	// drawn below the marks.
	Rings []RingOverlay
	// ForcedSideColours replaces the scenario's side colours with the
	// palette's, e.g. for colour-blind players.
	ForcedSideColours bool
	// Effects are passing pictures of what happened (shots, hits,
	// losses), drawn above everything on the map (effects.go).
	Effects []Effect
}

// MapRenderer draws the floating map of a view. It keeps its batches
// between frames so that drawing allocates nothing once warm.
type MapRenderer struct {
	Palette Palette
	fonts   *Fonts
	painter Painter
	// measure sizes labels for decluttering: the window's fonts, or the
	// raster's when drawing without a display.
	measure func(style FontStyle, size float64, s string) (w, h float64)

	back, area, grid, things, top Batch
	labels                        []Label
	courses                       []PathOverlay // phase courses to draw this frame
	stacks                        map[rules.Hex]int
	corners                       [12]float32
	gridTile                      gridPattern
	bg                            RGBA // the background: space, tinted by areas that fill the screen
	gridTex                       gridTexture
	// unitBoxes are the screen boxes of the units drawn this frame;
	// the map's own labels (areas, systems, rifts, features), which come
	// before units' labels, are left out where they would cover one.
	unitBoxes   [][4]float64
	placeLabels int
	// areaLabels counts the areas' labels (phase space, ion storms, the
	// phase storm), the first of labels; areaBoxes are the screen boxes
	// of those the last Build kept.
	areaLabels int
	areaBoxes  [][4]float64
	// markLabels are the indexes [from, to) of the overlays' labels
	// (marks, path notes, rings): what the player is acting on, placed
	// first when labels are decluttered; declOrder and declKeep are
	// declutter's order and verdicts, kept from frame to frame.
	markLabels [2]int
	declOrder  []int
	declKeep   []bool
	// fxLabels are the effects' text, drawn last.
	fxLabels []Label

	// under is laid over the background before anything else: space's
	// own colour over the hexes outside a disc that tints the background
	// (regionHexes); outside lists those hexes, whose edges the far
	// grid's tile under them no longer shows (gridLines draws them).
	under   Batch
	outside []rules.Hex
}

// NewMapRenderer returns a renderer that writes labels with fonts.
func NewMapRenderer(fonts *Fonts) *MapRenderer {
	r := &MapRenderer{Palette: DefaultPalette(), fonts: fonts, stacks: map[rules.Hex]int{}}
	if fonts != nil {
		r.measure = fonts.Measure
	}
	return r
}

// Zoom thresholds, in pixels per hex radius.
const (
	gridFadeStart = 4.0  // below this the grid is not drawn
	gridFadeFull  = 16.0 // from this on the grid is at full strength
	hexDetail     = 7.0  // from this on areas show their exact hex borders
	regionDetail  = 16.0 // from this on areas are filled hex by hex
	markerDetail  = 2.0  // below this a unit is one triangle
	counterDetail = 11.0 // from this on units are drawn as counters
	nameDetail    = 22.0 // from this on unit names are shown
)

// Draw draws the map of f onto dst, filling it entirely.
func (r *MapRenderer) Draw(dst *ebiten.Image, f *Frame) {
	r.Build(f)
	if !r.gridTex.draw(dst, r.gridTile) { // the far grid is the background
		dst.Fill(r.bg.Color())
	}
	r.painter.Draw(dst, &r.under)
	r.painter.Draw(dst, &r.back)
	r.painter.Draw(dst, &r.area)
	r.painter.Draw(dst, &r.grid)
	r.painter.Draw(dst, &r.things)
	r.painter.Draw(dst, &r.top)
	if r.fonts != nil {
		r.fonts.DrawLabels(dst, r.labels)
		r.fonts.DrawLabels(dst, r.fxLabels)
	}
}

// Triangles returns how many triangles the last Build produced, a measure
// of a frame's cost; the far-zoom grid's tile counts as its two.
func (r *MapRenderer) Triangles() int {
	n := r.under.Len() + r.back.Len() + r.area.Len() + r.grid.Len() + r.things.Len() + r.top.Len()
	if r.gridTile.on {
		n += 2
	}
	return n
}

// Build fills the display list for f without drawing it.
func (r *MapRenderer) Build(f *Frame) {
	for _, b := range []*Batch{&r.under, &r.back, &r.area, &r.grid, &r.things, &r.top} {
		b.Reset()
	}
	r.outside = r.outside[:0]
	r.labels = r.labels[:0]
	r.fxLabels = r.fxLabels[:0]
	r.unitBoxes = r.unitBoxes[:0]
	r.placeLabels = 0
	r.areaLabels = 0
	r.areaBoxes = r.areaBoxes[:0]
	r.bg = r.Palette.Space
	r.starfield(f)
	m := f.View.Map(f.Map)
	if m == nil {
		return
	}
	t := m.Terrain
	r.regions(f, t)
	r.storm(f)
	r.areaLabels = len(r.labels)
	r.gridLines(f)
	r.webs(f)
	r.systems(f, t)
	r.cosmicRifts(f)
	r.features(f, t)
	r.placeLabels = len(r.labels)
	r.units(f)
	r.tractorBeams(f)
	r.phaseCourses(f)
	r.markLabels[0] = len(r.labels)
	r.overlays(f)
	r.markLabels[1] = len(r.labels)
	r.hover(f)
	r.effects(f)
	r.declutter(f.Reserved)
}

// declutter drops labels that would overlap one placed before them, so
// that at far zoom names never pile up. The overlays' labels (a course's
// target, a break's unit: what the player is acting on) are placed first;
// of the others, earlier labels win.
func (r *MapRenderer) declutter(reserved [][4]float64) {
	if r.measure == nil {
		return
	}
	type box struct{ x0, y0, x1, y1 float64 }
	placed := make([]box, 0, len(r.labels)+len(reserved))
	for _, rr := range reserved {
		placed = append(placed, box{rr[0], rr[1], rr[2], rr[3]})
	}
	order := r.declOrder[:0]
	for i := r.markLabels[0]; i < r.markLabels[1]; i++ {
		order = append(order, i)
	}
	for i := range r.labels {
		if i < r.markLabels[0] || i >= r.markLabels[1] {
			order = append(order, i)
		}
	}
	keep := slices.Grow(r.declKeep[:0], len(r.labels))[:len(r.labels)]
	clear(keep)
	r.declOrder, r.declKeep = order, keep
	for _, i := range order {
		l := r.labels[i]
		lb := r.labelBox(l)
		b := box{lb[0], lb[1], lb[2], lb[3]}
		clash := false
		for _, p := range placed {
			if b.x0 < p.x1 && p.x0 < b.x1 && b.y0 < p.y1 && p.y0 < b.y1 {
				clash = true
				break
			}
		}
		for k := 0; k < len(r.unitBoxes) && i < r.placeLabels && !clash; k++ {
			p := r.unitBoxes[k]
			clash = b.x0 < p[2] && p[0] < b.x1 && b.y0 < p[3] && p[1] < b.y1
		}
		if !clash {
			placed = append(placed, b)
			keep[i] = true
		}
	}
	kept := r.labels[:0]
	for i, l := range r.labels {
		if keep[i] {
			kept = append(kept, l)
			if i < r.areaLabels {
				lb := r.labelBox(l)
				r.areaBoxes = append(r.areaBoxes, [4]float64{lb[0], lb[1], lb[2], lb[3]})
			}
		}
	}
	r.labels = kept
}

// labelBox is the screen rectangle (x0, y0, x1, y1) label l takes, with
// a pixel or two of room around its text; r.measure must be set.
func (r *MapRenderer) labelBox(l Label) [4]float64 {
	w, h := r.measure(l.Style, l.Size, l.Text)
	x0 := l.X
	switch l.Align {
	case AlignCenter:
		x0 -= w / 2
	case AlignRight:
		x0 -= w
	}
	return [4]float64{x0 - 2, l.Y - 1, x0 + w + 2, l.Y + h + 1}
}

// AreaLabelBoxes returns the screen rectangles (x0, y0, x1, y1) of the
// areas' labels the last Build drew ("PHASE STORM  ·  until turn 5"),
// which a panel laid over the map keeps clear of.
func (r *MapRenderer) AreaLabelBoxes() [][4]float64 { return r.areaBoxes }

func smoothstep(a, b, x float64) float64 {
	t := math.Max(0, math.Min(1, (x-a)/(b-a)))
	return t * t * (3 - 2*t)
}

// hash2 gives a stable pseudo-random number in [0, 1) for a pair of ints.
func hash2(a, b int) float64 {
	h := uint64(int64(a))*0x9e3779b97f4a7c15 ^ uint64(int64(b))*0xc2b2ae3d27d4eb4f
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 32
	return float64(h>>11) / float64(1<<53)
}

// hashString gives a stable pseudo-random number in [0, 1) for a name,
// so a planet keeps its colour from frame to frame and run to run.
func hashString(s string) float64 {
	h := 0
	for _, c := range s {
		h = h*31 + int(c)
	}
	return hash2(h, len(s))
}

// hexPoly writes the screen corners of h into r.corners.
func (r *MapRenderer) hexPoly(c *Camera, h rules.Hex, shrink float64) []float32 {
	cx, cy := c.HexToScreen(h)
	s := c.Scale * shrink
	for i, o := range cornerOffsets {
		r.corners[2*i] = float32(cx + o[0]*s)
		r.corners[2*i+1] = float32(cy + o[1]*s)
	}
	return r.corners[:]
}

// edge returns the screen end points of the side of h facing direction d.
func edge(c *Camera, h rules.Hex, d rules.Direction) (x0, y0, x1, y1 float32) {
	cx, cy := c.HexToScreen(h)
	// Direction A (up) is the edge between corners 4 (240°) and 5 (300°);
	// each further direction turns both corners one step clockwise.
	a, b := cornerOffsets[(4+int(d))%6], cornerOffsets[(5+int(d))%6]
	s := c.Scale
	return float32(cx + a[0]*s), float32(cy + a[1]*s), float32(cx + b[0]*s), float32(cy + b[1]*s)
}

func (r *MapRenderer) starfield(f *Frame) {
	c := &f.Camera
	const cell = 96.0
	ox, oy := c.X*c.Scale*0.04, c.Y*c.Scale*0.04 // slow parallax: far away
	cx0, cy0 := int(math.Floor(ox/cell))-1, int(math.Floor(oy/cell))-1
	nx, ny := int(float64(c.Width)/cell)+3, int(float64(c.Height)/cell)+3
	for j := 0; j < ny; j++ {
		for i := 0; i < nx; i++ {
			gx, gy := cx0+i, cy0+j
			for k := 0; k < 3; k++ {
				x := (float64(gx)+hash2(gx*3+k, gy))*cell - ox
				y := (float64(gy)+hash2(gy*5+k, gx+7))*cell - oy
				br := hash2(gx+k*11, gy-k*13)
				a := float32(0.15 + 0.55*br*br)
				sz := float32(1 + math.Floor(br*1.9))
				r.back.Rect(float32(x), float32(y), sz, sz, r.Palette.Star.WithAlpha(a))
			}
		}
	}
}

func (r *MapRenderer) regions(f *Frame, t *rules.Terrain) {
	c := &f.Camera
	px := c.HexPixels()
	for i := range t.Regions {
		reg := &t.Regions[i]
		col := r.Palette.Phase
		edgeCol := r.Palette.PhaseEdge
		if reg.Kind == rules.RegionIonStorm {
			col, edgeCol = r.Palette.IonStorm, r.Palette.IonStorm.Mix(RGBA{1, 1, 1, 1}, 0.4)
		}
		r.region(f, reg, col, edgeCol, float64(i), 1, "")
	}
	_ = px
}

// region draws one area: hex by hex when zoomed in, as a whole when out.
// speed quickens the shimmer (a storm churns faster than a region).
func (r *MapRenderer) region(f *Frame, reg *rules.Region, col, edgeCol RGBA, phase, speed float64, label string) {
	c := &f.Camera
	cx, cy := Layout{}.HexToWorld(reg.Shape.Center)
	worldR := float64(reg.Shape.Radius)*sqrt3 + 1
	if !c.VisibleCircle(cx, cy, worldR) {
		return
	}
	pulse := float32(0.5 + 0.5*math.Sin(f.Time*1.3*speed+phase))
	if c.HexPixels() >= regionDetail {
		r.regionHexes(f, reg, col, edgeCol, pulse)
	} else {
		r.regionShape(f, reg, col, edgeCol, pulse)
	}
	r.regionLabel(f, reg, edgeCol, label)
}

// storm draws a raging phase storm (IP8.515): a disc around the map
// centre in the storm's own colour, churning faster than phase space.
func (r *MapRenderer) storm(f *Frame) {
	st := f.View.Storm
	if st == nil {
		return
	}
	for _, d := range st.Discs {
		if d.Map != f.Map {
			continue
		}
		reg := rules.Region{ID: "phase-storm", Kind: rules.RegionPhaseSpace, Name: "Phase storm", Shape: rules.DiscShape(d.Center, d.Radius)}
		r.region(f, &reg, r.Palette.Storm, r.Palette.Storm.Mix(RGBA{1, 1, 1, 1}, 0.45), 0.7, 2.2, fmt.Sprintf("PHASE STORM  ·  until turn %d", st.Until))
	}
}

// webs draws the webs the viewer may see as a lattice over each hex;
// the viewer's own phased-out web hexes are drawn faint.
func (r *MapRenderer) webs(f *Frame) {
	c := &f.Camera
	if c.HexPixels() < 3 {
		return
	}
	draw := func(h rules.Hex, a float32) {
		wx, wy := Layout{}.HexToWorld(h)
		if !c.VisibleCircle(wx, wy, 1) {
			return
		}
		col := r.Palette.Web.WithAlpha(a)
		for k := 0; k < 3; k++ {
			x0, y0, x1, y1 := edge(c, h, rules.Direction(k))
			x2, y2, x3, y3 := edge(c, h, rules.Direction(k+3))
			r.area.Line(x0, y0, x3, y3, 1.2, col)
			r.area.Line(x1, y1, x2, y2, 1.2, col)
		}
	}
	for _, w := range f.View.Webs {
		if w.Map != f.Map {
			continue
		}
		for _, h := range w.Hexes {
			draw(h, 0.7)
		}
		for _, h := range w.Ghosts {
			draw(h, 0.25)
		}
	}
}

// phaseCourses draws the recorded random courses (IP8.337): the viewer's
// own phased-out units' courses so far, and the courses revealed to all
// when units phased back in, with each course roll.
func (r *MapRenderer) phaseCourses(f *Frame) {
	r.courses = r.courses[:0]
	course := func(tr *rules.PhaseTrack, col RGBA, end string) {
		if tr == nil || tr.Map != f.Map {
			return
		}
		hexes := []rules.Hex{tr.From}
		var notes []HexNote
		for _, m := range tr.Moves {
			hexes = append(hexes, m.Path...)
			at := tr.From
			if len(hexes) > 0 {
				at = hexes[len(hexes)-1]
			}
			notes = append(notes, HexNote{Hex: at, Text: fmt.Sprintf("2d6=%d", m.Roll), Colour: col})
		}
		if end != "" {
			notes = append(notes, HexNote{Hex: hexes[len(hexes)-1], Text: end, Colour: col})
		}
		r.courses = append(r.courses, PathOverlay{Hexes: hexes, Colour: col, Notes: notes})
	}
	for _, u := range f.View.Units {
		if u.Ghost && u.Map == f.Map {
			course(u.Phase, r.Palette.PhaseEdge.WithAlpha(0.8), "")
		}
	}
	for i := range f.View.PhaseIns {
		tr := &f.View.PhaseIns[i]
		course(tr, r.Palette.PhaseEdge.Mix(RGBA{1, 1, 1, 1}, 0.3).WithAlpha(0.7), string(tr.Unit)+" phased in")
	}
}

// regionHexes draws a region hex by hex, visiting only hexes on screen,
// each shimmering on its own. When a disc covers the whole screen its
// steady tint goes into the background and only a third of the hexes,
// picked by their coordinates, lay their shimmer over it, so the region
// does not cost a translucent layer over every pixel. A disc that covers
// most of the screen (the first to tint it) does the same, and the hexes
// on screen outside it are laid in space's own colour under the stars:
// that costs the part of the screen outside the disc, not the part in it.
func (r *MapRenderer) regionHexes(f *Frame, reg *rules.Region, col, edgeCol RGBA, pulse float32) {
	c := &f.Camera
	disc := reg.Shape.IsDisc()
	inside := disc && r.screenInside(c, reg.Shape.Center, reg.Shape.Radius)
	covers := !inside && disc && r.bg == r.Palette.Space && r.coverage(c, &reg.Shape) > coversScreen
	if inside || covers {
		r.bg = r.bg.Mix(col.WithAlpha(1), 0.10+0.03*pulse)
	}
	c.VisibleHexes(func(h rules.Hex) {
		if !inside && !reg.Shape.Contains(h) {
			if covers {
				r.under.Polygon(r.hexPoly(c, h, 1), r.Palette.Space)
				r.outside = append(r.outside, h)
			}
			return
		}
		seed := hash2(h.Q, h.R)
		shimmer := float32(0.5 + 0.5*math.Sin(f.Time*2.1+seed*6.283))
		switch {
		case !inside && !covers:
			r.area.Polygon(r.hexPoly(c, h, 1), col.WithAlpha(0.10+0.07*shimmer+0.03*pulse))
		case seed < 1.0/3:
			r.area.Polygon(r.hexPoly(c, h, 1), col.WithAlpha(0.09*shimmer))
		}
		for _, d := range rules.Directions {
			if !reg.Shape.Contains(h.Neighbor(d)) {
				x0, y0, x1, y1 := edge(c, h, d)
				r.area.Line(x0, y0, x1, y1, 2, edgeCol.WithAlpha(0.55+0.25*pulse))
			}
		}
	})
}

// regionShape draws a region as a whole at far zoom: a disc is a
// hexagon in hex distance, so it costs a handful of triangles at any size.
// From hexDetail on its border follows the hex edges; a disc that covers
// the whole screen tints the background instead of laying a translucent
// polygon over every pixel. Other shapes draw their visible hexes.
func (r *MapRenderer) regionShape(f *Frame, reg *rules.Region, col, edgeCol RGBA, pulse float32) {
	c := &f.Camera
	if !reg.Shape.IsDisc() {
		for _, h := range reg.Shape.Hexes {
			if wx, wy := (Layout{}).HexToWorld(h); c.VisibleCircle(wx, wy, 1) {
				r.area.Polygon(r.hexPoly(c, h, 1), col.WithAlpha(0.18+0.06*pulse))
			}
		}
		return
	}
	sx, sy := c.HexToScreen(reg.Shape.Center)
	worldR := float64(reg.Shape.Radius)*sqrt3 + 1
	rad := math.Max(6, worldR*c.Scale) // never smaller than a marker
	rot := -math.Pi / 2                // a vertex on top: the disc's corner hexes lie in directions A-F
	inner, outer := 0.10+0.05*pulse, 0.22+0.06*pulse
	if r.screenInside(c, reg.Shape.Center, reg.Shape.Radius) {
		// The polygon's alpha where the screen's centre is: over a
		// screen deep inside the disc it hardly changes.
		cx, cy := float64(c.Width)/2, float64(c.Height)/2
		k := float32(math.Min(1, math.Hypot(cx-sx, cy-sy)/rad))
		r.bg = r.bg.Mix(col.WithAlpha(1), inner+(outer-inner)*k)
	} else {
		r.area.RadialPolygon(float32(sx), float32(sy), float32(rad), 6, rot, col.WithAlpha(inner), col.WithAlpha(outer))
	}
	if c.HexPixels() >= hexDetail {
		r.discBorder(c, reg.Shape.Center, reg.Shape.Radius, 2, edgeCol.WithAlpha(0.6+0.3*pulse))
	} else {
		r.hexagonOutline(&r.area, sx, sy, rad, rot, 2, edgeCol.WithAlpha(0.6+0.3*pulse))
	}
	// Phase ripples: hexagons that grow from the centre and fade.
	for k := 0; k < 3; k++ {
		ph := math.Mod(f.Time/7+float64(k)/3, 1)
		r.hexagonOutline(&r.area, sx, sy, rad*ph, rot, 1.5, edgeCol.WithAlpha(float32(0.35*(1-ph))))
	}
}

// coversScreen is the share of the hexes on screen a disc must cover for
// its tint to go into the background (regionHexes): the hexes outside
// it then cost one layer and those inside a third of one, against one
// layer over the hexes inside, which is cheaper from 0.6 on (the hexes
// counted include those cut by the screen's edges, outside the disc).
const coversScreen = 0.6

// coverage returns the share of the hexes on screen that shape holds.
func (r *MapRenderer) coverage(c *Camera, shape *rules.Shape) float64 {
	in, all := 0, 0
	c.VisibleHexes(func(h rules.Hex) {
		all++
		if shape.Contains(h) {
			in++
		}
	})
	if all == 0 {
		return 0
	}
	return float64(in) / float64(all)
}

// screenInside reports whether every hex the screen shows lies within
// radius of center, so that the disc covers the screen.
func (r *MapRenderer) screenInside(c *Camera, center rules.Hex, radius int) bool {
	w, h := float64(c.Width), float64(c.Height)
	for _, p := range [4][2]float64{{0, 0}, {w, 0}, {0, h}, {w, h}} {
		if c.ScreenToHex(p[0], p[1]).Distance(center) > radius-1 {
			return false
		}
	}
	return true
}

// discBorder draws the outer edges of the visible hexes at distance
// radius from center: the border of a disc, edge by edge.
func (r *MapRenderer) discBorder(c *Camera, center rules.Hex, radius int, w float32, col RGBA) {
	for _, h := range rules.Ring(center, radius) {
		wx, wy := Layout{}.HexToWorld(h)
		if !c.VisibleCircle(wx, wy, 1) {
			continue
		}
		for _, d := range rules.Directions {
			if h.Neighbor(d).Distance(center) > radius {
				x0, y0, x1, y1 := edge(c, h, d)
				r.area.Line(x0, y0, x1, y1, w, col)
			}
		}
	}
}

func (r *MapRenderer) hexagonOutline(b *Batch, cx, cy, rad, rot float64, w float32, col RGBA) {
	for i := 0; i < 6; i++ {
		a0, a1 := rot+math.Pi/3*float64(i), rot+math.Pi/3*float64(i+1)
		b.Line(float32(cx+rad*math.Cos(a0)), float32(cy+rad*math.Sin(a0)),
			float32(cx+rad*math.Cos(a1)), float32(cy+rad*math.Sin(a1)), w, col)
	}
}

func (r *MapRenderer) regionLabel(f *Frame, reg *rules.Region, col RGBA, text string) {
	if reg.Name == "" && text == "" {
		return
	}
	c := &f.Camera
	sx, sy := c.HexToScreen(reg.Shape.Center)
	rad := (float64(reg.Shape.Radius)*sqrt3 + 1) * c.Scale
	kind := "phase space"
	if reg.Kind == rules.RegionIonStorm {
		kind = "ion storm"
	}
	// Put the name just inside the top of the region, or at the
	// screen's top when the region runs past it (pinnedX).
	y, x := sy-rad+6, sx
	if text == "" {
		text = strings.ToUpper(reg.Name) + "  ·  " + kind
	}
	if y < pinnedY {
		y = pinnedY
		x = r.pinnedX(f, text, sx, sy, rad)
	}
	if y > sy {
		y = sy
	}
	r.labels = append(r.labels, Label{X: x, Y: y, Text: text, Style: Bold, Size: 13, Color: col.WithAlpha(0.9), Align: AlignCenter, Shadow: true})
}

// pinnedY is the top of an area's label pinned to the screen's top,
// just below the top bar and the line under its clock, which hangs to
// y 41 (game/hud.go).
const pinnedY = 43.0

// pinnedX places the label text of an area that runs past the screen's
// top (centre sx, sy, radius rad on screen): over the area's centre, kept
// on the screen, and moved sideways clear of the panels (f.Reserved)
// to the nearest place still inside the area, so that it is not dropped
// under one.
func (r *MapRenderer) pinnedX(f *Frame, text string, sx, sy, rad float64) float64 {
	if r.measure == nil {
		return sx
	}
	w, h := r.measure(Bold, 13, text)
	half := w/2 + 8
	sw := float64(f.Camera.Width)
	if sw < 2*half {
		return sx
	}
	want := min(max(sx, half), sw-half)
	cands := []float64{want}
	for _, rr := range f.Reserved {
		cands = append(cands, rr[2]+half, rr[0]-half)
	}
	best, found := want, false
	for _, x := range cands {
		inside := x >= half && x <= sw-half && (x-sx)*(x-sx)+(pinnedY-sy)*(pinnedY-sy) <= rad*rad
		for _, rr := range f.Reserved {
			inside = inside && !(x-half < rr[2] && rr[0] < x+half && pinnedY-1 < rr[3] && rr[1] < pinnedY+h+1)
		}
		if inside && (!found || math.Abs(x-want) < math.Abs(best-want)) {
			best, found = x, true
		}
	}
	return best
}

func (r *MapRenderer) systems(f *Frame, t *rules.Terrain) {
	c := &f.Camera
	px := c.HexPixels()
	for i := range t.Systems {
		sys := &t.Systems[i]
		cx, cy := Layout{}.HexToWorld(sys.Shape.Center)
		worldR := float64(sys.Shape.Radius)*sqrt3 + 1
		if !c.VisibleCircle(cx, cy, worldR+20/c.Scale) {
			continue
		}
		sx, sy := c.HexToScreen(sys.Shape.Center)
		if !sys.Rift {
			r.systemOutline(f, sys, r.Palette.LabelDim.WithAlpha(0.5))
		} else if px >= hexDetail {
			for _, h := range sys.Shape.Hexes {
				if hx, hy := (Layout{}).HexToWorld(h); c.VisibleCircle(hx, hy, 1) {
					r.riftHex(f, h)
				}
			}
			r.systemOutline(f, sys, r.Palette.RiftGlow.WithAlpha(0.9))
		} else {
			rad := math.Max(9, worldR*c.Scale)
			r.riftVortex(f, sx, sy, rad, float64(i))
			r.area.Ring(float32(sx), float32(sy), float32(rad), 2, r.Palette.RiftGlow.WithAlpha(0.9))
		}
		if sys.Name != "" {
			kind := ""
			if sys.Rift {
				kind = "  ·  gravity rift"
			}
			ly := sy + math.Max(14, worldR*c.Scale+4)
			r.labels = append(r.labels, Label{X: sx, Y: ly, Text: strings.ToUpper(sys.Name) + kind, Style: Bold, Size: 13, Color: r.Palette.RiftGlow.Mix(RGBA{1, 1, 1, 1}, 0.35), Align: AlignCenter, Shadow: true})
		}
	}
}

// riftHex draws one hex of a gravity rift: a dark well with a turning
// accretion swirl. The well and its glow are one layer, a hexagon shaded
// from the core at its centre to the glow over the well at its rim: a
// rift filling the screen close up costs one layer of pixels, not two.
func (r *MapRenderer) riftHex(f *Frame, h rules.Hex) {
	c := &f.Camera
	sx, sy := c.HexToScreen(h)
	rim := r.Palette.RiftHot.WithAlpha(0.35).Over(r.Palette.RiftCore.WithAlpha(0.92))
	r.area.RadialPolygon(float32(sx), float32(sy), float32(c.Scale), 6, 0, r.Palette.RiftCore, rim)
	r.riftSwirl(f, float32(sx), float32(sy), c.Scale*0.92, hash2(h.Q, h.R)*6)
}

// riftVortex draws the animated swirl of a gravity rift of pixel radius rad.
func (r *MapRenderer) riftVortex(f *Frame, sx, sy, rad, seed float64) {
	x, y := float32(sx), float32(sy)
	r.area.RadialPolygon(x, y, float32(rad), 24, 0, r.Palette.RiftCore, r.Palette.RiftHot.WithAlpha(0.35))
	r.riftSwirl(f, x, y, rad, seed)
}

// riftSwirl draws a rift's turning arcs and its black centre.
func (r *MapRenderer) riftSwirl(f *Frame, x, y float32, rad, seed float64) {
	spin := f.Time * 1.1
	for k := 0; k < 3; k++ {
		kr := rad * (0.35 + 0.22*float64(k))
		a0 := seed + spin*(1.6-0.4*float64(k)) + float64(k)*2.1
		w := float32(math.Max(1.2, rad*0.07))
		col := r.Palette.RiftHot.Mix(r.Palette.RiftGlow, float32(k)/2)
		r.area.Arc(x, y, float32(kr), w, a0, a0+2.2, col.WithAlpha(0.85))
		r.area.Arc(x, y, float32(kr), w, a0+math.Pi, a0+math.Pi+1.6, col.WithAlpha(0.55))
	}
	r.area.Circle(x, y, float32(math.Max(1.5, rad*0.16)), RGBA{0, 0, 0, 1})
}

// systemOutline draws the border between a system's hexes and the rest.
func (r *MapRenderer) systemOutline(f *Frame, sys *rules.System, col RGBA) {
	c := &f.Camera
	w := float32(math.Max(1.5, math.Min(3, c.Scale/10)))
	for _, h := range sys.Shape.Hexes {
		for _, d := range rules.Directions {
			if !sys.Shape.Contains(h.Neighbor(d)) {
				x0, y0, x1, y1 := edge(c, h, d)
				r.area.Line(x0, y0, x1, y1, w, col)
			}
		}
	}
}

func (r *MapRenderer) features(f *Frame, t *rules.Terrain) {
	c := &f.Camera
	px := c.HexPixels()
	for i, ft := range t.Features {
		wx, wy := Layout{}.HexToWorld(ft.Hex)
		if !c.VisibleCircle(wx, wy, 3+24/c.Scale) {
			continue
		}
		sx, sy := c.HexToScreen(ft.Hex)
		x, y := float32(sx), float32(sy)
		var rad float64
		switch ft.Kind {
		case rules.FeatureStar:
			rad = math.Max(5, px*0.6)
			r.things.RadialPolygon(x, y, float32(rad*3), 32, 0, r.Palette.SunGlow.WithAlpha(0.45), r.Palette.SunGlow.WithAlpha(0))
			r.things.RadialPolygon(x, y, float32(rad), 32, 0, RGBA{1, 1, 1, 1}, r.Palette.SunCore)
		case rules.FeaturePlanet:
			rad = math.Max(3.5, px*0.5)
			base := r.Palette.Planets[int(hashString(ft.ID)*float64(len(r.Palette.Planets)))]
			r.things.Circle(x, y, float32(rad*1.15), base.WithAlpha(0.25))
			r.things.Circle(x, y, float32(rad), base.Mix(RGBA{0, 0, 0, 1}, 0.45))
			r.things.Circle(x-float32(rad*0.18), y-float32(rad*0.18), float32(rad*0.8), base)
		case rules.FeatureMoon:
			rad = math.Max(2.5, px*0.28)
			r.things.Circle(x, y, float32(rad), r.Palette.Moon.Mix(RGBA{0, 0, 0, 1}, 0.4))
			r.things.Circle(x-float32(rad*0.15), y-float32(rad*0.15), float32(rad*0.8), r.Palette.Moon)
		case rules.FeatureBlackHole:
			rad = math.Max(4, px*0.45)
			r.things.RadialPolygon(x, y, float32(rad*2.2), 32, 0, r.Palette.Accretion.WithAlpha(0.35), r.Palette.Accretion.WithAlpha(0))
			a := f.Time*0.8 + float64(i)
			r.things.Arc(x, y, float32(rad*1.35), float32(math.Max(1.5, rad*0.25)), a, a+4.5, r.Palette.Accretion.WithAlpha(0.9))
			r.things.Circle(x, y, float32(rad), r.Palette.BlackHole)
		default:
			rad = math.Max(3, px*0.4)
			r.things.Circle(x, y, float32(rad), r.Palette.LabelDim)
		}
		if ft.Name != "" && (px >= 10 || ft.Kind == rules.FeatureStar) {
			r.labels = append(r.labels, Label{X: sx, Y: sy + rad + 3, Text: ft.Name, Size: 12, Color: r.Palette.Label.WithAlpha(0.85), Align: AlignCenter, Shadow: true})
		}
	}
}

// SideColour returns the counter colour of side in f.
func (r *MapRenderer) SideColour(f *Frame, side rules.SideID) RGBA {
	idx := 0
	for i, s := range f.View.Sides {
		if s.ID == side {
			idx = i
			if !f.ForcedSideColours && s.Color != "" {
				return Hex(s.Color, 1)
			}
		}
	}
	return r.Palette.SideColours[idx%len(r.Palette.SideColours)]
}

func (r *MapRenderer) units(f *Frame) {
	c := &f.Camera
	px := c.HexPixels()
	clear(r.stacks)
	margin := math.Max(px*1.5, 24)
	for _, u := range f.View.Units {
		if u.Map != f.Map {
			continue
		}
		sx, sy := c.HexToScreen(u.Hex)
		if sx < -margin || sy < -margin || sx > float64(c.Width)+margin || sy > float64(c.Height)+margin {
			continue
		}
		n := r.stacks[u.Hex]
		r.stacks[u.Hex] = n + 1
		// Units sharing a hex fan out a little, like a stack of counters.
		off := float64(n) * math.Max(3, px*0.16)
		x, y := sx+off, sy-off
		col := r.SideColour(f, u.Side)
		alpha := float32(1)
		if u.Ghost {
			alpha = 0.4
		}
		if u.Cloaked { // fainter as the cloak fades in: half at full
			alpha *= 1 - 0.5*float32(min(u.CloakLevel, rules.CloakFadeImpulses))/rules.CloakFadeImpulses
		}
		half := math.Max(3, math.Max(minMarker, px*1.1)*0.6)
		if px >= counterDetail {
			half = math.Min(px*0.7, 36)
		}
		r.unitBoxes = append(r.unitBoxes, [4]float64{x - half, y - half, x + half, y + half})
		if u.Kind == rules.KindMine {
			r.mine(u, px, x, y, col, alpha)
		} else if px >= counterDetail {
			r.counter(f, u, x, y, col, alpha)
		} else if px < markerDetail {
			r.dot(u, x, y, col, alpha)
		} else {
			r.marker(u, x, y, math.Max(minMarker, px*1.1), col, alpha)
		}
		if u.ID == f.Selected {
			r.top.Ring(float32(x), float32(y), float32(math.Max(9, px*0.95)), 2.5, r.Palette.Select)
		}
	}
}

// The smallest marker and dot, in pixels: big enough that the arrowhead
// shows which way the unit faces at every zoom.
const (
	minMarker = 11.0
	minDot    = 9.0
)

// marker draws a unit at far zoom: an arrowhead in its side's colour
// pointing along its facing.
func (r *MapRenderer) marker(u rules.UnitView, x, y, size float64, col RGBA, alpha float32) {
	r.markerInto(&r.things, u, x, y, size, col, alpha)
}

func (r *MapRenderer) markerInto(b *Batch, u rules.UnitView, x, y, size float64, col RGBA, alpha float32) {
	dx, dy := DirectionVector(u.Facing)
	px, py := -dy, dx
	tip := [2]float64{x + dx*size*0.6, y + dy*size*0.6}
	l := [2]float64{x - dx*size*0.45 + px*size*0.45, y - dy*size*0.45 + py*size*0.45}
	rr := [2]float64{x - dx*size*0.45 - px*size*0.45, y - dy*size*0.45 - py*size*0.45}
	back := [2]float64{x - dx*size*0.2, y - dy*size*0.2}
	dark := RGBA{0, 0, 0, 0.85 * alpha}
	g := 1.6
	b.Quad(float32(tip[0]+dx*g), float32(tip[1]+dy*g), float32(l[0]+(px-dx)*g), float32(l[1]+(py-dy)*g),
		float32(back[0]-dx*g), float32(back[1]-dy*g), float32(rr[0]+(-px-dx)*g), float32(rr[1]+(-py-dy)*g), dark)
	b.Quad(float32(tip[0]), float32(tip[1]), float32(l[0]), float32(l[1]),
		float32(back[0]), float32(back[1]), float32(rr[0]), float32(rr[1]), col.WithAlpha(alpha))
}

// dot draws a unit a few pixels across: one triangle in its side's
// colour pointing along its facing, where the marker's outline could not
// be seen.
func (r *MapRenderer) dot(u rules.UnitView, x, y float64, col RGBA, alpha float32) {
	const size = minDot
	dx, dy := DirectionVector(u.Facing)
	px, py := -dy, dx
	r.things.Triangle(float32(x+dx*size*0.6), float32(y+dy*size*0.6),
		float32(x-dx*size*0.45+px*size*0.45), float32(y-dy*size*0.45+py*size*0.45),
		float32(x-dx*size*0.45-px*size*0.45), float32(y-dy*size*0.45-py*size*0.45), col.WithAlpha(alpha))
}

// mine draws a mine (the view holds only its viewer's own): a spiked
// disc in its side's colour, with no facing, for it does not move; its
// name under it from nameDetail on.
func (r *MapRenderer) mine(u rules.UnitView, px, x, y float64, col RGBA, alpha float32) {
	rad := math.Max(3.5, math.Min(px*0.3, 15))
	w := float32(math.Max(1.5, rad*0.22))
	for k := 0; k < 8; k++ {
		a := float64(k) * math.Pi / 4
		dx, dy := math.Cos(a), math.Sin(a)
		r.things.Line(float32(x+dx*rad*0.5), float32(y+dy*rad*0.5), float32(x+dx*rad*1.5), float32(y+dy*rad*1.5), w, col.WithAlpha(alpha))
	}
	r.things.Circle(float32(x), float32(y), float32(rad+1.5), RGBA{0, 0, 0, 0.8 * alpha})
	r.things.Circle(float32(x), float32(y), float32(rad), col.Mix(RGBA{0, 0, 0, 1}, 0.25).WithAlpha(alpha))
	r.things.Circle(float32(x), float32(y), float32(rad*0.35), RGBA{0.96, 0.97, 1, alpha})
	if px >= nameDetail {
		name := u.Name
		if name == "" {
			name = string(u.ID)
		}
		r.labels = append(r.labels, Label{X: x, Y: y + rad*1.5 + 2, Text: name, Size: math.Min(13, 9+px/12), Color: r.Palette.Label.WithAlpha(alpha), Align: AlignCenter, Shadow: true})
	}
}

// counter draws a unit as a square counter in its side's colour, with a
// ship glyph pointing along its facing and a notch on the facing edge.
func (r *MapRenderer) counter(f *Frame, u rules.UnitView, x, y float64, col RGBA, alpha float32) {
	c := &f.Camera
	px := c.HexPixels()
	half := math.Min(px*0.7, 36)
	if cl, ok := rules.LookupClass(u.Class); ok && cl.SizeClass >= 5 {
		half *= 0.72 // small craft get smaller counters
	}
	x0, y0 := float32(x-half), float32(y-half)
	s := float32(2 * half)
	r.things.Rect(x0-1, y0+2, s+2, s+2, RGBA{0, 0, 0, 0.45 * alpha}) // drop shadow
	r.things.Rect(x0, y0, s, s, col.Mix(RGBA{0, 0, 0, 1}, 0.55).WithAlpha(alpha))
	b := float32(math.Max(1.5, half*0.1))
	r.things.Rect(x0+b, y0+b, s-2*b, s-2*b, col.Mix(RGBA{0.05, 0.07, 0.12, 1}, 0.25).WithAlpha(alpha))
	// Ship glyph: an arrowhead in white along the facing.
	r.marker(u, x, y, half*1.25, RGBA{0.96, 0.97, 1, 1}, alpha)
	// Facing notch on the counter's edge.
	dx, dy := DirectionVector(u.Facing)
	nx, ny := x+dx*half*0.98, y+dy*half*0.98
	r.things.Circle(float32(nx), float32(ny), float32(math.Max(2, half*0.16)), RGBA{1, 0.9, 0.45, alpha})
	if u.Ghost { // a phased-out unit only its owner sees: dashed halo
		for k := 0; k < 8; k++ {
			a := float64(k)*math.Pi/4 + f.Time*0.6
			r.top.Arc(float32(x), float32(y), float32(half*1.45), 1.5, a, a+0.45, r.Palette.PhaseEdge)
		}
	}
	if u.Cloaked { // a cloak: a ring that closes as it fades in and opens as it fades out
		frac := float64(min(u.CloakLevel, rules.CloakFadeImpulses)) / rules.CloakFadeImpulses
		r.top.Arc(float32(x), float32(y), float32(half*1.3), 2, -math.Pi/2, -math.Pi/2+2*math.Pi*frac, r.Palette.Star)
	}
	if px >= nameDetail {
		name := u.Name
		if name == "" {
			name = string(u.ID)
		}
		r.labels = append(r.labels, Label{X: x, Y: y + half + 2, Text: name, Size: math.Min(13, 9+px/12), Color: r.Palette.Label.WithAlpha(alpha), Align: AlignCenter, Shadow: true})
	}
}

func (r *MapRenderer) hover(f *Frame) {
	c := &f.Camera
	if !f.HoverOK || c.HexPixels() < 3 {
		return
	}
	for _, d := range rules.Directions {
		x0, y0, x1, y1 := edge(c, f.Hover, d)
		r.top.Line(x0, y0, x1, y1, 2, r.Palette.Hover.WithAlpha(0.85))
	}
}

// PathOverlay is a planned path: the hexes a unit will pass through, with
// its facing in each, drawn as a line of footprints ending in a ghost
// arrow. Notes label hexes along it (a rift exit and its odds, say).
type PathOverlay struct {
	Hexes   []rules.Hex
	Facings []rules.Direction
	Colour  RGBA
	Notes   []HexNote
}

// HexNote is a short label at a hex.
type HexNote struct {
	Hex    rules.Hex
	Text   string
	Colour RGBA
}

// HexMark outlines a hex, e.g. a possible target or the unit selected.
type HexMark struct {
	Hex    rules.Hex
	Colour RGBA
	Label  string
}

// RingOverlay outlines every hex within Radius of Center: a hexagon in
// hex distance, drawn hex edge by hex edge when the hexes are big enough
// to see, with Label at its top.
type RingOverlay struct {
	Center rules.Hex
	Radius int
	Colour RGBA
	Label  string
	// Alternate are further colours the ring's edges take in turn with
	// Colour, hex edge by hex edge (an area that counts for several
	// sides, in each side's colour); at far zoom the ring is Colour.
	Alternate []RGBA
}

// rings draws f.Rings: the outer edges of the hexes at distance Radius,
// or at far zoom the hexagon those edges zigzag along.
func (r *MapRenderer) rings(f *Frame) {
	c := &f.Camera
	px := c.HexPixels()
	for _, g := range f.Rings {
		if g.Radius < 0 {
			continue
		}
		cx, cy := Layout{}.HexToWorld(g.Center)
		worldR := (float64(g.Radius) + 0.5) * sqrt3
		if !c.VisibleCircle(cx, cy, worldR+1) {
			continue
		}
		if px >= hexDetail {
			w := float32(math.Max(1.5, math.Min(3, px/10)))
			k := 0 // edges drawn, for the alternate colours
			for _, h := range rules.Ring(g.Center, g.Radius) {
				wx, wy := Layout{}.HexToWorld(h)
				if !c.VisibleCircle(wx, wy, 1) {
					continue
				}
				for _, d := range rules.Directions {
					if n := h.Neighbor(d); n.Distance(g.Center) > g.Radius {
						x0, y0, x1, y1 := edge(c, h, d)
						col := g.Colour
						if i := k % (1 + len(g.Alternate)); i > 0 {
							col = g.Alternate[i-1]
						}
						r.top.Line(x0, y0, x1, y1, w, col)
						k++
					}
				}
			}
		} else {
			// A vertex on top: the disc's corner hexes lie in directions A-F.
			sx, sy := c.HexToScreen(g.Center)
			r.hexagonOutline(&r.top, sx, sy, math.Max(3, worldR*c.Scale), -math.Pi/2, 1.5, g.Colour)
		}
	}
}

// ringLabels labels f.Rings at their tops, after the marks' labels so
// that those win where they clash.
func (r *MapRenderer) ringLabels(f *Frame) {
	c := &f.Camera
	for _, g := range f.Rings {
		if g.Label == "" || g.Radius < 0 {
			continue
		}
		cx, cy := Layout{}.HexToWorld(g.Center)
		worldR := (float64(g.Radius) + 0.5) * sqrt3
		if !c.VisibleCircle(cx, cy, worldR+1) {
			continue
		}
		sx, sy := c.HexToScreen(g.Center)
		// Above the ring's top, or inside the screen's top when that is
		// off screen.
		y := math.Max(sy-worldR*c.Scale-18, 40)
		r.labels = append(r.labels, Label{X: sx, Y: y, Text: g.Label, Style: Bold, Size: 12, Color: g.Colour.WithAlpha(1), Align: AlignCenter, Shadow: true})
	}
}

// onScreenX keeps a mark's label, centred at x, whole on the screen
// when its hex is at the screen's edge ("Close with Swift" for a target
// half off the left edge read "th Swift"); farther off it stays put.
func (r *MapRenderer) onScreenX(c *Camera, x float64, text string) float64 {
	if r.measure == nil {
		return x
	}
	w, _ := r.measure(Bold, 12, text)
	half, sw := w/2+4, float64(c.Width)
	if x < -half || x > sw+half || sw < 2*half {
		return x
	}
	return min(max(x, half), sw-half)
}

func (r *MapRenderer) overlays(f *Frame) {
	c := &f.Camera
	px := c.HexPixels()
	r.rings(f)
	for _, m := range f.Marks {
		for _, d := range rules.Directions {
			x0, y0, x1, y1 := edge(c, m.Hex, d)
			r.top.Line(x0, y0, x1, y1, 2.5, m.Colour)
		}
		if m.Label != "" {
			sx, sy := c.HexToScreen(m.Hex)
			r.labels = append(r.labels, Label{X: r.onScreenX(c, sx, m.Label), Y: sy - math.Max(px, 10) - 16, Text: m.Label, Style: Bold, Size: 12, Color: m.Colour, Align: AlignCenter, Shadow: true})
		}
	}
	for _, p := range append(r.courses, f.Paths...) {
		w := float32(math.Max(2, math.Min(5, px/6)))
		for i := 1; i < len(p.Hexes); i++ {
			x0, y0 := c.HexToScreen(p.Hexes[i-1])
			x1, y1 := c.HexToScreen(p.Hexes[i])
			r.top.Line(float32(x0), float32(y0), float32(x1), float32(y1), w, p.Colour.WithAlpha(0.75))
		}
		for i, h := range p.Hexes {
			sx, sy := c.HexToScreen(h)
			r.top.Circle(float32(sx), float32(sy), w*1.3, p.Colour)
			if i < len(p.Facings) && i == len(p.Hexes)-1 {
				u := rules.UnitView{Facing: p.Facings[i]}
				r.markerInto(&r.top, u, sx, sy, math.Max(10, px*1.0), p.Colour.WithAlpha(0.8), 1)
			}
		}
		for _, n := range p.Notes {
			sx, sy := c.HexToScreen(n.Hex)
			r.labels = append(r.labels, Label{X: sx, Y: sy + math.Max(px*0.6, 8), Text: n.Text, Style: Bold, Size: 12, Color: n.Colour, Align: AlignCenter, Shadow: true})
		}
	}
	r.ringLabels(f)
}
