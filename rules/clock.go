package rules

import (
	"fmt"
	"strconv"
)

// Step is one stage of the turn sequence (X4.SEQ, X4.IMP). Impulse steps
// repeat once per impulse; the others come once per turn.
type Step uint8

// The steps of a turn in order. StepInvoluntary is the SFB "6A1" slot in
// which phase rolls, rift formation and rift displacement happen.
const (
	StepStartOfTurn Step = iota
	StepEnergyAllocation
	StepDeclareMovement
	StepInvoluntary
	StepMovement
	StepActivity
	StepSeekingLaunch
	StepDirectFire
	StepSeekingResolution
	StepDamageControl
	StepGameOver
)

var stepNames = [...]string{
	"start-of-turn", "energy-allocation", "declare-movement", "involuntary-movement",
	"movement", "impulse-activity", "seeking-launch", "direct-fire",
	"seeking-resolution", "damage-control", "game-over",
}

// String returns the step's name as used in saves and logs.
func (s Step) String() string {
	if int(s) < len(stepNames) {
		return stepNames[s]
	}
	return fmt.Sprintf("Step(%d)", uint8(s))
}

// InImpulse reports whether s is one of the steps repeated every impulse.
func (s Step) InImpulse() bool { return s >= StepInvoluntary && s <= StepSeekingResolution }

// MarshalText writes the step name.
func (s Step) MarshalText() ([]byte, error) {
	if int(s) >= len(stepNames) {
		return nil, fmt.Errorf("rules: invalid step %d", uint8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a step name.
func (s *Step) UnmarshalText(b []byte) error {
	for i, n := range stepNames {
		if n == string(b) {
			*s = Step(i)
			return nil
		}
	}
	return fmt.Errorf("rules: unknown step %q", b)
}

// Clock is the shared time of every map in play: the turn, the impulse
// within it (0 outside the impulse sequence) and the step.
type Clock struct {
	Turn    int  `json:"turn"`
	Impulse int  `json:"impulse"`
	Step    Step `json:"step"`
}

// String returns the clock as, for example, "T3 I2 movement".
func (c Clock) String() string { return string(c.appendTo(make([]byte, 0, 32))) }

// appendTo appends c.String() to b.
func (c Clock) appendTo(b []byte) []byte {
	b = append(b, 'T')
	b = strconv.AppendInt(b, int64(c.Turn), 10)
	if c.Step.InImpulse() {
		b = append(b, " I"...)
		b = strconv.AppendInt(b, int64(c.Impulse), 10)
	}
	b = append(b, ' ')
	return append(b, c.Step.String()...)
}

// absoluteImpulse counts impulses from the start of the game, for timers
// that run across turns (IP4.231, IP4.25).
func (c Clock) absoluteImpulse(impulsesPerTurn int) int {
	return (c.Turn-1)*impulsesPerTurn + c.Impulse
}
