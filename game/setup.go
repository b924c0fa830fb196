package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// scenarioChoice is one entry of the scenario list.
type scenarioChoice struct {
	Label string
	Arg   string // bundled id or file path
}

// seatRow is the editor of one seat.
type seatRow struct {
	side rules.Side
	name *widget.TextInput
	kind match.SeatKind
	// level is the computer's level when kind is computer.
	level string
	btn   *widget.Button
}

// SetupScene is the new-game screen: pick a scenario (bundled or a file),
// see its map and description, name the seats and say who plays each.
// The bundled scenarios are in two groups, the scenarios and the practice
// drills; choosing a drill seats a person at its practice side and the
// computer at the others.
type SetupScene struct {
	screen

	choices []scenarioChoice
	list    *widget.List
	// drills says which group the list shows; Scenarios and Drills switch.
	drills            bool
	Scenarios, Drills *widget.Button
	listTitle         *widget.Text
	src               scenarios.Source
	scenario          *scenarios.Scenario
	preview           *ebiten.Image
	graphic           *widget.Graphic
	desc              *widget.Text
	seatsBox          *widget.Container
	seats             []*seatRow
	seed              *widget.TextInput
	path              *widget.TextInput
	problem           *widget.Text
	// Start begins the game; exposed for tests that drive the screen.
	Start   *widget.Button
	listArg string
	// defenders says who plays a destination's defenders (IP4.44).
	defenders    match.DefenderMode
	defendersBtn *widget.Button
}

const previewW, previewH = 520, 320

// NewSetupScene builds the new-game screen with the default scenario chosen.
func NewSetupScene(env *Env) *SetupScene { return newSetupScene(env, false) }

// NewDrillSetupScene builds the new-game screen showing the practice
// drills, the first one chosen: the main menu's Practice drills.
func NewDrillSetupScene(env *Env) *SetupScene { return newSetupScene(env, true) }

// groupChoices returns the bundled scenarios of one group: the drills, or
// the others (the default first).
func groupChoices(drills bool) []scenarioChoice {
	var out []scenarioChoice
	for _, info := range scenarios.Bundled() {
		if (info.Drill != nil) == drills {
			out = append(out, scenarioChoice{Label: info.Name, Arg: info.ID})
		}
	}
	return out
}

func newSetupScene(env *Env, drills bool) *SetupScene {
	s := &SetupScene{screen: newScreen(env), drills: drills}
	s.choices = groupChoices(drills)
	entries := make([]any, len(s.choices))
	for i := range s.choices {
		entries[i] = s.choices[i]
	}
	s.list = widget.NewList(
		widget.ListOpts.Entries(entries),
		widget.ListOpts.HideHorizontalSlider(),
		widget.ListOpts.EntryLabelFunc(func(e any) string { return e.(scenarioChoice).Label }),
		widget.ListOpts.EntrySelectedHandler(func(a *widget.ListEntrySelectedEventArgs) {
			arg := a.Entry.(scenarioChoice).Arg
			if arg == s.listArg {
				// The list repeats a selection it reported before
				// (the one made when the screen was built): the
				// scenario was chosen then, and may since have been
				// replaced by a file.
				return
			}
			s.listArg = arg
			s.choose(arg)
		}),
		widget.ListOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(260, 330))),
	)
	s.path = widget.NewTextInput(widget.TextInputOpts.Placeholder("or a scenario file: path/to/map.yaml"),
		widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(260, 0)),
		widget.TextInputOpts.SubmitHandler(func(a *widget.TextInputChangedEventArgs) { s.choose(strings.TrimSpace(a.InputText)) }))
	openBtn := button("Open file", func() { s.choose(strings.TrimSpace(s.path.GetText())) })
	s.problem = env.wrapped("", 13, render.UIDanger, 520)

	s.preview = ebiten.NewImage(previewW, previewH)
	s.graphic = widget.NewGraphic(widget.GraphicOpts.Image(s.preview))
	s.desc = env.wrapped("", 15, render.UIText, previewW)
	s.seatsBox = column(6, widget.Insets{})
	s.defenders = match.DefendersComputer
	var defBtn *widget.Button
	defLabel := func() string {
		if s.defenders == match.DefendersPlayers {
			return "Cosmic rift defenders: the players"
		}
		return "Cosmic rift defenders: the computer"
	}
	defBtn = button(defLabel(), func() {
		if s.defenders == match.DefendersPlayers {
			s.defenders = match.DefendersComputer
		} else {
			s.defenders = match.DefendersPlayers
		}
		defBtn.Text().Label = defLabel()
	})
	s.defendersBtn = defBtn
	s.seed = widget.NewTextInput(widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(140, 0)))
	s.seed.SetText("") // empty: dice from the operating system's random source
	s.Start = button("Start game  (Enter)", s.start)
	backBtn := button("Back", func() { env.Show(NewMenuScene(env)) })

	scenLabel, drillLabel, listTitle := groupLabels(drills)
	s.Scenarios = button(scenLabel, func() { s.showGroup(false) })
	s.Drills = button(drillLabel, func() { s.showGroup(true) })
	s.listTitle = env.label(listTitle, render.Bold, 18, render.UIAccent)
	left := panelColumn(8, widget.Insets{Left: 16, Right: 16, Top: 16, Bottom: 16},
		row(8, s.Scenarios, s.Drills), s.listTitle, s.list, s.path, openBtn)
	right := panelColumn(8, widget.Insets{Left: 16, Right: 16, Top: 16, Bottom: 16},
		s.graphic, s.desc,
		env.label("Seats", render.Bold, 18, render.UIAccent), s.seatsBox,
		row(10, env.label("Fixed seed (advanced)", render.Regular, 15, render.UITextDim), s.seed, s.defendersBtn),
		env.label("Leave the seed empty for dice no one can foresee; a fixed seed lets anyone who knows it foresee the dice.", render.Regular, 13, render.UITextDim),
		s.problem,
		row(12, s.Start, backBtn))
	titleText := "New game"
	if drills {
		titleText = "Practice drills"
	}
	// The title stands above the panels in one centred column, so the
	// panels never run over it however tall they are.
	title := env.label(titleText, render.Bold, 28, render.UIText)
	title.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
	body := column(10, widget.Insets{}, title, row(16, left, right))
	body.GetWidget().LayoutData = widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionCenter, VerticalPosition: widget.AnchorLayoutPositionCenter}
	root := env.root()
	root.AddChild(body)
	s.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
	s.markGroup()
	if len(s.choices) > 0 {
		s.listArg = s.choices[0].Arg
		s.list.SetSelectedEntry(s.choices[0])
		s.choose(s.choices[0].Arg)
	}
	return s
}

// showGroup lists the drills or the other scenarios and chooses the
// first of them.
func (s *SetupScene) showGroup(drills bool) {
	if drills == s.drills {
		return
	}
	s.drills = drills
	s.choices = groupChoices(drills)
	entries := make([]any, len(s.choices))
	for i := range s.choices {
		entries[i] = s.choices[i]
	}
	s.list.SetEntries(entries)
	s.markGroup()
	if len(s.choices) > 0 {
		s.listArg = s.choices[0].Arg
		s.list.SetSelectedEntry(s.choices[0])
		s.choose(s.choices[0].Arg)
	}
}

// groupLabels returns the labels of the two group buttons and of the
// list, the shown group marked.
func groupLabels(drills bool) (scen, drill, title string) {
	if drills {
		return "Scenarios", "> Practice drills", "Drills: one phenomenon each"
	}
	return "> Scenarios", "Practice drills", "Scenario"
}

// markGroup shows which group the list holds. A button has its text
// only once the screen has been laid out; before, its label is set when
// it is made.
func (s *SetupScene) markGroup() {
	scen, drill, title := groupLabels(s.drills)
	if t := s.Scenarios.Text(); t != nil {
		t.Label = scen
	}
	if t := s.Drills.Text(); t != nil {
		t.Label = drill
	}
	s.listTitle.Label = title
}

// Listed returns the bundled ids the list shows, in order.
func (s *SetupScene) Listed() []string {
	var out []string
	for _, c := range s.choices {
		out = append(out, c.Arg)
	}
	return out
}

// readScenario reads and loads the scenario named by arg (bundled id or
// file path).
func readScenario(arg string) (scenarios.Source, *scenarios.Scenario, error) {
	src, err := scenarios.ReadSource(arg)
	if err != nil {
		return src, nil, err
	}
	sc, err := src.Load()
	return src, sc, err
}

// Choose selects the scenario named by arg (bundled id or file path).
func (s *SetupScene) choose(arg string) {
	if arg == "" {
		return
	}
	src, sc, err := readScenario(arg)
	if err != nil {
		s.problem.Label = problemText(err)
		return
	}
	s.problem.Label = ""
	s.src, s.scenario = src, sc
	desc := strings.TrimSpace(sc.Description)
	if desc == "" {
		desc = "No description."
	}
	if d := sc.Drill; d != nil {
		desc = fmt.Sprintf("Practice drill: you play %s, the computer (%s) the others.\n\n%s", sideName(sc, d.Side), d.Level, desc)
	}
	s.desc.Label = sc.Name + "\n" + desc
	s.drawPreview()
	s.seatsBox.RemoveChildren()
	s.seats = s.seats[:0]
	defaults := map[rules.SideID]match.Seat{}
	for _, seat := range match.DefaultSeats(sc) {
		defaults[seat.Side] = seat
	}
	for _, sd := range sc.Sides {
		def := defaults[sd.ID]
		r := &seatRow{side: sd, kind: def.Kind, level: def.Level}
		r.name = widget.NewTextInput(widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(220, 0)))
		r.name.SetText(sd.Name)
		r.btn = button(seatKindLabel(r.kind, r.level), func() {
			// Human, then the computer at each level, then human again.
			switch {
			case r.kind == match.SeatHuman:
				r.kind, r.level = match.SeatComputer, "easy"
			case r.level == "easy":
				r.level = "normal"
			case r.level == "normal":
				r.level = "hard"
			default:
				r.kind, r.level = match.SeatHuman, ""
			}
			r.btn.Text().Label = seatKindLabel(r.kind, r.level)
		})
		r.btn.GetWidget().MinWidth = 150
		swatch := ebiten.NewImage(16, 16)
		swatch.Fill(render.Hex(sd.Color, 1).Color())
		s.seatsBox.AddChild(row(10, widget.NewGraphic(widget.GraphicOpts.Image(swatch)), r.name, r.btn))
		s.seats = append(s.seats, r)
	}
}

func seatKindLabel(k match.SeatKind, level string) string {
	if k == match.SeatComputer {
		if level == "" || level == "legal" {
			return "Computer"
		}
		return "Computer (" + level + ")"
	}
	return "Human"
}

// problemText lists scenario problems one per line, at most a few.
func problemText(err error) string {
	var ps scenarios.Problems
	if pe, ok := err.(scenarios.Problems); ok {
		ps = pe
	}
	if len(ps) == 0 {
		return err.Error()
	}
	var lines []string
	for i, p := range ps {
		if i == 6 {
			lines = append(lines, fmt.Sprintf("... and %d more", len(ps)-i))
			break
		}
		lines = append(lines, p.String())
	}
	return strings.Join(lines, "\n")
}

func (s *SetupScene) drawPreview() {
	st, err := rules.NewState(s.scenario.Setup(), 1)
	if err != nil {
		s.problem.Label = err.Error()
		return
	}
	v := st.View("")
	m := v.Maps[0]
	r := render.NewMapRenderer(s.env.Fonts)
	r.Palette = paletteFor(s.env.Settings)
	f := &render.Frame{View: v, Map: m.ID, Camera: render.NewCamera(m.Center, previewW, previewH, render.FitHexes(v, m.ID, previewW, previewH)), ForcedSideColours: s.env.Settings.ColourBlind}
	f.Rings = objectiveRings(r, f)
	f.Marks = objectiveMarks(r, f)
	r.Draw(s.preview, f)
}

func paletteFor(st Settings) render.Palette {
	if st.ColourBlind {
		return render.ColourBlindPalette()
	}
	return render.DefaultPalette()
}

// Seats returns the seats as edited.
func (s *SetupScene) Seats() []match.Seat {
	var out []match.Seat
	for _, r := range s.seats {
		name := strings.TrimSpace(r.name.GetText())
		if name == "" {
			name = r.side.Name
		}
		seat := match.Seat{Name: name, Side: r.side.ID, Kind: r.kind}
		if r.kind == match.SeatComputer {
			seat.Level = r.level
			if seat.Level == "" {
				seat.Level = "legal"
			}
		}
		out = append(out, seat)
	}
	return out
}

// SetSeatKind sets who plays seat i (for tests and quick setups).
func (s *SetupScene) SetSeatKind(i int, k match.SeatKind) {
	s.seats[i].kind = k
	s.seats[i].btn.Text().Label = seatKindLabel(k, s.seats[i].level)
}

// Choose selects a scenario by bundled id or path, as the list does.
func (s *SetupScene) Choose(arg string) { s.choose(arg) }

func (s *SetupScene) start() {
	if s.scenario == nil {
		s.problem.Label = "Choose a scenario first."
		return
	}
	seed := match.RandomSeed()
	if text := strings.TrimSpace(s.seed.GetText()); text != "" {
		var err error
		if seed, err = strconv.ParseUint(text, 10, 64); err != nil {
			s.problem.Label = "The seed must be a whole number, e.g. 1, or empty for unforeseeable dice."
			return
		}
	}
	// The private dice always get a key of their own: a fixed seed
	// makes the public dice foreseeable, never a side's secret rolls.
	sess, err := match.NewSession(s.src, seed, s.Seats(), rules.WithPrivateKey(match.RandomKey()))
	if err != nil {
		s.problem.Label = err.Error()
		return
	}
	sess.SetDefenders(s.defenders)
	s.env.Show(NewPlayScene(s.env, sess))
}

// typing reports whether a text field has the keyboard, so that Enter
// there submits the field rather than starting the game.
func (s *SetupScene) typing() bool {
	if s.path.IsFocused() || s.seed.IsFocused() {
		return true
	}
	for _, r := range s.seats {
		if r.name.IsFocused() {
			return true
		}
	}
	return false
}

// Update runs the screen.
func (s *SetupScene) Update(in *Input) error {
	s.tick()
	keys := s.env.Keys()[setupKeys.Scene]
	switch {
	case keys.Fired(in, intentBack):
		s.env.Show(NewMenuScene(s.env))
	case keys.Fired(in, intentStart) && !s.typing():
		s.start()
	}
	return nil
}
