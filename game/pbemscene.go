package game

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// PbemScene is the table of a game played by file, as this machine's
// side sees it: the map, the ship cards and the log of its own view
// only, where the last stretch of play stopped and why, and the side's
// next orders asked for with the hot-seat game's panels (its energy
// allocation, its declarations, the plot panel for the stretch). Its
// orders go to game/pbem, which seals them in the next turn file; the
// screen then says where the file is, to be sent, and that the game
// waits for the other side's file.
type PbemScene struct {
	env  *Env
	card *cardLayout // the ship card under the pointer (layoutCard)
	home pbem.Home
	// seat is the game as the machine keeps it; next is the same once
	// the side has written what it writes without a decision
	// (pbem.Seat.Preview): the table shown and the orders asked for.
	seat, next *pbem.Seat
	side       rules.SideID
	keys       KeyMap
	orderKeys  KeyMap

	mapv   *MapScene
	log    *logPanel
	events []rules.Event // the side's own log
	ui     *ebitenui.UI
	frame  *ordersFrame
	desk   *orderDesk
	orders orderBuilder

	stage pbemStage
	// cmd answers the decision the side faces; plotted are its orders
	// for the stretch, once given.
	cmd     *rules.Command
	plotted *plot.Orders
	// limbo are the side's allocations for its units out of phase, once
	// its allocation panel gave them (pbemlimbo.go).
	limbo *pbem.LimboOrders
	// need is the decision asked for now.
	need rules.CommandKind
	// wrote is the turn file written for the other sides.
	wrote   string
	problem *widget.Text
	// report is what verify found of a finished game.
	report *widget.Text
	// write writes the side's turn file when no panel asks anything
	// (the first round, or what the last file made due): its button and
	// the commit key.
	write func()
	// recap is the replay of the stretches since the side last looked,
	// while it is shown; frames are its frames, once made (openRecap).
	recap  *recapView
	frames []recapFrame
	// note is the side's note to the other sides, which its next turn
	// file carries (pbem.Seat.SendNote); while it has the keyboard no
	// key of the table's key maps fires.
	note *widget.TextInput
	// watch looks at the folders where turn files arrive while the game
	// waits for another side, heads keeps what each file there says of
	// itself (pbemwatch.go), and arrived is the file of the game found
	// there that holds more than the machine accepted, if any.
	watch   pbemWatch
	heads   pbemHeads
	arrived *pbemArrival
	pbemStirs
	// claim is the claim the side may write against a side that does
	// not answer (pbemclaim.go); now is the clock it is written at
	// (tests give a fixed one).
	claim pbemClaim
	now   func() time.Time
	// proofs lists the proofs of equivocation the machine keeps for the
	// game (pbem.Home.Equivocations), shown when there are any.
	proofs *widget.Text
}

// pbemArrival is a turn file of the game that arrived while the table
// waited: where it is, and the side that wrote it last.
type pbemArrival struct {
	file pbemStat
	from rules.SideID
}

// pbemStage is what the table asks of the side.
type pbemStage int

const (
	// pbemFirst: the first round only rolls the start; nothing to decide.
	pbemFirst pbemStage = iota
	// pbemDecide: a decision panel (allocation, declarations, or a
	// decision the plotted orders leave to the person).
	pbemDecide
	// pbemPlot: the plot panel, the side's orders for the stretch.
	pbemPlot
	// pbemDue: nothing to decide, but the side's machine has to write
	// what the last file made due (a reveal, a result, its dice key).
	pbemDue
	// pbemSent: the turn file is written: send it, and wait.
	pbemSent
	// pbemWaiting: nothing is due from the side.
	pbemWaiting
)

// newPbemScene builds seat's table. wrote is the turn file just written
// for the other sides, if any.
func newPbemScene(env *Env, home pbem.Home, seat *pbem.Seat, wrote string) (*PbemScene, error) {
	next, err := seat.Preview()
	if err != nil {
		return nil, err
	}
	w, h := env.Size()
	p := &PbemScene{env: env, home: home, seat: seat, next: next, side: seat.Side, wrote: wrote, now: time.Now,
		keys: env.Keys()[pbemKeys.Scene], orderKeys: env.Keys()[orderKeys.Scene]}
	p.watch = pbemWatch{dirs: pbemFolders(env, home)}
	st := next.Game.State
	p.mapv = newTableMap(env, st, p.side, w, h)
	p.mapv.HoverCard = p.layoutCard
	// The side sees its own units out of phase, which the peer state
	// keeps out of every view, as at a hot-seat table.
	p.mapv.viewOf = next.View
	p.mapv.Refresh()
	p.mapv.ExtraHelp = append(p.orderKeys.Help(), p.keys.Help()...)
	p.log = newLogPanel(env)
	p.events = rules.Events(next.Game.Events, p.side)
	p.frame = newOrdersFrame()
	p.problem = env.wrapped("", 13, render.UIDanger, ordersWidth-28)
	p.proofs = env.wrapped(proofsText(home, seat.Game.ID, seat.Game.Scenario), 13, render.UIDanger, ordersWidth-28)
	p.newClaim()
	p.note = widget.NewTextInput(widget.TextInputOpts.Placeholder("a note to "+p.others()+" (optional)"),
		widget.TextInputOpts.WidgetOpts(widget.WidgetOpts.MinSize(ordersWidth-28, 0)),
		widget.TextInputOpts.Validation(func(text string) (bool, *string) { return utf8.RuneCountInString(text) <= pbem.MaxNoteLen, nil }),
		// Enter leaves the note; the commit key then writes the file.
		widget.TextInputOpts.SubmitHandler(func(*widget.TextInputChangedEventArgs) { p.note.Focus(false) }))
	root := env.root()
	root.AddChild(p.frame.root)
	p.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
	p.desk = &orderDesk{Desk: match.NewDesk(st, p.side), env: env, view: p.mapv.View, limbo: newLimboDesk(next)}
	p.resizeReserved(w, h)
	p.begin()
	return p, nil
}

// openPbem shows seat's table, or the play-by-file screen with the
// reason it cannot be shown.
func openPbem(env *Env, home pbem.Home, seat *pbem.Seat, wrote string) Scene {
	p, err := newPbemScene(env, home, seat, wrote)
	if err != nil {
		return newPbemFilesScene(env, fmt.Sprintf("The table of game %s cannot be shown: %v", seat.Game.ID, err))
	}
	return p
}

// begin chooses what the table asks of the side, from the game as the
// machine keeps it.
func (p *PbemScene) begin() {
	next := p.next
	switch {
	case p.wrote != "":
		p.stage = pbemSent
	case next.MustCommit():
		kind, _ := next.Needs(nil)
		switch {
		case kind == "" && len(next.Game.Results) == 0:
			p.stage = pbemFirst
		case kind == rules.CmdAllocate || kind == rules.CmdDeclare:
			p.decide(kind)
			return
		default:
			p.stage = pbemPlot
		}
	case next.Game.Len() > p.seat.Game.Len():
		p.stage = pbemDue
	default:
		p.stage = pbemWaiting
	}
	p.build()
}

// decide asks for the side's decision of kind with its hot-seat panel.
func (p *PbemScene) decide(kind rules.CommandKind) {
	p.stage, p.need = pbemDecide, kind
	p.build()
}

// build fills the orders frame for the stage: the header that says
// where the game stands, then the stage's panel.
func (p *PbemScene) build() {
	f := p.frame
	f.reset()
	p.orders, p.write = nil, nil
	p.desk.place(f.body, f.footer, f.root.RequestRelayout)
	f.header.AddChild(p.env.label(sideName(p.next.Game.Scenario, p.side), render.Bold, 13, p.mapv.renderer.SideColour(p.mapv.Frame(), p.side)))
	for _, line := range p.standing() {
		f.header.AddChild(p.env.wrapped(line, 13, render.UITextDim, ordersWidth-28))
	}
	if p.writes() {
		// Above the button that writes the file, the panel's own or
		// the table's.
		f.footer.AddChild(p.note)
	}
	if p.proofs.Label != "" {
		// First, above any panel: what the side most needs to know of
		// the other side.
		f.body.AddChild(p.proofs)
	}
	switch p.stage {
	case pbemDecide:
		p.orders = newOrderBuilder(p.desk, p.need)
		p.orders.build(p.desk, f.body)
	case pbemPlot:
		p.orders = newPlotBuilder(p.desk, p.next.Previous(), p.why())
		p.orders.build(p.desk, f.body)
	case pbemFirst:
		f.body.AddChild(p.env.wrapped("The first round rolls the start of the game, up to the first energy allocation: no side decides anything before it. Its dice come from every side's sealed nonce, so nobody can foresee them.", 15, render.UIText, ordersWidth-28))
		p.write = func() { p.send(&pbem.Orders{Plot: p.next.Propose()}) }
	case pbemDue:
		f.body.AddChild(p.env.wrapped(p.dueText(), 15, render.UIText, ordersWidth-28))
		p.write = func() { p.send(nil) }
	case pbemSent:
		f.body.AddChild(p.env.wrapped("Your turn file is written:", 15, render.UIText, ordersWidth-28))
		f.body.AddChild(p.env.wrapped(pathLines(p.wrote, 40), 13, render.UIAccent, ordersWidth-28))
		if p.announces() {
			f.body.AddChild(p.env.wrapped("It carries your machine's announcement of where your units out of phase phase in, or of what came of your pending cosmic rift, which "+p.othersMachines()+" to play on; where they are while out of phase, and your rift's delay and place, stay yours.", 13, render.UITextDim, ordersWidth-28))
		}
		f.body.AddChild(p.env.wrapped("Send it to "+p.others()+" (mail, chat, a shared folder). "+p.waitText(), 15, render.UIText, ordersWidth-28))
	case pbemWaiting:
		f.body.AddChild(p.env.wrapped(p.waitText(), 15, render.UIText, ordersWidth-28))
		if p.next.Game.Finished() {
			p.report = p.env.wrapped("", 13, render.UIText, ordersWidth-28)
			shown(p.report, false)
			f.body.AddChild(button("Check the whole game", p.verify, stretch()), p.report)
		}
	}
	if p.waits() {
		// Whom the game waits for and since which message, and the
		// claim against a side that never answers.
		f.body.AddChild(p.claim.stall, p.claim.ask, p.claim.box)
		p.showClaim()
	}
	if a := p.arrived; a != nil && p.waits() {
		f.body.AddChild(p.env.wrapped(fmt.Sprintf("A turn file from %s has arrived: %s", sideName(p.next.Game.Scenario, a.from), filepath.Base(a.file.path)), 15, render.UIAccent, ordersWidth-28))
		f.body.AddChild(button(p.keys.label("Open it", intentOpenArrival), p.openArrival, stretch()))
	}
	if k := p.keysText(); k != "" && p.stage != pbemDecide && p.stage != pbemPlot {
		f.body.AddChild(p.env.wrapped(k, 13, render.UITextDim, ordersWidth-28))
	}
	f.footer.AddChild(p.problem)
	if p.write != nil {
		f.footer.AddChild(button(p.orderKeys.label("Write my turn file", intentCommit), p.write, stretch()))
	}
	if len(p.next.Game.Results) > 0 {
		f.footer.AddChild(button(p.keys.label("Replay the last stretch", intentRecap), p.openRecap, stretch()))
	}
	if p.stage == pbemSent || p.stage == pbemWaiting {
		f.footer.AddChild(button("Open the next file", func() { p.env.Show(NewPbemFilesScene(p.env)) }, stretch()))
	}
	f.fit(p.mapv.cam.Height)
}

// writes reports whether the stage ends in the side's turn file being
// written: the stages where it may type a note for it.
func (p *PbemScene) writes() bool {
	switch p.stage {
	case pbemFirst, pbemDecide, pbemPlot, pbemDue:
		return true
	}
	return false
}

// waits reports whether nothing is asked of the side: the stages where
// the table looks for the other side's file as it arrives.
func (p *PbemScene) waits() bool { return p.stage == pbemSent || p.stage == pbemWaiting }

// look takes what a look at the folders found: the turn file of the game
// holding the most messages, if it holds more than the machine accepted
// (an older file of the game, one of another game or one that is no turn
// file is passed over). The frame is built again only when the file
// found changes.
func (p *PbemScene) look(files []pbemStat) {
	var found *pbemArrival
	most := p.seat.Game.Len()
	for i, h := range p.heads.of(files) {
		if h.game == p.seat.Game.ID && h.messages > most {
			found, most = &pbemArrival{file: files[i], from: h.last}, h.messages
		}
	}
	if (found == nil) == (p.arrived == nil) && (found == nil || *found == *p.arrived) {
		return
	}
	p.arrived = found
	p.build()
	p.stir()
}

// openArrival opens the turn file that arrived as the files screen opens
// one of a game kept here; a refusal is said on the table.
func (p *PbemScene) openArrival() {
	if p.arrived == nil {
		return
	}
	path := p.arrived.file.path
	data, err := pbem.ReadTurnFile(path)
	if err != nil {
		p.problem.Label = err.Error()
		return
	}
	p.problem.Label = acceptTurn(p.env, p.home, path, data, "")
}

// standing is where the game stands, for the header: the clock and
// round, and where and why the last stretch stopped.
func (p *PbemScene) standing() []string {
	g := p.next.Game
	v := p.mapv.View()
	lines := []string{fmt.Sprintf("Played by file · game %s · round %d · %s", g.ID, g.Round, clockText(v.Clock))}
	if g.Genesis.NoCosmicRifts {
		lines[0] += " · cosmic rifts off"
	}
	// A game settled by a claim says so first, then how it stood: by
	// the rules' outcome, where they had ended it before the claim (a
	// dice key withheld), else each side's points when it was claimed.
	claim := g.ClaimText()
	if claim != "" {
		lines = append(lines, "The game is over, "+claim+".")
	}
	stopped := false
	if n := len(g.Results); n > 0 {
		r := g.Results[n-1]
		switch {
		case r.Stopped != "":
			stopped = true
			lines = append(lines, "The game stopped: "+r.Stopped)
			if v.Outcome == nil {
				lines = append(lines, p.stoppedText(g.State.Outcome()))
			}
		case r.Break != "" && claim == "":
			lines = append(lines, p.breakText(r.Break))
		}
	}
	switch {
	case v.Outcome != nil && claim != "":
		lines = append(lines, "Before the claim, the rules had ended it: "+strings.TrimPrefix(p.outcomeText(*v.Outcome), "The game is over: "))
	case v.Outcome != nil:
		lines = append(lines, p.outcomeText(*v.Outcome))
	case claim != "" && !stopped:
		lines = append(lines, p.claimedText(g.State.Outcome()))
	}
	if n := p.newLines(); n > 0 {
		line := fmt.Sprintf("%d new lines in the log since you last looked.", n)
		if k, ok := p.keys.Key(intentRecap); ok {
			line += fmt.Sprintf(" %s replays them on the map, impulse by impulse.", keyName(k))
		}
		lines = append(lines, line)
	}
	if lost := p.losses(); len(lost) > 0 {
		lines = append(lines, "Since you last looked: "+strings.Join(lost, "; ")+".")
	}
	for _, n := range p.next.NewNotes() {
		lines = append(lines, "Note from "+g.NoteLine(n, ""))
	}
	if out := p.next.OutOfPhase(); len(out) > 0 {
		var us []string
		for _, u := range out {
			us = append(us, fmt.Sprintf("%s at %s facing %s speed %d", u.Name, u.Hex, u.Facing, u.Speed))
		}
		lines = append(lines, "Out of phase (only you see them; you allocate their energy with your fleet's, to this machine alone, until they phase in): "+strings.Join(us, "; ")+".")
	}
	if p.next.MinesUnlaid() {
		lines = append(lines, "Your mines are hidden and yet to be laid: your dice lay each within 2 hexes of its scenario hex as the first round is played, and only you will see where.")
	}
	if mines := p.next.Mines(); len(mines) > 0 {
		var us []string
		for _, u := range mines {
			us = append(us, fmt.Sprintf("%s at %s", u.Name, u.Hex))
		}
		lines = append(lines, "Your hidden mines (only you see them; your dice laid each within 2 hexes of its scenario hex): "+strings.Join(us, "; ")+".")
	}
	return lines
}

// announces reports whether the turn file the side just wrote carries
// an announcement of its machine (the phase-ins of its units out of
// phase, which the other machines need): one among the side's own
// messages at the end of the log.
func (p *PbemScene) announces() bool {
	msgs := p.seat.Game.File().Messages
	for i := len(msgs) - 1; i >= 0 && rules.SideID(msgs[i].Head().Side) == p.side; i-- {
		if msgs[i].Head().Kind == wire.KindAnnounce {
			return true
		}
	}
	return false
}

// outcomeText says how the game ended, with the sides' names.
func (p *PbemScene) outcomeText(o rules.Outcome) string {
	sc := p.next.Game.Scenario
	head := "a draw"
	if o.Winner != "" {
		head = sideName(sc, o.Winner) + " wins"
	}
	var pts []string
	for _, r := range o.Sides {
		pts = append(pts, fmt.Sprintf("%s %d points", sideName(sc, r.Side), r.Points))
	}
	return fmt.Sprintf("The game is over: %s (%s).", head, strings.Join(pts, ", "))
}

// stoppedText says how a game that stopped stood when it did: each
// side's points so far, the side ahead, if any. What a stopped game
// scores is for the players to agree (docs/PBEM.md).
func (p *PbemScene) stoppedText(o rules.Outcome) string {
	sc := p.next.Game.Scenario
	var pts []string
	for _, r := range o.Sides {
		if r.Destination == "" {
			pts = append(pts, fmt.Sprintf("%s %d points", sideName(sc, r.Side), r.Points))
		}
	}
	ahead := "nobody ahead"
	if o.Winner != "" {
		ahead = sideName(sc, o.Winner) + " ahead"
	}
	return fmt.Sprintf("As it stood when it stopped: %s (%s). What a stopped game scores is yours to agree.", strings.Join(pts, ", "), ahead)
}

// verify checks the machine's copy of the finished game end to end
// (pbem verify) and shows what it found.
func (p *PbemScene) verify() {
	rep, err := pbem.Verify(p.seat.TurnFileName(), p.seat.Game.File().Encode())
	if err == nil {
		p.report.Label = rep
		shown(p.report, true)
		return
	}
	p.problem.Label = err.Error()
}

// keysText lists the sides' key fingerprints, to compare with the other
// players by another channel once: that closes the one gap of the
// scheme, someone between the machines swapping a join (docs/PBEM.md).
func (p *PbemScene) keysText() string {
	g := p.next.Game
	var keys []string
	for _, sd := range g.Sides() {
		if k := g.Keys[sd]; k != nil {
			keys = append(keys, sideName(g.Scenario, sd)+" "+pbem.Fingerprint(k))
		}
	}
	if len(keys) == 0 {
		return ""
	}
	players := "the other player"
	if len(g.Sides()) > 2 {
		players = "the other players"
	}
	return "Keys: " + strings.Join(keys, ", ") + ". Compare them once with " + players + " by another channel (a call, a message)."
}

// breakText says where the last stretch stopped, from its result's
// break ("SIDE: why"): a side's own decision (an allocation, the
// declarations), or a break condition of its orders.
func (p *PbemScene) breakText(br string) string {
	g := p.next.Game
	name, why := "", br
	if id, rest, ok := strings.Cut(br, ": "); ok && slices.Contains(g.Sides(), rules.SideID(id)) {
		name, why = sideName(g.Scenario, rules.SideID(id)), rest
	}
	if name == "" {
		return "The last stretch stopped: " + viewNamedText(p.mapv.View(), br)
	}
	if p.ownStep() {
		return fmt.Sprintf("The last stretch stopped for a decision of %s: %s.", name, strings.ToLower(stepTitle(g.State.Clock.Step)))
	}
	return fmt.Sprintf("The last stretch stopped on a break of %s: %s.", name, viewNamedText(p.mapv.View(), why))
}

// ownStep reports whether the game stands at a step every side decides
// itself, which no plot answers (the energy allocation, the movement
// declarations): a stretch stopped there for the decision, not for a
// break condition.
func (p *PbemScene) ownStep() bool {
	switch p.next.Game.State.Expecting() {
	case rules.CmdAllocate, rules.CmdDeclare:
		return true
	}
	return false
}

// pathLines breaks a file's path into lines of at most n characters at
// its separators, so that a long path wraps in the panel.
func pathLines(path string, n int) string {
	var lines []string
	cur := ""
	for i, part := range strings.SplitAfter(path, string(filepath.Separator)) {
		if i > 0 && len(cur)+len(part) > n {
			lines = append(lines, cur)
			cur = ""
		}
		cur += part
	}
	return strings.Join(append(lines, cur), "\n")
}

// newLines counts the log lines of the stretches the side had not seen
// before the file it opened.
func (p *PbemScene) newLines() int { return len(p.next.NewEvents()) }

// losses are the units the side saw destroyed in the stretches it had
// not seen before this file (seekers left out), as its log tells them:
// what a stretch of many impulses decided, which its log holds among
// hundreds of lines.
func (p *PbemScene) losses() []string {
	var out []string
	for _, e := range p.next.NewEvents() {
		if e.Kind != rules.EventDestroyed {
			continue
		}
		if u := p.next.Game.State.Unit(e.Unit); u != nil && u.Kind.Seeking() {
			continue
		}
		out = append(out, viewNamedText(p.mapv.View(), e.Text))
	}
	return out
}

// why is the reason the side is asked to plot again: a break of its
// own orders (another side's is in the header; the side's orders go on
// as they were unless it changes them).
func (p *PbemScene) why() string {
	g := p.next.Game
	if n := len(g.Results); n > 0 {
		if rest, ok := strings.CutPrefix(g.Results[n-1].Break, string(p.side)+": "); ok && !p.ownStep() {
			return viewNamedText(p.mapv.View(), rest)
		}
	}
	return ""
}

// dueText says what the side's machine writes without a decision.
func (p *PbemScene) dueText() string {
	g := p.next.Game
	switch {
	case g.Over():
		return "The game is over. Your turn file opens your private dice key, so that every side can check every roll of the game."
	case len(p.seat.Game.Results) < len(g.Results):
		return "Every side has opened its orders: the stretch is played. Your turn file opens your orders and gives the stretch's result, which the others check."
	}
	return "Your turn file answers the last one: your machine joins the game or opens its sealed orders."
}

// waitText says whom the game waits for.
func (p *PbemScene) waitText() string {
	g := p.next.Game
	if g.Finished() {
		return "The game is over and every side's dice key is in: it can be checked end to end, every commitment, roll and result (as hexrift pbem verify does)."
	}
	side, what, ok := g.Waiting()
	if !ok || side == p.side {
		return "Waiting for " + p.othersFile() + "."
	}
	words := map[string]string{"join": "joins the game", "commit": "sends its sealed orders", "reveal": "opens its orders", "key": "sends its dice key"}
	w := words[what]
	if w == "" {
		w = "sends its file"
	}
	return fmt.Sprintf("Waiting for %s: %s %s.", p.othersFile(), sideName(g.Scenario, side), w)
}

// others names the sides the side plays against by file: "the other
// side", or "the other sides" round a table of three or more.
func (p *PbemScene) others() string {
	if len(p.seat.Game.Sides()) > 2 {
		return "the other sides"
	}
	return "the other side"
}

// othersMachines says whose machines need the side's announcement: "the
// other side's machine needs", or "the other sides' machines need".
func (p *PbemScene) othersMachines() string {
	if len(p.seat.Game.Sides()) > 2 {
		return "the other sides' machines need"
	}
	return "the other side's machine needs"
}

// othersFile names the file the side waits for: the other side's, or
// round a table of three or more, the next one round the table.
func (p *PbemScene) othersFile() string {
	if len(p.seat.Game.Sides()) > 2 {
		return "the next file round the table"
	}
	return "the other side's file"
}

// take does what the orders panel left on its desk.
func (p *PbemScene) take() {
	d := p.desk
	if d.showMap != "" {
		p.mapv.SetMap(d.showMap)
		d.showMap = ""
	}
	if d.plotted != nil {
		o := *d.plotted
		d.plotted = nil
		p.onPlot(o)
		return
	}
	if d.cmd != nil {
		cmd := *d.cmd
		d.cmd = nil
		p.onCommand(cmd)
	}
}

// onCommand takes the side's decision: a declaration opens the plot in
// the same sitting, as at a hot-seat table; an allocation is all the
// round asks (the declarations stop the next stretch); a decision the
// plot left is sent with it.
func (p *PbemScene) onCommand(cmd rules.Command) {
	if err := p.desk.Check(cmd); err != nil {
		p.problem.Label = namedText(p.desk, refusalText(err))
		return
	}
	if cmd.Kind == rules.CmdAllocate && p.desk.limbo != nil {
		if b, ok := p.orders.(*allocBuilder); ok {
			la := b.limboAllocs()
			if err := p.desk.limbo.check(la); err != nil {
				p.problem.Label = namedText(p.desk, refusalText(err))
				return
			}
			p.limbo = &pbem.LimboOrders{Allocations: la}
		}
	}
	p.cmd = &cmd
	switch {
	case p.plotted != nil:
		p.send(&pbem.Orders{Command: p.cmd, Plot: p.plotted})
	case cmd.Kind == rules.CmdDeclare:
		p.stage = pbemPlot
		p.build()
	default:
		p.send(&pbem.Orders{Command: p.cmd, Plot: p.next.Propose()})
	}
}

// onPlot takes the side's orders for the stretch; a decision they do
// not answer is asked for next.
func (p *PbemScene) onPlot(o plot.Orders) {
	p.plotted = &o
	if p.cmd == nil {
		if kind, _ := p.next.Needs(&o); kind != "" {
			p.decide(kind)
			return
		}
	}
	p.send(&pbem.Orders{Command: p.cmd, Plot: p.plotted})
}

// send commits the side's orders (nil: none are due) in its next turn
// file, writes the file and shows the table with where it is.
//
// The side's units out of phase get the allocations its panel gave, or
// those its machine would make (the last it gave, else the defaults).
func (p *PbemScene) send(o *pbem.Orders) {
	if o != nil && o.Limbo == nil {
		o.Limbo = p.limbo
		if o.Limbo == nil {
			o.Limbo = p.next.ProposeLimbo()
		}
	}
	_, err := p.seat.SendNote(o, strings.TrimSpace(p.note.GetText()))
	if err != nil && !errors.Is(err, pbem.ErrNothingNew) {
		p.problem.Label = err.Error()
		// Send may have written to the seat in memory before it
		// refused: the table goes on from the machine's own copy.
		// The side is asked again from the start of the round.
		if seat, lerr := pbem.LoadSeat(p.home, p.seat.Game.ID); lerr == nil {
			p.seat = seat
		}
		p.cmd, p.plotted, p.limbo = nil, nil, nil
		p.begin()
		return
	}
	path, err := writePbemTurn(p.home, p.seat)
	if err != nil {
		p.problem.Label = err.Error()
		return
	}
	p.env.Show(openPbem(p.env, p.home, p.seat, path))
}

// openRecap shows the replay, impulse by impulse, of the stretches
// played since the side last looked (of the last one, when it has seen
// them all): its own view and its share of the log only
// (pbem.Seat.Recap), on the table's map and camera.
func (p *PbemScene) openRecap() {
	if p.frames == nil {
		frames, err := p.next.Recap()
		if err != nil {
			p.problem.Label = err.Error()
			return
		}
		for _, f := range frames {
			// As the hot-seat recap (recapFrames), a step that adds no
			// line to the log is left out, unless no step has any.
			if len(logLines(f.Events, nil)) > 0 {
				p.frames = append(p.frames, recapFrame{clock: f.Clock, view: f.View, events: f.Events, seen: f.Seen})
			}
		}
		if len(p.frames) == 0 && len(frames) > 0 {
			f := frames[len(frames)-1]
			p.frames = []recapFrame{{clock: f.Clock, view: f.View, events: f.Events, seen: f.Seen}}
		}
	}
	title := "Since you last looked"
	if p.next.Seen >= len(p.next.Game.Results) {
		title = "The last stretch"
	}
	p.recap = newRecapOf(p.env, p.mapv, p.side, title, p.frames)
}

func (p *PbemScene) overPanels(in *Input) bool {
	return p.frame.contains(in.CursorX, in.CursorY) || p.log.contains(float64(in.CursorX), float64(in.CursorY), p.mapv.cam.Height)
}

// Update runs one tick of the table.
func (p *PbemScene) Update(in *Input) error {
	if p.mapv.help { // the F1 help covers the screen until it is closed
		return p.mapv.Update(in)
	}
	if p.recap != nil {
		if !p.recap.update(in) {
			p.recap = nil
		}
		return nil
	}
	// While the note has the keyboard, the keys type into it: none of
	// the table's keys fires (its back key leaves the note, not the
	// table).
	if p.note.IsFocused() {
		if p.keys.Fired(in, intentBack) {
			p.note.Focus(false)
			return nil
		}
		keyless := *in
		keyless.Held, keyless.Pressed, keyless.Typed = nil, nil, nil
		in = &keyless
	}
	if p.claimUpdate(in) {
		return nil
	}
	if p.keys.Fired(in, intentBack) {
		p.env.Show(NewPbemFilesScene(p.env))
		return nil
	}
	if p.keys.Fired(in, intentRecap) {
		p.openRecap()
		return nil
	}
	if p.waits() {
		if files, changed := p.watch.tick(); changed {
			p.look(files)
		}
		if p.arrived != nil && p.keys.Fired(in, intentOpenArrival) {
			p.openArrival()
			return nil
		}
	}
	p.frame.fit(p.mapv.cam.Height)
	p.ui.Update()
	p.take()
	over := p.overPanels(in)
	mapIn := *in
	if over {
		mapIn.Wheel = 0
		mapIn.CursorIn = false
	}
	if err := p.mapv.Update(&mapIn); err != nil {
		return err
	}
	p.log.update(in, p.mapv.cam.Height)
	if p.write != nil && p.orderKeys.Fired(in, intentCommit) {
		p.write()
		return nil
	}
	if p.orders != nil {
		if h, ok := p.mapv.Hover(); ok && in.Clicked && !over {
			p.orders.click(p.desk, h)
			p.take()
		}
		if p.orders != nil {
			p.orders.keys(p.desk, p.orderKeys.Read(in))
			p.take()
		}
	}
	p.resizeReserved(p.mapv.cam.Width, p.mapv.cam.Height)
	return nil
}

// Draw draws the table: the side's own view only.
func (p *PbemScene) Draw(screen *ebiten.Image) {
	if p.recap != nil {
		p.recap.draw(screen)
		return
	}
	f := p.mapv.Frame()
	if p.orders != nil {
		p.orders.overlay(p.desk, f)
	}
	p.card = nil
	p.mapv.DrawFrame(screen, f)
	if p.mapv.help {
		return
	}
	p.log.draw(screen, p.events, p.side, p.mapv.cam.Width, p.mapv.cam.Height)
	p.ui.Draw(screen)
	if p.card != nil { // over the panel, where cardFor puts it there
		p.card.draw(screen, p.env.Fonts)
	}
}

// layoutCard lays out, for the map's frame, the ship card of the unit
// under the pointer (nil for none), which Draw draws over the panels.
func (p *PbemScene) layoutCard() *cardLayout {
	p.card = nil
	if u, ok := p.hoveredUnit(); ok {
		if l, ok := p.mapv.cardFor(u, "", p.mapv.renderer.SideColour(p.mapv.Frame(), u.Side)); ok {
			p.card = l
		}
	}
	return p.card
}

// hoveredUnit returns the first unit the side sees under the pointer.
func (p *PbemScene) hoveredUnit() (rules.UnitView, bool) {
	return hoveredUnitIn(p.mapv, p.mapv.View())
}

// Resize follows the window.
func (p *PbemScene) Resize(w, h int) {
	p.mapv.Resize(w, h)
	p.resizeReserved(w, h)
	p.frame.fit(h)
}

// resizeReserved keeps the map's readouts clear of the orders frame and
// the log.
func (p *PbemScene) resizeReserved(w, h int) { reservePanels(p.mapv, p.frame, p.log, w, h) }

// pbemStageNames name the stages for test failures.
var pbemStageNames = []string{"first", "decide", "plot", "due", "sent", "waiting"}

func (s pbemStage) String() string {
	if int(s) < len(pbemStageNames) {
		return pbemStageNames[s]
	}
	return fmt.Sprintf("stage %d", int(s))
}
