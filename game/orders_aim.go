package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// aimer is what the direct-fire and the seeking-launch panels share: a
// list of own ships that can shoot, one of them selected, and the shots
// aimed so far, each a mount at an enemy. Clicking an own ship selects
// it, clicking an enemy toggles the selected ship's shots at it; Tab
// cycles the ships and Enter commits.
type aimer struct {
	kind rules.CommandKind
	// noun names one shot in labels: "shot" or "launch".
	noun string
	// check asks the rules whether one shot could be declared now.
	check    func(rules.Shot) error
	units    []rules.UnitID // own ships with a mount that can shoot now
	selected int
	shots    []rules.Shot
}

// newAimer lists the viewer's ships with at least one shot that check
// allows among the mounts mount accepts.
func newAimer(p *orderDesk, kind rules.CommandKind, noun string, mount func(rules.Weapon) bool, check func(rules.Shot) error) *aimer {
	a := &aimer{kind: kind, noun: noun, check: func(sh rules.Shot) error {
		u, ok := unitView(p, sh.Attacker)
		if !ok {
			return fmt.Errorf("no unit %s", sh.Attacker)
		}
		c, _ := rules.LookupClass(u.Class)
		if w, _ := rules.LookupWeapon(c.Mounts[sh.Mount].Weapon); !mount(w) {
			return fmt.Errorf("mount %s does not %s", rules.MountLabel(sh.Mount), noun)
		}
		return check(sh)
	}}
	for _, u := range ownShips(p) {
		if len(a.options(p, u.ID)) > 0 {
			a.units = append(a.units, u.ID)
		}
	}
	return a
}

// options lists every shot unit could declare now: each mount at each
// visible enemy, as the rules check it.
func (a *aimer) options(p *orderDesk, unit rules.UnitID) []rules.Shot {
	u, ok := unitView(p, unit)
	if !ok || u.Detail == nil {
		return nil
	}
	c, _ := rules.LookupClass(u.Class)
	var out []rules.Shot
	for m := range c.Mounts {
		for _, t := range p.view().Units {
			if t.Side == p.Side() {
				continue
			}
			sh := rules.Shot{Attacker: unit, Mount: m, Target: t.ID}
			if a.check(sh) == nil {
				out = append(out, sh)
			}
		}
	}
	return out
}

func (a *aimer) command(p *orderDesk) rules.Command {
	return rules.Command{Kind: a.kind, Side: p.Side(), Shots: a.shots}
}

// current returns the selected ship.
func (a *aimer) current() (rules.UnitID, bool) {
	if a.selected < len(a.units) {
		return a.units[a.selected], true
	}
	return "", false
}

// aim toggles the selected ship's shots at target: every free mount that
// can reach it, or, if some already aim there, none.
func (a *aimer) aim(p *orderDesk, target rules.UnitID) {
	id, ok := a.current()
	if !ok {
		return
	}
	aimed := false
	a.shots = slices.DeleteFunc(a.shots, func(s rules.Shot) bool {
		if s.Attacker == id && s.Target == target {
			aimed = true
			return true
		}
		return false
	})
	if !aimed {
		for _, sh := range a.options(p, id) {
			busy := slices.ContainsFunc(a.shots, func(s rules.Shot) bool { return s.Attacker == id && s.Mount == sh.Mount })
			if sh.Target == target && !busy {
				a.shots = append(a.shots, sh)
			}
		}
	}
	p.changed()
}

// aimed reports whether sh is among the shots.
func (a *aimer) aimed(sh rules.Shot) bool { return slices.Contains(a.shots, sh) }

// set aims sh, taking its mount off any other target, or takes it back.
func (a *aimer) set(sh rules.Shot, on bool) {
	a.shots = slices.DeleteFunc(a.shots, func(s rules.Shot) bool { return s.Attacker == sh.Attacker && s.Mount == sh.Mount })
	if on {
		a.shots = append(a.shots, sh)
	}
}

// unitRows adds a button per ship, the selected one marked, with how many
// shots it has aimed, and under it, shown while it is selected, a box for
// each of its mounts at each target it can reach (a short label, and the
// odds in full under it, both from optText), so
// that a ship's fire can be split between targets mount by mount; and
// for each enemy it cannot aim at, why.
func (a *aimer) unitRows(p *orderDesk, box *widget.Container, optText func(rules.Shot) (label, odds string)) {
	for i, id := range a.units {
		box.AddChild(liveButton(p, func() string {
			mark := "  "
			if i == a.selected {
				mark = "> "
			}
			n := 0
			for _, s := range a.shots {
				if s.Attacker == id {
					n++
				}
			}
			return fmt.Sprintf("%s%s  (%d %s)", mark, unitName(p, id), n, nounFor(n, a.noun))
		}, func() { a.selected = i }, stretch()))
		opts := column(4, widget.Insets{Left: 10})
		var target rules.UnitID
		byTarget := a.options(p, id)
		slices.SortStableFunc(byTarget, func(x, y rules.Shot) int { return strings.Compare(string(x.Target), string(y.Target)) })
		for _, sh := range byTarget {
			if sh.Target != target {
				target = sh.Target
				opts.AddChild(p.env.label("At "+unitName(p, target), render.Bold, 13, render.UIAccent))
			}
			label, odds := optText(sh)
			opts.AddChild(liveCheck(p, label, func() bool { return a.aimed(sh) }, func(on bool) { a.set(sh, on) }))
			if odds != "" {
				opts.AddChild(column(0, widget.Insets{Left: 26}, p.env.wrapped(odds, 12, render.UITextDim, ordersWidth-64)))
			}
		}
		for _, why := range a.unreachable(p, id) {
			opts.AddChild(p.env.wrapped(why, 12, render.UITextDim, ordersWidth-38))
		}
		showWhen(p, opts, func() bool { return i == a.selected })
		box.AddChild(opts)
	}
}

// unreachable says, for each enemy the side sees that ship id can aim
// nothing at, why not: the rules' reason for its first weapon.
func (a *aimer) unreachable(p *orderDesk, id rules.UnitID) []string {
	u, ok := unitView(p, id)
	if !ok {
		return nil
	}
	c, _ := rules.LookupClass(u.Class)
	reach := map[rules.UnitID]bool{}
	for _, sh := range a.options(p, id) {
		reach[sh.Target] = true
	}
	var out []string
	for _, t := range p.view().Units {
		if t.Side == p.Side() || reach[t.ID] || t.Map != u.Map {
			continue
		}
		why := ""
		for m := range c.Mounts {
			err := a.check(rules.Shot{Attacker: id, Mount: m, Target: t.ID})
			if err == nil {
				continue
			}
			text := namedText(p, refusalText(err))
			if why == "" || !strings.Contains(text, "not armed") && !strings.Contains(text, "does not") {
				why = text
				if !strings.Contains(text, "not armed") && !strings.Contains(text, "does not") {
					break
				}
			}
		}
		if why != "" {
			out = append(out, fmt.Sprintf("Not at %s: %s", unitName(p, t.ID), why))
		}
	}
	return out
}

// nounFor returns noun for one and its plural otherwise.
func nounFor(n int, noun string) string {
	switch {
	case n == 1:
		return noun
	case noun == "launch":
		return "launches"
	}
	return noun + "s"
}

// click selects an own ship, or aims at an enemy in the hex.
func (a *aimer) click(p *orderDesk, h rules.Hex) {
	for i, id := range a.units {
		if u, ok := unitView(p, id); ok && u.Hex == h {
			a.selected = i
			p.changed()
			return
		}
	}
	for _, u := range p.view().Units {
		if u.Hex == h && u.Side != p.Side() {
			a.aim(p, u.ID)
			return
		}
	}
}

func (a *aimer) keys(p *orderDesk, in Intents) {
	if in.Has(intentNextShip) && len(a.units) > 0 {
		a.selected = (a.selected + 1) % len(a.units)
		p.changed()
		return
	}
	commitOnIntent(p, in, a.command(p))
}

// overlay marks the selected ship, the enemies it can reach and the
// targets aimed at.
func (a *aimer) overlay(p *orderDesk, f *render.Frame) {
	id, ok := a.current()
	if !ok {
		return
	}
	f.Selected = id
	reach := map[rules.UnitID]bool{}
	for _, sh := range a.options(p, id) {
		reach[sh.Target] = true
	}
	aimed := map[rules.UnitID]int{}
	for _, s := range a.shots {
		aimed[s.Target]++
	}
	for _, u := range p.view().Units {
		switch n := aimed[u.ID]; {
		case n > 0:
			f.Marks = append(f.Marks, render.HexMark{Hex: u.Hex, Colour: render.UIDanger, Label: fmt.Sprintf("%d %s", n, nounFor(n, a.noun))})
		case reach[u.ID]:
			f.Marks = append(f.Marks, render.HexMark{Hex: u.Hex, Colour: render.UIAccent.WithAlpha(0.7)})
		}
	}
}
