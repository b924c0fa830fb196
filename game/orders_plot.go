package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// plotBuilder is the plot panel: a side's orders for the rest of the
// turn, ship by ship (course, fire, launches, "ask me every impulse"),
// and the side's break conditions. It starts from the orders the
// computer would write (plot.Plan), or from the side's orders when it
// re-plots after a break, so Enter accepts a sensible plot. Nothing goes
// to the rules from here: the orders answer the side's decisions later,
// with the same commands a person would give.
type plotBuilder struct {
	o   plot.Orders
	why string
	sel int
	// sideRows shows the side's breaks and policies in place of the
	// selected ship's orders.
	sideRows bool
}

// newPlotBuilder proposes orders for the desk's side: its orders of this
// turn when it re-plots (ships it no longer has dropped, new ones
// planned), else plot.Plan keeping the side's breaks and policies.
func newPlotBuilder(p *orderDesk, prev *plot.Orders, why string) *plotBuilder {
	v := p.view()
	breaks := plot.DefaultBreaks()
	if prev != nil {
		breaks = prev.Breaks
	}
	o := *plot.Plan(v, p.Side(), breaks)
	if prev != nil {
		o.Erratic, o.Evasion, o.Repair, o.Activity = prev.Erratic, prev.Evasion, prev.Repair, prev.Activity
		if prev.Turn == o.Turn {
			for i, sh := range o.Ships {
				if old := prev.Ship(sh.Unit); old != nil {
					o.Ships[i] = *old
					o.Ships[i].Fire.HoldMounts = slices.Clone(old.Fire.HoldMounts)
					o.Ships[i].Course.Hexes = slices.Clone(old.Course.Hexes)
					if old.Maneuver != nil {
						m := *old.Maneuver
						o.Ships[i].Maneuver = &m
					}
				}
			}
		}
	}
	return &plotBuilder{o: o, why: why}
}

func (b *plotBuilder) ship() *plot.Ship {
	if len(b.o.Ships) == 0 {
		return nil
	}
	return &b.o.Ships[b.sel%len(b.o.Ships)]
}

// courseText is a course as the panel reads it, with unit names.
func courseText(p *orderDesk, c plot.Course) string {
	switch c.Kind {
	case plot.Close:
		return "Close with " + unitName(p, c.Unit)
	case plot.Range:
		return fmt.Sprintf("Keep %s at %d hexes", unitName(p, c.Unit), c.Range)
	case plot.Circle:
		return fmt.Sprintf("Circle %s at %d hexes", unitName(p, c.Unit), c.Range)
	case plot.Waypoints:
		if len(c.Hexes) == 0 {
			return "Waypoints: click the map to add hexes"
		}
	}
	return c.String()
}

func mark(on bool) string {
	if on {
		return "[x] "
	}
	return "[ ] "
}

func (b *plotBuilder) build(p *orderDesk, box *widget.Container) {
	heading(p, box, fmt.Sprintf("Orders for turn %d", b.o.Turn),
		"Your ships follow these orders while the table watches; you are asked again on a break. Click the map: an enemy to close with (or keep at range, or circle), a hex to fly toward (or add as a waypoint).")
	if b.why != "" {
		box.AddChild(p.env.wrapped("Break: "+b.why+".", 14, render.UIDanger, ordersWidth-28))
	}
	on := 0
	br := &b.o.Breaks
	toggles := []bool{br.EnemyInReach, br.Seeker, br.SeekerWithin > 0, br.Damaged, br.Held, br.Blocked, br.Rift, br.Objective}
	for _, t := range toggles {
		if t {
			on++
		}
	}
	label := fmt.Sprintf("Breaks and evasion (%d of %d on) >", on, len(toggles))
	if b.sideRows {
		label = "< Back to the ships"
	}
	box.AddChild(button(label, func() { b.sideRows = !b.sideRows; p.rebuildPanel() }, stretch()))
	if !b.sideRows {
		if sh := b.ship(); sh == nil {
			box.AddChild(p.env.wrapped("No ships to give orders to.", 14, render.UITextDim, ordersWidth-28))
		} else {
			b.shipRows(p, box, sh)
		}
		box.AddChild(button("Follow these orders  (Enter)", func() { o := b.o; p.plotted = &o }, stretch()))
		return
	}
	box.AddChild(p.env.label("Ask me again when", render.Bold, 14, render.UIAccent))
	for _, t := range []struct {
		name string
		on   *bool
	}{
		{"an enemy comes within reach", &br.EnemyInReach},
		{"a seeking weapon is launched", &br.Seeker},
		{"one of my units is damaged", &br.Damaged},
		{"one is tractored or boarded", &br.Held},
		{"a course can no longer be flown", &br.Blocked},
		{"a rift opens or a unit phases in", &br.Rift},
		{"an area to hold changes hands", &br.Objective},
	} {
		box.AddChild(button(mark(*t.on)+t.name, func() { *t.on = !*t.on; p.rebuildPanel() }, stretch()))
	}
	near := fmt.Sprintf("a seeking weapon comes within %d hexes", br.SeekerWithin)
	if br.SeekerWithin == 0 {
		near = "a seeking weapon comes near (off)"
	}
	box.AddChild(row(6, p.env.label(near, render.Regular, 14, render.UIText),
		button("-", func() { br.SeekerWithin = max(br.SeekerWithin-2, 0); p.rebuildPanel() }),
		button("+", func() { br.SeekerWithin = min(br.SeekerWithin+2, 20); p.rebuildPanel() })))
	box.AddChild(button("Erratic maneuvers: "+erraticText(b.o.Erratic), func() {
		b.o.Erratic = nextPolicy(b.o.Erratic, plot.Standard, plot.Always, plot.Never, plot.Ask)
		p.rebuildPanel()
	}, stretch()))
	box.AddChild(button("Evasion: "+string(b.o.Evasion), func() {
		b.o.Evasion = nextPolicy(b.o.Evasion, plot.Always, plot.Never, plot.Ask)
		p.rebuildPanel()
	}, stretch()))
	box.AddChild(button("Follow these orders  (Enter)", func() { o := b.o; p.plotted = &o }, stretch()))
}

// shipRows adds the selected ship's orders.
func (b *plotBuilder) shipRows(p *orderDesk, box *widget.Container, sh *plot.Ship) {
	box.AddChild(row(6,
		button("<", func() { b.sel = (b.sel + len(b.o.Ships) - 1) % len(b.o.Ships); p.rebuildPanel() }),
		p.env.label(fmt.Sprintf("%s  (%d of %d, Tab)", unitName(p, sh.Unit), b.sel%len(b.o.Ships)+1, len(b.o.Ships)), render.Bold, 15, render.UIText),
		button(">", func() { b.sel = (b.sel + 1) % len(b.o.Ships); p.rebuildPanel() })))
	box.AddChild(p.env.wrapped("Course: "+courseText(p, sh.Course), 14, render.UIText, ordersWidth-28))
	c := &sh.Course
	box.AddChild(row(6,
		button("Keep course", func() { *c = plot.Course{Kind: plot.Keep, RiftRisk: c.RiftRisk}; p.rebuildPanel() }),
		button("Waypoints", func() { *c = plot.Course{Kind: plot.Waypoints, RiftRisk: c.RiftRisk}; p.rebuildPanel() }),
		button("Close", func() { b.onUnit(p, c, plot.Close) }),
		button("Keep range", func() { b.onUnit(p, c, plot.Range) }),
		button("Circle", func() { b.onUnit(p, c, plot.Circle) })))
	if c.Kind == plot.Range || c.Kind == plot.Circle {
		box.AddChild(stepper(p, "Range", fmt.Sprint(c.Range),
			func() { c.Range = max(1, c.Range-1); p.rebuildPanel() },
			func() { c.Range = min(30, c.Range+1); p.rebuildPanel() }))
	}
	b.maneuverRows(p, box, sh)
	f := &sh.Fire
	box.AddChild(p.env.wrapped("Fire: "+fireText(p, *f), 14, render.UIText, ordersWidth-28))
	box.AddChild(row(6,
		button(mark(f.Hold)+"hold fire", func() { f.Hold = !f.Hold; p.rebuildPanel() }),
		button(mark(f.Target != "")+"only at course target", func() {
			if f.Target != "" {
				f.Target = ""
			} else {
				f.Target = c.Unit
			}
			p.rebuildPanel()
		})))
	box.AddChild(stepper(p, "Hit at least (in 6)", fmt.Sprint(max(f.MinSixths, 1)),
		func() { f.MinSixths = max(1, f.MinSixths-1); p.rebuildPanel() },
		func() { f.MinSixths = min(6, max(f.MinSixths, 1)+1); p.rebuildPanel() }))
	b.holdRows(p, box, sh)
	box.AddChild(row(6,
		button(mark(c.RiftRisk)+"rift risks", func() { c.RiftRisk = !c.RiftRisk; p.rebuildPanel() }),
		button(mark(sh.Launch)+"launch seekers", func() { sh.Launch = !sh.Launch; p.rebuildPanel() }),
		button(mark(sh.AskEveryImpulse)+"ask every move", func() { sh.AskEveryImpulse = !sh.AskEveryImpulse; p.rebuildPanel() })))
	_, path := plotPreview(p.view(), *sh, render.UIAccent)
	box.AddChild(p.env.wrapped(pathText(path), 13, render.UITextDim, ordersWidth-28))
}

// onUnit flies course c relative to its unit (the enemy last clicked):
// close with it, keep it at range, or circle it.
func (b *plotBuilder) onUnit(p *orderDesk, c *plot.Course, kind plot.CourseKind) {
	if c.Unit != "" {
		*c = plot.Course{Kind: kind, Unit: c.Unit, Range: max(c.Range, 1), RiftRisk: c.RiftRisk}
		if kind == plot.Close {
			c.Range = 0
		}
	}
	p.rebuildPanel()
}

// maneuvers are the maneuvers the panel cycles through: none, a
// high-energy turn, a sideslip either way.
var maneuvers = []rules.MoveOp{"", rules.OpHET, rules.OpSlipLeft, rules.OpSlipRight}

// maneuverRows adds the ship's maneuver at an impulse: which (a button
// cycling through maneuvers), at which impulse, and for a high-energy
// turn the facing it turns to.
func (b *plotBuilder) maneuverRows(p *orderDesk, box *widget.Container, sh *plot.Ship) {
	label := "Maneuver: none"
	if sh.Maneuver != nil {
		label = "Maneuver: " + sh.Maneuver.String()
	}
	box.AddChild(button(label, func() { b.nextManeuver(p, sh); p.rebuildPanel() }, stretch()))
	m := sh.Maneuver
	if m == nil {
		return
	}
	n := p.view().Ruleset.ImpulsesPerTurn
	set := func(impulse int, facing rules.Direction) func() {
		return func() {
			*m = plot.Maneuver{Impulse: min(max(impulse, 1), n), Op: m.Op, Facing: facing}
			p.rebuildPanel()
		}
	}
	parts := []widget.PreferredSizeLocateableWidget{
		p.env.label("at impulse", render.Regular, 14, render.UIText),
		button("-", set(m.Impulse-1, m.Facing)), p.env.label(fmt.Sprint(m.Impulse), render.Bold, 14, render.UIText), button("+", set(m.Impulse+1, m.Facing)),
	}
	if m.Op == rules.OpHET {
		parts = append(parts, p.env.label("  to facing", render.Regular, 14, render.UIText),
			button("<", set(m.Impulse, m.Facing.Turn(-1))), p.env.label(m.Facing.String(), render.Bold, 14, render.UIText), button(">", set(m.Impulse, m.Facing.Turn(1))))
	}
	box.AddChild(row(6, parts...))
}

// nextManeuver gives the ship the next maneuver of maneuvers, at the
// next impulse (or the one already set) and, for a high-energy turn,
// facing about.
func (b *plotBuilder) nextManeuver(p *orderDesk, sh *plot.Ship) {
	var op rules.MoveOp
	impulse := max(p.view().Clock.Impulse, 1)
	if sh.Maneuver != nil {
		op, impulse = sh.Maneuver.Op, sh.Maneuver.Impulse
	}
	next := maneuvers[(slices.Index(maneuvers, op)+1)%len(maneuvers)]
	if next == "" {
		sh.Maneuver = nil
		return
	}
	m := &plot.Maneuver{Impulse: impulse, Op: next}
	if u := unitOf(p.view(), sh.Unit); u != nil {
		m.Facing = u.Facing.Turn(3)
	}
	sh.Maneuver = m
}

// holdRows adds a toggle for each of the ship's weapons to hold it for
// a later impulse, and the impulse the held weapons wait for.
func (b *plotBuilder) holdRows(p *orderDesk, box *widget.Container, sh *plot.Ship) {
	u := unitOf(p.view(), sh.Unit)
	if u == nil {
		return
	}
	c, ok := rules.LookupClass(u.Class)
	if !ok || len(c.Mounts) == 0 {
		return
	}
	f := &sh.Fire
	parts := []widget.PreferredSizeLocateableWidget{p.env.label("hold", render.Regular, 14, render.UIText)}
	var names []string
	for i, m := range c.Mounts {
		name := string(m.Weapon)
		if w, ok := rules.LookupWeapon(m.Weapon); ok && w.Name != "" {
			name = w.Name
		}
		names = append(names, fmt.Sprintf("%d %s", i+1, name))
		held := slices.Contains(f.HoldMounts, i)
		parts = append(parts, button(fmt.Sprintf("%s%d", mark(held), i+1), func() {
			if held {
				f.HoldMounts = slices.DeleteFunc(slices.Clone(f.HoldMounts), func(x int) bool { return x == i })
			} else {
				f.HoldMounts = append(slices.Clone(f.HoldMounts), i)
				slices.Sort(f.HoldMounts)
			}
			p.rebuildPanel()
		}))
	}
	var until []widget.PreferredSizeLocateableWidget
	if len(f.HoldMounts) > 0 {
		to := "all turn"
		if f.HoldUntil > 0 {
			to = fmt.Sprintf("to %d", f.HoldUntil)
		}
		n := p.view().Ruleset.ImpulsesPerTurn
		until = []widget.PreferredSizeLocateableWidget{
			button("-", func() { f.HoldUntil = max(0, f.HoldUntil-1); p.rebuildPanel() }),
			p.env.label(to, render.Bold, 14, render.UIText),
			button("+", func() { f.HoldUntil = min(n, f.HoldUntil+1); p.rebuildPanel() })}
	}
	// Six weapons a row at most (the panel is ordersWidth wide), and
	// the impulse they wait for on the row if it fits.
	btns := parts[1:]
	for len(btns) > 6 {
		box.AddChild(row(6, append(parts[:1:1], btns[:6]...)...))
		btns, parts = btns[6:], []widget.PreferredSizeLocateableWidget{p.env.label("    ", render.Regular, 14, render.UIText)}
	}
	if len(btns) <= 4 {
		btns, until = append(btns, until...), nil
	}
	box.AddChild(row(6, append(parts[:1:1], btns...)...))
	if len(until) > 0 {
		box.AddChild(row(6, append([]widget.PreferredSizeLocateableWidget{p.env.label("held until", render.Regular, 14, render.UIText)}, until...)...))
	}
	box.AddChild(p.env.wrapped("Weapons: "+strings.Join(names, " · ")+"; held ones wait until the impulse set, or all turn.", 12, render.UITextDim, ordersWidth-28))
}

// erraticText is the erratic policy as the panel reads it.
func erraticText(e plot.Policy) string {
	switch e {
	case plot.Always:
		return "whenever paid for"
	case plot.Never, "":
		return "never"
	case plot.Ask:
		return "ask me"
	}
	return "when an enemy has us in reach"
}

// fireText is a fire order as the panel reads it, with unit names.
func fireText(p *orderDesk, f plot.Fire) string {
	if f.Target != "" {
		g := f
		g.Target = ""
		return "only at " + unitName(p, f.Target) + "; " + g.String()
	}
	return f.String()
}

// nextPolicy cycles through ps.
func nextPolicy(cur plot.Policy, ps ...plot.Policy) plot.Policy {
	i := slices.Index(ps, cur)
	return ps[(i+1)%len(ps)]
}

// click gives the selected ship a course: close with the enemy clicked
// (or keep it at the range set), or fly toward the hex clicked.
func (b *plotBuilder) click(p *orderDesk, h rules.Hex) {
	sh := b.ship()
	if sh == nil {
		return
	}
	v := p.view()
	for _, u := range v.Units {
		if u.Hex == h && u.Side != p.Side() && u.Kind != rules.KindMine {
			kind := plot.Close
			if sh.Course.Kind == plot.Range || sh.Course.Kind == plot.Circle {
				kind = sh.Course.Kind
			}
			sh.Course = plot.Course{Kind: kind, Unit: u.ID, Range: sh.Course.Range, RiftRisk: sh.Course.RiftRisk}
			p.rebuildPanel()
			return
		}
	}
	if sh.Course.Kind == plot.Waypoints {
		sh.Course = plot.Course{Kind: plot.Waypoints, Hexes: append(slices.Clone(sh.Course.Hexes), h), RiftRisk: sh.Course.RiftRisk}
	} else {
		sh.Course = plot.Course{Kind: plot.Toward, Hex: h, RiftRisk: sh.Course.RiftRisk}
	}
	p.rebuildPanel()
}

func (b *plotBuilder) keys(p *orderDesk, in Intents) {
	if in.Has(intentNextShip) && len(b.o.Ships) > 0 {
		b.sel = (b.sel + 1) % len(b.o.Ships)
		p.rebuildPanel()
	}
	if in.Has(intentCommit) {
		o := b.o
		p.plotted = &o
	}
}

// overlay marks the selected ship and its course's hex or unit, and
// previews every ship's course (plotPreview).
func (b *plotBuilder) overlay(p *orderDesk, f *render.Frame) {
	sh := b.ship()
	if sh == nil {
		return
	}
	f.Selected = sh.Unit
	v := p.view()
	for i := range b.o.Ships {
		s := &b.o.Ships[i]
		col := render.UIAccent.WithAlpha(0.45)
		if s == sh {
			col = render.UIAccent
		}
		if ov, _ := plotPreview(v, *s, col); len(ov.Hexes) > 1 {
			f.Paths = append(f.Paths, ov)
		}
	}
	switch sh.Course.Kind {
	case plot.Waypoints:
		for i, h := range sh.Course.Hexes {
			f.Marks = append(f.Marks, render.HexMark{Hex: h, Colour: render.UIAccent, Label: fmt.Sprint(i + 1)})
		}
	case plot.Toward:
		f.Marks = append(f.Marks, render.HexMark{Hex: sh.Course.Hex, Colour: render.UIAccent, Label: "toward"})
	case plot.Close, plot.Range, plot.Circle:
		if u := unitOf(v, sh.Course.Unit); u != nil {
			f.Marks = append(f.Marks, render.HexMark{Hex: u.Hex, Colour: render.UIDanger, Label: courseText(p, sh.Course)})
		}
	}
}

func unitOf(v *rules.View, id rules.UnitID) *rules.UnitView {
	for i := range v.Units {
		if v.Units[i].ID == id {
			return &v.Units[i]
		}
	}
	return nil
}
