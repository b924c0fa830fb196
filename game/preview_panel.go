package game

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/scenarios"
)

// The preview's panels are drawn like the map's HUD: one batch of
// rectangles and a list of labels, rebuilt each frame.

const (
	previewPanelW  = 300.0 // the overlays panel, top left
	problemsPanelW = 400.0 // the problems panel, right
)

func (p *PreviewScene) panel(x, y, w, h float64, edge render.RGBA) {
	p.hud.Panel(float32(x), float32(y), float32(w), float32(h), panelFill, edge)
}

func (p *PreviewScene) label(x, y float64, text string, style render.FontStyle, size float64, col render.RGBA, align render.Align) {
	p.labels = append(p.labels, render.Label{X: x, Y: y, Text: text, Style: style, Size: size, Color: col, Align: align})
}

func (p *PreviewScene) measure(style render.FontStyle, size float64, s string) float64 {
	w, _ := p.fonts.Measure(style, size, s)
	return w
}

// wrap breaks s into lines no wider than width pixels, at spaces.
func (p *PreviewScene) wrap(s string, style render.FontStyle, size, width float64) []string {
	return wrapPixels(p.fonts, style, size, s, width)
}

// previewHelp is the preview's bottom line of keys, in short.
var previewHelp = []string{"F1 help", "1 2 3 rings", "4 storm", "5 phase", "6 systems", "V view", "N next problem", "Esc close"}

// helpParts is the bottom line of keys for this scenario: previewHelp,
// with M when it has rift destinations to page through.
func (p *PreviewScene) helpParts() []string {
	if len(p.pages) == 0 {
		return previewHelp
	}
	parts := slices.Clone(previewHelp)
	return slices.Insert(parts, len(parts)-2, "M rift destinations")
}

// helpRows packs the bottom line of keys into rows no wider than width
// pixels, breaking only between keys.
func (p *PreviewScene) helpRows(width float64) []string {
	var rows []string
	cur := ""
	for _, part := range p.helpParts() {
		try := part
		if cur != "" {
			try = cur + "  ·  " + part
		}
		if cur != "" && p.measure(render.Regular, 12, try) > width {
			rows = append(rows, cur)
			try = part
		}
		cur = try
	}
	return append(rows, cur)
}

// The bottom line of keys: its text size and row height.
const (
	previewHelpSize = 12.0
	previewHelpRow  = 16.0
)

// layout builds the panels for this frame and the screen rectangles they
// cover: the overlays panel first, then the problems panel.
func (p *PreviewScene) layout() {
	p.hud.Reset()
	p.labels = p.labels[:0]
	p.rows = p.rows[:0]
	p.rects = p.rects[:0]
	w, h := float64(p.w), float64(p.h)
	if w <= 0 || h <= 0 {
		return
	}
	if p.ms == nil {
		p.hud.Rect(0, 0, float32(w), 34, panelFill)
		p.hud.Rect(0, 34, float32(w), 1, panelEdge)
		p.label(14, 9, "HEXRIFT", render.Bold, 15, textAccent, render.AlignLeft)
		p.label(100, 10, "preview of "+p.name(), render.Regular, 14, textMain, render.AlignLeft)
	}
	p.overlaysPanel()
	top := 46.0
	if p.ms != nil && p.ms.Legend {
		top += 14 + 22*float64(len(p.ms.view.Sides)) + 10
	}
	// The keys at the bottom right, in as many rows as the width needs;
	// the panels and the pointer readout stay above them.
	help := p.helpRows(w - 28)
	helpTop := h - 24 - previewHelpRow*float64(len(help)-1)
	bottom := p.problemsPanel(w-problemsPanelW-12, top, helpTop-28)
	p.riftPanel(w-problemsPanelW-12, bottom+10, helpTop-28)
	p.banner(w)
	if p.notice != "" {
		tw := p.measure(render.Regular, 13, p.notice)
		p.panel((w-tw)/2-14, helpTop-46, tw+28, 28, panelEdge)
		p.label(w/2, helpTop-40, p.notice, render.Regular, 13, textAccent, render.AlignCenter)
	}
	helpW := 0.0
	for i, row := range help {
		helpW = max(helpW, p.measure(render.Regular, previewHelpSize, row))
		p.label(w-14, helpTop+previewHelpRow*float64(i), row, render.Regular, previewHelpSize, textDim, render.AlignRight)
	}
	p.rects = append(p.rects, [4]float64{w - 14 - helpW, helpTop - 2, w - 14, h - 6})
	if p.ms != nil {
		p.ms.ReadoutBottom = h - helpTop + 8
	}
	p.mapKey(helpTop - 28)
}

// mapKey draws the legend of the marks on the map (objective areas and
// targets, a destination's PORT and DEFEND) under the overlays panel,
// when there are any and it fits above maxY.
func (p *PreviewScene) mapKey(maxY float64) {
	key := p.MapKey()
	kw, kh := key.Size(p.fonts.Measure)
	if kw == 0 || len(p.rects) == 0 {
		return
	}
	x, y := 12.0, p.rects[0][3]+10 // the overlays panel's bottom
	if y+kh > maxY || x+kw > float64(p.w)-problemsPanelW-24 {
		return
	}
	p.labels = append(p.labels, key.Build(&p.hud, x, y, p.fonts.Measure)...)
	p.rects = append(p.rects, [4]float64{x, y, x + kw, y + kh})
}

// overlaysPanel lists the overlay keys and which are on, top left.
func (p *PreviewScene) overlaysPanel() {
	x, y := 12.0, 46.0
	if p.ms != nil { // below the map's objectives box
		if r := p.ms.objectivesRect(); r[2] > 0 {
			y = r[3] + 10
		}
	}
	type row struct {
		key, text string
		on        bool
		col       render.RGBA
	}
	anchor := "rings around the pointer"
	if p.atFeature {
		anchor = "rings around each point feature"
	}
	view := "view: the table (public)"
	storm := "phase storm reach"
	if p.ms != nil {
		if sd, ok := p.ms.view.Side(p.viewer); ok {
			view = "view: as " + sd.Name + " sees it"
		}
		storm = fmt.Sprintf("phase storm reach, %d hexes", p.ms.view.Ruleset.PhaseStormRange)
	}
	pal := render.DefaultPalette()
	mapRow := row{"M", "map: the scenario's own", true, textMain}
	if d := p.current(); d != nil {
		mapRow.text = "map: destination " + d.number() + ", " + d.id
	}
	rows := []row{
		{"1", "50-hex rings · IP4.233 no rift", p.rings[0], ringColours[0]},
		{"2", "150-hex rings · IP4.31 radiation", p.rings[1], ringColours[1]},
		{"3", "300-hex rings · IP4.29 spacing", p.rings[2], ringColours[2]},
		{"F", anchor, true, textMain},
		{"4", storm, p.storm, pal.Storm.Mix(render.RGBA{R: 1, G: 1, B: 1, A: 1}, 0.4)},
		{"5", "phase regions", p.phase, pal.PhaseEdge.WithAlpha(1)},
		{"6", "systems", p.systems, systemColour},
		{"V", view, true, textMain},
	}
	if len(p.pages) > 0 {
		rows = append(rows, mapRow)
	}
	ph := 58 + 21*float64(len(rows))
	p.panel(x, y, previewPanelW, ph, panelEdge)
	p.rects = append(p.rects, [4]float64{x, y, x + previewPanelW, y + ph})
	p.label(x+14, y+10, "PREVIEW", render.Bold, 13, textAccent, render.AlignLeft)
	p.label(x+84, y+10, filepath.Base(p.name()), render.Mono, 13, textMain, render.AlignLeft)
	status := "watching for saves"
	switch {
	case p.bundled != "":
		status = "bundled scenario, read-only"
	case p.watcher == nil:
		status = "not watching: reopen to reload"
	}
	switch {
	case p.reloads == 1:
		status += "  ·  reloaded once"
	case p.reloads > 1:
		status += fmt.Sprintf("  ·  reloaded %d times", p.reloads)
	}
	p.label(x+14, y+30, status, render.Regular, 12, textDim, render.AlignLeft)
	for i, r := range rows {
		ry := y + 54 + 21*float64(i)
		p.hud.Rect(float32(x+12), float32(ry-1), 20, 18, panelEdge.WithAlpha(0.6))
		p.label(x+22, ry, r.key, render.Mono, 12, textMain, render.AlignCenter)
		col := textDim
		if r.on {
			col = textMain
			if r.col != textMain {
				p.hud.Rect(float32(x+previewPanelW-26), float32(ry+3), 12, 12, r.col)
			}
		} else if r.col != textMain {
			p.hud.Rect(float32(x+previewPanelW-26), float32(ry+3), 12, 12, r.col.WithAlpha(0.15))
		}
		p.label(x+42, ry, r.text, render.Regular, 13, col, render.AlignLeft)
	}
}

// problemsPanel lists the problems at the right, numbered as their pins
// are, and returns the panel's bottom edge.
func (p *PreviewScene) problemsPanel(x, y, maxY float64) float64 {
	pw := problemsPanelW
	textW := pw - 28
	type block struct {
		head  string
		lines []string
		col   render.RGBA
		i     int
	}
	var blocks []block
	for i, pr := range p.problems {
		loc := filepath.Base(pr.File)
		if pr.Line > 0 {
			loc += ":" + strconv.Itoa(pr.Line)
			if pr.Col > 0 {
				loc += ":" + strconv.Itoa(pr.Col)
			}
		}
		msg := pr.Msg
		if pr.Path != "" {
			msg = pr.Path + ": " + msg
		}
		col := pinError
		if pr.Warning {
			col = pinWarning
			msg = "warning: " + msg
		}
		blocks = append(blocks, block{loc, p.wrap(msg, render.Regular, 12, textW), col, i})
	}
	const lineH, headH, gap = 16.0, 18.0, 8.0
	h := 42.0
	shown := 0
	for _, b := range blocks {
		bh := headH + lineH*float64(len(b.lines)) + gap
		if y+h+bh+lineH+10 > maxY && shown < len(blocks)-1 {
			break
		}
		h += bh
		shown++
	}
	if shown < len(blocks) {
		h += lineH + 4
	}
	if len(blocks) == 0 {
		h = 40
	}
	edge := panelEdge
	if p.broken {
		edge = pinError.WithAlpha(0.8)
	}
	p.panel(x, y, pw, h, edge)
	p.rects = append(p.rects, [4]float64{x, y, x + pw, y + h})
	if len(blocks) == 0 {
		p.label(x+14, y+12, "No problems", render.Bold, 13, okColour, render.AlignLeft)
		p.label(x+pw-14, y+13, "the file is valid", render.Regular, 12, textDim, render.AlignRight)
		return y + h
	}
	errs := 0
	for _, pr := range p.problems {
		if !pr.Warning {
			errs++
		}
	}
	title := fmt.Sprintf("%d PROBLEM%s", len(p.problems), strings.ToUpper(plural(len(p.problems))))
	p.label(x+14, y+12, title, render.Bold, 13, textAccent, render.AlignLeft)
	p.label(x+pw-14, y+13, fmt.Sprintf("%d error%s, %d warning%s", errs, plural(errs), len(p.problems)-errs, plural(len(p.problems)-errs)), render.Regular, 12, textDim, render.AlignRight)
	cy := y + 38
	for _, b := range blocks[:shown] {
		y0 := cy
		num := "#" + strconv.Itoa(b.i+1)
		p.hud.Rect(float32(x+10), float32(cy+2), 3, float32(headH+lineH*float64(len(b.lines))-4), b.col)
		p.label(x+20, cy, num, render.Bold, 12, b.col, render.AlignLeft)
		loc := b.head
		if _, ok := p.pinOf(b.i); ok {
			loc += "  ·  pinned"
		}
		p.label(x+20+p.measure(render.Bold, 12, num)+8, cy, loc, render.Mono, 12, textAccent, render.AlignLeft)
		cy += headH
		for _, l := range b.lines {
			p.label(x+20, cy, l, render.Regular, 12, textMain, render.AlignLeft)
			cy += lineH
		}
		cy += gap
		p.rows = append(p.rows, panelRow{y0: y0, y1: cy, problem: b.i})
	}
	if shown < len(blocks) {
		p.label(x+20, cy, fmt.Sprintf("... and %d more: hexrift check lists them all", len(blocks)-shown), render.Regular, 12, textDim, render.AlignLeft)
	}
	return y + h
}

func (p *PreviewScene) pinOf(problem int) (pin, bool) {
	for _, pn := range p.pins {
		if pn.problem == problem {
			return pn, true
		}
	}
	return pin{}, false
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// riftLink is a line of the rift destinations panel: a chart (head) or
// one of its rows.
type riftLink struct {
	text string // the whole line
	head bool
	// A row's roll, destination id and hexes, drawn in columns, and its
	// number as the destination pages (M) and render -destination name it.
	roll, dest, where, number string
}

// riftLinks lists the cosmic rift destination links of sc (IP4.411-417):
// each chart by its 2d6 roll, then each row's roll, destination scenario,
// PORT and DEFEND hexes.
func riftLinks(sc *scenarios.Scenario) []riftLink {
	roll := func(lo, hi int) string {
		if lo == hi {
			return strconv.Itoa(lo)
		}
		return strconv.Itoa(lo) + "-" + strconv.Itoa(hi)
	}
	var out []riftLink
	for ci, c := range sc.RiftCharts {
		head := "Chart " + roll(c.Lo, c.Hi)
		if c.Name != "" {
			head += "  ·  " + c.Name
		}
		out = append(out, riftLink{text: head, head: true})
		for ri, r := range c.Rows {
			l := riftLink{roll: roll(r.Lo, r.Hi), dest: r.Scenario, where: fmt.Sprintf("PORT %v  ·  DEFEND %v", r.Port, r.Defend), number: fmt.Sprintf("%d.%d", ci+1, ri+1)}
			l.text = l.roll + "  →  " + l.dest + "  ·  " + l.where
			out = append(out, l)
		}
	}
	return out
}

// twoD6 is the chance of each total of 2d6, in 36ths.
func twoD6(lo, hi int) int {
	n := 0
	for k := max(lo, 2); k <= min(hi, 12); k++ {
		n += 6 - abs(k-7)
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// destinationOdds returns each destination scenario the charts name, in
// order of first mention, with the chance the first unit in rolls it:
// the chart's 2d6 chance times the row's (IP4.412).
func destinationOdds(sc *scenarios.Scenario) (ids []string, odds map[string]float64) {
	odds = map[string]float64{}
	for _, c := range sc.RiftCharts {
		for _, r := range c.Rows {
			if _, seen := odds[r.Scenario]; !seen {
				ids = append(ids, r.Scenario)
			}
			odds[r.Scenario] += float64(twoD6(c.Lo, c.Hi)) / 36 * float64(twoD6(r.Lo, r.Hi)) / 36
		}
	}
	return ids, odds
}

// riftGraph draws the destination links as a graph: the scenario on the
// left, each destination on the right, each link labelled with its
// chance. It returns the height used.
func (p *PreviewScene) riftGraph(x, y float64) float64 {
	ids, odds := destinationOdds(p.good)
	if len(ids) == 0 {
		return 0
	}
	const rowH = 24.0
	h := rowH*float64(len(ids)) + 8
	ox, oy := x+70, y+h/2
	rift := render.DefaultPalette().Rift
	p.hud.Circle(float32(ox), float32(oy), 7, rift)
	p.label(ox, oy+10, p.good.ID, render.Bold, 11, textMain, render.AlignCenter)
	for i, id := range ids {
		dy := y + 4 + rowH*float64(i) + rowH/2
		dx := x + problemsPanelW - 190
		p.hud.Line(float32(ox+7), float32(oy), float32(dx-6), float32(dy), 1.5, rift.WithAlpha(0.7))
		col := textMain
		if !slices.ContainsFunc(p.good.Destinations, func(d *scenarios.Scenario) bool { return d.ID == id }) {
			col = render.UIDanger // named but not found: check reports it
		}
		p.hud.Circle(float32(dx), float32(dy), 5, rift.Mix(render.RGBA{R: 1, G: 1, B: 1, A: 1}, 0.3))
		p.label(dx+10, dy-8, id, render.Regular, 12, col, render.AlignLeft)
		// The chance sits along the link near its destination, where the
		// links have spread apart.
		p.label(ox+(dx-ox)*0.72, oy+(dy-oy)*0.72-13, fmt.Sprintf("%.0f%%", 100*odds[id]), render.Mono, 11, textAccent, render.AlignCenter)
	}
	return h
}

// riftPanel shows the rift destination links under the problems: a graph
// with each destination's chance, then every chart row.
func (p *PreviewScene) riftPanel(x, y, maxY float64) {
	if p.good == nil || len(p.good.RiftCharts) == 0 {
		return
	}
	const lineH = 17.0
	lines := riftLinks(p.good)
	ids, _ := destinationOdds(p.good)
	graphH := 24.0*float64(len(ids)) + 8
	room := int((maxY - y - 44 - graphH) / lineH)
	if room < 2 {
		return
	}
	cut := 0
	if len(lines) > room {
		cut = len(lines) - (room - 1)
		lines = lines[:room-1]
	}
	h := 44 + graphH + lineH*float64(len(lines))
	if cut > 0 {
		h += lineH
	}
	p.panel(x, y, problemsPanelW, h, panelEdge)
	p.rects = append(p.rects, [4]float64{x, y, x + problemsPanelW, y + h})
	p.label(x+14, y+12, "RIFT DESTINATIONS", render.Bold, 13, textAccent, render.AlignLeft)
	p.label(x+problemsPanelW-14, y+13, "2d6 chart, then 2d6 row (IP4.412)", render.Regular, 12, textDim, render.AlignRight)
	cy := y + 36 + p.riftGraph(x, y+32)
	for _, l := range lines {
		if l.head {
			p.label(x+14, cy, l.text, render.Bold, 12, render.DefaultPalette().Rift.Mix(render.RGBA{R: 1, G: 1, B: 1, A: 1}, 0.3), render.AlignLeft)
		} else {
			col := textMain
			if l.number == p.Page() {
				col = textAccent // the destination on screen
			}
			p.label(x+58, cy, l.roll, render.Mono, 12, textAccent, render.AlignRight)
			p.label(x+66, cy, "→  "+l.number+"  "+l.dest, render.Regular, 12, col, render.AlignLeft)
			p.label(x+problemsPanelW-14, cy, l.where, render.Regular, 12, textDim, render.AlignRight)
		}
		cy += lineH
	}
	if cut > 0 {
		p.label(x+28, cy, fmt.Sprintf("... %d more", cut), render.Regular, 12, textDim, render.AlignLeft)
	}
}

// banner says, while the file is broken, that the map is an older version.
func (p *PreviewScene) banner(w float64) {
	if !p.broken {
		return
	}
	n := len(p.problems)
	text := fmt.Sprintf("%s has %d problem%s, showing the last good version", filepath.Base(p.name()), n, plural(n))
	if p.ms == nil {
		text = fmt.Sprintf("%s has %d problem%s, and no good version to show yet", filepath.Base(p.name()), n, plural(n))
	}
	tw := p.measure(render.Bold, 14, text)
	bw := tw + 40
	x := (w - bw) / 2
	p.hud.Rect(float32(x), 42, float32(bw), 30, bannerFill)
	p.hud.Rect(float32(x), 42, float32(bw), 1, bannerEdge)
	p.hud.Rect(float32(x), 71, float32(bw), 1, bannerEdge)
	p.label(w/2, 48, text, render.Bold, 14, render.RGBA{R: 1, G: 1, B: 1, A: 1}, render.AlignCenter)
	p.rects = append(p.rects, [4]float64{x, 42, x + bw, 72})
}
