package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// launchBuilder is the sealed seeking-weapons launch: pick one of your
// ships, then click an enemy to launch at it every ready launcher that
// can; the panel lists each launch with what the rules expect of it
// (rules.State.LaunchOdds): the range, the impulses to reach a target
// that holds still and the warhead it would strike with there.
type launchBuilder struct{ *aimer }

func newLaunchBuilder(p *orderDesk) *launchBuilder {
	seeking := func(w rules.Weapon) bool { return w.Seeking() }
	check := func(sh rules.Shot) error { _, err := p.LaunchOdds(sh); return err }
	return &launchBuilder{newAimer(p, rules.CmdLaunch, "launch", seeking, check)}
}

// launchText describes one launch for the panel.
func launchText(p *orderDesk, sh rules.Shot, o rules.LaunchOdds) string {
	u, _ := unitView(p, sh.Attacker)
	c, _ := rules.LookupClass(u.Class)
	w, _ := rules.LookupWeapon(c.Mounts[sh.Mount].Weapon)
	return fmt.Sprintf("%s %s %s at %s: %s", unitName(p, sh.Attacker), w.Name, rules.MountLabel(sh.Mount), unitName(p, sh.Target), launchOdds(o))
}

// launchOdds says what the rules expect of a launch: "range 6, speed 32,
// reaches it in 2 impulse(s) for 15 if it holds still".
func launchOdds(o rules.LaunchOdds) string {
	arrive := "strikes this impulse"
	if o.Impulses > 0 {
		arrive = fmt.Sprintf("reaches it in %d impulse(s)", o.Impulses)
	}
	return fmt.Sprintf("range %d, speed %d, %s for %d if it holds still", o.Range, o.Speed, arrive, o.Warhead)
}

func (b *launchBuilder) build(p *orderDesk, box *widget.Container) {
	heading(p, box, stepTitle(rules.StepSeekingLaunch), "Choose a ship, then click an enemy (or tick a launcher below) to launch its drones and armed plasma at it. A plasma warhead weakens with every hex it flies (20 up to 5 hexes, 15 to 10, 10 to 15, 5 to 20). Sealed.")
	if len(b.units) == 0 {
		box.AddChild(p.env.wrapped("None of your ships can launch now.", 14, render.UITextDim, ordersWidth-28))
	}
	b.unitRows(p, box, func(sh rules.Shot) (string, string) {
		u, _ := unitView(p, sh.Attacker)
		c, _ := rules.LookupClass(u.Class)
		w, _ := rules.LookupWeapon(c.Mounts[sh.Mount].Weapon)
		label := w.Name + " " + rules.MountLabel(sh.Mount)
		if o, err := p.LaunchOdds(sh); err == nil {
			return label, launchOdds(o)
		}
		return label, ""
	})
	clear := button("Clear all launches", func() { b.shots = nil; p.changed() }, stretch())
	showWhen(p, clear, func() bool { return len(b.shots) > 0 })
	box.AddChild(clear)
	commitRow(p, func() string {
		if len(b.shots) == 0 {
			return "Launch nothing"
		}
		return "Commit launches"
	}, func() rules.Command { return b.command(p) })
}

// chargeToggle is the energy allocation choice of launcher m (a weapon
// that arms over turns) in allocation a: arm it another turn, or hold it
// once it is full. Unpaid, it loses its charge. It returns the words, the
// choice and how to flip it.
func chargeToggle(a *rules.Allocation, w rules.Weapon, m int, ms rules.MountState) (string, bool, func()) {
	list, what := &a.Arm, fmt.Sprintf("Arm %s %s, turn %d of %d (%d)", w.Name, rules.MountLabel(m), ms.Charge+1, w.ArmTurns, w.Arm)
	if ms.Charge >= w.ArmTurns {
		list, what = &a.Hold, fmt.Sprintf("Hold %s %s armed (%d)", w.Name, rules.MountLabel(m), w.Hold)
	}
	on := slices.Contains(*list, m)
	if !on && ms.Charge > 0 {
		what += ": unpaid, its charge is lost"
	}
	return what, on, func() { *list = setMount(*list, m, !slices.Contains(*list, m)) }
}

// chargeCheck is the checkbox of chargeToggle, with a warning under it
// while an unpaid launcher would lose its charge.
func chargeCheck(p *orderDesk, a *rules.Allocation, w rules.Weapon, m int, ms rules.MountState) *widget.Container {
	label, _, _ := chargeToggle(a, w, m, ms)
	label, _ = strings.CutSuffix(label, ": unpaid, its charge is lost")
	c := liveCheck(p, label, func() bool { _, on, _ := chargeToggle(a, w, m, ms); return on }, func(on bool) {
		if _, now, flip := chargeToggle(a, w, m, ms); now != on {
			flip()
		}
	})
	lost := liveText(p, 12, render.UIDanger, func() string {
		if _, on, _ := chargeToggle(a, w, m, ms); !on && ms.Charge > 0 {
			return "Unpaid, its charge is lost."
		}
		return ""
	})
	return column(2, widget.Insets{}, c, lost)
}
