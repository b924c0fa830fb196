package pbem

import (
	"fmt"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// The codes a turn file writes where the rules have names of their own:
// the steps of a clock, and how a stretch stopped. They are this
// format's, fixed here (TestWireCodesArePinned), so that a renamed step
// or a reworded break never changes a stored game.

// stepCodes are the codes of the rules' steps, in the rules' order.
var stepCodes = map[rules.Step]string{
	rules.StepStartOfTurn:       "start",
	rules.StepEnergyAllocation:  "energy",
	rules.StepDeclareMovement:   "declare",
	rules.StepInvoluntary:       "involuntary",
	rules.StepMovement:          "movement",
	rules.StepActivity:          "activity",
	rules.StepSeekingLaunch:     "launch",
	rules.StepDirectFire:        "fire",
	rules.StepSeekingResolution: "seeking",
	rules.StepDamageControl:     "damage-control",
	rules.StepGameOver:          "over",
}

// wireClock is c as a turn file writes it.
func wireClock(c rules.Clock) wire.Clock {
	return wire.Clock{Turn: c.Turn, Impulse: c.Impulse, Step: stepCodes[c.Step]}
}

// clockOf reads a clock of a turn file.
func clockOf(c wire.Clock) (rules.Clock, error) {
	for st, code := range stepCodes {
		if code == c.Step {
			if c.Turn < 0 || c.Impulse < 0 || c.Turn > 1<<20 || c.Impulse > 1<<10 {
				return rules.Clock{}, fmt.Errorf("turn %d impulse %d is no point of a game", c.Turn, c.Impulse)
			}
			return rules.Clock{Turn: c.Turn, Impulse: c.Impulse, Step: st}, nil
		}
	}
	return rules.Clock{}, fmt.Errorf("step %q is no step of the rules", c.Step)
}

// The kinds of Stop: how a stretch of play ended.
const (
	// stopOver: the game ended by the rules.
	stopOver = "over"
	// stopBreak: Side's plotted orders broke (Code: the break condition,
	// plot.Break.Kind; Unit: the unit it is about).
	stopBreak = "break"
	// stopDecide: Side faces a decision (Code: the command kind) that
	// its orders do not answer.
	stopDecide = "decide"
	// stopRefused: Side's orders gave a command (Code: its kind) that the
	// rules refuse.
	stopRefused = "refused"
	// stopHidden: the next step would bring hidden content that play by
	// file cannot keep secret (Code: hiddenFormed, hiddenShared,
	// hiddenStorm; Side: the side whose command it would be, if any).
	stopHidden = "hidden"
	// stopIdle: no side can act.
	stopIdle = "idle"
	// stopUnseated: Side must act, and no machine plays it.
	stopUnseated = "unseated"
	// stopLimit: a stretch of more than maxStretch commands.
	stopLimit = "limit"
	// stopFault: hexrift failed playing the next step (a bug), as it
	// does on every machine: the game stops there.
	stopFault = "fault"
)

// The codes of a stopHidden stop.
const (
	hiddenFormed = "rift-formed"
	hiddenShared = "shared-roll"
	hiddenStorm  = "storm-mine"
)

// Stop is how a stretch of play ended, in the codes a turn file writes.
type Stop = wire.Stop

// Result is what a round's stretch gave: where it stopped and how, how
// many commands the game has played in all, the faces of the stretch's
// public rolls, and the public hash of the state after it. Break and
// Stopped say in words how it stopped, as this machine computed it (they
// are never read from a file: every machine computes its own).
type Result struct {
	Clock    rules.Clock
	Commands int
	Rolls    [][]int
	Stop     Stop
	Hash     rules.Hash
	// Break is set when a side's orders stopped the stretch ("red: Claw
	// comes within reach"); Stopped when the game stopped for good at
	// hidden content or with nobody to act.
	Break, Stopped string
}

// ended reports whether the stop is one the game never goes on from.
func (r Result) ended() bool {
	switch r.Stop.Kind {
	case stopHidden, stopIdle, stopUnseated, stopLimit, stopFault:
		return true
	}
	return false
}

// wireResult is r as a result message carries it.
func wireResult(r Result) wire.Result {
	return wire.Result{Clock: wireClock(r.Clock), Commands: r.Commands, Rolls: r.Rolls, Stop: r.Stop, Hash: r.Hash[:]}
}

// diffResult names the first difference between a result message and
// the result the rules give, or "".
func diffResult(got wire.Result, want Result) string {
	w := wireResult(want)
	for i := range max(len(got.Rolls), len(w.Rolls)) {
		var g, x []int
		if i < len(got.Rolls) {
			g = got.Rolls[i]
		}
		if i < len(w.Rolls) {
			x = w.Rolls[i]
		}
		if fmt.Sprint(g) != fmt.Sprint(x) {
			return fmt.Sprintf("public roll %d shows %v, the rules roll %v", i+1, g, x)
		}
	}
	switch {
	case got.Commands != w.Commands:
		return fmt.Sprintf("%d commands played, the rules play %d", got.Commands, w.Commands)
	case got.Clock != w.Clock:
		return fmt.Sprintf("it stops at %v, the rules at %v", got.Clock, w.Clock)
	case got.Stop != w.Stop:
		return fmt.Sprintf("it stops by %+v, the rules by %+v (%s)", got.Stop, w.Stop, want.words())
	case string(got.Hash) != string(w.Hash):
		return fmt.Sprintf("state hash %x, the rules reach %x", got.Hash, w.Hash)
	}
	return ""
}

// words is how the stretch stopped, in words.
func (r Result) words() string {
	switch {
	case r.Stopped != "":
		return r.Stopped
	case r.Break != "":
		return r.Break
	case r.Stop.Kind == stopOver:
		return "the game is over"
	}
	return r.Stop.Kind
}
