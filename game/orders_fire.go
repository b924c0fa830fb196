package game

import (
	"fmt"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// fireBuilder is the sealed direct-fire declaration: pick one of your
// ships, then click an enemy to aim every armed mount that can reach it;
// the panel lists each shot with its exact odds from the rules.
type fireBuilder struct{ *aimer }

func newFireBuilder(p *orderDesk) *fireBuilder {
	direct := func(w rules.Weapon) bool { return !w.Seeking() }
	check := func(sh rules.Shot) error { _, err := p.ShotOdds(sh); return err }
	return &fireBuilder{newAimer(p, rules.CmdFire, "shot", direct, check)}
}

func (b *fireBuilder) build(p *orderDesk, box *widget.Container) {
	heading(p, box, stepTitle(rules.StepDirectFire), "Choose a ship, then click an enemy to aim every weapon that reaches it, or tick weapon by weapon below to split the fire between targets. Sealed: all fire is revealed and resolved together.")
	if len(b.units) == 0 {
		box.AddChild(p.env.wrapped("None of your ships can fire now (no armed weapon in range and arc).", 14, render.UITextDim, ordersWidth-28))
	}
	b.unitRows(p, box, func(sh rules.Shot) (string, string) { return shotOption(p, sh) })
	box.AddChild(liveText(p, 13, render.UIText, func() string { return b.summary(p) }))
	clear := button("Clear all shots", func() { b.shots = nil; p.changed() }, stretch())
	showWhen(p, clear, func() bool { return len(b.shots) > 0 })
	box.AddChild(clear)
	commitRow(p, func() string {
		if len(b.shots) == 0 {
			return "Hold fire"
		}
		return "Commit fire"
	}, func() rules.Command { return b.command(p) })
}

// shotOption names one weapon's shot at a target, "Disruptor #3: 4 in 6,
// 5 damage", and gives its odds in words.
func shotOption(p *orderDesk, sh rules.Shot) (label, odds string) {
	u, _ := unitView(p, sh.Attacker)
	c, _ := rules.LookupClass(u.Class)
	w, _ := rules.LookupWeapon(c.Mounts[sh.Mount].Weapon)
	o, err := p.ShotOdds(sh)
	if err != nil {
		return fmt.Sprintf("%s %s", w.Name, rules.MountLabel(sh.Mount)), ""
	}
	return fmt.Sprintf("%s %s: %d in 6, %d damage", w.Name, rules.MountLabel(sh.Mount), o.Sixths, o.Damage),
		fmt.Sprintf("It %s; strikes shield %d.", needText(o), o.Shield)
}

// needText explains a shot's roll in words (the rules' "need 4+1": a d6
// plus the modifier must be at most the chart's number): the roll that
// hits, the chart's number at the range and what moved it.
func needText(o rules.ShotOdds) string {
	switch {
	case o.Sixths <= 0:
		return fmt.Sprintf("cannot hit (the chart needs %d at range %d, %+d to the roll)", o.Need, o.Range, o.Modifier)
	case o.Sixths >= 6:
		return fmt.Sprintf("hits on any roll at range %d", o.Range)
	case o.Modifier == 0:
		return fmt.Sprintf("hits on a d6 of %d or less at range %d", o.Sixths, o.Range)
	}
	return fmt.Sprintf("hits on a d6 of %d or less: the chart's %d at range %d, %+d to the roll", o.Sixths, o.Need, o.Range, o.Modifier)
}

// summary totals the aimed fire per target: the expected damage, the
// most it could do, and an overkill warning where every hit together
// would do more than the target can possibly take (its shields struck,
// its armor and every internal box its class has).
func (b *fireBuilder) summary(p *orderDesk) string {
	if len(b.shots) == 0 {
		return ""
	}
	type tally struct {
		n       int
		exp     float64
		most    int
		shields map[int]bool
	}
	by := map[rules.UnitID]*tally{}
	var order []rules.UnitID
	total := 0.0
	for _, sh := range b.shots {
		o, err := p.ShotOdds(sh)
		if err != nil {
			continue
		}
		t := by[sh.Target]
		if t == nil {
			t = &tally{shields: map[int]bool{}}
			by[sh.Target] = t
			order = append(order, sh.Target)
		}
		t.n++
		t.exp += o.Chance() * float64(o.Damage)
		t.most += o.Damage
		t.shields[o.Shield] = true
		total += o.Chance() * float64(o.Damage)
	}
	var lines []string
	for _, id := range order {
		t := by[id]
		line := fmt.Sprintf("At %s: %d %s, expected %.1f damage, %d if all hit.", unitName(p, id), t.n, nounFor(t.n, "shot"), t.exp, t.most)
		if can, ok := mostItTakes(p, id, t.shields); ok && t.most > can {
			line += fmt.Sprintf(" Overkill: it can take at most %d; aim some of it elsewhere.", can)
		}
		lines = append(lines, line)
	}
	lines = append(lines, fmt.Sprintf("Expected damage in all: %.1f", total))
	return strings.Join(lines, "\n")
}

// mostItTakes is the most damage target id could take before it is
// destroyed, from what the side sees: the shields struck, its armor and
// excess, and every internal box of its class.
func mostItTakes(p *orderDesk, id rules.UnitID, shields map[int]bool) (int, bool) {
	t, ok := unitView(p, id)
	if !ok {
		return 0, false
	}
	c, ok := rules.LookupClass(t.Class)
	if !ok {
		return 0, false
	}
	n := t.Armor + t.Excess
	for s := range shields {
		if s >= 1 && s <= 6 {
			n += t.Shields[s-1]
		}
	}
	for _, b := range c.Boxes() {
		n += b
	}
	return n, true
}
