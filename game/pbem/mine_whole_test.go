package pbem

import (
	"crypto/ed25519"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
)

// mineGame is mined-haven between two homes: the corsairs' minefield
// across the bounty hunters' way in.
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
func announcesMine(f *File) bool {
	for _, m := range f.Messages {
		if m.Kind == KindAnnounce && len(m.Announce.Mines) > 0 {
			return true
		}
	}
	return false
}

// mineAnnouncement returns the index of the first announcement in f with
// a mine set off.
func mineAnnouncement(t *testing.T, f *File) int {
	t.Helper()
	for i, m := range f.Messages {
		if m.Kind == KindAnnounce && len(m.Announce.Mines) > 0 {
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
// no hex, and plays the set-offs the corsairs' machine announces at the
// very enter check they came at. Every file is read by each machine with
// its own key: the hunters' machine never holds a hidden mine's hex nor
// shows one, the corsairs' table lists its own mines where they lie and
// the hunters' lists none; no file holds the hex of a mine not yet set
// off (but the scenario's, in the genesis) before the key messages; both
// machines reach the same public hash; every result's rolls are the
// public rolls of the game played with every key, and Verify passes.
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

	lastFile, whole, truth, private, took := keyedTruth(t, files, nil)
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
	for _, u := range truth[len(truth)-1].State.Units {
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

	offs, announces := 0, 0
	for _, m := range lastFile.Messages {
		if m.Kind != KindAnnounce {
			continue
		}
		announces++
		for _, n := range m.Announce.Mines {
			offs++
			require.Equal(t, rules.SideID("corsairs"), m.Side)
			require.Equal(t, m.Side, n.Side)
			require.Equal(t, laid[n.Mine], n.Hex, "mine %s went off where it lies", n.Mine)
		}
	}
	require.Positive(t, offs, "no mine went off")
	require.Len(t, truth[len(truth)-1].Mines, offs, "every set-off announced")

	// Every file, as each machine reads it with its own key.
	hidden, listed := 0, 0
	bad := []string{"\"private\"", "side_keys", "where mine", " lies at "}
	readEveryFile(t, files, seats, bad, func(i int, f sent, tf *File, own, other rules.SideID, games map[rules.SideID]*Game) {
		keys := false
		for _, m := range tf.Messages {
			keys = keys || m.Kind == KindKey
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
		// The tables: the side's own mines on its own, none on the
		// other's.
		tables := map[rules.SideID]string{}
		for sd, g := range games {
			var buf strings.Builder
			(&Seat{Side: sd, Game: g, Seen: max(0, len(g.Results)-1), sec: seats[sd].sec}).Show(&buf)
			tables[sd] = buf.String()
		}
		seat := &Seat{Side: own, Game: games[own]}
		if own == "corsairs" && len(seat.Mines()) == 0 && len(mine.HiddenMines(own)) > 0 {
			require.Contains(t, tables[own], "your dice lay each within 2 hexes of the scenario's hex as the first round is played", "file %d: the mines not laid yet", i)
		}
		for _, u := range seat.Mines() {
			listed++
			require.Contains(t, tables[own], fmt.Sprintf("  %-14s %-10s %-18s %s\n", u.ID, u.Side, u.Class, u.Hex), "file %d", i)
			for _, l := range strings.Split(tables[other], "\n") {
				require.False(t, strings.HasPrefix(l, "  "+string(u.ID)+" "), "file %d: %s's table lists %s: %q", i, other, u.ID, l)
			}
		}
		require.Empty(t, (&Seat{Side: own, Game: games[other]}).Mines(), "file %d: %s's machine lists %s's mines", i, other, own)
	})
	require.Positive(t, hidden)
	require.Positive(t, listed)
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
	for _, p := range truth[len(truth)-1].MinePoints {
		if p.Side == "corsairs" {
			points++
		}
	}
	t.Logf("%d files, %d rounds, %d commands, to %s; %d of 8 mines laid off their scenario hex; %d mine points, %d set-off(s) in %d announcements, %d of them awaited by a file; %d private rolls; %d readings with a corsairs mine in limbo on the hunters' machine, %d mines listed on the corsairs' tables; verify %s",
		len(files), len(whole.Results), len(whole.Commands), last.Clock, moved, points, offs, announces, waits, private, hidden, listed, took.Round(time.Millisecond))
}

// TestFalseMineNewsIsRefused opens, at the hunters' machine as it was
// before it opened the file with the corsairs' announcement of a mine
// set off, that file ending with the announcement, the announcement
// changed and signed again by the corsairs in each way a machine can see
// is false without their key: each is refused naming the announcement,
// the machine's files stay byte for byte as they were, and the true file
// opens after.
func TestFalseMineNewsIsRefused(t *testing.T) {
	a, b, files := playMines(t)
	require.NotEmpty(t, mineGame.kept, "no file held an announcement of a mine set off")
	kept := mineGame.kept[0]
	honest := parse(t, files[kept.File].Data)
	at := mineAnnouncement(t, honest)
	honest.Messages = honest.Messages[:at+1]
	m := honest.Messages[at]
	cheater := a
	if b.side == m.Side {
		cheater = b
	}
	require.NotEqual(t, cheater.side, kept.p.side)
	an0 := m.Announce
	key := map[rules.SideID]ed25519.PrivateKey{cheater.side: keyOf(t, cheater)}
	requireFalseAnnouncementsRefused(t, kept, encode(t, honest), at, key, []announceCase{
		{"another side's mine", func(an *Announcement) {
			an.Mines[0].Side = "hunters"
		}, "the mine is hunters's, not corsairs's"},
		{"a unit that is no mine", func(an *Announcement) {
			an.Mines[0].Mine = "brigand"
		}, `no mine "brigand"`},
		{"a set-off past the announcement's reach", func(an *Announcement) {
			an.Mines[0].Point = an.MinePoints + 1
		}, "is outside the announcement's reach"},
		{"a set-off at a point where another unit enters", func(an *Announcement) {
			an.Mines[0].Unit = "bounty"
		}, "at corsairs's mine point"},
		{"a set-off at another hex than the point's", func(an *Announcement) {
			an.Mines[0].Hex.Q++
		}, "at corsairs's mine point"},
		{"a mine that cannot lie there", func(an *Announcement) {
			an.Mines[0].Mine = "snare"
		}, "a mine lies within 2 hexes of its scenario hex 4,2"},
		{"a mine set off twice", func(an *Announcement) {
			an.Mines = append(an.Mines, an.Mines[0])
		}, "is set off twice"},
		{"a set-off told at an earlier point, where another unit or hex is entered", func(an *Announcement) {
			n := an.Mines[0]
			n.Mine, n.Point = "gin", n.Point-1
			an.Mines = append([]rules.MineNews{n}, an.Mines...)
		}, fmt.Sprintf("at corsairs's mine point %d, ", an0.Mines[0].Point-1)},
	})
}

// TestVerifyNamesFalseMineNews changes the corsairs' announcement of a
// mine set off in the ways no machine but theirs can see are false (the
// set-off left out, another mine set off, a set-off added where no mine
// lies) and makes the rest of the log consistent with it, every message
// signed again by its side and every result the one the rules give
// (reforge): only the game played again with every key can tell, and
// Verify names the announcement. An announcement withheld leaves the
// game waiting, and Verify names the side.
func TestVerifyNamesFalseMineNews(t *testing.T) {
	a, b, files := playMines(t)
	full := files[len(files)-1].Data
	f0 := parse(t, full)
	at := mineAnnouncement(t, f0)
	n := f0.Messages[at].Announce.Mines[0]
	require.Equal(t, rules.UnitID("pitfall"), n.Mine)
	tests := []announceCase{
		{"the set-off left out", func(an *Announcement) {
			an.Mines = nil
		}, fmt.Sprintf("a false announcement: corsairs's mine pitfall went off at %s as %s entered %v (its mine point %d), and the announcement does not say so", n.Clock, n.Unit, n.Hex, n.Point)},
		{"another mine set off", func(an *Announcement) {
			an.Mines[0].Mine = "noose"
		}, "it says corsairs's mine noose went off at " + n.Clock.String()},
		{"a set-off where no mine lies", func(an *Announcement) {
			extra := an.Mines[0]
			extra.Mine = "noose"
			an.Mines = append([]rules.MineNews{extra}, an.Mines...)
		}, "it says corsairs's mine noose went off"},
	}
	require.Equal(t, rules.SideID("corsairs"), f0.Messages[at].Side)
	keys := map[rules.SideID]ed25519.PrivateKey{a.side: keyOf(t, a), b.side: keyOf(t, b)}
	requireVerifyNamesEach(t, full, at, keys, tests)
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
			s := play(st, []rules.SideID{"corsairs", "hunters"}, map[rules.SideID]*Orders{"corsairs": {}, "hunters": {}}, 1, 0)
			if !storm {
				require.Empty(t, s.Result.Stopped)
				require.Equal(t, "corsairs must decide its allocate", s.Result.Break)
				return
			}
			require.Contains(t, s.Result.Stopped, "hidden content that play by file cannot keep secret: a phase storm rages while corsairs's mine caltrop is hidden")
			require.Empty(t, s.Commands)
		})
	}
}
