package game

import (
	"image"
	"image/color"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// mentions reports whether text names unit u by id or name, as a word.
func mentions(text string, u *rules.Unit) bool {
	for _, w := range []string{string(u.ID), u.Name} {
		// A dot followed by more of a name is part of another id (a
		// seeker is named after its launcher: scorch.d8.2), not the end
		// of this one; a dot that ends a sentence is.
		if w != "" && regexp.MustCompile(`(^|[^A-Za-z0-9_.-])`+regexp.QuoteMeta(w)+`($|[^A-Za-z0-9_.-]|\.($|[^A-Za-z0-9_-]))`).MatchString(text) {
			return true
		}
	}
	return false
}

// TestPrivacyOfPhasedOutUnits plays seeded games in phase space and, at
// every step, for every seat, looks for any trace of another side's
// phased-out unit in what that seat is shown: its view, its log (the
// unit's rolls and course included), the hover description of the
// unit's hex, and the drawn frame (by the unit's colour at its hex).
func TestPrivacyOfPhasedOutUnits(t *testing.T) {
	src, err := scenarios.ReadSource("phase-drift")
	require.NoError(t, err)
	fonts, err := render.NewFonts()
	require.NoError(t, err)
	raster, err := render.NewRaster()
	require.NoError(t, err)

	hiddenSteps := 0
	for seed := uint64(1); seed <= 3; seed++ {
		sess, err := match.Simulate(src, seed, 0) // set up only; played below step by step
		require.NoError(t, err)
		ctrl := map[rules.SideID]match.Controller{}
		for _, sd := range sess.State.Sides {
			ctrl[sd.ID] = match.NewLegalPlayer(seed, sd.ID)
		}
		checked := 0 // events already checked
		hidden := map[rules.UnitID]bool{}
		for step := 0; step < 400 && !sess.Over() && sess.State.Clock.Turn <= 4; step++ {
			pending := sess.State.Pending()
			require.NotEmpty(t, pending)
			side := pending[0]
			_, err := sess.Submit(ctrl[side].Decide(sess.State.View(side), sess.State.Legal(side)))
			require.NoError(t, err)

			// The log: walk the new events in order, tracking which
			// units are out of phase as the events say it.
			for _, e := range sess.EventsSince(checked) {
				switch {
				case e.Kind == rules.EventPhase && strings.Contains(e.Text, " phases out at "):
					hidden[e.Unit] = true
					continue // the phase-out itself is seen: the unit was visible until then
				case e.Kind == rules.EventPhase && strings.Contains(e.Text, " phases in at "):
					delete(hidden, e.Unit)
					continue // the reveal of the recorded course (IP8.337)
				}
				for id := range hidden {
					u := sess.State.Unit(id)
					for _, viewer := range sess.State.Sides {
						if viewer.ID == u.Side || !e.VisibleTo(viewer.ID) {
							continue
						}
						require.False(t, e.Unit == id || mentions(e.Text, u), "seed %d: %s sees a log line about phased-out %s: %s", seed, viewer.ID, id, e)
					}
				}
			}
			checked = sess.NumEvents()

			// The view, the hover text and the frame.
			for _, u := range sess.State.Units {
				if !u.PhasedOut || !u.OnMap() {
					continue
				}
				hiddenSteps++
				for _, viewer := range sess.State.Sides {
					if viewer.ID == u.Side {
						continue
					}
					v := sess.State.View(viewer.ID)
					for _, uv := range v.Units {
						require.NotEqual(t, u.ID, uv.ID, "seed %d: %s's view holds phased-out %s", seed, viewer.ID, u.ID)
					}
					ms := NewMapScene(sess.State, viewer.ID, fonts, 480, 300)
					// A visible unit of the same name in the hex (seekers
					// are all called "Drone") may be named; the hidden one
					// is looked for by id then.
					probe := u
					for _, uv := range v.Units {
						if uv.Name == u.Name && uv.Map == u.Map && uv.Hex == u.Hex {
							probe.Name = ""
						}
					}
					for _, line := range ms.Describe(u.Hex) {
						require.False(t, mentions(line, &probe), "seed %d: %s's hover text names %s: %q", seed, viewer.ID, u.ID, line)
					}
					if hiddenSteps%5 == 1 { // drawing every step would be slow; every fifth is plenty
						requireNotDrawn(t, raster, v, &u, sess.State)
					}
				}
			}
		}
	}
	t.Logf("%d unit-steps out of phase checked", hiddenSteps)
	require.Greater(t, hiddenSteps, 20, "the games put units out of phase, so the checks checked something")
}

// requireNotDrawn draws viewer's frame around u's hex and checks that no
// pixel there has u's side colour, unless something else that may have
// that colour is near: a visible unit of the same side, or a planet or
// star (planets are drawn in blues and greens).
func requireNotDrawn(t *testing.T, raster *render.Raster, v *rules.View, u *rules.Unit, st *rules.State) {
	t.Helper()
	for _, o := range v.Units {
		if o.Side == u.Side && o.Hex.Distance(u.Hex) <= 2 {
			return
		}
	}
	if m := v.Map(u.Map); m != nil {
		if d, ok := m.Terrain.NearestFeature(u.Hex); ok && d <= 2 {
			return
		}
	}
	side, _ := st.Side(u.Side)
	want := render.Hex(side.Color, 1)
	img := image.NewRGBA(image.Rect(0, 0, 480, 300))
	f := &render.Frame{View: v, Map: u.Map, Camera: render.NewCamera(u.Hex, 480, 300, 16)}
	raster.DrawMap(img, render.NewMapRenderer(nil), f)
	cx, cy := f.Camera.HexToScreen(u.Hex)
	r := int(f.Camera.HexPixels())
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			c := color.NRGBAModel.Convert(img.At(int(cx)+dx, int(cy)+dy)).(color.NRGBA)
			for _, k := range []float32{1, 0.75, 0.45} { // the counter's fill, inner fill and border
				dr, dg, db := int(c.R)-int(want.R*255*k), int(c.G)-int(want.G*255*k), int(c.B)-int(want.B*255*k)
				require.Greater(t, dr*dr+dg*dg+db*db, 25*25, "%s's colour drawn at phased-out %s's hex %v (pixel %d,%d)", side.ID, u.ID, u.Hex, dx, dy)
			}
		}
	}
}

// requirePbemTableKeepsSecrets checks that the table of a game played by
// file shows its side's view only: the map's viewer and view, the log's
// lines, the panel's words, the ship cards and hover text of the other
// sides' units hold nothing of the lines the rules gave another side
// alone (its sealed allocations, declarations, launches and fires as it
// wrote them), and nothing of another side's hidden mines. It returns
// how many such lines it looked for.
func requirePbemTableKeepsSecrets(t *testing.T, p *PbemScene) int {
	t.Helper()
	st := p.next.Game.State
	require.Equal(t, p.side, p.mapv.Viewer())
	require.Equal(t, p.next.View(), p.mapv.View())
	// The peer state's view, the side's own units out of phase as
	// ghosts and its own hidden mines where its machine laid them:
	// nothing else.
	public := map[rules.UnitID]bool{}
	for _, u := range st.View(p.side).Units {
		public[u.ID] = true
	}
	mines := map[rules.UnitID]rules.Hex{}
	for _, u := range p.next.Mines() {
		mines[u.ID] = u.Hex
	}
	for _, u := range p.mapv.View().Units {
		h, mine := mines[u.ID]
		mine = mine && u.Side == p.side && u.Kind == rules.KindMine && u.Hex == h
		require.True(t, public[u.ID] || u.Side == p.side && u.Ghost || mine, "the table's map shows %s's %s, not in the side's view", u.Side, u.ID)
	}
	for _, e := range p.events {
		require.True(t, e.VisibleTo(p.side), "the table's log shows %s a line it may not see: %s", p.side, e)
	}
	var shown []string
	for _, ln := range p.log.shown {
		shown = append(shown, ln.text)
	}
	shown = append(shown, p.bodyText()...)
	fonts := p.env.Fonts
	for _, u := range p.mapv.View().Units {
		if u.Side == p.side {
			continue
		}
		require.Nil(t, u.Detail, "the table shows the systems of %s's %s", u.Side, u.ID)
		side, _ := p.mapv.View().Side(u.Side)
		if l, ok := layoutShipCard(fonts, u, side, namerOf(p.mapv.View()), render.UIText, 12, 44); ok {
			for _, lb := range l.labels {
				shown = append(shown, lb.Text)
			}
		}
		shown = append(shown, p.mapv.Describe(u.Hex)...)
	}
	all := strings.Join(shown, "\n")
	// Another side's mines hidden on this machine: no hex held, and no
	// word of them on the table.
	for _, sd := range p.next.Game.Sides() {
		if sd == p.side {
			continue
		}
		for _, m := range st.HiddenMines(sd) {
			require.Equal(t, rules.Hex{}, m.Hex, "%s's machine holds %s's hidden mine %s's hex", p.side, sd, m.ID)
			for _, line := range shown {
				require.False(t, mentions(line, &m), "%s's table names %s's hidden mine %s: %q", p.side, sd, m.ID, line)
			}
		}
	}
	var seen []string
	for _, e := range p.events {
		seen = append(seen, e.Text)
	}
	open := strings.Join(seen, "\n")
	secrets := 0
	for _, e := range p.next.Game.Events {
		if e.VisibleTo(p.side) || e.Audience.IsPublic() {
			continue
		}
		// The words that follow a sealed line's colon are the other
		// side's choices as it wrote them, secret until the rules
		// reveal them to every side.
		if _, choice, ok := strings.Cut(e.Text, ": "); ok && len(choice) > 12 && !strings.Contains(open, choice) {
			secrets++
			require.NotContains(t, all, choice, "%s's table shows another side's line: %s", p.side, e)
		}
	}
	return secrets
}
