package rules

// stepHook is work done automatically at a point of the turn: the
// phenomena plug in here (phase rolls, rift formation and lifetime). Hooks
// run in list order and roll only through State.Roll.
type stepHook struct {
	Name string
	Run  func(s *State) []Event
}

// moveOutcome is what a movement check did to a moving unit.
type moveOutcome struct {
	Events []Event
	// Stop ends the unit's movement this impulse (displaced, caught).
	Stop bool
	// Extra adds movements to the unit's remaining movement this turn
	// (a gravity rift's +1).
	Extra int
}

// moveHook is a check made each time a unit leaves or enters a hex during
// its own movement: a gravity rift's exit (its removal roll, and the
// bonus if it comes through) before leaving a rift system, a cosmic
// rift's displacement on entering its hex. The movement step runs the
// leave-hex check of a rift exit only once every plan of the impulse is
// in (GRN.3, execMove).
type moveHook struct {
	Name  string
	Check func(s *State, u *Unit, from, to Hex) moveOutcome
}

// planHook takes part in checking a movement plan before anything moves
// (GRN.3). It must not roll or change the state.
type planHook struct {
	Name string
	// Leave, if set, returns the movements a unit gains by leaving from
	// for to on its planned path (a gravity rift's +1), so that the plan
	// may use them at once; ms is the plan's running movement, which it
	// may update (to record a rift's bonus as given).
	Leave func(s *State, u *Unit, ms *MoveState, from, to Hex) int
	// Check, if set, vets the whole plan given its path, start hex first.
	Check func(s *State, u *Unit, p *MovePlan, path []Hex) error
}

// afterMoveHook runs once a unit's move for the impulse is over, even if
// it was stopped or removed on the way; end is where its plan ended.
type afterMoveHook struct {
	Name string
	Run  func(s *State, u *Unit, p *MovePlan, end Hex) []Event
}

// hookSet is the ordered extension points of the turn machine.
type hookSet struct {
	// StartOfTurn runs before energy allocation (IP4.21, IP8.512).
	StartOfTurn []stepHook
	// Involuntary runs at the start of every impulse (the SFB 6A1 slot).
	Involuntary []stepHook
	// SeekingLaunch and SeekingResolution run at their impulse steps.
	SeekingLaunch     []stepHook
	SeekingResolution []stepHook
	// LeaveHex runs before a unit leaves a hex, EnterHex after it enters
	// one, in list order; a Stop ends the unit's movement.
	LeaveHex []moveHook
	EnterHex []moveHook
	// Plan checks a movement plan; AfterMove runs after the move.
	Plan      []planHook
	AfterMove []afterMoveHook
}

// builtinHooks returns the hooks of the rules in the order they run. The
// phenomena add their entries here.
func builtinHooks() *hookSet {
	return &hookSet{
		// Phase space (IP8): the storm rolls, the phase rolls and drift.
		StartOfTurn: []stepHook{{Name: "phase-storm", Run: (*State).phaseStormStep}, {Name: "cosmic-rift", Run: (*State).cosmicStartOfTurn}},
		Involuntary: []stepHook{{Name: "phase-space", Run: (*State).phaseStep}, {Name: "cosmic-rift", Run: (*State).cosmicInvoluntary}},

		LeaveHex: []moveHook{{Name: "gravity-rift", Check: gravityLeave}},
		// Mines go off when another side's unit enters their hex.
		EnterHex: []moveHook{{Name: "mine", Check: mineEnter}, {Name: "web", Check: webEnter}, {Name: "cosmic-rift", Check: cosmicEnter}},
		Plan: []planHook{
			{Name: "gravity-rift", Leave: gravityPlanLeave},
			{Name: "fleet-limit", Check: fleetPlanCheck},
			{Name: "pick-up", Check: pickUpPlanCheck},
		},
		AfterMove: []afterMoveHook{{Name: "pick-up", Run: pickUpAfterMove}, {Name: "exit-objective", Run: exitAfterMove}},
	}
}

// planLeave runs the plan hooks' Leave for one planned step.
func (s *State) planLeave(u *Unit, ms *MoveState, from, to Hex) int {
	n := 0
	for _, h := range s.activeHooks().Plan {
		if h.Leave != nil {
			n += h.Leave(s, u, ms, from, to)
		}
	}
	return n
}

// planCheck runs the plan hooks' Check on a whole plan.
func (s *State) planCheck(u *Unit, p *MovePlan, path []Hex) error {
	for _, h := range s.activeHooks().Plan {
		if h.Check != nil {
			if err := h.Check(s, u, p, path); err != nil {
				return err
			}
		}
	}
	return nil
}

// activeHooks returns the state's hooks: the built-in ones unless a test
// replaced them.
func (s *State) activeHooks() *hookSet {
	if s.hooks == nil {
		s.hooks = builtinHooks()
	}
	return s.hooks
}

func (s *State) runStepHooks(hs []stepHook) []Event {
	var evs []Event
	for _, h := range hs {
		evs = append(evs, h.Run(s)...)
	}
	return evs
}
