package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The positron flywheel (house rule): a class with one stores energy at
// energy allocation up to its capacity and draws it in a later
// allocation, for shield and armor reinforcement only.
func TestPositronFlywheel(t *testing.T) {
	s := newTestState(t, ship("car", "red", "vel-carrier", Hex{}, DirA, 0), ship("e", "blue", "fed-cruiser", Hex{Q: 9}, DirA, 0))
	car := s.Unit("car")
	c := lookupClass("vel-carrier")
	require.Equal(t, 6, c.Flywheel)
	assert.Equal(t, 4, (&Allocation{Flywheel: 4}).Cost(c), "charging costs 1 energy a point")
	for _, tc := range []struct {
		name string
		held int
		a    Allocation
		want string // "" for allowed
	}{
		{"charge", 0, Allocation{Unit: "car", Flywheel: 6}, ""},
		{"charge over capacity", 2, Allocation{Unit: "car", Flywheel: 5}, "the flywheel would hold 7 of its 6"},
		{"draw for reinforcement", 4, Allocation{Unit: "car", Shields: [6]int{2}, FromFlywheel: 4}, ""},
		{"draw for armor", 1, Allocation{Unit: "car", FromFlywheel: 1, Armor: 0}, "pays only for reinforcement, 0 bought"},
		{"draw more than reinforcement", 4, Allocation{Unit: "car", Shields: [6]int{1}, FromFlywheel: 4}, "pays only for reinforcement, 2 bought"},
		{"draw more than held", 1, Allocation{Unit: "car", Shields: [6]int{2}, FromFlywheel: 2}, "draws 2 from a flywheel holding 1"},
		{"negative", 1, Allocation{Unit: "car", FromFlywheel: -1}, "negative energy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			car.Ship.Flywheel = tc.held
			err := checkAllocation(car, &tc.a)
			if tc.want == "" {
				assert.NoError(t, err)
			} else if assert.Error(t, err) {
				assert.Contains(t, err.Error(), tc.want)
			}
		})
	}
	e := s.Unit("e")
	err := checkAllocation(e, &Allocation{Unit: "e", Flywheel: 1})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no positron flywheel")

	// Drawn energy adds to the power available: the carrier's whole power
	// on reinforcement plus 4 from the flywheel.
	car.Ship.Flywheel = 4
	p := car.Ship.Power()
	a := Allocation{Unit: "car", Shields: [6]int{(p + 4) / 2}, FromFlywheel: 4}
	require.NoError(t, checkAllocation(car, &a))
	s.execAllocations([]Sealed{{Side: "red", Command: Command{Kind: CmdAllocate, Side: "red", Allocations: []Allocation{a}}}})
	assert.Equal(t, 0, car.Ship.Flywheel)
	assert.Equal(t, (p+4)/2, car.Ship.Reinforce[0])
	s.execAllocations([]Sealed{{Side: "red", Command: Command{Kind: CmdAllocate, Side: "red", Allocations: []Allocation{{Unit: "car", Flywheel: 5}}}}})
	assert.Equal(t, 5, car.Ship.Flywheel)
	c2 := s.Clone()
	assert.Equal(t, s.Hash(), c2.Hash())
	c2.Unit("car").Ship.Flywheel = 4
	assert.NotEqual(t, s.Hash(), c2.Hash(), "the flywheel's charge is part of the hash")
	assert.Equal(t, 5, car.Ship.Flywheel, "a clone shares no ship state")
}

// IP4.37: a positron flywheel resets on exiting a cosmic rift.
func TestFlywheelResetsOnExitingACosmicRift(t *testing.T) {
	s := cosmicState(t, ship("a", "blue", "vel-carrier", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 9}, DirA, 0))
	s.Unit("a").Ship.Flywheel = 5
	openRift(s, Hex{}, 640)
	evs := move(t, s, 1, MovePlan{Unit: "a", Steps: fwd(1)})
	a := s.Unit("a")
	require.Equal(t, MapID("yard"), a.Map, "through the rift")
	assert.Equal(t, 0, a.Ship.Flywheel, "IP4.37: the flywheel resets")
	ev := clauseEvents(evs, "IP4.37")
	require.Len(t, ev, 1, "IP4.37")
	assert.Equal(t, Only("blue"), ev[0].Audience, "the charge lost is the owner's to know")
	assert.Contains(t, ev[0].Text, "5 energy lost")
}

// The temporal elevator (house rule): for 3 battery energy in impulse
// activity its unit leaves time to the end of the turn: it cannot be
// harmed or act; it works only in normal space (IP8.48), and a unit that
// phases out while elevated drops back into time.
func TestTemporalElevator(t *testing.T) {
	s := newTestState(t, ship("e", "blue", "fed-cruiser", Hex{}, DirA, 0), ship("k", "red", "kor-raider", Hex{Q: 2}, DirD, 0))
	e := s.Unit("e")
	e.Gear.Devices = []DeviceKind{DeviceTemporal}
	e.Ship.Battery = 4
	use := DeviceUse{Unit: "e", Device: DeviceTemporal}
	atActivity(s)
	assert.Contains(t, s.possibleDevices(e), use, "offered in impulse activity")

	// IP8.48: not while phased out.
	e.PhasedOut = true
	err := s.checkDevice(e, use)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "IP8.48")
	assert.False(t, s.deviceWorks("e", DeviceTemporal), "IP8.48")
	e.PhasedOut = false

	mustApply(t, s, activityCmd("blue", use))
	finishActivity(t, s)
	e = s.Unit("e")
	require.True(t, e.Ship.Elevated)
	assert.True(t, InStasis(e), "out of time, as in stasis")
	assert.Equal(t, 1, e.Ship.Battery)
	shields := e.Ship.Shields
	assert.Empty(t, s.damage(e, 0, 10, "", "test"), "nothing harms it")
	assert.Equal(t, shields, e.Ship.Shields)
	k := s.Unit("k")
	arm(k)
	assert.Empty(t, s.possibleShots(k), "nothing can fire at it")

	// IP8.48: phasing out stops the elevator; the unit is back in time.
	evs := s.gearPhaseOut(e, nil)
	assert.False(t, e.Ship.Elevated)
	assert.NotEmpty(t, clauseEvents(evs, "IP8.48"))

	// A new turn ends the ride.
	e.Ship.Elevated = true
	s.startTurn()
	assert.False(t, e.Ship.Elevated)
}
