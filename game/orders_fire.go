package game

import (
	"fmt"
	"slices"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// fireBuilder is the sealed direct-fire declaration: pick one of your
// ships, then click an enemy to aim every armed mount that can reach it;
// the panel lists each shot with its exact odds from the rules.
type fireBuilder struct {
	shooters []rules.UnitID // own ships with a mount that can fire now
	selected int
	shots    []rules.Shot
}

func newFireBuilder(p *PlayScene) *fireBuilder {
	b := &fireBuilder{}
	for _, u := range ownShips(p) {
		if len(b.options(p, u.ID)) > 0 {
			b.shooters = append(b.shooters, u.ID)
		}
	}
	return b
}

// options lists every shot unit could declare now: each armed mount at
// each visible enemy it can reach, as the rules check it.
func (b *fireBuilder) options(p *PlayScene, unit rules.UnitID) []rules.Shot {
	u, ok := unitView(p, unit)
	if !ok || u.Detail == nil {
		return nil
	}
	c, _ := rules.LookupClass(u.Class)
	var out []rules.Shot
	for m := range c.Mounts {
		for _, t := range p.mapv.View().Units {
			if t.Side == p.viewer {
				continue
			}
			sh := rules.Shot{Attacker: unit, Mount: m, Target: t.ID}
			if _, err := p.sess.State.ShotOdds(sh); err == nil {
				out = append(out, sh)
			}
		}
	}
	return out
}

func (b *fireBuilder) command(p *PlayScene) rules.Command {
	return rules.Command{Kind: rules.CmdFire, Side: p.viewer, Shots: b.shots}
}

func (b *fireBuilder) shooter() (rules.UnitID, bool) {
	if b.selected < len(b.shooters) {
		return b.shooters[b.selected], true
	}
	return "", false
}

// aim toggles the selected ship's fire at target: every free mount that
// can reach it, or, if some already aim there, none.
func (b *fireBuilder) aim(p *PlayScene, target rules.UnitID) {
	id, ok := b.shooter()
	if !ok {
		return
	}
	aimed := false
	b.shots = slices.DeleteFunc(b.shots, func(s rules.Shot) bool {
		if s.Attacker == id && s.Target == target {
			aimed = true
			return true
		}
		return false
	})
	if aimed {
		p.rebuildPanel()
		return
	}
	for _, sh := range b.options(p, id) {
		if sh.Target != target {
			continue
		}
		busy := slices.ContainsFunc(b.shots, func(s rules.Shot) bool { return s.Attacker == id && s.Mount == sh.Mount })
		if !busy {
			b.shots = append(b.shots, sh)
		}
	}
	p.rebuildPanel()
}

func (b *fireBuilder) build(p *PlayScene, box *widget.Container) {
	heading(p, box, "Direct fire", "Choose a ship, then click an enemy to aim its armed weapons. Sealed: all fire is revealed and resolved together.")
	if len(b.shooters) == 0 {
		box.AddChild(p.env.wrapped("None of your ships can fire now (no armed weapon in range and arc).", 14, render.UITextDim, ordersWidth-28))
	}
	for i, id := range b.shooters {
		i := i
		mark := "  "
		if i == b.selected {
			mark = "> "
		}
		n := 0
		for _, s := range b.shots {
			if s.Attacker == id {
				n++
			}
		}
		box.AddChild(button(fmt.Sprintf("%s%s  (%d shot(s))", mark, unitName(p, id), n), func() { b.selected = i; p.rebuildPanel() }, stretch()))
	}
	total := 0.0
	for _, sh := range b.shots {
		o, err := p.sess.State.ShotOdds(sh)
		if err != nil {
			continue
		}
		u, _ := unitView(p, sh.Attacker)
		c, _ := rules.LookupClass(u.Class)
		w, _ := rules.LookupWeapon(c.Mounts[sh.Mount].Weapon)
		total += o.Chance() * float64(o.Damage)
		box.AddChild(p.env.wrapped(fmt.Sprintf("%s %s #%d at %s: range %d, %d in 6 to hit (need %d%+d), %d damage on shield %d",
			unitName(p, sh.Attacker), w.Name, sh.Mount+1, unitName(p, sh.Target), o.Range, o.Sixths, o.Need, -o.Modifier, o.Damage, o.Shield), 13, render.UIText, ordersWidth-28))
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

// click selects an own shooter, or aims at an enemy in the hex.
func (b *fireBuilder) click(p *PlayScene, h rules.Hex) {
	for i, id := range b.shooters {
		if u, ok := unitView(p, id); ok && u.Hex == h {
			b.selected = i
			p.rebuildPanel()
			return
		}
	}
	for _, u := range p.mapv.View().Units {
		if u.Hex == h && u.Side != p.viewer {
			b.aim(p, u.ID)
			return
		}
	}
}

func (b *fireBuilder) keys(p *PlayScene, in *Input) {
	if in.Pressed[ebiten.KeyTab] && len(b.shooters) > 0 {
		b.selected = (b.selected + 1) % len(b.shooters)
		p.rebuildPanel()
		return
	}
	commitOnEnter(p, in, b.command(p))
}

// overlay marks the selected shooter, the enemies it can reach and the
// targets aimed at.
func (b *fireBuilder) overlay(p *PlayScene, f *render.Frame) {
	id, ok := b.shooter()
	if !ok {
		return
	}
	f.Selected = id
	reach := map[rules.UnitID]bool{}
	for _, sh := range b.options(p, id) {
		reach[sh.Target] = true
	}
	aimed := map[rules.UnitID]int{}
	for _, s := range b.shots {
		aimed[s.Target]++
	}
	for _, u := range p.mapv.View().Units {
		switch {
		case aimed[u.ID] > 0:
			f.Marks = append(f.Marks, render.HexMark{Hex: u.Hex, Colour: render.UIDanger, Label: fmt.Sprintf("%d shot(s)", aimed[u.ID])})
		case reach[u.ID]:
			f.Marks = append(f.Marks, render.HexMark{Hex: u.Hex, Colour: render.UIAccent.WithAlpha(0.7)})
		}
	}
}
