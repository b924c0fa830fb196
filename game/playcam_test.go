package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// During energy allocation the camera follows the ship selected in the
// panel, not the side's units as a whole: the seat opens on the first
// ship, and choosing another ship brings it into view however far the
// player had panned away.
func TestAllocationCameraFollowsTheSelectedShip(t *testing.T) {
	requireDisplay(t)
	app, p, _, screen := openPlay(t, 1280, 800)
	b, ok := p.orders.(*allocBuilder)
	require.True(t, ok, "the game opens on energy allocation")
	require.GreaterOrEqual(t, len(b.allocs), 2, "the side has ships to choose between")
	first := b.allocs[0].Unit
	assert.Equal(t, first, p.followed, "the seat opens on the ship selected")
	order := []int{len(b.allocs) - 1, 0}
	for _, i := range order {
		id := b.allocs[i].Unit
		t.Run(string(id), func(t *testing.T) {
			p.mapv.Apply(PanBy{-3000, 1800})
			u, ok := unitView(p.desk, id)
			require.True(t, ok)
			require.False(t, p.mapv.InView(u.Hex), "panned away from %s", id)
			b.selected = i // the ship's button in the panel
			p.desk.changed()
			tick(t, app, screen)
			assert.Equal(t, id, p.followed)
			assert.True(t, p.mapv.InView(u.Hex), "%s, selected, is in view", id)
			h, ok := p.homeHex()
			assert.True(t, ok)
			assert.Equal(t, u.Hex, h, "Home goes to the selected ship")
		})
	}
}
