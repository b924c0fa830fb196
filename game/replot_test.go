package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
)

// A side plotting again after a break keeps its ships' orders of the
// turn, except a course at a unit it no longer sees (it phased out, as
// Specter did in a window run, and every Terran ship closing with it
// broke at its move, one curtain each): that ship gets the plan's course.
func TestReplotDropsCoursesAtUnitsOutOfSight(t *testing.T) {
	sess := newSession(t, "first-contact")
	side := sess.State.Pending()[0]
	d := orderPanel(sess.State, side)
	v := d.view()
	plan := plot.Plan(v, side, plot.DefaultBreaks())
	require.GreaterOrEqual(t, len(plan.Ships), 3)
	var enemy rules.UnitID
	for _, u := range v.Units {
		if u.Side != side {
			enemy = u.ID
			break
		}
	}
	require.NotEmpty(t, enemy, "the side sees an enemy")
	tests := []struct {
		name   string
		course plot.Course
		kept   bool
	}{
		{"close with a unit in sight", plot.Course{Kind: plot.Close, Unit: enemy}, true},
		{"close with a unit out of sight", plot.Course{Kind: plot.Close, Unit: "gone"}, false},
		{"keep range of a unit out of sight", plot.Course{Kind: plot.Range, Unit: "gone", Range: 4}, false},
		{"circle a unit out of sight", plot.Course{Kind: plot.Circle, Unit: "gone", Range: 3}, false},
		{"toward a hex", plot.Course{Kind: plot.Toward, Hex: rules.Hex{Q: 3, R: -2}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prev := *plan
			prev.Ships = append([]plot.Ship(nil), plan.Ships...)
			prev.Ships[1].Course = tt.course
			prev.Ships[1].Fire.MinSixths = 5 // the rest of its orders stay
			b := newPlotBuilder(d, &prev, "a break")
			got := b.o.Ships[1]
			assert.Equal(t, 5, got.Fire.MinSixths)
			if tt.kept {
				assert.Equal(t, tt.course, got.Course)
			} else {
				assert.Equal(t, plan.Ships[1].Course, got.Course, "the plan's course")
			}
		})
	}
}
