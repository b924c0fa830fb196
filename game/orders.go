package game

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// orderDesk is all an order panel works with: its side's desk (what that
// side may see and ask), the window's look, and the view on screen. A
// panel never calls the play scene: what it wants done (a command to
// submit, its widgets rebuilt, another map shown) it leaves here, and the
// play scene acts on it once the panel returns.
type orderDesk struct {
	match.Desk
	env  *Env
	view func() *rules.View // the view on screen

	cmd     *rules.Command // the command to submit
	rebuild bool           // the panel's widgets are to be built anew
	showMap rules.MapID    // the map to put on screen
	plotted *plot.Orders   // the side's orders for the turn, to follow
}

// submit hands cmd to the play scene to submit.
func (p *orderDesk) submit(cmd rules.Command) { p.cmd = &cmd }

// rebuildPanel asks the play scene to build the panel's widgets anew.
func (p *orderDesk) rebuildPanel() { p.rebuild = true }

// orderBuilder builds the command of the seat at the machine for the
// current step: it fills the orders panel, reacts to clicks on the map
// and keys, and adds previews to the map. Nothing it holds is committed
// until its commit button; until then the player may change or take back
// anything (undo of uncommitted actions).
type orderBuilder interface {
	build(p *orderDesk, box *widget.Container)
	click(p *orderDesk, h rules.Hex)
	keys(p *orderDesk, in Intents)
	overlay(p *orderDesk, f *render.Frame)
}

// ownShips returns the viewer's units that have ship systems, in id order.
func ownShips(p *orderDesk) []rules.UnitView {
	var out []rules.UnitView
	for _, u := range p.view().Units {
		if u.Side == p.Side() && u.Detail != nil {
			out = append(out, u)
		}
	}
	return out
}

func unitView(p *orderDesk, id rules.UnitID) (rules.UnitView, bool) {
	for _, u := range p.view().Units {
		if u.ID == id {
			return u, true
		}
	}
	return rules.UnitView{}, false
}

func unitName(p *orderDesk, id rules.UnitID) string {
	if u, ok := unitView(p, id); ok && u.Name != "" {
		return u.Name
	}
	return string(id)
}

// checkText returns the reason cmd would be refused, for people.
func checkText(p *orderDesk, cmd rules.Command) string {
	if err := p.Check(cmd); err != nil {
		return refusalText(err)
	}
	return ""
}

// refusalText returns err as a player reads it: a rules refusal's reason
// (its message and clause id), any other error whole.
func refusalText(err error) string {
	var ref *rules.Refusal
	if errors.As(err, &ref) {
		return ref.Reason()
	}
	return err.Error()
}

// heading adds the step title and a line of explanation to the panel.
func heading(p *orderDesk, box *widget.Container, title, help string) {
	box.AddChild(p.env.label(title, render.Bold, 20, render.UIAccent))
	if help != "" {
		box.AddChild(p.env.wrapped(help, 13, render.UITextDim, ordersWidth-28))
	}
}

// commitRow adds the legality line and the commit button.
func commitRow(p *orderDesk, box *widget.Container, label string, cmd rules.Command) {
	if why := checkText(p, cmd); why != "" {
		box.AddChild(p.env.wrapped("Not yet legal: "+why, 13, render.UIDanger, ordersWidth-28))
		b := button(label, func() {}, stretch())
		b.GetWidget().Disabled = true
		box.AddChild(b)
		return
	}
	box.AddChild(button(label+"  (Enter)", func() { p.submit(cmd) }, stretch()))
}

// stepper is a "- value +" row.
func stepper(p *orderDesk, name string, value string, dec, inc func()) *widget.Container {
	l := p.env.label(name, render.Regular, 14, render.UIText)
	l.GetWidget().MinWidth = 150
	v := p.env.label(value, render.Bold, 14, render.UIText)
	v.GetWidget().MinWidth = 70
	minus := button("-", dec)
	plus := button("+", inc)
	return row(6, l, minus, v, plus)
}

// choiceBuilder offers the options the rules list for a step (docking,
// evasive maneuvers, repairs) as toggles, plus doing nothing.
type choiceBuilder struct {
	kind    rules.CommandKind
	options []rules.Command // one item each
	chosen  []bool
}

func newChoiceBuilder(p *orderDesk, kind rules.CommandKind) *choiceBuilder {
	b := &choiceBuilder{kind: kind}
	seen := map[string]bool{}
	for _, c := range p.Legal() {
		for _, item := range c.Orders() {
			k := item.String()
			if !seen[k] {
				seen[k] = true
				b.options = append(b.options, item)
			}
		}
	}
	b.chosen = make([]bool, len(b.options))
	return b
}

func (b *choiceBuilder) command(p *orderDesk) rules.Command {
	cmd := rules.Command{Kind: b.kind, Side: p.Side()}
	for i, o := range b.options {
		if b.chosen[i] {
			cmd.Merge(o)
		}
	}
	return cmd
}

func (b *choiceBuilder) itemText(p *orderDesk, c rules.Command) string {
	switch {
	case len(c.Docks) > 0:
		d := c.Docks[0]
		if d.Undock {
			return unitName(p, d.Unit) + " undocks"
		}
		return unitName(p, d.Unit) + " docks with " + unitName(p, d.With)
	case len(c.Transfers) > 0:
		t := c.Transfers[0]
		return fmt.Sprintf("%s passes %d energy to %s", unitName(p, t.From), t.Energy, unitName(p, t.To))
	case len(c.Evasions) > 0:
		e := c.Evasions[0]
		return unitName(p, e.Unit) + " evades fire from " + unitName(p, e.Attacker) + " (d6 1-2: miss)"
	case len(c.Repairs) > 0:
		r := c.Repairs[0]
		return unitName(p, r.Unit) + " repairs " + r.Target
	case len(c.Craft) > 0:
		return "Launch " + unitName(p, c.Craft[0])
	}
	s := c.String()
	if i := strings.Index(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	return s
}

func (b *choiceBuilder) build(p *orderDesk, box *widget.Container) {
	switch b.kind {
	case rules.CmdEvade:
		heading(p, box, "Evasive maneuvers", "Fire at your ships is revealed. Each ship may try one evasive maneuver this impulse (X4.EV).")
	case rules.CmdRepair:
		heading(p, box, "Damage control", "Repair damaged systems. Armor is never repaired here (X4.DC).")
	default:
		heading(p, box, strings.ToUpper(string(b.kind[:1]))+string(b.kind[1:]), "")
	}
	if len(b.options) == 0 {
		box.AddChild(p.env.wrapped("Nothing to choose.", 14, render.UITextDim, ordersWidth-28))
	}
	b.toggles(p, box)
	commitRow(p, box, "Commit", b.command(p))
}

// toggles adds a toggle for each option.
func (b *choiceBuilder) toggles(p *orderDesk, box *widget.Container) {
	for i, o := range b.options {
		i := i
		mark := "[ ] "
		if b.chosen[i] {
			mark = "[x] "
		}
		box.AddChild(button(mark+b.itemText(p, o), func() {
			b.chosen[i] = !b.chosen[i]
			p.rebuildPanel()
		}, stretch()))
	}
}

func (b *choiceBuilder) click(*orderDesk, rules.Hex)       {}
func (b *choiceBuilder) overlay(*orderDesk, *render.Frame) {}
func (b *choiceBuilder) keys(p *orderDesk, in Intents)     { commitOnIntent(p, in, b.command(p)) }

// ordersWidth is the width of the orders panel on the right.
const ordersWidth = 360

// commitOnIntent commits cmd on the commit intent when it is legal.
func commitOnIntent(p *orderDesk, in Intents, cmd rules.Command) {
	if in.Has(intentCommit) && checkText(p, cmd) == "" {
		p.submit(cmd)
	}
}
