package match

import (
	"errors"

	"github.com/hexrift/hexrift/rules"
)

// Desk is one side's seat at the table: everything that side may ask of
// the game, answered for that side only. The order panels of a person and
// the computer players (as their ai.Oracle) both work from a Desk, never
// from the rules state. A question about another side's unit is refused
// exactly as a question about a unit that does not exist.
type Desk interface {
	// Side is the side the desk answers for.
	Side() rules.SideID
	// View is the game as the side sees it now.
	View() *rules.View
	// Legal lists the commands the rules offer the side now.
	Legal() []rules.Command
	// Check reports why a command of the side would be refused, or nil.
	Check(cmd rules.Command) error
	// ShotOdds gives the odds of a direct-fire shot by an own unit.
	ShotOdds(sh rules.Shot) (rules.ShotOdds, error)
	// LaunchOdds gives the odds of a seeking launch by an own unit.
	LaunchOdds(sh rules.Shot) (rules.LaunchOdds, error)
	// PlanOdds gives the rift odds of a plan of the own unit that moves.
	PlanOdds(p rules.MovePlan) (rules.Odds, error)
	// Mover returns the own unit whose movement it is, if any.
	Mover() (rules.UnitID, bool)
	// Allotment returns the movement an own unit may still spend this turn.
	Allotment(id rules.UnitID) int
	// ReentryHexes lists where an own unit in reserve may come back.
	ReentryHexes(id rules.UnitID) []rules.Hex
	// TractorChoices lists the side's tractor beam choices.
	TractorChoices() []rules.TractorChoice
	// DeviceChoices lists the side's special device choices.
	DeviceChoices() []rules.DeviceChoice
	// HandoffOptions lists the guidance hand-offs open to the side.
	HandoffOptions() []rules.Handoff
}

// NewDesk returns the desk of side over st.
func NewDesk(st *rules.State, side rules.SideID) Desk {
	return desk{state: func() *rules.State { return st }, side: side}
}

// Desk returns the desk of side in the session: it always answers from
// the session's current state.
func (s *Session) Desk(side rules.SideID) Desk {
	return desk{state: func() *rules.State { return s.State }, side: side}
}

// desk is the one implementation of Desk, over a rules state read anew at
// every question.
type desk struct {
	state func() *rules.State
	side  rules.SideID
}

var errNotYours = errors.New("match: the desk answers only for its own side's units")

// own reports whether id is a unit of the desk's side on the map and in
// phase (phased-out units are shown to their owner, but answer nothing).
func (d desk) own(id rules.UnitID) bool {
	u := d.state().Unit(id)
	return u != nil && u.Side == d.side && u.OnMap()
}

func (d desk) Side() rules.SideID     { return d.side }
func (d desk) View() *rules.View      { return d.state().View(d.side) }
func (d desk) Legal() []rules.Command { return d.state().Legal(d.side) }

func (d desk) Check(cmd rules.Command) error {
	if cmd.Side != d.side {
		return errNotYours
	}
	return d.state().Check(cmd)
}

func (d desk) ShotOdds(sh rules.Shot) (rules.ShotOdds, error) {
	if !d.own(sh.Attacker) {
		return rules.ShotOdds{}, errNotYours
	}
	return d.state().ShotOdds(sh)
}

func (d desk) LaunchOdds(sh rules.Shot) (rules.LaunchOdds, error) {
	if !d.own(sh.Attacker) {
		return rules.LaunchOdds{}, errNotYours
	}
	return d.state().LaunchOdds(sh)
}

func (d desk) PlanOdds(p rules.MovePlan) (rules.Odds, error) {
	if id, ok := d.Mover(); !ok || id != p.Unit {
		return rules.Odds{}, errNotYours
	}
	return d.state().PlanOdds(p)
}

func (d desk) Mover() (rules.UnitID, bool) {
	id, ok := d.state().Mover()
	if !ok || !d.own(id) {
		return "", false
	}
	return id, true
}

func (d desk) Allotment(id rules.UnitID) int {
	if !d.own(id) {
		return 0
	}
	return d.state().Allotment(id)
}

func (d desk) ReentryHexes(id rules.UnitID) []rules.Hex {
	if u := d.state().Unit(id); u == nil || u.Side != d.side {
		return nil
	}
	return d.state().ReentryHexes(id)
}

func (d desk) TractorChoices() []rules.TractorChoice {
	return d.state().TractorChoices(d.side)
}

func (d desk) DeviceChoices() []rules.DeviceChoice {
	return d.state().DeviceChoices(d.side)
}

func (d desk) HandoffOptions() []rules.Handoff {
	return d.state().HandoffOptions(d.side)
}
