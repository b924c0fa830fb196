package game

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

var (
	panelFill   = render.Hex("#0d1426", 0.86)
	panelEdge   = render.Hex("#3a4d7a", 0.9)
	textMain    = render.Hex("#e8ecf8", 1)
	textDim     = render.Hex("#9aa6c8", 1)
	textAccent  = render.Hex("#ffd36e", 1)
	helpBackdop = render.RGBA{R: 0, G: 0, B: 0, A: 0.55}
)

// panel adds a framed panel to the HUD batch.
func (s *MapScene) panel(x, y, w, h float64) {
	s.hud.Panel(float32(x), float32(y), float32(w), float32(h), panelFill, panelEdge)
}

func (s *MapScene) label(x, y float64, text string, style render.FontStyle, size float64, col render.RGBA, align render.Align) {
	s.labels = append(s.labels, render.Label{X: x, Y: y, Text: text, Style: style, Size: size, Color: col, Align: align})
}

// overlaps reports whether two rectangles (x0, y0, x1, y1) share area.
func overlaps(a, b [4]float64) bool {
	return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

// hudRects returns the screen rectangles of the fixed panels: the top
// bar, the line under the clock when there is one (it hangs below the
// bar) and the sides legend.
func (s *MapScene) hudRects() [][4]float64 {
	w := float64(s.cam.Width)
	const lw = 230.0
	rects := [][4]float64{{0, 0, w, 35}}
	if a := s.acting(); a != "" && s.fonts != nil {
		tw, th := s.fonts.Measure(render.Regular, actingSize, a)
		rects = append(rects, [4]float64{w/2 - tw/2 - 2, actingY - 1, w/2 + tw/2 + 2, actingY + th + 1})
	}
	if s.Legend {
		rects = append(rects, [4]float64{w - lw - 12, 46, w - 12, 46 + 14 + 22*float64(len(s.view.Sides))})
	}
	if r := s.objectivesRect(); r[2] > 0 {
		rects = append(rects, r)
	}
	return append(rects, s.Reserved...)
}

// The objectives box, top left: the scenario objectives of every side,
// one line each, when it has any.
const (
	objectivesMaxW = 460.0
	objectiveRow   = 18.0
	objectiveSize  = 12.0
)

// objectivesRect is the objectives box, below the map tabs when a cosmic
// rift has brought a second map into play; zero when there are none.
func (s *MapScene) objectivesRect() [4]float64 {
	lines := objectiveLines(s.view)
	if len(lines) == 0 {
		return [4]float64{}
	}
	w := 120.0
	for _, l := range lines {
		tw := 30.0
		if s.fonts != nil {
			tw, _ = s.fonts.Measure(render.Regular, objectiveSize, l)
		}
		w = max(w, min(tw+24, objectivesMaxW))
	}
	y := 46.0
	if len(s.view.Maps) > 1 {
		y = 68
	}
	return [4]float64{12, y, 12 + w, y + 32 + objectiveRow*float64(len(lines))}
}

func (s *MapScene) drawHUD(screen *ebiten.Image, f *render.Frame) {
	s.hud.Reset()
	s.labels = s.labels[:0]
	w, h := float64(s.cam.Width), float64(s.cam.Height)

	// Top bar: game, scenario, clock, zoom.
	s.hud.Rect(0, 0, float32(w), 34, panelFill)
	s.hud.Rect(0, 34, float32(w), 1, panelEdge)
	s.label(14, 9, "HEXRIFT", render.Bold, 15, textAccent, render.AlignLeft)
	s.label(100, 10, s.view.Scenario.Name, render.Regular, 14, textMain, render.AlignLeft)
	c := s.view.Clock
	title := stepTitle(c.Step)
	if s.StepNote != "" {
		title = s.StepNote
	}
	clock := fmt.Sprintf("Turn %d  ·  %s", c.Turn, title)
	if c.Step.InImpulse() {
		clock = fmt.Sprintf("Turn %d  ·  %s, impulse %d of %d", c.Turn, title, c.Impulse, s.view.Ruleset.ImpulsesPerTurn)
	}
	if s.Caption != "" {
		clock = s.Caption
	}
	s.label(w/2, 10, clock, render.Regular, 14, textMain, render.AlignCenter)
	if acting := s.acting(); acting != "" {
		s.label(w/2, actingY, acting, render.Regular, actingSize, textDim, render.AlignCenter)
	}
	who := "table view"
	if sd, ok := s.view.Side(s.viewer); ok {
		who = "viewing as " + sd.Name
	}
	s.label(w-14, 10, fmt.Sprintf("%s  ·  %.0f hexes across", who, s.cam.HexesAcross()), render.Regular, 13, textDim, render.AlignRight)

	// Map tabs, when a cosmic rift has brought a second map into play.
	s.tabs = s.tabs[:0]
	if len(s.view.Maps) > 1 {
		counts := map[rules.MapID]rules.MapView{}
		for _, mc := range s.view.MapCounts {
			counts[mc.ID] = mc
		}
		x := 14.0
		for _, m := range s.view.Maps {
			mc := counts[m.ID]
			name := m.Name
			if name == "" {
				name = string(m.ID)
			}
			if mc.Destination {
				name = "beyond the rift: " + name
			}
			text := fmt.Sprintf("%s  (%d units, %d yours)", name, mc.Units, mc.Own)
			tw, _ := s.fonts.Measure(render.Regular, 12, text)
			bg := panelFill
			col := textDim
			if m.ID == s.mapID {
				bg, col = render.Hex("#27406e", 0.95), textAccent
			}
			s.hud.Rect(float32(x), 38, float32(tw+20), 22, bg)
			s.label(x+10, 41, text, render.Regular, 12, col, render.AlignLeft)
			s.tabs = append(s.tabs, mapTab{id: m.ID, x0: x, y0: 38, x1: x + tw + 20, y1: 60})
			x += tw + 26
		}
		s.label(x+4, 41, "M: next map", render.Regular, 11, textDim, render.AlignLeft)
	}

	// Sides legend, top right.
	counts := map[rules.SideID]int{}
	for _, u := range s.view.UnitsOn(s.mapID) {
		counts[u.Side]++
	}
	legend := [4]float64{w - 242, 46, w - 12, 46 + 14 + 22*float64(len(s.view.Sides))}
	lx, ly, lw := legend[0], legend[1], legend[2]-legend[0]
	if s.Legend {
		s.panel(lx, ly, lw, legend[3]-legend[1])
	}
	for i, sd := range s.view.Sides {
		if !s.Legend {
			break
		}
		y := ly + 8 + 22*float64(i)
		col := s.renderer.SideColour(f, sd.ID)
		s.hud.Rect(float32(lx+12), float32(y+3), 12, 12, col)
		s.label(lx+32, y+1, sd.Name, render.Regular, 13, textMain, render.AlignLeft)
		s.label(lx+lw-12, y+1, fmt.Sprintf("%d on map", counts[sd.ID]), render.Regular, 12, textDim, render.AlignRight)
	}
	if r := s.objectivesRect(); r[2] > 0 {
		s.panel(r[0], r[1], r[2]-r[0], r[3]-r[1])
		s.label(r[0]+12, r[1]+7, "Objectives", render.Bold, 13, textAccent, render.AlignLeft)
		for i, l := range objectiveLines(s.view) {
			s.label(r[0]+12, r[1]+27+objectiveRow*float64(i), s.clip(l, objectiveSize, r[2]-r[0]-24), render.Regular, objectiveSize, textMain, render.AlignLeft)
		}
	}

	// Pointer readout, bottom left.
	var card *cardLayout
	if s.HoverCard != nil {
		card = s.HoverCard()
	}
	if lines, r, ok := s.readoutLayout(card); ok {
		s.panel(r[0], r[1], r[2]-r[0], r[3]-r[1])
		for i, l := range lines {
			style, col := render.Regular, textMain
			if i == 0 {
				style, col = render.Mono, textAccent
			}
			s.label(r[0]+12, r[1]+7+readoutRow*float64(i), l, style, readoutSize, col, render.AlignLeft)
		}
	}
	if s.Hints {
		s.label(w-14, h-24, "F1 help  ·  Home recentre  ·  wheel zoom  ·  right-drag pan", render.Regular, 12, textDim, render.AlignRight)
	}

	if s.help {
		s.drawHelp(w, h)
	}
	s.painter.Draw(screen, &s.hud)
	s.fonts.DrawLabels(screen, s.labels)
}

// The line under the clock: its top and text size.
const (
	actingY    = 27.0
	actingSize = 11.0
)

// acting is the line under the clock: who acts now ("Korath Dominion to
// act"), Acting's side when set, else the sides the rules wait for;
// empty under a caption or when nobody acts.
func (s *MapScene) acting() string {
	if s.Caption != "" {
		return ""
	}
	if s.Acting != "" {
		return s.Acting + " to act"
	}
	if len(s.view.Pending) == 0 || s.view.Expecting == "" {
		return ""
	}
	var names []string
	for _, sd := range s.view.Pending {
		if side, ok := s.view.Side(sd); ok {
			names = append(names, side.Name)
		}
	}
	return strings.Join(names, ", ") + " to act"
}

// The pointer readout's text size and row height.
const (
	readoutSize = 13.0
	readoutRow  = 19.0
)

// readoutLayout lays out the pointer readout at the bottom left of the
// map, above ReadoutBottom: the rows describing the hovered hex, each
// clipped to the room it has, and the readout's rectangle (x0, y0, x1,
// y1). Beside card, the ship card up (nil for none), the readout leaves
// out the card's unit, which the card describes, and where it would
// still be under the card it moves to the card's right (the card on the
// left of the map), or keeps left of it, clipped to the room there. It
// reports false when the pointer is over no hex.
func (s *MapScene) readoutLayout(card *cardLayout) ([]string, [4]float64, bool) {
	if !s.hoverOK {
		return nil, [4]float64{}, false
	}
	var skip rules.UnitID
	if card != nil {
		skip = card.unit
	}
	lines := s.describe(s.hover, skip)
	free := s.freeArea()
	place := func(x0, right float64) ([]string, [4]float64) {
		out := make([]string, len(lines))
		maxW := 0.0
		for i, l := range lines {
			style := render.Regular
			if i == 0 {
				style = render.Mono
			}
			if room := right - x0 - 24; room > 0 {
				l = clipText(s.fonts, style, readoutSize, l, room)
			}
			out[i] = l
			tw, _ := s.fonts.Measure(style, readoutSize, l)
			maxW = max(maxW, tw)
		}
		ph := 12 + readoutRow*float64(len(lines))
		y0 := float64(s.cam.Height) - ph - s.ReadoutBottom
		return out, [4]float64{x0, y0, x0 + maxW + 24, y0 + ph}
	}
	out, r := place(12, free[2])
	if card == nil || !overlaps(r, card.rect()) {
		return out, r, true
	}
	c := card.rect()
	if right := c[0] - 12; right-12 >= free[2]-c[2]-12 { // more room left of the card
		out, r = place(12, right)
	} else {
		out, r = place(c[2]+12, free[2])
	}
	return out, r, true
}

// clip shortens text to fit width pixels at size, ending it with "...".
func (s *MapScene) clip(text string, size, width float64) string {
	return clipText(s.fonts, render.Regular, size, text, width)
}

// mouseHelp is the F1 help of the mouse on the map; the keys' help comes
// from the map's key map.
var mouseHelp = [][2]string{
	{"Right or middle drag", "pan the map"},
	{"Mouse wheel", "zoom around the pointer"},
}

func (s *MapScene) drawHelp(w, h float64) {
	lines := append(append(append([][2]string(nil), mouseHelp...), s.Keys.Help()...), s.ExtraHelp...)
	s.hud.Rect(0, 0, float32(w), float32(h), helpBackdop)
	step := min(26, (h-90)/float64(len(lines))) // all lines fit the screen
	pw, ph := 560.0, 70+step*float64(len(lines))
	x, y := (w-pw)/2, (h-ph)/2
	s.panel(x, y, pw, ph)
	s.label(x+24, y+18, "Controls", render.Bold, 18, textAccent, render.AlignLeft)
	for i, l := range lines {
		ly := y + 58 + step*float64(i)
		s.label(x+24, ly, l[0], render.Bold, 14, textMain, render.AlignLeft)
		s.label(x+250, ly, l[1], render.Regular, 14, textDim, render.AlignLeft)
	}
}
