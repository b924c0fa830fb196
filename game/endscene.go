package game

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// maxLossLines bounds the losses the end screen lists.
const maxLossLines = 10

// EndScene shows the end of a game: each side's result, then back to the
// menu or save the finished game.
type EndScene struct {
	screen
	sess *match.Session
}

// NewEndScene builds the end-of-game summary.
func NewEndScene(env *Env, sess *match.Session) *EndScene {
	// Behind the summary, the game's own map as the table sees it at the
	// end (the public view: the game is over, and nothing secret shows).
	e := &EndScene{screen: screen{env: env, back: backdropOf(env, sess.State.View(""))}, sess: sess}
	out := sess.State.Outcome()
	headline := "A draw"
	if out.Winner != "" {
		if sd, ok := sess.State.Side(out.Winner); ok {
			headline = sd.Name + " wins"
		}
	}
	rows := column(8, widget.Insets{})
	for _, l := range resultLines(sess, out) {
		switch l.kind {
		case lineSide:
			rows.AddChild(env.label(l.text, render.Regular, 16, render.UIText))
		case lineDefenders:
			rows.AddChild(env.wrapped(l.text, 15, render.UIAccent, 900))
		case lineMet:
			rows.AddChild(env.label(l.text, render.Regular, 14, render.UIGood))
		case lineMissed:
			rows.AddChild(env.label(l.text, render.Regular, 14, render.UIDanger))
		default:
			rows.AddChild(env.wrapped(l.text, 14, render.UITextDim, 900))
		}
	}
	if losses := lossTimeline(sess, sess.Events()); len(losses) > 0 {
		rows.AddChild(env.label("What was lost, when and how", render.Bold, 15, render.UIAccent))
		shown := losses[:min(len(losses), maxLossLines)]
		for _, l := range shown {
			rows.AddChild(env.wrapped("    "+l, 13, render.UIText, 900))
		}
		if len(losses) > len(shown) {
			rows.AddChild(env.label(fmt.Sprintf("    and %d more", len(losses)-len(shown)), render.Regular, 13, render.UITextDim))
		}
	}
	status := env.wrapped("", 13, render.UITextDim, 600)
	save := func() {
		path, err := match.WriteSaveAs(env.Paths.Saves, sess, sess.State.Scenario.Name+" (finished)", time.Now())
		if err != nil {
			status.Label = err.Error()
			return
		}
		status.Label = "Saved as " + filepath.Base(path)
	}
	head := []widget.PreferredSizeLocateableWidget{
		env.label("Game over: "+headline, render.Bold, 30, render.UIAccent),
		env.label(fmt.Sprintf("%s, after %s", sess.State.Scenario.Name, clockText(sess.State.Clock)), render.Regular, 16, render.UITextDim),
		// The dice are no secret once the game is over: with the seed and
		// the save every roll can be checked (IP8.337).
		env.label(fmt.Sprintf("Seed %d", sess.Seed), render.Regular, 14, render.UITextDim),
	}
	if line, ok := DrillResult(sess); ok {
		col := render.UIGood
		if met, total, _ := drillTally(sess); met < total {
			col = render.UIDanger
		}
		head = append(head, env.label(line, render.Bold, 18, col))
	}
	body := panelColumn(14, widget.Insets{Left: 26, Right: 26, Top: 22, Bottom: 22},
		append(head, rows, status,
			row(12, button("Save the game", save), button("Main menu", func() { env.Show(NewMenuScene(env)) })))...)
	body.GetWidget().LayoutData = widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionCenter, VerticalPosition: widget.AnchorLayoutPositionCenter}
	root := env.root()
	root.AddChild(body)
	e.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
	return e
}

// The kinds of line of the end screen's results.
const (
	lineSide      = iota // a side's points and units
	lineDefenders        // the heading of a rift destination's defenders
	lineMet              // an objective met
	lineMissed           // an objective missed
	lineDebrief          // what the side's risks came to
)

// resultLine is one line of the end screen's results.
type resultLine struct {
	kind int
	text string
}

// resultLines are the end screen's results: each side's points and
// units, every objective it met or missed, and its debrief. The
// defenders of a cosmic rift destination come after the sides of the
// game, under a heading that says whom they defend: they are scored but
// do not contend for the game (docs/RULES.md "Victory").
func resultLines(sess *match.Session, out rules.Outcome) []resultLine {
	var lines []resultLine
	var dest rules.MapID
	for _, r := range out.Sides {
		name := string(r.Side)
		if sd, ok := sess.State.Side(r.Side); ok {
			name = sd.Name
		}
		if r.Destination != "" && r.Destination != dest {
			dest = r.Destination
			where := string(dest)
			for _, m := range sess.State.Maps {
				if m.ID == dest && m.Name != "" {
					where = m.Name
				}
			}
			lines = append(lines, resultLine{lineDefenders, fmt.Sprintf("Defending %s, beyond a cosmic rift: scored, not contending for the game", where)})
		}
		if r.Destination != "" {
			name = "    " + name + " (defender)"
		}
		lines = append(lines, resultLine{lineSide, fmt.Sprintf("%s: %d points.  %d on the map, %d carried, %d in reserve, %d withdrawn, %d destroyed (BPV %d lost)",
			name, r.Points, r.OnMap, r.Carried, r.Reserve, r.Withdrawn, r.Destroyed, r.Lost)})
		for _, met := range r.Met { // the scenario objectives the side met
			lines = append(lines, resultLine{lineMet, "    objective met: " + met})
		}
		for _, missed := range r.Missed {
			lines = append(lines, resultLine{lineMissed, "    objective missed: " + missed})
		}
		// What the side's risks came to (debrief.go: shown to the
		// table once the game is over).
		for _, line := range match.DebriefOf(sess.State, sess.Events(), r.Side).Lines() {
			lines = append(lines, resultLine{lineDebrief, "    " + line})
		}
	}
	return lines
}

// Update runs the screen.
func (e *EndScene) Update(in *Input) error {
	e.tick()
	return nil
}

// DrillResult sums up a practice drill for its player, plainly: "Drill
// complete: ...", or "Drill failed: ..." with how many of the practice
// side's objectives were met. It reports false for a game that is no
// drill.
func DrillResult(sess *match.Session) (string, bool) {
	met, total, ok := drillTally(sess)
	if !ok {
		return "", false
	}
	who := sideName(sess.Scenario, sess.Scenario.Drill.Side)
	if met == total {
		return fmt.Sprintf("Drill complete: %s met all %d objectives.", who, total), true
	}
	return fmt.Sprintf("Drill failed: %s met %d of %d objectives. Try it again.", who, met, total), true
}
