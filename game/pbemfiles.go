package game

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// PbemFilesScene is the window's way into play by file: the games this
// machine plays by file (pbem games), the turn files found where they
// usually arrive, a path to any other (or a file dropped on the window),
// and a new game by file (pbem new). What a file is opened with is
// game/pbem's Open: a bad file changes nothing the machine keeps, and
// its reason is shown here.
type PbemFilesScene struct {
	screen
	home pbem.Home
	now  func() time.Time

	games    []pbemGameEntry
	gameList *widget.List
	game     *pbemGameEntry

	files    []pbemFileEntry
	fileList *widget.List
	file     *pbemFileEntry
	// watch looks at the folders for turn files as they arrive, and
	// heads keeps what each file listed says of itself (pbemwatch.go);
	// reselect is the entry of the file chosen once the list is made
	// anew, chosen again but not inspected anew (the list says it is
	// chosen on its next update).
	watch pbemWatch
	pbemStirs
	heads    pbemHeads
	reselect *pbemFileEntry
	path     *widget.TextInput
	// sides are the sides a new game's file offers; side the one chosen.
	sides    []rules.SideID
	side     int
	sideBtn  *widget.Button
	fileInfo *widget.Text
	// known is set when the file chosen is of a game kept here.
	known bool
	// fileScen is the scenario of the new game's file, for its sides'
	// names.
	fileScen *scenarios.Scenario

	// The new game: the scenarios that play by file, and a side.
	scens    []pbemScenario
	scen     int
	newSide  int
	scenBtn  *widget.Button
	nsideBtn *widget.Button
	// scenPath is where a scenario file of the player's own is typed.
	scenPath *widget.TextInput
	// noRifts is set when the player chose to play the new game with
	// cosmic rifts off (pbem.Variant), which riftsBox ticks and riftsInfo
	// explains; both are shown only for a scenario with them on.
	noRifts   bool
	riftsBox  *widget.Checkbox
	riftsInfo *widget.Text

	problem *widget.Text
	// problemBox holds the problem, hidden while there is none.
	problemBox *widget.Container
	// drop is the turn file last dropped on the window.
	drop *pbemDrop
	// said is the text of the lines that change, as last laid out.
	said string
}

// pbemDrop is a turn file dropped on the window: its name and data.
type pbemDrop struct {
	name string
	data []byte
}

// pbemGameEntry is a game kept on this machine, as the list shows it.
type pbemGameEntry struct {
	ID    string
	Label string
	seat  *pbem.Seat
	err   error
}

// pbemFileEntry is a turn file found on this machine.
type pbemFileEntry struct {
	Path  string
	Label string
	stat  pbemStat
}

// pbemScenario is a bundled scenario that plays by file.
type pbemScenario struct {
	src scenarios.Source
	sc  *scenarios.Scenario
}

// pbemOutbox is the folder where the window writes the turn files to
// send, in the pbem folder.
func pbemOutbox(h pbem.Home) string { return filepath.Join(h.Dir, "files") }

// pbemHome is the pbem folder of the window's paths.
func pbemHome(env *Env) pbem.Home {
	h := pbem.HomeFor(env.Paths)
	h.Rand = env.pbemRand
	return h
}

// NewPbemFilesScene builds the play-by-file screen.
func NewPbemFilesScene(env *Env) *PbemFilesScene { return newPbemFilesScene(env, "") }

// newPbemFilesScene builds the screen with a problem to show.
func newPbemFilesScene(env *Env, problem string) *PbemFilesScene {
	s := &PbemFilesScene{screen: newScreen(env), home: pbemHome(env), now: time.Now}
	s.problem = env.wrapped(problem, 13, render.UIDanger, 900)
	s.listGames()
	s.watch = pbemWatch{dirs: pbemFolders(env, s.home)}
	s.watch.last = scanPbem(s.watch.dirs)
	s.listFiles(s.watch.last)
	s.listScenarios()

	s.gameList = entryList(s.games, func(e *pbemGameEntry) string { return e.Label }, func(e *pbemGameEntry) { s.game = e })
	s.fileList = entryList(s.files, func(e *pbemFileEntry) string { return e.Label }, func(e *pbemFileEntry) {
		s.file = e
		if e == s.reselect {
			s.reselect = nil
			return
		}
		s.path.SetText(e.Path)
		s.inspect(e.Path)
	})
	s.path = widget.NewTextInput(widget.TextInputOpts.Placeholder("or a turn file's path: path/to/hexrift-….pbem"),
		widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(440, 0)),
		widget.TextInputOpts.SubmitHandler(func(a *widget.TextInputChangedEventArgs) {
			// Enter says what the file is, and opens one of a game kept
			// here; a new game's waits for the side.
			s.inspect(strings.TrimSpace(a.InputText))
			if s.known {
				s.openFile()
			}
		}))
	s.fileInfo = env.wrapped("", 13, render.UITextDim, 440)
	s.sideBtn = button("as: -", s.nextSide)
	s.scenBtn = button("", s.nextScenario)
	s.nsideBtn = button("", s.nextNewSide)
	s.riftsBox = checkbox("Cosmic rifts off", false, s.setNoRifts)
	s.riftsInfo = env.wrapped("A cosmic rift that forms stops a game by file: with them off none forms (IP4.21). Whoever joins sees the choice first.", 13, render.UITextDim, 440)
	s.scenPath = widget.NewTextInput(widget.TextInputOpts.Placeholder("or a scenario file: path/to/map.yaml"),
		widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(300, 0)),
		widget.TextInputOpts.SubmitHandler(func(a *widget.TextInputChangedEventArgs) { s.chooseFile(strings.TrimSpace(a.InputText)) }))
	s.showSides()
	s.showNew()

	gamesHint := "No game is played by file on this machine yet."
	if len(s.games) > 0 {
		gamesHint = "The table of a game as this machine last accepted it."
	}
	left := panelColumn(8, widget.Insets{Left: 16, Right: 16, Top: 16, Bottom: 16},
		env.label("Your games by file", render.Bold, 18, render.UIAccent),
		listBox(s.gameList),
		env.wrapped(gamesHint, 13, render.UITextDim, 440),
		button("Show the table", s.openGame),
		env.label("New game by file", render.Bold, 18, render.UIAccent),
		row(8, s.scenBtn, s.nsideBtn),
		row(8, s.scenPath, button("Open scenario", func() { s.chooseFile(strings.TrimSpace(s.scenPath.GetText())) })),
		s.riftsBox,
		s.riftsInfo,
		button("Start and write the first file", s.newGame),
	)
	right := panelColumn(8, widget.Insets{Left: 16, Right: 16, Top: 16, Bottom: 16},
		env.label("Open a turn file", render.Bold, 18, render.UIAccent),
		listBox(s.fileList),
		env.wrapped(fmt.Sprintf("Files found in %s, the folder hexrift started in and your Downloads folder, newest first; one that arrives there while this screen is open joins the list. You can also drop a file on the window.", pbemOutbox(s.home)), 13, render.UITextDim, 440),
		s.path,
		s.fileInfo,
		row(8, button("Open file", s.openFile), s.sideBtn, button("Check it", s.checkFile)),
	)
	title := env.label("Play by file", render.Bold, 28, render.UIText)
	title.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
	sub := env.wrapped("Each side plays on its own machine; you exchange turn files by mail, chat or a shared folder. A stale, replayed, edited or foreign file is refused, and nothing of your games changes.", 14, render.UITextDim, 920)
	s.problemBox = panelColumn(0, widget.Insets{Left: 12, Right: 12, Top: 8, Bottom: 8}, s.problem)
	shown(s.problemBox, s.problem.Label != "")
	body := column(10, widget.Insets{}, title, sub, row(16, left, right), s.problemBox,
		button("Back", func() { env.Show(NewMenuScene(env)) }))
	body.GetWidget().LayoutData = widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionCenter, VerticalPosition: widget.AnchorLayoutPositionCenter}
	root := env.root()
	root.AddChild(body)
	s.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
	if len(s.games) > 0 {
		s.gameList.SetSelectedEntry(&s.games[0])
	}
	return s
}

// entryList is a list of the entries of es, each shown by label; picked
// gets the entry chosen.
func entryList[E any](es []E, label func(*E) string, picked func(*E)) *widget.List {
	entries := make([]any, len(es))
	for i := range es {
		entries[i] = &es[i]
	}
	return widget.NewList(
		widget.ListOpts.Entries(entries),
		widget.ListOpts.HideHorizontalSlider(),
		widget.ListOpts.EntryLabelFunc(func(e any) string { return label(e.(*E)) }),
		widget.ListOpts.EntrySelectedHandler(func(a *widget.ListEntrySelectedEventArgs) { picked(a.Entry.(*E)) }),
	)
}

// listBox holds a list at its full height, however few its entries.
func listBox(l *widget.List) *widget.Container {
	l.GetWidget().LayoutData = widget.GridLayoutData{MaxWidth: 560, MaxHeight: 200}
	box := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(1), widget.GridLayoutOpts.Stretch([]bool{true}, []bool{true}))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(440, 200)))
	box.AddChild(l)
	return box
}

// listGames lists the games kept in the pbem folder, with whom each
// waits for.
func (s *PbemFilesScene) listGames() {
	ids, err := s.home.Games()
	if err != nil {
		s.problem.Label = err.Error()
	}
	for _, id := range ids {
		e := pbemGameEntry{ID: id}
		e.seat, e.err = pbem.LoadSeat(s.home, id)
		if e.err != nil {
			e.Label = id + "  (cannot be read)"
		} else {
			g := e.seat.Game
			status := e.seat.Status()
			if side, _, ok := g.Waiting(); ok && status != "waits for you" {
				status = "waits for " + sideName(g.Scenario, side)
			}
			e.Label = fmt.Sprintf("%s · you play %s · turn %d · %s", g.State.Scenario.Name, sideName(g.Scenario, e.seat.Side), g.State.Clock.Turn, status)
			if g.Genesis.NoCosmicRifts {
				e.Label += " · cosmic rifts off"
			}
			if c := g.Claim; c != nil {
				e.Label += " · settled by " + sideName(g.Scenario, c.Side) + "'s claim"
			}
		}
		s.games = append(s.games, e)
	}
}

// listFiles lists the .pbem files of the folders searched, newest first
// (files), each marked with what it brings; only a file new or changed
// since the last list is read again (heads).
func (s *PbemFilesScene) listFiles(files []pbemStat) {
	heads := s.heads.of(files)
	s.files = make([]pbemFileEntry, len(files))
	for i, f := range files {
		s.files[i] = pbemFileEntry{Path: f.path, stat: f, Label: fmt.Sprintf("%s  · %s%s", filepath.Base(f.path), fileTime(f.modTime(), s.now()), s.fileNews(heads[i]))}
	}
}

// relist shows the turn files of the folders as they are now: the list's
// entries change in place, and the file chosen stays chosen while it is
// there (said again when it was written again).
func (s *PbemFilesScene) relist(files []pbemStat) {
	was := s.file // an entry of the list as it was, kept as it was
	s.listFiles(files)
	entries := make([]any, len(s.files))
	for i := range s.files {
		entries[i] = &s.files[i]
	}
	s.fileList.SetEntries(entries)
	s.file = nil
	if was != nil {
		if i := slices.IndexFunc(s.files, func(e pbemFileEntry) bool { return e.Path == was.Path }); i >= 0 {
			s.file, s.reselect = &s.files[i], &s.files[i]
			s.fileList.SetSelectedEntry(s.reselect)
			if s.files[i].stat != was.stat && strings.TrimSpace(s.path.GetText()) == was.Path {
				s.inspect(was.Path)
			}
		}
	}
	s.ui.Container.RequestRelayout()
	s.stir()
}

// fileTime is when a file was written, short: the time of day today,
// the day before.
func fileTime(t, now time.Time) string {
	t, now = t.Local(), now.Local()
	if t.YearDay() == now.YearDay() && t.Year() == now.Year() {
		return t.Format("15:04")
	}
	return t.Format("2 Jan")
}

// fileNews says what a turn file brings this machine, from its head
// (its messages as they read; Open checks them all): nothing new,
// something new for a game kept here, or a new game.
func (s *PbemFilesScene) fileNews(h pbemHead) string {
	switch {
	case h.unread:
		return "  · cannot be read"
	case h.bad:
		return "  · not a turn file"
	}
	for _, g := range s.games {
		if g.ID != h.game || g.seat == nil {
			continue
		}
		if h.messages <= g.seat.Game.Len() {
			return "  · nothing new"
		}
		return "  · new"
	}
	return "  · a new game"
}

// listScenarios lists the bundled scenarios that play by file.
func (s *PbemFilesScene) listScenarios() {
	for _, info := range scenarios.Bundled() {
		if info.Drill != nil {
			continue
		}
		src, sc, err := readScenario(info.ID)
		if err != nil || pbem.Refusal(sc) != "" {
			continue
		}
		s.scens = append(s.scens, pbemScenario{src: src, sc: sc})
	}
}

// inspect reads the turn file at path and says what it is: a file of a
// game kept here, or of a new game, whose free sides are offered.
func (s *PbemFilesScene) inspect(path string) {
	s.sides, s.side, s.known = nil, 0, false
	s.fileInfo.Label = ""
	if path != "" {
		data, err := pbem.ReadTurnFile(path)
		if err == nil {
			s.describe(filepath.Base(path), data)
		} else {
			s.fileInfo.Label = err.Error()
		}
	}
	s.showSides()
}

// describe says what the turn file data is, from its messages as they
// read (Open checks them all).
func (s *PbemFilesScene) describe(name string, data []byte) {
	s.known = false
	f, err := pbem.ParseFile(name, data)
	if err != nil {
		s.fileInfo.Label = err.Error()
		return
	}
	if seat, err := pbem.LoadSeat(s.home, f.Game); err == nil {
		s.known = true
		s.fileInfo.Label = fmt.Sprintf("A file of your game %s: you play %s.", f.Game, sideName(seat.Game.Scenario, seat.Side))
		local := seat.Game.File().Messages
		for i := range min(len(local), len(f.Messages)) {
			if !local[i].Same(f.Messages[i]) {
				s.fileInfo.Label += fmt.Sprintf(" Its message %d differs from the one this machine accepted: Open file says why it is refused.", i)
				return
			}
		}
		if len(f.Messages) <= seat.Game.Len() {
			s.fileInfo.Label += " It holds nothing this machine has not accepted: an old file, or one you sent."
		}
		return
	}
	gen, sc, taken, err := pbem.FirstLook(f)
	if gen.Game == "" {
		s.fileInfo.Label = "The file does not start with a game's genesis."
		return
	}
	for _, sd := range gen.Sides {
		if !taken[sd] {
			s.sides = append(s.sides, sd)
		}
	}
	name, s.fileScen = gen.Scenario.Name, nil
	if err == nil {
		name, s.fileScen = sc.Name, sc
	}
	rifts := ""
	if gen.NoCosmicRifts {
		rifts = ", with cosmic rifts off (no rift forms, IP4.21)"
	}
	s.fileInfo.Label = fmt.Sprintf("A new game of %s (%s), started by %s%s: choose your side.", name, f.Game, s.fileSide(rules.SideID(f.Messages[0].Head().Side)), rifts)
	if len(s.sides) == 0 {
		s.fileInfo.Label = fmt.Sprintf("A game of %s (%s) every side of which has joined from another machine.", name, f.Game)
	}
}

// fileSide names a side of the file's scenario.
func (s *PbemFilesScene) fileSide(id rules.SideID) string {
	if s.fileScen == nil {
		return string(id)
	}
	return sideName(s.fileScen, id)
}

func (s *PbemFilesScene) showSides() {
	shown(s.sideBtn, len(s.sides) > 0)
	if len(s.sides) > 0 {
		s.sideBtn.SetText("as: " + s.fileSide(s.sides[s.side]))
	}
}

func (s *PbemFilesScene) nextSide() {
	if len(s.sides) > 0 {
		s.side = (s.side + 1) % len(s.sides)
	}
	s.showSides()
}

func (s *PbemFilesScene) showNew() {
	shown(s.riftsBox, s.riftsChoice())
	shown(s.riftsInfo, s.riftsChoice())
	if len(s.scens) == 0 {
		s.scenBtn.SetText("no scenario plays by file")
		shown(s.nsideBtn, false)
		return
	}
	sc := s.scens[s.scen].sc
	s.scenBtn.SetText("Scenario: " + sc.Name)
	sides := sc.Setup().Sides
	s.nsideBtn.SetText("as: " + sides[s.newSide%len(sides)].Name)
}

// riftsChoice reports whether the new game's scenario has cosmic rifts
// on, so that the player may choose to play it with them off.
func (s *PbemFilesScene) riftsChoice() bool {
	return len(s.scens) > 0 && !s.scens[s.scen].sc.Ruleset.NoCosmicRifts
}

// setNoRifts turns the new game's cosmic rifts off, or on again.
func (s *PbemFilesScene) setNoRifts(on bool) { s.noRifts = on }

func (s *PbemFilesScene) nextScenario() {
	if len(s.scens) > 0 {
		s.scen, s.newSide = (s.scen+1)%len(s.scens), 0
	}
	s.showNew()
}

// chooseFile makes the scenario file at path, one of the player's own,
// the new game's scenario, or says why it cannot be played by file. Its
// rift destinations named by path go with the game (pbem.NewGame).
func (s *PbemFilesScene) chooseFile(path string) {
	s.problem.Label = ""
	if path == "" {
		s.problem.Label = "Type the path of a scenario file."
		return
	}
	src, sc, err := readScenario(path)
	if err != nil {
		s.problem.Label = problemText(err)
		return
	}
	if why := pbem.Refusal(sc); why != "" {
		s.problem.Label = fmt.Sprintf("%s cannot be played by file: %s", path, why)
		return
	}
	s.scens = append([]pbemScenario{{src: src, sc: sc}}, s.scens...)
	s.scen, s.newSide = 0, 0
	s.showNew()
}

func (s *PbemFilesScene) nextNewSide() {
	s.newSide++
	s.showNew()
}

// openGame shows the table of the game selected.
func (s *PbemFilesScene) openGame() {
	if s.game == nil {
		return
	}
	if s.game.err != nil {
		s.problem.Label = s.game.err.Error()
		return
	}
	s.env.Show(openPbem(s.env, s.home, s.game.seat, ""))
}

// openFile opens the turn file whose path is typed or chosen.
func (s *PbemFilesScene) openFile() {
	if name, data, ok := s.chosenFile(); ok {
		s.open(name, data)
	}
}

// chosenFile reads the turn file whose path is typed or chosen (or the
// one dropped on the window), or says on the screen why it cannot.
func (s *PbemFilesScene) chosenFile() (string, []byte, bool) {
	s.problem.Label = ""
	path := strings.TrimSpace(s.path.GetText())
	if path == "" {
		s.problem.Label = "Choose a turn file, or type its path."
		return "", nil, false
	}
	if d := s.drop; d != nil && path == d.name {
		return d.name, d.data, true
	}
	data, err := pbem.ReadTurnFile(path)
	if err != nil {
		s.problem.Label = err.Error()
		return "", nil, false
	}
	return path, data, true
}

// checkFile checks the chosen turn file end to end, as pbem verify does,
// whether this machine plays its game or not, and says what it found: a
// finished game verified, what an unfinished one waits for and that all
// before checks, or the first message it refuses. It changes nothing.
func (s *PbemFilesScene) checkFile() {
	name, data, ok := s.chosenFile()
	if !ok {
		return
	}
	rep, err := pbem.Verify(filepath.Base(name), data)
	switch {
	case err == nil:
		s.fileInfo.Label = "Checked: " + strings.TrimPrefix(rep, "game ")
	case errors.Is(err, pbem.ErrUnfinished):
		s.fileInfo.Label = "Not finished: " + strings.TrimPrefix(err.Error(), pbem.ErrUnfinished.Error()+": ")
	default:
		s.fileInfo.Label = "The check refuses it: " + err.Error()
	}
}

// open opens a turn file's data: the machine accepts it (pbem.Open) or
// refuses it and keeps its games as they were.
func (s *PbemFilesScene) open(name string, data []byte) {
	var as rules.SideID
	if len(s.sides) > 0 {
		as = s.sides[s.side]
	}
	s.problem.Label = acceptTurn(s.env, s.home, name, data, as)
}

// newGame starts a game by file of the scenario and side chosen and
// writes its first turn file.
func (s *PbemFilesScene) newGame() {
	if len(s.scens) == 0 {
		return
	}
	ch := s.scens[s.scen]
	sides := ch.sc.Setup().Sides
	v := pbem.Variant{NoCosmicRifts: s.noRifts && s.riftsChoice()}
	seat, err := pbem.NewGameWith(s.home, ch.src, sides[s.newSide%len(sides)].ID, s.now(), v)
	if err != nil {
		s.problem.Label = err.Error()
		return
	}
	path, err := writePbemTurn(s.home, seat)
	if err != nil {
		s.problem.Label = err.Error()
		return
	}
	s.env.Show(openPbem(s.env, s.home, seat, path))
}

// writePbemTurn writes the seat's game as the turn file to send, in the
// window's folder of turn files.
func writePbemTurn(h pbem.Home, seat *pbem.Seat) (string, error) {
	dir := pbemOutbox(h)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("game: %v", err)
	}
	path := filepath.Join(dir, seat.TurnFileName())
	return path, seat.WriteTurn(path)
}

// dropped reads the first turn file among the files dropped on the
// window (ebiten.DroppedFiles; nil when none were), if any.
func dropped(fsys fs.FS) (string, []byte, bool) {
	if fsys == nil {
		return "", nil, false
	}
	ents, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return "", nil, false
	}
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".pbem") {
			continue
		}
		f, err := fsys.Open(e.Name())
		if err != nil {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(f, wire.MaxFileSize+1))
		f.Close()
		if err == nil {
			return e.Name(), data, true
		}
	}
	return "", nil, false
}

// Update runs the screen.
func (s *PbemFilesScene) Update(in *Input) error {
	s.tick()
	if files, changed := s.watch.tick(); changed {
		s.relist(files)
	}
	if said := s.problem.Label + s.fileInfo.Label + fmt.Sprint(s.riftsChoice()); said != s.said {
		// A line that changed wraps anew, or the choice of cosmic rifts
		// came or went: lay the screen out again.
		s.said = said
		shown(s.problemBox, s.problem.Label != "")
		s.ui.Container.RequestRelayout()
	}
	if s.env.Keys()[loadKeys.Scene].Fired(in, intentBack) && !s.path.IsFocused() {
		s.env.Show(NewMenuScene(s.env))
		return nil
	}
	s.takeDrop(ebiten.DroppedFiles())
	return nil
}

// takeDrop takes a turn file dropped on the window: one of a game kept
// here opens at once, one of a new game waits for the side to be chosen
// and Open file.
func (s *PbemFilesScene) takeDrop(fsys fs.FS) {
	if name, data, ok := dropped(fsys); ok {
		s.drop = &pbemDrop{name: name, data: data}
		s.path.SetText(name)
		s.sides, s.side = nil, 0
		s.describe(name, data)
		s.showSides()
		if len(s.sides) == 0 {
			s.problem.Label = ""
			s.open(name, data)
		}
	}
}
