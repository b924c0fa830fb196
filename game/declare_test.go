package game

import (
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// panelButton returns the button of the orders panel whose label starts
// with prefix, or nil.
func panelButton(c *widget.Container, prefix string) *widget.Button {
	return findWidget(c, func(b *widget.Button) bool { t := b.Text(); return t != nil && strings.HasPrefix(t.Label, prefix) })
}

// panelCheck returns the checkbox of the orders panel whose label starts
// with prefix, or nil.
func panelCheck(c *widget.Container, prefix string) *widget.Checkbox {
	return findWidget(c, func(b *widget.Checkbox) bool { t := b.Text(); return t != nil && strings.HasPrefix(t.Label, prefix) })
}

// findWidget returns the first widget of type W in c and the containers
// under it that match says, or nil.
func findWidget[W interface {
	comparable
	widget.PreferredSizeLocateableWidget
}](c *widget.Container, match func(W) bool) W {
	var none W
	for _, ch := range c.Children() {
		if w, ok := ch.(W); ok && match(w) {
			return w
		}
		if sub, ok := ch.(*widget.Container); ok {
			if w := findWidget(sub, match); w != none {
				return w
			}
		}
	}
	return none
}

// declareScene plays the withdraw fixture, Blue a person and Red the
// computer, up to Blue's declare-movement panel, committing what the
// panels offer.
func declareScene(t *testing.T, app *App, screen *ebiten.Image, play *PlayScene) *declareBuilder {
	t.Helper()
	for i := 0; i < 200 && !play.sess.Over(); i++ {
		tick(t, app, screen)
		if b, ok := play.orders.(*declareBuilder); ok {
			return b
		}
		require.True(t, play.submit(play.sess.State.Legal("blue")[0]))
	}
	t.Fatal("no declare-movement panel")
	return nil
}

// The declare-movement panel withdraws a ship through the gravity rift it
// is in (GRN.5-6), and brings a unit in reserve back next to a ship of
// its side at a hex clicked on the map, facing as turned (GR41.2.3).
func TestDeclarePanelWithdrawsAndReenters(t *testing.T) {
	requireDisplay(t)
	src, err := scenarios.ReadSource("testdata/withdraw.yaml")
	require.NoError(t, err)
	withdrawn, reentered := false, false
	for seed := uint64(1); seed <= 30 && !(withdrawn && reentered); seed++ {
		env := testEnv(t)
		sess, err := match.NewSession(src, seed, []match.Seat{{Name: "Blue", Side: "blue", Kind: match.SeatHuman}, {Name: "Red", Side: "red", Kind: match.SeatComputer, Level: "easy"}})
		require.NoError(t, err)
		play := NewPlayScene(env, sess)
		app := NewApp(env, play)
		app.SetInputSource(&scriptInput{})
		screen := ebiten.NewImage(1280, 800)
		app.Layout(1280, 800)
		b := declareScene(t, app, screen, play)
		assert.Nil(t, panelCheck(play.ordersBox, "Kite: withdraw"), "Kite is in no rift")
		box := panelCheck(play.ordersBox, "Hawk: withdraw through The Pit")
		require.NotNil(t, box, "Hawk may withdraw through the rift she is in")
		box.Click()
		tick(t, app, screen)
		require.Equal(t, widget.WidgetChecked, box.State())
		cmd := b.command(play.desk)
		require.Equal(t, []rules.Declaration{{Unit: "hawk", Withdraw: true}}, cmd.Declarations)
		require.True(t, play.submit(cmd))
		hawk := play.sess.State.Unit("hawk")
		if hawk.Status == rules.StatusWithdrawn {
			withdrawn = true
			continue
		}
		require.Equal(t, rules.StatusReserve, hawk.Status, "GRN.6: 1-3 sends her to reserve")
		// Next turn: bring her back next to Kite.
		for i := 0; i < 400 && play.sess.State.Clock.Turn < 2; i++ {
			require.True(t, play.submit(play.sess.State.Legal(play.sess.State.Pending()[0])[0]))
		}
		b = declareScene(t, app, screen, play)
		box = panelCheck(play.ordersBox, "Hawk (in reserve): re-enter")
		require.NotNil(t, box)
		box.Click()
		tick(t, app, screen)
		want := rules.Hex{Q: -8, R: 1} // next to Kite at -8,2
		require.Contains(t, play.sess.State.ReentryHexes("hawk"), want)
		b.click(play.desk, want)
		b.click(play.desk, rules.Hex{Q: 20, R: 20}) // not a place to re-enter: ignored
		tick(t, app, screen)
		panelButton(play.ordersBox, "turn right").Click()
		tick(t, app, screen)
		cmd = b.command(play.desk)
		require.Len(t, cmd.Declarations, 1)
		d := cmd.Declarations[0]
		assert.Equal(t, want, *d.Enter)
		assert.Equal(t, rules.DirB, d.Facing)
		require.True(t, play.submit(cmd))
		hawk = play.sess.State.Unit("hawk")
		assert.Equal(t, rules.StatusOnMap, hawk.Status)
		assert.Equal(t, want, hawk.Hex)
		assert.Equal(t, rules.DirB, hawk.Facing)
		reentered = true
	}
	assert.True(t, withdrawn, "some seed withdraws Hawk")
	assert.True(t, reentered, "some seed sends Hawk to reserve, and she comes back")
}

// Self-destruction asks first: ticking it only opens the question, the
// Yes declares it and the commit button says so; unticking takes it back.
func TestDeclarePanelAsksBeforeSelfDestruct(t *testing.T) {
	requireDisplay(t)
	src, err := scenarios.ReadSource("testdata/withdraw.yaml")
	require.NoError(t, err)
	env := testEnv(t)
	sess, err := match.NewSession(src, 1, []match.Seat{{Name: "Blue", Side: "blue", Kind: match.SeatHuman}, {Name: "Red", Side: "red", Kind: match.SeatComputer, Level: "easy"}})
	require.NoError(t, err)
	play := NewPlayScene(env, sess)
	app := NewApp(env, play)
	app.SetInputSource(&scriptInput{})
	screen := ebiten.NewImage(1280, 800)
	app.Layout(1280, 800)
	b := declareScene(t, app, screen, play)
	yes := panelButton(play.ordersBox, "Yes, destroy Kite")
	require.NotNil(t, yes)
	box := panelCheck(play.ordersBox, "Kite: self-destruct")
	require.NotNil(t, box)
	assert.False(t, yes.GetWidget().IsVisible(), "no question before the box is ticked")

	box.Click()
	tick(t, app, screen)
	assert.True(t, yes.GetWidget().IsVisible(), "the question is asked")
	assert.Empty(t, b.command(play.desk).Declarations, "nothing is declared yet")

	yes.Click()
	tick(t, app, screen)
	assert.Equal(t, []rules.Declaration{{Unit: "kite", SelfDestruct: true}}, b.command(play.desk).Declarations)
	assert.False(t, yes.GetWidget().IsVisible())
	assert.Contains(t, commitButton(play.frame).Text().Label, "self-destruct!")

	box.Click()
	tick(t, app, screen)
	assert.Empty(t, b.command(play.desk).Declarations, "unticked, it is taken back")
}

// Units that would read alike on a panel (two drones from Ironclaw, as
// the declarations of a first-contact turn listed them) are told apart:
// a seeker by its target, then by number; names apart stay as they are.
func TestDistinctNames(t *testing.T) {
	v := &rules.View{Viewer: "korath", Units: []rules.UnitView{
		{ID: "ironclaw", Name: "Ironclaw", Side: "korath", Kind: rules.KindShip},
		{ID: "ironclaw.d8.2", Name: "Drone", Side: "korath", Kind: rules.KindDrone, Target: "swift"},
		{ID: "ironclaw.d9.2", Name: "Drone", Side: "korath", Kind: rules.KindDrone, Target: "swift"},
		{ID: "ironclaw.d7.2", Name: "Drone", Side: "korath", Kind: rules.KindDrone, Target: "lark"},
		{ID: "fang.d3.2", Name: "Drone", Side: "korath", Kind: rules.KindDrone, Target: "lark"},
		{ID: "lark", Name: "Lark", Side: "federation", Kind: rules.KindShip},
		{ID: "swift", Name: "Swift", Side: "federation", Kind: rules.KindShip},
		{ID: "fang", Name: "Fang", Side: "korath", Kind: rules.KindShip},
	}}
	d := &orderDesk{view: func() *rules.View { return v }}
	ids := []rules.UnitID{"ironclaw", "ironclaw.d8.2", "ironclaw.d9.2", "ironclaw.d7.2", "fang.d3.2"}
	names := distinctNames(d, ids)
	tests := []struct {
		id   rules.UnitID
		want string
	}{
		{"ironclaw", "Ironclaw"},
		{"ironclaw.d8.2", "Drone from Ironclaw at Swift (1)"},
		{"ironclaw.d9.2", "Drone from Ironclaw at Swift (2)"},
		{"ironclaw.d7.2", "Drone from Ironclaw at Lark"},
		{"fang.d3.2", "Drone from Fang"},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		t.Run(string(tt.id), func(t *testing.T) {
			assert.Equal(t, tt.want, names[tt.id])
			assert.False(t, seen[names[tt.id]], "%q twice", names[tt.id])
			seen[names[tt.id]] = true
		})
	}
}

// The declare-movement panel offers going into warp only where the rules
// take it (X4.WARP): for the side's ships with forward speed, never for
// its drones in flight, which the panel lists for self-destruction.
func TestDeclarePanelOffersWarpWhereTheRulesTakeIt(t *testing.T) {
	requireDisplay(t)
	env := testEnv(t)
	screen := ebiten.NewImage(1280, 800)
	src, err := scenarios.ReadSource("first-contact")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	var seats []match.Seat
	for _, sd := range sc.Sides {
		seats = append(seats, match.Seat{Side: sd.ID, Kind: match.SeatComputer, Level: "normal"})
	}
	sess, err := match.NewSession(src, 3, seats)
	require.NoError(t, err)
	ctrls := map[rules.SideID]match.Controller{}
	for _, s := range seats {
		ctrls[s.Side] = match.NewController(s, 3)
	}
	drones := func(side rules.SideID) int {
		n := 0
		for _, u := range sess.State.View(side).Units {
			if u.Side == side && u.Kind == rules.KindDrone && u.Detail != nil {
				n++
			}
		}
		return n
	}
	checked := 0
	for i := 0; i < 20000 && !sess.Over() && checked == 0; i++ {
		if st := sess.State; st.Clock.Step == rules.StepDeclareMovement {
			for _, side := range st.Pending() {
				if drones(side) == 0 {
					continue
				}
				p := orderPanel(st, side)
				p.env = env
				b := newDeclareBuilder(p)
				box, foot := widget.NewContainer(), widget.NewContainer()
				p.place(box, foot, func() {})
				b.build(p, box)
				root := env.root()
				root.AddChild(box, foot)
				ui := &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
				ui.Update()
				ui.Draw(screen)
				names := distinctNames(p, func() []rules.UnitID {
					var ids []rules.UnitID
					for _, d := range b.decl {
						ids = append(ids, d.Unit)
					}
					return ids
				}())
				for _, d := range b.decl {
					u, ok := unitView(p, d.Unit)
					require.True(t, ok)
					warp := panelCheck(box, names[d.Unit]+": go into warp") != nil
					fate := panelCheck(box, names[d.Unit]+": self-destruct") != nil
					assert.True(t, fate, "%s: self-destruct offered", d.Unit)
					if u.Kind == rules.KindDrone {
						assert.False(t, warp, "%s, a drone, is offered warp", d.Unit)
					} else if u.Kind == rules.KindShip && u.Speed > 0 {
						assert.True(t, warp, "%s, a ship at speed %d, is offered warp", d.Unit, u.Speed)
					}
					checked++
				}
			}
		}
		side := sess.State.Pending()[0]
		cmd := ctrls[side].Decide(sess.State.View(side), sess.State.Legal(side))
		_, err := sess.Submit(cmd)
		require.NoError(t, err)
	}
	require.Positive(t, checked, "no declare-movement panel with a drone in flight")
}
