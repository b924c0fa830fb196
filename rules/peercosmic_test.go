package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRiftRollsBetweenMachinesArePublicDice: an open rift's destination
// (IP4.412) and the radiation of every unit in its range (IP4.312-313)
// are rolled at one table on their private streams (the sealed
// destination on nobody's, the radiation on its owner's), and between
// machines on the public dice, so that the machine of each side rolls
// them alike, with no private stream of either side: the same
// destination, the same rows for every unit and the same public hash.
// Their events keep their audience either way (IP4.311: to the unit's
// owner only; the destination to nobody of the origin).
func TestRiftRollsBetweenMachinesArePublicDice(t *testing.T) {
	su := testSetup(ship("scout", "blue", "vel-corvette", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 40}, DirA, 0))
	su.Ruleset.NoCosmicRifts = true
	su.RiftCharts = []RiftChart{{Lo: 2, Hi: 12, Rows: []RiftChartRow{
		{Lo: 2, Hi: 7, Scenario: "yard", Port: Hex{}, Defend: Hex{R: -4}},
		{Lo: 8, Hi: 12, Scenario: "yard", Port: Hex{Q: 3}, Defend: Hex{R: -6}},
	}}}
	su.Destinations = []Destination{yardSetup()}
	su.OpenRifts = []OpenRift{{Hex: Hex{}, Lifetime: 60}}
	blueKey, redKey := SideKey{"blue", PrivateKey{1}}, SideKey{"red", PrivateKey{2}}
	machines := []struct {
		name string
		opts []Option
		peer bool
	}{
		{"one table", nil, false},
		{"blue's machine", []Option{WithPeer("blue"), WithSideKeys(blueKey)}, true},
		{"red's machine", []Option{WithPeer("red"), WithSideKeys(redKey)}, true},
		{"verifier", []Option{WithPeerVerifier(), WithSideKeys(blueKey, redKey)}, true},
	}
	var hashes []Hash
	for _, m := range machines {
		t.Run(m.name, func(t *testing.T) {
			s, err := NewState(su, 5, m.opts...)
			require.NoError(t, err)
			before := s.RNG
			s.Clock = Clock{Turn: 1, Impulse: 1, Step: StepInvoluntary}
			evs := s.cosmicInvoluntary()
			require.NotEmpty(t, s.Cosmic.Rifts[0].Dest, "IP4.412: the destination is rolled as the rift forms")
			rolls := map[string]Audience{}
			for _, e := range evs {
				if e.Kind == EventRoll {
					rolls[e.Clause+" "+string(e.Side)+" "+string(e.Unit)] = e.Audience
				}
			}
			assert.Equal(t, Only(noSide), rolls["IP4.412  "], "the destination's rolls are nobody's to see")
			assert.Equal(t, Only("blue"), rolls["IP4.312 blue scout"], "IP4.311: its owner's only")
			assert.Equal(t, Only("red"), rolls["IP4.313 red z"], "IP4.311: its owner's only")
			assert.Equal(t, Only("yard.wardens"), rolls["IP4.312 yard.wardens yard.guard"])
			for _, u := range []UnitID{"scout", "z", "yard.guard"} {
				assert.Equal(t, 1, s.Unit(u).Ship.Radiation.Turn, "%s rolled its radiation", u)
			}
			if !m.peer {
				assert.Equal(t, before, s.RNG, "at one table the public dice are untouched")
				var streams []string
				for _, p := range s.Private {
					streams = append(streams, p.Audience)
				}
				assert.ElementsMatch(t, []string{"blue", "red", "yard.wardens", string(noSide)}, streams)
				return
			}
			assert.NotEqual(t, before, s.RNG, "between machines the rift's rolls are the public dice")
			assert.Empty(t, s.Private, "no private stream for a rift roll")
			hashes = append(hashes, s.PublicHash())
		})
	}
	require.Len(t, hashes, 3)
	assert.Equal(t, hashes[0], hashes[1], "blue's and red's machines roll alike")
	assert.Equal(t, hashes[0], hashes[2], "and so does the verifier")
}

// TestDefendersOutOfPhaseAreEveryMachines: between machines a unit out of
// phase is computed by its side's machine alone, and the others wait for
// its announcement at a phase point (IP8.21); a rift destination's
// defenders have no machine of their own and are played on every machine
// alike, so every machine wakes their units out of phase at the point,
// waits for nobody, and records no phase-in of theirs to announce.
func TestDefendersOutOfPhaseAreEveryMachines(t *testing.T) {
	su := testSetup(ship("scout", "blue", "vel-corvette", Hex{R: 1}, DirA, 6), ship("z", "red", "kor-raider", Hex{Q: 40}, DirA, 0))
	su.Ruleset.NoCosmicRifts = true
	su.RiftCharts = []RiftChart{{Lo: 2, Hi: 12, Rows: []RiftChartRow{{Lo: 2, Hi: 12, Scenario: "yard", Port: Hex{}, Defend: Hex{R: -4}}}}}
	su.Destinations = []Destination{yardSetup()}
	su.OpenRifts = []OpenRift{{Hex: Hex{}, Lifetime: 60}}
	tests := []struct {
		unit    UnitID
		missing bool
	}{
		{"yard.guard", false},
		{"z", true},
	}
	for _, tc := range tests {
		t.Run(string(tc.unit), func(t *testing.T) {
			s, err := NewState(su, 5, WithPeer("blue"), WithSideKeys(SideKey{"blue", PrivateKey{1}}))
			require.NoError(t, err)
			s.Clock = Clock{Turn: 1, Impulse: 1, Step: StepInvoluntary}
			s.cosmicInvoluntary()
			u := s.Unit(tc.unit)
			require.NotNil(t, u)
			u.PhasedOut, u.Status = true, StatusLimbo
			s.phasePoint()
			_, missing := s.Missing()
			assert.Equal(t, tc.missing, missing, "IP8.21: blue's machine waits for %s's announcement", u.Side)
			if tc.missing {
				assert.Equal(t, StatusLimbo, s.Unit(tc.unit).Status)
				return
			}
			assert.Equal(t, StatusOnMap, s.Unit(tc.unit).Status, "every machine wakes the defenders' units for the phase step")
			s.arrive(nil, s.Unit(tc.unit), "IP8.21")
			assert.Empty(t, s.Made(), "no machine announces a defender's phase-in")
		})
	}
}
