package game

import (
	"errors"
	"fmt"
	"image/color"
	"regexp"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

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

	// limbo, at the table of a game played by file, brings the side's
	// units out of phase into its energy allocation (pbemlimbo.go).
	limbo *limboDesk

	cmd     *rules.Command // the command to submit
	showMap rules.MapID    // the map to put on screen
	plotted *plot.Orders   // the side's orders for the turn, to follow

	// A panel builds its widgets once, into body and footer (the commit
	// row, which never scrolls), and keeps them in line with what the
	// player chose through live: each entry brings one widget up to date,
	// and changed runs them all after a click, a key or a map click.
	body, footer *widget.Container
	relayout     func()
	live         []func()
	syncing      bool // live is setting widgets: their handlers ignore it
}

// submit hands cmd to the play scene to submit.
func (p *orderDesk) submit(cmd rules.Command) { p.cmd = &cmd }

// place tells the desk where the panel's widgets go, and how to lay them
// out again; the refreshers of the widgets there before are dropped.
func (p *orderDesk) place(body, footer *widget.Container, relayout func()) {
	p.body, p.footer, p.relayout, p.live = body, footer, relayout, nil
}

// onChange registers f, which brings a widget in line with the panel's
// state, and runs it once.
func (p *orderDesk) onChange(f func()) {
	p.live = append(p.live, f)
	p.syncing = true
	f()
	p.syncing = false
}

// changed brings every widget of the panel in line with its state.
func (p *orderDesk) changed() {
	p.syncing = true
	for _, f := range p.live {
		f()
	}
	p.syncing = false
	if p.relayout != nil {
		p.relayout()
	}
}

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

// unitName names a unit for people: its name, a seeker's with the ship
// that launched it ("Drone from Claw").
func unitName(p *orderDesk, id rules.UnitID) string {
	if u, ok := unitView(p, id); ok && u.Name != "" {
		if strings.Contains(string(id), ".") {
			return seekerName(p, u)
		}
		return u.Name
	}
	return string(id)
}

// distinctNames names the units ids for people, each apart from the
// others: where two would read alike (two drones from Ironclaw), a
// seeker's name gains its target ("Drone from Ironclaw at Swift") and
// names still alike are numbered in the order given ("... (1)", "...
// (2)").
func distinctNames(p *orderDesk, ids []rules.UnitID) map[rules.UnitID]string {
	return distinctNamesBy(ids, func(id rules.UnitID) string { return unitName(p, id) }, func(id rules.UnitID) string {
		if u, ok := unitView(p, id); ok && u.Kind.Seeking() && u.Target != "" {
			return unitName(p, u.Target)
		}
		return ""
	})
}

// distinctNamesBy is distinctNames with the names and the seekers'
// targets' names (empty for a unit with no target to name) given by
// name and target.
func distinctNamesBy(ids []rules.UnitID, name, target func(rules.UnitID) string) map[rules.UnitID]string {
	names := make(map[rules.UnitID]string, len(ids))
	count := map[string]int{}
	for _, id := range ids {
		names[id] = name(id)
		count[names[id]]++
	}
	for _, id := range ids {
		if count[names[id]] > 1 {
			if t := target(id); t != "" {
				names[id] += " at " + t
			}
		}
	}
	count = map[string]int{}
	for _, id := range ids {
		count[names[id]]++
	}
	nth := map[string]int{}
	for _, id := range ids {
		if n := names[id]; count[n] > 1 {
			nth[n]++
			names[id] = fmt.Sprintf("%s (%d)", n, nth[n])
		}
	}
	return names
}

// checkText returns the reason cmd would be refused, for people: the
// rules' words with the units' names for their ids.
func checkText(p *orderDesk, cmd rules.Command) string {
	if err := p.Check(cmd); err != nil {
		return namedText(p, refusalText(err))
	}
	return ""
}

// unitIDWords matches what could be a unit id in a text: words joined by
// dots ("kes.d6.1"), a sentence's full stop left out.
var unitIDWords = regexp.MustCompile(`[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*`)

// namedText puts the name players read for each unit id the side sees in
// text.
func namedText(p *orderDesk, text string) string { return viewNamedText(p.view(), text) }

// viewNamedText puts the name players read for each unit id v shows in
// text.
func viewNamedText(v *rules.View, text string) string {
	names := map[string]string{}
	for _, u := range v.Units {
		if u.Name != "" {
			names[string(u.ID)] = u.Name
		}
	}
	return unitIDWords.ReplaceAllStringFunc(text, func(w string) string {
		if n, ok := names[w]; ok {
			return n
		}
		return w
	})
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

// liveText is a wrapped text whose words follow the panel's state; it
// is hidden while they are empty.
func liveText(p *orderDesk, size float64, col render.RGBA, words func() string) *widget.Text {
	t := p.env.wrapped("", size, col, ordersWidth-28)
	p.onChange(func() {
		t.Label = words()
		shown(t, t.Label != "")
	})
	return t
}

// shown shows or hides w, a hidden widget taking no room.
func shown(w widget.HasWidget, on bool) {
	v := widget.Visibility_Hide
	if on {
		v = widget.Visibility_Show
	}
	w.GetWidget().SetVisibility(v)
}

// showWhen shows w while on says so.
func showWhen(p *orderDesk, w widget.HasWidget, on func() bool) {
	p.onChange(func() { shown(w, on()) })
}

// liveButton is a button whose label follows the panel's state; a click
// runs do, then brings the panel up to date.
func liveButton(p *orderDesk, label func() string, do func(), opts ...widget.WidgetOpt) *widget.Button {
	b := button(label(), func() { do(); p.changed() }, opts...)
	p.onChange(func() { b.SetText(label()) })
	return b
}

// liveCheck is a checkbox for one choice of the panel: it shows get and
// sets it with set, then brings the panel up to date.
func liveCheck(p *orderDesk, label string, get func() bool, set func(bool), opts ...widget.WidgetOpt) *widget.Checkbox {
	var f text.Face = p.env.Fonts.Face(render.Regular, 14)
	c := widget.NewCheckbox(
		widget.CheckboxOpts.TextLabel(label),
		widget.CheckboxOpts.TextFace(&f),
		widget.CheckboxOpts.Spacing(8),
		widget.CheckboxOpts.DisableDefaultKeys(),
		widget.CheckboxOpts.WidgetOpts(append([]widget.WidgetOpt{widget.WidgetOpts.MinSize(18, 18)}, opts...)...),
		// ebitenui defers the event: by the time it runs, the box may
		// only have been brought in line with the state, which is then
		// no change at all.
		widget.CheckboxOpts.StateChangedHandler(func(a *widget.CheckboxChangedEventArgs) {
			on := a.State == widget.WidgetChecked
			if p.syncing || on == get() {
				return
			}
			set(on)
			p.changed()
		}),
	)
	p.onChange(func() {
		want := widget.WidgetUnchecked
		if get() {
			want = widget.WidgetChecked
		}
		c.SetState(want)
	})
	return c
}

// tip is a tooltip with words for people, shown when the pointer rests
// on the widget it is given to.
func tip(p *orderDesk, words string) widget.WidgetOpt {
	var f text.Face = p.env.Fonts.Face(render.Regular, 13)
	bg := image.NewBorderedNineSliceColor(render.UIPanel.WithAlpha(1).Color().(color.NRGBA), render.UIAccent.Color().(color.NRGBA), 1)
	c := widget.NewContainer(widget.ContainerOpts.BackgroundImage(bg),
		widget.ContainerOpts.Layout(widget.NewAnchorLayout(widget.AnchorLayoutOpts.Padding(&widget.Insets{Top: 5, Bottom: 5, Left: 8, Right: 8}))))
	c.AddChild(widget.NewText(widget.TextOpts.Text(words, &f, render.UIText.Color()), widget.TextOpts.MaxWidth(280)))
	return widget.WidgetOpts.ToolTip(widget.NewToolTip(widget.ToolTipOpts.Content(c), widget.ToolTipOpts.Delay(400*time.Millisecond)))
}

// heading adds the step title and a line of explanation to the panel.
func heading(p *orderDesk, box *widget.Container, title, help string) {
	box.AddChild(p.env.label(title, render.Bold, 20, render.UIAccent))
	if help != "" {
		box.AddChild(p.env.wrapped(help, 13, render.UITextDim, ordersWidth-28))
	}
}

// commitRow adds, in the footer that never scrolls, the legality line
// and the commit button of the command cmd builds; both follow the
// panel's state.
func commitRow(p *orderDesk, label func() string, cmd func() rules.Command) {
	box := p.footer
	if box == nil {
		box = p.body
	}
	why := ""
	p.onChange(func() { why = checkText(p, cmd()) })
	box.AddChild(liveText(p, 13, render.UIDanger, func() string {
		if why != "" {
			return "Not yet legal: " + why
		}
		return ""
	}))
	b := button(label(), func() {
		if checkText(p, cmd()) == "" {
			p.submit(cmd())
		}
	}, stretch())
	p.onChange(func() {
		b.GetWidget().Disabled = why != ""
		if why == "" {
			b.SetText(label() + "  (Enter)")
		} else {
			b.SetText(label())
		}
	})
	box.AddChild(b)
}

// fixed returns a label function for words that do not change.
func fixed(s string) func() string { return func() string { return s } }

// spinner is a "name  - value +" row built once: its name and value
// follow the panel's state, and each button brings the panel up to date.
func spinner(p *orderDesk, name, value func() string, dec, inc func(), opts ...widget.WidgetOpt) *widget.Container {
	l := p.env.label("", render.Regular, 14, render.UIText)
	l.GetWidget().MinWidth = 170
	v := p.env.label("", render.Bold, 14, render.UIText)
	v.GetWidget().MinWidth = 40
	p.onChange(func() { l.Label, v.Label = name(), value() })
	minus := button("-", func() { dec(); p.changed() }, opts...)
	plus := button("+", func() { inc(); p.changed() }, opts...)
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
		return unitName(p, e.Unit) + " evades " + unitName(p, e.Attacker) + "'s fire"
	case len(c.Repairs) > 0:
		r := c.Repairs[0]
		return unitName(p, r.Unit) + " repairs its " + repairName(r.Target)
	case len(c.Craft) > 0:
		return "Launch " + craftName(p, c.Craft[0])
	}
	s := c.String()
	if i := strings.Index(s, ": "); i >= 0 {
		s = s[i+2:]
	}
	return s
}

// repairName names a repair target for people: "shield 3", "left warp
// engine".
func repairName(target string) string { return rules.RepairWords(target) }

// craftName names a small craft (a shuttle aboard a ship is not on the
// map): its name if the side sees it, else its class's.
func craftName(p *orderDesk, id rules.UnitID) string {
	if u, ok := unitView(p, id); ok {
		if u.Name != "" {
			return u.Name
		}
		if c, ok := rules.LookupClass(u.Class); ok && c.Name != "" {
			return c.Name
		}
	}
	return strings.ReplaceAll(string(id), "-", " ")
}

func (b *choiceBuilder) build(p *orderDesk, box *widget.Container) {
	switch b.kind {
	case rules.CmdEvade:
		heading(p, box, "Evasive maneuvers", "The fire aimed at your ships is revealed. A ship may evade one attacker's strike an impulse, "+
			"as many times a turn as its size class: a d6 of 1-2 makes that strike miss (X4.EV).")
		b.evasionsLeft(p, box)
	case rules.CmdRepair:
		heading(p, box, stepTitle(rules.StepDamageControl), "Repair damaged systems. Armor is never repaired here (X4.DC).")
	default:
		heading(p, box, strings.ToUpper(string(b.kind[:1]))+string(b.kind[1:]), "")
	}
	if len(b.options) == 0 {
		box.AddChild(p.env.wrapped("Nothing to choose.", 14, render.UITextDim, ordersWidth-28))
	}
	b.toggles(p, box)
	commitRow(p, fixed("Commit"), func() rules.Command { return b.command(p) })
}

// evasionsLeft says, for each ship that may evade, against whom.
func (b *choiceBuilder) evasionsLeft(p *orderDesk, box *widget.Container) {
	against := map[rules.UnitID][]string{}
	var order []rules.UnitID
	for _, o := range b.options {
		for _, e := range o.Evasions {
			if _, ok := against[e.Unit]; !ok {
				order = append(order, e.Unit)
			}
			against[e.Unit] = append(against[e.Unit], unitName(p, e.Attacker))
		}
	}
	for _, id := range order {
		left := ""
		if u, ok := unitView(p, id); ok && u.Detail != nil {
			if c, ok := rules.LookupClass(u.Class); ok {
				n := c.SizeClass - u.Detail.Evasions
				left = fmt.Sprintf(" (%d of %d left this turn)", n, c.SizeClass)
			}
		}
		box.AddChild(p.env.wrapped(fmt.Sprintf("%s may evade once this impulse%s, against %s.", unitName(p, id), left, strings.Join(against[id], " or ")), 13, render.UITextDim, ordersWidth-28))
	}
}

// toggles adds a checkbox for each option.
func (b *choiceBuilder) toggles(p *orderDesk, box *widget.Container) {
	for i, o := range b.options {
		box.AddChild(liveCheck(p, b.itemText(p, o), func() bool { return b.chosen[i] }, func(on bool) { b.chosen[i] = on }))
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
