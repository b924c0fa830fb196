package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// plotBuilder is the plot panel: a side's orders for the rest of the
// turn, ship by ship (course, fire, launches, "ask me every impulse"),
// and the side's break conditions. It starts from the orders the
// computer would write (plot.Plan), or from the side's orders when it
// re-plots after a break, so Enter accepts a sensible plot. Nothing goes
// to the rules from here: the orders answer the side's decisions later,
// with the same commands a person would give.
type plotBuilder struct {
	o   plot.Orders
	why string
	sel int
	// about is the unit the break is about (a seeker launched, an enemy
	// come within reach), marked on the map while it is in sight.
	about rules.UnitID
	// sideRows shows the side's breaks and policies in place of the
	// selected ship's orders.
	sideRows bool
}

// newPlotBuilder proposes orders for the desk's side: its orders of this
// turn when it re-plots (ships it no longer has dropped, new ones
// planned), else plot.Plan keeping the side's breaks and policies.
func newPlotBuilder(p *orderDesk, prev *plot.Orders, why string) *plotBuilder {
	v := p.view()
	breaks := plot.DefaultBreaks()
	if prev != nil {
		breaks = prev.Breaks
	}
	o := *plot.Plan(v, p.Side(), breaks)
	if prev != nil {
		o.Erratic, o.Evasion, o.Repair, o.Activity = prev.Erratic, prev.Evasion, prev.Repair, prev.Activity
		if prev.Turn == o.Turn {
			for i, sh := range o.Ships {
				if old := prev.Ship(sh.Unit); old != nil {
					planned := sh.Course
					o.Ships[i] = *old
					o.Ships[i].Fire.HoldMounts = slices.Clone(old.Fire.HoldMounts)
					o.Ships[i].Course.Hexes = slices.Clone(old.Course.Hexes)
					if lostTarget(v, old.Course) {
						// The unit it flew at is out of sight (phased
						// out, cloaked, gone): keeping that course would
						// break again at its next move.
						o.Ships[i].Course = planned
					}
					if old.Maneuver != nil {
						m := *old.Maneuver
						o.Ships[i].Maneuver = &m
					}
				}
			}
		}
	}
	return &plotBuilder{o: o, why: why}
}

// openOn selects the side's ship the break br is about, and marks its
// unit: the ship damaged, held or whose course is blocked, the own ship a
// seeking weapon seeks, or the own ship nearest the unit, an enemy come
// within reach, so that the panel and the camera open where the break
// is. The first ship stays selected when none is.
func (b *plotBuilder) openOn(v *rules.View, br *plot.Break) {
	if br == nil || br.Unit == "" {
		return
	}
	u := unitOf(v, br.Unit)
	if u == nil {
		return
	}
	if u.Side != b.o.Side {
		b.about = u.ID
	}
	want := u.ID
	switch {
	case u.Side == b.o.Side:
	case u.Kind.Seeking() && ownUnit(v, u.Target, b.o.Side):
		want = u.Target
	default: // an enemy: the own ship nearest it
		nearest := -1
		for _, sh := range b.o.Ships {
			own := unitOf(v, sh.Unit)
			if own == nil || own.Map != u.Map {
				continue
			}
			if d := own.Hex.Distance(u.Hex); nearest < 0 || d < nearest {
				want, nearest = sh.Unit, d
			}
		}
	}
	for i, sh := range b.o.Ships {
		if sh.Unit == want {
			b.sel = i
		}
	}
}

func (b *plotBuilder) ship() *plot.Ship {
	if len(b.o.Ships) == 0 {
		return nil
	}
	return &b.o.Ships[b.sel%len(b.o.Ships)]
}

// courseText is a course as the panel reads it, with unit names.
func courseText(p *orderDesk, c plot.Course) string {
	switch c.Kind {
	case plot.Close:
		return "Close with " + unitName(p, c.Unit)
	case plot.Range:
		return fmt.Sprintf("Keep %s at %d hexes", unitName(p, c.Unit), c.Range)
	case plot.Circle:
		return fmt.Sprintf("Circle %s at %d hexes", unitName(p, c.Unit), c.Range)
	case plot.Waypoints:
		if len(c.Hexes) == 0 {
			return "Waypoints: click the map to add hexes"
		}
	}
	return c.String()
}

// build builds the panel once for the plot: the selected ship's orders
// (an editor for each ship, the selected one shown) or the side's breaks
// and policies, and "Follow these orders" in the footer. Every click,
// key and map click brings the widgets in line through p.changed.
func (b *plotBuilder) build(p *orderDesk, box *widget.Container) {
	heading(p, box, fmt.Sprintf("Orders for turn %d", b.o.Turn),
		"Your ships follow these orders while the table watches; you are asked again on a break. Click the map: an enemy to close with (or keep at range, or circle), a hex to fly toward (or add as a waypoint).")
	if b.why != "" {
		box.AddChild(p.env.wrapped("Break: "+b.why+".", 14, render.UIDanger, ordersWidth-28))
	}
	box.AddChild(liveButton(p, b.sideLabel, func() { b.sideRows = !b.sideRows }, stretch()))
	ships := column(8, widget.Insets{})
	if len(b.o.Ships) == 0 {
		ships.AddChild(p.env.wrapped("No ships to give orders to.", 14, render.UITextDim, ordersWidth-28))
	} else {
		ships.AddChild(b.shipPicker(p))
		for i := range b.o.Ships {
			ed := column(8, widget.Insets{})
			b.shipRows(p, ed, i)
			showWhen(p, ed, func() bool { return b.sel%len(b.o.Ships) == i })
			ships.AddChild(ed)
		}
	}
	showWhen(p, ships, func() bool { return !b.sideRows })
	side := column(8, widget.Insets{})
	b.sideRowsOf(p, side)
	showWhen(p, side, func() bool { return b.sideRows })
	box.AddChild(ships, side)
	foot := p.footer
	if foot == nil {
		foot = box
	}
	foot.AddChild(button("Follow these orders  (Enter)", func() { b.follow(p) }, stretch()))
}

// follow hands the orders to the play scene to follow.
func (b *plotBuilder) follow(p *orderDesk) {
	o := b.o
	p.plotted = &o
}

// breakToggles are the side's break conditions, each a toggle, and
// whether a seeker near is one; their count is on the panel's button to
// them.
func (b *plotBuilder) breakToggles() []bool {
	br := &b.o.Breaks
	return []bool{br.EnemyInReach, br.Seeker, br.SeekerWithin > 0, br.Damaged, br.Held, br.Blocked, br.Rift, br.Objective}
}

// sideLabel is the label of the button between the ships' orders and
// the side's breaks and policies.
func (b *plotBuilder) sideLabel() string {
	if b.sideRows {
		return "< Back to the ships"
	}
	toggles := b.breakToggles()
	on := 0
	for _, t := range toggles {
		if t {
			on++
		}
	}
	return fmt.Sprintf("Breaks and evasion (%d of %d on) >", on, len(toggles))
}

// shipPicker is the "< ship (i of n, Tab) >" row choosing the ship whose
// orders show.
func (b *plotBuilder) shipPicker(p *orderDesk) *widget.Container {
	n := len(b.o.Ships)
	name := p.env.label("", render.Bold, 15, render.UIText)
	p.onChange(func() {
		name.Label = fmt.Sprintf("%s  (%d of %d, Tab)", unitName(p, b.ship().Unit), b.sel%n+1, n)
	})
	return row(6,
		button("<", func() { b.sel = (b.sel + n - 1) % n; p.changed() }),
		name,
		button(">", func() { b.sel = (b.sel + 1) % n; p.changed() }))
}

// sideRowsOf adds the side's breaks and its erratic and evasion policies.
func (b *plotBuilder) sideRowsOf(p *orderDesk, box *widget.Container) {
	br := &b.o.Breaks
	box.AddChild(p.env.label("Ask me again when", render.Bold, 14, render.UIAccent))
	for _, t := range []struct {
		name string
		on   *bool
	}{
		{"an enemy comes within reach", &br.EnemyInReach},
		{"a seeking weapon is launched", &br.Seeker},
		{"one of my units is damaged", &br.Damaged},
		{"one is tractored or boarded", &br.Held},
		{"a course can no longer be flown", &br.Blocked},
		{"a rift opens or a unit phases in", &br.Rift},
		{"an area to hold changes hands", &br.Objective},
	} {
		box.AddChild(liveCheck(p, t.name, func() bool { return *t.on }, func(on bool) { *t.on = on }))
	}
	box.AddChild(spinner(p, fixed("a seeker within (hexes)"), func() string {
		if br.SeekerWithin == 0 {
			return "off"
		}
		return fmt.Sprint(br.SeekerWithin)
	},
		func() { br.SeekerWithin = max(br.SeekerWithin-2, 0) },
		func() { br.SeekerWithin = min(br.SeekerWithin+2, 20) }))
	box.AddChild(p.env.label("Erratic maneuvers", render.Bold, 14, render.UIAccent))
	box.AddChild(column(6, widget.Insets{}, policyChecks(p, &b.o.Erratic, erraticText, plot.Standard, plot.Always, plot.Never, plot.Ask)...))
	box.AddChild(p.env.label("Evasion", render.Bold, 14, render.UIAccent))
	box.AddChild(checkRow(p, policyChecks(p, &b.o.Evasion, func(e plot.Policy) string { return string(e) }, plot.Always, plot.Never, plot.Ask)...))
}

// policyChecks is a checkbox for each of the policies ps, the one *pol
// reads as (words) checked: checking another sets it, and unchecking the
// one set keeps it (a policy is always one of them).
func policyChecks(p *orderDesk, pol *plot.Policy, words func(plot.Policy) string, ps ...plot.Policy) []widget.PreferredSizeLocateableWidget {
	var out []widget.PreferredSizeLocateableWidget
	for _, ps := range ps {
		is := func() bool { return words(*pol) == words(ps) }
		out = append(out, liveCheck(p, words(ps), is, func(on bool) {
			if on {
				*pol = ps
			}
		}))
	}
	return out
}

// shipRows adds the editor of ship i's orders: course, maneuver, fire,
// held weapons, and the previewed path.
func (b *plotBuilder) shipRows(p *orderDesk, box *widget.Container, i int) {
	sh := &b.o.Ships[i]
	c := &sh.Course
	box.AddChild(liveText(p, 14, render.UIText, func() string { return "Course: " + courseText(p, *c) }))
	set := func(kind plot.CourseKind) func() {
		return func() { *c = plot.Course{Kind: kind, RiftRisk: c.RiftRisk}; p.changed() }
	}
	around := func(kind plot.CourseKind) func() {
		return func() { b.onUnit(c, kind); p.changed() }
	}
	// Three a row: the five in one are wider than the panel.
	box.AddChild(grid(3,
		button("Keep course", set(plot.Keep)),
		button("Waypoints", set(plot.Waypoints)),
		button("Close", around(plot.Close)),
		button("Keep range", around(plot.Range)),
		button("Circle", around(plot.Circle))))
	rng := spinner(p, fixed("Range"), func() string { return fmt.Sprint(c.Range) },
		func() { c.Range = max(1, c.Range-1) },
		func() { c.Range = min(30, c.Range+1) })
	showWhen(p, rng, func() bool { return c.Kind == plot.Range || c.Kind == plot.Circle })
	box.AddChild(rng)
	b.maneuverRows(p, box, sh)
	f := &sh.Fire
	box.AddChild(liveText(p, 14, render.UIText, func() string { return "Fire: " + fireText(p, *f) }))
	box.AddChild(checkRow(p,
		liveCheck(p, "hold fire", func() bool { return f.Hold }, func(on bool) { f.Hold = on }),
		liveCheck(p, "only at course target", func() bool { return f.Target != "" }, func(on bool) {
			f.Target = ""
			if on {
				f.Target = c.Unit
			}
		})))
	box.AddChild(spinner(p, fixed("Hit at least (in 6)"), func() string { return fmt.Sprint(max(f.MinSixths, 1)) },
		func() { f.MinSixths = max(1, f.MinSixths-1) },
		func() { f.MinSixths = min(6, max(f.MinSixths, 1)+1) }))
	b.holdRows(p, box, sh)
	box.AddChild(checkRow(p,
		liveCheck(p, "rift risks", func() bool { return c.RiftRisk }, func(on bool) { c.RiftRisk = on }),
		liveCheck(p, "launch seekers", func() bool { return sh.Launch }, func(on bool) { sh.Launch = on }),
		liveCheck(p, "ask every move", func() bool { return sh.AskEveryImpulse }, func(on bool) { sh.AskEveryImpulse = on })))
	// Only the selected ship's path is previewed: the others' editors
	// are hidden.
	box.AddChild(liveText(p, 13, render.UITextDim, func() string {
		if b.sel%len(b.o.Ships) != i {
			return ""
		}
		_, path := plotPreview(p.view(), *sh, render.UIAccent)
		return pathText(path)
	}))
}

// checkBox is the size liveCheck draws a checkbox's box at.
const checkBox = 18

// checkRow lays checkboxes, and the words and buttons between them, out
// in a row. ebitenui counts a checkbox's box at its image's least size,
// not at the size it draws it (checkBox), so the row leaves the
// difference between its children, or each label would run into the next
// box.
func checkRow(p *orderDesk, children ...widget.PreferredSizeLocateableWidget) *widget.Container {
	iw, _ := p.env.Theme().CheckboxTheme.Image.Unchecked.MinSize()
	return row(10+max(checkBox-iw, 0), children...)
}

// onUnit flies course c relative to its unit (the enemy last clicked):
// close with it, keep it at range, or circle it.
func (b *plotBuilder) onUnit(c *plot.Course, kind plot.CourseKind) {
	if c.Unit != "" {
		*c = plot.Course{Kind: kind, Unit: c.Unit, Range: max(c.Range, 1), RiftRisk: c.RiftRisk}
		if kind == plot.Close {
			c.Range = 0
		}
	}
}

// maneuvers are the maneuvers the panel cycles through: none, a
// high-energy turn, a sideslip either way.
var maneuvers = []rules.MoveOp{"", rules.OpHET, rules.OpSlipLeft, rules.OpSlipRight}

// maneuverRows adds the ship's maneuver at an impulse: which (a button
// cycling through maneuvers), at which impulse, and for a high-energy
// turn the facing it turns to.
func (b *plotBuilder) maneuverRows(p *orderDesk, box *widget.Container, sh *plot.Ship) {
	box.AddChild(liveButton(p, func() string {
		if sh.Maneuver != nil {
			return "Maneuver: " + sh.Maneuver.String()
		}
		return "Maneuver: none"
	}, func() { b.nextManeuver(p, sh) }, stretch()))
	n := p.view().Ruleset.ImpulsesPerTurn
	// set moves the maneuver to impulse and facing.
	set := func(impulse func(m plot.Maneuver) int, facing func(m plot.Maneuver) rules.Direction) func() {
		return func() {
			if m := sh.Maneuver; m != nil {
				*m = plot.Maneuver{Impulse: min(max(impulse(*m), 1), n), Op: m.Op, Facing: facing(*m)}
			}
			p.changed()
		}
	}
	same := func(m plot.Maneuver) int { return m.Impulse }
	facing := func(m plot.Maneuver) rules.Direction { return m.Facing }
	turn := func(by int) func(m plot.Maneuver) rules.Direction {
		return func(m plot.Maneuver) rules.Direction { return m.Facing.Turn(by) }
	}
	impulse := p.env.label("", render.Bold, 14, render.UIText)
	to := p.env.label("", render.Bold, 14, render.UIText)
	p.onChange(func() {
		if m := sh.Maneuver; m != nil {
			impulse.Label, to.Label = fmt.Sprint(m.Impulse), m.Facing.String()
		}
	})
	het := row(6, p.env.label("  to facing", render.Regular, 14, render.UIText),
		button("<", set(same, turn(-1))), to, button(">", set(same, turn(1))))
	showWhen(p, het, func() bool { return sh.Maneuver != nil && sh.Maneuver.Op == rules.OpHET })
	at := row(6, p.env.label("at impulse", render.Regular, 14, render.UIText),
		button("-", set(func(m plot.Maneuver) int { return m.Impulse - 1 }, facing)), impulse,
		button("+", set(func(m plot.Maneuver) int { return m.Impulse + 1 }, facing)), het)
	showWhen(p, at, func() bool { return sh.Maneuver != nil })
	box.AddChild(at)
}

// nextManeuver gives the ship the next maneuver of maneuvers, at the
// next impulse (or the one already set) and, for a high-energy turn,
// facing about.
func (b *plotBuilder) nextManeuver(p *orderDesk, sh *plot.Ship) {
	var op rules.MoveOp
	impulse := max(p.view().Clock.Impulse, 1)
	if sh.Maneuver != nil {
		op, impulse = sh.Maneuver.Op, sh.Maneuver.Impulse
	}
	next := maneuvers[(slices.Index(maneuvers, op)+1)%len(maneuvers)]
	if next == "" {
		sh.Maneuver = nil
		return
	}
	m := &plot.Maneuver{Impulse: impulse, Op: next}
	if u := unitOf(p.view(), sh.Unit); u != nil {
		m.Facing = u.Facing.Turn(3)
	}
	sh.Maneuver = m
}

// holdRows adds a checkbox for each of the ship's weapons to hold it for
// a later impulse, and the impulse the held weapons wait for.
func (b *plotBuilder) holdRows(p *orderDesk, box *widget.Container, sh *plot.Ship) {
	u := unitOf(p.view(), sh.Unit)
	if u == nil {
		return
	}
	c, ok := rules.LookupClass(u.Class)
	if !ok || len(c.Mounts) == 0 {
		return
	}
	f := &sh.Fire
	var names []string
	var checks []widget.PreferredSizeLocateableWidget
	for i, m := range c.Mounts {
		name := string(m.Weapon)
		if w, ok := rules.LookupWeapon(m.Weapon); ok && w.Name != "" {
			name = w.Name
		}
		names = append(names, fmt.Sprintf("%d %s", i+1, name))
		checks = append(checks, liveCheck(p, fmt.Sprint(i+1), func() bool { return slices.Contains(f.HoldMounts, i) }, func(on bool) {
			f.HoldMounts = slices.DeleteFunc(slices.Clone(f.HoldMounts), func(x int) bool { return x == i })
			if on {
				f.HoldMounts = append(f.HoldMounts, i)
				slices.Sort(f.HoldMounts)
			}
		}))
	}
	n := p.view().Ruleset.ImpulsesPerTurn
	to := p.env.label("", render.Bold, 14, render.UIText)
	p.onChange(func() {
		to.Label = "all turn"
		if f.HoldUntil > 0 {
			to.Label = fmt.Sprintf("to %d", f.HoldUntil)
		}
	})
	until := row(6,
		button("-", func() { f.HoldUntil = max(0, f.HoldUntil-1); p.changed() }),
		to,
		button("+", func() { f.HoldUntil = min(n, f.HoldUntil+1); p.changed() }))
	// Six weapons a row at most (the panel is ordersWidth wide), and
	// the impulse they wait for on the row if it fits, else on a row of
	// its own; it shows while a weapon is held.
	lead := p.env.label("hold", render.Regular, 14, render.UIText)
	for len(checks) > 6 {
		box.AddChild(checkRow(p, append([]widget.PreferredSizeLocateableWidget{lead}, checks[:6]...)...))
		checks, lead = checks[6:], p.env.label("    ", render.Regular, 14, render.UIText)
	}
	last := append([]widget.PreferredSizeLocateableWidget{lead}, checks...)
	held := until
	if len(checks) <= 4 {
		box.AddChild(checkRow(p, append(last, until)...))
	} else {
		box.AddChild(checkRow(p, last...))
		held = row(6, p.env.label("held until", render.Regular, 14, render.UIText), until)
		box.AddChild(held)
	}
	showWhen(p, held, func() bool { return len(f.HoldMounts) > 0 })
	box.AddChild(p.env.wrapped("Weapons: "+strings.Join(names, " · ")+"; held ones wait until the impulse set, or all turn.", 12, render.UITextDim, ordersWidth-28))
}

// erraticText is the erratic policy as the panel reads it.
func erraticText(e plot.Policy) string {
	switch e {
	case plot.Always:
		return "whenever paid for"
	case plot.Never, "":
		return "never"
	case plot.Ask:
		return "ask me"
	}
	return "when an enemy has us in reach"
}

// fireText is a fire order as the panel reads it, with unit names.
func fireText(p *orderDesk, f plot.Fire) string {
	if f.Target != "" {
		g := f
		g.Target = ""
		return "only at " + unitName(p, f.Target) + "; " + g.String()
	}
	return f.String()
}

// click gives the selected ship a course: close with the enemy clicked
// (or keep it at the range set), or fly toward the hex clicked.
func (b *plotBuilder) click(p *orderDesk, h rules.Hex) {
	sh := b.ship()
	if sh == nil {
		return
	}
	v := p.view()
	for _, u := range v.Units {
		if u.Hex == h && u.Side != p.Side() && u.Kind != rules.KindMine {
			kind := plot.Close
			if sh.Course.Kind == plot.Range || sh.Course.Kind == plot.Circle {
				kind = sh.Course.Kind
			}
			sh.Course = plot.Course{Kind: kind, Unit: u.ID, Range: sh.Course.Range, RiftRisk: sh.Course.RiftRisk}
			p.changed()
			return
		}
	}
	if sh.Course.Kind == plot.Waypoints {
		sh.Course = plot.Course{Kind: plot.Waypoints, Hexes: append(slices.Clone(sh.Course.Hexes), h), RiftRisk: sh.Course.RiftRisk}
	} else {
		sh.Course = plot.Course{Kind: plot.Toward, Hex: h, RiftRisk: sh.Course.RiftRisk}
	}
	p.changed()
}

func (b *plotBuilder) keys(p *orderDesk, in Intents) {
	if in.Has(intentNextShip) && len(b.o.Ships) > 0 {
		b.sel = (b.sel + 1) % len(b.o.Ships)
		p.changed()
	}
	if in.Has(intentCommit) {
		b.follow(p)
	}
}

// overlay marks the selected ship and its course's hex or unit, and
// previews every ship's course (plotPreview).
func (b *plotBuilder) overlay(p *orderDesk, f *render.Frame) {
	sh := b.ship()
	if sh == nil {
		return
	}
	f.Selected = sh.Unit
	v := p.view()
	for i := range b.o.Ships {
		s := &b.o.Ships[i]
		col := render.UIAccent.WithAlpha(0.45)
		if s == sh {
			col = render.UIAccent
		}
		if ov, _ := plotPreview(v, *s, col); len(ov.Hexes) > 1 {
			f.Paths = append(f.Paths, ov)
		}
	}
	switch sh.Course.Kind {
	case plot.Waypoints:
		for i, h := range sh.Course.Hexes {
			f.Marks = append(f.Marks, render.HexMark{Hex: h, Colour: render.UIAccent, Label: fmt.Sprint(i + 1)})
		}
	case plot.Toward:
		f.Marks = append(f.Marks, render.HexMark{Hex: sh.Course.Hex, Colour: render.UIAccent, Label: "toward"})
	case plot.Close, plot.Range, plot.Circle:
		if u := unitOf(v, sh.Course.Unit); u != nil {
			f.Marks = append(f.Marks, render.HexMark{Hex: u.Hex, Colour: render.UIDanger, Label: courseText(p, sh.Course)})
		}
	}
	if u := unitOf(v, b.about); u != nil {
		label := "break: " + unitName(p, u.ID)
		i := slices.IndexFunc(f.Marks, func(m render.HexMark) bool { return m.Hex == u.Hex })
		if i < 0 {
			f.Marks = append(f.Marks, render.HexMark{Hex: u.Hex, Colour: render.UIDanger, Label: label})
		} else { // one label a hex: a drone launched from the ship the course is on
			f.Marks[i].Label += "  ·  " + label
		}
	}
}

// lostTarget reports whether c flies at a unit v does not show.
func lostTarget(v *rules.View, c plot.Course) bool {
	switch c.Kind {
	case plot.Close, plot.Range, plot.Circle:
		return unitOf(v, c.Unit) == nil
	}
	return false
}

// ownUnit reports whether v shows id as a unit of side.
func ownUnit(v *rules.View, id rules.UnitID, side rules.SideID) bool {
	u := unitOf(v, id)
	return u != nil && u.Side == side
}

func unitOf(v *rules.View, id rules.UnitID) *rules.UnitView {
	for i := range v.Units {
		if v.Units[i].ID == id {
			return &v.Units[i]
		}
	}
	return nil
}
