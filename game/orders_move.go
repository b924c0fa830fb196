package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// moveBuilder plans the movement of the unit whose initiative turn it is:
// forward, turns, sideslips, a high-energy turn and deceleration, shown
// as a path on the map and checked by the rules as it grows. The whole
// plan is committed at once (GRN.3); until then any step can be taken back.
type moveBuilder struct {
	unit  rules.UnitID
	steps []rules.MoveStep
	ram   rules.UnitID
}

func newMoveBuilder(p *orderDesk) *moveBuilder {
	id, _ := p.Mover()
	if u, ok := unitView(p, id); ok {
		p.showMap = u.Map // the mover may be beyond a cosmic rift
	}
	return &moveBuilder{unit: id, steps: proposedSteps(p, id)}
}

// proposedSteps returns the steps of the first plain plan (no ram, no
// erratic maneuvers) the rules offer for unit, so that the panel opens
// on a move it can commit: straight ahead for the impulse's movement
// when that is legal, staying only when the ship has nothing to move.
func proposedSteps(p *orderDesk, unit rules.UnitID) []rules.MoveStep {
	for _, c := range p.Legal() {
		if m := c.Move; m != nil && m.Unit == unit && m.Ram == "" && !m.Erratic {
			return slices.Clone(m.Steps)
		}
	}
	return nil
}

func (b *moveBuilder) command(p *orderDesk) rules.Command {
	return rules.Command{Kind: rules.CmdMove, Side: p.Side(), Move: &rules.MovePlan{Unit: b.unit, Steps: b.steps, Ram: b.ram}}
}

// path traces the plan from the unit's position: the hexes entered and
// the facing after each step.
func (b *moveBuilder) path(p *orderDesk) ([]rules.Hex, []rules.Direction, int) {
	u, ok := unitView(p, b.unit)
	if !ok {
		return nil, nil, 0
	}
	hexes, facings := []rules.Hex{u.Hex}, []rules.Direction{u.Facing}
	used := 0
	for i, ps := range rules.PlanPoses(rules.Pose{Hex: u.Hex, Facing: u.Facing}, b.steps) {
		switch s := b.steps[i]; s.Op {
		case rules.OpForward, rules.OpSlipLeft, rules.OpSlipRight:
			used++
		case rules.OpHET:
			used += rules.HETCost
		case rules.OpDecelerate:
			used += s.N
		}
		if last := len(hexes) - 1; hexes[last] == ps.Hex {
			facings[last] = ps.Facing
			continue
		}
		hexes = append(hexes, ps.Hex)
		facings = append(facings, ps.Facing)
	}
	return hexes, facings, used
}

func (b *moveBuilder) add(p *orderDesk, s rules.MoveStep) {
	b.steps = append(b.steps, s)
	if !slices.Contains(b.ramTargets(p), b.ram) {
		b.ram = ""
	}
	p.changed()
}

func (b *moveBuilder) undo(p *orderDesk) {
	if len(b.steps) > 0 {
		b.steps = b.steps[:len(b.steps)-1]
		if !slices.Contains(b.ramTargets(p), b.ram) {
			b.ram = ""
		}
		p.changed()
	}
}

// stepName names a step for people: "forward", "turn left", "high-energy
// turn to C", "decelerate 1".
func stepName(s rules.MoveStep) string {
	switch s.Op {
	case rules.OpHET:
		return "high-energy turn to " + s.Facing.String()
	case rules.OpDecelerate:
		return fmt.Sprintf("decelerate %d", s.N)
	}
	return strings.ReplaceAll(s.String(), "-", " ")
}

func (b *moveBuilder) build(p *orderDesk, box *widget.Container) {
	u, _ := unitView(p, b.unit)
	allot := p.Allotment(b.unit)
	heading(p, box, "Move "+u.Name, "")
	box.AddChild(liveText(p, 13, render.UITextDim, func() string {
		_, _, used := b.path(p)
		return fmt.Sprintf("Initiative turn of %s: speed %d, facing %s. This impulse it has %d movement(s); the plan uses %d.", u.Name, u.Speed, u.Facing, allot, used)
	}))
	if c, ok := rules.LookupClass(u.Class); ok && c.TurnMode != "" {
		need := rules.HexesBeforeTurn(u.Speed, c.TurnMode)
		box.AddChild(p.env.wrapped(fmt.Sprintf("Turn mode %s: %d hex(es) straight before each turn.", c.TurnMode, need), 13, render.UITextDim, ordersWidth-28))
	}
	box.AddChild(liveText(p, 14, render.UIText, func() string {
		if len(b.steps) == 0 {
			return "Plan: stay"
		}
		var parts []string
		for _, s := range b.steps {
			parts = append(parts, stepName(s))
		}
		return "Plan: " + strings.Join(parts, ", ")
	}))
	box.AddChild(grid(2,
		button("Turn left (Q)", func() { b.add(p, rules.MoveStep{Op: rules.OpTurnLeft}) }),
		button("Turn right (E)", func() { b.add(p, rules.MoveStep{Op: rules.OpTurnRight}) }),
		button("Slip left (Z)", func() { b.add(p, rules.MoveStep{Op: rules.OpSlipLeft}) }),
		button("Slip right (C)", func() { b.add(p, rules.MoveStep{Op: rules.OpSlipRight}) }),
		button("Forward (Space)", func() { b.add(p, rules.MoveStep{Op: rules.OpForward}) }),
		button("Decelerate 1", func() { b.add(p, rules.MoveStep{Op: rules.OpDecelerate, N: 1}) })))
	het := row(4, p.env.label("HET to", render.Regular, 14, render.UIText))
	for _, d := range rules.Directions {
		het.AddChild(button(d.String(), func() { b.add(p, rules.MoveStep{Op: rules.OpHET, Facing: d}) },
			tip(p, fmt.Sprintf("High-energy turn: face %s at once, for %d movement.", d, rules.HETCost))))
	}
	box.AddChild(het)
	box.AddChild(button("Undo the last step (Backspace)", func() { b.undo(p) }, stretch()))
	// A ram box for each enemy the side sees, shown while the plan ends
	// in its hex.
	for _, t := range p.view().Units {
		if t.Side == p.Side() {
			continue
		}
		ram := liveCheck(p, "Ram "+unitName(p, t.ID), func() bool { return b.ram == t.ID }, func(on bool) {
			b.ram = ""
			if on {
				b.ram = t.ID
			}
		})
		showWhen(p, ram, func() bool { return slices.Contains(b.ramTargets(p), t.ID) })
		box.AddChild(ram)
	}
	box.AddChild(liveText(p, 13, render.Hex("#ffb070", 1), func() string {
		odds, err := p.PlanOdds(*b.command(p).Move)
		if err != nil || len(odds.Exits) == 0 {
			return ""
		}
		text := fmt.Sprintf("Gravity rift: %d exit(s), +%d movement. Each exit rolls a d10, 1-3 removes the ship to reserve. Chance to get through: %.1f%% (%s).",
			len(odds.Exits), odds.Bonus, 100*odds.Survive, odds.SurviveExact)
		if len(odds.Cargo) > 0 {
			text += fmt.Sprintf(" Its %d carried craft share its fate.", len(odds.Cargo))
		}
		return text
	}))
	commitRow(p, fixed("Commit move"), func() rules.Command { return b.command(p) })
}

// ramTargets lists enemy units in the hex the plan ends in.
func (b *moveBuilder) ramTargets(p *orderDesk) []rules.UnitID {
	hexes, _, _ := b.path(p)
	if len(hexes) < 2 {
		return nil
	}
	end := hexes[len(hexes)-1]
	var out []rules.UnitID
	for _, u := range p.view().Units {
		if u.Hex == end && u.Side != p.Side() {
			out = append(out, u.ID)
		}
	}
	return out
}

// click on a neighbouring hex ahead moves there: straight ahead is a
// forward step, the hexes ahead-left and ahead-right are sideslips.
func (b *moveBuilder) click(p *orderDesk, h rules.Hex) {
	hexes, facings, _ := b.path(p)
	if len(hexes) == 0 {
		return
	}
	at := rules.Pose{Hex: hexes[len(hexes)-1], Facing: facings[len(facings)-1]}
	for _, op := range []rules.MoveOp{rules.OpForward, rules.OpSlipLeft, rules.OpSlipRight} {
		if next, _, _ := at.Next(rules.MoveStep{Op: op}); next.Hex == h {
			b.add(p, rules.MoveStep{Op: op})
			return
		}
	}
}

func (b *moveBuilder) keys(p *orderDesk, in Intents) {
	switch {
	case in.Has(intentForward):
		b.add(p, rules.MoveStep{Op: rules.OpForward})
	case in.Has(intentTurnLeft):
		b.add(p, rules.MoveStep{Op: rules.OpTurnLeft})
	case in.Has(intentTurnRight):
		b.add(p, rules.MoveStep{Op: rules.OpTurnRight})
	case in.Has(intentSlipLeft):
		b.add(p, rules.MoveStep{Op: rules.OpSlipLeft})
	case in.Has(intentSlipRight):
		b.add(p, rules.MoveStep{Op: rules.OpSlipRight})
	case in.Has(intentUndoStep):
		b.undo(p)
	default:
		commitOnIntent(p, in, b.command(p))
	}
}

func (b *moveBuilder) overlay(p *orderDesk, f *render.Frame) {
	hexes, facings, _ := b.path(p)
	f.Selected = b.unit
	if len(hexes) == 0 || len(b.steps) == 0 {
		return // nothing planned yet: the selection ring is enough
	}
	col := render.UIAccent
	if checkText(p, b.command(p)) != "" {
		col = render.UIDanger
	}
	f.Selected = b.unit
	path := render.PathOverlay{Hexes: hexes, Facings: facings, Colour: col}
	// Where the plan leaves a gravity rift: the +1 gained and the roll.
	if odds, err := p.PlanOdds(*b.command(p).Move); err == nil {
		for _, x := range odds.Exits {
			note := "d10: 1-3 lost"
			if x.Bonus > 0 {
				note = fmt.Sprintf("+%d, d10: 1-3 lost", x.Bonus)
			}
			path.Notes = append(path.Notes, render.HexNote{Hex: x.From, Text: note, Colour: render.Hex("#ffb070", 1)})
		}
	}
	f.Paths = append(f.Paths, path)
}
