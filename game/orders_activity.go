package game

import (
	"fmt"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// activityBuilder is the impulse activity panel: the rules' options for
// docking, transfers, webs and craft as toggles, a row per unit for its
// devices (each device it carries, at each unit in reach), and a row per
// unit for tractor beams: lock a free beam on a unit in reach, keep or
// release a beam, or strain against a beam that holds it, each with the
// battery energy committed (sealed: the contests are decided at the
// reveal, docs/RULES.md "Tractor beams").
type activityBuilder struct {
	choice  *choiceBuilder
	beams   []beamRow
	devices []deviceRow
	guides  []guideRow // seeker guidance handoffs (orders_guidance.go)
}

// deviceRow is one unit's device use: the uses it may make (a unit uses
// one device a turn), the one chosen and, for the displacement device,
// the direction its target is thrown.
type deviceRow struct {
	unit   rules.UnitID
	uses   []deviceAction
	pick   int
	facing rules.Direction
}

// deviceAction is one device use; use is nil for none.
type deviceAction struct {
	label string
	use   *rules.DeviceUse
}

// beamRow is one unit's tractor choice: the actions it may take, the one
// chosen and the energy committed.
type beamRow struct {
	c       rules.TractorChoice
	actions []beamAction
	pick    int
	energy  int
}

// beamAction is one tractor action of a unit; order is nil for giving no
// order.
type beamAction struct {
	label string
	order *rules.TractorOrder
}

func newActivityBuilder(p *orderDesk) *activityBuilder {
	b := &activityBuilder{choice: newChoiceBuilder(p, rules.CmdActivity)}
	// Tractor orders and devices get their own rows below.
	keep := b.choice.options[:0]
	for _, o := range b.choice.options {
		if len(o.Tractors) == 0 && len(o.Devices) == 0 && len(o.Handoffs) == 0 {
			keep = append(keep, o)
		}
	}
	b.choice.options = keep
	b.choice.chosen = make([]bool, len(keep))
	for _, c := range p.TractorChoices() {
		b.beams = append(b.beams, beamRow{c: c, actions: beamActions(p, c)})
	}
	for _, c := range p.DeviceChoices() {
		if len(b.devices) == 0 || b.devices[len(b.devices)-1].unit != c.Unit {
			u, _ := unitView(p, c.Unit)
			b.devices = append(b.devices, deviceRow{unit: c.Unit, uses: []deviceAction{{label: "uses no device"}}, facing: u.Facing})
		}
		r := &b.devices[len(b.devices)-1]
		name := deviceName(c.Device)
		if len(c.Targets) == 0 {
			r.uses = append(r.uses, deviceAction{label: fmt.Sprintf("%s (%d)", name, c.Cost), use: &rules.DeviceUse{Unit: c.Unit, Device: c.Device}})
		}
		for _, t := range c.Targets {
			r.uses = append(r.uses, deviceAction{label: fmt.Sprintf("%s on %s (%d)", name, unitName(p, t), c.Cost),
				use: &rules.DeviceUse{Unit: c.Unit, Device: c.Device, Target: t}})
		}
	}
	b.guides = newGuideRows(p)
	return b
}

// deviceName names a device for people.
func deviceName(d rules.DeviceKind) string {
	switch d {
	case rules.DeviceESG:
		return "expanding sphere"
	case rules.DeviceSFG:
		return "stasis field"
	case rules.DeviceDisplacement:
		return "displacement device"
	case rules.DeviceTemporal:
		return "temporal elevator: out of time to the end of the turn"
	case rules.DeviceWeb:
		return "web caster"
	case rules.DeviceCloak:
		return "cloak"
	}
	return string(d)
}

// use returns the row's device use, or nil.
func (r *deviceRow) use() *rules.DeviceUse {
	a := r.uses[r.pick]
	if a.use == nil {
		return nil
	}
	u := *a.use
	if u.Device == rules.DeviceDisplacement {
		u.Facing = r.facing
	}
	return &u
}

// beamActions lists what unit c may do with beams: nothing, keep or
// release what it holds, lock on each unit in reach, strain against the
// beam holding it.
func beamActions(p *orderDesk, c rules.TractorChoice) []beamAction {
	out := []beamAction{{label: "no tractor order"}}
	if c.Holds != "" {
		out[0].label = fmt.Sprintf("holds %s (beam %d)", unitName(p, c.Holds), c.Boxes)
		out = append(out,
			beamAction{label: fmt.Sprintf("holds %s, committing energy", unitName(p, c.Holds)), order: &rules.TractorOrder{Unit: c.Unit, Target: c.Holds}},
			beamAction{label: "releases " + unitName(p, c.Holds), order: &rules.TractorOrder{Unit: c.Unit, Release: true}})
	}
	for _, t := range c.Targets {
		out = append(out, beamAction{label: "locks on " + unitName(p, t), order: &rules.TractorOrder{Unit: c.Unit, Target: t}})
	}
	if c.HeldBy != "" {
		out = append(out, beamAction{label: "strains against " + unitName(p, c.HeldBy) + "'s beam", order: &rules.TractorOrder{Unit: c.Unit, Resist: true}})
	}
	return out
}

// order returns the row's tractor order, or nil.
func (r *beamRow) order() *rules.TractorOrder {
	a := r.actions[r.pick]
	if a.order == nil {
		return nil
	}
	o := *a.order
	if !o.Release {
		o.Energy = r.energy
	}
	return &o
}

func (b *activityBuilder) command(p *orderDesk) rules.Command {
	cmd := b.choice.command(p)
	for i := range b.beams {
		if o := b.beams[i].order(); o != nil {
			cmd.Tractors = append(cmd.Tractors, *o)
		}
	}
	for i := range b.devices {
		if u := b.devices[i].use(); u != nil {
			cmd.Devices = append(cmd.Devices, *u)
		}
	}
	for i := range b.guides {
		if h := b.guides[i].handoff(); h != nil {
			cmd.Handoffs = append(cmd.Handoffs, *h)
		}
	}
	return cmd
}

func (b *activityBuilder) build(p *orderDesk, box *widget.Container) {
	heading(p, box, stepTitle(rules.StepActivity), "Docking, transfers, devices, webs, craft launches and tractor beams. Sealed until every side has chosen.")
	if len(b.choice.options) == 0 && len(b.beams) == 0 && len(b.guides) == 0 && len(b.devices) == 0 {
		box.AddChild(p.env.wrapped("Nothing to choose.", 14, render.UITextDim, ordersWidth-28))
	}
	b.choice.toggles(p, box)
	if len(b.devices) > 0 {
		box.AddChild(p.env.label("Devices", render.Bold, 15, render.UIAccent))
		box.AddChild(p.env.wrapped("One device a turn per unit, paid from its batteries. Click a row to choose.", 12, render.UITextDim, ordersWidth-28))
	}
	for i := range b.devices {
		r := &b.devices[i]
		box.AddChild(liveButton(p, func() string { return fmt.Sprintf("%s %s  >", unitName(p, r.unit), r.uses[r.pick].label) },
			func() { r.pick = (r.pick + 1) % len(r.uses) }, stretch()))
		throw := liveButton(p, func() string { return fmt.Sprintf("  thrown toward %s  >", r.facing) },
			func() { r.facing = rules.Direction((int(r.facing) + 1) % 6) }, stretch())
		showWhen(p, throw, func() bool { u := r.use(); return u != nil && u.Device == rules.DeviceDisplacement })
		box.AddChild(throw)
	}
	if len(b.beams) > 0 {
		box.AddChild(p.env.label("Tractor beams", render.Bold, 15, render.UIAccent))
		box.AddChild(p.env.wrapped("A beam's strength is its tractor boxes plus the battery energy committed; the strongest holds, a tie goes to the beam already holding. A held unit breaks free by straining harder: its energy, plus its own boxes if its beam is readied and free. Energy committed is spent either way.", 12, render.UITextDim, ordersWidth-28))
	}
	for i := range b.beams {
		r := &b.beams[i]
		box.AddChild(liveButton(p, func() string { return fmt.Sprintf("%s %s  >", unitName(p, r.c.Unit), r.actions[r.pick].label) },
			func() { r.pick, r.energy = (r.pick+1)%len(r.actions), 0 }, stretch()))
		energy := spinner(p, func() string {
			strength := fmt.Sprintf("beam %d", r.c.Boxes+r.energy)
			if o := r.order(); o != nil && o.Resist {
				strength = fmt.Sprintf("strains %d", r.c.Pressor+r.energy)
			}
			return fmt.Sprintf("  energy (of %d): %s", r.c.Battery, strength)
		}, func() string { return fmt.Sprint(r.energy) },
			func() { r.energy = max(0, r.energy-1) },
			func() { r.energy = min(r.c.Battery, r.energy+1) })
		showWhen(p, energy, func() bool { o := r.order(); return o != nil && !o.Release })
		box.AddChild(energy)
	}
	guideRows(p, box, b.guides)
	commitRow(p, fixed("Commit"), func() rules.Command { return b.command(p) })
}

// click cycles the tractor action of the own unit clicked on, or the
// guidance of the own seeker clicked on.
func (b *activityBuilder) click(p *orderDesk, h rules.Hex) {
	if clickGuide(p, b.guides, h) {
		return
	}
	for i := range b.beams {
		if u, ok := unitView(p, b.beams[i].c.Unit); ok && u.Hex == h {
			b.beams[i].pick = (b.beams[i].pick + 1) % len(b.beams[i].actions)
			b.beams[i].energy = 0
			p.changed()
			return
		}
	}
}

func (b *activityBuilder) keys(p *orderDesk, in Intents) { commitOnIntent(p, in, b.command(p)) }

// overlay marks each unit a beam is ordered to lock on or keep, and each
// ship a seeker's guidance passes to.
func (b *activityBuilder) overlay(p *orderDesk, f *render.Frame) {
	guideMarks(p, f, b.guides)
	for i := range b.beams {
		o := b.beams[i].order()
		if o == nil || o.Target == "" {
			continue
		}
		if u, ok := unitView(p, o.Target); ok {
			f.Marks = append(f.Marks, render.HexMark{Hex: u.Hex, Colour: render.UIAccent, Label: "beam"})
		}
	}
}
