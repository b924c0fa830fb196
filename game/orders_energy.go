package game

import (
	"fmt"
	"slices"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// commitOnEnter commits cmd when Enter is pressed and it is legal.
func commitOnEnter(p *PlayScene, in *Input, cmd rules.Command) {
	if in.Pressed[ebiten.KeyEnter] && checkText(p, cmd) == "" {
		p.submit(cmd)
	}
}

// allocBuilder is the energy allocation dialog: per ship, speed, shield
// and armor reinforcement, weapons armed, erratic maneuvering and
// batteries, with the energy total and the legality shown live. It starts
// from the rules' ready allocation.
type allocBuilder struct {
	allocs   []rules.Allocation
	selected int
}

func newAllocBuilder(p *PlayScene) *allocBuilder {
	b := &allocBuilder{}
	if legal := p.sess.State.Legal(p.viewer); len(legal) > 0 {
		b.allocs = slices.Clone(legal[0].Allocations)
		for i := range b.allocs {
			b.allocs[i].Arm = slices.Clone(b.allocs[i].Arm)
		}
	}
	return b
}

func (b *allocBuilder) command(p *PlayScene) rules.Command {
	return rules.Command{Kind: rules.CmdAllocate, Side: p.viewer, Allocations: b.allocs}
}

func (b *allocBuilder) build(p *PlayScene, box *widget.Container) {
	heading(p, box, "Energy allocation", "Spend each ship's power for the turn. Sealed: no one sees it until every side has committed.")
	for i, a := range b.allocs {
		i := i
		u, _ := unitView(p, a.Unit)
		c, _ := rules.LookupClass(u.Class)
		cost := a.Cost(&c)
		have := u.Detail.Power() + a.FromBattery
		mark := "  "
		if i == b.selected {
			mark = "> "
		}
		box.AddChild(button(fmt.Sprintf("%s%s   speed %d   energy %d/%d", mark, u.Name, rules.SpeedFromEnergy(&c, a.Movement, a.Impulse), cost, have), func() {
			b.selected = i
			p.rebuildPanel()
		}, stretch()))
	}
	if b.selected < len(b.allocs) {
		b.editor(p, box, &b.allocs[b.selected])
	}
	commitRow(p, box, "Commit energy", b.command(p))
}

func (b *allocBuilder) editor(p *PlayScene, box *widget.Container, a *rules.Allocation) {
	u, _ := unitView(p, a.Unit)
	c, _ := rules.LookupClass(u.Class)
	ss := u.Detail
	changed := func() { p.rebuildPanel() }
	speed := rules.SpeedFromEnergy(&c, a.Movement, a.Impulse)
	limit := rules.MaxAcceleration(ss.Allocated, c.SizeClass)
	setSpeed := func(v int) {
		v = max(0, v)
		imp := a.Impulse
		hexes := v
		if imp {
			hexes--
		}
		if hexes < 0 {
			a.Impulse, hexes = false, 0
		}
		a.Movement = rules.EnergyForSpeed(&c, hexes)
		changed()
	}
	if c.Mobile() {
		box.AddChild(stepper(p, fmt.Sprintf("Speed (max %d)", limit), fmt.Sprintf("%d", speed), func() { setSpeed(speed - 1) }, func() { setSpeed(speed + 1) }))
		imp := "Impulse hex: no"
		if a.Impulse {
			imp = "Impulse hex: yes (1 energy)"
		}
		box.AddChild(button(imp, func() {
			a.Impulse = !a.Impulse
			changed()
		}, stretch()))
		box.AddChild(stepper(p, fmt.Sprintf("Erratic (%d each)", rules.ErraticCost(c.SizeClass)), fmt.Sprintf("%d", a.Erratic),
			func() { a.Erratic = max(0, a.Erratic-1); changed() }, func() { a.Erratic++; changed() }))
	}
	total := 0
	for _, s := range a.Shields {
		total += s
	}
	box.AddChild(p.env.label(fmt.Sprintf("Shield reinforcement (2 energy a point): %d", total), render.Regular, 14, render.UIText))
	shields := row(4)
	for i := range a.Shields {
		i := i
		shields.AddChild(button(fmt.Sprintf("%d:%d", i+1, a.Shields[i]), func() {
			a.Shields[i] = (a.Shields[i] + 1) % 6
			changed()
		}))
	}
	box.AddChild(shields)
	if ss.Armor > 0 {
		box.AddChild(stepper(p, "Armor (1 a point)", fmt.Sprintf("%d", a.Armor),
			func() { a.Armor = max(0, a.Armor-1); changed() }, func() { a.Armor++; changed() }))
	}
	for m, mt := range c.Mounts {
		m := m
		w, _ := rules.LookupWeapon(mt.Weapon)
		if w.Seeking() || ss.Mounts[m].Destroyed {
			continue
		}
		on := slices.Contains(a.Arm, m)
		label := fmt.Sprintf("[ ] Arm %s #%d (%d)", w.Name, m+1, w.Arm)
		if on {
			label = fmt.Sprintf("[x] Arm %s #%d (%d)", w.Name, m+1, w.Arm)
		}
		box.AddChild(button(label, func() {
			if i := slices.Index(a.Arm, m); i >= 0 {
				a.Arm = slices.Delete(a.Arm, i, i+1)
			} else {
				a.Arm = append(a.Arm, m)
				slices.Sort(a.Arm)
			}
			changed()
		}, stretch()))
	}
	if ss.Boxes[rules.SysTractor] > 0 {
		label := fmt.Sprintf("[ ] Ready tractor beam (%d)", rules.TractorCost)
		if a.Tractor {
			label = fmt.Sprintf("[x] Ready tractor beam (%d)", rules.TractorCost)
		}
		box.AddChild(button(label, func() { a.Tractor = !a.Tractor; changed() }, stretch()))
	}
	if c.CloakCost > 0 {
		label := fmt.Sprintf("[ ] Cloak (%d)", c.CloakCost)
		if a.Cloak {
			label = fmt.Sprintf("[x] Cloak (%d): no fire, launch, beams or docking while cloaked", c.CloakCost)
		}
		box.AddChild(button(label, func() { a.Cloak = !a.Cloak; changed() }, stretch()))
	}
	box.AddChild(stepper(p, fmt.Sprintf("To batteries (hold %d)", ss.Battery), fmt.Sprintf("%d", a.Battery),
		func() { a.Battery = max(0, a.Battery-1); changed() }, func() { a.Battery++; changed() }))
	if ss.Battery > 0 {
		box.AddChild(stepper(p, "From batteries", fmt.Sprintf("%d", a.FromBattery),
			func() { a.FromBattery = max(0, a.FromBattery-1); changed() }, func() { a.FromBattery++; changed() }))
	}
}

// click selects the allocation of the own ship clicked on.
func (b *allocBuilder) click(p *PlayScene, h rules.Hex) {
	for i, a := range b.allocs {
		if u, ok := unitView(p, a.Unit); ok && u.Hex == h {
			b.selected = i
			p.rebuildPanel()
			return
		}
	}
}

func (b *allocBuilder) keys(p *PlayScene, in *Input) { commitOnEnter(p, in, b.command(p)) }

func (b *allocBuilder) overlay(p *PlayScene, f *render.Frame) {
	if b.selected < len(b.allocs) {
		if u, ok := unitView(p, b.allocs[b.selected].Unit); ok {
			f.Marks = append(f.Marks, render.HexMark{Hex: u.Hex, Colour: render.UIAccent})
		}
	}
}

// declareBuilder is the declare-movement step: per ship, going into warp
// or self-destructing. Sealed like energy allocation.
type declareBuilder struct {
	decl    []rules.Declaration
	confirm rules.UnitID // a self-destruct awaiting confirmation
}

func newDeclareBuilder(p *PlayScene) *declareBuilder {
	b := &declareBuilder{}
	for _, u := range ownShips(p) {
		b.decl = append(b.decl, rules.Declaration{Unit: u.ID})
	}
	return b
}

func (b *declareBuilder) command(p *PlayScene) rules.Command {
	var ds []rules.Declaration
	for _, d := range b.decl {
		if d.Warp || d.SelfDestruct {
			ds = append(ds, d)
		}
	}
	return rules.Command{Kind: rules.CmdDeclare, Side: p.viewer, Declarations: ds}
}

func (b *declareBuilder) build(p *PlayScene, box *widget.Container) {
	heading(p, box, "Declare movement", "Declare going into warp (speeds add up; -1 to your hits per warp factor) or self-destruction. Sealed.")
	for i := range b.decl {
		d := &b.decl[i]
		name := unitName(p, d.Unit)
		warp := "[ ] " + name + ": go into warp"
		if d.Warp {
			warp = "[x] " + name + ": go into warp"
		}
		box.AddChild(button(warp, func() { d.Warp = !d.Warp; p.rebuildPanel() }, stretch()))
		switch {
		case d.SelfDestruct:
			box.AddChild(button("[x] "+name+": SELF-DESTRUCT (click to cancel)", func() { d.SelfDestruct = false; p.rebuildPanel() }, stretch()))
		case b.confirm == d.Unit:
			box.AddChild(button("Really destroy "+name+"? Click to confirm", func() {
				d.SelfDestruct, b.confirm = true, ""
				p.rebuildPanel()
			}, stretch()))
		default:
			box.AddChild(button("[ ] "+name+": self-destruct", func() { b.confirm = d.Unit; p.rebuildPanel() }, stretch()))
		}
	}
	commitRow(p, box, "Commit declarations", b.command(p))
}

func (b *declareBuilder) click(*PlayScene, rules.Hex)       {}
func (b *declareBuilder) overlay(*PlayScene, *render.Frame) {}
func (b *declareBuilder) keys(p *PlayScene, in *Input)      { commitOnEnter(p, in, b.command(p)) }
