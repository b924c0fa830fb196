package game

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// plotGame starts a two-person game of first-contact in the play scene,
// driven by scripted input.
func plotGame(t *testing.T, seed uint64) (*App, *PlayScene, *scriptInput, *ebiten.Image) {
	t.Helper()
	env := testEnv(t)
	env.Settings.PerShipTurns = false
	src, err := scenarios.ReadSource("first-contact")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	sess, err := match.NewSession(src, seed, match.DefaultSeats(sc))
	require.NoError(t, err)
	require.Equal(t, 2, sess.Humans())
	return playWindow(t, env, sess)
}

// playWindow puts a play scene of sess in a 1280x800 window driven by
// scripted input.
func playWindow(t *testing.T, env *Env, sess *match.Session) (*App, *PlayScene, *scriptInput, *ebiten.Image) {
	t.Helper()
	play := NewPlayScene(env, sess)
	play.now = fixedNow
	script := &scriptInput{}
	app := NewApp(env, play)
	app.SetInputSource(script)
	app.Layout(1280, 800)
	return app, play, script, ebiten.NewImage(1280, 800)
}

// A person at the machine who accepts what each panel proposes: the
// curtain, the plot (plot.Plan's orders), and the step panels a break or
// an uncovered decision brings up (on a move, forward until legal).
func acceptAll(t *testing.T, play *PlayScene, script *scriptInput) {
	t.Helper()
	switch {
	case play.curtainFor != "":
		script.intend(t, curtainKeys, intentConfirm)
	case play.orders == nil:
	default:
		if mb, isMove := play.orders.(*moveBuilder); isMove && checkText(play.desk, mb.command(play.desk)) != "" {
			script.intend(t, orderKeys, intentForward)
		} else {
			script.intend(t, orderKeys, intentCommit)
		}
	}
}

// Two-person turns of first-contact through the real play scene: the
// sides allocate, declare and plot, their orders play the impulses, and
// the machine changes hands (a curtain) at most 6 times a turn, the
// first turn too, when the fleets come into reach (an enemy the side saw
// coming when it plotted breaks nothing: game/plot's engagement
// envelope); a side's plot is on its own screen only.
func TestPlottedTurnHandoffs(t *testing.T) {
	requireDisplay(t)
	for _, seed := range []uint64{1, 2, 3} {
		app, play, script, screen := plotGame(t, seed)
		require.NotNil(t, play.table, "two people: plotted turns")
		plots := 0
		perTurn := map[int]int{}
		for i := 0; i < 8000 && play.sess.State.Clock.Turn <= 2 && !play.sess.Over(); i++ {
			if pb, isPlot := play.orders.(*plotBuilder); isPlot {
				plots++
				assert.Equal(t, play.viewer, pb.o.Side, "a side's plot is on its own screen only")
			}
			before := play.HandoffCount()
			acceptAll(t, play, script)
			if play.curtainFor == "" && watchBeats[play.table.beat] != 0 {
				// The table watches at the fastest speed, as players may choose.
				script.intend(t, playKeys, intentWatchFaster)
			}
			turn := play.sess.State.Clock.Turn
			tick(t, app, screen)
			perTurn[turn] += play.HandoffCount() - before
		}
		require.Equal(t, 0, watchBeats[play.table.beat], "the players chose the fastest speed")
		require.Equal(t, 3, play.sess.State.Clock.Turn, "seed %d: two turns played through", seed)
		t.Logf("seed %d: handoffs turn 1 %d, turn 2 %d; %d commands", seed, perTurn[1], perTurn[2], play.sess.NumCommands())
		assert.LessOrEqual(t, perTurn[1], 6, "seed %d: handoffs in turn 1 (contact)", seed)
		assert.LessOrEqual(t, perTurn[2], 6, "seed %d: handoffs in turn 2", seed)
		assert.GreaterOrEqual(t, plots, 2, "each side plotted")
	}
}

// watchingGame is a two-person game of first-contact in which both sides
// have plotted and the table watches their orders play.
func watchingGame(t *testing.T) (*App, *PlayScene, *scriptInput, *ebiten.Image) {
	t.Helper()
	app, play, script, screen := plotGame(t, 4)
	for i := 0; i < 400 && !play.Watching(); i++ {
		acceptAll(t, play, script)
		tick(t, app, screen)
	}
	require.True(t, play.Watching(), "after both sides plotted, the table watches their orders")
	return app, play, script, screen
}

// Watching: between breaks the orders play one command a beat with the
// public view on screen and no curtain; pause holds the game, step plays
// one command.
func TestWatchingPlaysAtTheTablesSpeed(t *testing.T) {
	requireDisplay(t)
	app, play, script, screen := watchingGame(t)
	assert.Equal(t, rules.SideID(""), play.Viewer(), "the public view is on screen")
	_, up := play.CurtainUp()
	assert.False(t, up)

	assert.True(t, play.Stirred(), "a watching table keeps a resting window drawing")
	script.intend(t, playKeys, intentWatchPause)
	tick(t, app, screen)
	play.Stirred()
	n := play.sess.NumCommands()
	for range 100 {
		tick(t, app, screen)
	}
	assert.Equal(t, n, play.sess.NumCommands(), "paused: nothing plays")
	assert.False(t, play.Watching(), "a paused table is at rest")
	assert.False(t, play.Stirred(), "and lets the window rest")
	script.intend(t, playKeys, intentWatchStep)
	tick(t, app, screen)
	assert.Equal(t, n+1, play.sess.NumCommands(), "step plays one command")

	script.intend(t, playKeys, intentWatchPause)
	tick(t, app, screen)
	n = play.sess.NumCommands()
	for range 2 * watchBeats[defaultBeat] {
		tick(t, app, screen)
	}
	played := play.sess.NumCommands() - n
	assert.True(t, played >= 1 && played <= 3, "at the default speed one command a beat: %d in two beats", played)
}

// The curtain skip means it: a side at a sealed step (allocation) has
// something secret on its screen; a side whose screen would show only
// the public view and its own systems displays has not.
func TestHasPrivateMeansIt(t *testing.T) {
	sess := twoPeople(t)
	side := sess.State.Pending()[0]
	require.Equal(t, rules.CmdAllocate, sess.State.View(side).Expecting)
	assert.True(t, hasPrivate(sess, side, 0), "an allocation is sealed")
	for sess.NumEvents() == 0 || sess.State.Expecting() == rules.CmdAllocate || sess.State.Expecting() == rules.CmdDeclare {
		pending := sess.State.Pending()
		require.NotEmpty(t, pending)
		_, err := sess.Submit(sess.State.Legal(pending[0])[0])
		require.NoError(t, err)
	}
	mover := sess.State.Pending()[0]
	owns := false
	for _, u := range sess.State.View(mover).Units {
		owns = owns || u.Side == mover && u.Detail != nil
	}
	require.True(t, owns, "the side owns ships with systems displays")
	private, echoes := false, 0
	for _, e := range sess.Events() {
		own := e.Kind == rules.EventCommit && e.Side == mover
		private = private || !e.Audience.IsPublic() && e.VisibleTo(mover) && !own
		if own {
			echoes++
		}
	}
	require.Positive(t, echoes, "the log holds the echoes of the side's own sealed choices")
	assert.Equal(t, private, hasPrivate(sess, mover, 0), "owning ships alone is no secret, nor the echo of its own choices; only private log lines are")
	assert.False(t, hasPrivate(sess, mover, sess.NumEvents()), "private lines it has seen are no secret to keep")
}

// The plot panel: a click on an enemy closes with it (or keeps it at the
// range set), a click on an empty hex flies toward it, Tab picks the next
// ship, Enter follows the orders; the preview of a course starts at the
// ship and follows the impulse chart.
func TestPlotPanel(t *testing.T) {
	requireDisplay(t)
	_, play, _, _ := plotGame(t, 1)
	sess := play.sess
	for sess.State.Expecting() == rules.CmdAllocate || sess.State.Expecting() == rules.CmdDeclare {
		sd := sess.State.Pending()[0]
		_, err := sess.Submit(sess.State.Legal(sd)[0])
		require.NoError(t, err)
	}
	side := rules.SideID("federation")
	d := &orderDesk{Desk: sess.Desk(side), env: play.env, view: func() *rules.View { return sess.State.View(side) }}
	b := newPlotBuilder(d, nil, "")
	require.NotEmpty(t, b.o.Ships)
	var enemy rules.UnitView
	for _, u := range d.view().Units {
		if u.Side != side && u.Kind == rules.KindShip {
			enemy = u
			break
		}
	}
	require.NotEmpty(t, enemy.ID)
	empty := rules.Hex{Q: 3, R: 3}
	for _, u := range d.view().Units {
		require.NotEqual(t, empty, u.Hex, "the test's empty hex is empty")
	}
	box := plotPanel(t, b, d)
	widgets := countWidgets(box)
	tests := []struct {
		name  string
		do    func()
		check func(t *testing.T, sh plot.Ship)
	}{
		{"click an empty hex: fly toward it", func() { b.click(d, empty) }, func(t *testing.T, sh plot.Ship) {
			assert.Equal(t, plot.Course{Kind: plot.Toward, Hex: empty}, sh.Course)
		}},
		{"click an enemy: close with it", func() { b.click(d, enemy.Hex) }, func(t *testing.T, sh plot.Ship) {
			assert.Equal(t, plot.Close, sh.Course.Kind)
			assert.Equal(t, enemy.ID, sh.Course.Unit)
		}},
		{"keeping range, click an enemy: keep it at that range", func() {
			b.ship().Course = plot.Course{Kind: plot.Range, Range: 4}
			b.click(d, enemy.Hex)
		}, func(t *testing.T, sh plot.Ship) {
			assert.Equal(t, plot.Course{Kind: plot.Range, Unit: enemy.ID, Range: 4}, sh.Course)
		}},
		{"circling, click an enemy: circle it at that range", func() {
			b.ship().Course = plot.Course{Kind: plot.Circle, Range: 5}
			b.click(d, enemy.Hex)
		}, func(t *testing.T, sh plot.Ship) {
			assert.Equal(t, plot.Course{Kind: plot.Circle, Unit: enemy.ID, Range: 5}, sh.Course)
		}},
		{"waypoints: each click adds a hex", func() {
			panelClick(t, box, "Waypoints")
			b.click(d, empty)
			b.click(d, empty.Neighbor(rules.DirA))
		}, func(t *testing.T, sh plot.Ship) {
			assert.Equal(t, plot.Course{Kind: plot.Waypoints, Hexes: []rules.Hex{empty, empty.Neighbor(rules.DirA)}}, sh.Course)
		}},
		{"the maneuver button: a high-energy turn about", func() { panelClick(t, box, "Maneuver: none") }, func(t *testing.T, sh plot.Ship) {
			require.NotNil(t, sh.Maneuver)
			assert.Equal(t, rules.OpHET, sh.Maneuver.Op)
			assert.Equal(t, unitOf(d.view(), sh.Unit).Facing.Turn(3), sh.Maneuver.Facing)
		}},
		{"again: a sideslip left", func() { panelClick(t, box, "Maneuver: ") }, func(t *testing.T, sh plot.Ship) {
			assert.Equal(t, rules.OpSlipLeft, sh.Maneuver.Op)
		}},
		{"at a later impulse", func() { panelClick(t, box, "+") }, func(t *testing.T, sh plot.Ship) {
			assert.Equal(t, max(d.view().Clock.Impulse, 1)+1, sh.Maneuver.Impulse)
		}},
		{"twice more: no maneuver", func() { panelClick(t, box, "Maneuver: "); panelClick(t, box, "Maneuver: ") }, func(t *testing.T, sh plot.Ship) {
			assert.Nil(t, sh.Maneuver)
		}},
		{"hold the first weapon", func() { panelToggle(t, box, "1") }, func(t *testing.T, sh plot.Ship) {
			assert.Equal(t, []int{0}, sh.Fire.HoldMounts)
			assert.Zero(t, sh.Fire.HoldUntil, "for the whole turn")
		}},
		{"let the weapon go again", func() { panelToggle(t, box, "1") }, func(t *testing.T, sh plot.Ship) {
			assert.Empty(t, sh.Fire.HoldMounts)
		}},
		{"hold fire", func() { panelToggle(t, box, "hold fire") }, func(t *testing.T, sh plot.Ship) {
			assert.True(t, sh.Fire.Hold)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.do()
			sh := *b.ship()
			tc.check(t, sh)
			// The panel was updated in place: the same widgets, the
			// selected ship's course and maneuver as they now are.
			assert.Equal(t, widgets, countWidgets(box), "no widget built anew")
			assert.NotNil(t, panelText(box, "Course: "+courseText(d, sh.Course)), "the course on the panel")
			man := "Maneuver: none"
			if sh.Maneuver != nil {
				man = "Maneuver: " + sh.Maneuver.String()
			}
			assert.NotNil(t, panelButton(box, man), "the maneuver on the panel")
		})
	}
	// The side's breaks and policies: real checkboxes, a policy checked
	// for the one set.
	sides := []struct {
		name  string
		do    func()
		check func(t *testing.T, o plot.Orders)
	}{
		{"to the breaks", func() { panelClick(t, box, "Breaks and evasion") }, func(t *testing.T, o plot.Orders) {
			assert.True(t, b.sideRows)
			assert.Nil(t, shownWidget(box, func(c *widget.Checkbox) bool { return c.Text().Label == "hold fire" }), "the ship's orders are hidden")
		}},
		{"no break when an enemy comes within reach", func() { panelToggle(t, box, "an enemy comes within reach") }, func(t *testing.T, o plot.Orders) {
			assert.False(t, o.Breaks.EnemyInReach)
		}},
		{"erratic: ask me", func() { panelToggle(t, box, "ask me") }, func(t *testing.T, o plot.Orders) {
			assert.Equal(t, plot.Ask, o.Erratic)
			assert.Equal(t, widget.WidgetUnchecked, panelToggleOf(t, box, erraticText(plot.Standard)).State(), "one policy checked")
		}},
		{"unchecking the policy set keeps it", func() { panelToggle(t, box, "ask me") }, func(t *testing.T, o plot.Orders) {
			assert.Equal(t, plot.Ask, o.Erratic)
			assert.Equal(t, widget.WidgetChecked, panelToggleOf(t, box, "ask me").State())
		}},
		{"evasion: ask", func() { panelToggle(t, box, "ask") }, func(t *testing.T, o plot.Orders) {
			assert.Equal(t, plot.Ask, o.Evasion)
			assert.Equal(t, plot.Ask, o.Erratic, "each policy has its own checkboxes")
		}},
		{"a seeker near: 2 hexes more", func() { panelClick(t, box, "+") }, func(t *testing.T, o plot.Orders) {
			assert.Equal(t, plot.DefaultBreaks().SeekerWithin+2, o.Breaks.SeekerWithin)
		}},
		{"back to the ships", func() { panelClick(t, box, "< Back") }, func(t *testing.T, o plot.Orders) {
			assert.False(t, b.sideRows)
		}},
	}
	for _, tc := range sides {
		t.Run(tc.name, func(t *testing.T) {
			tc.do()
			tc.check(t, b.o)
			assert.Equal(t, widgets, countWidgets(box), "no widget built anew")
		})
	}
	first := b.ship().Unit
	b.keys(d, Intents{intentNextShip})
	if len(b.o.Ships) > 1 {
		assert.NotEqual(t, first, b.ship().Unit, "Tab: the next ship")
	}
	ov, _ := plotPreview(d.view(), *b.ship(), render.UIAccent)
	hexes := ov.Hexes
	u := unitOf(d.view(), b.ship().Unit)
	require.NotEmpty(t, hexes)
	assert.Equal(t, u.Hex, hexes[0], "the preview starts at the ship")
	assert.Len(t, hexes, 1+u.Speed-u.Detail.Move.Moved, "the preview moves the hexes the impulse chart gives its speed")
	b.keys(d, Intents{intentCommit})
	require.NotNil(t, d.plotted, "Enter follows the orders")
	assert.Equal(t, side, d.plotted.Side)
}

// soloPlotted plays turn 1 of first-contact with a person (who accepts
// what every panel proposes) against the normal computer, at the fastest
// watching speed, and returns the state hash and how many ticks found the
// computer thinking off the frame loop.
func soloPlotted(t *testing.T) ([32]byte, int) {
	t.Helper()
	env := testEnv(t)
	env.Settings.PerShipTurns = false
	src, err := scenarios.ReadSource("first-contact")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	seats := match.DefaultSeats(sc)
	seats[1].Kind, seats[1].Level = match.SeatComputer, "normal"
	sess, err := match.NewSession(src, 7, seats)
	require.NoError(t, err)
	app, play, script, screen := playWindow(t, env, sess)
	require.NotNil(t, play.table)
	thinking := 0
	for i := 0; i < 20000 && sess.State.Clock.Turn == 1 && !sess.Over(); i++ {
		acceptAll(t, play, script)
		if play.curtainFor == "" && watchBeats[play.table.beat] != 0 {
			script.intend(t, playKeys, intentWatchFaster)
		}
		tick(t, app, screen)
		if play.Thinking() {
			thinking++
			assert.True(t, play.Watching(), "a window whose computer thinks is in motion")
		}
	}
	require.Equal(t, 2, sess.State.Clock.Turn, "turn 1 played through")
	return sess.State.Hash(), thinking
}

// Computer seats think off the frame loop: Update returns while the
// computer decides (the window draws and takes input), and the game is
// the same however long each decision takes.
func TestComputerThinksOffTheFrameLoop(t *testing.T) {
	requireDisplay(t)
	h1, thinking := soloPlotted(t)
	assert.Positive(t, thinking, "ticks ran while the computer was deciding")
	h2, _ := soloPlotted(t)
	assert.Equal(t, h1, h2, "the same game whatever the timing of the computer's thinking")
}

// plotPanel builds the plot panel once, as the play scene does, and
// lays it out.
func plotPanel(t *testing.T, b *plotBuilder, d *orderDesk) *widget.Container {
	t.Helper()
	root := d.env.root()
	box := panelColumn(8, widget.Insets{})
	root.AddChild(box)
	d.place(box, nil, root.RequestRelayout)
	b.build(d, box)
	root.Validate() // the theme gives the buttons their labels
	return box
}

// shownWidget returns the first widget of type W in c that shows and
// that match says, or nil.
func shownWidget[W interface {
	comparable
	widget.PreferredSizeLocateableWidget
}](c *widget.Container, match func(W) bool) W {
	return findWidget(c, func(w W) bool { return w.GetWidget().IsVisible() && match(w) })
}

// panelClick clicks the first button shown on the panel whose label
// starts with prefix, and runs the click.
func panelClick(t *testing.T, box *widget.Container, prefix string) {
	t.Helper()
	btn := shownWidget(box, func(b *widget.Button) bool { l := b.Text(); return l != nil && strings.HasPrefix(l.Label, prefix) })
	require.NotNil(t, btn, "a button %q shown", prefix)
	btn.Click()
	event.ExecuteDeferred()
}

// panelToggleOf returns the checkbox shown on the panel labelled label.
func panelToggleOf(t *testing.T, box *widget.Container, label string) *widget.Checkbox {
	t.Helper()
	c := shownWidget(box, func(c *widget.Checkbox) bool { l := c.Text(); return l != nil && l.Label == label })
	require.NotNil(t, c, "a checkbox %q shown", label)
	return c
}

// panelToggle clicks the checkbox shown on the panel labelled label, and
// runs the click.
func panelToggle(t *testing.T, box *widget.Container, label string) {
	t.Helper()
	panelToggleOf(t, box, label).Click()
	event.ExecuteDeferred()
}

// panelText returns the text shown on the panel that reads s, or nil.
func panelText(box *widget.Container, s string) *widget.Text {
	return shownWidget(box, func(w *widget.Text) bool { return w.Label == s })
}

// countWidgets counts the widgets under c.
func countWidgets(c *widget.Container) int {
	n := 0
	for _, ch := range c.Children() {
		n++
		if sub, ok := ch.(*widget.Container); ok {
			n += countWidgets(sub)
		}
	}
	return n
}

// The plot panel's path preview shows where the path leaves a gravity
// rift, with the chance to be still on the board from there at the
// rules' odds, and where it enters an open cosmic rift.
func TestPlotPreviewShowsRiftOdds(t *testing.T) {
	const lane = `id: preview-lane
name: Preview lane
center: 0,0
ruleset: {impulses: 6, turn_limit: 3, gravity_rift: lrr, cosmic_rifts: false}
sides:
  - {id: blue, name: Blue, color: "#4da3ff"}
  - {id: red, name: Red, color: "#ff5d5d"}
systems:
  - {id: needle, name: The Needle, rift: true, hexes: ["1,-1", "2,-2"]}
  - {id: eye, name: The Eye, rift: true, hexes: ["4,-4"]}
units:
  - {id: hawk, name: Hawk, side: blue, class: fed-frigate, hex: "0,0", facing: B, speed: 12}
  - {id: claw, name: Claw, side: red, class: kor-raider, hex: "-2,8", facing: E, speed: 0}
`
	sc, err := scenarios.Load("lane.yaml", []byte(lane))
	require.NoError(t, err)
	s, err := rules.NewState(sc.Setup(), 1)
	require.NoError(t, err)
	s.Advance()
	for guard := 0; guard < 100; guard++ {
		if id, ok := s.Mover(); ok && id == "hawk" {
			break
		}
		_, err := s.Apply(s.Legal(s.Pending()[0])[0])
		require.NoError(t, err)
	}
	v := s.View("blue")
	for _, tc := range []struct {
		name  string
		rifts []rules.RiftView
		notes []string
		text  string
	}{
		{"two gravity rifts on the way", nil, []string{"3,-3 rift roll: 70% stay", "5,-5 rift roll: 49% stay"},
			"leaves gravity rifts 2 times: 49% (49/100) to stay on the board"},
		{"into an open cosmic rift", []rules.RiftView{{ID: "rift-1", Map: v.Maps[0].ID, Hex: rules.Hex{Q: 3, R: -3}}},
			[]string{"3,-3 rift roll: 70% stay", "3,-3 cosmic rift"}, "into the cosmic rift at 3,-3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := *v
			w.Rifts = tc.rifts
			ov, path := plotPreview(&w, plot.Ship{Unit: "hawk", Course: plot.Course{Kind: plot.Keep}}, render.UIAccent)
			var notes []string
			for _, n := range ov.Notes {
				notes = append(notes, n.Hex.String()+" "+n.Text)
			}
			assert.Equal(t, tc.notes, notes)
			assert.Contains(t, pathText(path), tc.text)
		})
	}
}

// With "skip the curtain when nothing is secret" on, a side's screen put
// up without the curtain is in everyone's sight: the pointer on one of
// its own ships shows the public card, not its systems display, and R
// replays nothing of its own view; behind a curtain, the full display.
func TestSkippedCurtainHidesOwnSystems(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	env.Settings.PerShipTurns, env.Settings.SkipPublicCurtain = true, true
	sess := twoPeople(t)
	app, play, script, screen := playWindow(t, env, sess)
	card := func() rules.UnitView {
		t.Helper()
		for _, u := range play.mapv.View().Units {
			if u.Side == play.viewer && u.Detail != nil && u.Map == play.mapv.MapID() {
				play.mapv.hover, play.mapv.hoverOK = u.Hex, true
				c, ok := play.hoveredUnit()
				play.mapv.hoverOK = false
				require.True(t, ok)
				require.Equal(t, u.ID, c.ID)
				return c
			}
		}
		t.Fatalf("%s has no ship on the map", play.viewer)
		return rules.UnitView{}
	}
	seen := map[bool]bool{}
	for i := 0; i < 400 && len(seen) < 2; i++ {
		if play.curtainFor == "" && play.viewer != "" && !seen[play.inSight] {
			seen[play.inSight] = true
			if play.inSight {
				assert.False(t, hasPrivate(sess, play.viewer, play.looked[play.viewer]), "the curtain was skipped: nothing secret")
				assert.Nil(t, card().Detail, "in everyone's sight: no systems display")
				script.intend(t, playKeys, intentRecap)
				tick(t, app, screen)
				assert.Nil(t, play.recap, "in everyone's sight: no replay of the side's own view")
			} else {
				assert.NotNil(t, card().Detail, "behind the curtain: the systems display")
			}
		}
		acceptAll(t, play, script)
		tick(t, app, screen)
	}
	assert.True(t, seen[true], "a screen went up without the curtain")
	assert.True(t, seen[false], "and one behind it")
}

// gatedComputer is a computer seat whose decisions wait, from the first
// one on, until the test releases them; it records the goroutine it
// decides on. A decision made on the frame goroutine does not wait (the
// test would hang): it is recorded, and the test fails.
type gatedComputer struct {
	frame   uint64
	once    sync.Once
	entered chan struct{}
	release chan struct{}
	ranOn   atomic.Uint64
}

func (g *gatedComputer) Decide(_ *rules.View, legal []rules.Command) rules.Command {
	id := goroutineID()
	g.ranOn.Store(id)
	g.once.Do(func() { close(g.entered) })
	if id != g.frame {
		<-g.release
	}
	return legal[0]
}

// goroutineID is the id of the calling goroutine, from its stack header
// ("goroutine 7 [running]:").
func goroutineID() uint64 {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	f := strings.Fields(string(buf))
	id, _ := strconv.ParseUint(f[1], 10, 64)
	return id
}

// The window keeps drawing frames and taking input while a computer side
// decides, on the largest bundled scenario: the decision runs off the
// frame goroutine, and however long it takes (here: until the test lets
// it go, after 30 frames) every tick's Update returns and its frame is
// drawn; nothing of the game moves on until the command comes. (The
// frames' own cost is measured by hexrift bench and the benchmarks, not
// by a clock here.)
func TestFramesWhileTheComputerDecides(t *testing.T) {
	requireDisplay(t)
	var src scenarios.Source
	most := 0
	for _, info := range scenarios.Bundled() {
		s, err := scenarios.ReadSource(info.ID)
		require.NoError(t, err)
		sc, err := s.Load()
		require.NoError(t, err)
		if n := len(sc.Setup().Units); n > most {
			src, most = s, n
		}
	}
	sc, err := src.Load()
	require.NoError(t, err)
	seats := match.DefaultSeats(sc)
	for i := range seats[1:] {
		seats[1+i].Kind, seats[1+i].Level = match.SeatComputer, "hard"
	}
	env := testEnv(t)
	env.Settings.PerShipTurns = false
	sess, err := match.NewSession(src, 1, seats)
	require.NoError(t, err)
	app, play, script, screen := playWindow(t, env, sess)
	// The computer's thinking the scene started, if any, comes first.
	// Getting there needs no drawing: frames drawn off the real loop queue
	// their GPU work until a later read of pixels, which then pays for
	// them all (only the frames of the pending decision are drawn).
	for i := 0; i < 2000 && play.Thinking(); i++ {
		require.NoError(t, app.Update())
	}
	g := &gatedComputer{frame: goroutineID(), entered: make(chan struct{}), release: make(chan struct{})}
	computer := seats[1].Side
	play.ctrl[computer] = g
	decided := func() bool {
		select {
		case <-g.entered:
			return true
		default:
			return false
		}
	}
	for i := 0; i < 4000 && !(decided() && play.Thinking()); i++ {
		acceptAll(t, play, script)
		require.NoError(t, app.Update())
	}
	require.True(t, play.Thinking(), "%s's computer is deciding (%d units)", src.Name, most)
	t.Logf("%s, %d units: %s's computer decides at %s", src.Name, most, computer, sess.State.Clock)
	commands := sess.NumCommands()
	frames := 0
	for range 30 {
		script.intend(t, playKeys, intentWatchPause) // input is taken: pause, play on
		tick(t, app, screen)
		frames++
		require.True(t, play.Thinking(), "the decision is still pending")
	}
	assert.Equal(t, 30, frames, "every frame drawn while the computer decides")
	assert.Equal(t, commands, sess.NumCommands(), "nothing moves on while it decides")
	assert.NotEqual(t, g.frame, g.ranOn.Load(), "the decision runs off the frame goroutine")
	close(g.release)
	for i := 0; i < 2000 && sess.NumCommands() == commands; i++ {
		acceptAll(t, play, script)
		require.NoError(t, app.Update())
	}
	assert.Greater(t, sess.NumCommands(), commands, "the computer's command is played once it comes")
}

// The F1 help of a plotted game explains the plot panel, breaks and
// watching; a game of every decision by hand has no such lines.
func TestPlotHelp(t *testing.T) {
	requireDisplay(t)
	_, play, _, _ := plotGame(t, 1)
	for _, line := range plotHelp {
		assert.Contains(t, play.mapv.ExtraHelp, line)
	}
	env := testEnv(t)
	env.Settings.PerShipTurns = true
	byHand := NewPlayScene(env, play.sess)
	assert.NotContains(t, byHand.mapv.ExtraHelp, plotHelp[0])
}

// twoPeople starts first-contact, seed 1, with a person at each side.
func twoPeople(t *testing.T) *match.Session {
	t.Helper()
	src, err := scenarios.ReadSource("first-contact")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	sess, err := match.NewSession(src, 1, match.DefaultSeats(sc))
	require.NoError(t, err)
	return sess
}

// A plot is always behind the curtain, "skip when nothing is secret" or
// not: a side's orders are its secret. The same side's move, with nothing
// secret on its screen, skips it.
func TestPlotIsBehindTheCurtain(t *testing.T) {
	requireDisplay(t)
	_, play, _, _ := plotGame(t, 1)
	sess := play.sess
	play.env.Settings.SkipPublicCurtain = true
	for sess.State.Expecting() != rules.CmdMove {
		_, err := sess.Submit(sess.State.Legal(sess.State.Pending()[0])[0])
		require.NoError(t, err)
	}
	play.curtainFirst = false
	mover := sess.State.Pending()[0]
	play.looked = map[rules.SideID]int{mover: sess.NumEvents()} // it has seen the log
	require.False(t, hasPrivate(sess, mover, play.looked[mover]), "nothing secret on its screen")
	play.table.plotFor = ""
	assert.False(t, play.needsCurtain(mover), "a move with nothing secret skips the curtain")
	play.table.plotFor = mover
	assert.True(t, play.needsCurtain(mover), "a plot does not")
}

// While a side plots its turn, the top bar says so ("Orders for the
// turn") instead of the declaration step's title it is given in, and
// "New orders" only when it plots again from a break; the side that
// declares last plots in the first impulse, and that is still its
// turn's orders. Under the clock it names the side plotting, not the
// side the rules wait for. Once the orders play, it names the step
// again.
func TestTopBarSaysWhenASidePlots(t *testing.T) {
	requireDisplay(t)
	app, play, script, screen := plotGame(t, 1)
	topBar := func() (clock, acting string) {
		t.Helper()
		for _, l := range play.mapv.labels {
			switch {
			case strings.HasPrefix(l.Text, "Turn "):
				clock = l.Text
			case strings.HasSuffix(l.Text, " to act"):
				acting = l.Text
			}
		}
		require.NotEmpty(t, clock, "no clock in the top bar")
		return clock, acting
	}
	type sitting struct {
		side  rules.SideID
		broke bool
	}
	seen := map[sitting]bool{}
	watched := false
	for i := 0; i < 8000 && play.sess.State.Clock.Turn == 1; i++ {
		if pb, isPlot := play.orders.(*plotBuilder); isPlot {
			clock, acting := topBar()
			st := sitting{play.viewer, pb.why != ""}
			if !seen[st] {
				t.Logf("%s plots (break %q): %q, %q", st.side, pb.why, clock, acting)
			}
			seen[st] = true
			if pb.why == "" {
				assert.Contains(t, clock, "Turn 1  ·  Orders for the turn", "%s's first plot of the turn", st.side)
			} else {
				assert.Contains(t, clock, "New orders", "%s plots again from the break %q", st.side, pb.why)
			}
			assert.Equal(t, play.seatName(play.viewer)+" to act", acting, "the side plotting acts")
		}
		if play.Watching() {
			clock, _ := topBar()
			assert.NotContains(t, clock, "Orders", "the orders play: the step's own title")
			watched = true
		}
		acceptAll(t, play, script)
		tick(t, app, screen)
	}
	require.True(t, watched, "the orders played")
	plots, breaks := 0, 0
	for st := range seen {
		if st.broke {
			breaks++
		} else {
			plots++
		}
	}
	assert.Equal(t, 2, plots, "each side plotted its turn: %v", seen)
	assert.Positive(t, breaks, "a side plotted again from a break: %v", seen)
}
