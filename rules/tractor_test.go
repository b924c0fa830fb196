package rules

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func readyTractor(u *Unit) { u.Ship.TractorReady = true }

// Tractor beams (house rules): a readied beam locks on a unit within 1
// hex in impulse activity; the held unit does not move by itself but
// keeps its place beside its holder; a beam not readied again breaks.
func TestTractorBeam(t *testing.T) {
	s := newTestState(t,
		ship("a", "blue", "fed-cruiser", Hex{0, 0}, DirA, 6),
		ship("b", "red", "kor-raider", Hex{1, 0}, DirA, 6),
		ship("base", "red", "vel-starbase", Hex{-1, 0}, DirA, 0))
	a, b := s.Unit("a"), s.Unit("b")
	readyTractor(a)
	atActivity(s)
	if _, err := s.Apply(Command{Kind: CmdActivity, Side: "blue", Tractors: []TractorOrder{{Unit: "a", Target: "base"}}}); err == nil {
		t.Fatal("a beam held a starbase")
	}
	mustApply(t, s, Command{Kind: CmdActivity, Side: "blue", Tractors: []TractorOrder{{Unit: "a", Target: "b"}}})
	for len(s.Pending()) > 0 && s.Clock.Step == StepActivity {
		mustApply(t, s, Command{Kind: CmdActivity, Side: s.Pending()[0]})
	}
	if a.Gear.Tractor != "b" {
		t.Fatal("the beam did not lock")
	}
	// Impulse 2 movement: b is not in the order and moves with a.
	s.Clock, s.Turn = Clock{Turn: 1, Impulse: 2, Step: StepMovement}, TurnState{}
	s.Advance()
	for _, o := range s.Turn.Order {
		if o.Unit == "b" {
			t.Fatal("the held unit rolled initiative")
		}
	}
	for s.Clock.Step == StepMovement {
		id, _ := s.Mover()
		mustApply(t, s, moveCmd(s.Unit(id).Side, MovePlan{Unit: id, Steps: fwd(s.Allotment(id))}))
	}
	// a moves the 2 hexes the chart owes it by impulse 2; b keeps beside it.
	if a.Hex != (Hex{0, -2}) || b.Hex != (Hex{1, -2}) {
		t.Fatalf("holder at %v, held at %v", a.Hex, b.Hex)
	}
	// Next turn the beam is not readied: it breaks at the next activity.
	a.Ship.TractorReady = false
	s.Clock, s.Turn = Clock{Turn: 2, Impulse: 1, Step: StepActivity}, TurnState{}
	s.Advance()
	if a.Gear.Tractor != "" {
		t.Fatal("an unreadied beam still holds")
	}
}

// X4.RAM: the defender may stop a rammer with a tractor beam before the
// ram resolves after direct fire.
func TestTractorStopsRam(t *testing.T) {
	s := newTestState(t,
		ship("r", "blue", "fed-destroyer", Hex{0, 0}, DirA, 12),
		ship("t", "red", "kor-battlecruiser", Hex{0, -2}, DirD, 0))
	readyTractor(s.Unit("t"))
	atMovement(s, 1, "r")
	mustApply(t, s, moveCmd("blue", MovePlan{Unit: "r", Steps: fwd(2), Ram: "t"}))
	if s.Clock.Step != StepActivity {
		t.Fatalf("at %v pending %v", s.Clock, s.Pending())
	}
	var evs []Event
	evs = append(evs, mustApply(t, s, Command{Kind: CmdActivity, Side: "red", Tractors: []TractorOrder{{Unit: "t", Target: "r"}}})...)
	for s.Clock.Impulse == 1 {
		evs = append(evs, mustApply(t, s, Command{Kind: s.Expecting(), Side: s.Pending()[0]})...)
	}
	held := false
	for _, e := range evs {
		if e.Clause == "X4.RAM" && strings.Contains(e.Text, "rams") {
			t.Fatalf("X4.RAM: the ram happened: %s", e.Text)
		}
		held = held || strings.Contains(e.Text, "holds r off")
	}
	if !held {
		t.Fatal("X4.RAM: no tractor note")
	}
}

// A drone held in a tractor beam goes nowhere.
func TestTractorHoldsDrone(t *testing.T) {
	s := newTestState(t,
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("k", "red", "kor-raider", Hex{0, -6}, DirD, 0))
	s.addUnit(Unit{ID: "dr", Side: "red", Class: "drone", Kind: KindDrone, Status: StatusOnMap, Map: "main",
		Hex: Hex{0, -1}, Facing: DirD, Speed: 12, Gear: Gear{Target: "e", Guide: "k"}, Ship: newShipState(lookupClass("drone"), 12)})
	s.Unit("e").Gear.Tractor = "dr"
	readyTractor(s.Unit("e"))
	s.Clock, s.Turn = Clock{Turn: 1, Impulse: 1, Step: StepMovement}, TurnState{}
	s.Advance()
	passUntil(t, s, func(s *State) bool { return s.Clock.Impulse == 2 })
	if d := s.Unit("dr"); d.Hex != (Hex{0, -1}) || !d.OnMap() {
		t.Fatalf("held drone at %v (%s)", d.Hex, d.Status)
	}
}

// contestState sets up a blue cruiser a (2 tractor boxes, 4 battery),
// a red raider b (1 box, 2 battery) beside it, a red battlecruiser c (2
// boxes, 5 battery) beside b, every beam readied, at impulse 1's
// activity; hold says whether a already holds b.
func contestState(t *testing.T, hold bool) *State {
	t.Helper()
	s := newTestState(t,
		ship("a", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("b", "red", "kor-raider", Hex{1, 0}, DirA, 0),
		ship("c", "red", "kor-battlecruiser", Hex{2, 0}, DirA, 0))
	for _, id := range []UnitID{"a", "b", "c"} {
		u := s.Unit(id)
		readyTractor(u)
		u.Ship.Battery = u.Ship.Boxes[SysBattery]
	}
	if hold {
		s.Unit("a").Gear.Tractor = "b"
	}
	atActivity(s)
	return s
}

// playActivity commits blue's and red's activity orders (nothing for a
// side not given any) and returns the events until the step is over.
func playActivity(t *testing.T, s *State, orders map[SideID][]TractorOrder) []Event {
	t.Helper()
	var evs []Event
	for s.Clock.Step == StepActivity && len(s.Pending()) > 0 {
		sd := s.Pending()[0]
		evs = append(evs, mustApply(t, s, Command{Kind: CmdActivity, Side: sd, Tractors: orders[sd]})...)
	}
	if s.Clock.Step == StepActivity {
		t.Fatalf("still at %s", s.Clock)
	}
	return evs
}

// Contested tractor beams (house rules): each beam's strength is its
// intact tractor boxes plus the battery energy committed, sealed, in the
// activity; the strongest beam holds (a tie goes to the beam already
// holding, else no new beam locks); a held unit straining with more than
// the winning beam's strength (its energy, plus its own boxes if its beam
// is readied and free) breaks free. All energy committed is spent.
func TestTractorContest(t *testing.T) {
	tests := []struct {
		name    string
		hold    bool
		unready UnitID // a unit whose beam is not readied
		blue    []TractorOrder
		red     []TractorOrder
		holder  UnitID // who holds b afterwards, "" for nobody
		battery map[UnitID]int
		text    string
	}{
		{name: "strains free with its pressor", hold: true,
			red:    []TractorOrder{{Unit: "b", Resist: true, Energy: 2}},
			holder: "", battery: map[UnitID]int{"a": 4, "b": 0}, text: "a's holding beam 2, b strains 3: b breaks free"},
		{name: "the holder commits and the tie holds", hold: true,
			blue:   []TractorOrder{{Unit: "a", Target: "b", Energy: 1}},
			red:    []TractorOrder{{Unit: "b", Resist: true, Energy: 2}},
			holder: "a", battery: map[UnitID]int{"a": 3, "b": 0}, text: "a's holding beam 3, b strains 3: a's beam holds"},
		{name: "no pressor without a readied beam", hold: true, unready: "b",
			red:    []TractorOrder{{Unit: "b", Resist: true, Energy: 2}},
			holder: "a", battery: map[UnitID]int{"a": 4, "b": 0}, text: "b strains 2: a's beam holds"},
		{name: "a stronger rival takes it", hold: true,
			red:    []TractorOrder{{Unit: "c", Target: "b", Energy: 1}},
			holder: "c", battery: map[UnitID]int{"a": 4, "c": 4}, text: "a's holding beam 2, c's beam 3: c's beam holds"},
		{name: "an equal rival loses to the holder", hold: true,
			red:    []TractorOrder{{Unit: "c", Target: "b"}},
			holder: "a", battery: map[UnitID]int{"a": 4, "c": 5}, text: "a's holding beam 2, c's beam 2: a's beam holds"},
		{name: "equal new beams cancel out",
			blue:   []TractorOrder{{Unit: "a", Target: "b"}},
			red:    []TractorOrder{{Unit: "c", Target: "b"}},
			holder: "", text: "a's beam 2, c's beam 2: the beams cancel out, none holds"},
		{name: "the stronger new beam locks",
			blue:   []TractorOrder{{Unit: "a", Target: "b", Energy: 1}},
			red:    []TractorOrder{{Unit: "c", Target: "b"}},
			holder: "a", battery: map[UnitID]int{"a": 3, "c": 5}, text: "a's beam 3, c's beam 2: a's beam holds"},
		{name: "resisting the winner of a contest", hold: true,
			red:    []TractorOrder{{Unit: "c", Target: "b", Energy: 3}, {Unit: "b", Resist: true, Energy: 2}},
			holder: "c", battery: map[UnitID]int{"b": 0, "c": 2}, text: "a's holding beam 2, c's beam 5, b strains 3: c's beam holds"},
		{name: "a lone lock needs no contest",
			blue:   []TractorOrder{{Unit: "a", Target: "b", Energy: 2}},
			holder: "a", battery: map[UnitID]int{"a": 2}},
		{name: "a release frees it", hold: true,
			blue:   []TractorOrder{{Unit: "a", Release: true}},
			holder: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := contestState(t, tt.hold)
			if tt.unready != "" {
				s.Unit(tt.unready).Ship.TractorReady = false
			}
			evs := playActivity(t, s, map[SideID][]TractorOrder{"blue": tt.blue, "red": tt.red})
			holder := UnitID("")
			if h := s.heldBy("b"); h != nil {
				holder = h.ID
			}
			if holder != tt.holder {
				t.Fatalf("b held by %q, want %q", holder, tt.holder)
			}
			for id, want := range tt.battery {
				if got := s.Unit(id).Ship.Battery; got != want {
					t.Errorf("%s's batteries hold %d, want %d", id, got, want)
				}
			}
			if tt.text != "" && !hasText(Events(evs, "blue"), tt.text) {
				t.Errorf("no public event %q in %v", tt.text, texts(Events(evs, "blue")))
			}
			if v := s.View("blue").Units[0]; v.ID != "a" || (v.Tractor == "b") != (tt.holder == "a") {
				t.Errorf("a's view shows the beam on %q", v.Tractor)
			}
		})
	}
}

// Illegal tractor orders are refused with a rules: error and leave the
// state untouched.
func TestTractorOrdersRefused(t *testing.T) {
	tests := []struct {
		name   string
		hold   bool
		side   SideID
		orders []TractorOrder
		want   string
	}{
		{"resist when free", false, "red", []TractorOrder{{Unit: "b", Resist: true, Energy: 1}}, "b is not held in a tractor beam"},
		{"resist with nothing", true, "red", []TractorOrder{{Unit: "b", Resist: true}}, "b strains with nothing"},
		{"more energy than the batteries", true, "blue", []TractorOrder{{Unit: "a", Target: "b", Energy: 5}}, "commits 5 energy to its tractor order, its batteries hold 4"},
		{"negative energy", true, "red", []TractorOrder{{Unit: "b", Resist: true, Energy: -1}}, "negative energy"},
		{"energy on a release", true, "blue", []TractorOrder{{Unit: "a", Release: true, Energy: 1}}, "a release names no target and commits no energy"},
		{"two own beams on one unit", false, "red", []TractorOrder{{Unit: "b", Target: "a"}, {Unit: "c", Target: "a"}}, "b and c both lock on a"},
		{"two orders for one unit", true, "blue", []TractorOrder{{Unit: "a", Target: "b"}, {Unit: "a", Release: true}}, "a has two tractor orders"},
		{"resist a beam that is not there", true, "red", []TractorOrder{{Unit: "b", Resist: true, Target: "c", Energy: 1}}, "b is held by a, not c"},
		{"out of range", false, "blue", []TractorOrder{{Unit: "a", Target: "c"}}, "c is beyond tractor range 1"},
		{"another side's unit", true, "red", []TractorOrder{{Unit: "a", Release: true}}, "unit a belongs to blue, not red"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := contestState(t, tt.hold)
			if tt.orders[0].Resist {
				s.Unit("b").Ship.TractorReady = false // no pressor: b strains only with energy
			}
			before := s.Hash()
			_, err := s.Apply(Command{Kind: CmdActivity, Side: tt.side, Tractors: tt.orders})
			if err == nil || !strings.HasPrefix(err.Error(), "rules: ") || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
			if s.Hash() != before {
				t.Fatal("a refused order changed the state")
			}
		})
	}
}

// A unit's activity orders together may not draw more battery energy
// than it holds: tractor energy and a device share the batteries.
func TestActivityBatteryShared(t *testing.T) {
	s := contestState(t, true)
	a := s.Unit("a")
	a.Gear.Devices = []DeviceKind{DeviceTemporal}
	cmd := Command{Kind: CmdActivity, Side: "blue", Tractors: []TractorOrder{{Unit: "a", Target: "b", Energy: 2}},
		Devices: []DeviceUse{{Unit: "a", Device: DeviceTemporal}}}
	before := s.Hash()
	if _, err := s.Apply(cmd); err == nil || !strings.Contains(err.Error(), "a's orders draw 5 battery energy, its batteries hold 4") {
		t.Fatalf("error %v", err)
	}
	if s.Hash() != before {
		t.Fatal("a refused command changed the state")
	}
	cmd.Tractors[0].Energy = 1
	mustApply(t, s, cmd)
}

// Tractor energy is sealed: before the reveal no other side's view, log
// or events hold it; after it every side sees the orders and the contest.
func TestTractorEnergySealed(t *testing.T) {
	s := contestState(t, true)
	evs := mustApply(t, s, Command{Kind: CmdActivity, Side: "red", Tractors: []TractorOrder{{Unit: "b", Resist: true, Energy: 2}}})
	for _, e := range Events(evs, "blue") {
		if strings.Contains(e.Text, "strains") || strings.Contains(e.Text, "energy") {
			t.Fatalf("blue sees red's sealed order: %q", e.Text)
		}
	}
	if b, err := json.Marshal(s.View("blue")); err != nil || strings.Contains(string(b), "strains") || strings.Contains(string(b), "resist") {
		t.Fatalf("blue's view holds red's sealed order (%v)", err)
	}
	if !hasText(Events(evs, "red"), "b strains against the beam that holds it with 2 energy") {
		t.Fatalf("red does not see its own order: %v", texts(Events(evs, "red")))
	}
	evs = playActivity(t, s, nil)
	if !hasText(Events(evs, "blue"), "b strains against the beam that holds it with 2 energy") {
		t.Fatalf("the reveal does not show red's order to blue: %v", texts(Events(evs, "blue")))
	}
}

// The same tractor contests from the same seed and commands give the
// same state hash.
func TestTractorContestReplays(t *testing.T) {
	run := func() Hash {
		s := contestState(t, true)
		playActivity(t, s, map[SideID][]TractorOrder{
			"blue": {{Unit: "a", Target: "b", Energy: 1}},
			"red":  {{Unit: "c", Target: "b", Energy: 2}, {Unit: "b", Resist: true, Energy: 1}}})
		passUntil(t, s, func(s *State) bool { return s.Clock.Impulse == 3 })
		return s.Hash()
	}
	if first, second := run(), run(); first != second {
		t.Fatal("the same contest gave two hashes")
	}
}

func hasText(evs []Event, sub string) bool {
	for _, e := range evs {
		if strings.Contains(e.Text, sub) {
			return true
		}
	}
	return false
}

func texts(evs []Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Text)
	}
	return out
}

// A held unit with nothing to strain with (no battery energy, no readied
// beam) gives its side nothing to do in the activity; with energy it does.
func TestHeldUnitAskedOnlyWhenItCanStrain(t *testing.T) {
	for _, battery := range []int{0, 1} {
		s := newTestState(t,
			ship("a", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
			ship("b", "red", "kor-raider", Hex{1, 0}, DirA, 0))
		readyTractor(s.Unit("a"))
		s.Unit("a").Gear.Tractor = "b"
		s.Unit("b").Ship.Battery = battery
		atActivity(s)
		asked := slices.Contains(s.Pending(), "red")
		choices := s.TractorChoices("red")
		if asked != (battery > 0) || (len(choices) > 0) != (battery > 0) {
			t.Fatalf("battery %d: red asked %v, choices %+v", battery, asked, choices)
		}
	}
}
