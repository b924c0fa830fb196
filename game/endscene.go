package game

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// EndScene shows the end of a game: each side's result, then back to the
// menu or save the finished game.
type EndScene struct {
	screen
	sess *Session
}

// NewEndScene builds the end-of-game summary.
func NewEndScene(env *Env, sess *Session) *EndScene {
	e := &EndScene{screen: newScreen(env), sess: sess}
	out := sess.State.Outcome()
	headline := "A draw"
	if out.Winner != "" {
		if sd, ok := sess.State.Side(out.Winner); ok {
			headline = sd.Name + " wins"
		}
	}
	rows := column(8, widget.Insets{})
	for _, r := range out.Sides {
		name := string(r.Side)
		if sd, ok := sess.State.Side(r.Side); ok {
			name = sd.Name
		}
		rows.AddChild(env.label(fmt.Sprintf("%s: %d points.  %d on the map, %d carried, %d in reserve, %d withdrawn, %d destroyed (BPV %d lost)",
			name, r.Points, r.OnMap, r.Carried, r.Reserve, r.Withdrawn, r.Destroyed, r.Lost), render.Regular, 16, render.UIText))
		for _, met := range r.Met { // the scenario objectives the side met
			rows.AddChild(env.label("    objective met: "+met, render.Regular, 14, render.UIGood))
		}
	}
	for _, line := range Debrief(sess.Events) {
		rows.AddChild(env.label(line, render.Regular, 14, render.UITextDim))
	}
	status := env.wrapped("", 13, render.UITextDim, 600)
	save := func() {
		path := filepath.Join(env.Paths.Saves, saveFileName(sess.State.Scenario.Name+" finished"))
		if err := WriteSave(path, sess, sess.State.Scenario.Name+" (finished)", time.Now()); err != nil {
			status.Label = err.Error()
			return
		}
		status.Label = "Saved as " + filepath.Base(path)
	}
	body := panelColumn(14, widget.Insets{Left: 26, Right: 26, Top: 22, Bottom: 22},
		env.label("Game over: "+headline, render.Bold, 30, render.UIAccent),
		env.label(fmt.Sprintf("%s, after %s", sess.State.Scenario.Name, clockText(sess.State.Clock)), render.Regular, 16, render.UITextDim),
		rows, status,
		row(12, button("Save the game", save), button("Main menu", func() { env.Show(NewMenuScene(env)) })))
	body.GetWidget().LayoutData = widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionCenter, VerticalPosition: widget.AnchorLayoutPositionCenter}
	root := env.root()
	root.AddChild(body)
	e.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
	return e
}

// Update runs the screen.
func (e *EndScene) Update(in *Input) error {
	e.tick()
	return nil
}

// Debrief sums up what the phenomena took in a game, from its events
// (at game end, when nothing is secret any more: rift crossings are told
// only to the sides that detected the rift while it is open): gravity rift removal rolls made and lost against the 3 in 10
// expected, phase-outs, cosmic rift crossings and ships trapped beyond a
// rift. It returns nothing for a game none of them touched.
func Debrief(events []rules.Event) []string {
	rolls, removed, phased, crossed, trapped := 0, 0, 0, 0, 0
	for _, e := range events {
		switch {
		case e.Clause == "GR41.2" && e.Roll != nil:
			rolls++
			if strings.Contains(e.Text, "removed to reserve") {
				removed++
			}
		case e.Clause == "IP8.21":
			phased++
		case e.Clause == "IP4.24":
			crossed++
		case e.Clause == "IP4.452":
			trapped++
		}
	}
	var out []string
	if rolls > 0 {
		out = append(out, fmt.Sprintf("Gravity rifts: %d removal rolls, %d units lost to reserve (%.1f expected at 3 in 10).",
			rolls, removed, 0.3*float64(rolls)))
	}
	if phased > 0 {
		out = append(out, fmt.Sprintf("Phase space: %d phase-outs.", phased))
	}
	if crossed > 0 || trapped > 0 {
		out = append(out, fmt.Sprintf("Cosmic rifts: %d crossings, %d units trapped beyond a closed rift (counted destroyed).", crossed, trapped))
	}
	return out
}
