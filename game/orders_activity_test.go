package game

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// beamsScene starts the beams fixture with two people at the machine and
// no curtain.
func beamsScene(t *testing.T) *PlayScene {
	t.Helper()
	requireDisplay(t)
	env := testEnv(t)
	env.Settings.Curtain = false
	src, err := scenarios.ReadSource("testdata/beams.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	sess, err := match.NewSession(src, 5, match.DefaultSeats(sc))
	require.NoError(t, err)
	p := NewPlayScene(env, sess)
	p.now = fixedNow
	return p
}

// playTo submits the rules' first legal command for every side (blue's
// allocations readying its tractor beam) until side's activity step.
func playTo(t *testing.T, p *PlayScene, impulse int, side rules.SideID) *activityBuilder {
	t.Helper()
	st := p.sess.State
	for guard := 0; guard < 200; guard++ {
		pend := st.Pending()
		if st.Clock.Step == rules.StepActivity && st.Clock.Impulse == impulse && len(pend) > 0 && pend[0] == side {
			break
		}
		if len(pend) == 0 {
			st.Advance()
			continue
		}
		cmd := st.Legal(pend[0])[0]
		if cmd.Kind == rules.CmdAllocate {
			for i := range cmd.Allocations {
				cmd.Allocations[i].Tractor = cmd.Allocations[i].Unit == "hawk"
			}
		}
		if cmd.Kind == rules.CmdActivity {
			cmd = rules.Command{Kind: rules.CmdActivity, Side: pend[0]}
		}
		_, err := p.sess.Submit(cmd)
		require.NoError(t, err)
	}
	p.sync()
	p.refreshOrders()
	require.Equal(t, side, p.Viewer())
	b, ok := p.orders.(*activityBuilder)
	require.True(t, ok, "the activity step has the activity panel, not %T", p.orders)
	return b
}

// pickAction chooses, on unit's tractor row, the action whose label
// starts with prefix, and commits energy.
func pickAction(t *testing.T, p *PlayScene, b *activityBuilder, unit rules.UnitID, prefix string, energy int) {
	t.Helper()
	for i := range b.beams {
		r := &b.beams[i]
		if r.c.Unit != unit {
			continue
		}
		for j, a := range r.actions {
			if strings.HasPrefix(a.label, prefix) {
				r.pick, r.energy = j, energy
				p.desk.changed() // the panel shows the chosen row and its energy
				return
			}
		}
		t.Fatalf("%s has no action %q among %v", unit, prefix, r.actions)
	}
	t.Fatalf("no tractor row for %s", unit)
}

// A player locks a readied beam with energy from the activity panel;
// the held unit's player strains against it from theirs; the contest is
// in the log and the beam in both views.
func TestActivityPanelTractorContest(t *testing.T) {
	p := beamsScene(t)
	b := playTo(t, p, 1, "blue")
	pickAction(t, p, b, "hawk", "locks on Claw", 1)
	cmd := b.command(p.desk)
	require.Equal(t, []rules.TractorOrder{{Unit: "hawk", Target: "claw", Energy: 1}}, cmd.Tractors)
	require.Empty(t, checkText(p.desk, cmd))
	require.True(t, p.submit(cmd))
	require.Equal(t, rules.UnitID("claw"), p.sess.State.Unit("hawk").Gear.Tractor, "the beam locked")
	for _, sd := range []rules.SideID{"blue", "red"} {
		v := p.sess.State.View(sd)
		require.Equal(t, rules.UnitID("claw"), v.Units[1].Tractor, "%s sees the beam", sd)
	}

	// Impulse 2: the raider strains with all its batteries; the cruiser
	// commits nothing more, so its 2 boxes lose to the raider's energy
	// when that is 3 or more, and hold otherwise.
	b = playTo(t, p, 2, "blue")
	pickAction(t, p, b, "hawk", "holds Claw (beam 2)", 0)
	require.True(t, p.submit(b.command(p.desk)))
	b = playTo(t, p, 2, "red")
	battery := p.sess.State.Unit("claw").Ship.Battery
	require.Positive(t, battery, "the raider has battery energy to strain with")
	pickAction(t, p, b, "claw", "strains against Hawk's beam", battery)
	require.Empty(t, checkText(p.desk, b.command(p.desk)))
	require.True(t, p.submit(b.command(p.desk)))
	found := false
	for _, e := range rules.Events(p.sess.Events(), "blue") {
		found = found || strings.Contains(e.Text, "tractor contest for Claw: Hawk's holding beam 2, Claw strains")
	}
	require.True(t, found, "the contest is in blue's log")
	held := p.sess.State.Unit("hawk").Gear.Tractor == "claw"
	require.Equal(t, battery <= 2, held, "strength 2 against %d", battery)
}

// A device a scenario fitted is offered in the activity panel and works;
// a fitted cloak is offered in the energy panel.
func TestActivityPanelFittedDevice(t *testing.T) {
	p := beamsScene(t)
	p.sync()
	p.refreshOrders()
	_, ok := p.orders.(*allocBuilder)
	require.True(t, ok, "energy allocation first, not %T", p.orders)
	u, _ := unitView(p.desk, "hawk")
	c, _ := rules.LookupClass(u.Class)
	require.Equal(t, rules.FittedCloakCost, cloakCost(u, &c), "the fitted cloak is offered at its cost")
	require.Zero(t, cloakCost(rules.UnitView{}, &c), "a cruiser has no cloak of its own")

	b := playTo(t, p, 1, "blue")
	var row *deviceRow
	for i := range b.devices {
		if b.devices[i].unit == "hawk" {
			row = &b.devices[i]
		}
	}
	require.NotNil(t, row, "hawk has a device row")
	for j, a := range row.uses {
		if a.use != nil && a.use.Device == rules.DeviceTemporal {
			row.pick = j
		}
	}
	p.desk.changed()
	cmd := b.command(p.desk)
	require.Equal(t, []rules.DeviceUse{{Unit: "hawk", Device: rules.DeviceTemporal}}, cmd.Devices)
	require.Empty(t, checkText(p.desk, cmd))
	require.True(t, p.submit(cmd))
	require.True(t, rules.InStasis(p.sess.State.Unit("hawk")), "the temporal elevator lifted hawk out of time")
}
