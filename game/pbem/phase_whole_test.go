package pbem

import (
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// phaseGame is drill-phase (a phase space cloud, IP8.13) between two
// machines, with seeds under which the federation's storm roll of turn 1
// raises a phase storm over the whole battle to the last turn
// (IP8.511-515): units of both sides phase out and in.
func phaseGame(t *testing.T) homesGame {
	t.Helper()
	src, err := scenarios.ReadSource("drill-phase")
	require.NoError(t, err)
	return homesGame{src: src, sides: [2]rules.SideID{"federation", "korath"}, seeds: [2]string{"fed-38", "kor-38"}}
}

// playPhase plays phaseGame once for the tests that only read it, keeping
// the homes of the machines that received the files ending with an
// announced phase-in, as they were before they opened them.
func playPhase(t *testing.T) (a, b *player, files []sent) {
	t.Helper()
	return phased.get(t, "phase game", func() (*player, *player, []sent) {
		g := phaseGame(t)
		g.keep, g.kept = announcesPhaseIn, &phased.kept
		return playHomes(t, g, 0)
	})
}

var phased sharedGame

// announcesPhaseIn reports whether f's last message is an announcement of
// a phase-in.
func announcesPhaseIn(f *wire.File) bool {
	an, ok := f.Messages[len(f.Messages)-1].Body.(*wire.Announce)
	return ok && len(an.PhaseIns) > 0
}

// now returns the state a game has reached: its pending stretch's, if
// a round is being played, else the state after the last result.
func now(g *Game) *rules.State {
	if g.pending != nil {
		return g.pending.State
	}
	return g.State
}

// TestPhaseGameBetweenTwoHomes plays drill-phase under a phase storm
// between two machines that exchange nothing but the files: units of
// both sides phase out and in (IP8.21, IP8.124), each side's machine
// announcing its phase-ins as the other needs them. Every file is checked
// for the other side's secrets: where its units out of phase are and
// what course they run (IP8.32), their phase and course rolls and
// private streams (IP8.337), its dice key; both machines reach the same
// public state, and Verify plays the game again with every key and checks
// every announcement.
func TestPhaseGameBetweenTwoHomes(t *testing.T) {
	a, b, files := playPhase(t)
	seats := loadSeats(t, a, b)
	sa, sb := seats[a.side], seats[b.side]
	require.Equal(t, rules.StepGameOver, sa.Game.State.Clock.Step)
	require.Equal(t, sa.Game.State.PublicHash(), sb.Game.State.PublicHash())
	require.True(t, sa.Game.Finished())
	require.True(t, slices.ContainsFunc(sa.Game.Events, func(e rules.Event) bool {
		return e.Kind == rules.EventStorm && strings.Contains(e.Text, "a phase storm rises")
	}), "no phase storm rose")

	// Phase-outs and phase-ins of both sides; the rolls every result
	// names are exactly the public ones of its stretch, none of the
	// private phase and course rolls the verifier makes.
	outs := map[rules.SideID]int{}
	last, whole, truth, private, took := keyedTruth(t, files, func(e rules.Event) {
		if e.Clause == "IP8.21" && strings.Contains(e.Text, " phases out at ") {
			outs[e.Side]++
		}
	})
	require.Len(t, truth, len(whole.Results))
	ins := map[rules.SideID]int{}
	announces, proofs := 0, 0
	for _, m := range last.Messages {
		an, ok := m.Body.(*wire.Announce)
		if !ok {
			continue
		}
		announces++
		proofs += len(an.Proofs)
		for _, ar := range an.PhaseIns {
			ins[rules.SideID(an.Side)]++
			c, err := clockOf(ar.Clock)
			require.NoError(t, err)
			// A phase-in is announced for a stretch every side has
			// committed to, and happens within it.
			require.False(t, whole.Results[an.Round-1].Clock.Before(c), "message %d announces a phase-in after its round", an.Seq)
		}
	}
	for _, sd := range []rules.SideID{a.side, b.side} {
		require.Positive(t, outs[sd], "no unit of %s phased out", sd)
		require.Positive(t, ins[sd], "no phase-in of %s announced", sd)
	}

	// Every file, as each machine reads it with its own key.
	hidden, moved, same := 0, 0, 0
	readEveryFile(t, files, seats, []string{"\"private\"", "side_keys"}, func(i int, f sent, tf *wire.File, own, other rules.SideID, games map[rules.SideID]*Game) {
		og := games[own]
		if og.DiceKeys[own] == nil {
			require.NotContains(t, string(f.Data), hex.EncodeToString(seats[own].sec.Dice), "file %d holds %s's dice key", i, own)
		}
		mine, theirs := now(og), now(games[other])
		// The other machine has each unit of this side out of phase in
		// limbo where it phased out, with no course, and does not show
		// it: nothing of where it went.
		for k := range theirs.Units {
			o := &theirs.Units[k]
			if o.Side != own || o.Status != rules.StatusLimbo {
				continue
			}
			if o.Phase != nil && games[other].dice.Knows(own, rules.PhaseSubject(o.ID, o.Phase.Out)) {
				// The file tells its phase-in, with its proofs: every
				// machine computes its time out of phase.
				continue
			}
			require.True(t, o.PhasedOut)
			require.NotNil(t, o.Phase)
			require.Equal(t, o.Phase.From, o.Hex, "file %d: %s's machine has %s elsewhere than where it phased out", i, other, o.ID)
			require.Empty(t, o.Phase.Moves, "file %d: %s's machine has %s's course", i, other, o.ID)
			for _, vu := range theirs.View(other).Units {
				require.NotEqual(t, o.ID, vu.ID, "file %d: %s sees %s", i, other, o.ID)
			}
		}
		for k := range mine.Units {
			u := &mine.Units[k]
			if u.Side != own || !u.PhasedOut || (u.Status != rules.StatusLimbo && u.Status != rules.StatusOnMap) {
				continue
			}
			hidden++
			require.NotNil(t, u.Phase)
			// Where both machines stand at the same point, the other
			// has the unit in limbo.
			if o := theirs.Unit(u.ID); mine.Clock == theirs.Clock {
				same++
				require.Equal(t, rules.StatusLimbo, o.Status, "file %d: %s at %s", i, u.ID, mine.Clock)
			}
			if u.Hex != u.Phase.From {
				moved++
			}
			// No announcement in the file tells of it after it phased
			// out, but of the stretch now played, whose orders every
			// side has opened, and no orders of its side opened since
			// name it.
			for _, m := range tf.Messages {
				if rules.SideID(m.Head().Side) != own {
					continue
				}
				switch b := m.Body.(type) {
				case *wire.Announce:
					if b.Round < og.Round || og.pending == nil {
						for _, ar := range b.PhaseIns {
							c, err := clockOf(ar.Clock)
							require.NoError(t, err)
							if rules.UnitID(ar.Unit) == u.ID {
								require.True(t, c.Before(u.Phase.Out), "file %d: %s announced at %s while out since %s", i, u.ID, c, u.Phase.Out)
							}
						}
						for _, p := range b.Proofs {
							require.NotEqual(t, rules.PhaseSubject(u.ID, u.Phase.Out), p.Subject, "file %d: the dice of %s's time out of phase are proved while it is out", i, u.ID)
						}
					}
				case *wire.Reveal:
					if b.Round >= 2 && !og.Results[b.Round-2].Clock.Before(u.Phase.Out) {
						var o Orders
						require.NoError(t, json.Unmarshal(b.Orders, &o))
						if o.Plot != nil {
							for _, sh := range o.Plot.Ships {
								require.NotEqual(t, u.ID, sh.Unit, "file %d: %s's orders name %s, out of phase", i, own, u.ID)
							}
						}
					}
				}
			}
		}
	})
	require.Positive(t, hidden, "no file was sent with a unit out of phase")
	require.Positive(t, moved, "no unit out of phase had moved from where it phased out")
	require.Positive(t, same, "no file where both machines stood at the same point with a unit out of phase")
	require.Positive(t, proofs, "no announcement proved a side's dice")
	t.Logf("%d files, %d rounds, %d commands; phase-outs %v, phase-ins announced %v in %d announcements with %d proofs; %d private rolls; %d checks of a unit out of phase in a file (%d away from where it phased out, %d with both machines at the same point); verify %s",
		len(files), len(whole.Results), len(whole.Commands), outs, ins, announces, proofs, private, hidden, moved, same, took.Round(time.Millisecond))
}

// loadSeats loads the seats of a's and b's machines, by side.
func loadSeats(t *testing.T, a, b *player) map[rules.SideID]*Seat {
	t.Helper()
	seats := map[rules.SideID]*Seat{}
	for _, p := range []*player{a, b} {
		s, err := LoadSeat(p.home, p.game)
		require.NoError(t, err)
		seats[p.side] = s
	}
	return seats
}

// keyedTruth verifies the last of files and plays its game again with
// every key: the truth every file is checked against. The rolls every
// result names must be exactly the public ones of its stretch, and at
// least one private roll must have been made; each, if not nil, is
// handed every event of the truth. It returns the last file, the game
// it replays, the truth (each round's stretch's events, as the game
// played with every key gives them), how many private rolls were made
// and how long Verify took.
func keyedTruth(t *testing.T, files []sent, each func(e rules.Event)) (last *wire.File, whole *Game, truth [][]rules.Event, private int, took time.Duration) {
	t.Helper()
	start := time.Now()
	rep, err := Verify("last", files[len(files)-1].Data)
	took = time.Since(start)
	require.NoError(t, err)
	require.Contains(t, rep, "every commitment opened")
	last = parse(t, files[len(files)-1].Data)
	whole, err = Replay(last)
	require.NoError(t, err)
	keyed, err := replay(last, replayOpts{every: whole.DiceKeys})
	require.NoError(t, err)
	truth = keyed.Stretches
	for i, evs := range truth {
		var public [][]int
		for _, e := range evs {
			switch {
			case e.Kind == rules.EventRoll && e.Audience.IsPublic():
				public = append(public, e.Roll.Faces)
			case e.Kind == rules.EventRoll:
				private++
			}
			if each != nil {
				each(e)
			}
		}
		require.Equal(t, public, whole.Results[i].Rolls, "round %d's rolls", i+1)
	}
	require.Positive(t, private, "no private roll was made")
	return last, whole, truth, private, took
}

// readEveryFile reads every one of files as each machine of seats does,
// with its own key, after checking that the file holds none of the
// strings bad, and hands check, for each side own, the file and both
// machines' games: the other machine must hold no private stream of
// own's.
func readEveryFile(t *testing.T, files []sent, seats map[rules.SideID]*Seat, bad []string, check func(i int, f sent, tf *wire.File, own, other rules.SideID, games map[rules.SideID]*Game)) {
	t.Helper()
	for i, f := range files {
		tf := parse(t, f.Data)
		for _, b := range bad {
			require.NotContains(t, string(f.Data), b, "file %d", i)
		}
		games := map[rules.SideID]*Game{}
		for sd, s := range seats {
			g, err := replay(tf, replayOpts{sec: s.sec})
			require.NoError(t, err, "file %d as %s", i, sd)
			games[sd] = g
		}
		for own := range games {
			var other rules.SideID
			for sd := range games {
				if sd != own {
					other = sd
				}
			}
			theirs := now(games[other])
			for _, p := range theirs.Private {
				for _, u := range theirs.Units {
					// A unit out of phase whose phase-in the file tells
					// (with its proofs) is known to every machine.
					if u.Side == own && u.PhasedOut && u.Phase != nil && !games[other].dice.Knows(own, rules.PhaseSubject(u.ID, u.Phase.Out)) {
						require.NotContains(t, p.Audience, rules.PhaseSubject(u.ID, u.Phase.Out), "file %d: %s's machine rolls the dice of %s's %s while it is out of phase", i, other, own, u.ID)
					}
				}
			}
			check(i, f, tf, own, other, games)
		}
	}
}
