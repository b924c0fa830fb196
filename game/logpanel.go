package game

import (
	"fmt"
	"maps"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// logHeight is the height of the log panel in pixels.
const logHeight = 150

// logPanel shows the events the viewing seat may see, newest at the
// bottom, with each rule clause clickable for a short note.
type logPanel struct {
	env    *Env
	scroll int // lines scrolled back from the newest
	// clauses are the clickable clause ids of the last draw, shown its
	// rows.
	clauses []clauseSpot
	shown   []logLineT
	note    string
	noteFor string
	lastW   int
	// cache holds each event's wrapped rows for the width cacheW, by its
	// sequence number and the events its line stands for.
	cache  map[[2]int][]logLineT
	cacheW float64
	// seen, when set, are the events the viewer has seen so far, whose
	// launch lines name the seekers (logSeekerNames); when nil, the
	// events drawn are. names are the names for the last draw's, namedN
	// of them, the last numbered namedSeq.
	seen             []rules.Event
	names            map[rules.UnitID]string
	namedN, namedSeq int
	// right is the panel's right edge, left of the orders panel; 0 for
	// the default, ordersWidth from the screen's right.
	right float64
}

// The line over the log's top right that says it scrolls.
const (
	scrollHint     = "scroll for older lines"
	scrollHintSize = 11.0
)

// hintRect is the screen rectangle (x0, y0, x1, y1) of the line that
// says the log scrolls, over its top right corner.
func (l *logPanel) hintRect(w, h int) [4]float64 {
	_, y0, x1, _ := l.rect(w, h)
	tw, th := l.env.Fonts.Measure(render.Regular, scrollHintSize, scrollHint)
	return [4]float64{x1 - 4 - tw - 2, y0 - 17, x1 - 2, y0 - 16 + th + 1}
}

type clauseSpot struct {
	x0, y0, x1, y1 float64
	id             string
}

func newLogPanel(env *Env) *logPanel { return &logPanel{env: env} }

func (l *logPanel) reset() { l.scroll, l.note, l.noteFor = 0, "", "" }

func (l *logPanel) rect(w, h int) (x0, y0, x1, y1 float64) {
	x1 = float64(w - ordersWidth - 20)
	if l.right > 0 {
		x1 = l.right
	}
	return 10, float64(h - logHeight - 10), x1, float64(h - 10)
}

func (l *logPanel) contains(x, y float64, h int) bool {
	x0, y0, x1, y1 := l.rect(l.lastW, h)
	return x >= x0 && x < x1 && y >= y0 && y < y1
}

func (l *logPanel) update(in *Input, h int) {
	x, y := float64(in.CursorX), float64(in.CursorY)
	if !l.contains(x, y, h) {
		return
	}
	if in.Wheel > 0 {
		l.scroll += 3 // clamped to what exists when drawn
	} else if in.Wheel < 0 {
		l.scroll = max(0, l.scroll-3)
	}
	if in.Clicked {
		for _, c := range l.clauses {
			if x >= c.x0 && x < c.x1 && y >= c.y0 && y < c.y1 {
				if l.noteFor == c.id {
					l.note, l.noteFor = "", ""
				} else {
					l.note, l.noteFor = match.RuleNote(c.id), c.id
				}
				return
			}
		}
		l.note, l.noteFor = "", ""
	}
}

const logLine = 17.0

func (l *logPanel) draw(screen *ebiten.Image, events []rules.Event, viewer rules.SideID, w, h int) {
	l.lastW = w
	x0, y0, x1, y1 := l.rect(w, h)
	var b render.Batch
	b.Rect(float32(x0), float32(y0), float32(x1-x0), float32(y1-y0), render.UIPanel)
	b.Rect(float32(x0), float32(y0), float32(x1-x0), 1, render.UIPanelEdge)
	var labels []render.Label
	rows := int((y1 - y0 - 12) / logLine)
	width := x1 - x0 - 20
	if width != l.cacheW {
		l.cache, l.cacheW = map[[2]int][]logLineT{}, width
	}
	seen := events
	if l.seen != nil {
		seen = l.seen
	}
	if n := len(seen); n != l.namedN || n > 0 && seen[n-1].Seq != l.namedSeq {
		names := logSeekerNames(seen)
		if !maps.Equal(names, l.names) {
			l.cache = map[[2]int][]logLineT{} // a seeker's name has changed
		}
		l.names, l.namedN = names, n
		if n > 0 {
			l.namedSeq = seen[n-1].Seq
		}
	}
	// Wrap only as many events, newest first, as the rows on show need.
	var lines []logLineT
	older := 0
	for i := len(events) - 1; i >= 0; i-- {
		if len(lines) >= rows+l.scroll {
			older = i + 1
			break
		}
		// A run of initiative rolls is one line (X4.IMP.A), so that an
		// impulse's rolls do not push its results out of the log.
		j := i
		for j > 0 && initiativeRoll(events[i]) && initiativeRoll(events[j-1]) {
			j--
		}
		key := [2]int{events[j].Seq, i - j + 1}
		wrapped, ok := l.cache[key]
		if !ok {
			wrapped = l.wrapLines(logLines(groupInitiative(events[j:i+1]), l.names), width)
			l.cache[key] = wrapped
		}
		lines = append(append([]logLineT(nil), wrapped...), lines...)
		i = j
	}
	l.scroll = min(l.scroll, max(0, len(lines)-rows))
	end := len(lines) - l.scroll
	start := max(0, end-rows)
	l.clauses = l.clauses[:0]
	l.shown = lines[start:end]
	for i, ln := range l.shown {
		y := y0 + 6 + logLine*float64(i)
		x := x0 + 10
		if ln.cont {
			x += 24
		}
		if ln.clause != "" {
			cw, _ := l.env.Fonts.Measure(render.Mono, 12, ln.clause)
			labels = append(labels, render.Label{X: x, Y: y, Text: ln.clause, Style: render.Mono, Size: 12, Color: render.UIAccent})
			l.clauses = append(l.clauses, clauseSpot{x, y, x + cw, y + logLine, ln.clause})
			x += cw + 8
		}
		col := render.UIText
		if ln.private {
			col = render.Hex("#c9a8ff", 1) // only this seat sees it
		}
		labels = append(labels, render.Label{X: x, Y: y, Text: ln.text, Size: 13, Color: col})
	}
	if l.scroll > 0 || older > 0 || start > 0 {
		labels = append(labels, render.Label{X: x1 - 4, Y: y0 - 16, Text: scrollHint, Size: scrollHintSize, Color: render.UITextDim, Align: render.AlignRight})
	}
	if l.note != "" {
		nw := 520.0
		ny := y0 - 96
		b.Rect(float32(x0), float32(ny), float32(nw), 88, render.Hex("#101a33", 0.97))
		b.Rect(float32(x0), float32(ny), float32(nw), 1, render.UIAccent)
		labels = append(labels, render.Label{X: x0 + 12, Y: ny + 8, Text: l.noteFor, Style: render.Bold, Size: 14, Color: render.UIAccent})
		for i, ln := range wrapText(l.note, 72) {
			if i == 3 {
				break
			}
			labels = append(labels, render.Label{X: x0 + 12, Y: ny + 28 + 17*float64(i), Text: ln, Size: 13, Color: render.UIText})
		}
	}
	var p render.Painter
	p.Draw(screen, &b)
	l.env.Fonts.DrawLabels(screen, labels)
}

type logLineT struct {
	clause, text string
	private      bool
	// cont marks a continuation row of a wrapped line.
	cont bool
}

// wrapLines breaks lines wider than width into rows at spaces; the
// clause is shown on the first row only.
func (l *logPanel) wrapLines(lines []logLineT, width float64) []logLineT {
	out := make([]logLineT, 0, len(lines))
	for _, ln := range lines {
		avail := width
		if ln.clause != "" {
			cw, _ := l.env.Fonts.Measure(render.Mono, 12, ln.clause)
			avail -= cw + 8
		}
		for i, text := range wrapPixels(l.env.Fonts, render.Regular, 13, ln.text, avail) {
			row := ln
			row.text = text
			if i > 0 {
				row.clause, row.cont = "", true
			}
			out = append(out, row)
		}
	}
	return out
}

// logLines turns events into log lines, skipping step markers that only
// repeat the clock, naming seekers by names (namedLog) and marking lines
// only the viewer may see.
func logLines(events []rules.Event, names map[rules.UnitID]string) []logLineT {
	out := make([]logLineT, 0, len(events))
	for _, e := range events {
		if e.Text == "" {
			continue
		}
		text, ok := launchLine(e, names)
		if !ok {
			text = namedLog(e.Text, names)
		}
		out = append(out, logLineT{clause: e.Clause, text: text, private: !e.Audience.IsPublic()})
	}
	return out
}

// initiativeRoll reports whether e is a unit's initiative roll or
// roll-off (X4.IMP.A).
func initiativeRoll(e rules.Event) bool {
	return e.Kind == rules.EventRoll && e.Clause == "X4.IMP.A" && e.Unit != "" && e.Roll != nil
}

// groupInitiative returns events with a run of initiative rolls made
// one event: "initiative (d12): specter 7, swift 1 · roll-offs: dagger
// 11". One event, or none of them rolls, stays as it is.
func groupInitiative(events []rules.Event) []rules.Event {
	if len(events) < 2 || !initiativeRoll(events[0]) {
		return events
	}
	var rolls, offs []string
	e := events[0]
	for _, r := range events {
		part := fmt.Sprintf("%s %d", rollerName(r), r.Roll.Total)
		if strings.Contains(r.Text, "roll-off") {
			offs = append(offs, part)
		} else {
			rolls = append(rolls, part)
		}
		if !r.Audience.IsPublic() {
			e.Audience = r.Audience
		}
	}
	e.Text = "initiative (" + e.Roll.Dice.String() + "): " + strings.Join(rolls, ", ")
	if len(rolls) == 0 {
		e.Text = "initiative roll-offs: " + strings.Join(offs, ", ")
	} else if len(offs) > 0 {
		e.Text += " · roll-offs: " + strings.Join(offs, ", ")
	}
	return []rules.Event{e}
}

// rollerName returns the name an initiative roll's line gives its unit
// ("initiative Kestrel: d12 = 7"), or the unit's id.
func rollerName(e rules.Event) string {
	text := strings.TrimPrefix(strings.TrimPrefix(e.Text, "initiative roll-off "), "initiative ")
	if name, _, ok := strings.Cut(text, ": "); ok && name != "" {
		return name
	}
	return string(e.Unit)
}

// wrapText breaks s into lines of at most n characters at spaces.
func wrapText(s string, n int) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			if len(line)+len(w)+1 > n && line != "" {
				out = append(out, line)
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		out = append(out, line)
	}
	return out
}
