package game

import (
	"fmt"

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
	heading(p, box, "Direct fire", "Choose a ship, then click an enemy to aim its armed weapons. Sealed: all fire is revealed and resolved together.")
	if len(b.units) == 0 {
		box.AddChild(p.env.wrapped("None of your ships can fire now (no armed weapon in range and arc).", 14, render.UITextDim, ordersWidth-28))
	}
	b.unitRows(p, box)
	total := 0.0
	for _, sh := range b.shots {
		o, err := p.ShotOdds(sh)
		if err != nil {
			continue
		}
		u, _ := unitView(p, sh.Attacker)
		c, _ := rules.LookupClass(u.Class)
		w, _ := rules.LookupWeapon(c.Mounts[sh.Mount].Weapon)
		total += o.Chance() * float64(o.Damage)
		box.AddChild(p.env.wrapped(fmt.Sprintf("%s %s %s at %s: range %d, %d in 6 to hit (need %d%+d), %d damage on shield %d",
			unitName(p, sh.Attacker), w.Name, rules.MountLabel(sh.Mount), unitName(p, sh.Target), o.Range, o.Sixths, o.Need, -o.Modifier, o.Damage, o.Shield), 13, render.UIText, ordersWidth-28))
	}
	if len(b.shots) > 0 {
		box.AddChild(p.env.label(fmt.Sprintf("Expected damage: %.1f", total), render.Bold, 14, render.UIAccent))
		box.AddChild(button("Clear all shots", func() { b.shots = nil; p.rebuildPanel() }, stretch()))
	}
	label := "Commit fire"
	if len(b.shots) == 0 {
		label = "Hold fire"
	}
	commitRow(p, box, label, b.command(p))
}
