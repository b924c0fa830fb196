package game

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// plotHelp is the F1 help of plotted turns: what the plot panel, breaks
// and watching are, beside the keys.
var plotHelp = [][2]string{
	{"Plot panel", "after declaring, plot every ship's turn"},
	{"  courses", "click: a hex, a waypoint, an enemy to close"},
	{"  preview", "each ship's path, its gravity rift odds"},
	{"Breaks", "you are asked again when one fires"},
	{"Watching", "orders play out between breaks: P . [ ]"},
}

// help is the F1 help of the plotted flow, none without it.
func (t *plotTable) help() [][2]string {
	if t == nil {
		return nil
	}
	return plotHelp
}

// watchBeats are the watching speeds: the ticks between two commands of
// orders or computers the table watches; 0 plays them all at once.
var watchBeats = []int{60, 30, 12, 4, 0}

// defaultBeat is the speed a game starts with (12 ticks a command).
const defaultBeat = 2

// plotTable is the plotted hot-seat flow of a play scene: each side's
// orders for the turn and its watcher (what it saw when it last sat at
// the machine), who is asked and why, and the watching speed. It lives in
// the scene, never in the rules' state: a side's orders are its secret,
// and only its own sitting's panel shows them.
type plotTable struct {
	orders map[rules.SideID]*plot.Orders
	watch  map[rules.SideID]*plot.Watcher
	// asking holds the sides a person must sit for, and why.
	asking map[rules.SideID]*plot.Break
	// replot marks the sides whose sitting is a new plot (a break, or no
	// orders for the turn), not a single decision.
	replot map[rules.SideID]bool
	// plotFor is the side whose plot panel is on screen; why is the
	// reason it was asked.
	plotFor rules.SideID
	why     string
	// beat indexes watchBeats; wait counts down to the next command.
	beat   int
	paused bool
	step   bool
	wait   int
	// waiting is set while a command of orders or a computer is due
	// but its beat has not come: the table watches.
	waiting bool
	// curtains counts the curtains raised: the handoffs.
	curtains int
	// told is the last break the notice announced.
	told *plot.Break
	// thinking is a computer deciding off the frame loop (think.go);
	// thought is its command, to play next.
	thinking *thought
	thought  *rules.Command
	// seenCommands is the commands played when Stirred last looked.
	seenCommands int
}

// newPlotTable returns the plotted flow of a game with people at the
// machine, or nil when every decision is the person's (the setting) or
// only computers play.
func newPlotTable(env *Env, sess *match.Session) *plotTable {
	if env.Settings.PerShipTurns || sess.Humans() == 0 {
		return nil
	}
	t := &plotTable{orders: map[rules.SideID]*plot.Orders{}, watch: map[rules.SideID]*plot.Watcher{},
		asking: map[rules.SideID]*plot.Break{}, replot: map[rules.SideID]bool{}, beat: defaultBeat}
	for _, seat := range sess.Seats {
		if seat.Kind == match.SeatHuman {
			w := plot.NewWatcher(seat.Side)
			// Its log: a course on a unit it saw destroyed goes on to
			// the next enemy, no sitting (plot.Orders.Decide).
			side := seat.Side
			w.SetLog(func() []rules.Event { return sess.LogFor(side) })
			t.watch[seat.Side] = w
		}
	}
	return t
}

// computer is the controller of a computer seat: in a plotted game (t
// not nil) a computer level plays through plotted orders like a person
// (match.OrdersPlayer), so that it plots once a turn and between breaks
// its orders answer at once, at the table's speed, and its level fights
// the engagements; otherwise c itself.
func (t *plotTable) computer(c match.Controller, side rules.SideID) match.Controller {
	if _, isAI := c.(*match.AIController); t != nil && isAI {
		op := match.NewOrdersPlayer(c, side)
		op.Engage = true // the level fights its engagements
		return op
	}
	return c
}

// due reports whether the next command the table watches may go now,
// and starts the wait for the one after.
func (t *plotTable) due() bool {
	switch {
	case t.paused:
		if t.step {
			t.step = false
			return true
		}
		return false
	case watchBeats[t.beat] == 0:
		return true
	case t.wait > 0:
		return false
	}
	t.wait = watchBeats[t.beat]
	return true
}

// Watching reports whether the table is watching orders and computers
// play (the public view moves on by itself): a window showing it is in
// motion, not at rest.
func (p *PlayScene) Watching() bool {
	return p.table != nil && (p.table.waiting && !p.table.paused || p.table.thinking != nil) && p.curtainFor == ""
}

// HandoffCount returns how many times the curtain has risen in the
// plotted flow.
func (p *PlayScene) HandoffCount() int {
	if p.table == nil {
		return 0
	}
	return p.table.curtains
}

// syncPlotted is sync for plotted turns: the orders of people's sides
// and the computers play, at the table's speed, with the public view on
// screen; a person is asked (behind the curtain, if two or more people
// play) only for a side's allocation and declaration and plot, when one
// of its break conditions fires, or for a decision its orders do not
// cover.
func (p *PlayScene) syncPlotted() {
	t := p.table
	t.waiting = false
	for guard := 0; guard < 10000 && !p.sess.Over(); guard++ {
		if t.plotFor != "" || p.viewer != "" && t.asking[p.viewer] != nil {
			break // a person at the machine keeps it
		}
		p.seatComputers()
		var cmd rules.Command
		if t.thought != nil {
			cmd, t.thought = *t.thought, nil
		} else {
			a, ok := p.nextAuto()
			if !ok {
				break
			}
			if t.thinking != nil || !t.due() {
				t.waiting = true
				break
			}
			if a.ctrl != nil {
				p.think(a)
				t.waiting = true
				break
			}
			cmd = a.cmd
		}
		if _, err := p.sess.Submit(cmd); err != nil {
			p.say("Orders error: " + viewNamedText(p.sess.State.View(cmd.Side), refusalText(err)))
			return
		}
		p.autosave()
		if watchBeats[t.beat] != 0 || t.paused {
			t.waiting = true // one command a beat
			break
		}
	}
	if p.sess.Over() {
		p.setViewer("")
		p.ended = true
		return
	}
	p.mapv.Refresh()
	next, ok := p.sitter()
	if ok && t.replot[next] && t.plotFor == "" {
		t.plotFor, t.why = next, t.asking[next].Text
	}
	p.showTo(next, ok)
	// A decision the orders leave to the person: the notice says why,
	// once its side's screen is up.
	if br := t.asking[next]; ok && p.viewer == next && t.plotFor == "" && br != nil && br.Text != "" && br != t.told {
		t.told = br
		p.say(br.Text)
	}
}

// auto is the next command that needs nobody at the machine: one of a
// person's side's orders (cmd), or a computer's, still to think (ctrl).
type auto struct {
	side rules.SideID
	cmd  rules.Command
	ctrl match.Controller
}

// nextAuto finds the next command that needs nobody at the machine: a
// computer's, or one of a person's side's orders. It marks the sides
// whose person must sit instead. A computer is only named here: it
// thinks when its beat has come (think).
func (p *PlayScene) nextAuto() (auto, bool) {
	t := p.table
	for _, sd := range p.sess.State.Pending() {
		legal := p.sess.State.Legal(sd)
		if len(legal) == 0 {
			continue
		}
		if c, isComputer := p.ctrl[sd]; isComputer {
			return auto{side: sd, ctrl: c}, true
		}
		if t.asking[sd] != nil || t.plotFor == sd {
			continue
		}
		v := p.sess.State.View(sd)
		switch v.Expecting {
		case rules.CmdAllocate, rules.CmdDeclare:
			t.asking[sd] = &plot.Break{Kind: "decision"}
			continue
		}
		cmd, br := t.orders[sd].Decide(v, legal, p.sess.Desk(sd), t.watch[sd])
		if br != nil {
			o := t.orders[sd]
			t.asking[sd] = br
			t.replot[sd] = br.Kind != "decision" || o == nil || o.Turn != v.Clock.Turn
			continue
		}
		return auto{side: sd, cmd: cmd}, true
	}
	return auto{}, false
}

// think lets a computer decide off the frame loop (startThought); the
// window goes on drawing and taking input, and Update polls for the
// command (pollThought).
func (p *PlayScene) think(a auto) {
	p.table.thinking = startThought(p.sess, a.ctrl, a.side)
}

// pollThought takes a computer's command once it has thought, and plays
// it.
func (p *PlayScene) pollThought() {
	t := p.table
	if t.thinking == nil {
		return
	}
	if cmd, ok := t.thinking.poll(p.sess, false); ok {
		t.thinking = nil
		t.thought = &cmd
		p.sync()
	}
}

// Thinking reports whether a computer player is deciding off the frame
// loop.
func (p *PlayScene) Thinking() bool { return p.table != nil && p.table.thinking != nil }

// sitter is the side a person must sit for now: the one plotting, else
// (when nothing the table watches is due) a pending side that is asked,
// the one at the machine first.
func (p *PlayScene) sitter() (rules.SideID, bool) {
	t := p.table
	if t.plotFor != "" {
		return t.plotFor, true
	}
	if p.viewer != "" && t.asking[p.viewer] != nil {
		return p.viewer, true
	}
	if t.waiting {
		return "", false
	}
	for _, sd := range p.sess.State.Pending() {
		if t.asking[sd] != nil {
			return sd, true
		}
	}
	return "", false
}

// satFor records that the person of cmd's side decided cmd looking at
// look: that is what the side has seen, and its declaration opens its
// plot in the same sitting.
func (t *plotTable) satFor(cmd rules.Command, look *rules.View) {
	if t == nil {
		return
	}
	sd := cmd.Side
	delete(t.asking, sd)
	delete(t.replot, sd)
	if w := t.watch[sd]; w != nil {
		w.Look(look)
	}
	if cmd.Kind == rules.CmdDeclare {
		t.plotFor, t.why = sd, ""
	}
}

// acceptPlot makes o the orders of the side plotting.
func (p *PlayScene) acceptPlot(o plot.Orders) {
	t := p.table
	sd := t.plotFor
	t.orders[sd] = &o
	t.watch[sd].Look(p.sess.State.View(sd))
	delete(t.asking, sd)
	delete(t.replot, sd)
	t.plotFor, t.why = "", ""
	// Orders that cannot answer even the decision at hand (a course
	// blocked as soon as it is plotted) leave that decision to the
	// person, in this sitting, not to another plot.
	if legal := p.sess.State.Legal(sd); len(legal) > 0 {
		if _, br := o.Decide(p.sess.State.View(sd), legal, p.sess.Desk(sd), t.watch[sd]); br != nil {
			t.asking[sd] = br
		}
	}
	p.orders, p.ordersKey = nil, ""
	p.sync()
}

// plotBuilderFor returns the plot panel when the viewer is plotting.
func (p *PlayScene) plotBuilderFor(d *orderDesk) (orderBuilder, bool) {
	t := p.table
	if t == nil || t.plotFor == "" || t.plotFor != p.viewer {
		return nil, false
	}
	b := newPlotBuilder(d, t.orders[t.plotFor], t.why)
	if t.why != "" {
		b.openOn(d.view(), t.asking[t.plotFor])
	}
	return b, true
}

// watchUpdate reads the watching intents and plays the table on when
// its beat comes.
func (p *PlayScene) watchUpdate(in *Input) {
	t := p.table
	if t == nil {
		return
	}
	switch {
	case p.keys.Fired(in, intentWatchPause):
		t.paused = !t.paused
	case p.keys.Fired(in, intentWatchStep):
		t.paused, t.step = true, true
	case p.keys.Fired(in, intentWatchFaster):
		t.beat = min(t.beat+1, len(watchBeats)-1)
		t.wait = min(t.wait, watchBeats[t.beat])
	case p.keys.Fired(in, intentWatchSlower):
		t.beat = max(t.beat-1, 0)
	}
	p.pollThought()
	if t.wait > 0 {
		t.wait--
	}
	if t.waiting && (t.wait == 0 || t.step) {
		p.sync()
	}
}

// watchText is the line that tells the table it is watching.
func (p *PlayScene) watchText() string {
	t := p.table
	if t == nil || !t.waiting || p.viewer != "" {
		return ""
	}
	key := func(i Intent) string {
		if k, ok := p.keys.Key(i); ok {
			return keyName(k)
		}
		return "?"
	}
	if t.paused {
		return fmt.Sprintf("Paused. %s plays on, %s steps one order.", key(intentWatchPause), key(intentWatchStep))
	}
	return fmt.Sprintf("Orders play out, speed %d of %d. %s pauses, %s faster, %s slower.",
		t.beat+1, len(watchBeats), key(intentWatchPause), key(intentWatchFaster), key(intentWatchSlower))
}

// watchLayout places the watching line above the log, over the middle
// of the map: its text and rectangle (x0, y0, x1, y1); false when there
// is none.
func (p *PlayScene) watchLayout() (string, [4]float64, bool) {
	s := p.watchText()
	if s == "" {
		return "", [4]float64{}, false
	}
	w := float64(p.mapv.cam.Width - ordersWidth - 10)
	tw, _ := p.env.Fonts.Measure(render.Regular, 14, s)
	y := float64(p.mapv.cam.Height - logHeight - 50)
	return s, [4]float64{w/2 - tw/2 - 12, y, w/2 + tw/2 + 12, y + 26}, true
}

// drawWatch draws the watching line.
func (p *PlayScene) drawWatch(screen *ebiten.Image) {
	s, r, ok := p.watchLayout()
	if !ok {
		return
	}
	var b render.Batch
	b.Rect(float32(r[0]), float32(r[1]), float32(r[2]-r[0]), float32(r[3]-r[1]), render.Hex("#10203a", 0.9))
	var painter render.Painter
	painter.Draw(screen, &b)
	p.env.Fonts.DrawLabels(screen, []render.Label{{X: (r[0] + r[2]) / 2, Y: r[1] + 4, Text: s, Size: 14, Color: render.UIText, Align: render.AlignCenter}})
}

// Stirred reports whether the game moved on by itself since the last
// call, or is moving on now (the table watches orders play, a computer
// thinks): a window at rest wakes for it and keeps drawing.
func (p *PlayScene) Stirred() bool {
	t := p.table
	if t == nil {
		return p.fxBusy()
	}
	n := p.sess.NumCommands()
	moved := n != t.seenCommands
	t.seenCommands = n
	return moved || p.Watching() || p.fxBusy()
}
