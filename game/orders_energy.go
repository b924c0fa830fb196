package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// allocBuilder is the energy allocation dialog: per ship, speed, shield
// and armor reinforcement, weapons armed, erratic maneuvering and
// batteries, with what each costs, the energy total, the limits that
// bind and the legality shown live, and presets for the whole fleet. It
// starts from the balanced preset: every weapon armed, then last turn's
// speed as far as the energy goes, so that committing at once never
// leaves a ship unarmed.
//
// At the table of a game played by file the side's units out of phase
// follow its fleet (orderDesk.limbo, pbemlimbo.go): allocs[pub:] are
// theirs, checked and kept apart from the sealed command.
type allocBuilder struct {
	allocs   []rules.Allocation
	selected int
	pub      int
}

// allocPreset is a way to spend a ship's energy, for the preset buttons.
type allocPreset struct {
	name, help string
	fill       func(u rules.UnitView, c *rules.Class) rules.Allocation
}

// allocPresets are the presets, the first the panel's starting point.
var allocPresets = []allocPreset{
	{"Balanced", "Arm every weapon, then keep last turn's speed as far as the energy goes; the rest charges the batteries.",
		func(u rules.UnitView, c *rules.Class) rules.Allocation {
			return fillAlloc(u, c, true, u.Detail.Allocated)
		}},
	{"All weapons", "Arm every weapon, then as fast as the rest of the energy and the acceleration limit allow.",
		func(u rules.UnitView, c *rules.Class) rules.Allocation { return fillAlloc(u, c, true, 1<<20) }},
	{"Max speed", "As fast as the energy and the acceleration limit allow, then arm the weapons the rest pays for.",
		func(u rules.UnitView, c *rules.Class) rules.Allocation { return fillAlloc(u, c, false, 1<<20) }},
	{"As last turn", "Keep last turn's speed first, then arm the weapons the rest pays for (the rules' ready allocation).",
		func(u rules.UnitView, c *rules.Class) rules.Allocation {
			return fillAlloc(u, c, false, u.Detail.Allocated)
		}},
}

// fillAlloc spends u's power: weapons first or speed first, a speed of at
// most want (and the acceleration limit), the rest into the batteries.
func fillAlloc(u rules.UnitView, c *rules.Class, weaponsFirst bool, want int) rules.Allocation {
	ss := u.Detail
	a := rules.Allocation{Unit: u.ID}
	budget := ss.Power()
	weapons := func() {
		for m, mt := range c.Mounts {
			w, _ := rules.LookupWeapon(mt.Weapon)
			ms := ss.Mounts[m]
			switch {
			case ms.Destroyed || (w.Seeking() && !w.Charged()):
			case w.Charged() && ms.Charge >= w.ArmTurns:
				if w.Hold <= budget {
					a.Hold = append(a.Hold, m)
					budget -= w.Hold
				}
			case w.Arm <= budget:
				a.Arm = append(a.Arm, m)
				budget -= w.Arm
			}
		}
	}
	speed := func() {
		if !c.Mobile() {
			return
		}
		a.Movement, a.Impulse = rules.BuySpeed(c, ss, min(want, rules.MaxAcceleration(ss.Allocated, c.SizeClass)), budget)
		budget -= a.Movement + boolInt(a.Impulse)
	}
	if weaponsFirst {
		weapons()
		speed()
	} else {
		speed()
		weapons()
	}
	a.Battery = max(min(budget, ss.Boxes[rules.SysBattery]-ss.Battery), 0)
	return a
}

func newAllocBuilder(p *orderDesk) *allocBuilder {
	b := &allocBuilder{}
	if legal := p.Legal(); len(legal) > 0 {
		b.allocs = slices.Clone(legal[0].Allocations)
		for i := range b.allocs {
			b.allocs[i].Arm = slices.Clone(b.allocs[i].Arm)
			b.allocs[i].Hold = slices.Clone(b.allocs[i].Hold)
		}
	}
	b.pub = len(b.allocs)
	b.addLimbo(p)
	b.preset(p, allocPresets[0])
	return b
}

// preset spends every ship's energy the preset's way; a ship it cannot
// fill legally (the rules know more, such as a cloak's timing) keeps the
// rules' ready allocation.
func (b *allocBuilder) preset(p *orderDesk, pr allocPreset) {
	for i := range b.allocs {
		u, ok := unitView(p, b.allocs[i].Unit)
		c, found := rules.LookupClass(u.Class)
		if !ok || !found || u.Detail == nil {
			continue
		}
		prev := b.allocs[i]
		b.allocs[i] = pr.fill(u, &c)
		if err := b.check(p); err != nil {
			b.allocs[i] = prev
		}
	}
}

func (b *allocBuilder) command(p *orderDesk) rules.Command {
	return rules.Command{Kind: rules.CmdAllocate, Side: p.Side(), Allocations: b.allocs[:b.pub]}
}

// shipCost returns the cost of allocation i and the energy it may spend.
func (b *allocBuilder) shipCost(p *orderDesk, i int) (cost, have int) {
	a := &b.allocs[i]
	u, _ := unitView(p, a.Unit)
	c, _ := rules.LookupClass(u.Class)
	return a.Cost(&c), u.Detail.Power() + a.FromBattery
}

func (b *allocBuilder) build(p *orderDesk, box *widget.Container) {
	heading(p, box, stepTitle(rules.StepEnergyAllocation), "Spend each ship's power for the turn. Sealed: no one sees it until every side has committed.")
	box.AddChild(p.env.label("Presets for every ship (point at one to read it):", render.Regular, 13, render.UITextDim))
	presets := grid(2)
	for _, pr := range allocPresets {
		presets.AddChild(button(pr.name, func() { b.preset(p, pr); p.changed() }, tip(p, pr.help)))
	}
	box.AddChild(presets)
	for i, a := range b.allocs {
		u, _ := unitView(p, a.Unit)
		c, _ := rules.LookupClass(u.Class)
		box.AddChild(liveButton(p, func() string {
			a := &b.allocs[i]
			cost, have := b.shipCost(p, i)
			mark := "  "
			if i == b.selected {
				mark = "> "
			}
			name := u.Name
			if i >= b.pub {
				name += " (out of phase)"
			}
			return fmt.Sprintf("%s%s   speed %d   energy %d of %d", mark, name, rules.SpeedFromEnergy(&c, a.Movement, a.Impulse), cost, have)
		}, func() { b.selected = i }, stretch()))
	}
	for i := range b.allocs {
		ed := column(8, widget.Insets{})
		b.editor(p, ed, i)
		showWhen(p, ed, func() bool { return b.selected == i })
		box.AddChild(ed)
	}
	b.limboNote(p, box)
	commitRow(p, fixed("Commit energy"), func() rules.Command { return b.command(p) })
}

// costText is the live cost breakdown of allocation a of u.
func costText(u rules.UnitView, c *rules.Class, a *rules.Allocation) string {
	var parts []string
	add := func(what string, n int) {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", what, n))
		}
	}
	move := a.Movement
	if a.Impulse {
		move++
	}
	add("speed", move)
	weapons := 0
	for _, m := range append(slices.Clone(a.Arm), a.Hold...) {
		w, _ := rules.LookupWeapon(c.Mounts[m].Weapon)
		if slices.Contains(a.Hold, m) {
			weapons += w.Hold
		} else {
			weapons += w.Arm
		}
	}
	add("weapons", weapons)
	sh := 0
	for _, n := range a.Shields {
		sh += n * rules.ShieldReinforceCost
	}
	add("shields", sh)
	add("armor", a.Armor)
	add("erratic", a.Erratic*rules.ErraticCost(c.SizeClass))
	if a.Tractor {
		add("tractor", rules.TractorCost)
	}
	if a.Cloak {
		add("cloak", cloakCost(u, c))
	}
	add("to batteries", a.Battery)
	have := u.Detail.Power() + a.FromBattery
	cost := a.Cost(c)
	spent := "nothing"
	if len(parts) > 0 {
		spent = strings.Join(parts, " + ")
	}
	left := fmt.Sprintf("%d left unspent", have-cost)
	if cost > have {
		left = fmt.Sprintf("%d too much", cost-have)
	}
	from := ""
	if a.FromBattery > 0 {
		from = fmt.Sprintf(" (%d of it from the batteries)", a.FromBattery)
	}
	return fmt.Sprintf("Power %d%s. Spent: %s = %d; %s.", have, from, spent, cost, left)
}

// speedText says what a hex of speed costs and which limit binds, if one
// does.
func speedText(u rules.UnitView, c *rules.Class, a *rules.Allocation) string {
	ss := u.Detail
	speed := rules.SpeedFromEnergy(c, a.Movement, a.Impulse)
	limit := rules.MaxAcceleration(ss.Allocated, c.SizeClass)
	s := fmt.Sprintf("A hex of speed costs %s energy (six movement points at %s each)", trimFloat(6*c.MoveCost), trimFloat(c.MoveCost))
	if ss.Boxes[rules.SysImpulse] > 0 {
		s += "; the impulse hex costs 1"
	}
	s += "."
	switch {
	case speed >= limit && ss.Allocated == 0:
		s += fmt.Sprintf(" Speed %d is the most from a standstill: 5 + size class %d (X4.EA.5).", limit, c.SizeClass)
	case speed >= limit:
		s += fmt.Sprintf(" Speed %d is the most this turn: last turn's %d and half as much again (X4.EA.5).", limit, ss.Allocated)
	default:
		cost, have := a.Cost(c), ss.Power()+a.FromBattery
		if next := rules.EnergyForSpeed(c, speed+1-boolInt(a.Impulse)) - a.Movement; cost+next > have {
			s += fmt.Sprintf(" Another hex needs %d more energy than is left.", cost+next-have)
		}
	}
	return s
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// trimFloat writes f with no trailing zeros: 3, 1.5, 0.25.
func trimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// editor adds the widgets of allocation i, built once.
func (b *allocBuilder) editor(p *orderDesk, box *widget.Container, i int) {
	a := &b.allocs[i]
	u, _ := unitView(p, a.Unit)
	c, _ := rules.LookupClass(u.Class)
	ss := u.Detail
	box.AddChild(liveText(p, 13, render.UIAccent, func() string { return costText(u, &c, a) }))
	speed := func() int { return rules.SpeedFromEnergy(&c, a.Movement, a.Impulse) }
	limit := rules.MaxAcceleration(ss.Allocated, c.SizeClass)
	setSpeed := func(v int) {
		v = min(max(0, v), limit)
		hexes := v
		if a.Impulse {
			hexes--
		}
		if hexes < 0 {
			a.Impulse, hexes = false, 0
		}
		a.Movement = rules.EnergyForSpeed(&c, hexes)
	}
	if c.Mobile() {
		box.AddChild(spinner(p, func() string { return fmt.Sprintf("Speed (at most %d)", limit) }, func() string { return fmt.Sprint(speed()) },
			func() { setSpeed(speed() - 1) }, func() { setSpeed(speed() + 1) }))
		box.AddChild(liveText(p, 12, render.UITextDim, func() string { return speedText(u, &c, a) }))
		if ss.Boxes[rules.SysImpulse] > 0 {
			box.AddChild(liveCheck(p, "Impulse hex (1 energy, one hex of speed)", func() bool { return a.Impulse }, func(on bool) {
				a.Impulse = on
				if on && speed() > limit {
					setSpeed(limit)
				}
			}, tip(p, "Impulse power buys one hex of speed for a single energy, once a turn (X4.MV.1).")))
		}
		ec := rules.ErraticCost(c.SizeClass)
		box.AddChild(spinner(p, fixed(fmt.Sprintf("Erratic (%d an impulse)", ec)), func() string { return fmt.Sprint(a.Erratic) },
			func() { a.Erratic = max(0, a.Erratic-1) }, func() { a.Erratic++ },
			tip(p, fmt.Sprintf("Erratic maneuvering makes your ship harder to hit, and your own fire less accurate, for each impulse paid: %d energy each (X4.EM).", ec))))
	}
	box.AddChild(liveText(p, 14, render.UIText, func() string {
		total := 0
		for _, s := range a.Shields {
			total += s
		}
		return fmt.Sprintf("Shield reinforcement, %d energy a point: %d (click a shield to add; past 5 it returns to 0)", rules.ShieldReinforceCost, total)
	}))
	shields := grid(3)
	for k := range a.Shields {
		shields.AddChild(liveButton(p, func() string { return fmt.Sprintf("#%d: %d", k+1, a.Shields[k]) },
			func() { a.Shields[k] = (a.Shields[k] + 1) % 6 },
			tip(p, fmt.Sprintf("Shield %d: each point of reinforcement stops a point of damage there this turn, before the shield's own boxes.", k+1))))
	}
	box.AddChild(shields)
	if ss.Armor > 0 {
		box.AddChild(spinner(p, fixed(fmt.Sprintf("Armor (1 a point, %d boxes)", ss.Armor)), func() string { return fmt.Sprint(a.Armor) },
			func() { a.Armor = max(0, a.Armor-1) }, func() { a.Armor = min(ss.Armor, a.Armor+1) }))
	}
	for m, mt := range c.Mounts {
		w, _ := rules.LookupWeapon(mt.Weapon)
		if w.Charged() && !ss.Mounts[m].Destroyed {
			box.AddChild(chargeCheck(p, a, w, m, ss.Mounts[m]))
			continue
		}
		if w.Seeking() || ss.Mounts[m].Destroyed {
			continue
		}
		box.AddChild(liveCheck(p, fmt.Sprintf("Arm %s %s (%d)", w.Name, rules.MountLabel(m), w.Arm),
			func() bool { return slices.Contains(a.Arm, m) },
			func(on bool) { a.Arm = setMount(a.Arm, m, on) }))
	}
	if ss.Boxes[rules.SysTractor] > 0 {
		box.AddChild(liveCheck(p, fmt.Sprintf("Ready tractor beam (%d)", rules.TractorCost), func() bool { return a.Tractor }, func(on bool) { a.Tractor = on }))
	}
	if cost := cloakCost(u, &c); cost > 0 {
		box.AddChild(liveCheck(p, fmt.Sprintf("Cloak (%d)", cost), func() bool { return a.Cloak }, func(on bool) { a.Cloak = on },
			tip(p, fmt.Sprintf("The cloak fades in over %d impulses; while cloaked the ship cannot fire, launch, use beams or dock.", rules.CloakFadeImpulses))))
	}
	room := ss.Boxes[rules.SysBattery] - ss.Battery
	box.AddChild(spinner(p, fixed(fmt.Sprintf("To batteries (room for %d)", room)), func() string { return fmt.Sprint(a.Battery) },
		func() { a.Battery = max(0, a.Battery-1) }, func() { a.Battery = min(room+a.FromBattery, a.Battery+1) }))
	if ss.Battery > 0 {
		box.AddChild(spinner(p, fixed(fmt.Sprintf("From batteries (hold %d)", ss.Battery)), func() string { return fmt.Sprint(a.FromBattery) },
			func() { a.FromBattery = max(0, a.FromBattery-1) }, func() { a.FromBattery = min(ss.Battery, a.FromBattery+1) }))
	}
}

// setMount adds mount m to the sorted list, or takes it out.
func setMount(list []int, m int, on bool) []int {
	i := slices.Index(list, m)
	switch {
	case on && i < 0:
		list = append(list, m)
		slices.Sort(list)
	case !on && i >= 0:
		list = slices.Delete(list, i, i+1)
	}
	return list
}

// click selects the allocation of the own ship clicked on.
func (b *allocBuilder) click(p *orderDesk, h rules.Hex) {
	for i, a := range b.allocs {
		if u, ok := unitView(p, a.Unit); ok && u.Hex == h {
			b.selected = i
			p.changed()
			return
		}
	}
}

func (b *allocBuilder) keys(p *orderDesk, in Intents) { commitOnIntent(p, in, b.command(p)) }

// overlay marks the ship selected in the panel, which the camera follows.
func (b *allocBuilder) overlay(p *orderDesk, f *render.Frame) {
	if b.selected < len(b.allocs) {
		if u, ok := unitView(p, b.allocs[b.selected].Unit); ok {
			f.Selected = u.ID
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
	heading(p, box, stepTitle(rules.StepDeclareMovement), "Declare going into warp (speeds add up; -1 to your hits per warp factor) or self-destruction; "+
		"withdraw a ship from the battle through the gravity rift it is in (a d10 of 1-3 sends it to reserve instead); "+
		"bring a unit back from reserve next to a ship of yours. Sealed.")
	ids := make([]rules.UnitID, len(b.decl))
	for i, d := range b.decl {
		ids[i] = d.Unit
	}
	names := distinctNames(p, ids)
	for i := range b.decl {
		d := &b.decl[i]
		name := names[d.Unit]
		if ru, ok := b.inReserve(d.Unit); ok {
			if ru.Name != "" {
				name = ru.Name
			}
			b.buildReentry(p, box, d, name)
			continue
		}
		// Going into warp is offered where the rules take it: not for a
		// seeking weapon, small craft, a base, or a ship with no forward
		// speed allocated (X4.WARP).
		warp := rules.Command{Kind: rules.CmdDeclare, Side: p.Side(), Declarations: []rules.Declaration{{Unit: d.Unit, Warp: true}}}
		if p.Check(warp) == nil {
			box.AddChild(liveCheck(p, name+": go into warp", func() bool { return d.Warp }, func(on bool) { d.Warp, d.Withdraw = on, d.Withdraw && !on }))
		}
		if u, ok := unitView(p, d.Unit); ok {
			if sys, in := riftOf(p, u); in {
				box.AddChild(liveCheck(p, fmt.Sprintf("%s: withdraw through %s (3 in 10: to reserve)", name, sysTitle(sys)),
					func() bool { return d.Withdraw }, func(on bool) { d.Withdraw, d.Warp = on, d.Warp && !on }))
			}
		}
		// Self-destruction asks first: the box opens a question, and
		// only its Yes declares it.
		box.AddChild(liveCheck(p, name+": self-destruct", func() bool { return d.SelfDestruct || b.confirm == d.Unit }, func(on bool) {
			d.SelfDestruct = false
			b.confirm = ""
			if on {
				b.confirm = d.Unit
			}
		}, tip(p, "The ship is destroyed when the declarations are revealed, before anyone moves (X4.DM.1). It cannot be undone.")))
		ask := column(4, widget.Insets{Left: 26}, p.env.label("Really destroy "+name+"? It cannot be undone.", render.Bold, 14, render.UIDanger),
			row(6, button("Yes, destroy "+name, func() { d.SelfDestruct, b.confirm = true, ""; p.changed() }),
				button("No", func() { b.confirm = ""; p.changed() })))
		showWhen(p, ask, func() bool { return b.confirm == d.Unit })
		box.AddChild(ask)
		armed := p.env.label(name+" will self-destruct.", render.Bold, 14, render.UIDanger)
		showWhen(p, armed, func() bool { return d.SelfDestruct })
		box.AddChild(armed)
	}
	commitRow(p, func() string {
		for _, d := range b.decl {
			if d.SelfDestruct {
				return "Commit declarations (self-destruct!)"
			}
		}
		return "Commit declarations"
	}, func() rules.Command { return b.command(p) })
}

// buildReentry adds the rows of a unit in reserve: re-enter or not, and
// where and facing which way.
func (b *declareBuilder) buildReentry(p *orderDesk, box *widget.Container, d *rules.Declaration, name string) {
	hexes := p.ReentryHexes(d.Unit)
	if len(hexes) == 0 {
		box.AddChild(p.env.wrapped(name+" is in reserve: no ship of yours outside the rifts to re-enter next to.", 13, render.UITextDim, ordersWidth-28))
		return
	}
	enter := liveCheck(p, name+" (in reserve): re-enter", func() bool { return d.Enter != nil }, func(on bool) {
		d.Enter, b.entering = nil, ""
		if on {
			h := hexes[0]
			d.Enter, b.entering = &h, d.Unit
		}
	})
	box.AddChild(enter)
	where := liveText(p, 13, render.UIText, func() string {
		if d.Enter == nil {
			return ""
		}
		return fmt.Sprintf("Re-enters at %v, facing %s: click a marked hex to move it.", *d.Enter, d.Facing)
	})
	box.AddChild(where)
	turn := row(8,
		button("turn left", func() { d.Facing = d.Facing.Turn(-1); b.entering = d.Unit; p.changed() }),
		button("turn right", func() { d.Facing = d.Facing.Turn(1); b.entering = d.Unit; p.changed() }))
	showWhen(p, turn, func() bool { return d.Enter != nil })
	box.AddChild(turn)
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
			p.changed()
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
