package game

import (
	"fmt"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// Combat on the map: the play scene turns the events a seat may see into
// the map's passing pictures (render.Effect): each shot's beam from its
// shooter to its target, the flash and points of a hit, a loss and a
// gravity rift's removal, one after another as they resolved. The
// animation state lives here, never in the rules; what a seat is shown
// comes from the events it may see and where it saw the units itself.

// Effect timing, in ticks.
const (
	beamLife    = 60
	flashLife   = 60
	numberLife  = 130
	lossLife    = 130
	shotGap     = 28  // between the shots of one impulse
	maxFxSpread = 360 // a catch-up of many shots plays within this
	hitDelay    = 10  // from a beam's start to its hit
)

// fxPlayer plays one seat's effects (or the table's, for "").
type fxPlayer struct {
	viewer rules.SideID
	// seen counts the session's events already looked at.
	seen int
	// spots is where the seat last saw each unit itself.
	spots map[rules.UnitID]unitSpot
	live  []timedFx
	// next is the tick the next effect may start at.
	next int
	// hit is whether each unit's last shot roll hit (X4.IMP.D).
	hit map[rules.UnitID]bool
}

type unitSpot struct {
	m    rules.MapID
	h    rules.Hex
	side rules.SideID
}

type timedFx struct {
	fx          render.Effect
	start, life int
}

func newFxPlayer(viewer rules.SideID, seen int) *fxPlayer {
	return &fxPlayer{viewer: viewer, seen: seen, spots: map[rules.UnitID]unitSpot{}, hit: map[rules.UnitID]bool{}}
}

// look notes where the seat sees each unit now.
func (x *fxPlayer) look(v *rules.View) {
	for _, u := range v.Units {
		x.spots[u.ID] = unitSpot{u.Map, u.Hex, u.Side}
	}
}

// combatEvent reports whether e is something the map shows as it
// resolves: a shot, damage, a loss, a gravity rift removal.
func combatEvent(e rules.Event) bool {
	switch e.Kind {
	case rules.EventFire:
		return e.Target != ""
	case rules.EventDamage:
		return e.Amount > 0
	case rules.EventDestroyed:
		return true
	}
	return riftRemoval(e)
}

// riftRemoval reports whether e is a gravity rift's d10 removing a unit
// (GR41.2; GRN.6 for a docked partner).
func riftRemoval(e rules.Event) bool {
	return e.Kind == rules.EventRoll && (e.Clause == "GR41.2" || e.Clause == "GRN.6") && e.Chance.Came && e.Unit != ""
}

// pending reports whether fresh, the events after the seen ones
// (match.Session.EventsSince), hold something the seat may see resolve
// on the map.
func (x *fxPlayer) pending(fresh []rules.Event) bool {
	for _, e := range fresh {
		if e.VisibleTo(x.viewer) && combatEvent(e) {
			return true
		}
	}
	return false
}

// take turns fresh, the events after the seen ones
// (match.Session.EventsSince), that the seat may see into effects, in
// the order they resolved, from tick now on; they are seen then.
func (x *fxPlayer) take(fresh []rules.Event, now int, colour func(rules.SideID) render.RGBA) {
	x.seen += len(fresh)
	shots := 0
	for _, e := range fresh {
		if e.Kind == rules.EventFire && e.Target != "" && e.VisibleTo(x.viewer) {
			shots++
		}
	}
	gap := shotGap
	if shots > 0 && shots*gap > maxFxSpread {
		gap = max(4, maxFxSpread/shots)
	}
	at := max(now, x.next)
	lastBeam := at - hitDelay
	add := func(fx render.Effect, start, life int) {
		x.live = append(x.live, timedFx{fx: fx, start: start, life: life})
	}
	for _, e := range fresh {
		if !e.VisibleTo(x.viewer) {
			continue
		}
		switch {
		case e.Kind == rules.EventRoll && e.Clause == "X4.IMP.D":
			x.hit[e.Unit] = e.Chance.Came
		case e.Kind == rules.EventFire && e.Target != "":
			a, okA := x.spots[e.Unit]
			t, okT := x.spots[e.Target]
			hit := x.hit[e.Unit] && e.Clause == "X4.IMP.D"
			delete(x.hit, e.Unit)
			if okA && okT && a.m == t.m {
				add(render.Effect{Kind: render.EffectBeam, Map: a.m, From: a.h, To: t.h, Hit: hit, Colour: colour(a.side).Mix(render.RGBA{R: 1, G: 1, B: 1, A: 1}, 0.35)}, at, beamLife)
			}
			lastBeam = at
			at += gap
		case e.Kind == rules.EventDamage && e.Amount > 0:
			if t, ok := x.spots[e.Unit]; ok {
				hitAt := max(lastBeam+hitDelay, now)
				add(render.Effect{Kind: render.EffectFlash, Map: t.m, To: t.h, Colour: render.Hex("#ffb347", 1)}, hitAt, flashLife)
				add(render.Effect{Kind: render.EffectNumber, Map: t.m, To: t.h, Text: fmt.Sprintf("-%d", e.Amount), Colour: render.Hex("#ff6b5a", 1)}, hitAt, numberLife)
			}
		case e.Kind == rules.EventDestroyed, riftRemoval(e):
			if t, ok := x.spots[e.Unit]; ok {
				text := "destroyed"
				if riftRemoval(e) {
					text = "lost to the gravity rift"
				}
				add(render.Effect{Kind: render.EffectLoss, Map: t.m, To: t.h, Text: text, Colour: render.Hex("#ff5a3c", 1)}, max(lastBeam+hitDelay+6, now), lossLife)
				at = max(at, lastBeam+hitDelay+gap)
			}
		}
	}
	x.next = at
}

// effects returns the effects living at tick now, with their ages.
func (x *fxPlayer) effects(now int) []render.Effect {
	var out []render.Effect
	for _, t := range x.live {
		if now >= t.start && now < t.start+t.life {
			fx := t.fx
			fx.Age = float64(now-t.start) / float64(t.life)
			out = append(out, fx)
		}
	}
	return out
}

// forget drops the effects over by tick now.
func (x *fxPlayer) forget(now int) {
	kept := x.live[:0]
	for _, t := range x.live {
		if now < t.start+t.life {
			kept = append(kept, t)
		}
	}
	x.live = kept
}

// busy reports whether effects are still to play at tick now.
func (x *fxPlayer) busy(now int) bool {
	for _, t := range x.live {
		if now < t.start+t.life {
			return true
		}
	}
	return false
}

// fxFor returns the effects player of side, made when the side first
// looks: what happened before it looked is not played again.
func (p *PlayScene) fxFor(side rules.SideID) *fxPlayer {
	if p.fx == nil {
		p.fx = map[rules.SideID]*fxPlayer{}
	}
	x, ok := p.fx[side]
	if !ok {
		x = newFxPlayer(side, p.sess.NumEvents())
		x.look(p.mapv.View())
		p.fx[side] = x
	}
	return x
}

// updateFx plays what the seat on screen may see happen, while the
// curtain is down.
func (p *PlayScene) updateFx() {
	if p.curtainFor != "" || p.mapv.Viewer() != p.viewer {
		return
	}
	x := p.fxFor(p.viewer)
	x.forget(p.mapv.Ticks())
	before := len(x.live)
	x.take(p.sess.EventsSince(x.seen), p.mapv.Ticks(), func(sd rules.SideID) render.RGBA { return p.seatColour(sd) })
	x.look(p.mapv.View())
	// The camera shows where the first of them happens, between shooter
	// and target, when that is out of view.
	if len(x.live) > before {
		e := x.live[before].fx
		at := e.To
		if e.Kind == render.EffectBeam {
			x0, y0 := render.Layout{}.HexToWorld(e.From)
			x1, y1 := render.Layout{}.HexToWorld(e.To)
			at = render.Layout{}.WorldToHex((x0+x1)/2, (y0+y1)/2)
		}
		if e.Map == p.mapv.MapID() && (!p.mapv.InView(e.To) || e.Kind == render.EffectBeam && !p.mapv.InView(e.From)) {
			p.mapv.FocusOn(at)
		}
	}
}

// fxBusy reports whether the map is still playing effects, so that a
// resting window keeps drawing.
func (p *PlayScene) fxBusy() bool {
	x, ok := p.fx[p.viewer]
	return ok && p.curtainFor == "" && x.busy(p.mapv.Ticks())
}

// holdForResults reports whether the seat at the machine, whose command
// resolved what it may see on the map (its fire, say), keeps the machine
// to watch it before the curtain rises for next.
func (p *PlayScene) holdForResults(next rules.SideID) bool {
	if p.viewer == "" || next == p.viewer {
		return false
	}
	x := p.fxFor(p.viewer)
	fresh := p.sess.EventsSince(x.seen)
	if !x.pending(fresh) {
		return false
	}
	p.handover = next
	for _, e := range fresh {
		if e.VisibleTo(p.viewer) && (combatEvent(e) || e.Kind == rules.EventDamage) {
			p.resultsSeq = e.Seq // with the internal damage after a hit
		}
	}
	return true
}

// logUpTo returns the events of log up to the one numbered seq: while a
// seat watches its results, the log ends with them, not with the next
// impulse's rolls.
func logUpTo(log []rules.Event, seq int) []rules.Event {
	for i := len(log); i > 0; i-- {
		if log[i-1].Seq <= seq {
			return log[:i]
		}
	}
	return log
}

// handoverBuilder is the orders panel while a seat watches what its
// command resolved, before the machine passes on: Enter or its button
// raises the curtain.
type handoverBuilder struct {
	to   string
	done func()
}

func (b *handoverBuilder) build(p *orderDesk, box *widget.Container) {
	heading(p, box, "Results", "Watch what your orders did on the map and in the log. Then pass the machine on: the curtain rises for "+b.to+".")
	box.AddChild(button("Pass to "+b.to+"  (Enter)", b.done, stretch()))
}

func (b *handoverBuilder) click(*orderDesk, rules.Hex) {}

func (b *handoverBuilder) keys(_ *orderDesk, in Intents) {
	if in.Has(intentCommit) {
		b.done()
	}
}

func (b *handoverBuilder) overlay(*orderDesk, *render.Frame) {}
