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

// Ship card geometry: its width, inner padding and rows.
const (
	cardWidth = 300.0
	cardPad   = 12.0
	cardRow   = 17.0
	boxRow    = 14.0
)

// cardLayout is a ship card laid out: its background rectangle, the
// boxes and bars drawn on it and its text, every piece inside the
// rectangle.
type cardLayout struct {
	// unit is the unit the card shows.
	unit       rules.UnitID
	x, y, w, h float64
	// bg is the background, fg the boxes and bars on it.
	bg, fg render.Batch
	labels []render.Label
}

// shipCard draws a unit's systems display at x, y: what the viewer may
// know of it (see layoutShipCard).
func shipCard(screen *ebiten.Image, fonts *render.Fonts, u rules.UnitView, side rules.Side, names unitNamer, colour render.RGBA, x, y float64) {
	if l, ok := layoutShipCard(fonts, u, side, names, colour, x, y); ok {
		l.draw(screen, fonts)
	}
}

// draw draws the card laid out.
func (l *cardLayout) draw(screen *ebiten.Image, fonts *render.Fonts) {
	var p render.Painter
	p.Draw(screen, &l.bg)
	p.Draw(screen, &l.fg)
	fonts.DrawLabels(screen, l.labels)
}

// rect returns the card's rectangle (x0, y0, x1, y1).
func (l *cardLayout) rect() [4]float64 { return [4]float64{l.x, l.y, l.x + l.w, l.y + l.h} }

// covers reports whether the card hides the screen point x, y, with a
// margin of pad pixels.
func (l *cardLayout) covers(x, y, pad float64) bool {
	return x+pad > l.x && x-pad < l.x+l.w && y+pad > l.y && y-pad < l.y+l.h
}

// layoutShipCard lays out a unit's systems display. Its own ships show
// every box of the damage chart (filled intact, hollow lost) and their
// weapons; other ships show what all can see: shields, armor and excess
// damage. Text is clipped and box rows wrap to the card's width, and the
// opaque background grows to hold every row, so that the map never shows
// through it.
func layoutShipCard(fonts *render.Fonts, u rules.UnitView, side rules.Side, names unitNamer, colour render.RGBA, x, y float64) (*cardLayout, bool) {
	return layoutShipCardWide(fonts, u, side, names, colour, x, y, cardWidth)
}

// layoutShipCardWide is layoutShipCard at width pixels wide (a card
// over the orders panel covers the panel's whole width).
func layoutShipCardWide(fonts *render.Fonts, u rules.UnitView, side rules.Side, names unitNamer, colour render.RGBA, x, y, width float64) (*cardLayout, bool) {
	c, ok := rules.LookupClass(u.Class)
	if !ok {
		return nil, false
	}
	l := &cardLayout{unit: u.ID, x: x, y: y, w: width}
	fg := &l.fg
	inner := width - 2*cardPad
	lab := func(ly float64, s string, style render.FontStyle, size float64, col render.RGBA) {
		l.labels = append(l.labels, render.Label{X: x + cardPad, Y: ly, Text: clipText(fonts, style, size, s, inner), Style: style, Size: size, Color: col})
	}
	lab(y+8, u.Name, render.Bold, 16, render.UIText)
	lab(y+29, fmt.Sprintf("%s · %s", classTitle(&c), side.Name), render.Regular, 12, render.UITextDim)
	if u.Kind == rules.KindMine {
		// A mine has no speed, facing, shields or systems: what it does.
		gy := y + 46
		for _, n := range []string{"Hidden: only you see it.", "It goes off when a unit of another side", fmt.Sprintf("enters its hex: an explosion of %d there.", c.Explosion)} {
			lab(gy, n, render.Regular, 12, render.UIText)
			gy += cardRow
		}
		l.h = gy + 6 - y
		l.bg.Rect(float32(x), float32(y), float32(l.w), float32(l.h), cardFill)
		l.bg.Rect(float32(x), float32(y), float32(l.w), 2, colour)
		return l, true
	}
	lab(y+46, fmt.Sprintf("speed %d · facing %s · size class %d · BPV %d", u.Speed, u.Facing, c.SizeClass, c.BPV), render.Regular, 12, render.UITextDim)

	// Shields 1-6 (1 ahead, clockwise) as bars against the class's full
	// strength.
	sy := y + 68
	lab(sy, "Shields", render.Regular, 12, render.UIText)
	for i := 0; i < 6; i++ {
		bx := x + 70 + float64(i)*36
		full := max(1, c.Shields[i])
		frac := float32(u.Shields[i]) / float32(full)
		fg.Rect(float32(bx), float32(sy+2), 30, 10, render.Hex("#26324f", 1))
		fg.Rect(float32(bx), float32(sy+2), 30*min(1, frac), 10, render.Hex("#57a7ff", 1))
		l.labels = append(l.labels, render.Label{X: bx + 2, Y: sy + 13, Text: fmt.Sprintf("%d:%d", i+1, u.Shields[i]), Style: render.Mono, Size: 10, Color: render.UITextDim})
	}
	gy := sy + 30
	lab(gy, fmt.Sprintf("Armor %d/%d   Excess damage %d/%d", u.Armor, c.Armor, u.Excess, c.Excess), render.Regular, 12, render.UIText)
	gy += cardRow
	for _, n := range cardNotes(u, &c, names) {
		lab(gy, n, render.Regular, 12, render.UIAccent)
		gy += cardRow
	}
	if u.Detail != nil {
		// The damage chart's boxes, grouped, a row wrapping where the
		// card ends.
		full := c.Boxes()
		gy += 5
		right := x + width - cardPad
		for _, g := range systemGroups {
			bx := x + cardPad
			drawn := false
			for _, sys := range g {
				n := full[sys]
				if n == 0 {
					continue
				}
				name := sys.Words()
				nw, _ := fonts.Measure(render.Regular, 10, name)
				if drawn && bx+nw+4+8*float64(min(n, 4)) > right {
					bx, gy = x+cardPad, gy+boxRow
				}
				l.labels = append(l.labels, render.Label{X: bx, Y: gy, Text: name, Style: render.Regular, Size: 10, Color: render.UITextDim})
				bx += nw + 4
				for k := 0; k < n; k++ {
					if bx+6 > right {
						bx, gy = x+cardPad+nw+4, gy+boxRow
					}
					col := render.Hex("#6bdc8f", 1)
					if k >= u.Detail.Boxes[sys] {
						col = render.Hex("#3a1f2a", 1)
					}
					fg.Rect(float32(bx), float32(gy+3), 6, 8, col)
					bx += 8
				}
				bx += 8
				drawn = true
			}
			if drawn {
				gy += boxRow + 6
			}
		}
		gy += 2
		lab(gy, fmt.Sprintf("Battery %d · power %d", u.Detail.Battery, u.Detail.Power()), render.Regular, 12, render.UIText)
		gy += cardRow + 3
		for m, mt := range c.Mounts {
			wpn, _ := rules.LookupWeapon(mt.Weapon)
			state, col := mountState(wpn, u.Detail.Mounts[m])
			lab(gy, fmt.Sprintf("%s %s (%s arc): %s", rules.MountLabel(m), wpn.Name, mt.Arc, state), render.Regular, 12, col)
			gy += cardRow
		}
	}
	l.h = gy + 6 - y
	l.bg.Rect(float32(x), float32(y), float32(l.w), float32(l.h), cardFill)
	l.bg.Rect(float32(x), float32(y), float32(l.w), 2, colour)
	return l, true
}

// cardFill is the ship card's background: opaque, so no unit or label of
// the map shows through its text.
var cardFill = render.UIPanel.WithAlpha(1)

// clipText shortens s to fit width pixels in style at size, ending it
// with "...".
func clipText(fonts *render.Fonts, style render.FontStyle, size float64, s string, width float64) string {
	if tw, _ := fonts.Measure(style, size, s); tw <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if tw, _ := fonts.Measure(style, size, string(r)+"..."); tw <= width {
			break
		}
	}
	return string(r) + "..."
}

// cardNotes returns the ship card's lines on the unit's state beyond its
// boxes: out of phase (its owner's ghost), its cloak and tractor beams
// (public) and what its own damage does to its fire and lock-ons (owner
// only, from Detail).
func cardNotes(u rules.UnitView, c *rules.Class, names unitNamer) []string {
	var out []string
	if u.Ghost {
		out = append(out, "Phased out (only you see it)")
	}
	if n := cloakNote(u); n != "" {
		out = append(out, n)
	}
	if u.Tractor != "" {
		out = append(out, "Holds "+names(u.Tractor)+" in a tractor beam")
	}
	if u.HeldBy != "" {
		out = append(out, "Held in "+names(u.HeldBy)+"'s tractor beam")
	}
	if n := seekerNote(u, names); n != "" {
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
func seekerNote(u rules.UnitView, names unitNamer) string {
	if !u.Kind.Seeking() {
		return ""
	}
	n := fmt.Sprintf("Warhead %d", u.Warhead)
	switch {
	case u.Target != "" && u.Guide != "":
		n += fmt.Sprintf(", seeking %s, guided by %s", names(u.Target), names(u.Guide))
	case u.Target != "":
		n += fmt.Sprintf(", seeking %s", names(u.Target))
	case u.Detail != nil:
		n += ", ballistic"
	}
	return n
}
