package ai_test

import (
	"testing"

	"github.com/hexrift/hexrift/game/ai"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// kestrelMoves plays ember-line with legal-move players until the
// kestrel's first movement and returns that state with the kestrel put
// dist hexes ahead of the emberwing, facing it, on turn.
func kestrelMoves(t *testing.T, dist, turn int) *rules.State {
	t.Helper()
	sc, err := source(t, "ember-line").Load()
	if err != nil {
		t.Fatal(err)
	}
	st, err := rules.NewState(sc.Setup(), 1)
	if err != nil {
		t.Fatal(err)
	}
	ctrl := map[rules.SideID]match.Controller{}
	for _, sd := range st.Sides {
		ctrl[sd.ID] = match.NewLegalPlayer(1, sd.ID)
	}
	for n := 0; n < 5000 && pending(st) != ""; n++ {
		if id, ok := st.Mover(); ok && id == "kestrel" {
			return copyState(t, st, func(s *rules.State) {
				e, k := s.Unit("emberwing"), s.Unit("kestrel")
				h := e.Hex
				for range dist {
					h = h.Neighbor(e.Facing)
				}
				k.Hex, k.Facing = h, e.Facing.Turn(3)
				s.Clock.Turn = turn
			})
		}
		sd := pending(st)
		if _, err := st.Apply(ctrl[sd].Decide(st.View(sd), st.Legal(sd))); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the kestrel never moved")
	return nil
}

// plasmaExposure is the warhead the emberwing's plasma launchers would
// strike the kestrel with at hex h, summed over those whose arc covers it.
func plasmaExposure(st *rules.State, h rules.Hex) int {
	e := st.Unit("emberwing")
	c, _ := rules.LookupClass(e.Class)
	rel := 0
	if d, ok := e.Hex.DirectionTo(h); ok {
		rel = ((int(d)-int(e.Facing))%6 + 6) % 6
	}
	sum := 0
	for _, m := range c.Mounts {
		if w, _ := rules.LookupWeapon(m.Weapon); w.Charged() && m.Arc.Covers(rel) {
			sum += rules.PlasmaWarhead(e.Hex.Distance(h))
		}
	}
	return sum
}

// The computer weighs an enemy's plasma launchers once they could be
// armed: on turn 1 the emberwing's cannot be, from turn 2 they may be, and
// the kestrel, ahead of them, then moves where they would strike it less.
func TestAIWeighsEnemyPlasma(t *testing.T) {
	for _, level := range []ai.Level{ai.Normal, ai.Hard} {
		exposure := map[int]int{}
		for _, turn := range []int{1, 2} {
			st := kestrelMoves(t, 6, turn)
			cmd := ai.New(level, 1, "federation").Decide(st.View("federation"), st.Legal("federation"), match.NewDesk(st, "federation"))
			if _, err := st.Apply(cmd); err != nil {
				t.Fatal(err)
			}
			exposure[turn] = plasmaExposure(st, st.Unit("kestrel").Hex)
			t.Logf("%s turn %d: %s, plasma exposure %d", level, turn, cmd, exposure[turn])
		}
		if exposure[2] >= exposure[1] {
			t.Errorf("%s: plasma exposure %d on turn 2, %d on turn 1", level, exposure[2], exposure[1])
		}
	}
}
