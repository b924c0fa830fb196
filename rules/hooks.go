package rules

// StepHook is work done automatically at a point of the turn: the
// phenomena plug in here (phase rolls, rift formation and lifetime). Hooks
// run in list order and roll only through State.Roll.
type StepHook struct {
	Name string
	Run  func(s *State) []Event
}

// MoveOutcome is what a movement check did to a moving unit.
type MoveOutcome struct {
	Events []Event
	// Stop ends the unit's movement this impulse (removed, displaced).
	Stop bool
	// Extra adds movements to the unit's remaining movement this turn
	// (a gravity rift's +1).
	Extra int
}

// MoveHook is a check made each time a unit leaves or enters a hex during
// its own movement: a gravity rift's exit roll before leaving a rift
// system, a cosmic rift's displacement on entering its hex.
type MoveHook struct {
	Name  string
	Check func(s *State, u *Unit, from, to Hex) MoveOutcome
}

// Hooks are the ordered extension points of the turn machine.
type Hooks struct {
	// StartOfTurn runs before energy allocation (IP4.21, IP8.512).
	StartOfTurn []StepHook
	// Involuntary runs at the start of every impulse (the SFB 6A1 slot).
	Involuntary []StepHook
	// SeekingLaunch and SeekingResolution run at their impulse steps.
	SeekingLaunch     []StepHook
	SeekingResolution []StepHook
	// LeaveHex runs before a unit leaves a hex, EnterHex after it enters
	// one, in list order; a Stop ends the unit's movement.
	LeaveHex []MoveHook
	EnterHex []MoveHook
}

// builtinHooks returns the hooks of the rules in the order they run. The
// phenomena add their entries here.
func builtinHooks() *Hooks {
	return &Hooks{}
}

// activeHooks returns the state's hooks: the built-in ones unless a test
// replaced them.
func (s *State) activeHooks() *Hooks {
	if s.hooks == nil {
		s.hooks = builtinHooks()
	}
	return s.hooks
}

func (s *State) runStepHooks(hs []StepHook) []Event {
	var evs []Event
	for _, h := range hs {
		evs = append(evs, h.Run(s)...)
	}
	return evs
}
