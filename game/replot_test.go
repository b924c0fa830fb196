package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/render"
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

// The break that stops a plotted turn at a course on a unit the side no
// longer sees ("New orders") names that unit as the side knew it when it
// last looked, or as a ship it no longer sees: on the plot panel of the
// side asked, never the unit's id. (The unit out of sight is put in the
// watcher's last look, as a unit that phased out since was.)
func TestBreakNamesAVanishedUnitAsTheSideKnewIt(t *testing.T) {
	requireDisplay(t)
	tests := []struct {
		name string
		seen bool
		want string
	}{
		{"seen at the last look", true, "has lost sight of Wraith"},
		{"never seen", false, "has lost sight of a ship you can no longer see"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app, play, script, screen := watchingGame(t)
			aimAtWraith(play, tt.seen, plot.Course{Kind: plot.Close, Unit: "wraith"})
			var pb *plotBuilder
			for i := 0; i < 400 && pb == nil; i++ {
				if b, ok := play.orders.(*plotBuilder); ok && b.why != "" {
					pb = b
					break
				}
				acceptAll(t, play, script)
				tick(t, app, screen)
			}
			require.NotNil(t, pb, "the course on a unit out of sight breaks the orders")
			assert.Contains(t, pb.why, tt.want)
			assert.NotRegexp(t, `\bwraith\b`, pb.why, "the id is not named")
			assert.NotNil(t, panelText(play.desk.body, "Break: "+pb.why+"."), "the panel reads the break")
			assert.True(t, strings.HasPrefix(pb.why, unitName(play.desk, pb.ship().Unit)+" "), "the panel opens on the ship blocked: %s", pb.ship().Unit)
		})
	}
}

// aimAtWraith gives every ship of every side at play's table course, a
// course on the unit "wraith": where seen, a ship Wraith of another side,
// 400 hexes off, is put in each side's watcher's last look; else the
// watcher looks with the side's view as it is.
func aimAtWraith(play *PlayScene, seen bool, course plot.Course) {
	tab := play.table
	for sd, o := range tab.orders {
		look := *play.sess.State.View(sd)
		if seen {
			var other rules.SideID
			for _, s := range look.Sides {
				if s.ID != sd {
					other = s.ID
				}
			}
			look.Units = append(slices.Clone(look.Units), rules.UnitView{ID: "wraith", Name: "Wraith", Side: other, Kind: rules.KindShip, Map: look.Units[0].Map, Hex: rules.Hex{Q: 400}})
		}
		tab.watch[sd].Look(&look)
		for i := range o.Ships {
			o.Ships[i].Course = course
		}
	}
}

// A course on a unit the side saw destroyed goes on to the course the
// plan gives the ship now (the nearest enemy it sees), with no sitting:
// nobody is asked "has lost sight of" a wreck, a handoff a turn saved
// in first-contact (seed 1, turn 2: 5 handoffs before, 4 with it). The
// destroyed unit is put in the watcher's last look and its log, as a
// target blown up since was.
func TestCourseOnADestroyedUnitGoesOn(t *testing.T) {
	requireDisplay(t)
	app, play, script, screen := watchingGame(t)
	tab := play.table
	aimAtWraith(play, true, plot.Course{Kind: plot.Close, Unit: "wraith", RiftRisk: true})
	blown := rules.Event{Seq: play.sess.NumEvents(), Clock: play.sess.State.Clock, Kind: rules.EventDestroyed, Unit: "wraith", Text: "Wraith is destroyed"}
	for sd, w := range tab.watch {
		w.SetLog(func() []rules.Event { return append(play.sess.LogFor(sd), blown) })
	}
	moved := map[rules.UnitID]bool{}
	start := play.sess.NumCommands()
	for i := 0; i < 2000 && len(moved) < 8 && play.sess.State.Clock.Turn == 1; i++ {
		if pb, ok := play.orders.(*plotBuilder); ok {
			require.NotContains(t, pb.why, "lost sight", "nobody is asked about a destroyed target")
		}
		acceptAll(t, play, script)
		tick(t, app, screen)
		for _, c := range play.sess.Commands()[start:] {
			if c.Kind == rules.CmdMove && c.Move != nil {
				moved[c.Move.Unit] = true
			}
		}
	}
	require.NotEmpty(t, moved, "ships moved on their orders")
	for sd, o := range tab.orders {
		plan := plot.Plan(play.sess.State.View(sd), sd, o.Breaks)
		for _, sh := range o.Ships {
			if !moved[sh.Unit] {
				continue
			}
			t.Run(string(sh.Unit), func(t *testing.T) {
				assert.NotEqual(t, rules.UnitID("wraith"), sh.Course.Unit, "the course left the wreck")
				if p := plan.Ship(sh.Unit); p != nil {
					assert.Equal(t, p.Course.Kind, sh.Course.Kind, "the plan's course")
				}
				assert.True(t, sh.Course.RiftRisk, "the rest of its course stays")
			})
		}
	}
}

// Plotting again from a break, the panel opens on the side's ship the
// break is about (the one damaged or blocked, the one a seeking weapon
// seeks, the one nearest an enemy come within reach), and the map marks
// the enemy unit the break is about; a break about nothing in sight
// leaves the first ship selected.
func TestReplotOpensOnTheBreak(t *testing.T) {
	sess := newSession(t, "first-contact")
	side := sess.State.Pending()[0]
	d := orderPanel(sess.State, side)
	v := *d.view()
	var own, enemy []rules.UnitView
	for _, u := range v.Units {
		if u.Side == side {
			own = append(own, u)
		} else {
			enemy = append(enemy, u)
		}
	}
	require.GreaterOrEqual(t, len(own), 3)
	require.NotEmpty(t, enemy)
	seeker := rules.UnitView{ID: enemy[0].ID + ".d1.1", Name: "Drone", Side: enemy[0].Side, Kind: rules.KindDrone, Map: enemy[0].Map, Hex: enemy[0].Hex, Target: own[2].ID}
	v.Units = append(slices.Clone(v.Units), seeker)
	d.view = func() *rules.View { return &v }
	nearest := own[0]
	for _, u := range own {
		if u.Hex.Distance(enemy[0].Hex) < nearest.Hex.Distance(enemy[0].Hex) {
			nearest = u
		}
	}
	tests := []struct {
		name  string
		br    *plot.Break
		ship  rules.UnitID
		about rules.UnitID
	}{
		{"no break", nil, own[0].ID, ""},
		{"an own ship damaged", &plot.Break{Kind: "damaged", Unit: own[1].ID}, own[1].ID, ""},
		{"a seeking weapon launched at an own ship", &plot.Break{Kind: "seeker", Unit: seeker.ID}, own[2].ID, seeker.ID},
		{"an enemy within reach", &plot.Break{Kind: "enemy", Unit: enemy[0].ID}, nearest.ID, enemy[0].ID},
		{"a unit out of sight", &plot.Break{Kind: "blocked", Unit: "gone"}, own[0].ID, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newPlotBuilder(d, nil, "a break")
			b.openOn(&v, tt.br)
			assert.Equal(t, tt.ship, b.ship().Unit, "the ship selected")
			assert.Equal(t, tt.about, b.about)
			f := &render.Frame{}
			b.overlay(d, f)
			assert.Equal(t, tt.ship, f.Selected, "the camera follows the ship selected")
			marked := false
			for _, m := range f.Marks {
				marked = marked || strings.Contains(m.Label, "break: ")
			}
			assert.Equal(t, tt.about != "", marked, "the break's unit is marked: %v", f.Marks)
		})
	}
	// A drone launched from the ship the course is on shares its hex:
	// one label says both.
	t.Run("the break's unit on the course's target", func(t *testing.T) {
		b := newPlotBuilder(d, nil, "a break")
		b.openOn(&v, &plot.Break{Kind: "seeker", Unit: seeker.ID})
		b.ship().Course = plot.Course{Kind: plot.Close, Unit: enemy[0].ID}
		f := &render.Frame{}
		b.overlay(d, f)
		var at []render.HexMark
		for _, m := range f.Marks {
			if m.Hex == enemy[0].Hex {
				at = append(at, m)
			}
		}
		require.Len(t, at, 1, "one mark a hex: %v", f.Marks)
		assert.Contains(t, at[0].Label, "Close with "+enemy[0].Name)
		assert.Contains(t, at[0].Label, "break: Drone from "+enemy[0].Name)
	})
}
