package rules

import (
	"slices"
	"strings"
	"testing"
)

// atActivity puts s at the impulse activity step of impulse 1.
func atActivity(s *State) {
	s.Clock = Clock{Turn: 1, Impulse: 1, Step: StepActivity}
	s.Turn = TurnState{}
	s.Advance()
}

// X4.DOCK: two willing ships in one hex dock; one unwilling ship
// prevents it; docked shields combine; the pair moves as one; power and
// crew pass freely.
func TestDocking(t *testing.T) {
	s := newTestState(t,
		ship("a", "blue", "fed-cruiser", Hex{0, 0}, DirA, 6),
		ship("b", "red", "kor-raider", Hex{0, 0}, DirD, 0),
		ship("c", "red", "kor-raider", Hex{3, 0}, DirD, 0))
	atActivity(s)
	if got := s.Pending(); !slices.Equal(got, []SideID{"blue", "red"}) {
		t.Fatalf("X4.DOCK: activity pending %v", got)
	}
	if _, err := s.Apply(Command{Kind: CmdActivity, Side: "red", Docks: []DockOrder{{Unit: "c", With: "a"}}}); err == nil {
		t.Fatal("X4.DOCK: docked across hexes")
	}
	mustApply(t, s, Command{Kind: CmdActivity, Side: "blue", Docks: []DockOrder{{Unit: "a", With: "b"}}})
	mustApply(t, s, Command{Kind: CmdActivity, Side: "red"})
	if s.Unit("a").Ship.Docked != "" {
		t.Fatal("X4.DOCK: docked with an unwilling ship")
	}
	atActivity(s)
	mustApply(t, s, Command{Kind: CmdActivity, Side: "blue", Docks: []DockOrder{{Unit: "a", With: "b"}}})
	mustApply(t, s, Command{Kind: CmdActivity, Side: "red", Docks: []DockOrder{{Unit: "b", With: "a"}}})
	a, b := s.Unit("a"), s.Unit("b")
	if a.Ship.Docked != "b" || b.Ship.Docked != "a" {
		t.Fatal("X4.DOCK: willing ships did not dock")
	}
	// Shields combine: damage on a's shield 1 passes into b's shield 1.
	s.damage(a, 0, 20, "", "test")
	if a.Ship.Shields[0] != 0 || b.Ship.Shields[0] != 12-4 || a.Ship.Excess != 0 {
		t.Fatalf("X4.DOCK: shields %d and %d", a.Ship.Shields[0], b.Ship.Shields[0])
	}
	// Transfers: battery power and crew.
	a.Ship.Battery, b.Ship.Battery = 3, 0
	atActivity(s)
	mustApply(t, s, Command{Kind: CmdActivity, Side: "blue", Transfers: []Transfer{{From: "a", To: "b", Energy: 2, Crew: [4]int{0, 2, 0, 0}}}})
	mustApply(t, s, Command{Kind: CmdActivity, Side: "red"})
	if a.Ship.Battery != 1 || b.Ship.Battery != 2 || b.Ship.Crew[BoardingParties] != 6+2 {
		t.Fatalf("X4.DOCK: transfer: batteries %d/%d crew %v", a.Ship.Battery, b.Ship.Battery, b.Ship.Crew)
	}
	// Mutual tractor: only a moves, and b comes along.
	s.Clock = Clock{Turn: 1, Impulse: 1, Step: StepMovement}
	s.Turn = TurnState{}
	s.Advance()
	for _, o := range s.Turn.Order {
		if o.Unit == "b" {
			t.Fatal("X4.DOCK: the docked partner moves on its own")
		}
	}
	for s.Clock.Step == StepMovement {
		id, _ := s.Mover()
		u := s.Unit(id)
		n := s.Allotment(id)
		if id == "a" {
			n = s.allotment(u, &u.Ship.Move)
		}
		mustApply(t, s, moveCmd(u.Side, MovePlan{Unit: id, Steps: fwd(n)}))
	}
	if a.Hex != (Hex{0, -1}) || b.Hex != a.Hex {
		t.Fatalf("X4.DOCK: a at %v, b at %v", a.Hex, b.Hex)
	}
	// Undocking.
	atActivity(s)
	mustApply(t, s, Command{Kind: CmdActivity, Side: "red", Docks: []DockOrder{{Unit: "b", Undock: true}}})
	if len(s.Pending()) > 0 {
		mustApply(t, s, Command{Kind: CmdActivity, Side: "blue"})
	}
	if a.Ship.Docked != "" || b.Ship.Docked != "" {
		t.Fatal("X4.DOCK: undock failed")
	}
}

// X4.DC: damage control repairs systems and shields, one box per intact
// damage-control box, never armor.
func TestDamageControl(t *testing.T) {
	s := newTestState(t, ship("k", "red", "kor-battlecruiser", Hex{0, 0}, DirA, 0), ship("e", "blue", "fed-cruiser", Hex{9, 0}, DirA, 0))
	k := s.Unit("k")
	k.Ship.Armor = 0
	k.Ship.Shields[2] = 5
	k.Ship.Boxes[SysLeftWarp] -= 2
	k.Ship.Boxes[SysDamageControl] = 2
	s.Clock = Clock{Turn: 1, Step: StepDamageControl}
	s.Turn = TurnState{}
	s.Advance()
	if !slices.Equal(s.Pending(), []SideID{"red"}) {
		t.Fatalf("X4.DC: pending %v", s.Pending())
	}
	_, err := s.Apply(Command{Kind: CmdRepair, Side: "red", Repairs: []Repair{{Unit: "k", Target: "armor"}}})
	if err == nil || !strings.Contains(err.Error(), "X4.DC") {
		t.Fatalf("X4.DC: armor repair: %v", err)
	}
	_, err = s.Apply(Command{Kind: CmdRepair, Side: "red", Repairs: []Repair{{Unit: "k", Target: "lwarp"}, {Unit: "k", Target: "lwarp"}, {Unit: "k", Target: "shield3"}}})
	if err == nil {
		t.Fatal("X4.DC: three repairs with two damage-control boxes")
	}
	mustApply(t, s, Command{Kind: CmdRepair, Side: "red", Repairs: []Repair{{Unit: "k", Target: "lwarp"}, {Unit: "k", Target: "shield3"}}})
	c := lookupClass("kor-battlecruiser")
	full := c.Boxes()
	if k.Ship.Boxes[SysLeftWarp] != full[SysLeftWarp]-1 || k.Ship.Shields[2] != 6 || k.Ship.Armor != 0 {
		t.Fatalf("X4.DC: lwarp %d shield3 %d armor %d", k.Ship.Boxes[SysLeftWarp], k.Ship.Shields[2], k.Ship.Armor)
	}
	if s.Clock.Turn != 2 {
		t.Fatalf("the turn did not end: %v", s.Clock)
	}
}

// X4.IMP.A: every mover rolls 1d12 + tech level each impulse, and the
// lowest total moves first; ties roll off.
func TestInitiativeOrder(t *testing.T) {
	var units []Unit
	classes := []ClassID{"fed-cruiser", "kor-raider", "vel-corvette", "fighter"}
	for i := 0; i < 40; i++ {
		side := SideID("blue")
		if i%2 == 1 {
			side = "red"
		}
		units = append(units, ship(UnitID(string(rune('a'+i/26))+string(rune('a'+i%26))), side, classes[i%4], Hex{i, 0}, DirA, 6))
	}
	s := newTestState(t, units...)
	s.Clock = Clock{Turn: 1, Impulse: 1, Step: StepMovement}
	evs := s.rollInitiative(nil)
	die := map[UnitID]int{}
	for _, e := range evs {
		if e.Kind == EventRoll && strings.HasPrefix(e.Text, "initiative "+string(e.Unit)+":") {
			die[e.Unit] = e.Roll.Total
		}
	}
	if len(die) != 40 || len(s.Turn.Order) != 40 {
		t.Fatalf("X4.IMP.A: %d rolls, %d in order", len(die), len(s.Turn.Order))
	}
	ties := 0
	for i, o := range s.Turn.Order {
		if want := die[o.Unit] + lookupClass(s.Unit(o.Unit).Class).TechLevel; o.Total != want {
			t.Fatalf("X4.IMP.A: %s total %d, want %d", o.Unit, o.Total, want)
		}
		if i > 0 {
			c := compareInitiative(s.Turn.Order[i-1], o)
			if c > 0 {
				t.Fatalf("X4.IMP.A: %s before %s out of order", s.Turn.Order[i-1].Unit, o.Unit)
			}
			if s.Turn.Order[i-1].Total == o.Total {
				ties++
				if c == 0 && s.Turn.Order[i-1].Unit > o.Unit {
					t.Fatal("X4.IMP.A: unresolved tie not in id order")
				}
			}
		}
	}
	if ties == 0 {
		t.Fatal("X4.IMP.A: 40 ships and no tie to break")
	}
	// A new impulse rolls again.
	before := slices.Clone(s.Turn.Order)
	s.Clock.Impulse = 2
	s.rollInitiative(nil)
	if slices.EqualFunc(before, s.Turn.Order, func(a, b Initiative) bool { return a.Unit == b.Unit && a.Total == b.Total }) {
		t.Fatal("X4.IMP.A: initiative not rolled again")
	}
}
