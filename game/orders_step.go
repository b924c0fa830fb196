package game

import "github.com/hexrift/hexrift/rules"

// newOrderBuilder returns the order panel for the step the rules expect of
// the desk's side: one panel per command kind, and the rules' own options
// for a kind no panel knows.
func newOrderBuilder(p *orderDesk, kind rules.CommandKind) orderBuilder {
	switch kind {
	case rules.CmdAllocate:
		return newAllocBuilder(p)
	case rules.CmdDeclare:
		return newDeclareBuilder(p)
	case rules.CmdMove:
		return newMoveBuilder(p)
	case rules.CmdActivity:
		return newActivityBuilder(p)
	case rules.CmdRepair, rules.CmdEvade:
		return newChoiceBuilder(p, kind)
	case rules.CmdLaunch:
		return newLaunchBuilder(p)
	case rules.CmdFire:
		return newFireBuilder(p)
	case "":
		return nil
	}
	// A step this version has no dedicated panel for: offer the rules'
	// own options.
	return newChoiceBuilder(p, kind)
}
