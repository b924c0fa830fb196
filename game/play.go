package game

import (
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// playMouseHelp is the F1 help of the mouse in a game.
var playMouseHelp = [][2]string{
	{"Left click", "select your ship; aim at an enemy; step to a hex ahead"},
	{"Pointer on a unit", "its systems display (your ships in full)"},
}

// PlayScene is a game in progress: the map as the seat at the machine
// sees it, the orders panel for what that seat must do now, the log, and
// the curtain between hot-seat players.
type PlayScene struct {
	env  *Env
	sess *match.Session
	ctrl map[rules.SideID]match.Controller
	// keys and orderKeys are the scene's and the order panels' key maps.
	keys, orderKeys KeyMap
	// ended is set once the game is over: the next Update shows the end.
	ended bool

	mapv *MapScene
	// card is the ship card under the pointer, laid out by the map's
	// frame (layoutCard) and drawn over the panels.
	card *cardLayout
	// viewer is the seat whose private view is on screen; "" while the
	// curtain is up or before anyone has taken the machine.
	viewer rules.SideID
	// curtainFor is the side the curtain waits for; "" when it is down.
	curtainFor rules.SideID
	curtain    *curtainView
	// curtainFirst puts the first screen behind the curtain: a game
	// taken over from a save of several people (NewTakeOverScene).
	curtainFirst bool
	// inSight is set while the viewer's screen went up without the
	// curtain that several people at the machine would have had (it was
	// skipped: nothing secret): everyone at the table sees it, so it
	// shows no more of the viewer's own units than the public view.
	inSight bool
	// looked counts, per side, the log lines there were when its screen
	// was last taken down after a curtain: the private lines it has seen.
	looked map[rules.SideID]int

	ui        *ebitenui.UI
	frame     *ordersFrame      // the orders panel's place (orders_frame.go)
	ordersBox *widget.Container // the orders panel's body, frame.body
	orders    orderBuilder
	desk      *orderDesk // the orders panel's desk, for the viewer
	ordersKey string
	log       *logPanel
	pause     *pauseMenu
	recap     *recapView
	notice    string
	noticeAt  int
	// now is the clock autosaves are stamped with; tests fix it.
	now func() time.Time
	// table is the plotted hot-seat flow; nil when every decision is
	// a person's (play_plot.go).
	table *plotTable
	// seatCams is where each seat last looked; openingCam the camera a
	// seat that never looked opens with (playcam.go).
	seatCams   map[rules.SideID]seatCamera
	openingCam seatCamera
	// lookHome asks for the camera to go to the viewer's home; followed
	// is the unit the camera last followed, followedAlso the units it
	// kept in view with it (focusAlso).
	lookHome     bool
	followed     rules.UnitID
	followedAlso [2]rules.UnitID
	// fx plays each seat's combat on the map; handover is the side the
	// curtain waits to rise for while the seat at the machine watches
	// what its command resolved, and passOn asks for it to rise
	// (effects.go).
	fx       map[rules.SideID]*fxPlayer
	handover rules.SideID
	passOn   bool
	// resultsSeq is the last event of the results being watched.
	resultsSeq int
	// reach is where the ship being moved can get this impulse.
	reach reachFor
	// solo is the per-ship flow's computer thinking off the frame loop
	// (think.go).
	solo thinkPerShip
}

// NewPlayScene shows sess, with computer controllers for its computer
// seats.
func NewPlayScene(env *Env, sess *match.Session) *PlayScene { return newPlayScene(env, sess, false) }

// NewTakeOverScene shows sess, a game taken over from the save from
// (match.BranchSession), as NewPlayScene does. When two or more people
// played the save's game, others of it may be at the table: the new
// side's first screen waits behind the curtain.
func NewTakeOverScene(env *Env, sess *match.Session, from *match.SaveFile) *PlayScene {
	return newPlayScene(env, sess, match.PeopleAt(from.Seats) >= 2)
}

// newPlayScene is NewPlayScene, the first screen behind the curtain
// when curtainFirst is set.
func newPlayScene(env *Env, sess *match.Session, curtainFirst bool) *PlayScene {
	w, h := env.Size()
	p := &PlayScene{env: env, sess: sess, ctrl: map[rules.SideID]match.Controller{}, now: time.Now,
		keys: env.Keys()[playKeys.Scene], orderKeys: env.Keys()[orderKeys.Scene], curtainFirst: curtainFirst}
	p.seatComputers()
	p.mapv = newTableMap(env, sess.State, "", w, h)
	p.mapv.HoverCard = p.layoutCard
	p.openingCam = p.mapv.saveCamera()
	p.mapv.Home = p.homeHex
	p.mapv.ExtraHelp = append(append(p.orderKeys.Help(), p.keys.Help()...), playMouseHelp...)
	p.log = newLogPanel(env)
	p.frame = newOrdersFrame()
	p.ordersBox = p.frame.body
	root := env.root()
	root.AddChild(p.frame.root)
	// Tab is the game's (the next ship), not ebitenui's focus key, which
	// lit up a button of the panel at every Tab.
	p.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme(), DisableDefaultFocus: true}
	p.resizeReserved(w, h)
	p.table = newPlotTable(env, sess)
	p.mapv.ExtraHelp = append(p.mapv.ExtraHelp, p.table.help()...)
	p.sync()
	return p
}

// Session returns the game shown.
func (p *PlayScene) Session() *match.Session { return p.sess }

// Viewer returns whose private view is on screen, "" for none.
func (p *PlayScene) Viewer() rules.SideID { return p.viewer }

// CurtainUp reports whether the curtain hides the screen, and for whom.
func (p *PlayScene) CurtainUp() (rules.SideID, bool) { return p.curtainFor, p.curtainFor != "" }

// seatComputers makes a controller for every computer seat that has
// none yet: the seats of the game's start, and those of defenders a
// cosmic rift brings into play.
func (p *PlayScene) seatComputers() {
	for _, seat := range p.sess.Seats {
		if _, ok := p.ctrl[seat.Side]; !ok && seat.Kind == match.SeatComputer {
			p.ctrl[seat.Side] = match.Bind(p.table.computer(match.NewController(seat, p.sess.Seed), seat.Side), p.sess)
		}
	}
}

// humanToAct returns the first pending side that a person plays.
func (p *PlayScene) humanToAct() (rules.SideID, bool) {
	for _, sd := range p.sess.State.Pending() {
		if seat, ok := p.sess.SeatOf(sd); ok && seat.Kind == match.SeatHuman {
			return sd, true
		}
	}
	return "", false
}

// sync brings the screen in line with the game: computer seats act, the
// curtain rises when the machine must pass to another person, the orders
// panel follows the step. It runs in Update, so the curtain is up before
// anything of the next player's view could be drawn.
func (p *PlayScene) sync() {
	if p.table != nil {
		p.syncPlotted()
		return
	}
	for guard := 0; guard < 10000 && !p.sess.Over(); guard++ {
		if p.solo.pending != nil {
			if p.solo.inFrame {
				p.setViewer(p.viewer) // the public moves so far
				p.refreshOrders()
				return // Update plays the command when it comes
			}
			if !p.pollSolo(true) {
				return
			}
			continue
		}
		p.seatComputers()
		pending := p.sess.State.Pending()
		acted := false
		for _, sd := range pending {
			c, ok := p.ctrl[sd]
			if !ok {
				continue
			}
			legal := p.sess.State.Legal(sd)
			if len(legal) == 0 {
				continue
			}
			if p.solo.inFrame && p.sess.Humans() > 0 && thinksOffLoop(c) {
				p.solo.pending = startThought(p.sess, c, sd)
				acted = true
				break
			}
			if _, err := p.sess.Submit(c.Decide(p.sess.State.View(sd), legal)); err != nil {
				p.say("Computer player error: " + err.Error())
				return
			}
			p.autosave()
			acted = true
			break
		}
		if !acted {
			break
		}
	}
	if p.sess.Over() {
		p.setViewer("")
		// The end scene comes with the next tick (Update): sync also runs
		// while the scene is being built, before it is on screen.
		p.ended = true
		return
	}
	p.mapv.Refresh()
	p.showTo(p.humanToAct())
}

// showTo puts side's screen up, behind the curtain if the machine must
// pass to another person, or the public view when ok is false.
func (p *PlayScene) showTo(next rules.SideID, ok bool) {
	if p.handover != "" && (!ok || next != p.handover) {
		p.handover = "" // the seat watching must act again, or nobody is to
	}
	switch {
	case !ok:
		// Nobody at the machine has to act (only computers, which are
		// done): keep the public view.
		p.setViewer("")
	case next == p.viewer:
	case p.handover == next: // the seat at the machine still watches
	case p.needsCurtain(next):
		if p.holdForResults(next) {
			break
		}
		p.raiseCurtain(next)
	default:
		p.setViewer(next)
		p.inSight = p.sess.Humans() >= 2 && p.env.Settings.Curtain
	}
	p.refreshOrders()
}

// raiseCurtain puts the curtain up for next: nobody's view is on
// screen behind it.
func (p *PlayScene) raiseCurtain(next rules.SideID) {
	p.handover, p.passOn = "", false
	p.setViewer("")
	p.curtainFor = next
	p.curtain = newCurtain(p.env, p.seatName(next), p.seatColour(next))
	if p.table != nil {
		p.table.curtains++
	}
}

// needsCurtain decides whether passing the machine to side needs the
// curtain: with several people at the machine, unless the player turned
// it off or asked to skip it when side's screen would show nothing secret.
func (p *PlayScene) needsCurtain(side rules.SideID) bool {
	if p.curtainFirst {
		p.curtainFirst = false
		return true
	}
	if p.sess.Humans() < 2 || !p.env.Settings.Curtain {
		return false
	}
	if p.table != nil && p.table.plotFor == side {
		return true // a plot: the side's orders are its secret
	}
	if p.env.Settings.SkipPublicCurtain && !hasPrivate(p.sess, side, p.looked[side]) {
		return false
	}
	return true
}

// hasPrivate reports whether side's screen would show anything the public
// view does not: any decision but a move (a sealed step, the weapons and
// power of a fire or repair panel),
// a unit or reserve the public does not see, what only it knows of its
// units (phased-out ghosts, rift beliefs, seeker targets), or a private
// log line it has not seen (from line since on) other than the echo of a
// choice it made itself. Its own ships' systems displays alone are not
// counted: every side's screen has them, and a screen put up without the
// curtain shows neither them nor the private log (inSight).
func hasPrivate(sess *match.Session, side rules.SideID, since int) bool {
	v, pub := sess.State.View(side), sess.State.View("")
	if v.Expecting != rules.CmdMove || len(v.Reserve) > 0 {
		// Only a move's panel shows nothing of the side's own: every
		// other shows its weapons, power, damage or sealed choices.
		return true
	}
	units := make([]rules.UnitView, len(v.Units))
	for i, u := range v.Units {
		u.Detail = nil
		units[i] = u
	}
	if !reflect.DeepEqual(units, pub.Units) {
		return true
	}
	for _, e := range sess.EventsSince(since) {
		if !e.Audience.IsPublic() && e.VisibleTo(side) && !(e.Kind == rules.EventCommit && e.Side == side) {
			return true
		}
	}
	return false
}

func (p *PlayScene) setViewer(side rules.SideID) {
	if p.viewer == side && p.mapv.Viewer() == side {
		p.mapv.Refresh()
		return
	}
	if p.viewer != "" && !p.inSight {
		if p.looked == nil {
			p.looked = map[rules.SideID]int{}
		}
		p.looked[p.viewer] = p.sess.NumEvents()
	}
	from := p.viewer
	p.viewer = side
	p.mapv.SetViewer(side)
	p.switchCamera(from, side)
	p.orders, p.ordersKey = nil, ""
	p.log.reset()
}

func (p *PlayScene) seatName(side rules.SideID) string {
	if seat, ok := p.sess.SeatOf(side); ok {
		return seat.Name
	}
	return string(side)
}

func (p *PlayScene) seatColour(side rules.SideID) render.RGBA {
	f := p.mapv.Frame()
	return p.mapv.renderer.SideColour(f, side)
}

// submit gives cmd to the rules; on error the orders stay as they are
// and the reason is shown.
func (p *PlayScene) submit(cmd rules.Command) bool {
	look := p.sess.State.View(cmd.Side)
	if _, err := p.sess.Submit(cmd); err != nil {
		p.say(viewNamedText(look, refusalText(err)))
		return false
	}
	p.autosave()
	p.table.satFor(cmd, look)
	p.orders, p.ordersKey = nil, ""
	p.sync()
	return true
}

func (p *PlayScene) autosave() {
	if p.env.Paths.Saves == "" {
		return
	}
	if err := match.Autosave(p.env.Paths.Saves, p.sess, p.now()); err != nil {
		p.say("Autosave failed: " + err.Error())
	}
}

// takeOrders does what the orders panel left on its desk: shows the map
// it asked for, submits its command, or rebuilds its widgets.
func (p *PlayScene) takeOrders() {
	d := p.desk
	if d == nil {
		return
	}
	if d.showMap != "" {
		p.mapv.SetMap(d.showMap)
		d.showMap = ""
	}
	if d.plotted != nil {
		o := *d.plotted
		d.plotted = nil
		p.acceptPlot(o)
		return
	}
	if d.cmd != nil {
		cmd := *d.cmd
		d.cmd = nil
		if p.submit(cmd) {
			return
		}
	}
}

// say shows a short notice above the orders panel.
func (p *PlayScene) say(msg string) {
	p.notice, p.noticeAt = msg, p.mapv.Ticks()
}

// refreshOrders rebuilds the orders panel when the step or the viewer
// changed.
func (p *PlayScene) refreshOrders() {
	st := p.sess.State
	key := ""
	// While a computer decides off the frame loop, nobody's orders are
	// taken: every command waits behind its decision.
	deciding := p.solo.pending != nil
	if p.viewer != "" && !deciding {
		key = fmt.Sprintf("%s|%v|%s|%s|%d|%v", p.viewer, st.Clock, st.Expecting(), st.Turn.Stage, p.sess.NumCommands(), p.table != nil && p.table.plotFor != "")
	}
	if p.handover != "" {
		key += "|handover " + string(p.handover)
	}
	if key == p.ordersKey && p.orders != nil {
		return
	}
	p.ordersKey = key
	p.orders, p.desk = nil, nil
	p.mapv.StepNote, p.mapv.Acting = "", ""
	if p.viewer != "" && p.handover != "" {
		p.desk = &orderDesk{Desk: p.sess.Desk(p.viewer), env: p.env, view: p.mapv.View}
		p.orders = &handoverBuilder{to: p.seatName(p.handover), done: func() { p.passOn = true }}
	} else if p.viewer != "" && !deciding {
		p.desk = &orderDesk{Desk: p.sess.Desk(p.viewer), env: p.env, view: p.mapv.View}
		if b, plotting := p.plotBuilderFor(p.desk); plotting {
			p.orders = b
			p.mapv.StepNote = "Orders for the turn"
			if p.table.why != "" {
				p.mapv.StepNote = "New orders" // plotting again from a break
			}
			p.mapv.Acting = p.seatName(p.viewer)
		} else {
			p.orders = newOrderBuilder(p.desk, st.Expecting())
		}
		p.takeOrders()
	}
	p.rebuildPanel()
}

// rebuildPanel redraws the orders panel's widgets from the builder.
func (p *PlayScene) rebuildPanel() {
	p.frame.reset()
	if p.viewer == "" || p.orders == nil {
		p.ordersBox.AddChild(p.env.wrapped(p.waitingText(), 15, render.UITextDim, ordersWidth-28))
		return
	}
	p.frame.header.AddChild(p.env.label(p.seatName(p.viewer), render.Bold, 13, p.seatColour(p.viewer)))
	p.desk.place(p.ordersBox, p.frame.footer, p.frame.relayout)
	p.orders.build(p.desk, p.ordersBox)
	p.frame.fit(p.mapv.cam.Height)
}

func (p *PlayScene) waitingText() string {
	if p.curtainFor != "" {
		return ""
	}
	if p.solo.pending != nil {
		return "The computer decides for " + p.seatName(p.solo.pending.side) + "."
	}
	if p.table != nil && p.table.waiting {
		return "The table watches the orders play out. A side is asked again when one of its breaks happens."
	}
	var names []string
	for _, sd := range p.sess.State.Pending() {
		names = append(names, p.seatName(sd))
	}
	if len(names) == 0 {
		return "Nothing to do."
	}
	return "Waiting for " + strings.Join(names, ", ") + "."
}

// overPanels reports whether the pointer is over the orders panel (as
// ebitenui laid it out) or the log.
// panelRect is the screen rectangle of the orders panel's frame, as
// ebitenui laid it out at the last draw.
func (p *PlayScene) panelRect() [4]float64 {
	r := p.frame.root.GetWidget().Rect
	return [4]float64{float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y)}
}

func (p *PlayScene) overPanels(in *Input) bool {
	if p.frame.contains(in.CursorX, in.CursorY) {
		return true
	}
	return p.log.contains(float64(in.CursorX), float64(in.CursorY), p.mapv.cam.Height)
}

// Update runs one tick of the game.
func (p *PlayScene) Update(in *Input) error {
	p.solo.inFrame = true
	defer func() { p.solo.inFrame = false }()
	if p.ended {
		p.env.Show(NewEndScene(p.env, p.sess))
		return nil
	}
	if p.pause != nil {
		if !p.pause.update(in) {
			p.pause = nil
		}
		return nil
	}
	if p.curtainFor != "" {
		if p.curtain.update(in) {
			side := p.curtainFor
			p.curtainFor, p.curtain, p.inSight = "", nil, false
			p.setViewer(side)
			p.refreshOrders()
			p.resizeReserved(p.mapv.cam.Width, p.mapv.cam.Height)
			p.followFocus()
			if frames, _ := recapFrames(p.sess, side); len(frames) > 1 {
				p.say("Press R to replay what happened since your last turn.")
			}
			if p.table != nil {
				p.sync() // the notice of a break, now its side is at the machine
			}
		}
		return nil
	}
	if p.recap != nil {
		if !p.recap.update(in) {
			p.recap = nil
		}
		return nil
	}
	if p.keys.Fired(in, intentRecap) && p.viewer != "" && !p.inSight {
		p.recap = newRecap(p.env, p.sess, p.mapv, p.viewer)
		return nil
	}
	if p.keys.Fired(in, intentNextMap) {
		p.mapv.NextMap()
	}
	p.watchUpdate(in)
	if p.pollSolo(false) { // a computer of the per-ship flow has decided
		p.sync()
	}
	if in.Clicked {
		if id, ok := p.mapv.TabAt(float64(in.CursorX), float64(in.CursorY)); ok {
			p.mapv.SetMap(id)
			return nil
		}
	}
	if p.keys.Fired(in, intentPause) && !p.mapv.help {
		p.pause = newPauseMenu(p.env, p.sess, p.now, p)
		return nil
	}
	if p.mapv.help { // the F1 help covers the screen until it is closed
		return p.mapv.Update(in)
	}
	p.frame.fit(p.mapv.cam.Height)
	p.ui.Update()
	p.takeOrders()
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
	if p.orders != nil {
		if h, ok := p.mapv.Hover(); ok && in.Clicked && !over {
			p.orders.click(p.desk, h)
			p.takeOrders()
		}
		if p.orders != nil {
			p.orders.keys(p.desk, p.orderKeys.Read(in))
			p.takeOrders()
		}
	}
	if p.passOn {
		p.raiseCurtain(p.handover)
		p.refreshOrders()
		return nil
	}
	p.resizeReserved(p.mapv.cam.Width, p.mapv.cam.Height)
	p.followFocus()
	p.updateFx()
	p.updateReach()
	return nil
}

// Draw draws the game: only the curtain while it is up.
func (p *PlayScene) Draw(screen *ebiten.Image) {
	if p.curtainFor != "" {
		p.curtain.draw(screen)
		return
	}
	if p.recap != nil {
		p.recap.draw(screen)
		return
	}
	f := p.mapv.Frame()
	if p.orders != nil {
		p.orders.overlay(p.desk, f)
		p.reachMarks(f)
	}
	if x, ok := p.fx[p.viewer]; ok {
		f.Effects = x.effects(p.mapv.Ticks())
	}
	// The lines laid over the map for a while: the map's labels and the
	// effects' text keep clear of them too.
	if _, r, ok := p.watchLayout(); ok {
		f.Reserved = append(f.Reserved, r)
	}
	if p.noticeShown() {
		_, r := p.noticeLayout()
		f.Reserved = append(f.Reserved, r)
	}
	p.card = nil
	p.mapv.DrawFrame(screen, f)
	if p.mapv.help {
		return
	}
	viewer := p.viewer
	if p.inSight { // in everyone's sight: the public log
		viewer = ""
	}
	events := p.sess.LogFor(viewer)
	if p.handover != "" {
		events = logUpTo(events, p.resultsSeq)
	}
	p.log.draw(screen, events, viewer, p.mapv.cam.Width, p.mapv.cam.Height)
	p.ui.Draw(screen)
	if p.card != nil { // over the panel, where cardFor puts it there
		p.card.draw(screen, p.env.Fonts)
	}
	p.drawWatch(screen)
	if p.noticeShown() {
		p.drawNotice(screen)
	}
	if p.pause != nil {
		p.pause.draw(screen)
	}
}

// noticeShown reports whether the notice is up: for six seconds after
// it is said.
func (p *PlayScene) noticeShown() bool { return p.notice != "" && p.mapv.Ticks()-p.noticeAt < 60*6 }

func (p *PlayScene) drawNotice(screen *ebiten.Image) {
	lines, r := p.noticeLayout()
	var b render.Batch
	b.Rect(float32(r[0]), float32(r[1]), float32(r[2]-r[0]), float32(r[3]-r[1]), render.Hex("#3a1020", 0.92))
	var painter render.Painter
	painter.Draw(screen, &b)
	labels := make([]render.Label, len(lines))
	for i, l := range lines {
		labels[i] = render.Label{X: (r[0] + r[2]) / 2, Y: r[1] + 6 + noticeRow*float64(i), Text: l, Size: noticeSize, Color: render.UIText, Align: render.AlignCenter}
	}
	p.env.Fonts.DrawLabels(screen, labels)
}

// The notice's text size and row height.
const (
	noticeSize = 14.0
	noticeRow  = 19.0
)

// noticeLayout places the notice in the map's part of the screen, clear
// of the orders panel and the objectives box: on one line between them
// when it fits, else wrapped below the objectives. It returns the rows
// and the notice's rectangle (x0, y0, x1, y1).
func (p *PlayScene) noticeLayout() ([]string, [4]float64) {
	fonts := p.env.Fonts
	right := p.panelRect()[0] - 10
	if right <= 0 {
		right = float64(p.mapv.cam.Width) - 10
	}
	left, top := 12.0, 44.0
	obj := p.mapv.objectivesRect()
	if obj[2] > 0 {
		left = obj[2] + 10
	}
	tw, _ := fonts.Measure(render.Regular, noticeSize, p.notice)
	if tw+28 <= right-left {
		x := (left + right) / 2
		return []string{p.notice}, [4]float64{x - tw/2 - 14, top, x + tw/2 + 14, top + 30}
	}
	if obj[2] > 0 {
		top = obj[3] + 8
	}
	left = 12
	lines := wrapPixels(fonts, render.Regular, noticeSize, p.notice, right-left-28)
	w := 0.0
	for _, l := range lines {
		lw, _ := fonts.Measure(render.Regular, noticeSize, l)
		w = max(w, lw)
	}
	x := (left + right) / 2
	return lines, [4]float64{x - w/2 - 14, top, x + w/2 + 14, top + 11 + noticeRow*float64(len(lines))}
}

// wrapPixels breaks s into rows at most width pixels wide in style at
// size, at spaces; a word wider than width is a row of its own.
func wrapPixels(fonts *render.Fonts, style render.FontStyle, size float64, s string, width float64) []string {
	var out []string
	cur := ""
	for _, w := range strings.Fields(s) {
		try := w
		if cur != "" {
			try = cur + " " + w
		}
		if tw, _ := fonts.Measure(style, size, try); tw > width && cur != "" {
			out = append(out, cur)
			try = w
		}
		cur = try
	}
	return append(out, cur)
}

// hoveredUnit returns the first unit the viewer sees in the hex under the
// pointer; while the screen is in everyone's sight (inSight), as the
// public view shows it: no systems display of the viewer's own ships.
func (p *PlayScene) hoveredUnit() (rules.UnitView, bool) {
	if _, ok := p.mapv.Hover(); !ok {
		return rules.UnitView{}, false // no public view to build
	}
	v := p.mapv.View()
	if p.inSight && p.viewer != "" {
		v = p.sess.State.View("")
	}
	return hoveredUnitIn(p.mapv, v)
}

// layoutCard lays out, for the map's frame, the ship card of the unit
// under the pointer (nil for none), which Draw draws over the panels.
func (p *PlayScene) layoutCard() *cardLayout {
	p.card = nil
	if u, ok := p.hoveredUnit(); ok {
		if l, ok := p.cardFor(u); ok {
			p.card = l
		}
	}
	return p.card
}

// Resize follows the window.
func (p *PlayScene) Resize(w, h int) {
	p.mapv.Resize(w, h)
	p.resizeReserved(w, h)
	p.frame.fit(h)
}

func (p *PlayScene) resizeReserved(w, h int) { reservePanels(p.mapv, p.frame, p.log, w, h) }
