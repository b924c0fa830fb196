package rules

import (
	"cmp"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// The spatial index answers range questions as a scan of every unit
// would, as units move (setHex, placeUnit) and come into play (reindex).
func TestSpatialIndexAnswersAsAScan(t *testing.T) {
	s := newTestState(t, phaseBenchUnits(300, 30)...)
	g := NewRNG(3)
	ids := func(us []*Unit) []UnitID {
		out := make([]UnitID, len(us))
		for i, u := range us {
			out[i] = u.ID
		}
		return out
	}
	scan := func(h Hex, r int) []UnitID {
		var want []*Unit
		for i := range s.Units {
			if u := &s.Units[i]; u.Map == "main" && u.Hex.Distance(h) <= r {
				want = append(want, u)
			}
		}
		slices.SortFunc(want, func(a, b *Unit) int {
			return cmp.Or(a.Hex.Distance(h)-b.Hex.Distance(h), cmp.Compare(a.ID, b.ID))
		})
		return ids(want)
	}
	for step := range 300 {
		to := Hex{Q: g.IntN(21) - 10, R: g.IntN(21) - 10}
		switch {
		case step == 100:
			s.addUnit(Unit{ID: "u00150b", Side: "red", Class: "fed-frigate", Map: "main", Status: StatusOnMap, Hex: to})
		case step%7 == 0:
			s.placeUnit(&s.Units[g.IntN(len(s.Units))], "main", to)
		default:
			s.setHex(&s.Units[g.IntN(len(s.Units))], to)
		}
		h, r := Hex{Q: g.IntN(41) - 20, R: g.IntN(41) - 20}, g.IntN(12)
		require.Equal(t, scan(h, r), ids(s.unitsWithin("main", h, r)), "step %d: within %d of %v", step, r, h)
		require.Equal(t, scan(to, 0), ids(s.unitsAt("main", to)), "step %d: at %v", step, to)
	}
}
