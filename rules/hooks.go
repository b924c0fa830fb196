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

// PlanHook takes part in checking a movement plan before anything moves
// (GRN.3). It must not roll or change the state.
type PlanHook struct {
	Name string
	// Leave, if set, returns the movements a unit gains by leaving from
	// for to on its planned path (a gravity rift's +1), so that the plan
	// may use them at once; ms is the plan's running movement, which it
	// may update (to record a rift's bonus as given).
	Leave func(s *State, u *Unit, ms *MoveState, from, to Hex) int
	// Check, if set, vets the whole plan given its path, start hex first.
	Check func(s *State, u *Unit, p *MovePlan, path []Hex) error
}

// AfterMoveHook runs once a unit's move for the impulse is over, even if
// it was stopped or removed on the way; end is where its plan ended.
type AfterMoveHook struct {
	Name string
	Run  func(s *State, u *Unit, p *MovePlan, end Hex) []Event
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
	// Plan checks a movement plan; AfterMove runs after the move.
	Plan      []PlanHook
	AfterMove []AfterMoveHook
}

// builtinHooks returns the hooks of the rules in the order they run. The
// phenomena add their entries here.
func builtinHooks() *Hooks {
	return &Hooks{
		// Phase space (IP8): the storm rolls, the phase rolls and drift.
		StartOfTurn: []StepHook{{Name: "phase-storm", Run: (*State).phaseStormStep}, {Name: "cosmic-rift", Run: (*State).cosmicStartOfTurn}},
		Involuntary: []StepHook{{Name: "phase-space", Run: (*State).phaseStep}, {Name: "cosmic-rift", Run: (*State).cosmicInvoluntary}},

		LeaveHex: []MoveHook{{Name: "gravity-rift", Check: gravityLeave}},
		// Mines go off when another side's unit enters their hex.
		EnterHex: []MoveHook{{Name: "mine", Check: mineEnter}, {Name: "web", Check: webEnter}, {Name: "cosmic-rift", Check: cosmicEnter}},
		Plan: []PlanHook{
			{Name: "gravity-rift", Leave: gravityPlanLeave},
			{Name: "fleet-limit", Check: fleetPlanCheck},
			{Name: "pick-up", Check: pickUpPlanCheck},
		},
		AfterMove: []AfterMoveHook{{Name: "pick-up", Run: pickUpAfterMove}, {Name: "exit-objective", Run: exitAfterMove}},
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
