package pbem

import (
	"crypto/ed25519"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// mineGame is mined-haven between two homes: the corsairs' minefield
// across the bounty hunters' way in (with these seeds the corsairs'
// pitfall and then spike go off).
var mineGame sharedGame

// playMines plays the mine game once for the tests that only read it,
// keeping the homes of the machines that received a file holding an
// announcement of a mine set off, as they were before they opened it.
func playMines(t *testing.T) (a, b *player, files []sent) {
	t.Helper()
	return mineGame.get(t, "mine game", func() (*player, *player, []sent) {
		g := homesGame{src: riftSource(t, "mined-haven"), sides: [2]rules.SideID{"corsairs", "hunters"}, seeds: [2]string{"mine-a", "mine-b"}}
		g.keep, g.kept = announcesMine, &mineGame.kept
		return playHomes(t, g, 0)
	})
}

// announcesMine reports whether f holds an announcement of a mine set
// off.
func announcesMine(f *wire.File) bool {
	for _, m := range f.Messages {
		if an, ok := m.Body.(*wire.Announce); ok && len(an.Mines) > 0 {
			return true
		}
	}
	return false
}

// mineAnnouncement returns the index of the first announcement in f with
// a mine set off.
func mineAnnouncement(t *testing.T, f *wire.File) int {
	t.Helper()
	for i, m := range f.Messages {
		if an, ok := m.Body.(*wire.Announce); ok && len(an.Mines) > 0 {
			return i
		}
	}
	t.Fatal("no announcement of a mine set off")
	return 0
}

// TestMineGameBetweenTwoHomes plays mined-haven, the corsairs' mines
// across the hunters' way in, between two machines that exchange nothing
// but the files, to its end. The corsairs' dice lay each mine within two
// hexes of the scenario's; the hunters' machine holds them in limbo with
// no hex, and plays each set-off the corsairs' machine announces, with
// the proofs of its mine's dice, at the very enter check it came at.
// Every file is read by each machine with its own key: the hunters'
// machine never holds a hidden mine's hex nor shows one, and its Mines
// lists none of the corsairs' (the tables that list them are pbemcli's
// TestTablesListTheSidesOwnMines); no file holds the hex of a mine not
// yet set off (but the scenario's, in the genesis) before the key
// messages; both machines reach the same public hash; every result's
// rolls are the public rolls of the game played with every key, and
// Verify passes. (A set-off is told by its mine point and mine now, not
// by the hex and unit, which the machines told compute.)
func TestMineGameBetweenTwoHomes(t *testing.T) {
	a, b, files := playMines(t)
	seats := loadSeats(t, a, b)
	sa, sb := seats[a.side], seats[b.side]
	require.True(t, sa.Game.Finished())
	require.Equal(t, sa.Game.State.PublicHash(), sb.Game.State.PublicHash())
	last := sa.Game.Results[len(sa.Game.Results)-1]
	require.Equal(t, last, sb.Game.Results[len(sb.Game.Results)-1])
	require.Equal(t, rules.StepGameOver, last.Clock.Step)
	require.Empty(t, last.Stopped)

	lastFile, whole, _, private, took := keyedTruth(t, files, nil)
	keyed, err := replay(lastFile, replayOpts{every: whole.DiceKeys})
	require.NoError(t, err)
	from := map[rules.UnitID]rules.Hex{}
	for _, u := range whole.Scenario.Setup().Units {
		if u.Kind == rules.KindMine {
			from[u.ID] = u.Hex
		}
	}
	require.Len(t, from, 8)
	// Where the corsairs' dice laid each mine, as the game played with
	// every key has it.
	laid := map[rules.UnitID]rules.Hex{}
	for _, u := range keyed.State.Units {
		if u.Kind == rules.KindMine {
			laid[u.ID] = u.Hex
			require.LessOrEqual(t, u.Hex.Distance(from[u.ID]), 2, u.ID)
		}
	}
	moved := 0
	for id, h := range laid {
		if h != from[id] {
			moved++
		}
	}
	require.Positive(t, moved, "no mine laid off its scenario hex")

	truth := map[int]rules.MineNews{} // the set-offs, by mine point
	for _, n := range keyed.State.MinesMade() {
		require.Equal(t, rules.SideID("corsairs"), n.Side)
		require.Equal(t, laid[n.Mine], n.Hex, "mine %s went off where it lies", n.Mine)
		truth[n.Point] = n
	}
	offs, announces := 0, 0
	for _, m := range lastFile.Messages {
		an, ok := m.Body.(*wire.Announce)
		if !ok {
			continue
		}
		announces++
		for _, n := range an.Mines {
			offs++
			require.Equal(t, "corsairs", an.Side)
			require.Equal(t, string(truth[n.Point].Mine), n.Mine, "the mine of point %d", n.Point)
			require.True(t, containsProof(an.Proofs, rules.MineSubject(rules.UnitID(n.Mine))), "message %d tells of %s without its proofs", an.Seq, n.Mine)
		}
	}
	require.Positive(t, offs, "no mine went off")
	require.Len(t, truth, offs, "every set-off announced")

	// Every file, as each machine reads it with its own key.
	hidden := 0
	bad := []string{"\"private\"", "where mine", " lies at "}
	readEveryFile(t, files, seats, bad, func(i int, f sent, tf *wire.File, own, other rules.SideID, games map[rules.SideID]*Game) {
		keys := false
		for _, m := range tf.Messages {
			keys = keys || m.Head().Kind == wire.KindKey
		}
		mine := now(games[own])
		theirs := now(games[other])
		for k := range mine.Units {
			u := &mine.Units[k]
			if u.Kind != rules.KindMine || u.Side != own {
				continue
			}
			o := theirs.Unit(u.ID)
			switch u.Status {
			case rules.StatusLimbo:
				hidden++
				if mine.Clock != (rules.Clock{Turn: 1, Step: rules.StepStartOfTurn}) {
					require.Equal(t, laid[u.ID], u.Hex, "file %d: %s's machine lays %s as verify does", i, own, u.ID)
				}
				require.Equal(t, rules.StatusLimbo, o.Status, "file %d", i)
				require.Equal(t, rules.Hex{}, o.Hex, "file %d: %s's machine holds %s's mine %s's hex", i, other, own, u.ID)
				if !keys && u.Hex != from[u.ID] {
					require.NotContains(t, string(f.Data), fmt.Sprintf(`"hex":{"q":%d,"r":%d}`, u.Hex.Q, u.Hex.R), "file %d holds hidden mine %s's hex", i, u.ID)
				}
			case rules.StatusDestroyed:
				require.Equal(t, rules.StatusDestroyed, o.Status, "file %d: %s set off on one machine only", i, u.ID)
				require.Equal(t, u.Hex, o.Hex, "file %d: %s went off elsewhere on %s's machine", i, u.ID, other)
			}
		}
		for _, uv := range theirs.View(other).Units {
			require.NotEqual(t, rules.KindMine, uv.Kind, "file %d: %s's view shows a mine", i, other)
		}
		require.Empty(t, (&Seat{Side: own, Game: games[other]}).Mines(), "file %d: %s's machine lists %s's mines", i, other, own)
	})
	require.Positive(t, hidden)
	// The files after which the game waited for the corsairs' word on a
	// mine point: each costs the round one more file.
	waits := 0
	for _, f := range files {
		g, err := Replay(parse(t, f.Data))
		require.NoError(t, err)
		if sd, what, _ := g.Waiting(); what == "announce" && sd == "corsairs" {
			waits++
		}
	}
	points := 0
	for _, p := range keyed.State.MinePoints() {
		if p.Side == "corsairs" {
			points++
		}
	}
	t.Logf("%d files, %d rounds, %d commands, to %s; %d of 8 mines laid off their scenario hex; %d mine points, %d set-off(s) in %d announcements, %d of them awaited by a file; %d private rolls; %d readings with a corsairs mine in limbo on the hunters' machine; verify %s",
		len(files), len(whole.Results), len(whole.Commands), last.Clock, moved, points, offs, announces, waits, private, hidden, took.Round(time.Millisecond))
}

// TestFalseMineNewsIsRefused opens, at the hunters' machine as it was
// before it opened the file with the corsairs' announcement of a mine
// set off, that file ending with the announcement, the announcement
// changed and signed again by the corsairs in each way it can be false:
// each is refused as the file is opened, naming the announcement, the
// machine's files stay byte for byte as they were, Verify names it too,
// and the true file opens after. An announcement withheld leaves the
// game waiting, and Verify names the side.
//
// Version 3's news carried the hex and the unit that entered it, and the
// receiving machine refused what the public game showed false (another
// side's mine, a hex or unit not the mine point's, a mine that cannot
// lie there), leaving another mine, or a set-off left out, to Verify
// with every key. The news is now a mine point and a mine, with the
// proofs of the mine's dice, from which every machine lays the mine
// itself: a false point, a mine set off twice, proofs missing or of
// another mine or round are refused at open.
func TestFalseMineNewsIsRefused(t *testing.T) {
	a, b, files := playMines(t)
	require.NotEmpty(t, mineGame.kept, "no file held an announcement of a mine set off")
	kept := mineGame.kept[0]
	honest := parse(t, files[kept.File].Data)
	at := mineAnnouncement(t, honest)
	honest.Messages = honest.Messages[:at+1]
	an0 := honest.Messages[at].Body.(*wire.Announce)
	require.Equal(t, "corsairs", an0.Side)
	require.Equal(t, wire.MineNews{Point: 15, Mine: "pitfall"}, an0.Mines[0], "the seeds' first set-off")
	cheater := a
	if string(b.side) == an0.Side {
		cheater = b
	}
	require.NotEqual(t, cheater.side, kept.p.side)
	key := map[rules.SideID]ed25519.PrivateKey{cheater.side: keyOf(t, cheater)}
	n := an0.Mines[0]
	subject := rules.MineSubject(rules.UnitID(n.Mine))
	saysAt := func(point int) string {
		return fmt.Sprintf("a false announcement: it says mine pitfall went off at its mine point %d", point)
	}
	requireFalseAnnouncementsRefused(t, kept, honest.Encode(), at, key, []announceCase{
		{"another mine set off, the mine's proofs kept", func(t *testing.T, an *wire.Announce) {
			an.Mines[0].Mine = "noose"
		}, "field proofs: it proves corsairs's dice of " + subject + ", and tells nothing of it"},
		{"a set-off without proofs", func(t *testing.T, an *wire.Announce) {
			an.Proofs = nil
		}, "field proofs: it tells of " + subject + " and proves none of its dice"},
		{"a set-off past the announcement's reach", func(t *testing.T, an *wire.Announce) {
			an.Mines[0].Point = an.MinePoints + 1
		}, saysAt(an0.MinePoints+1) + "; played with the dice it proves, the rules give: mine pitfall went off at "},
		{"a set-off told at an earlier point", func(t *testing.T, an *wire.Announce) {
			an.Mines[0].Point--
		}, saysAt(n.Point-1) + "; played with the dice it proves, the rules give: mine pitfall went off at "},
		{"a mine set off twice", func(t *testing.T, an *wire.Announce) {
			an.Mines = append(an.Mines, an.Mines[0])
		}, saysAt(n.Point) + ", which the rules, played with the dice it proves, do not give"},
		{"the set-off left out, its proofs kept", func(t *testing.T, an *wire.Announce) {
			an.Mines = nil
		}, "field proofs: it proves corsairs's dice of " + subject + ", and tells nothing of it"},
		{"a proof of a round not yet played", func(t *testing.T, an *wire.Announce) {
			an.Proofs[0].Round = an.Round + 1
		}, fmt.Sprintf("proof 1: round %d is not a round played by this announcement's", an0.Round+1)},
		{"a corrupted proof", func(t *testing.T, an *wire.Announce) {
			p := slices.Clone(an.Proofs[0].Proof)
			p[len(p)-1] ^= 1
			an.Proofs[0].Proof = p
		}, "is not a proof of corsairs's dice"},
	})
	t.Run("withheld announcement", func(t *testing.T) {
		full := files[len(files)-1].Data
		requireWithheldAnnouncementAwaited(t, full, mineAnnouncement(t, parse(t, full)))
	})
}

// TestPhaseStormStopsHiddenMines: a phase storm raging while a mine is
// hidden (IP8.511) stops the game, on every machine alike: a mine in a
// storm phases at random (IP8.47), on rolls that would show where it
// lies, which the peer state does not play. With no storm the mines play.
func TestPhaseStormStopsHiddenMines(t *testing.T) {
	sc, err := riftSource(t, "mined-haven").Load()
	require.NoError(t, err)
	for _, storm := range []bool{false, true} {
		t.Run(fmt.Sprintf("storm %v", storm), func(t *testing.T) {
			st, err := rules.NewState(sc.Setup(), 0, rules.WithPeer("hunters"))
			require.NoError(t, err)
			if storm {
				st.Phase.Storm = &rules.PhaseStorm{Side: "hunters", Start: 1, Until: 3, Range: 60}
			}
			s, err := play(st, []rules.SideID{"corsairs", "hunters"}, map[rules.SideID]*Orders{"corsairs": {}, "hunters": {}}, testEpoch(1), 1, 0, false)
			require.NoError(t, err)
			if !storm {
				require.Empty(t, s.Result.Stopped)
				require.Equal(t, "corsairs must decide its allocate", s.Result.Break)
				return
			}
			require.Contains(t, s.Result.Stopped, "hidden content that play by file cannot keep secret: a phase storm rages while corsairs's mine caltrop is hidden")
			require.Equal(t, Stop{Kind: stopHidden, Code: hiddenStorm}, s.Result.Stop)
			require.Empty(t, s.Commands)
		})
	}
}

// TestVerifyNamesAMineSetOffKeptBack: the corsairs' announcement of
// their first mine set off, the set-off left out with its proofs, so that
// no machine opening the file can tell (the hunters' machine does not
// know the mine, and plays on without it), and the rest of the log made
// consistent with it, every message signed again by its side (reforge).
// Verify, playing the game again with every side's dice key, names the
// announcement. (The rest of version 3's TestVerifyNamesFalseMineNews,
// another mine or a set-off where no mine lies, is refused at open now:
// TestFalseMineNewsIsRefused.)
func TestVerifyNamesAMineSetOffKeptBack(t *testing.T) {
	a, b, files := playMines(t)
	full := files[len(files)-1].Data
	at := mineAnnouncement(t, parse(t, full))
	g, err := Replay(parse(t, full))
	require.NoError(t, err)
	keyed, err := replay(parse(t, full), replayOpts{every: g.DiceKeys})
	require.NoError(t, err)
	n := keyed.State.MinesMade()[0]
	require.Equal(t, rules.UnitID("pitfall"), n.Mine)
	requireVerifyNamesKeptBack(t, full, at, a, b, []keptBackCase{
		{"the set-off left out", func(t *testing.T, an *wire.Announce) {
			require.Equal(t, wire.MineNews{Point: 15, Mine: "pitfall"}, an.Mines[0])
			an.Mines = an.Mines[1:]
			withoutSubject(an, rules.MineSubject("pitfall"), "")
		}, fmt.Sprintf("mine pitfall went off at %s as %s entered %v (its mine point 15), and the announcement does not say so", n.Clock, n.Unit, n.Hex)},
	})
}
