package plot

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// lane is the duel's frigate on a lane through a gravity rift (The
// Needle, two hexes ahead), and a raider that stands still far off.
const lane = `id: plot-lane
name: Plot lane
center: 0,0
ruleset: {impulses: 6, turn_limit: 3, gravity_rift: lrr, cosmic_rifts: false}
sides:
  - {id: blue, name: Blue, color: "#4da3ff"}
  - {id: red, name: Red, color: "#ff5d5d"}
systems:
  - {id: needle, name: The Needle, rift: true, hexes: ["2,-2", "3,-3"]}
units:
  - {id: hawk, name: Hawk, side: blue, class: fed-frigate, hex: "0,0", facing: B, speed: 12}
  - {id: claw, name: Claw, side: red, class: kor-raider, hex: "-2,8", facing: E, speed: 0}
`

// orbit is the frigate five hexes from a raider that stands still.
const orbit = `id: plot-orbit
name: Plot orbit
center: 0,0
ruleset: {impulses: 6, turn_limit: 6}
sides:
  - {id: blue, name: Blue, color: "#4da3ff"}
  - {id: red, name: Red, color: "#ff5d5d"}
units:
  - {id: hawk, name: Hawk, side: blue, class: fed-frigate, hex: "0,0", facing: B, speed: 12}
  - {id: claw, name: Claw, side: red, class: kor-raider, hex: "0,6", facing: E, speed: 0}
`

// startGame starts scenario src and runs it, choosing for every decision
// with choose (nil: the rules' first offer), to the first time pred
// holds.
func startGame(t *testing.T, src string, choose func(s *rules.State, side rules.SideID) rules.Command, pred func(*rules.State) bool) *rules.State {
	t.Helper()
	sc, err := scenarios.Load("test.yaml", []byte(src))
	require.NoError(t, err)
	s, err := rules.NewState(sc.Setup(), 3)
	require.NoError(t, err)
	s.Advance()
	for guard := 0; guard < 2000 && !pred(s); guard++ {
		p := s.Pending()
		require.NotEmpty(t, p)
		cmd := s.Legal(p[0])[0]
		if choose != nil {
			cmd = choose(s, p[0])
		}
		_, err := s.Apply(cmd)
		require.NoError(t, err)
	}
	require.True(t, pred(s), "the game never got there")
	return s
}

// flyOrders plays src with blue's orders o answering every one of its
// decisions they cover (the rules' first offer for the rest, and for
// red) until pred holds, and returns hawk's hex after each of its moves.
// With saved, the orders are written to JSON and read back before each
// decision, as orders carried from one sitting to another are.
func flyOrders(t *testing.T, src string, o *Orders, pred func(*rules.State) bool, saved ...bool) (*rules.State, []rules.Hex) {
	t.Helper()
	var trail []rules.Hex
	w := NewWatcher("blue")
	s := startGame(t, src, func(s *rules.State, side rules.SideID) rules.Command {
		legal := s.Legal(side)
		v := s.View(side)
		if side != "blue" {
			return legal[0]
		}
		o.Turn = v.Clock.Turn
		w.Look(v)
		if len(saved) > 0 && saved[0] {
			b, err := json.Marshal(o)
			require.NoError(t, err)
			*o = Orders{}
			require.NoError(t, json.Unmarshal(b, o))
		}
		cmd, br := o.Decide(v, legal, s, w)
		if br != nil {
			return legal[0]
		}
		if cmd.Move != nil && cmd.Move.Unit == "hawk" {
			odds, err := s.PlanOdds(*cmd.Move)
			require.NoError(t, err)
			trail = append(trail, odds.Path[1:]...)
		}
		return cmd
	}, pred)
	return s, trail
}

func atTurn(n int) func(*rules.State) bool {
	return func(s *rules.State) bool { return s.Clock.Turn >= n }
}

// The course orders that fly a whole turn: waypoints in order, circling
// a unit at a range.
func TestCourseOverTurns(t *testing.T) {
	for _, tc := range []struct {
		name   string
		src    string
		course Course
		turns  int
		check  func(t *testing.T, s *rules.State, trail []rules.Hex)
	}{
		{"waypoints, in order", orbit, Course{Kind: Waypoints, Hexes: []rules.Hex{{Q: 5, R: -5}, {Q: 9, R: -3}, {Q: 9, R: 3}}}, 3,
			func(t *testing.T, _ *rules.State, trail []rules.Hex) {
				wps := []rules.Hex{{Q: 5, R: -5}, {Q: 9, R: -3}, {Q: 9, R: 3}}
				assert.Equal(t, len(wps), passed(wps, trail), "every waypoint flown through (or one hex off), in order: %v", trail)
			}},
		{"circle a unit at range 4", orbit, Course{Kind: Circle, Unit: "claw", Range: 4}, 4,
			func(t *testing.T, s *rules.State, trail []rules.Hex) {
				claw := s.Unit("claw").Hex
				// Once on the orbit, the ship stays near its radius and
				// goes all the way round.
				first := -1
				for i, h := range trail {
					if h.Distance(claw) <= 5 {
						first = i
						break
					}
				}
				require.GreaterOrEqual(t, first, 0, "the ship reaches the orbit: %v", trail)
				sextants := map[rules.Direction]bool{}
				for _, h := range trail[first:] {
					assert.InDelta(t, 4, h.Distance(claw), 2, "on the orbit: %v", h)
					if d, ok := claw.DirectionTo(h); ok {
						sextants[d] = true
					}
				}
				assert.Len(t, sextants, 6, "all the way round the unit")
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := &Orders{Side: "blue", Ships: []Ship{{Unit: "hawk", Course: tc.course, Fire: Fire{Hold: true}}}}
			s, trail := flyOrders(t, tc.src, o, atTurn(tc.turns+1))
			tc.check(t, s, trail)
			o = &Orders{Side: "blue", Ships: []Ship{{Unit: "hawk", Course: tc.course, Fire: Fire{Hold: true}}}}
			_, again := flyOrders(t, tc.src, o, atTurn(tc.turns+1), true)
			assert.Equal(t, trail, again, "orders written and read back at every decision fly the same course")
		})
	}
}

// A maneuver at an impulse: made at the ship's move in that impulse,
// once, built from the rules' own plans (a high-energy turn to the
// facing chosen, checked by the rules); the erratic policy picks the
// erratic or the plain plan.
func TestManeuverAndErratic(t *testing.T) {
	// erratic pays blue's ship for erratic maneuvering at allocation,
	// unarmed and as fast as the rest of its power allows.
	erratic := func(s *rules.State, side rules.SideID) rules.Command {
		legal := s.Legal(side)
		if side != "blue" || s.Expecting() != rules.CmdAllocate {
			return legal[0]
		}
		cmd := legal[0]
		a := cmd.Allocations[0]
		a.Arm, a.Erratic = nil, 1
		for ; a.Movement > 0; a.Movement-- {
			cmd.Allocations = []rules.Allocation{a}
			if s.Check(cmd) == nil {
				return cmd
			}
		}
		t.Fatal("no allocation pays for erratic maneuvering")
		return cmd
	}
	at := func(impulse int) func(*rules.State) bool {
		return func(s *rules.State) bool { return hawkMoves(s) && s.Clock.Impulse == impulse }
	}
	for _, tc := range []struct {
		name     string
		impulse  int // hawk's move the decision is taken at
		maneuver *Maneuver
		erratic  Policy
		want     func(t *testing.T, p *rules.MovePlan) // nil: a break
	}{
		{"a high-energy turn at its impulse", 2, &Maneuver{Impulse: 2, Op: rules.OpHET, Facing: rules.DirD}, "", func(t *testing.T, p *rules.MovePlan) {
			assert.Equal(t, rules.MoveStep{Op: rules.OpHET, Facing: rules.DirD}, p.Steps[0])
		}},
		{"a high-energy turn to another facing than the rules offer", 2, &Maneuver{Impulse: 2, Op: rules.OpHET, Facing: rules.DirC}, "", func(t *testing.T, p *rules.MovePlan) {
			assert.Equal(t, rules.MoveStep{Op: rules.OpHET, Facing: rules.DirC}, p.Steps[0])
		}},
		{"a sideslip left", 2, &Maneuver{Impulse: 2, Op: rules.OpSlipLeft}, "", func(t *testing.T, p *rules.MovePlan) {
			assert.Equal(t, rules.OpSlipLeft, p.Steps[0].Op)
		}},
		{"a sideslip right", 2, &Maneuver{Impulse: 2, Op: rules.OpSlipRight}, "", func(t *testing.T, p *rules.MovePlan) {
			assert.Equal(t, rules.OpSlipRight, p.Steps[0].Op)
		}},
		{"not after its impulse", 2, &Maneuver{Impulse: 1, Op: rules.OpSlipRight}, "", func(t *testing.T, p *rules.MovePlan) {
			assert.NotEqual(t, rules.OpSlipRight, p.Steps[0].Op)
		}},
		{"not before its impulse", 2, &Maneuver{Impulse: 3, Op: rules.OpSlipRight}, "", func(t *testing.T, p *rules.MovePlan) {
			assert.NotEqual(t, rules.OpSlipRight, p.Steps[0].Op)
		}},
		{"a facing the rules refuse: blocked", 2, &Maneuver{Impulse: 2, Op: rules.OpHET, Facing: 9}, "", nil},
		{"erratic: never", 1, nil, Never, func(t *testing.T, p *rules.MovePlan) { assert.False(t, p.Erratic) }},
		{"erratic: always", 1, nil, Always, func(t *testing.T, p *rules.MovePlan) { assert.True(t, p.Erratic) }},
		{"erratic: standard, the raider has it in reach", 1, nil, Standard, func(t *testing.T, p *rules.MovePlan) { assert.True(t, p.Erratic) }},
		{"erratic: ask", 1, nil, Ask, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			choose := erratic
			if tc.erratic == "" {
				choose = nil
			}
			s := startGame(t, duel, choose, at(tc.impulse))
			v, legal := s.View("blue"), s.Legal("blue")
			w := NewWatcher("blue")
			w.Look(v)
			o := &Orders{Side: "blue", Turn: v.Clock.Turn, Erratic: tc.erratic, Breaks: Breaks{Blocked: true},
				Ships: []Ship{{Unit: "hawk", Course: Course{Kind: Keep}, Maneuver: tc.maneuver}}}
			cmd, br := o.Decide(v, legal, s, w)
			if tc.want == nil {
				require.NotNil(t, br)
				return
			}
			require.Nil(t, br)
			require.NoError(t, s.Check(cmd), "a command the rules accept")
			tc.want(t, cmd.Move)
			again, _ := o.Decide(v, legal, s, w)
			assert.Equal(t, cmd, again, "asked twice, the orders answer the same")
			if tc.maneuver == nil || tc.maneuver.Impulse > tc.impulse {
				return
			}
			// Made once: the next move goes on with the course.
			_, err := s.Apply(cmd)
			require.NoError(t, err)
			for guard := 0; guard < 500 && !at(tc.impulse+1)(s); guard++ {
				_, err := s.Apply(s.Legal(s.Pending()[0])[0])
				require.NoError(t, err)
			}
			v, legal = s.View("blue"), s.Legal("blue")
			next, br := o.Decide(v, legal, s, w)
			require.Nil(t, br)
			assert.NotEqual(t, tc.maneuver.Op, next.Move.Steps[0].Op, "the maneuver is made once")
		})
	}
}

// threatened: an enemy ship the side sees has the unit within its
// weapons' reach.
func TestThreatened(t *testing.T) {
	own := rules.UnitView{ID: "hawk", Side: "blue", Class: "fed-frigate", Kind: rules.KindShip, Map: "m"}
	reach := reachOf("kor-raider")
	require.Positive(t, reach)
	for _, tc := range []struct {
		name  string
		enemy rules.UnitView
		want  bool
	}{
		{"an enemy ship at its reach", rules.UnitView{ID: "claw", Side: "red", Class: "kor-raider", Kind: rules.KindShip, Map: "m", Hex: rules.Hex{Q: reach}}, true},
		{"one beyond it", rules.UnitView{ID: "claw", Side: "red", Class: "kor-raider", Kind: rules.KindShip, Map: "m", Hex: rules.Hex{Q: reach + 1}}, false},
		{"one on another map", rules.UnitView{ID: "claw", Side: "red", Class: "kor-raider", Kind: rules.KindShip, Map: "x", Hex: rules.Hex{Q: 1}}, false},
		{"a friend", rules.UnitView{ID: "kite", Side: "blue", Class: "kor-raider", Kind: rules.KindShip, Map: "m", Hex: rules.Hex{Q: 1}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := &rules.View{Units: []rules.UnitView{own, tc.enemy}}
			assert.Equal(t, tc.want, threatened(v, own))
		})
	}
}

// The preview foresees a course over the turn with the rules' geometry,
// turn mode and gravity rift odds, and ends where the ship would enter an
// open cosmic rift.
func TestPreview(t *testing.T) {
	hexes := func(p Path) []rules.Hex {
		var out []rules.Hex
		for _, h := range p.Hexes {
			out = append(out, h.Pose.Hex)
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		src   string
		ship  Ship
		check func(t *testing.T, p Path, speed int)
	}{
		{"keep course: through a gravity rift into a cosmic rift", lane + cosmic, Ship{Unit: "hawk", Course: Course{Kind: Keep}}, func(t *testing.T, p Path, _ int) {
			assert.Equal(t, []rules.Hex{{}, {Q: 1, R: -1}, {Q: 2, R: -2}, {Q: 3, R: -3}, {Q: 4, R: -4}, {Q: 5, R: -5}, {Q: 6, R: -6}}, hexes(p))
			assert.Equal(t, "The Needle", p.Hexes[4].Rift, "the roll is made leaving The Needle")
			assert.Equal(t, 1, p.Exits)
			assert.Equal(t, "7/10", p.SurviveExact, "GR41.2: 7 in 10 to come through one exit")
			assert.InDelta(t, 0.7, p.Survive, 1e-9)
			assert.Equal(t, "rift-1", p.Hexes[6].Cosmic, "the path ends in the cosmic rift")
		}},
		{"a high-energy turn at impulse 2 costs two hexes", lane, Ship{Unit: "hawk", Course: Course{Kind: Keep}, Maneuver: &Maneuver{Impulse: 2, Op: rules.OpHET, Facing: rules.DirE}}, func(t *testing.T, p Path, speed int) {
			require.Len(t, p.Hexes, 1+speed-rules.HETCost)
			for _, h := range p.Hexes[1:] {
				if h.Impulse < 2 {
					assert.Equal(t, rules.DirB, h.Pose.Facing)
				} else {
					assert.Equal(t, rules.DirE, h.Pose.Facing, "turned about from impulse 2 on")
				}
			}
		}},
		{"a sideslip at impulse 1", orbit, Ship{Unit: "hawk", Course: Course{Kind: Keep}, Maneuver: &Maneuver{Impulse: 1, Op: rules.OpSlipRight}}, func(t *testing.T, p Path, speed int) {
			require.Len(t, p.Hexes, 1+speed)
			assert.Equal(t, rules.Hex{}.Neighbor(rules.DirC), p.Hexes[1].Pose.Hex)
			assert.Equal(t, rules.DirB, p.Hexes[1].Pose.Facing, "a sideslip keeps the facing")
		}},
		{"waypoints", orbit, Ship{Unit: "hawk", Course: Course{Kind: Waypoints, Hexes: []rules.Hex{{Q: 4, R: -4}, {Q: 7, R: -4}}}}, func(t *testing.T, p Path, _ int) {
			assert.Equal(t, 2, passed([]rules.Hex{{Q: 4, R: -4}, {Q: 7, R: -4}}, hexes(p)), "%v", hexes(p))
			assert.Zero(t, p.Exits)
			assert.Equal(t, "1", p.SurviveExact)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, rift := strings.CutSuffix(tc.src, cosmic)
			s := startGame(t, src, nil, hawkMoves)
			v := s.View("blue")
			if rift {
				// An open cosmic rift the side has detected, six hexes
				// ahead (its radiation left out of this game).
				v.Rifts = append(v.Rifts, rules.RiftView{ID: "rift-1", Map: v.Maps[0].ID, Hex: rules.Hex{Q: 6, R: -6}})
			}
			tc.check(t, Preview(v, tc.ship), s.Unit("hawk").Speed)
		})
	}
}

// cosmic marks a test scenario whose view gets an open cosmic rift.
const cosmic = "# cosmic rift\n"

// With nothing else moving, the ship flies the path the preview showed.
func TestPreviewIsFlown(t *testing.T) {
	for _, course := range []Course{
		{Kind: Keep},
		{Kind: Toward, Hex: rules.Hex{Q: 9, R: 2}},
		{Kind: Waypoints, Hexes: []rules.Hex{{Q: 4, R: -4}, {Q: 7, R: -4}}},
		{Kind: Circle, Unit: "claw", Range: 3},
	} {
		t.Run(course.String(), func(t *testing.T) {
			s := startGame(t, orbit, nil, hawkMoves)
			p := Preview(s.View("blue"), Ship{Unit: "hawk", Course: course})
			var want []rules.Hex
			for _, h := range p.Hexes[1:] {
				want = append(want, h.Pose.Hex)
			}
			o := &Orders{Side: "blue", Ships: []Ship{{Unit: "hawk", Course: course, Fire: Fire{Hold: true}}}}
			_, trail := flyOrders(t, orbit, o, atTurn(2))
			assert.Equal(t, want, trail)
		})
	}
}
