package game

import (
	"slices"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// limboDesk brings a side's own units out of phase into its energy
// allocation at the table of a game played by file. Those units are in
// limbo on every other machine: their allocations (their speed, their
// cloak, IP8.443) are the side's limbo orders, to its own machine alone
// (game/pbem, limbo.go), so the panel lists them after the fleet and
// keeps them out of the sealed command.
type limboDesk struct {
	// allocs are what the side's machine would allocate for each now
	// (pbem.Seat.ProposeLimbo); check checks allocations for them as the
	// machine computes the game.
	allocs []rules.Allocation
	check  func([]rules.Allocation) error
}

// newLimboDesk returns the limbo desk of seat, nil when the side has no
// unit out of phase that allocates energy.
func newLimboDesk(seat *pbem.Seat) *limboDesk {
	lo := seat.ProposeLimbo()
	if lo == nil {
		return nil
	}
	st := seat.Game.State
	return &limboDesk{allocs: lo.Allocations, check: func(as []rules.Allocation) error { return st.CheckLimboAllocations(seat.Side, as) }}
}

// addLimbo puts the side's units out of phase after its fleet.
func (b *allocBuilder) addLimbo(p *orderDesk) {
	if p.limbo == nil {
		return
	}
	for _, a := range p.limbo.allocs {
		a.Arm, a.Hold = slices.Clone(a.Arm), slices.Clone(a.Hold)
		b.allocs = append(b.allocs, a)
	}
}

// check checks the fleet's allocation as the rules would, and those of
// the units out of phase as the side's machine would.
func (b *allocBuilder) check(p *orderDesk) error {
	if err := p.Check(b.command(p)); err != nil {
		return err
	}
	if p.limbo != nil {
		return p.limbo.check(b.allocs[b.pub:])
	}
	return nil
}

// limboAllocs returns the allocations of the side's units out of phase,
// nil when the panel has none.
func (b *allocBuilder) limboAllocs() []rules.Allocation {
	if b.pub == len(b.allocs) {
		return nil
	}
	out := slices.Clone(b.allocs[b.pub:])
	for i := range out {
		out[i].Arm, out[i].Hold = slices.Clone(out[i].Arm), slices.Clone(out[i].Hold)
	}
	return out
}

// limboNote says what becomes of the allocations of the units out of
// phase, and why the machine would refuse them, if it would.
func (b *allocBuilder) limboNote(p *orderDesk, box *widget.Container) {
	if p.limbo == nil || b.pub == len(b.allocs) {
		return
	}
	box.AddChild(p.env.wrapped("Your ships out of phase: their allocations go to this machine alone, which applies them while they are out; the other side learns their speed and cloak only when they phase in, and the orders themselves at the end of the game.", 12, render.UITextDim, ordersWidth-28))
	box.AddChild(liveText(p, 13, render.UIDanger, func() string {
		if err := p.limbo.check(b.allocs[b.pub:]); err != nil {
			return "Out of phase, not legal: " + namedText(p, refusalText(err))
		}
		return ""
	}))
}
