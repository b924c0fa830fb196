package plot

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
)

// duel is two frigates far apart, facing each other's line, and a red
// mine that blue cannot see.
const duel = `id: plot-duel
name: Plot duel
center: 0,0
ruleset: {impulses: 6, turn_limit: 3}
sides:
  - {id: blue, name: Blue, color: "#4da3ff"}
  - {id: red, name: Red, color: "#ff5d5d"}
units:
  - {id: hawk, name: Hawk, side: blue, class: fed-frigate, hex: "0,0", facing: B, speed: 12}
  - {id: claw, name: Claw, side: red, class: kor-raider, hex: "6,-3", facing: E, speed: 6}
  - {id: m1, side: red, class: mine, hex: "1,0"}
  - {id: m2, side: blue, class: mine, hex: "5,-3"}
`

// newGame starts the duel and runs it, with the rules' first offer for
// every choice, to the first time pred holds.
func newGame(t *testing.T, pred func(*rules.State) bool) *rules.State {
	t.Helper()
	return startGame(t, duel, nil, pred)
}

func hawkMoves(s *rules.State) bool {
	id, ok := s.Mover()
	return ok && id == "hawk"
}

// Each course order picks, among the plans the rules offer, the one whose
// end best serves it.
func TestCourseOrders(t *testing.T) {
	s := newGame(t, hawkMoves)
	v, legal := s.View("blue"), s.Legal("blue")
	claw := s.Unit("claw").Hex
	ends := map[string]rules.Hex{}
	for _, c := range legal {
		odds, err := s.PlanOdds(*c.Move)
		require.NoError(t, err)
		ends[c.Move.String()] = odds.Path[len(odds.Path)-1]
	}
	require.Greater(t, len(ends), 2, "the rules offer several plans")
	closest := func(to rules.Hex, want int) int {
		best := 1 << 30
		for _, e := range ends {
			if d := e.Distance(to); abs(d-want) < best {
				best = abs(d - want)
			}
		}
		return best
	}
	away := rules.Hex{Q: -20, R: 10}
	for _, tc := range []struct {
		name   string
		course Course
		check  func(t *testing.T, cmd rules.Command, end rules.Hex)
	}{
		{"keep course", Course{Kind: Keep}, func(t *testing.T, cmd rules.Command, _ rules.Hex) {
			assert.Zero(t, turns(cmd.Move), "straight on: %s", cmd.Move)
		}},
		{"toward a hex", Course{Kind: Toward, Hex: away}, func(t *testing.T, _ rules.Command, end rules.Hex) {
			assert.Equal(t, closest(away, 0), end.Distance(away))
		}},
		{"close with a unit", Course{Kind: Close, Unit: "claw"}, func(t *testing.T, _ rules.Command, end rules.Hex) {
			assert.Equal(t, closest(claw, 0), end.Distance(claw))
		}},
		{"keep a unit at range", Course{Kind: Range, Unit: "claw", Range: 14}, func(t *testing.T, _ rules.Command, end rules.Hex) {
			assert.Equal(t, closest(claw, 14), abs(end.Distance(claw)-14))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := &Orders{Side: "blue", Turn: v.Clock.Turn, Ships: []Ship{{Unit: "hawk", Course: tc.course}}}
			w := NewWatcher("blue")
			w.Look(v)
			cmd, br := o.Decide(v, legal, s, w)
			require.Nil(t, br)
			require.NoError(t, s.Check(cmd), "a command the rules accept")
			odds, _ := s.PlanOdds(*cmd.Move)
			tc.check(t, cmd, odds.Path[len(odds.Path)-1])
		})
	}
	// A course on a unit out of sight is blocked: the person is asked.
	// The break names the unit as the side saw it at its last look, or
	// as a ship it no longer sees: never by its id, nor by anything of
	// a unit it never saw.
	gone := *v
	gone.Units = slices.DeleteFunc(slices.Clone(v.Units), func(u rules.UnitView) bool { return u.ID == "claw" })
	for _, tc := range []struct {
		name       string
		target     rules.UnitID
		look, now  *rules.View
		want       string
		notWritten []string
	}{
		{"seen at the last look, now gone", "claw", v, &gone, "Hawk has lost sight of Claw", []string{"claw"}},
		{"never seen (a hidden mine)", "m1", v, v, "Hawk has lost sight of a ship you can no longer see", []string{"m1", "Mine"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := &Orders{Side: "blue", Turn: v.Clock.Turn, Ships: []Ship{{Unit: "hawk", Course: Course{Kind: Close, Unit: tc.target}}}, Breaks: DefaultBreaks()}
			w := NewWatcher("blue")
			w.Look(tc.look)
			_, br := o.Decide(tc.now, legal, s, w)
			require.NotNil(t, br)
			assert.Equal(t, "blocked", br.Kind)
			assert.Equal(t, tc.want, br.Text)
			for _, word := range tc.notWritten {
				assert.NotContains(t, br.Text, word)
			}
		})
	}
	w := NewWatcher("blue")
	w.Look(v)
	// "Ask me every impulse" asks at every move.
	o := &Orders{Side: "blue", Turn: v.Clock.Turn, Ships: []Ship{{Unit: "hawk", AskEveryImpulse: true}}}
	_, br := o.Decide(v, legal, s, w)
	require.NotNil(t, br)
	assert.Equal(t, "decision", br.Kind)
	// Orders of another turn cover nothing.
	o = &Orders{Side: "blue", Turn: v.Clock.Turn + 1, Ships: []Ship{{Unit: "hawk"}}}
	_, br = o.Decide(v, legal, s, w)
	require.NotNil(t, br)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Fire orders: hold, a minimum chance, a range limit, a chosen target.
// (Red's raider arms its weapons; blue's frigate flies on all its power.)
func TestFireOrders(t *testing.T) {
	s := newGame(t, func(s *rules.State) bool { return s.Expecting() == rules.CmdFire && len(s.Legal("red")) > 1 })
	v, legal := s.View("red"), s.Legal("red")
	w := NewWatcher("red")
	w.Look(v)
	for _, tc := range []struct {
		name  string
		fire  Fire
		shots bool
	}{
		{"best target", Fire{}, true},
		{"hold fire", Fire{Hold: true}, false},
		{"no shot good enough", Fire{MinSixths: 7}, false},
		{"out of the range limit", Fire{MaxRange: 1}, false},
		{"only at a unit it cannot see", Fire{Target: "m2"}, false},
		{"at the chosen target", Fire{Target: "hawk"}, true},
		{"holding every weapon", Fire{HoldMounts: []int{0, 1, 2, 3, 4, 5}}, false},
		{"holding every weapon for a later impulse", Fire{HoldMounts: []int{0, 1, 2, 3, 4, 5}, HoldUntil: v.Clock.Impulse + 1}, false},
		{"held until this impulse: they fire now", Fire{HoldMounts: []int{0, 1, 2, 3, 4, 5}, HoldUntil: v.Clock.Impulse}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := &Orders{Side: "red", Turn: v.Clock.Turn, Ships: []Ship{{Unit: "claw", Fire: tc.fire}}}
			cmd, br := o.Decide(v, legal, s, w)
			require.Nil(t, br)
			require.NoError(t, s.Check(cmd))
			assert.Equal(t, tc.shots, len(cmd.Shots) > 0, "%v", cmd)
			for _, sh := range cmd.Shots {
				assert.Equal(t, rules.UnitID("hawk"), sh.Target)
			}
		})
	}
	// Evasion, damage control and impulse activity follow their policy;
	// Ask is a break.
	o := &Orders{Side: "blue", Turn: v.Clock.Turn, Evasion: Ask}
	_, br := o.policy(o.Evasion, "evasive maneuvers", legal)
	require.NotNil(t, br)
	cmd, br := o.policy(Never, "evasive maneuvers", legal)
	require.Nil(t, br)
	assert.Equal(t, legal[0], cmd)
}

// Each break condition fires on what the side's view shows has changed
// since it last looked, and only then.
func TestBreakConditions(t *testing.T) {
	base := func() *rules.View {
		return &rules.View{Viewer: "blue", Clock: rules.Clock{Turn: 1}, Units: []rules.UnitView{
			{ID: "hawk", Name: "Hawk", Side: "blue", Class: "fed-frigate", Kind: rules.KindShip, Map: "m", Hex: rules.Hex{}, Armor: 4, Shields: [6]int{10, 10, 10, 10, 10, 10}},
			{ID: "claw", Name: "Claw", Side: "red", Class: "kor-raider", Kind: rules.KindShip, Map: "m", Hex: rules.Hex{Q: 40}},
		}, Objectives: []rules.Objective{{Side: "red", Kind: rules.ObjectiveHold, Name: "the Beacon", Area: true, Map: "m", Hex: rules.Hex{Q: 30}, Radius: 3}}}
	}
	for _, tc := range []struct {
		name   string
		change func(v *rules.View)
		breaks Breaks
		want   string
	}{
		{"nothing changed", func(*rules.View) {}, DefaultBreaks(), ""},
		{"an enemy comes within reach", func(v *rules.View) { v.Units[1].Hex = rules.Hex{Q: 5} }, DefaultBreaks(), "enemy"},
		{"within reach, toggled off", func(v *rules.View) { v.Units[1].Hex = rules.Hex{Q: 5} }, Breaks{}, ""},
		{"an enemy within a set range", func(v *rules.View) { v.Units[1].Hex = rules.Hex{Q: 30} }, Breaks{EnemyWithin: 30}, "enemy"},
		{"a seeking weapon is launched", func(v *rules.View) {
			v.Units = append(v.Units, rules.UnitView{ID: "claw.d1.1", Side: "red", Kind: rules.KindDrone, Map: "m", Hex: rules.Hex{Q: 39}})
		}, DefaultBreaks(), "seeker"},
		{"damage inside the shields", func(v *rules.View) { v.Units[0].Armor = 2 }, DefaultBreaks(), "damaged"},
		{"a shield hit alone", func(v *rules.View) { v.Units[0].Shields[0] = 4 }, DefaultBreaks(), ""},
		{"a shield hit, shield hits on", func(v *rules.View) { v.Units[0].Shields[0] = 4 }, Breaks{Damaged: true, ShieldHits: true}, "damaged"},
		{"caught in a tractor beam", func(v *rules.View) { v.Units[0].HeldBy = "claw" }, DefaultBreaks(), "held"},
		{"boarded", func(v *rules.View) { v.Units[0].Boarders = 2 }, DefaultBreaks(), "held"},
		{"a cosmic rift opens", func(v *rules.View) { v.Rifts = []rules.RiftView{{ID: "rift-1", Hex: rules.Hex{Q: 3}}} }, DefaultBreaks(), "rift"},
		{"a seeking weapon comes within N", func(v *rules.View) {
			v.Units = append(v.Units, rules.UnitView{ID: "claw.d1.1", Side: "red", Kind: rules.KindDrone, Map: "m", Hex: rules.Hex{Q: 3}})
		}, Breaks{SeekerWithin: 4}, "seeker"},
		{"a seeking weapon stays beyond N", func(v *rules.View) {
			v.Units = append(v.Units, rules.UnitView{ID: "claw.d1.1", Side: "red", Kind: rules.KindDrone, Map: "m", Hex: rules.Hex{Q: 9}})
		}, Breaks{SeekerWithin: 4}, ""},
		{"an objective changes hands", func(v *rules.View) { v.Units[1].Hex = rules.Hex{Q: 30, R: 1} }, DefaultBreaks(), "objective"},
		// The side sees nothing of a unit its view leaves out: a hidden
		// enemy next to it is no break.
		{"a hidden enemy is near", func(v *rules.View) { v.Units = v.Units[:1] }, DefaultBreaks(), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := NewWatcher("blue")
			w.Look(base())
			v := base()
			tc.change(v)
			b := w.Check(v, tc.breaks)
			if tc.want == "" {
				assert.Nil(t, b)
				return
			}
			require.NotNil(t, b)
			assert.Equal(t, tc.want, b.Kind)
			w.Look(v)
			assert.Nil(t, w.Check(v, tc.breaks), "once looked at, the same change breaks no more")
		})
	}
	// A unit of the side phasing back in.
	w := NewWatcher("blue")
	v := base()
	v.Units[0].Ghost = true
	w.Look(v)
	v = base()
	b := w.Check(v, DefaultBreaks())
	require.NotNil(t, b)
	assert.Equal(t, "rift", b.Kind)
}

// Plan writes an order for every ship of the side and none for others.
func TestPlan(t *testing.T) {
	s := newGame(t, hawkMoves)
	o := Plan(s.View("blue"), "blue", DefaultBreaks())
	require.Len(t, o.Ships, 1)
	assert.Equal(t, rules.UnitID("hawk"), o.Ships[0].Unit)
	assert.Equal(t, Course{Kind: Close, Unit: "claw"}, o.Ships[0].Course, "the hidden mine is no enemy to close with")
	assert.Equal(t, "close with claw", o.Ships[0].Course.String())
}

// AskWhenEngaged asks for every move of the ships with an enemy inside
// three times their weapons' reach, and of no other.
func TestAskWhenEngaged(t *testing.T) {
	reach := reachOf("fed-frigate")
	require.Positive(t, reach)
	for _, tc := range []struct {
		name  string
		enemy rules.UnitView
		want  bool
	}{
		{"an enemy ship inside the envelope", rules.UnitView{ID: "claw", Side: "red", Class: "kor-raider", Kind: rules.KindShip, Map: "m", Hex: rules.Hex{Q: 3 * reach}}, true},
		{"one beyond it", rules.UnitView{ID: "claw", Side: "red", Class: "kor-raider", Kind: rules.KindShip, Map: "m", Hex: rules.Hex{Q: 3*reach + 1}}, false},
		{"an enemy mine beside it", rules.UnitView{ID: "m1", Side: "red", Class: "mine", Kind: rules.KindMine, Map: "m", Hex: rules.Hex{Q: 1}}, false},
		{"an enemy drone beside it", rules.UnitView{ID: "d1", Side: "red", Kind: rules.KindDrone, Map: "m", Hex: rules.Hex{Q: 1}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := &rules.View{Units: []rules.UnitView{{ID: "hawk", Side: "blue", Class: "fed-frigate", Kind: rules.KindShip, Map: "m"}, tc.enemy}}
			o := &Orders{Side: "blue", Ships: []Ship{{Unit: "hawk"}}}
			assert.Equal(t, tc.want, o.AskWhenEngaged(v))
			assert.Equal(t, tc.want, o.Ships[0].AskEveryImpulse)
		})
	}
}

// retarget gives a ship whose course is on a unit (a wreck, the caller
// says) the plan's course in the view when that is on an enemy in sight,
// keeping its rift risk; a course on no unit, a unit the orders do not
// hold, and a view with no enemy in sight leave the course as it is.
func TestRetarget(t *testing.T) {
	s := newGame(t, hawkMoves)
	v := s.View("blue")
	planned := Plan(v, "blue", DefaultBreaks()).Ship("hawk").Course
	require.Equal(t, Close, planned.Kind, "the plan closes with the enemy in sight")
	alone := *v
	alone.Units = slices.DeleteFunc(slices.Clone(v.Units), func(u rules.UnitView) bool { return u.Side != "blue" })
	away := rules.Hex{Q: -20, R: 10}
	for _, tc := range []struct {
		name    string
		view    *rules.View
		ship    rules.UnitID
		course  Course
		changed bool
		want    Course
	}{
		{"close with a wreck", v, "hawk", Course{Kind: Close, Unit: "gone"}, true, planned},
		{"keep a wreck at range, rift risks taken", v, "hawk", Course{Kind: Range, Unit: "gone", Range: 4, RiftRisk: true}, true, Course{Kind: planned.Kind, Unit: planned.Unit, RiftRisk: true}},
		{"circle a wreck", v, "hawk", Course{Kind: Circle, Unit: "gone", Range: 2}, true, planned},
		{"no other enemy in sight", &alone, "hawk", Course{Kind: Close, Unit: "gone"}, false, Course{Kind: Close, Unit: "gone"}},
		{"toward a hex", v, "hawk", Course{Kind: Toward, Hex: away}, false, Course{Kind: Toward, Hex: away}},
		{"a ship without orders", v, "claw", Course{Kind: Close, Unit: "gone"}, false, Course{Kind: Close, Unit: "gone"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := &Orders{Side: "blue", Turn: v.Clock.Turn, Ships: []Ship{{Unit: "hawk", Course: tc.course}}, Breaks: DefaultBreaks()}
			assert.Equal(t, tc.changed, o.retarget(tc.view, tc.ship))
			assert.Equal(t, tc.want, o.Ship("hawk").Course)
		})
	}
}

// A course on a unit the side's own log shows destroyed goes on, in
// Decide, to the plan's course on the nearest enemy in sight, with no
// break: the same for the window, the orders player and play by file,
// which all decide through it. A unit merely gone from sight (out of
// detection range, phased out) is no wreck, whatever the true state: the
// side was told nothing, and the break stands; so does a destruction
// told to another side only, and one with no other enemy in sight.
// Wraith is in the side's last look, as a target lost since was.
func TestCourseOnADestroyedUnit(t *testing.T) {
	s := newGame(t, hawkMoves)
	v, legal := s.View("blue"), s.Legal("blue")
	look := *v
	look.Units = append(slices.Clone(v.Units), rules.UnitView{ID: "wraith", Name: "Wraith", Side: "red", Class: "kor-raider", Kind: rules.KindShip, Map: v.Units[0].Map, Hex: rules.Hex{Q: 9, R: -4}})
	alone := *v
	alone.Units = slices.DeleteFunc(slices.Clone(v.Units), func(u rules.UnitView) bool { return u.Side != "blue" })
	wreck := rules.Event{Kind: rules.EventDestroyed, Unit: "wraith", Side: "red", Text: "Wraith is destroyed (excess damage)"}
	toRed := wreck
	toRed.Audience = rules.Only("red")
	phased := rules.Event{Kind: rules.EventPhase, Unit: "wraith", Side: "red", Text: "Wraith phases out"}
	lost := "Hawk has lost sight of Wraith"
	for _, tc := range []struct {
		name    string
		log     []rules.Event // nil: no log given
		now     *rules.View
		blocked bool
		brk     string // the break's text, "" for none
		target  rules.UnitID
	}{
		{"destroyed, another enemy in sight", []rules.Event{wreck}, v, true, "", "claw"},
		{"destroyed among other news", []rules.Event{wreck, phased}, v, true, "", "claw"},
		{"vanished out of sight", []rules.Event{}, v, true, lost, "wraith"},
		{"phased out", []rules.Event{phased}, v, true, lost, "wraith"},
		{"destroyed, told to red only", []rules.Event{toRed}, v, true, lost, "wraith"},
		{"no log given", nil, v, true, lost, "wraith"},
		{"destroyed, no other enemy in sight", []rules.Event{wreck}, &alone, true, lost, "wraith"},
		{"destroyed, blocked courses no break: flies on", []rules.Event{wreck}, v, false, "", "wraith"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			breaks := DefaultBreaks()
			breaks.Blocked = tc.blocked
			o := &Orders{Side: "blue", Turn: v.Clock.Turn, Ships: []Ship{{Unit: "hawk", Course: Course{Kind: Close, Unit: "wraith", RiftRisk: true}}}, Breaks: breaks}
			w := NewWatcher("blue")
			w.Look(&look)
			if tc.log != nil {
				w.SetLog(func() []rules.Event { return tc.log })
			}
			cmd, br := o.Decide(tc.now, legal, s, w)
			if tc.brk != "" {
				require.NotNil(t, br)
				assert.Equal(t, "blocked", br.Kind)
				assert.Equal(t, tc.brk, br.Text)
			} else {
				require.Nil(t, br)
				require.NoError(t, s.Check(cmd), "a command the rules accept")
			}
			got := o.Ship("hawk").Course
			assert.Equal(t, tc.target, got.Unit)
			assert.True(t, got.RiftRisk, "the rest of the course stays")
		})
	}
}

// A seeking weapon's break says who launched what at whom, as far as the
// side's view shows them, and never more.
func TestSeekerBreakTexts(t *testing.T) {
	hawk := rules.UnitView{ID: "hawk", Name: "Hawk", Side: "blue", Class: "fed-frigate", Kind: rules.KindShip, Map: "m"}
	claw := rules.UnitView{ID: "claw", Name: "Claw", Side: "red", Class: "kor-raider", Kind: rules.KindShip, Map: "m", Hex: rules.Hex{Q: 40}}
	drone := rules.UnitView{ID: "claw.d1.1", Name: "Drone", Side: "red", Kind: rules.KindDrone, Map: "m", Hex: rules.Hex{Q: 3}, Target: "hawk"}
	for _, tc := range []struct {
		name   string
		units  []rules.UnitView
		breaks Breaks
		want   string
	}{
		{"launcher and target in sight", []rules.UnitView{hawk, claw, drone}, DefaultBreaks(), "Claw launches a drone at Hawk"},
		{"the launcher out of sight", []rules.UnitView{hawk, drone}, DefaultBreaks(), "a drone is launched at Hawk"},
		{"no target in the view", []rules.UnitView{hawk, claw, {ID: "claw.d1.1", Name: "Drone", Side: "red", Kind: rules.KindDrone, Map: "m", Hex: rules.Hex{Q: 3}}}, DefaultBreaks(), "Claw launches a drone"},
		{"no name", []rules.UnitView{hawk, claw, {ID: "claw.d1.1", Side: "red", Kind: rules.KindDrone, Map: "m", Hex: rules.Hex{Q: 3}}}, DefaultBreaks(), "Claw launches a seeking weapon"},
		{"within N hexes", []rules.UnitView{hawk, claw, drone}, Breaks{SeekerWithin: 4}, "a drone from Claw comes within 4 hexes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := NewWatcher("blue")
			w.Look(&rules.View{Viewer: "blue", Units: []rules.UnitView{hawk, claw}})
			b := w.Check(&rules.View{Viewer: "blue", Units: tc.units}, tc.breaks)
			require.NotNil(t, b)
			assert.Equal(t, "seeker", b.Kind)
			assert.Equal(t, tc.want, b.Text)
		})
	}
}
