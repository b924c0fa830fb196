package rules

import (
	"strings"
	"testing"
)

func allocCmd(side SideID, as ...Allocation) Command {
	return Command{Kind: CmdAllocate, Side: side, Allocations: as}
}

// X4.EA.1: life support and fire control cost nothing: an allocation may
// spend every point of power elsewhere and the ship still fires.
func TestLifeSupportAndFireControlFree(t *testing.T) {
	c := lookupClass("fed-cruiser")
	a := Allocation{Movement: 28, Impulse: true, Arm: []int{0, 1, 2, 3}, Battery: 3}
	if got := a.Cost(c); got != 28+1+4+3 {
		t.Fatalf("X4.EA.1: cost %d, want only the listed items", got)
	}
	s := newTestState(t,
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 6),
		ship("k", "red", "kor-raider", Hex{0, -1}, DirD, 0))
	s.Advance()
	power := s.Unit("e").Ship.Power()
	a.Unit = "e"
	a.Battery = power - (28 + 1 + 4)
	if a.Battery < 0 || a.Cost(c) != power {
		t.Fatalf("test setup: power %d", power)
	}
	mustApply(t, s, allocCmd("blue", a))
	mustApply(t, s, allocCmd("red", Allocation{Unit: "k", Arm: []int{0}}))
	if !s.Unit("e").Ship.Mounts[0].Armed {
		t.Fatal("X4.EA.1: full-power allocation left the weapons unarmed")
	}
	s.Clock.Step, s.Turn = StepDirectFire, TurnState{}
	s.Turn.Entered = true
	s.Turn.Waiting = []SideID{"blue"}
	if sh := s.possibleShots(s.Unit("e")); len(sh) == 0 {
		t.Fatal("X4.EA.1: a ship with all power spent cannot fire")
	}
}

// X4.EA.2: shields are reinforced at 2 energy per point, and the
// reinforcement takes damage before the shield boxes.
func TestShieldReinforcement(t *testing.T) {
	c := lookupClass("fed-cruiser")
	a := Allocation{Shields: [6]int{3, 0, 0, 0, 1, 0}}
	if got := a.Cost(c); got != 8 {
		t.Fatalf("X4.EA.2: 4 points cost %d, want 8", got)
	}
	s := newTestState(t, ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0))
	u := s.Unit("e")
	u.Ship.Reinforce[0] = 3
	s.damage(u, 0, 5, "", "test")
	if u.Ship.Reinforce[0] != 0 || u.Ship.Shields[0] != 16-2 {
		t.Fatalf("X4.EA.2: reinforcement %d shield %d", u.Ship.Reinforce[0], u.Ship.Shields[0])
	}
}

// X4.EA.3: armor is reinforced 1 for 1, at most one point per intact
// armor box, and absorbs damage after the shields.
func TestArmorReinforcement(t *testing.T) {
	s := newTestState(t, ship("k", "red", "kor-battlecruiser", Hex{0, 0}, DirA, 0))
	u := s.Unit("k")
	c := lookupClass("kor-battlecruiser")
	if got := (&Allocation{Armor: 3}).Cost(c); got != 3 {
		t.Fatalf("X4.EA.3: 3 armor points cost %d", got)
	}
	if err := checkAllocation(u, &Allocation{Unit: "k", Armor: c.Armor + 1}); err == nil || !strings.Contains(err.Error(), "X4.EA.3") {
		t.Fatalf("X4.EA.3: more reinforcement than armor boxes: %v", err)
	}
	if err := checkAllocation(u, &Allocation{Unit: "k", Armor: c.Armor}); err != nil {
		t.Fatalf("X4.EA.3: one per box refused: %v", err)
	}
	u.Ship.Armor = 1
	if err := checkAllocation(u, &Allocation{Unit: "k", Armor: 2}); err == nil {
		t.Fatal("X4.EA.3: reinforcement counts destroyed armor boxes")
	}
	u.Ship.ArmorReinforce, u.Ship.Shields[0] = 1, 0
	s.damage(u, 0, 2, "", "test")
	if u.Ship.ArmorReinforce != 0 || u.Ship.Armor != 0 || u.Ship.Excess != 0 {
		t.Fatalf("X4.EA.3: armor reinforcement %d armor %d", u.Ship.ArmorReinforce, u.Ship.Armor)
	}
}

// X4.EA.4: movement points are energy / movement cost, six to a hex,
// with no cap.
func TestSpeedFromEnergy(t *testing.T) {
	cases := []struct {
		class  ClassID
		energy int
		want   int
	}{
		{"fed-cruiser", 30, 5}, {"fed-cruiser", 35, 5}, {"fed-cruiser", 36, 6},
		{"fed-destroyer", 3, 1}, {"fed-destroyer", 16, 5},
		{"fed-frigate", 2, 1}, {"fed-frigate", 10, 5},
		{"vel-corvette", 6, 4}, {"vel-corvette", 600, 400},
	}
	for _, c := range cases {
		cl := lookupClass(c.class)
		if got := SpeedFromEnergy(cl, c.energy, false); got != c.want {
			t.Errorf("X4.EA.4: %s with %d energy: %d hexes, want %d", c.class, c.energy, got, c.want)
		}
		if e := EnergyForSpeed(cl, c.want); SpeedFromEnergy(cl, e, false) != c.want || (e > 0 && SpeedFromEnergy(cl, e-1, false) >= c.want) {
			t.Errorf("X4.EA.4: EnergyForSpeed(%s, %d) = %d is not the least", c.class, c.want, e)
		}
	}
}

// X4.EA.5: acceleration is at most half the previous speed again, or
// 5 + size class from a standstill.
func TestAccelerationLimit(t *testing.T) {
	cases := []struct{ prev, sc, want int }{
		{0, 3, 8}, {0, 5, 10}, {4, 3, 6}, {5, 3, 7}, {10, 4, 15}, {1, 3, 1},
	}
	for _, c := range cases {
		if got := MaxAcceleration(c.prev, c.sc); got != c.want {
			t.Errorf("X4.EA.5: from %d size %d: %d, want %d", c.prev, c.sc, got, c.want)
		}
	}
	s := newTestState(t, ship("e", "blue", "fed-destroyer", Hex{0, 0}, DirA, 2))
	u := s.Unit("e")
	// From 2 the limit is 3: 6 energy buys 2 hexes, 10 buys 3, 12 buys 4.
	if err := checkAllocation(u, &Allocation{Unit: "e", Movement: 8, Impulse: true}); err != nil {
		t.Fatalf("X4.EA.5: speed 3 from 2 refused: %v", err)
	}
	if err := checkAllocation(u, &Allocation{Unit: "e", Movement: 12}); err == nil || !strings.Contains(err.Error(), "X4.EA.5") {
		t.Fatalf("X4.EA.5: speed 4 from 2 accepted: %v", err)
	}
	u.Ship.Allocated = 0
	if err := checkAllocation(u, &Allocation{Unit: "e", Movement: 15, Impulse: true}); err != nil {
		t.Fatalf("X4.EA.5: 5 + size class 4 = 9 from a standstill refused: %v", err)
	}
}

// X4.EM: erratic maneuvering costs 10 - size class energy per impulse.
func TestErraticCost(t *testing.T) {
	for sc, want := range map[int]int{1: 9, 3: 7, 4: 6, 5: 5, 7: 3} {
		if got := ErraticCost(sc); got != want {
			t.Errorf("X4.EM: size class %d costs %d, want %d", sc, got, want)
		}
	}
	c := lookupClass("fed-destroyer")
	if got := (&Allocation{Erratic: 2}).Cost(c); got != 12 {
		t.Errorf("X4.EM: two impulses of erratic for a size 4 cost %d, want 12", got)
	}
}

// X4.SEQ, sealed: an allocation stays secret from the other side until
// both have committed, then it is revealed to everyone.
func TestAllocationIsSealed(t *testing.T) {
	s := newTestState(t, duelUnits()...)
	s.Advance()
	if s.Clock.Step != StepEnergyAllocation {
		t.Fatalf("at %v", s.Clock)
	}
	blue := s.Legal("blue")[0]
	blue.Allocations[0].Shields[2] = 1
	blue.Allocations[0].Battery = 0
	blue.Allocations[0].Arm = []int{0, 1, 2}
	evs := mustApply(t, s, blue)
	for _, e := range Events(evs, "red") {
		if strings.Contains(e.Text, "enterprise") {
			t.Fatalf("red sees blue's sealed allocation: %s", e)
		}
	}
	if len(Events(evs, "blue")) <= len(Events(evs, "red")) {
		t.Fatal("blue does not see its own sealed allocation")
	}
	if _, err := s.Apply(blue); err == nil {
		t.Fatal("blue committed twice")
	}
	if s.Unit("enterprise").Ship.Reinforce[2] != 0 {
		t.Fatal("the allocation took effect before the reveal")
	}
	evs = mustApply(t, s, s.Legal("red")[0])
	revealed := false
	for _, e := range Events(evs, "red") {
		if e.Kind == EventReveal && strings.Contains(e.Text, "enterprise") {
			revealed = true
		}
	}
	if !revealed || s.Unit("enterprise").Ship.Reinforce[2] != 1 {
		t.Fatal("the allocation was not revealed and applied once both committed")
	}
}

// X4.DM.1: a ship self-destructs during declare movement; its explosion
// hits the other units in its hex.
func TestSelfDestruct(t *testing.T) {
	s := newTestState(t,
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("k", "red", "kor-raider", Hex{0, 0}, DirD, 0))
	s.Advance()
	mustApply(t, s, s.Legal("blue")[0])
	mustApply(t, s, s.Legal("red")[0])
	if s.Clock.Step != StepDeclareMovement {
		t.Fatalf("at %v", s.Clock)
	}
	mustApply(t, s, Command{Kind: CmdDeclare, Side: "blue", Declarations: []Declaration{{Unit: "e", SelfDestruct: true}}})
	if s.Unit("e").Status != StatusOnMap {
		t.Fatal("X4.DM.1: self-destruct happened before the reveal")
	}
	mustApply(t, s, Command{Kind: CmdDeclare, Side: "red"})
	if s.Unit("e").Status != StatusDestroyed {
		t.Fatal("X4.DM.1: the ship did not self-destruct")
	}
	k := s.Unit("k")
	took := 12 - k.Ship.Shields[0]
	if took != min(12, lookupClass("fed-cruiser").Explosion) {
		t.Fatalf("X4.DM.1: the raider took %d from the explosion", took)
	}
}

// X4.WARP: going into warp adds the new speed to the old, cumulatively;
// the warp factor is the cube root rounded down; the unit's own fire is
// penalised by +1 per warp factor, and it cannot ram.
func TestGoingIntoWarp(t *testing.T) {
	for speed, want := range map[int]int{0: 0, 1: 1, 7: 1, 8: 2, 26: 2, 27: 3, 63: 3, 64: 4, 1000: 10} {
		if got := WarpFactor(speed); got != want {
			t.Errorf("X4.WARP: warp factor of %d is %d, want %d", speed, got, want)
		}
	}
	s := newTestState(t,
		ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 6),
		ship("k", "red", "kor-raider", Hex{0, -30}, DirD, 0))
	s.Advance()
	turn := func(warp bool) {
		for s.Clock.Step != StepEnergyAllocation {
			t.Fatalf("at %v", s.Clock)
		}
		mustApply(t, s, allocCmd("blue", Allocation{Unit: "e", Movement: 30, Impulse: true}))
		mustApply(t, s, allocCmd("red", Allocation{Unit: "k"}))
		var ds []Declaration
		if warp {
			ds = []Declaration{{Unit: "e", Warp: true}}
		}
		mustApply(t, s, Command{Kind: CmdDeclare, Side: "blue", Declarations: ds})
		mustApply(t, s, Command{Kind: CmdDeclare, Side: "red"})
	}
	turn(true)
	e := s.Unit("e")
	if e.Speed != 12 || !e.Ship.Warp {
		t.Fatalf("X4.WARP: first warp turn speed %d, want 6 + 6", e.Speed)
	}
	k := s.Unit("k")
	if got := fireModifier(e, k); got != WarpFactor(12) {
		t.Fatalf("X4.WARP: own fire modifier %d, want %d", got, WarpFactor(12))
	}
	if got := fireModifier(k, e); got != 0 {
		t.Fatalf("X4.WARP: others hit a warping ship normally, modifier %d", got)
	}
	// Ramming while in warp is refused.
	atMovement(s, 1, "e")
	s.setHex(k, Hex{0, -2})
	if _, err := s.checkPlan(e, &MovePlan{Unit: "e", Steps: fwd(2), Ram: "k"}); err == nil || !strings.Contains(err.Error(), "X4.WARP") {
		t.Fatalf("X4.WARP: ram in warp: %v", err)
	}
	// Play the turn out and go into warp again: 12 + 6.
	s.Clock, s.Turn = Clock{Turn: 1, Step: StepDamageControl}, TurnState{Entered: true}
	s.Advance()
	turn(true)
	if e.Speed != 18 {
		t.Fatalf("X4.WARP: second warp turn speed %d, want 18", e.Speed)
	}
	// Not declaring warp leaves it at the new speed.
	s.Clock, s.Turn = Clock{Turn: 2, Step: StepDamageControl}, TurnState{Entered: true}
	s.Advance()
	turn(false)
	if e.Speed != 6 || e.Ship.Warp {
		t.Fatalf("X4.WARP: out of warp speed %d", e.Speed)
	}
}

// X4.EA.5, X4.MV.7: a ship that decelerated to a full stop is "starting
// from 0" on its next acceleration: its limit is 5 + size class, not half
// again the speed it had allocated. One that gave up only part of its
// movement keeps the speed it allocated as its base.
func TestAccelerationAfterFullStop(t *testing.T) {
	tests := []struct {
		name  string
		decel int
		speed int // the speed allocated next turn
		ok    bool
	}{
		{"full stop, up to 5 + size class", 2, 5, true},
		{"part of it given up, half again", 1, 3, true},
		{"part of it given up, past half again", 1, 5, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestState(t,
				ship("e", "blue", "fed-cruiser", Hex{0, 0}, DirA, 2),
				ship("k", "red", "kor-raider", Hex{0, -30}, DirD, 0))
			move(t, s, 1, MovePlan{Unit: "e", Steps: []MoveStep{{Op: OpDecelerate, N: tt.decel}}})
			passUntil(t, s, func(s *State) bool { return s.Clock.Turn == 2 && s.Clock.Step == StepEnergyAllocation })
			a := Allocation{Unit: "e", Movement: 6 * (tt.speed - 1), Impulse: true}
			err := checkAllocation(s.Unit("e"), &a)
			if tt.ok && err != nil {
				t.Fatalf("X4.EA.5: speed %d refused: %v", tt.speed, err)
			}
			if !tt.ok && (err == nil || !strings.Contains(err.Error(), "X4.EA.5")) {
				t.Fatalf("X4.EA.5: speed %d accepted: %v", tt.speed, err)
			}
		})
	}
}
