package game

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// seekersScene starts the seekers fixture (a Federation cruiser and
// frigate against a Sunhawk, at rest) with two people at the machine and
// no curtain.
func seekersScene(t *testing.T) *PlayScene {
	t.Helper()
	requireDisplay(t)
	env := testEnv(t)
	env.Settings.Curtain = false
	src, err := scenarios.ReadSource("testdata/seekers.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	sess, err := match.NewSession(src, 3, match.DefaultSeats(sc))
	require.NoError(t, err)
	p := NewPlayScene(env, sess)
	p.now = fixedNow
	return p
}

// panelAt submits the rules' first legal command for every side (the
// empty one in activity) until side must give a command of kind at turn
// and impulse, and returns side's orders panel.
func panelAt(t *testing.T, p *PlayScene, side rules.SideID, kind rules.CommandKind, turn, impulse int) orderBuilder {
	t.Helper()
	st := p.sess.State
	for guard := 0; guard < 300; guard++ {
		pend := st.Pending()
		if st.Expecting() == kind && st.Clock.Turn == turn && st.Clock.Impulse == impulse && len(pend) > 0 && pend[0] == side {
			p.sync()
			p.refreshOrders()
			require.Equal(t, side, p.Viewer())
			return p.orders
		}
		if len(pend) == 0 {
			st.Advance()
			continue
		}
		cmd := st.Legal(pend[0])[0]
		if cmd.Kind == rules.CmdActivity {
			cmd = rules.Command{Kind: rules.CmdActivity, Side: pend[0]}
		}
		_, err := p.sess.Submit(cmd)
		require.NoError(t, err)
	}
	t.Fatalf("%s never had to give a %s command at T%d I%d (now %s)", side, kind, turn, impulse, st.Clock)
	return nil
}

// plasmaToggle returns the energy panel's toggle of the Sunhawk's first
// plasma launcher in allocation a.
func plasmaToggle(p *PlayScene, a *rules.Allocation) (string, bool, func()) {
	w, _ := rules.LookupWeapon("plasma")
	return chargeToggle(a, w, 6, p.sess.State.Unit("hawk").Ship.Mounts[6])
}

// A player arms the Sunhawk's plasma over two turns in the energy panel,
// sees it armed on the ship card, launches it from the launch panel with
// the warhead it would strike with, and sees the launcher start again.
func TestPlasmaPanels(t *testing.T) {
	p := seekersScene(t)
	for _, tc := range []struct {
		turn int
		want string
	}{{1, "Arm Plasma launcher #7, turn 1 of 2 (2)"}, {2, "Arm Plasma launcher #7, turn 2 of 2 (2)"}} {
		b, ok := panelAt(t, p, "red", rules.CmdAllocate, tc.turn, 0).(*allocBuilder)
		require.True(t, ok, "the energy panel")
		a := &b.allocs[0]
		require.Equal(t, rules.UnitID("hawk"), a.Unit)
		label, on, toggle := plasmaToggle(p, a)
		assert.Equal(t, tc.want, label)
		assert.True(t, on, "the starting allocation arms it")
		toggle()
		label, on, toggle = plasmaToggle(p, a)
		assert.False(t, on)
		assert.True(t, strings.HasPrefix(label, "Arm Plasma launcher #7"), label)
		if tc.turn == 2 {
			assert.True(t, strings.HasSuffix(label, ": unpaid, its charge is lost"), label)
		}
		toggle()
		p.desk.changed() // the editor's checkboxes follow
		require.Empty(t, checkText(p.desk, b.command(p.desk)))
		require.True(t, p.submit(b.command(p.desk)))
	}
	w, _ := rules.LookupWeapon("plasma")
	state, _ := mountState(w, p.sess.State.Unit("hawk").Ship.Mounts[6])
	assert.Equal(t, "armed (hold 1 a turn)", state)

	lb, ok := panelAt(t, p, "red", rules.CmdLaunch, 2, 1).(*launchBuilder)
	require.True(t, ok, "the launch panel, not %T", p.orders)
	require.Equal(t, []rules.UnitID{"hawk"}, lb.units)
	lb.aim(p.desk, "kes")
	require.Equal(t, []rules.Shot{{Attacker: "hawk", Mount: 6, Target: "kes"}, {Attacker: "hawk", Mount: 7, Target: "kes"}}, lb.shots)
	o, err := p.sess.State.LaunchOdds(lb.shots[0])
	require.NoError(t, err)
	assert.Equal(t, "Hawk Plasma launcher #7 at Kes: range 6, speed 32, reaches it in 2 impulse(s) for 15 if it holds still", launchText(p.desk, lb.shots[0], o))
	require.True(t, p.submit(lb.command(p.desk)))
	require.NotNil(t, p.sess.State.Unit("hawk.p6.1"), "the torpedo is launched")
	state, _ = mountState(w, p.sess.State.Unit("hawk").Ship.Mounts[6])
	assert.Equal(t, "fired", state)

	b, ok := panelAt(t, p, "red", rules.CmdAllocate, 3, 0).(*allocBuilder)
	require.True(t, ok)
	label, on, _ := plasmaToggle(p, &b.allocs[0])
	assert.Equal(t, "Arm Plasma launcher #7, turn 1 of 2 (2)", label, "a launch empties the launcher")
	assert.True(t, on)
}

// A player launches a drone, then hands its guidance to the frigate from
// the activity panel; the hover text tells the owner what the drone seeks
// and who guides it, and the other side only its warhead.
func TestGuidancePanel(t *testing.T) {
	p := seekersScene(t)
	lb, ok := panelAt(t, p, "blue", rules.CmdLaunch, 1, 1).(*launchBuilder)
	require.True(t, ok, "the launch panel, not %T", p.orders)
	lb.aim(p.desk, "hawk")
	require.Equal(t, []rules.Shot{{Attacker: "kes", Mount: 6, Target: "hawk"}}, lb.shots)
	require.True(t, p.submit(lb.command(p.desk)))

	ab, ok := panelAt(t, p, "blue", rules.CmdActivity, 1, 2).(*activityBuilder)
	require.True(t, ok, "the activity panel, not %T", p.orders)
	for _, o := range ab.choice.options {
		require.Empty(t, o.Handoffs, "handoffs have their own rows")
	}
	require.Len(t, ab.guides, 1)
	r := &ab.guides[0]
	assert.Equal(t, "Drone from Kes at Hawk, warhead 12: keeps Kes as its guide  >", r.label(p.desk))
	r.cycle()
	assert.True(t, strings.HasPrefix(r.label(p.desk), "Drone from Kes at Hawk, warhead 12: guidance passes from Kes to Lark ("), r.label(p.desk))
	p.desk.changed()
	cmd := ab.command(p.desk)
	require.Equal(t, []rules.Handoff{{Seeker: "kes.d6.1", To: "lark"}}, cmd.Handoffs)
	require.True(t, p.submit(cmd))
	require.Equal(t, rules.UnitID("lark"), p.sess.State.Unit("kes.d6.1").Gear.Guide)

	d := p.sess.State.Unit("kes.d6.1")
	fonts, err := render.NewFonts()
	require.NoError(t, err)
	blue := strings.Join(NewMapScene(p.sess.State, "blue", fonts, 480, 300).Describe(d.Hex), "\n")
	red := strings.Join(NewMapScene(p.sess.State, "red", fonts, 480, 300).Describe(d.Hex), "\n")
	assert.Contains(t, blue, "warhead 12, seeking Hawk, guided by Lark")
	assert.Contains(t, red, "warhead 12")
	assert.NotContains(t, red, "guided by")
}

// The ship card reads each kind of mount.
func TestMountState(t *testing.T) {
	plasma, _ := rules.LookupWeapon("plasma")
	rack, _ := rules.LookupWeapon("drone-rack")
	phaser, _ := rules.LookupWeapon("phaser-1")
	tests := []struct {
		w    rules.Weapon
		ms   rules.MountState
		want string
	}{
		{plasma, rules.MountState{}, "arming 0/2 turns"},
		{plasma, rules.MountState{Charge: 1}, "arming 1/2 turns"},
		{plasma, rules.MountState{Charge: 2, Armed: true}, "armed (hold 1 a turn)"},
		{plasma, rules.MountState{Charge: 2}, "armed: hold it or lose it"},
		{plasma, rules.MountState{Fired: true}, "fired"},
		{plasma, rules.MountState{Destroyed: true, Charge: 1}, "destroyed"},
		{rack, rules.MountState{Ammo: 3}, "3 drone(s)"},
		{phaser, rules.MountState{Armed: true}, "armed"},
		{phaser, rules.MountState{}, "unarmed"},
	}
	for _, tt := range tests {
		if got, _ := mountState(tt.w, tt.ms); got != tt.want {
			t.Errorf("%s %+v: %q, want %q", tt.w.ID, tt.ms, got, tt.want)
		}
	}
}
