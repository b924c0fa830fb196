package game

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// TestPrivacyEveryScenario plays every bundled scenario with legal-move
// players and, at every step, for every side, takes the units on the map
// that side may not see (another side's units out of phase, its mines,
// units on destination maps it has not found: whatever its view leaves
// out) and looks for them in everything else the side is given: the
// commands Legal offers it, the log lines it may read, the hover text of
// the hidden unit's hex, the side legend of its view, the save's load
// preview, its break conditions, the orders plot.Plan proposes it and the
// path preview of a course on the hidden unit.
func TestPrivacyEveryScenario(t *testing.T) {
	fonts, err := render.NewFonts()
	require.NoError(t, err)
	checkedUnits := 0
	var ids []string
	for _, info := range scenarios.Bundled() {
		ids = append(ids, info.ID)
	}
	// Hidden mines in the path of moving ships: no bundled scenario lays
	// any.
	ids = append(ids, "testdata/minefield.yaml")
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			src, err := scenarios.ReadSource(id)
			require.NoError(t, err)
			sess, err := match.Simulate(src, 5, 0)
			require.NoError(t, err)
			ctrl := map[rules.SideID]match.Controller{}
			for _, sd := range sess.State.Sides {
				ctrl[sd.ID] = match.NewLegalPlayer(5, sd.ID)
			}
			before := hiddenUnits(sess.State)
			checked := 0
			// Every side's break conditions, watched from the last step.
			watchers := map[rules.SideID]*plot.Watcher{}
			for _, sd := range sess.State.Sides {
				watchers[sd.ID] = plot.NewWatcher(sd.ID)
				watchers[sd.ID].Look(sess.State.View(sd.ID))
			}
			for step := 0; step < 600 && !sess.Over() && sess.State.Clock.Turn <= 2; step++ {
				side := sess.State.Pending()[0]
				if ctrl[side] == nil { // a destination's defenders came into play
					ctrl[side] = match.NewLegalPlayer(5, side)
				}
				_, err := sess.Submit(ctrl[side].Decide(sess.State.View(side), sess.State.Legal(side)))
				require.NoError(t, err)
				after := hiddenUnits(sess.State)
				for viewer, w := range watchers {
					v := sess.State.View(viewer)
					if br := w.Check(v, plot.Breaks{EnemyInReach: true, EnemyWithin: 50, Seeker: true, Damaged: true, ShieldHits: true, Held: true, Blocked: true, Rift: true}); br != nil {
						for _, u := range after[viewer] {
							require.False(t, br.Unit == u.ID || mentions(br.Text, u), "%s's break names hidden %s: %s", viewer, u.ID, br)
						}
					}
					w.Look(v)
				}
				for viewer, hid := range after {
					// Units hidden from the viewer before and after the
					// step: what the step showed of a unit still in sight
					// as it began (a phase-out) is no leak.
					var still []*rules.Unit
					for _, u := range hid {
						for _, b := range before[viewer] {
							if b.ID == u.ID {
								still = append(still, u)
							}
						}
					}
					// The orders the side is proposed and the preview of
					// its courses never use a hidden unit: a course on one
					// is flown as if the unit did not exist.
					var plotted *plot.Orders
					if len(still) > 0 {
						plotted = plot.Plan(sess.State.View(viewer), viewer, plot.DefaultBreaks())
						b, err := json.Marshal(plotted)
						require.NoError(t, err)
						for _, u := range still {
							require.NotContains(t, string(b), `"`+string(u.ID)+`"`, "%s's proposed orders name hidden %s", viewer, u.ID)
						}
					}
					for _, u := range still {
						checkedUnits++
						if pv := sess.State.View(viewer); len(plotted.Ships) > 0 {
							own := plotted.Ships[0].Unit
							keep := plot.Preview(pv, plot.Ship{Unit: own, Course: plot.Course{Kind: plot.Keep}})
							for _, kind := range []plot.CourseKind{plot.Close, plot.Circle} {
								require.Equal(t, keep, plot.Preview(pv, plot.Ship{Unit: own, Course: plot.Course{Kind: kind, Unit: u.ID, Range: 2}}),
									"%s's preview of %s's course on hidden %s", viewer, own, u.ID)
							}
						}
						for _, e := range rules.Events(sess.EventsSince(checked), viewer) {
							require.False(t, e.Unit == u.ID || mentions(e.Text, u), "%s sees a log line about hidden %s: %s", viewer, u.ID, e)
						}
						for _, c := range sess.State.Legal(viewer) {
							b, err := json.Marshal(c)
							require.NoError(t, err)
							require.NotContains(t, string(b), `"`+string(u.ID)+`"`, "Legal offers %s a command naming hidden %s", viewer, u.ID)
						}
						v := sess.State.View(viewer)
						if v.Map(u.Map) != nil {
							ms := NewMapScene(sess.State, viewer, fonts, 480, 300)
							for _, line := range ms.Describe(u.Hex) {
								require.False(t, mentions(line, u), "%s's hover text names hidden %s: %q", viewer, u.ID, line)
							}
						}
						for _, sd := range v.Sides {
							if sd.Destination != "" && v.Map(sd.Destination) == nil {
								t.Fatalf("%s's side legend lists %s, defenders of a map it has not found", viewer, sd.ID)
							}
						}
					}
				}
				checked = sess.NumEvents()
				before = after
			}
			t.Logf("%d commands, to %s", sess.NumCommands(), sess.State.Clock)
			// The load preview holds public facts only.
			sf := sess.SaveFile("privacy", testTime)
			b, err := json.Marshal(sf.Preview)
			require.NoError(t, err)
			for _, hid := range hiddenUnits(sess.State) {
				for _, u := range hid {
					require.NotContains(t, string(b), string(u.ID), "the load preview names hidden %s", u.ID)
				}
			}
		})
	}
	t.Logf("%d hidden unit-steps checked", checkedUnits)
	require.Greater(t, checkedUnits, 100, "the games hid units, so the checks checked something")
}

// hiddenUnits returns, for each side, the units on the map its view
// leaves out.
func hiddenUnits(st *rules.State) map[rules.SideID][]*rules.Unit {
	out := map[rules.SideID][]*rules.Unit{}
	for _, sd := range st.Sides {
		seen := map[rules.UnitID]bool{}
		for _, uv := range st.View(sd.ID).Units {
			seen[uv.ID] = true
		}
		for i := range st.Units {
			u := &st.Units[i]
			if u.OnMap() && !seen[u.ID] {
				out[sd.ID] = append(out[sd.ID], u)
			}
		}
	}
	return out
}
