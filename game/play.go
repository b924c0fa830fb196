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
	// viewer is the seat whose private view is on screen; "" while the
	// curtain is up or before anyone has taken the machine.
	viewer rules.SideID
	// curtainFor is the side the curtain waits for; "" when it is down.
	curtainFor rules.SideID
	curtain    *curtainView
	// inSight is set while the viewer's screen went up without the
	// curtain that several people at the machine would have had (it was
	// skipped: nothing secret): everyone at the table sees it, so it
	// shows no more of the viewer's own units than the public view.
	inSight bool
	// looked counts, per side, the log lines there were when its screen
	// was last taken down after a curtain: the private lines it has seen.
	looked map[rules.SideID]int

	ui        *ebitenui.UI
	ordersBox *widget.Container
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
	// solo is the per-ship flow's computer thinking off the frame loop
	// (think.go).
	solo thinkPerShip
}

// NewPlayScene shows sess, with computer controllers for its computer
// seats.
func NewPlayScene(env *Env, sess *match.Session) *PlayScene {
	w, h := env.Size()
	p := &PlayScene{env: env, sess: sess, ctrl: map[rules.SideID]match.Controller{}, now: time.Now,
		keys: env.Keys()[playKeys.Scene], orderKeys: env.Keys()[orderKeys.Scene]}
	p.seatComputers()
	p.mapv = NewMapScene(sess.State, "", env.Fonts, w, h)
	// Centre the map in the part of the screen the panels leave free.
	p.mapv.cam.ZoomToFit(render.FitHexes(p.mapv.View(), p.mapv.MapID(), w-ordersWidth-20, h-logHeight-20) * float64(w) / float64(w-ordersWidth-20))
	p.mapv.cam.Pan(-(ordersWidth+10)/2, -(logHeight)/2)
	p.mapv.Legend, p.mapv.Hints = false, false
	p.mapv.Keys = env.Keys()[mapKeys.Scene]
	p.mapv.ExtraHelp = append(append(p.orderKeys.Help(), p.keys.Help()...), playMouseHelp...)
	p.mapv.ReadoutBottom = logHeight + 20
	p.mapv.ColourBlind = env.Settings.ColourBlind
	p.mapv.ZoomSpeed = env.Settings.ZoomSpeed
	p.log = newLogPanel(env)
	p.ordersBox = panelColumn(8, widget.Insets{Left: 14, Right: 14, Top: 14, Bottom: 14})
	p.ordersBox.GetWidget().LayoutData = widget.AnchorLayoutData{
		HorizontalPosition: widget.AnchorLayoutPositionEnd, VerticalPosition: widget.AnchorLayoutPositionStart,
		Padding: &widget.Insets{Top: 44, Right: 10},
	}
	p.ordersBox.GetWidget().MinWidth = ordersWidth
	root := env.root()
	root.AddChild(p.ordersBox)
	p.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
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
	switch {
	case !ok:
		// Nobody at the machine has to act (only computers, which are
		// done): keep the public view.
		p.setViewer("")
	case next == p.viewer:
	case p.needsCurtain(next):
		p.setViewer("")
		p.curtainFor = next
		p.curtain = newCurtain(p.env, p.seatName(next), p.seatColour(next))
		if p.table != nil {
			p.table.curtains++
		}
	default:
		p.setViewer(next)
		p.inSight = p.sess.Humans() >= 2 && p.env.Settings.Curtain
	}
	p.refreshOrders()
}

// needsCurtain decides whether passing the machine to side needs the
// curtain: with several people at the machine, unless the player turned
// it off or asked to skip it when side's screen would show nothing secret.
func (p *PlayScene) needsCurtain(side rules.SideID) bool {
	if p.sess.CurtainFirst {
		p.sess.CurtainFirst = false
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
	for _, e := range sess.Events[min(since, len(sess.Events)):] {
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
		p.looked[p.viewer] = len(p.sess.Events)
	}
	p.viewer = side
	p.mapv.SetViewer(side)
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
		p.say(refusalText(err))
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
	if d.rebuild {
		d.rebuild = false
		p.rebuildPanel()
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
		key = fmt.Sprintf("%s|%v|%s|%s|%d|%v", p.viewer, st.Clock, st.Expecting(), st.Turn.Stage, len(p.sess.Commands), p.table != nil && p.table.plotFor != "")
	}
	if key == p.ordersKey && p.orders != nil {
		return
	}
	p.ordersKey = key
	p.orders, p.desk = nil, nil
	if p.viewer != "" && !deciding {
		p.desk = &orderDesk{Desk: p.sess.Desk(p.viewer), env: p.env, view: p.mapv.View}
		if b, plotting := p.plotBuilderFor(p.desk); plotting {
			p.orders = b
		} else {
			p.orders = newOrderBuilder(p.desk, st.Expecting())
		}
		p.takeOrders()
	}
	p.rebuildPanel()
}

// rebuildPanel redraws the orders panel's widgets from the builder.
func (p *PlayScene) rebuildPanel() {
	p.ordersBox.RemoveChildren()
	if p.viewer == "" || p.orders == nil {
		p.ordersBox.AddChild(p.env.wrapped(p.waitingText(), 15, render.UITextDim, ordersWidth-28))
		return
	}
	p.ordersBox.AddChild(p.env.label(p.seatName(p.viewer), render.Bold, 13, p.seatColour(p.viewer)))
	p.orders.build(p.desk, p.ordersBox)
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

// panelRect is the screen rectangle of the orders panel.
func (p *PlayScene) panelRect() [4]float64 {
	r := p.ordersBox.GetWidget().Rect
	return [4]float64{float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y)}
}

func (p *PlayScene) overPanels(in *Input) bool {
	x, y := float64(in.CursorX), float64(in.CursorY)
	r := p.panelRect()
	if x >= r[0] && x < r[2] && y >= r[1] && y < r[3] {
		return true
	}
	return p.log.contains(x, y, p.mapv.cam.Height)
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
			if len(p.sess.CatchUp(side)) > 1 {
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
	}
	p.mapv.DrawFrame(screen, f)
	if p.mapv.help {
		return
	}
	if p.inSight { // in everyone's sight: the public log
		p.log.draw(screen, p.sess.LogFor(""), "", p.mapv.cam.Width, p.mapv.cam.Height)
	} else {
		p.log.draw(screen, p.sess.LogFor(p.viewer), p.viewer, p.mapv.cam.Width, p.mapv.cam.Height)
	}
	if u, ok := p.hoveredUnit(); ok {
		side, _ := p.mapv.View().Side(u.Side)
		shipCard(screen, p.env.Fonts, u, side, p.seatColour(u.Side), 12, 44)
	}
	p.ui.Draw(screen)
	p.drawWatch(screen)
	if p.notice != "" && p.mapv.Ticks()-p.noticeAt < 60*6 {
		p.drawNotice(screen)
	}
	if p.pause != nil {
		p.pause.draw(screen)
	}
}

func (p *PlayScene) drawNotice(screen *ebiten.Image) {
	var b render.Batch
	w := float64(p.mapv.cam.Width)
	tw, _ := p.env.Fonts.Measure(render.Regular, 14, p.notice)
	x := w/2 - tw/2 - 14
	b.Rect(float32(x), 48, float32(tw+28), 30, render.Hex("#3a1020", 0.92))
	var painter render.Painter
	painter.Draw(screen, &b)
	p.env.Fonts.DrawLabels(screen, []render.Label{{X: w / 2, Y: 54, Text: p.notice, Size: 14, Color: render.UIText, Align: render.AlignCenter}})
}

// hoveredUnit returns the first unit the viewer sees in the hex under the
// pointer; while the screen is in everyone's sight (inSight), as the
// public view shows it: no systems display of the viewer's own ships.
func (p *PlayScene) hoveredUnit() (rules.UnitView, bool) {
	h, ok := p.mapv.Hover()
	if !ok {
		return rules.UnitView{}, false
	}
	v := p.mapv.View()
	if p.inSight && p.viewer != "" {
		v = p.sess.State.View("")
	}
	for _, u := range v.UnitsOn(p.mapv.MapID()) {
		if u.Hex == h {
			return u, true
		}
	}
	return rules.UnitView{}, false
}

// Resize follows the window.
func (p *PlayScene) Resize(w, h int) {
	p.mapv.Resize(w, h)
	p.resizeReserved(w, h)
}

func (p *PlayScene) resizeReserved(w, h int) {
	p.mapv.Reserved = [][4]float64{
		{float64(w - ordersWidth - 10), 40, float64(w), float64(h)},
		{0, float64(h - logHeight - 10), float64(w - ordersWidth - 10), float64(h)},
	}
}
