package pbem

import (
	"crypto/ed25519"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// openRift is drill-rift between two homes, the federation's Swift
// ordered toward the rift.
var openRift sharedGame

// flyForTheRift sends the Swift toward drill-rift's rift while it is at
// home.
func flyForTheRift(o *plot.Orders) {
	for i := range o.Ships {
		if o.Ships[i].Unit == "swift" {
			o.Ships[i].Course = plot.Course{Kind: plot.Toward, Hex: rules.Hex{Q: 2, R: -1}}
		}
	}
}

// playOpenRift plays drill-rift between two homes once, for the tests
// that only read it: an open rift charted to two destinations
// (IP4.411-417), the destination's defenders played by the computer on
// both machines, the federation's Swift flying for the rift
// (flyForTheRift), the rest of both sides on their proposed plots.
func playOpenRift(t *testing.T) (a, b *player, files []sent) {
	t.Helper()
	return openRift.get(t, "open rift game", func() (*player, *player, []sent) {
		src, err := scenarios.ReadSource("drill-rift")
		require.NoError(t, err)
		g := homesGame{src: src, sides: [2]rules.SideID{"federation", "korath"}, seeds: [2]string{"cross-a", "open-b"}, steer: [2]func(*plot.Orders){flyForTheRift, nil}}
		return playHomes(t, g, 0)
	})
}

// destinationWords are what would tell a side where drill-rift's rift
// leads: the destinations' ids and names, and the clauses of the events
// that bring one into play or show it.
var destinationWords = []string{"derelict-yard", "corsair-haven", "Derelict Yard", "Corsair Haven", "IP4.412", "IP4.417", "IP4.442"}

// TestOpenRiftGameBetweenTwoHomes plays drill-rift by file between two
// machines that exchange nothing but the files. Its rift is charted, so
// both machines play its crossings (IP4.24), the fire it blocks (IP4.15),
// its detection (IP4.28) and its closing (IP4.25, IP4.452) alike; its
// destination (IP4.412) and its radiation (IP4.312-313) come from the
// round's public dice, which no side could foresee, and the destination's
// defenders are played by the computer on both machines (IP4.441). The
// federation's Swift goes through and is trapped when the rift closes
// (IP4.27). The game plays to its end, both machines at the same public
// hash, and
// Verify passes. Every file, read by each machine with its own key: the
// side's view, log and the results show nothing of the destination
// until the side knows it (a unit through, or out of it, IP4.34), and no
// radiation of another side's unit; neither machine holds the other
// side's private stream, and no private stream is made for a rift roll.
func TestOpenRiftGameBetweenTwoHomes(t *testing.T) {
	a, b, files := playOpenRift(t)
	seats := map[rules.SideID]*Seat{}
	for _, p := range []*player{a, b} {
		s, err := LoadSeat(p.home, p.game)
		require.NoError(t, err)
		seats[p.side] = s
	}
	sa, sb := seats[a.side], seats[b.side]
	require.True(t, sa.Game.Finished())
	require.Equal(t, rules.StepGameOver, sa.Game.State.Clock.Step)
	require.Equal(t, sa.Game.State.PublicHash(), sb.Game.State.PublicHash())
	start := time.Now()
	rep, err := Verify("last", files[len(files)-1].Data)
	took := time.Since(start)
	require.NoError(t, err)
	require.Contains(t, rep, "every commitment opened")

	// The game played with every key: its public rolls are the results',
	// and the rift's rolls were made.
	whole, err := Replay(parse(t, files[len(files)-1].Data))
	require.NoError(t, err)
	truth, err := whole.playKeyed()
	require.NoError(t, err)
	clauses := map[string]int{}
	crossed := map[rules.SideID]int{}
	for i, s := range truth {
		require.Empty(t, s.Result.Stopped, "round %d", i+1)
		var public []string
		for _, e := range s.Events {
			if e.Kind == rules.EventRoll && e.Audience.IsPublic() {
				public = append(public, e.Text)
			}
			if strings.HasPrefix(e.Clause, "IP4.") {
				clauses[e.Clause]++
			}
			if e.Clause == "IP4.24" {
				crossed[e.Side]++
			}
		}
		require.Equal(t, public, whole.Results[i].Rolls, "round %d's rolls", i+1)
	}
	for _, c := range []string{"IP4.412", "IP4.442", "IP4.24", "IP4.26", "IP4.312", "IP4.313"} {
		require.Positive(t, clauses[c], "no %s event", c)
	}
	require.Positive(t, crossed[a.side], "the federation went through the rift")
	// The results count the commands of the sides that play by file
	// only: how often the defenders act would tell where the rift leads.
	played := 0
	for _, c := range whole.Commands {
		if c.Side == a.side || c.Side == b.side {
			played++
		}
	}
	require.Less(t, played, len(whole.Commands), "the defenders played no command")
	require.Equal(t, played, whole.Results[len(whole.Results)-1].Commands)

	// Every file, as each machine reads it with its own key.
	readings, blind, radiation := 0, 0, 0
	for i, f := range files {
		tf := parse(t, f.Data)
		for _, bad := range []string{"\"private\"", "side_keys", "rift radiation", "rift destination"} {
			require.NotContains(t, string(f.Data), bad, "file %d", i)
		}
		for sd, s := range seats {
			g, err := replayAs(tf, sd, &s.sec.Dice)
			require.NoError(t, err, "file %d as %s", i, sd)
			readings++
			st := now(g)
			for _, p := range st.Private {
				require.Equal(t, string(sd), p.Audience, "file %d: %s's machine holds the private stream of %s", i, sd, p.Audience)
			}
			log := rules.Events(g.Events, sd)
			for _, e := range log {
				if strings.HasPrefix(e.Clause, "IP4.31") {
					require.Equal(t, sd, e.Side, "file %d: %s sees the radiation of %s's %s: %s", i, sd, e.Side, e.Unit, e.Text)
					radiation++
				}
			}
			v := g.State.View(sd)
			if len(v.Maps) > 1 {
				continue // the side knows where the rift leads
			}
			blind++
			require.Len(t, v.Sides, 2, "file %d as %s", i, sd)
			for _, u := range v.Units {
				require.Equal(t, rules.MapID("drill-rift"), u.Map, "file %d as %s: %s", i, sd, u.ID)
			}
			var text []string
			for _, e := range log {
				text = append(text, e.Text, e.Clause)
			}
			for _, r := range g.Results {
				text = append(text, r.Stopped, r.Break)
				text = append(text, r.Rolls...)
			}
			for _, r := range v.Rifts {
				text = append(text, string(r.Dest))
			}
			for _, w := range destinationWords {
				for _, line := range text {
					require.NotContains(t, line, w, "file %d as %s", i, sd)
				}
			}
		}
	}
	require.Positive(t, blind, "no reading before a side knew the destination")
	t.Logf("%d files, %d rounds, %d commands of the sides (%d in all), outcome %s; rift events %v, crossings by side %v; %d readings, %d before the side knew the destination, %d radiation lines each its own side's; verify %s",
		len(files), len(whole.Results), whole.Results[len(whole.Results)-1].Commands, len(whole.Commands), sa.Game.State.Outcome(), clauses, crossed, readings, blind, radiation, took.Round(time.Millisecond))
}

// TestVerifyNamesFalseOpenRiftResults: drill-rift's last file with a
// result claiming what the rules do not give, signed again by both
// sides: the commands of the defenders counted with the sides', and the
// sealed destination rolls (IP4.412) listed among the public ones. Verify
// names the result each time.
func TestVerifyNamesFalseOpenRiftResults(t *testing.T) {
	a, b, files := playOpenRift(t)
	keys := map[rules.SideID]ed25519.PrivateKey{a.side: keyOf(t, a), b.side: keyOf(t, b)}
	whole, err := Replay(parse(t, files[len(files)-1].Data))
	require.NoError(t, err)
	tests := []struct {
		name   string
		last   bool
		change func(r *Result)
		reason string
	}{
		{"the defenders' commands counted", true, func(r *Result) { r.Commands = len(whole.Commands) }, "705 commands played, the rules play 354"},
		{"the sealed destination rolls shown", false, func(r *Result) {
			r.Rolls = append([]string{"rift destination chart: 2d6 = 7 (1+6)", "rift destination row: 2d6 = 3 (1+2)"}, r.Rolls...)
		}, `roll 1 reads "rift destination chart: 2d6 = 7 (1+6)", the rules roll "phase storm roll Rift Survey`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parse(t, files[len(files)-1].Data)
			at := -1
			for i, m := range f.Messages {
				if m.Kind == KindResult && (at < 0 || tc.last) {
					at = i
				}
			}
			require.Positive(t, at)
			r := *f.Messages[at].Result
			r.Rolls = slices.Clone(r.Rolls)
			tc.change(&r)
			f.Messages[at].Result = &r
			rechain(f, at, keys)
			_, err := Verify("tampered", encode(t, f))
			var c *Cheat
			require.ErrorAs(t, err, &c)
			require.Equal(t, at, c.Seq, "the first cheat named: %v", err)
			require.Contains(t, err.Error(), tc.reason)
		})
	}
}
