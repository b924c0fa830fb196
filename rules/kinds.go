package rules

import "slices"

// kindSpec is everything the rules know about one command kind: the step
// (and stage of it) that takes the kind, the payload fields it carries,
// the sides that must give it, its check, the sample commands Legal
// offers, and how it is carried out. Adding a kind is its constant, its
// payload fields on Command and one row of kindTable.
type kindSpec struct {
	kind  CommandKind
	step  Step
	stage string
	// fields are the payload fields the kind carries, in the order
	// String writes them.
	fields []payloadField
	// waiting returns, when the step (or stage) opens, the sides that
	// must commit; nil for a kind given by one mover at a time.
	waiting func(*State) []SideID
	// check says whether a command of the kind, of a side that has to
	// act, is legal now.
	check func(*State, *Command) error
	// samples are the commands Legal offers; trusted says that samples
	// keeps only commands check accepts, so Legal need not check them.
	samples func(*State, SideID) []Command
	trusted bool
	// apply carries out a command at once; nil seals it until every
	// waiting side has committed.
	apply func(*State, *Command) []Event
	// resolve carries out the step's revealed commands (for a sealed
	// kind) when nobody has to act any more; done is false when it
	// opened a new stage of the same step.
	resolve func(s *State, sealed []Sealed) (evs []Event, done bool)
}

// stageEvade is the direct-fire stage of evasive maneuvers against the
// revealed fire (X4.EV).
const stageEvade = "evade"

// The payload fields of Command, each once.
var (
	allocationsField  = listField[Allocation]{"allocations", func(c *Command) *[]Allocation { return &c.Allocations }, each[Allocation], Allocation.clone}
	declarationsField = listField[Declaration]{"declarations", func(c *Command) *[]Declaration { return &c.Declarations }, each[Declaration], Declaration.clone}
	moveField         = payloadField{
		name:  "move",
		used:  func(c *Command) bool { return c.Move != nil },
		parts: func(c *Command) []string { return []string{c.Move.String()} },
		clone: func(c *Command) { c.Move = c.Move.clone() },
		split: func(c *Command) []Command { return []Command{{Kind: c.Kind, Side: c.Side, Move: c.Move.clone()}} },
		merge: func(dst, src *Command) {
			if src.Move != nil {
				dst.Move = src.Move.clone()
			}
		},
	}
	docksField     = listField[DockOrder]{"docks", func(c *Command) *[]DockOrder { return &c.Docks }, each[DockOrder], nil}
	transfersField = listField[Transfer]{"transfers", func(c *Command) *[]Transfer { return &c.Transfers }, each[Transfer], nil}
	batteriesField = listField[BatteryUse]{"batteries", func(c *Command) *[]BatteryUse { return &c.Batteries }, each[BatteryUse], nil}
	tractorsField  = listField[TractorOrder]{"tractors", func(c *Command) *[]TractorOrder { return &c.Tractors }, each[TractorOrder], nil}
	devicesField   = listField[DeviceUse]{"devices", func(c *Command) *[]DeviceUse { return &c.Devices }, each[DeviceUse], nil}
	craftField     = listField[UnitID]{"craft", func(c *Command) *[]UnitID { return &c.Craft },
		func(ids []UnitID) []string { return []string{"launch " + joinIDs(ids)} }, nil}
	websField     = listField[WebOrder]{"webs", func(c *Command) *[]WebOrder { return &c.Webs }, each[WebOrder], WebOrder.clone}
	handoffsField = listField[Handoff]{"handoffs", func(c *Command) *[]Handoff { return &c.Handoffs }, each[Handoff], nil}
	shotsField    = listField[Shot]{"shots", func(c *Command) *[]Shot { return &c.Shots }, each[Shot], nil}
	evasionsField = listField[Evasion]{"evasions", func(c *Command) *[]Evasion { return &c.Evasions }, each[Evasion], nil}
	repairsField  = listField[Repair]{"repairs", func(c *Command) *[]Repair { return &c.Repairs }, each[Repair], nil}
)

// kindTable is every command kind, in turn order.
var kindTable = [...]kindSpec{
	{
		kind: CmdAllocate, step: StepEnergyAllocation,
		fields:  []payloadField{allocationsField.field()},
		waiting: func(s *State) []SideID { return s.sidesWith(allocates) },
		check:   func(s *State, c *Command) error { return s.checkAllocations(c.Side, c.Allocations) },
		samples: func(s *State, side SideID) []Command {
			return []Command{{Kind: CmdAllocate, Side: side, Allocations: s.defaultAllocations(side)},
				{Kind: CmdAllocate, Side: side, Allocations: s.defensiveAllocations(side)}}
		},
		resolve: func(s *State, sealed []Sealed) ([]Event, bool) {
			return s.execAllocations(append(slices.Clone(sealed), s.ghostAllocations()...)), true
		},
	},
	{
		kind: CmdDeclare, step: StepDeclareMovement,
		fields:  []payloadField{declarationsField.field()},
		waiting: func(s *State) []SideID { return s.sidesWith(allocates) },
		check:   func(s *State, c *Command) error { return s.checkDeclarations(c.Side, c.Declarations) },
		samples: func(s *State, side SideID) []Command {
			return append([]Command{{Kind: CmdDeclare, Side: side}}, declarationsField.sample(CmdDeclare, side, s.sampleWarp(side))...)
		},
		resolve: func(s *State, sealed []Sealed) ([]Event, bool) { return s.execDeclarations(sealed), true },
	},
	{
		kind: CmdMove, step: StepMovement,
		fields: []payloadField{moveField},
		check: func(s *State, c *Command) error {
			if c.Move == nil {
				return refuse("", "move command without a plan")
			}
			id, _ := s.Mover()
			if c.Move.Unit != id {
				return refuse("", "it is %s's turn to move, not %s's", id, c.Move.Unit)
			}
			_, err := s.checkPlan(s.Unit(id), c.Move)
			return err
		},
		samples: func(s *State, side SideID) []Command {
			id, _ := s.Mover()
			plans := s.samplePlans(s.Unit(id))
			cands := make([]Command, len(plans)) // Legal runs for every move: one allocation, not a growing slice
			for i := range plans {
				cands[i] = Command{Kind: CmdMove, Side: side, Move: &plans[i]}
			}
			return cands
		},
		trusted: true, // samplePlans keeps only plans checkPlan accepts
		apply:   func(s *State, c *Command) []Event { return s.execMove(c.Move) },
		// Every plan is in: the moves held at a rift's edge go on,
		// rolling as they leave (GRN.3, GR41.2), then the seekers fly.
		resolve: func(s *State, _ []Sealed) ([]Event, bool) {
			evs := s.goOnHeld()
			return append(evs, s.moveSeekers()...), true
		},
	},
	{
		kind: CmdActivity, step: StepActivity,
		fields: []payloadField{docksField.field(), transfersField.field(), batteriesField.field(), tractorsField.field(),
			devicesField.field(), craftField.field(), websField.field(), handoffsField.field()},
		waiting: (*State).activitySides,
		check:   (*State).checkActivityCommand,
		samples: func(s *State, side SideID) []Command {
			out := []Command{{Kind: CmdActivity, Side: side}}
			out = append(out, docksField.sample(CmdActivity, side, s.sampleDocks(side))...)
			out = append(out, websField.sample(CmdActivity, side, s.sampleWebs(side))...)
			out = append(out, craftField.sample(CmdActivity, side, s.sampleCraftLaunches(side))...)
			out = append(out, devicesField.sample(CmdActivity, side, s.sampleDevices(side))...)
			out = append(out, tractorsField.sample(CmdActivity, side, s.sampleTractors(side))...)
			out = append(out, batteriesField.sample(CmdActivity, side, s.sampleBatteryUses(side))...)
			return append(out, handoffsField.sample(CmdActivity, side, s.sampleHandoffs(side))...)
		},
		resolve: func(s *State, sealed []Sealed) ([]Event, bool) {
			evs := s.execActivity(sealed)
			evs = append(evs, s.execHandoffs(sealed)...)
			evs = append(evs, s.execTractors(sealed)...)
			evs = append(evs, s.execDevices(sealed)...)
			evs = append(evs, s.execCraftLaunches(sealed)...)
			evs = append(evs, s.execWebs(sealed)...)
			return append(evs, s.execBatteryUses(sealed)...), true
		},
	},
	{
		kind: CmdLaunch, step: StepSeekingLaunch,
		fields: []payloadField{shotsField.field()},
		waiting: func(s *State) []SideID {
			return s.sidesWith(func(u *Unit) bool { return len(s.possibleLaunches(u)) > 0 })
		},
		check: func(s *State, c *Command) error { return s.checkLaunches(c.Side, c.Shots) },
		samples: func(s *State, side SideID) []Command {
			return append([]Command{{Kind: CmdLaunch, Side: side}}, shotsField.sample(CmdLaunch, side, s.sampleLaunches(side))...)
		},
		resolve: func(s *State, sealed []Sealed) ([]Event, bool) { return s.execLaunches(sealed), true },
	},
	{
		kind: CmdFire, step: StepDirectFire,
		fields:  []payloadField{shotsField.field()},
		waiting: func(s *State) []SideID { return s.sidesWith(func(u *Unit) bool { return len(s.possibleShots(u)) > 0 }) },
		check:   func(s *State, c *Command) error { return s.checkShots(c.Side, c.Shots) },
		samples: func(s *State, side SideID) []Command {
			return append([]Command{{Kind: CmdFire, Side: side}}, shotsField.sample(CmdFire, side, s.sampleShots(side))...)
		},
		resolve: func(s *State, sealed []Sealed) ([]Event, bool) {
			s.recordShots(sealed)
			s.Turn.Stage = stageEvade
			s.Turn.Waiting = s.evadingSides()
			return nil, false
		},
	},
	{
		kind: CmdEvade, step: StepDirectFire, stage: stageEvade,
		fields:  []payloadField{evasionsField.field()},
		waiting: (*State).evadingSides,
		check:   func(s *State, c *Command) error { return s.checkEvasions(c.Side, c.Evasions) },
		samples: func(s *State, side SideID) []Command {
			return append([]Command{{Kind: CmdEvade, Side: side}}, evasionsField.sample(CmdEvade, side, s.sampleEvasions(side))...)
		},
		resolve: func(s *State, sealed []Sealed) ([]Event, bool) {
			evs := s.execEvasions(sealed)
			evs = append(evs, s.resolveFire()...)
			return append(evs, s.resolveRams()...), true
		},
	},
	{
		kind: CmdRepair, step: StepDamageControl,
		fields:  []payloadField{repairsField.field()},
		waiting: func(s *State) []SideID { return s.sidesWith(func(u *Unit) bool { return len(s.repairable(u)) > 0 }) },
		check:   func(s *State, c *Command) error { return s.checkRepairs(c.Side, c.Repairs) },
		samples: func(s *State, side SideID) []Command {
			return []Command{{Kind: CmdRepair, Side: side, Repairs: s.sampleRepairs(side)}}
		},
		resolve: func(s *State, sealed []Sealed) ([]Event, bool) { return s.execRepairs(sealed), true },
	},
}

// kindOf returns the row of kind k, or nil for an unknown kind.
func kindOf(k CommandKind) *kindSpec {
	for i := range kindTable {
		if kindTable[i].kind == k {
			return &kindTable[i]
		}
	}
	return nil
}

// stepKind returns the row of the kind the current step (and stage)
// takes, or nil when the step takes no command.
func (s *State) stepKind() *kindSpec {
	for i := range kindTable {
		if k := &kindTable[i]; k.step == s.Clock.Step && k.stage == s.Turn.Stage {
			return k
		}
	}
	return nil
}

// carries reports whether the kind carries payload field f.
func (k *kindSpec) carries(f payloadField) bool {
	return slices.ContainsFunc(k.fields, func(g payloadField) bool { return g.name == f.name })
}

// checkActivityCommand checks the orders of an impulse activity command,
// one kind of order after another.
func (s *State) checkActivityCommand(c *Command) error {
	if err := s.checkActivity(c.Side, c.Docks, c.Transfers); err != nil {
		return err
	}
	if err := s.checkTractors(c.Side, c.Tractors); err != nil {
		return err
	}
	if err := s.checkDevices(c.Side, c.Devices); err != nil {
		return err
	}
	if err := s.checkCraftLaunches(c.Side, c.Craft); err != nil {
		return err
	}
	if err := s.checkWebs(c.Side, c.Webs); err != nil {
		return err
	}
	if err := s.checkHandoffs(c.Side, c.Handoffs); err != nil {
		return err
	}
	if err := s.checkBatteryUses(c.Side, c.Batteries); err != nil {
		return err
	}
	return s.checkActivityBattery(*c)
}

// evadingSides returns the sides with a unit that may evade the revealed
// fire (X4.EV).
func (s *State) evadingSides() []SideID {
	return s.sidesWith(func(u *Unit) bool { return len(s.evadable(u)) > 0 })
}

// payloadField is one payload field of Command: its name, whether a
// command uses it, how String writes it, and how copying a command,
// splitting it into single orders and merging orders treat it.
type payloadField struct {
	name  string
	used  func(*Command) bool
	parts func(*Command) []string
	// clone replaces the field with a deep copy of itself.
	clone func(*Command)
	// split returns one command of the same kind and side per order of
	// the field.
	split func(*Command) []Command
	// merge adds src's orders of the field to dst's.
	merge func(dst, src *Command)
}

// listField is a payload field holding a list of orders of type T.
type listField[T any] struct {
	name string
	get  func(*Command) *[]T
	// parts writes the orders for String; deep copies one order's own
	// slices and pointers (nil when it has none).
	parts func([]T) []string
	deep  func(T) T
}

// sample returns the command of kind and side giving orders, or nothing
// when there are no orders.
func (l listField[T]) sample(kind CommandKind, side SideID, orders []T) []Command {
	if len(orders) == 0 {
		return nil
	}
	c := Command{Kind: kind, Side: side}
	*l.get(&c) = orders
	return []Command{c}
}

// field returns the list as a payload field.
func (l listField[T]) field() payloadField {
	return payloadField{
		name:  l.name,
		used:  func(c *Command) bool { return len(*l.get(c)) > 0 },
		parts: func(c *Command) []string { return l.parts(*l.get(c)) },
		clone: func(c *Command) {
			p := l.get(c)
			*p = slices.Clone(*p)
			if l.deep != nil {
				for i := range *p {
					(*p)[i] = l.deep((*p)[i])
				}
			}
		},
		split: func(c *Command) []Command {
			out := make([]Command, len(*l.get(c)))
			for i, x := range *l.get(c) {
				out[i] = Command{Kind: c.Kind, Side: c.Side}
				*l.get(&out[i]) = []T{x}
			}
			return out
		},
		merge: func(dst, src *Command) { *l.get(dst) = append(*l.get(dst), *l.get(src)...) },
	}
}

// each writes every order of a list with its String method.
func each[T interface{ String() string }](orders []T) []string {
	out := make([]string, len(orders))
	for i, o := range orders {
		out[i] = o.String()
	}
	return out
}
