package game

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// systemGroups orders the damage chart's systems for the ship card, the
// way a ship systems display groups them.
var systemGroups = [][]rules.ShipSystem{
	{rules.SysBridge, rules.SysFlag, rules.SysEmergency, rules.SysAuxiliary, rules.SysDamageControl},
	{rules.SysForwardHull, rules.SysAftHull, rules.SysCenterHull},
	{rules.SysLeftWarp, rules.SysRightWarp, rules.SysCenterWarp, rules.SysImpulse, rules.SysAPR, rules.SysBattery},
	{rules.SysPhaser, rules.SysTorpedo, rules.SysDrone},
	{rules.SysLab, rules.SysShuttle, rules.SysSensor, rules.SysScanner, rules.SysTransporter, rules.SysTractor, rules.SysCargo},
}

// shipCard draws a unit's systems display: what the viewer may know of
// it. Its own ships show every box of the damage chart (filled intact,
// hollow lost) and their weapons; other ships show what all can see:
// shields, armor and excess damage.
func shipCard(screen *ebiten.Image, fonts *render.Fonts, u rules.UnitView, side rules.Side, colour render.RGBA, x, y float64) {
	c, ok := rules.LookupClass(u.Class)
	if !ok {
		return
	}
	var b render.Batch
	var labels []render.Label
	lab := func(lx, ly float64, s string, style render.FontStyle, size float64, col render.RGBA) {
		labels = append(labels, render.Label{X: lx, Y: ly, Text: s, Style: style, Size: size, Color: col})
	}
	w := 300.0
	h := 112.0
	notes := cardNotes(u, &c)
	h += 17*float64(len(notes)) + 4*float64(min(len(notes), 1))
	if u.Detail != nil {
		h += 22 * float64(len(systemGroups)+1)
		h += 17 * float64(len(c.Mounts))
	}
	b.Rect(float32(x), float32(y), float32(w), float32(h), render.UIPanel)
	b.Rect(float32(x), float32(y), float32(w), 2, colour)
	lab(x+12, y+8, u.Name, render.Bold, 16, render.UIText)
	lab(x+12, y+29, fmt.Sprintf("%s %s · %s", c.Race, c.Name, side.Name), render.Regular, 12, render.UITextDim)
	lab(x+12, y+46, fmt.Sprintf("speed %d · facing %s · size class %d · BPV %d", u.Speed, u.Facing, c.SizeClass, c.BPV), render.Regular, 12, render.UITextDim)

	// Shields 1-6 (1 ahead, clockwise) as bars against the class's full
	// strength.
	sy := y + 68
	lab(x+12, sy, "Shields", render.Regular, 12, render.UIText)
	for i := 0; i < 6; i++ {
		bx := x + 70 + float64(i)*36
		full := max(1, c.Shields[i])
		frac := float32(u.Shields[i]) / float32(full)
		b.Rect(float32(bx), float32(sy+2), 30, 10, render.Hex("#26324f", 1))
		b.Rect(float32(bx), float32(sy+2), 30*min(1, frac), 10, render.Hex("#57a7ff", 1))
		lab(bx+2, sy+13, fmt.Sprintf("%d:%d", i+1, u.Shields[i]), render.Mono, 10, render.UITextDim)
	}
	lab(x+12, sy+30, fmt.Sprintf("Armor %d/%d   Excess damage %d/%d", u.Armor, c.Armor, u.Excess, c.Excess), render.Regular, 12, render.UIText)
	for i, n := range notes {
		lab(x+12, sy+47+17*float64(i), n, render.Regular, 12, render.UIAccent)
	}
	sy += 17 * float64(len(notes))
	if u.Detail == nil {
		drawCard(screen, fonts, &b, labels)
		return
	}
	// The damage chart's boxes, grouped.
	full := c.Boxes()
	gy := sy + 52
	for _, g := range systemGroups {
		bx := x + 12
		for _, sys := range g {
			n := full[sys]
			if n == 0 {
				continue
			}
			lab(bx, gy, sys.String(), render.Mono, 10, render.UITextDim)
			bx += float64(len(sys.String()))*6.5 + 4
			for k := 0; k < n; k++ {
				col := render.Hex("#6bdc8f", 1)
				if k >= u.Detail.Boxes[sys] {
					col = render.Hex("#3a1f2a", 1)
				}
				b.Rect(float32(bx), float32(gy+3), 6, 8, col)
				bx += 8
			}
			bx += 8
		}
		gy += 22
	}
	lab(x+12, gy, fmt.Sprintf("Battery %d · power %d", u.Detail.Battery, u.Detail.Power()), render.Regular, 12, render.UIText)
	gy += 20
	for m, mt := range c.Mounts {
		wpn, _ := rules.LookupWeapon(mt.Weapon)
		state, col := mountState(wpn, u.Detail.Mounts[m])
		lab(x+12, gy, fmt.Sprintf("%s %s (%s arc): %s", rules.MountLabel(m), wpn.Name, mt.Arc, state), render.Regular, 12, col)
		gy += 17
	}
	drawCard(screen, fonts, &b, labels)
}

func drawCard(screen *ebiten.Image, fonts *render.Fonts, b *render.Batch, labels []render.Label) {
	var p render.Painter
	p.Draw(screen, b)
	fonts.DrawLabels(screen, labels)
}

// cardNotes returns the ship card's lines on the unit's state beyond its
// boxes: its cloak and tractor beams (public) and what its own damage
// does to its fire and lock-ons (owner only, from Detail).
func cardNotes(u rules.UnitView, c *rules.Class) []string {
	var out []string
	if n := cloakNote(u); n != "" {
		out = append(out, n)
	}
	if u.Tractor != "" {
		out = append(out, "Holds "+string(u.Tractor)+" in a tractor beam")
	}
	if u.HeldBy != "" {
		out = append(out, "Held in "+string(u.HeldBy)+"'s tractor beam")
	}
	if n := seekerNote(u); n != "" {
		out = append(out, n)
	}
	if u.Detail != nil {
		if p := rules.ScannerPenalty(c, &u.Detail.Boxes); p > 0 {
			out = append(out, fmt.Sprintf("Scanners %d/%d: its fire rolls %+d", u.Detail.Boxes[rules.SysScanner], c.Systems[rules.SysScanner], p))
		}
		if c.Systems[rules.SysSensor] > 0 && u.Detail.Boxes[rules.SysSensor] == 0 {
			out = append(out, fmt.Sprintf("Sensors lost: no lock-on beyond %d hex", rules.LockOnFreeRange))
		}
	}
	return out
}

// cloakNote describes a unit's cloak as every side sees it, or "".
func cloakNote(u rules.UnitView) string {
	if !u.Cloaked {
		return ""
	}
	lvl := u.CloakLevel
	effect := fmt.Sprintf("fire at it %+d, lock-on within %d hexes", rules.CloakFireModifier(lvl), rules.CloakLockRange(lvl))
	switch u.CloakFading {
	case "in":
		return fmt.Sprintf("Cloak fading in %d/%d: %s", lvl, rules.CloakFadeImpulses, effect)
	case "out":
		return fmt.Sprintf("Cloak fading out %d/%d: %s; it cannot fire yet", lvl, rules.CloakFadeImpulses, effect)
	}
	return "Cloaked: " + effect
}

// mountState is how the ship card reads a mount: destroyed, fired,
// armed or not, with a plasma launcher's turns of charge and a drone
// rack's drones left.
func mountState(w rules.Weapon, ms rules.MountState) (string, render.RGBA) {
	switch {
	case ms.Destroyed:
		return "destroyed", render.UIDanger
	case ms.Fired:
		return "fired", render.UITextDim
	case w.Charged() && ms.Armed:
		return fmt.Sprintf("armed (hold %d a turn)", w.Hold), render.UIGood
	case w.Charged() && ms.Charge >= w.ArmTurns:
		return "armed: hold it or lose it", render.UIGood
	case w.Charged():
		return fmt.Sprintf("arming %d/%d turns", ms.Charge, w.ArmTurns), render.UITextDim
	case w.Seeking():
		return fmt.Sprintf("%d drone(s)", ms.Ammo), render.UIText
	case ms.Armed:
		return "armed", render.UIGood
	}
	return "unarmed", render.UITextDim
}

// seekerNote describes a seeking weapon: its warhead, seen by every
// side, and for its owner what it seeks and who guides it; "" for other
// units.
func seekerNote(u rules.UnitView) string {
	if !u.Kind.Seeking() {
		return ""
	}
	n := fmt.Sprintf("Warhead %d", u.Warhead)
	switch {
	case u.Target != "" && u.Guide != "":
		n += fmt.Sprintf(", seeking %s, guided by %s", u.Target, u.Guide)
	case u.Target != "":
		n += fmt.Sprintf(", seeking %s", u.Target)
	case u.Detail != nil:
		n += ", ballistic"
	}
	return n
}
