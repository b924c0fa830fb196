package game

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// openPlay starts the default scenario with two people at a w x h
// window and lifts the first curtain, ticking as the window would.
func openPlay(t *testing.T, w, h int) (*App, *PlayScene, *scriptInput, *ebiten.Image) {
	t.Helper()
	env := testEnv(t)
	src := defaultSource(t)
	sc, err := src.Load()
	require.NoError(t, err)
	sess, err := match.NewSession(src, 3, match.DefaultSeats(sc))
	require.NoError(t, err)
	p := NewPlayScene(env, sess)
	p.now = fixedNow
	app := NewApp(env, p)
	app.Layout(w, h)
	script := &scriptInput{}
	app.SetInputSource(script)
	screen := ebiten.NewImage(w, h)
	for range 3 {
		if p.curtainFor != "" {
			script.press(ebiten.KeyEnter)
		}
		tick(t, app, screen)
	}
	require.NotEmpty(t, p.Viewer(), "a seat is at the machine")
	return app, p, script, screen
}

// The notice ("Press R to replay ...", a refusal) sits in the map's part
// of the screen at every window size: never over the orders panel's
// header nor the objectives box, never off the screen.
func TestNoticeClearsThePanels(t *testing.T) {
	requireDisplay(t)
	sizes := [][2]int{{MinWindowWidth, MinWindowHeight}, {1280, 800}, {1920, 1080}}
	notices := []string{
		"Saved.",
		"Press R to replay what happened since your last turn.",
		"Refused: Kestrel cannot turn yet: it must move 2 more hexes straight ahead after its last turn (C3.2), and its speed this impulse is 4.",
	}
	for _, sz := range sizes {
		app, p, _, screen := openPlay(t, sz[0], sz[1])
		for _, n := range notices {
			t.Run(n, func(t *testing.T) {
				p.say(n)
				tick(t, app, screen)
				lines, r := p.noticeLayout()
				assert.False(t, overlaps(r, p.panelRect()), "%dx%d: notice %v under the orders panel %v", sz[0], sz[1], r, p.panelRect())
				if obj := p.mapv.objectivesRect(); obj[2] > 0 {
					assert.False(t, overlaps(r, obj), "%dx%d: notice %v over the objectives %v", sz[0], sz[1], r, obj)
				}
				assert.True(t, r[0] >= 0 && r[2] <= float64(sz[0]) && r[1] >= 35, "%dx%d: notice %v off the map area", sz[0], sz[1], r)
				for _, l := range lines {
					lw, _ := p.env.Fonts.Measure(render.Regular, noticeSize, l)
					assert.LessOrEqual(t, lw, r[2]-r[0], "the row %q fits its box", l)
				}
			})
		}
	}
}

// Every step of the replay since a seat's last turn shows something in
// its log, the first step too (it was the seat's own step, empty when
// nothing followed in it), over the first turn of two-person games.
func TestRecapStepsAllHaveLog(t *testing.T) {
	requireDisplay(t)
	tests := []struct {
		name, scenario string
		seed           uint64
	}{
		{"first contact", "", 3},
		{"duel", "testdata/duel.yaml", 5},
	}
	env := testEnv(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := defaultSource(t)
			if tt.scenario != "" {
				var err error
				src, err = scenarios.ReadSource(tt.scenario)
				require.NoError(t, err)
			}
			sc, err := src.Load()
			require.NoError(t, err)
			sess, err := match.NewSession(src, tt.seed, match.DefaultSeats(sc))
			require.NoError(t, err)
			p := NewPlayScene(env, sess)
			recaps := 0
			for i := 0; i < 150 && !sess.Over(); i++ {
				sd := sess.State.Pending()[0]
				_, err := sess.Submit(sess.State.Legal(sd)[0])
				require.NoError(t, err)
				next := sess.State.Pending()
				if len(next) == 0 || next[0] == sd {
					continue
				}
				rv := newRecap(env, sess, p.mapv, next[0])
				if rv == nil {
					continue
				}
				recaps++
				for at := range rv.frames {
					assert.NotEmpty(t, logLines(rv.frames[at].events, nil), "command %d: step %d of %d of %s's replay has an empty log", i, at+1, len(rv.frames), next[0])
				}
			}
			assert.Greater(t, recaps, 5)
		})
	}
}

// passMachine presses Enter (commit, lift the curtain) until the curtain
// is up for another seat than from, then lifts it.
func passMachine(t *testing.T, app *App, p *PlayScene, script *scriptInput, screen *ebiten.Image, from rules.SideID) rules.SideID {
	t.Helper()
	for i := 0; i < 400; i++ {
		if sd, up := p.CurtainUp(); up && sd != from {
			for range 4 {
				script.press(ebiten.KeyEnter)
				tick(t, app, screen)
				if p.Viewer() == sd {
					tick(t, app, screen)
					return sd
				}
			}
			t.Fatalf("the curtain for %s does not lift", sd)
		}
		switch {
		case p.curtainFor != "":
			script.press(ebiten.KeyEnter)
		case p.orders != nil:
			if mb, isMove := p.orders.(*moveBuilder); isMove && checkText(p.desk, mb.command(p.desk)) != "" {
				script.press(ebiten.KeySpace)
			} else {
				script.press(ebiten.KeyEnter)
			}
		}
		tick(t, app, screen)
	}
	t.Fatal("the machine never passed on")
	return ""
}

// In a two-person game each seat opens where it last looked, never where
// the other was; a seat that never looked opens on its own units; the
// unit a seat's orders are about is centred when it is out of view, clear
// of the panels; Home goes to the seat's own units, not the map centre.
func TestEachSeatKeepsItsCamera(t *testing.T) {
	requireDisplay(t)
	app, p, script, screen := openPlay(t, 1280, 800)
	a := p.Viewer()
	home, ok := p.homeHex()
	require.True(t, ok)
	assert.True(t, p.mapv.InView(home), "%s opens on its own units", a)
	p.mapv.Apply(PanBy{40, 25})
	camA := p.mapv.cam

	b := passMachine(t, app, p, script, screen, a)
	require.NotEqual(t, a, b)
	assert.NotEqual(t, [2]float64{camA.X, camA.Y}, [2]float64{p.mapv.cam.X, p.mapv.cam.Y}, "%s does not open where %s was looking", b, a)
	home, ok = p.homeHex()
	require.True(t, ok)
	assert.True(t, p.mapv.InView(home), "%s opens on its own units", b)
	for _, u := range p.mapv.View().Units {
		assert.False(t, u.Side != b && u.Hex == home && p.followed == "", "home is %s's own unit", b)
	}

	// Home after panning away: back to the seat's units, in the free area.
	p.mapv.Apply(PanBy{-3000, 1800})
	require.False(t, p.mapv.InView(home))
	script.intend(t, mapKeys, intentRecentre)
	tick(t, app, screen)
	home, _ = p.homeHex()
	assert.True(t, p.mapv.InView(home), "Home brings %s's units back into view", b)
	free := p.mapv.freeArea()
	x, y := p.mapv.cam.HexToScreen(home)
	assert.InDelta(t, (free[0]+free[2])/2, x, p.mapv.cam.HexPixels()*2, "Home centres the free area, left of the orders panel")
	assert.InDelta(t, (free[1]+free[3])/2, y, p.mapv.cam.HexPixels()*2, "and above the log")
	p.mapv.Apply(PanBy{-3000, 1800})
	camB := p.mapv.cam

	back := passMachine(t, app, p, script, screen, b)
	require.Equal(t, a, back)
	u, focused := p.focusUnit()
	reopened := [2]float64{p.mapv.cam.X, p.mapv.cam.Y}
	if focused {
		now := p.mapv.saveCamera()
		p.mapv.restoreCamera(seatCamera{mapID: now.mapID, cam: camA})
		wasInView := p.mapv.InView(u.Hex)
		p.mapv.restoreCamera(now)
		if wasInView {
			assert.Equal(t, [2]float64{camA.X, camA.Y}, reopened, "%s opens where it last looked", a)
		}
		assert.True(t, p.mapv.InView(u.Hex), "%s, which %s's orders are about, is in view", u.ID, a)
	} else {
		assert.Equal(t, [2]float64{camA.X, camA.Y}, reopened, "%s opens where it last looked", a)
	}
	assert.NotEqual(t, [2]float64{camB.X, camB.Y}, reopened, "%s does not open where %s was looking", a, b)
}

// The unit under the pointer's systems display never hides that unit,
// nor the unit the camera follows: the card moves to the other side.
func TestShipCardClearsTheUnitsInPlay(t *testing.T) {
	requireDisplay(t)
	app, p, _, screen := openPlay(t, 1280, 800)
	own := p.mapv.View().UnitsOn(p.mapv.MapID())
	require.NotEmpty(t, own)
	u := own[0]
	// Put the unit where the card opens by default, under the top left.
	p.mapv.cam.CenterOn(u.Hex)
	p.mapv.cam.Pan(100-float64(p.mapv.cam.Width)/2, 200-float64(p.mapv.cam.Height)/2)
	l, ok := p.cardFor(u)
	require.True(t, ok)
	x, y := p.mapv.cam.HexToScreen(u.Hex)
	assert.False(t, l.covers(x, y, 0), "the card at %.0f,%.0f hides %s at %.0f,%.0f", l.x, l.y, u.ID, x, y)
	assert.Less(t, l.x+l.w, p.panelRect()[0], "and stays left of the orders panel")
	tick(t, app, screen)
}

// An impulse's initiative rolls are one line of the log (X4.IMP.A), so
// that they do not push the results before them out of its rows.
func TestInitiativeRollsAreOneLogLine(t *testing.T) {
	requireDisplay(t)
	roll := func(seq int, unit, what string, total int) rules.Event {
		return rules.Event{Seq: seq, Kind: rules.EventRoll, Clause: "X4.IMP.A", Unit: rules.UnitID(unit),
			Roll: &rules.Roll{Dice: rules.Dice{N: 1, Sides: 12}, Faces: []int{total}, Total: total}, Text: what + unit + ": d12 = " + strconv.Itoa(total)}
	}
	var evs []rules.Event
	for i := range 5 {
		evs = append(evs, rules.Event{Seq: len(evs) + 1, Kind: rules.EventFire, Clause: "X4.IMP.D", Text: "result " + strconv.Itoa(i)})
	}
	for i := range 10 {
		evs = append(evs, roll(len(evs)+1, "ship"+strconv.Itoa(i), "initiative ", i+1))
	}
	evs = append(evs, roll(len(evs)+1, "ship3", "initiative roll-off ", 4), roll(len(evs)+2, "ship4", "initiative roll-off ", 9))
	tests := []struct {
		name   string
		events []rules.Event
		want   []string
	}{
		{"one roll stays", evs[5:6], []string{"initiative ship0: d12 = 1"}},
		{"rolls and roll-offs", evs[5:], []string{"initiative (d12): ship0 1, ship1 2, ship2 3, ship3 4, ship4 5, ship5 6, ship6 7, ship7 8, ship8 9, ship9 10 · roll-offs: ship3 4, ship4 9"}},
		{"roll-offs alone", evs[15:], []string{"initiative roll-offs: ship3 4, ship4 9"}},
		{"not rolls", evs[:2], []string{"result 0", "result 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, e := range groupInitiative(tt.events) {
				got = append(got, e.Text)
			}
			assert.Equal(t, tt.want, got)
		})
	}
	env := testEnv(t)
	l := newLogPanel(env)
	l.draw(ebiten.NewImage(1280, 800), evs, "", 1280, 800)
	var shown []string
	for _, r := range l.shown {
		shown = append(shown, r.text)
	}
	for i := range 5 {
		assert.Contains(t, shown, "result "+strconv.Itoa(i), "the results stay in the log's rows")
	}
}

// While a ship's move is planned, the hexes it can reach this impulse
// are marked: the end of every plain legal plan the rules offer is among
// them, and none lies beyond the ship's allotment of hexes.
func TestReachableHexesComeFromTheRules(t *testing.T) {
	requireDisplay(t)
	app, p, script, screen := openPlay(t, 1280, 800)
	for i := 0; i < 200; i++ {
		if _, ok := p.orders.(*moveBuilder); ok {
			break
		}
		script.press(ebiten.KeyEnter)
		tick(t, app, screen)
	}
	mb, ok := p.orders.(*moveBuilder)
	require.True(t, ok, "a move is planned")
	tick(t, app, screen)
	require.NotEmpty(t, p.reach.poses)
	u, _ := unitView(p.desk, mb.unit)
	start := rules.Pose{Hex: u.Hex, Facing: u.Facing}
	allot := p.desk.Allotment(u.ID)
	reached := map[rules.Pose]bool{}
	for _, ps := range p.reach.poses {
		reached[ps] = true
		assert.LessOrEqual(t, ps.Hex.Distance(u.Hex), allot, "%v is beyond %s's %d hexes", ps.Hex, u.ID, allot)
	}
	plain := 0
	for _, c := range p.sess.State.Legal(p.viewer) {
		if c.Move == nil || c.Move.Erratic || c.Move.Ram != "" {
			continue
		}
		turns, other := 0, false
		for _, st := range c.Move.Steps {
			switch st.Op {
			case rules.OpTurnLeft, rules.OpTurnRight:
				turns++
			case rules.OpForward, rules.OpSlipLeft, rules.OpSlipRight:
			default:
				other = true
			}
		}
		if other || turns > 2 {
			continue
		}
		plain++
		poses := rules.PlanPoses(start, c.Move.Steps)
		end := start
		if len(poses) > 0 {
			end = poses[len(poses)-1]
		}
		assert.True(t, reached[end], "the rules' plan %v ends at %v, not marked", c.Move, end)
	}
	assert.Positive(t, plain)
	f := p.mapv.Frame()
	p.orders.overlay(p.desk, f)
	p.reachMarks(f)
	marked := 0
	for _, m := range f.Marks {
		if m.Colour == reachMark {
			marked++
		}
	}
	assert.Equal(t, len(p.reach.poses), marked, "each reachable hex is marked on the map")
}

// The end of a drill says plainly whether it was passed; the end screen
// tells what each side lost, when and how.
func TestDebriefSaysFailedAndTellsLosses(t *testing.T) {
	requireDisplay(t)
	src, err := scenarios.ReadSource("drill-gravity")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	drill, err := match.NewSession(src, 1, match.DefaultSeats(sc))
	require.NoError(t, err)
	line, ok := DrillResult(drill)
	require.True(t, ok)
	_, total, _ := drillTally(drill)
	assert.Equal(t, fmt.Sprintf("Drill failed: Courier Run met 0 of %d objectives. Try it again.", total), line, "nothing met at the start")

	duel := newDuel(t, 1)
	at := func(turn, imp int) rules.Clock {
		return rules.Clock{Turn: turn, Impulse: imp, Step: rules.StepDirectFire}
	}
	events := append(duel.Events(),
		rules.Event{Clock: at(1, 3), Kind: rules.EventRoll, Clause: "X4.IMP.D", Unit: "hawk", Chance: rules.Chance{In: 4, Of: 6, Came: true}},
		rules.Event{Clock: at(1, 3), Kind: rules.EventFire, Clause: "X4.IMP.D", Unit: "hawk", Target: "claw"},
		rules.Event{Clock: at(1, 3), Kind: rules.EventDestroyed, Unit: "claw", Text: "claw is destroyed (excess damage)"},
		rules.Event{Clock: at(2, 1), Kind: rules.EventRoll, Clause: "GR41.2", Unit: "hawk", Chance: rules.Chance{In: 3, Of: 10, Came: true}},
		rules.Event{Clock: at(2, 2), Kind: rules.EventDestroyed, Unit: "hawk", Audience: rules.Only("blue"), Text: "a secret loss"},
	)
	assert.Equal(t, []string{
		"turn 1, impulse 3, direct fire: Red's Claw (Battlecruiser) destroyed by fire from Hawk",
		"turn 2, impulse 1, direct fire: Blue's Hawk (Heavy Cruiser) removed to reserve by a gravity rift (GR41.2)",
	}, lossTimeline(duel, events), "in order, the public losses only")
}

// The text of the top bar, the line under the clock too (it hangs below
// the bar), lies within the rectangles the map keeps its labels and the
// effects' text clear of, at every window size: a damage number rising
// near the top of the map never covers who is to act.
func TestEffectLabelsKeepClearOfTheClock(t *testing.T) {
	requireDisplay(t)
	for _, sz := range [][2]int{{MinWindowWidth, MinWindowHeight}, {1280, 800}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			_, p, _, _ := openPlay(t, sz[0], sz[1])
			require.NotEmpty(t, p.mapv.acting(), "someone is to act")
			reserved := p.mapv.Frame().Reserved
			top := 0
			for _, l := range p.mapv.labels {
				if l.Y > 30 {
					continue // below the bar: the legend and the rest have their own
				}
				top++
				w, h := p.env.Fonts.Measure(l.Style, l.Size, l.Text)
				x0 := l.X
				switch l.Align {
				case render.AlignCenter:
					x0 -= w / 2
				case render.AlignRight:
					x0 -= w
				}
				in := false
				for _, r := range reserved {
					in = in || x0 >= r[0] && x0+w <= r[2] && l.Y >= r[1] && l.Y+h <= r[3]
				}
				assert.True(t, in, "%q at %.0f,%.0f-%.0f,%.0f is in no reserved rectangle %v", l.Text, x0, l.Y, x0+w, l.Y+h, reserved)
			}
			assert.GreaterOrEqual(t, top, 4, "the bar's name, scenario, clock and line under it")
		})
	}
}
