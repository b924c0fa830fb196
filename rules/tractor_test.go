package rules

import (
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
