package game

import (
	"fmt"
	"slices"

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
		o.Evasion, o.Repair, o.Activity = prev.Evasion, prev.Repair, prev.Activity
		if prev.Turn == o.Turn {
			for i, sh := range o.Ships {
				if old := prev.Ship(sh.Unit); old != nil {
					o.Ships[i] = *old
					o.Ships[i].Fire.HoldMounts = slices.Clone(old.Fire.HoldMounts)
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
		"Your ships follow these orders while the table watches; you are asked again on a break. Click the map: an enemy to close with, a hex to fly toward.")
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
		button("Close", func() {
			if c.Unit != "" {
				c.Kind = plot.Close
			}
			p.rebuildPanel()
		}),
		button("Keep range", func() {
			if c.Unit != "" {
				c.Kind, c.Range = plot.Range, max(c.Range, 1)
			}
			p.rebuildPanel()
		})))
	if c.Kind == plot.Range {
		box.AddChild(stepper(p, "Range", fmt.Sprint(c.Range),
			func() { c.Range = max(1, c.Range-1); p.rebuildPanel() },
			func() { c.Range = min(30, c.Range+1); p.rebuildPanel() }))
	}
	box.AddChild(button(mark(c.RiftRisk)+"take gravity rift risks", func() { c.RiftRisk = !c.RiftRisk; p.rebuildPanel() }, stretch()))
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
	box.AddChild(button(mark(sh.Launch)+"launch seeking weapons", func() { sh.Launch = !sh.Launch; p.rebuildPanel() }, stretch()))
	box.AddChild(button(mark(sh.AskEveryImpulse)+"ask me at every move", func() { sh.AskEveryImpulse = !sh.AskEveryImpulse; p.rebuildPanel() }, stretch()))
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
			if sh.Course.Kind == plot.Range {
				kind = plot.Range
			}
			sh.Course = plot.Course{Kind: kind, Unit: u.ID, Range: sh.Course.Range, RiftRisk: sh.Course.RiftRisk}
			p.rebuildPanel()
			return
		}
	}
	sh.Course = plot.Course{Kind: plot.Toward, Hex: h, RiftRisk: sh.Course.RiftRisk}
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
		if hexes, facings := plotPreview(v, *s); len(hexes) > 1 {
			f.Paths = append(f.Paths, render.PathOverlay{Hexes: hexes, Facings: facings, Colour: col})
		}
	}
	switch sh.Course.Kind {
	case plot.Toward:
		f.Marks = append(f.Marks, render.HexMark{Hex: sh.Course.Hex, Colour: render.UIAccent, Label: "toward"})
	case plot.Close, plot.Range:
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
