package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// The energy panel starts every ship of every bundled scenario on the
// balanced preset: legal, and with every direct-fire weapon armed when
// the ship's power pays for all of them, so committing at once never
// sends out unarmed ships (issue 22).
func TestEnergyPanelStartsArmed(t *testing.T) {
	for _, info := range scenarios.Bundled() {
		t.Run(info.ID, func(t *testing.T) {
			src, err := scenarios.ReadSource(info.ID)
			require.NoError(t, err)
			sc, err := src.Load()
			require.NoError(t, err)
			sess, err := match.NewSession(src, 1, match.DefaultSeats(sc))
			require.NoError(t, err)
			for _, side := range sess.State.Pending() {
				if sess.State.Expecting() != rules.CmdAllocate {
					continue
				}
				d := orderPanel(sess.State, side)
				b := newAllocBuilder(d)
				require.Empty(t, checkText(d, b.command(d)), "%s: the starting allocation is legal", side)
				for _, a := range b.allocs {
					u, _ := unitView(d, a.Unit)
					c, _ := rules.LookupClass(u.Class)
					need, all := 0, []int{}
					for m, mt := range c.Mounts {
						w, _ := rules.LookupWeapon(mt.Weapon)
						if !w.Seeking() && !u.Detail.Mounts[m].Destroyed {
							need += w.Arm
							all = append(all, m)
						}
					}
					if need > u.Detail.Power() {
						continue
					}
					for _, m := range all {
						assert.True(t, slices.Contains(a.Arm, m), "%s %s: mount %s armed", info.ID, a.Unit, rules.MountLabel(m))
					}
				}
			}
		})
	}
}

// Each preset is legal for every ship of first-contact, and they differ
// as their names say: maximum speed is at least as fast as all weapons,
// which arms at least as many weapons.
func TestEnergyPresets(t *testing.T) {
	sess := newSession(t, scenarios.DefaultID)
	side := sess.State.Pending()[0]
	d := orderPanel(sess.State, side)
	b := newAllocBuilder(d)
	result := map[string][]rules.Allocation{}
	for _, pr := range allocPresets {
		b.preset(d, pr)
		require.Empty(t, checkText(d, b.command(d)), pr.name)
		result[pr.name] = slices.Clone(b.allocs)
	}
	for i, a := range result["Max speed"] {
		u, _ := unitView(d, a.Unit)
		c, _ := rules.LookupClass(u.Class)
		w := result["All weapons"][i]
		assert.GreaterOrEqual(t, rules.SpeedFromEnergy(&c, a.Movement, a.Impulse), rules.SpeedFromEnergy(&c, w.Movement, w.Impulse), "%s: max speed", a.Unit)
		assert.GreaterOrEqual(t, len(w.Arm)+len(w.Hold), len(a.Arm)+len(a.Hold), "%s: all weapons", a.Unit)
	}
}

func newSession(t *testing.T, id string) *match.Session {
	t.Helper()
	src, err := scenarios.ReadSource(id)
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	sess, err := match.NewSession(src, 1, match.DefaultSeats(sc))
	require.NoError(t, err)
	return sess
}

// The energy panel's words: the cost breakdown adds up, and the speed
// line names the X4.EA.5 limit when it binds.
func TestEnergyWords(t *testing.T) {
	sess := newSession(t, scenarios.DefaultID)
	side := sess.State.Pending()[0]
	d := orderPanel(sess.State, side)
	b := newAllocBuilder(d)
	a := &b.allocs[0]
	u, _ := unitView(d, a.Unit)
	c, _ := rules.LookupClass(u.Class)
	limit := rules.MaxAcceleration(u.Detail.Allocated, c.SizeClass)
	tests := []struct {
		name  string
		alloc rules.Allocation
		text  func() string
		want  []string
	}{
		{"nothing spent", rules.Allocation{Unit: a.Unit}, func() string { return costText(u, &c, a) },
			[]string{"Spent: nothing = 0"}},
		{"shields and batteries", rules.Allocation{Unit: a.Unit, Shields: [6]int{2}, Battery: 1}, func() string { return costText(u, &c, a) },
			[]string{"shields 4 + to batteries 1 = 5"}},
		{"at the limit", rules.Allocation{Unit: a.Unit, Impulse: true, Movement: rules.EnergyForSpeed(&c, limit-1)}, func() string { return speedText(u, &c, a) },
			[]string{"(X4.EA.5)", "A hex of speed costs"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			*a = tt.alloc
			got := tt.text()
			for _, w := range tt.want {
				assert.Contains(t, got, w)
			}
		})
	}
}

// A shot's roll reads in words, not as "need 4+1".
func TestNeedText(t *testing.T) {
	tests := []struct {
		o    rules.ShotOdds
		want string
	}{
		{rules.ShotOdds{Range: 3, Need: 4, Sixths: 4}, "hits on a d6 of 4 or less at range 3"},
		{rules.ShotOdds{Range: 5, Need: 4, Modifier: 1, Sixths: 3}, "hits on a d6 of 3 or less: the chart's 4 at range 5, +1 to the roll"},
		{rules.ShotOdds{Range: 1, Need: 6, Sixths: 6}, "hits on any roll at range 1"},
		{rules.ShotOdds{Range: 9, Need: 1, Modifier: 2}, "cannot hit (the chart needs 1 at range 9, +2 to the roll)"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, needText(tt.o))
	}
}

// The rules' words reach the player with the names of the units, and
// repair targets and systems with the names players read.
func TestPlayerNames(t *testing.T) {
	sess := newDuel(t, 1)
	d := orderPanel(sess.State, "blue")
	tests := []struct{ got, want string }{
		{namedText(d, "hawk at range 12 is out of claw's reach."), "Hawk at range 12 is out of Claw's reach."},
		{namedText(d, "hawk.d6.1 seeks claw"), "hawk.d6.1 seeks Claw"},
		{repairName("shield6"), "shield 6"},
		{repairName("lwarp"), "left warp engine"},
		{repairName("trac"), "tractor beam"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.got)
	}
}

// The fire panel offers each weapon at each target as a box of its own,
// so a ship's fire splits between targets; a weapon ticked at a second
// target leaves the first; the summary counts the shots per target.
func TestFirePanelSplitsFire(t *testing.T) {
	p := seekersScene(t)
	app := NewApp(p.env, p)
	app.SetInputSource(&scriptInput{})
	screen := ebiten.NewImage(1280, 800)
	app.Layout(1280, 800)
	var b *fireBuilder
	st := p.sess.State
	for guard := 0; guard < 400 && b == nil; guard++ {
		pend := st.Pending()
		if len(pend) == 0 {
			st.Advance()
			continue
		}
		if st.Expecting() == rules.CmdFire {
			p.sync()
			p.refreshOrders()
			if fb, ok := p.orders.(*fireBuilder); ok && len(fb.units) > 0 {
				b = fb
				break
			}
		}
		cmd := st.Legal(pend[0])[0]
		if cmd.Kind == rules.CmdActivity || cmd.Kind == rules.CmdFire {
			cmd = rules.Command{Kind: cmd.Kind, Side: pend[0]}
		}
		_, err := p.sess.Submit(cmd)
		require.NoError(t, err)
	}
	require.NotNil(t, b, "a fire panel with a ship that can fire")
	tick(t, app, screen)
	opts := b.options(p.desk, b.units[0])
	require.NotEmpty(t, opts)
	label, _ := shotOption(p.desk, opts[0])
	box := panelCheck(p.ordersBox, label)
	require.NotNil(t, box, "a box for %v", opts[0])
	box.Click()
	tick(t, app, screen)
	require.Equal(t, []rules.Shot{opts[0]}, b.shots, "one weapon aimed")
	assert.Equal(t, widget.WidgetChecked, box.State())
	assert.Contains(t, b.summary(p.desk), "At "+unitName(p.desk, opts[0].Target)+": 1 shot")
	for _, o := range opts[1:] {
		if o.Mount == opts[0].Mount && o.Target != opts[0].Target {
			b.set(o, true)
			assert.Equal(t, []rules.Shot{o}, b.shots, "the weapon moves to the other target")
			break
		}
	}
	b.shots = nil
	b.aim(p.desk, opts[0].Target) // a click on the target aims every weapon that reaches it
	assert.Contains(t, b.shots, opts[0])
	require.Empty(t, checkText(p.desk, b.command(p.desk)))
	assert.True(t, strings.HasPrefix(commitButton(p.frame).Text().Label, "Commit fire"))
}
