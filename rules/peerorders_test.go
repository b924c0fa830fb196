package rules

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// limboMachine is a game of three ships in phase space as one machine of
// a game between machines plays it (opts: WithPeer or WithPeerVerifier),
// red's cloaked Warbird shade phased out at T1 I2 (its cloak voided,
// IP8.441) and in limbo, the clock at the energy allocation of turn.
func limboMachine(t *testing.T, turn int, opts ...Option) *State {
	t.Helper()
	s, err := NewState(phaseSetup(50,
		ship("shade", "red", "kor-warbird", Hex{}, DirA, 10),
		ship("raider", "red", "kor-raider", Hex{Q: 3}, DirA, 8),
		ship("cruiser", "blue", "fed-cruiser", Hex{Q: -3}, DirA, 8),
	), 7, opts...)
	require.NoError(t, err)
	s.Unit("shade").Gear.Cloak = CloakState{Fitted: true, On: true}
	atInvoluntary(s, 2)
	forceOut(s, "shade")
	s.toLimbo()
	s.Clock = Clock{Turn: turn, Step: StepEnergyAllocation}
	return s
}

// IP8.443: between machines a side allocates energy for its own units out
// of phase, and so switches their cloaks, on its own machine alone: the
// machine that computes them applies the allocation at the energy
// allocation; the other side's machine neither can nor does; one the
// rules refuse when it is made, or none, leaves the default.
func TestLimboAllocationsStayOnTheSidesMachine(t *testing.T) {
	slow := Allocation{Unit: "shade", Movement: EnergyForSpeed(lookupClass("kor-warbird"), 4), Cloak: true}
	cases := []struct {
		name  string
		turn  int
		opts  []Option
		given []Allocation
		// speed and cloak are shade's after the allocation (-1: its
		// default allocation's), applied is whether the machine
		// allocates for it at all.
		applied bool
		speed   int
		cloak   bool
		refused string
	}{
		{name: "IP8.443 red's machine switches the cloak on and slows", turn: 3, opts: []Option{WithPeer("red")}, given: []Allocation{slow}, applied: true, speed: 4, cloak: true},
		{name: "the verifier applies red's allocation", turn: 3, opts: []Option{WithPeerVerifier()}, given: []Allocation{slow}, applied: true, speed: 4, cloak: true},
		{name: "blue's machine does not compute shade", turn: 3, opts: []Option{WithPeer("blue")}, given: []Allocation{slow}, refused: "not one of red's units out of phase"},
		{name: "a cloak voided last turn cannot come on yet: the default", turn: 2, opts: []Option{WithPeer("red")}, given: []Allocation{slow}, applied: true, speed: -1, refused: "cannot cloak again before turn 3"},
		{name: "none given: the default", turn: 3, opts: []Option{WithPeer("red")}, applied: true, speed: -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := limboMachine(t, c.turn, c.opts...)
			before := s.Unit("shade").deepCopy()
			err := s.CheckLimboAllocations("red", c.given)
			if c.refused != "" {
				require.ErrorContains(t, err, c.refused)
			} else {
				require.NoError(t, err)
			}
			s.SetLimboAllocations("red", c.given)
			ghosts := s.ghostAllocations()
			if !c.applied {
				require.Empty(t, ghosts)
				require.Empty(t, s.LimboAllocations("red"))
				s.execAllocations(ghosts)
				require.Equal(t, before, s.Unit("shade").deepCopy(), "blue's machine changed shade")
				return
			}
			require.Len(t, ghosts, 1)
			require.Equal(t, ghosts[0].Command.Allocations, s.LimboAllocations("red"))
			u := s.Unit("shade")
			speed := c.speed
			if speed < 0 {
				d := defaultAllocation(u)
				require.Equal(t, d, ghosts[0].Command.Allocations[0], "the default")
				speed = SpeedFromEnergy(lookupClass(u.Class), d.Movement, d.Impulse)
			}
			s.execAllocations(ghosts)
			require.Equal(t, speed, u.Speed)
			require.Equal(t, c.cloak, u.Gear.Cloak.On, "IP8.443")
			require.Equal(t, StatusLimbo, u.Status)
		})
	}
}

// The allocations a side may give its units out of phase are its own
// units', out of phase and computed here, each once, and as the energy
// rules allow; outside play between machines they change nothing.
func TestCheckLimboAllocationsRefuses(t *testing.T) {
	cases := []struct {
		name  string
		given []Allocation
		want  string
	}{
		{"another side's unit", []Allocation{{Unit: "cruiser"}}, "belongs to blue"},
		{"a unit in normal space", []Allocation{{Unit: "raider"}}, "not one of red's units out of phase"},
		{"no unit", []Allocation{{Unit: "ghost"}}, `no unit "ghost"`},
		{"twice", []Allocation{{Unit: "shade"}, {Unit: "shade"}}, "two allocations"},
		{"more than its power", []Allocation{{Unit: "shade", Movement: 200}}, "only"},
	}
	s := limboMachine(t, 3, WithPeer("red"))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.ErrorContains(t, s.CheckLimboAllocations("red", c.given), c.want)
		})
	}
	t.Run("hot-seat", func(t *testing.T) {
		h := limboMachine(t, 3)
		h.SetLimboAllocations("red", []Allocation{{Unit: "shade", Cloak: true}})
		require.Nil(t, h.LimboAllocations("red"))
		require.Nil(t, h.ghostAllocations())
	})
}

// IP8.443, IP8.32: a unit out of phase that switches its cloak does so
// unseen, at a hot-seat table as between machines: the line goes to its
// side alone.
func TestCloakSwitchedOutOfPhaseIsUnseen(t *testing.T) {
	for _, c := range []struct {
		name string
		opts []Option
	}{{"hot-seat", nil}, {"red's machine", []Option{WithPeer("red")}}} {
		t.Run(c.name, func(t *testing.T) {
			s := limboMachine(t, 3, c.opts...)
			u := s.Unit("shade")
			a := defaultAllocation(u)
			a.Cloak = true
			require.NoError(t, s.checkCloak(u, &a))
			evs := s.execAllocations([]Sealed{{Side: "red", Command: Command{Kind: CmdAllocate, Side: "red", Allocations: []Allocation{a}}}})
			require.True(t, u.Gear.Cloak.On, "IP8.443")
			require.NotEmpty(t, evs)
			for _, e := range evs {
				if e.Unit == "shade" {
					require.False(t, e.VisibleTo("blue"), "blue sees %q", e.Text)
					require.True(t, e.VisibleTo("red"))
				}
			}
		})
	}
}
