package match

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

func riskRoll(clause string, side rules.SideID, unit rules.UnitID, in, of int16, came bool, aud rules.Audience) rules.Event {
	return rules.Event{Kind: rules.EventRoll, Clause: clause, Side: side, Unit: unit, Audience: aud,
		Roll: &rules.Roll{Dice: rules.D6, Faces: []int{1}, Total: 1}, Chance: rules.Chance{In: in, Of: of, Came: came}}
}

// The debrief of each side sets the odds of the risky rolls it took
// against what came, and names what the phenomena took from it; another
// side's rolls never count, nor do rolls it could not see.
func TestDebriefLines(t *testing.T) {
	src, err := scenarios.ReadSource("../testdata/duel.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	st, err := rules.NewState(sc.Setup(), 1)
	require.NoError(t, err)
	pub, blueOnly, redOnly := rules.Public, rules.Only("blue"), rules.Only("red")
	rift := func(came bool) rules.Event { return riskRoll("GR41.2", "blue", "hawk", 3, 10, came, pub) }
	for _, tc := range []struct {
		name   string
		events []rules.Event
		want   []string
	}{
		{"nothing risked", nil, nil},
		{"gravity rift exits and a withdrawal", []rules.Event{rift(false), rift(true), rift(false),
			riskRoll("GRN.6", "blue", "hawk", 3, 10, false, pub)},
			[]string{"Gravity rifts: 4 exits at 3 in 10 each, 1.20 losses expected, 1 lost (-0.20 against the odds). To reserve: Hawk (1 back in play by the end)."}},
		{"shots", []rules.Event{
			riskRoll("X4.IMP.D", "blue", "hawk", 4, 6, true, pub),
			riskRoll("X4.IMP.D", "blue", "hawk", 3, 6, true, pub),
			riskRoll("X4.IMP.D", "blue", "hawk", 2, 6, false, pub),
			riskRoll("X4.IMP.D", "red", "claw", 6, 6, true, pub)},
			[]string{"Shots: 3 fired, 1.50 hits expected, 2 hit (+0.50 against the odds)."}},
		{"evasions as the odds said", []rules.Event{
			riskRoll("X4.EV", "blue", "hawk", 2, 6, true, pub),
			riskRoll("X4.EV", "blue", "hawk", 2, 6, false, pub),
			riskRoll("X4.EV", "blue", "hawk", 2, 6, false, pub)},
			[]string{"Evasive maneuvers: 3 tried at 2 in 6, 1.00 expected to work, 1 did, as the odds said."}},
		{"phase rolls, the secret ones of its own included", []rules.Event{
			riskRoll("IP8.21", "blue", "hawk", 2, 36, true, pub),
			riskRoll("IP8.21", "blue", "hawk", 2, 36, false, blueOnly),
			riskRoll("IP8.21", "red", "claw", 2, 36, true, redOnly)},
			[]string{"Phase space: 2 phase rolls at 2 in 36, 0.11 changes of phase expected, 1 came (+0.89 against the odds)."}},
		{"a roll of its side it was not told of is left out", []rules.Event{
			riskRoll("X4.IMP.D", "blue", "hawk", 4, 6, true, redOnly)},
			nil},
		{"a roll with no chance recorded is no risk", []rules.Event{
			{Kind: rules.EventRoll, Clause: "X4.IMP.D", Side: "blue", Unit: "hawk", Roll: &rules.Roll{Dice: rules.D6, Total: 3}}},
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, DebriefOf(st, tc.events, "blue").Lines())
		})
	}
	// Red's shot and phase roll show in red's debrief only.
	red := DebriefOf(st, []rules.Event{riskRoll("X4.IMP.D", "red", "claw", 6, 6, true, pub), riskRoll("X4.IMP.D", "blue", "hawk", 1, 6, false, pub)}, "red")
	assert.Equal(t, []string{"Shots: 1 fired, 1.00 hits expected, 1 hit, as the odds said."}, red.Lines())
}

// A unit trapped beyond a closed cosmic rift, and one destroyed on a
// destination map, are named as lost to the rifts.
func TestDebriefNamesUnitsLostBeyondRifts(t *testing.T) {
	src, err := scenarios.ReadSource("../testdata/duel.yaml")
	require.NoError(t, err)
	sc, err := src.Load()
	require.NoError(t, err)
	su := sc.Setup()
	su.Maps = append(su.Maps, rules.Map{ID: "beyond", Name: "Beyond", Terrain: &rules.Terrain{}})
	st, err := rules.NewState(su, 1)
	require.NoError(t, err)
	hawk := st.Unit("hawk")
	hawk.Map, hawk.Cross = "beyond", rules.RiftCrossing{Rift: "rift-1", Home: "duel", Trapped: true}
	claw := st.Unit("claw")
	claw.Map, claw.Status, claw.Cross = "beyond", rules.StatusDestroyed, rules.RiftCrossing{Rift: "rift-1", Home: "duel"}
	cross := func(side rules.SideID, u rules.UnitID) rules.Event {
		return rules.Event{Kind: rules.EventCosmic, Clause: "IP4.24", Side: side, Unit: u, Audience: rules.Only(side)}
	}
	evs := []rules.Event{cross("blue", "hawk"), cross("red", "claw")}
	assert.Equal(t, []string{"Cosmic rifts: 1 crossing by 1 unit, 0 home at the end; trapped beyond a closed rift (counted destroyed): Hawk."},
		DebriefOf(st, evs, "blue").Lines())
	assert.Equal(t, []string{"Cosmic rifts: 1 crossing by 1 unit, 0 home at the end; destroyed beyond a rift: Claw."},
		DebriefOf(st, evs, "red").Lines())
}

var (
	fireText   = regexp.MustCompile(`: (\d+)([+-]\d+) against (\d+), (hits|misses)`)
	removeText = regexp.MustCompile(`d10 = \d+, .* removed to reserve`)
)

// A scripted game: the fixture's blue ships start in a gravity rift and
// the red ones in phase space within range, so every seed takes rift
// exits, phase rolls and shots. For each seed the debrief's tallies match
// counts made independently from the log's text (the rolls, the
// removals, each shot's roll, modifier and need), and a replay of the
// save gives the same debrief.
func TestDebriefOfAScriptedGame(t *testing.T) {
	src, err := scenarios.ReadSource("testdata/debrief.yaml")
	require.NoError(t, err)
	for _, seed := range []uint64{1, 2, 3} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			s, err := Simulate(src, seed, 3)
			require.NoError(t, err)
			require.True(t, s.Over())
			type count struct {
				rift, removed, shots, hits, phase, toggles int
				hitFaces                                   float64
			}
			want := map[rules.SideID]*count{"blue": {}, "red": {}}
			for _, e := range s.events {
				c := want[e.Side]
				if c == nil {
					continue
				}
				switch {
				case e.Kind == rules.EventRoll && e.Clause == "GR41.2":
					c.rift++
					if removeText.MatchString(e.Text) {
						c.removed++
					}
				case e.Kind == rules.EventRoll && e.Clause == "X4.IMP.D":
					c.shots++
				case e.Kind == rules.EventFire && fireText.MatchString(e.Text):
					m := fireText.FindStringSubmatch(e.Text)
					mod, _ := strconv.Atoi(m[2])
					need, _ := strconv.Atoi(m[3])
					for face := 1; face <= 6; face++ {
						if face+mod <= need {
							c.hitFaces++
						}
					}
					if m[4] == "hits" {
						c.hits++
					}
				case e.Kind == rules.EventRoll && e.Clause == "IP8.21":
					c.phase++
					if rules.PhaseToggles(e.Roll.Total) {
						c.toggles++
					}
				}
			}
			assert.Positive(t, want["blue"].rift, "blue leaves the rift")
			assert.Positive(t, want["red"].phase, "red rolls in phase space")
			assert.Positive(t, want["blue"].shots+want["red"].shots, "someone shoots")
			for side, c := range want {
				d := DebriefOf(s.State, s.events, side)
				assert.Equal(t, roundTally(Tally{Rolls: c.rift, Expected: 0.3 * float64(c.rift), Came: c.removed}), roundTally(d.RiftRolls), "%s rift rolls", side)
				assert.Equal(t, c.shots, d.Shots.Rolls, "%s shots", side)
				assert.Equal(t, c.hits, d.Shots.Came, "%s hits", side)
				assert.InDelta(t, c.hitFaces/6, d.Shots.Expected, 1e-9, "%s hits expected", side)
				assert.Equal(t, c.phase, d.Phase.Rolls, "%s phase rolls", side)
				assert.Equal(t, c.toggles, d.Phase.Came, "%s changes of phase", side)
				assert.Len(t, d.RiftLost, c.removed)
			}
			// The same debrief from the replayed save.
			sf := s.SaveFile("debrief", testTime)
			r, err := Replay(src, sf.Seed, sf.Seats, sf.Commands, sf.Checks)
			require.NoError(t, err)
			assert.Equal(t, Debrief(s.State, s.events), Debrief(r.State, r.events))
			for _, d := range Debrief(s.State, s.events) {
				t.Logf("%s: %s", d.Side, strings.Join(d.Lines(), " | "))
			}
		})
	}
}

// roundTally rounds the expected count to thousandths, so that a sum of
// tenths compares equal to a product.
func roundTally(t Tally) Tally {
	t.Expected = float64(int(t.Expected*1000+0.5)) / 1000
	return t
}

// The cosmic rift fixture crosses rifts on some seed, and the debrief
// then counts the crossings.
func TestDebriefCountsRiftCrossings(t *testing.T) {
	src, err := scenarios.ReadSource("../testdata/rift-drill.yaml")
	require.NoError(t, err)
	for seed := uint64(1); seed <= 100; seed++ {
		s, err := Simulate(src, seed, 8)
		require.NoError(t, err)
		for _, d := range Debrief(s.State, s.events) {
			if d.Crossings > 0 {
				joined := strings.Join(d.Lines(), "\n")
				assert.Contains(t, joined, "Cosmic rifts: ")
				assert.Positive(t, d.Went)
				return
			}
		}
	}
	t.Fatal("no seed of the rift drill crossed a cosmic rift")
}
