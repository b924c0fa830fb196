package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
)

// Taking over from step n of a save gives the state the original had
// after its n-th command, with the people at one side and the computer
// at every other seat; the branch then plays on by itself.
func TestBranchSessionTakesOverAtStepN(t *testing.T) {
	src := defaultSource(t)
	orig, err := Simulate(src, 7, 2)
	require.NoError(t, err)
	require.Greater(t, len(orig.commands), 10)
	sf := orig.SaveFile("original", testTime)
	human := sf.Seats[0].Side
	// Checkpoints sit at impulse and step boundaries: take over right
	// after one in the middle too, where the hash is known.
	mid := sf.Checks[len(sf.Checks)/2].Command + 1
	hashes := map[int]string{}
	for _, c := range sf.Checks {
		hashes[c.Command+1] = c.Hash
	}
	for _, n := range []int{0, 1, mid, len(sf.Commands) / 2, len(sf.Commands)} {
		b, err := BranchSession(&sf, n, human, "hard")
		require.NoError(t, err, "step %d", n)
		assert.Len(t, b.commands, n)
		if h, ok := hashes[n]; ok {
			assert.Equal(t, h, b.State.Hash().String(), "state at step %d", n)
		}
		for _, seat := range b.Seats {
			if seat.Side == human {
				assert.Equal(t, SeatHuman, seat.Kind)
			} else {
				assert.Equal(t, SeatComputer, seat.Kind, "seat %s", seat.Side)
				assert.Equal(t, "hard", seat.Level)
			}
		}
	}
	// The original is untouched by its branches.
	assert.Equal(t, SeatComputer, sf.Seats[0].Kind)

	// A branch plays on: the computer seats move, and the human's side is
	// left to act.
	b, err := BranchSession(&sf, len(sf.Commands)/2, human, "normal")
	require.NoError(t, err)
	ctrl := map[rules.SideID]Controller{}
	for _, seat := range b.Seats {
		if seat.Kind == SeatComputer {
			ctrl[seat.Side] = Bind(NewController(seat, b.Seed), b)
		}
	}
	before := len(b.commands)
	require.NoError(t, b.PlayUntil(ctrl, func(*rules.State) bool { return false }))
	if !b.Over() {
		assert.Contains(t, b.State.Pending(), human, "the branch stops where the human must act")
	}
	for _, c := range b.commands[before:] {
		assert.NotEqual(t, human, c.Side)
	}

	_, err = BranchSession(&sf, len(sf.Commands)+1, human, "hard")
	assert.Error(t, err)
	_, err = BranchSession(&sf, 3, "nobody", "hard")
	assert.Error(t, err)
	_, err = BranchSession(&sf, 3, human, "grandmaster")
	assert.Error(t, err)
}
