package game

import (
	"fmt"
	"os"
	"strings"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// LoadScene lists the saves, newest first, with what each holds, and
// loads, deletes or goes back.
type LoadScene struct {
	screen
	// Take over from here: the side the player takes and the step of
	// the save to branch from (-1: the end).
	takeSide *widget.Button
	takeStep *widget.Text
	sides    []rules.SideID
	// scenario is the selected save's scenario, for its sides' names.
	scenario *scenarios.Scenario
	side     int
	at       int
	total    int
	saves    []match.SaveInfo
	list     *widget.List
	selected *match.SaveInfo
	detail   *widget.Text
	problem  *widget.Text
}

// NewLoadScene builds the load screen.
func NewLoadScene(env *Env) *LoadScene {
	l := &LoadScene{screen: newScreen(env)}
	saves, err := match.ListSaves(env.Paths.Saves)
	l.saves = saves
	entries := make([]any, len(saves))
	for i := range saves {
		entries[i] = &saves[i]
	}
	l.list = widget.NewList(
		widget.ListOpts.Entries(entries),
		widget.ListOpts.HideHorizontalSlider(),
		widget.ListOpts.EntryLabelFunc(func(e any) string {
			s := e.(*match.SaveInfo)
			if s.Err != nil {
				return s.Name + "  (damaged)"
			}
			if s.Game != "" {
				return s.Name + "  · game " + match.ShortGameID(s.Game)
			}
			return s.Name
		}),
		widget.ListOpts.EntrySelectedHandler(func(a *widget.ListEntrySelectedEventArgs) { l.pick(a.Entry.(*match.SaveInfo)) }),
		widget.ListOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(440, 380))),
	)
	l.detail = env.wrapped("", 15, render.UIText, 360)
	l.problem = env.wrapped("", 13, render.UIDanger, 800)
	if err != nil {
		l.problem.Label = err.Error()
	}
	if len(saves) == 0 {
		l.detail.Label = "No saves yet. Games save themselves as you play (autosaves), and you can save under a name from the game menu (Esc)."
	}
	l.takeSide = button("as: first side", l.nextSide)
	l.takeStep = env.label("", render.Regular, 14, render.UIText)
	takeOver := row(8,
		button("Take over vs computer", l.takeOver),
		l.takeSide,
		button("-", func() { l.step(-1) }), l.takeStep, button("+", func() { l.step(1) }))
	buttons := row(10,
		button("Load", l.load),
		button("Delete", l.remove),
		button("Play by file", func() { env.Show(NewPbemFilesScene(env)) }),
		button("Back", func() { env.Show(NewMenuScene(env)) }))
	body := panelColumn(10, widget.Insets{Left: 18, Right: 18, Top: 18, Bottom: 18},
		env.label("Load game", render.Bold, 24, render.UIAccent),
		row(18, l.list, l.detail),
		env.wrapped("Take over: branch a new game from any step of the save, you at one side and the computer (normal) at every other. In a game of two or more people only a side the computer plays can be taken over: a person's side holds their secrets.", 13, render.UITextDim, 800),
		takeOver,
		l.problem, buttons)
	body.GetWidget().LayoutData = widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionCenter, VerticalPosition: widget.AnchorLayoutPositionCenter}
	root := env.root()
	root.AddChild(body)
	l.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
	if len(saves) > 0 {
		l.list.SetSelectedEntry(&l.saves[0])
	}
	return l
}

// pick shows what a save holds: public facts only (SavePreview).
func (l *LoadScene) pick(s *match.SaveInfo) {
	l.selected = s
	l.sides, l.side, l.at, l.scenario = nil, 0, -1, nil
	if sf, err := match.ReadSave(s.Path); err == nil {
		l.sides = match.TakeOverSides(sf.Seats)
		if sc, err := sf.Scenario.LoadKept(); err == nil {
			l.scenario = sc
		}
		l.total = len(sf.Commands)
	}
	l.showTake()
	if s.Err != nil {
		l.detail.Label = "This save cannot be loaded:\n" + s.Err.Error()
		return
	}
	game := "from before games were told apart"
	if s.Game != "" {
		game = match.ShortGameID(s.Game)
		if s.Parent != "" {
			game += ", taken over from game " + match.ShortGameID(s.Parent)
		}
	}
	l.detail.Label = fmt.Sprintf("%s\n\nGame: %s\nScenario: %s\nTime: %s\nSeats: %s\nSaved: %s",
		s.Name, game, s.Preview.Scenario, clockText(s.Preview.Clock), strings.Join(s.Preview.Seats, ", "), s.Saved.Local().Format("2 Jan 2006 15:04"))
}

func (l *LoadScene) showTake() {
	if l.takeSide == nil {
		return
	}
	if len(l.sides) > 0 {
		name := string(l.sides[l.side])
		if l.scenario != nil {
			name = sideName(l.scenario, l.sides[l.side])
		}
		l.takeSide.SetText("as: " + name)
	} else {
		l.takeSide.SetText("no side to take")
	}
	at := l.at
	if at < 0 {
		at = l.total
	}
	l.takeStep.Label = fmt.Sprintf("from step %d of %d", at, l.total)
}

func (l *LoadScene) nextSide() {
	if len(l.sides) > 0 {
		l.side = (l.side + 1) % len(l.sides)
	}
	l.showTake()
}

// step moves the branch point by d commands, in steps of a tenth of the
// game so a long save is quick to cross.
func (l *LoadScene) step(d int) {
	at := l.at
	if at < 0 {
		at = l.total
	}
	at = min(max(at+d*max(1, l.total/10), 0), l.total)
	l.at = at
	l.showTake()
}

// takeOver branches a new game from the chosen step with the player at
// the chosen side and the computer at every other seat.
func (l *LoadScene) takeOver() {
	if l.selected == nil || len(l.sides) == 0 {
		return
	}
	sf, err := match.ReadSave(l.selected.Path)
	if err != nil {
		l.problem.Label = err.Error()
		return
	}
	at := l.at
	if at < 0 {
		at = len(sf.Commands)
	}
	sess, err := match.BranchSession(sf, at, l.sides[l.side], "normal")
	if err != nil {
		l.problem.Label = err.Error()
		return
	}
	l.env.Show(NewTakeOverScene(l.env, sess, sf))
}

func (l *LoadScene) load() {
	if l.selected == nil {
		return
	}
	sess, _, err := match.LoadSave(l.selected.Path)
	if err != nil {
		l.problem.Label = err.Error()
		return
	}
	l.env.Show(NewPlayScene(l.env, sess))
}

func (l *LoadScene) remove() {
	if l.selected == nil {
		return
	}
	if err := os.Remove(l.selected.Path); err != nil {
		l.problem.Label = err.Error()
		return
	}
	l.env.Show(NewLoadScene(l.env))
}

// Update runs the screen.
func (l *LoadScene) Update(in *Input) error {
	l.tick()
	if l.env.Keys()[loadKeys.Scene].Fired(in, intentBack) {
		l.env.Show(NewMenuScene(l.env))
	}
	return nil
}
