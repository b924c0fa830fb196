package game

import (
	"fmt"
	"slices"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// allocBuilder is the energy allocation dialog: per ship, speed, shield
// and armor reinforcement, weapons armed, erratic maneuvering and
// batteries, with the energy total and the legality shown live. It starts
// from the rules' ready allocation.
type allocBuilder struct {
	allocs   []rules.Allocation
	selected int
}

func newAllocBuilder(p *orderDesk) *allocBuilder {
	b := &allocBuilder{}
	if legal := p.Legal(); len(legal) > 0 {
		b.allocs = slices.Clone(legal[0].Allocations)
		for i := range b.allocs {
			b.allocs[i].Arm = slices.Clone(b.allocs[i].Arm)
		}
	}
	return b
}

func (b *allocBuilder) command(p *orderDesk) rules.Command {
	return rules.Command{Kind: rules.CmdAllocate, Side: p.Side(), Allocations: b.allocs}
}

func (b *allocBuilder) build(p *orderDesk, box *widget.Container) {
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

func (b *allocBuilder) editor(p *orderDesk, box *widget.Container, a *rules.Allocation) {
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
		if w.Charged() && !ss.Mounts[m].Destroyed {
			label, toggle := chargeToggle(a, w, m, ss.Mounts[m])
			box.AddChild(button(label, func() { toggle(); changed() }, stretch()))
			continue
		}
		if w.Seeking() || ss.Mounts[m].Destroyed {
			continue
		}
		on := slices.Contains(a.Arm, m)
		label := fmt.Sprintf("[ ] Arm %s %s (%d)", w.Name, rules.MountLabel(m), w.Arm)
		if on {
			label = fmt.Sprintf("[x] Arm %s %s (%d)", w.Name, rules.MountLabel(m), w.Arm)
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
	if cost := cloakCost(u, &c); cost > 0 {
		label := fmt.Sprintf("[ ] Cloak (%d): fades in over %d impulses", cost, rules.CloakFadeImpulses)
		if a.Cloak {
			label = fmt.Sprintf("[x] Cloak (%d): no fire, launch, beams or docking while cloaked", cost)
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
func (b *allocBuilder) click(p *orderDesk, h rules.Hex) {
	for i, a := range b.allocs {
		if u, ok := unitView(p, a.Unit); ok && u.Hex == h {
			b.selected = i
			p.rebuildPanel()
			return
		}
	}
}

func (b *allocBuilder) keys(p *orderDesk, in Intents) { commitOnIntent(p, in, b.command(p)) }

func (b *allocBuilder) overlay(p *orderDesk, f *render.Frame) {
	if b.selected < len(b.allocs) {
		if u, ok := unitView(p, b.allocs[b.selected].Unit); ok {
			f.Marks = append(f.Marks, render.HexMark{Hex: u.Hex, Colour: render.UIAccent})
		}
	}
}

// declareBuilder is the declare-movement step: per ship, going into warp
// or self-destructing; a ship in a gravity rift system may withdraw
// through it (GRN.5-8), and a unit in reserve may re-enter next to a ship
// of its side (GR41.2.3), at a hex clicked on the map. Sealed like energy
// allocation.
type declareBuilder struct {
	decl    []rules.Declaration
	confirm rules.UnitID // a self-destruct awaiting confirmation
	// reserve are the side's units in reserve; entering the one whose
	// place a map click sets.
	reserve  []rules.UnitView
	entering rules.UnitID
}

func newDeclareBuilder(p *orderDesk) *declareBuilder {
	b := &declareBuilder{}
	for _, u := range ownShips(p) {
		b.decl = append(b.decl, rules.Declaration{Unit: u.ID})
	}
	for _, u := range p.view().Reserve {
		b.reserve = append(b.reserve, u)
		b.decl = append(b.decl, rules.Declaration{Unit: u.ID})
	}
	return b
}

func (b *declareBuilder) command(p *orderDesk) rules.Command {
	var ds []rules.Declaration
	for _, d := range b.decl {
		if d.Warp || d.SelfDestruct || d.Withdraw || d.Enter != nil {
			ds = append(ds, d)
		}
	}
	return rules.Command{Kind: rules.CmdDeclare, Side: p.Side(), Declarations: ds}
}

// riftOf returns the gravity rift system the own unit u stands in, from
// which it may withdraw, if any.
func riftOf(p *orderDesk, u rules.UnitView) (rules.System, bool) {
	m := p.view().Map(u.Map)
	if m == nil || m.Terrain == nil || u.Ghost || u.Away || u.Status != rules.StatusOnMap {
		return rules.System{}, false
	}
	return m.Terrain.RiftSystemAt(u.Hex)
}

func (b *declareBuilder) inReserve(id rules.UnitID) (rules.UnitView, bool) {
	for _, u := range b.reserve {
		if u.ID == id {
			return u, true
		}
	}
	return rules.UnitView{}, false
}

func (b *declareBuilder) build(p *orderDesk, box *widget.Container) {
	heading(p, box, "Declare movement", "Declare going into warp (speeds add up; -1 to your hits per warp factor) or self-destruction; "+
		"withdraw a ship from the battle through the gravity rift it is in (a d10 of 1-3 sends it to reserve instead); "+
		"bring a unit back from reserve next to a ship of yours. Sealed.")
	for i := range b.decl {
		d := &b.decl[i]
		name := unitName(p, d.Unit)
		if ru, ok := b.inReserve(d.Unit); ok {
			if ru.Name != "" {
				name = ru.Name
			}
			b.buildReentry(p, box, d, name)
			continue
		}
		warp := "[ ] " + name + ": go into warp"
		if d.Warp {
			warp = "[x] " + name + ": go into warp"
		}
		box.AddChild(button(warp, func() { d.Warp, d.Withdraw = !d.Warp, false; p.rebuildPanel() }, stretch()))
		if u, ok := unitView(p, d.Unit); ok {
			if sys, in := riftOf(p, u); in {
				mark := "[ ] "
				if d.Withdraw {
					mark = "[x] "
				}
				label := fmt.Sprintf("%s%s: withdraw through %s (3 in 10: to reserve)", mark, name, sysTitle(sys))
				box.AddChild(button(label, func() { d.Withdraw, d.Warp = !d.Withdraw, false; p.rebuildPanel() }, stretch()))
			}
		}
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

// buildReentry adds the rows of a unit in reserve: re-enter or not, and
// where and facing which way.
func (b *declareBuilder) buildReentry(p *orderDesk, box *widget.Container, d *rules.Declaration, name string) {
	hexes := p.ReentryHexes(d.Unit)
	if len(hexes) == 0 {
		box.AddChild(p.env.wrapped(name+" is in reserve: no ship of yours outside the rifts to re-enter next to.", 13, render.UITextDim, ordersWidth-28))
		return
	}
	if d.Enter == nil {
		box.AddChild(button("[ ] "+name+" (in reserve): re-enter", func() {
			h := hexes[0]
			d.Enter, b.entering = &h, d.Unit
			p.rebuildPanel()
		}, stretch()))
		return
	}
	box.AddChild(button(fmt.Sprintf("[x] %s: re-enter at %v (click a marked hex)", name, *d.Enter), func() {
		d.Enter, b.entering = nil, ""
		p.rebuildPanel()
	}, stretch()))
	box.AddChild(row(8,
		p.env.label("Facing "+d.Facing.String(), render.Regular, 14, render.UIText),
		button("turn left", func() { d.Facing = d.Facing.Turn(-1); b.entering = d.Unit; p.rebuildPanel() }),
		button("turn right", func() { d.Facing = d.Facing.Turn(1); b.entering = d.Unit; p.rebuildPanel() })))
}

func sysTitle(sys rules.System) string {
	if sys.Name != "" {
		return sys.Name
	}
	return sys.ID
}

// click places the re-entry being set at a hex where it may re-enter.
func (b *declareBuilder) click(p *orderDesk, h rules.Hex) {
	for i := range b.decl {
		d := &b.decl[i]
		if d.Unit != b.entering || d.Enter == nil {
			continue
		}
		if slices.Contains(p.ReentryHexes(d.Unit), h) {
			hh := h
			d.Enter = &hh
			p.rebuildPanel()
		}
	}
}

// overlay marks where the re-entry being set may go, and where it is.
func (b *declareBuilder) overlay(p *orderDesk, f *render.Frame) {
	for _, d := range b.decl {
		if d.Unit != b.entering || d.Enter == nil {
			continue
		}
		for _, h := range p.ReentryHexes(d.Unit) {
			f.Marks = append(f.Marks, render.HexMark{Hex: h, Colour: render.UIAccent.WithAlpha(0.5)})
		}
		f.Marks = append(f.Marks, render.HexMark{Hex: *d.Enter, Colour: render.UIGood, Label: unitName(p, d.Unit) + " re-enters"})
	}
}

func (b *declareBuilder) keys(p *orderDesk, in Intents) { commitOnIntent(p, in, b.command(p)) }

// cloakCost returns the energy per turn of u's cloak, its class's or one
// its scenario fitted, or 0 for none.
func cloakCost(u rules.UnitView, c *rules.Class) int {
	switch {
	case c.CloakCost > 0:
		return c.CloakCost
	case slices.Contains(u.Devices, rules.DeviceCloak):
		return rules.FittedCloakCost
	}
	return 0
}
