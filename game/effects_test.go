package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// The effects player turns the events a seat may see into effects in the
// order they resolved, at the hexes the seat saw the units: a shot's
// beam (hit or miss from its roll), the hit's flash and points, a loss,
// a gravity rift removal; nothing for what the seat may not see or for
// units it never saw.
func TestEffectsFollowTheEventsASeatSees(t *testing.T) {
	a, z, far := rules.Hex{Q: 0, R: 0}, rules.Hex{Q: 3, R: 0}, rules.Hex{Q: 9, R: 9}
	view := &rules.View{Units: []rules.UnitView{
		{ID: "a", Side: "blue", Map: "m", Hex: a}, {ID: "z", Side: "red", Map: "m", Hex: z}, {ID: "r", Side: "red", Map: "m", Hex: far},
	}}
	roll := func(unit string, hit bool) rules.Event {
		return rules.Event{Kind: rules.EventRoll, Clause: "X4.IMP.D", Unit: rules.UnitID(unit), Chance: rules.Chance{In: 3, Of: 6, Came: hit}}
	}
	shot := func(unit, target string) rules.Event {
		return rules.Event{Kind: rules.EventFire, Clause: "X4.IMP.D", Unit: rules.UnitID(unit), Target: rules.UnitID(target)}
	}
	secret := rules.Event{Kind: rules.EventFire, Clause: "X4.IMP.D", Unit: "z", Target: "a", Audience: rules.Only("red")}
	tests := []struct {
		name   string
		events []rules.Event
		want   []render.EffectKind
		hits   []bool // of the beams
	}{
		{"a hit", []rules.Event{roll("a", true), shot("a", "z"), {Kind: rules.EventDamage, Unit: "z", Amount: 7}}, []render.EffectKind{render.EffectBeam, render.EffectFlash, render.EffectNumber}, []bool{true}},
		{"a miss", []rules.Event{roll("a", false), shot("a", "z")}, []render.EffectKind{render.EffectBeam}, []bool{false}},
		{"a loss", []rules.Event{{Kind: rules.EventDestroyed, Unit: "z"}}, []render.EffectKind{render.EffectLoss}, nil},
		{"a rift removal", []rules.Event{{Kind: rules.EventRoll, Clause: "GR41.2", Unit: "r", Chance: rules.Chance{In: 3, Of: 10, Came: true}}}, []render.EffectKind{render.EffectLoss}, nil},
		{"a rift roll that keeps the unit", []rules.Event{{Kind: rules.EventRoll, Clause: "GR41.2", Unit: "r", Chance: rules.Chance{In: 3, Of: 10}}}, nil, nil},
		{"a shot the seat may not see", []rules.Event{secret}, nil, nil},
		{"a unit never seen", []rules.Event{roll("ghost", true), shot("ghost", "z")}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := newFxPlayer("blue", 0)
			x.look(view)
			x.take(tt.events, 100, func(rules.SideID) render.RGBA { return render.Hex("#ffffff", 1) })
			var kinds []render.EffectKind
			var hits []bool
			last := 0
			for _, l := range x.live {
				kinds = append(kinds, l.fx.Kind)
				assert.GreaterOrEqual(t, l.start, last, "in the order they resolved")
				last = l.start
				if l.fx.Kind == render.EffectBeam {
					hits = append(hits, l.fx.Hit)
					assert.Equal(t, a, l.fx.From)
					assert.Equal(t, z, l.fx.To)
				}
			}
			assert.Equal(t, tt.want, kinds)
			assert.Equal(t, tt.hits, hits)
			assert.Equal(t, len(tt.events), x.seen)
			if len(tt.want) > 0 {
				assert.True(t, x.busy(100))
				assert.False(t, x.busy(100+maxFxSpread+lossLife+numberLife), "and they end")
			}
		})
	}
}

// In a two-person game the seat whose command resolved fire it may see
// keeps the machine to watch it on the map, with the curtain down and
// the effects playing, until it passes the machine on with Enter.
func TestLastToFireSeesTheResult(t *testing.T) {
	requireDisplay(t)
	app, p, script, screen := openPlay(t, 1280, 800)
	for i := 0; i < 3000; i++ {
		if p.handover != "" {
			watcher, next := p.Viewer(), p.handover
			require.NotEmpty(t, watcher)
			_, up := p.CurtainUp()
			require.False(t, up, "the curtain stays down while %s watches", watcher)
			require.IsType(t, &handoverBuilder{}, p.orders)
			shown := 0
			for range 30 {
				tick(t, app, screen)
				shown = max(shown, len(p.fx[watcher].effects(p.mapv.Ticks())))
			}
			assert.Positive(t, shown, "the fire plays on %s's map", watcher)
			assert.True(t, p.Stirred(), "a resting window keeps drawing while it plays")
			last := logUpTo(p.sess.LogFor(watcher), p.resultsSeq)
			require.NotEmpty(t, last)
			end := last[len(last)-1]
			assert.True(t, combatEvent(end) || end.Kind == rules.EventDamage, "the log ends with the results, not the next impulse's rolls: %q", end.Text)
			script.intend(t, orderKeys, intentCommit)
			tick(t, app, screen)
			sd, up := p.CurtainUp()
			assert.True(t, up, "Enter passes the machine on")
			assert.Equal(t, next, sd)
			assert.Equal(t, rules.SideID(""), p.Viewer())
			return
		}
		if p.curtainFor != "" {
			script.press(ebiten.KeyEnter)
			tick(t, app, screen)
			continue
		}
		if p.viewer == "" {
			tick(t, app, screen)
			continue
		}
		// A player who fires everything it can and otherwise takes the
		// first legal command.
		legal := p.sess.State.Legal(p.viewer)
		require.NotEmpty(t, legal)
		best := legal[0]
		for _, c := range legal {
			if c.Kind == rules.CmdFire && len(c.Shots) > len(best.Shots) {
				best = c
			}
		}
		p.submit(best)
		tick(t, app, screen)
	}
	t.Fatal("no fire resolved in the game")
}
