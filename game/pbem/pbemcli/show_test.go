package pbemcli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// shortGame is game/pbem's test game: short-haven, the corsairs' machine
// starting it, seeds "a" and "b".
func shortGame(t *testing.T) tableGame {
	t.Helper()
	return tableGame{src: testSource(t, "short-haven"), sides: [2]rules.SideID{"corsairs", "hunters"}, seeds: [2]string{"a", "b"}}
}

// TestShowKeepsToTheSidesView: the table a side is shown holds its own
// units' condition and none of the other side's.
func TestShowKeepsToTheSidesView(t *testing.T) {
	g := shortGame(t)
	g.limit = 5
	_, _, files, tabs := playTables(t, g, nil)
	require.Len(t, files, 5)
	lines := 0
	for _, l := range strings.Split(tabs[4]["corsairs"], "\n") {
		f := strings.Fields(l)
		if len(f) < 2 || !strings.Contains(l, "facing") {
			continue
		}
		lines++
		require.Equal(t, f[1] == "corsairs", strings.Contains(l, "| battery"), l)
	}
	require.Equal(t, 6, lines)
}

// TestShowKeepsUnitsOutOfPhaseToTheirSide: in game/pbem's phase game
// (drill-phase under a phase storm, seeds fed-38 and kor-38), at every
// file after which a side has units out of phase, that side's table
// lists each of them where its machine has it, with its record
// (IP8.337), and the other side's table lists none of them (IP8.32): the
// log it shows may tell that a unit phased out, never where it went.
func TestShowKeepsUnitsOutOfPhaseToTheirSide(t *testing.T) {
	src, err := scenarios.ReadSource("drill-phase")
	require.NoError(t, err)
	g := tableGame{src: src, sides: [2]rules.SideID{"federation", "korath"}, seeds: [2]string{"fed-38", "kor-38"}}
	out := map[int]map[rules.SideID][]rules.Unit{}
	_, _, files, tabs := playTables(t, g, func(n int, seat *pbem.Seat, table string) {
		for _, u := range seat.OutOfPhase() {
			require.Contains(t, table, fmt.Sprintf("  %-14s %-10s %-18s %s facing %s", u.ID, u.Side, u.Class, u.Hex, u.Facing), "file %d: %s's table", n, seat.Side)
			require.NotNil(t, u.Phase)
			require.Contains(t, table, fmt.Sprintf("| out since %s at %s, %d course rolls", u.Phase.Out, u.Phase.From, len(u.Phase.Moves)), "file %d: %s's table", n, seat.Side)
		}
		if out[n] == nil {
			out[n] = map[rules.SideID][]rules.Unit{}
		}
		out[n][seat.Side] = seat.OutOfPhase()
	})
	shown := 0
	for n, bySide := range out {
		for sd, units := range bySide {
			theirs, ok := tabs[n][g.other(sd)]
			if !ok {
				continue
			}
			for _, u := range units {
				shown++
				require.False(t, listed(theirs, u.ID), "file %d: %s's table lists %s's %s", n, g.other(sd), sd, u.ID)
			}
		}
	}
	require.Positive(t, shown, "no table with a unit out of phase")
	t.Logf("%d files; %d units out of phase shown to their side alone", len(files), shown)
}

// TestTablesListTheSidesOwnMines: in game/pbem's mine game (mined-haven,
// seeds mine-a and mine-b), the corsairs' table says their mines are
// hidden before their dice lay them, then lists each where it lies,
// while the hunters' table at the same file lists none.
func TestTablesListTheSidesOwnMines(t *testing.T) {
	g := tableGame{src: testSource(t, "mined-haven"), sides: [2]rules.SideID{"corsairs", "hunters"}, seeds: [2]string{"mine-a", "mine-b"}}
	unlaid := 0
	mines := map[int]map[rules.SideID][]rules.Unit{}
	_, _, files, tabs := playTables(t, g, func(n int, seat *pbem.Seat, table string) {
		if seat.MinesUnlaid() {
			unlaid++
			require.Contains(t, table, "your dice lay each within 2 hexes of the scenario's hex as the first round is played", "file %d: the mines not laid yet", n)
		}
		for _, u := range seat.Mines() {
			require.Contains(t, table, fmt.Sprintf("  %-14s %-10s %-18s %s\n", u.ID, u.Side, u.Class, u.Hex), "file %d", n)
		}
		if mines[n] == nil {
			mines[n] = map[rules.SideID][]rules.Unit{}
		}
		mines[n][seat.Side] = seat.Mines()
	})
	listedMines := 0
	for n, bySide := range mines {
		require.Empty(t, bySide["hunters"], "file %d: the hunters' machine lists mines", n)
		theirs, ok := tabs[n]["hunters"]
		if !ok {
			continue
		}
		for _, u := range bySide["corsairs"] {
			listedMines++
			require.False(t, listed(theirs, u.ID), "file %d: the hunters' table lists %s", n, u.ID)
		}
	}
	require.Positive(t, unlaid, "no table before the mines were laid")
	require.Positive(t, listedMines, "no corsairs' table listing its mines, beside a hunters' table of the same file")
	t.Logf("%d files; %d corsairs' mines listed on their own table alone", len(files), listedMines)
}

// TestTablesOfAStoppedGameAgree: in game/pbem's "forms" rift game
// (rift-haven, seeds 3a and rift-b, the hunters' rift forming at T1 I6
// and stopping the game), both tables say the game stopped and tell the
// points as the game stood, alike.
func TestTablesOfAStoppedGameAgree(t *testing.T) {
	g := tableGame{src: testSource(t, "rift-haven"), sides: [2]rules.SideID{"corsairs", "hunters"}, seeds: [2]string{"3a", "rift-b"}}
	_, _, files, tabs := playTables(t, g, nil)
	last := tabs[len(files)-1]
	require.Len(t, last, 2)
	var stood []string
	for _, sd := range g.sides {
		table := last[sd]
		require.Contains(t, table, "the game stopped: the game stops before hunters's command evade, which would bring hidden content that play by file cannot keep secret: hunters's cosmic rift rift-1 forms at T1 I6 involuntary-movement")
		i := strings.Index(table, "as it stood when it stopped: ")
		require.GreaterOrEqual(t, i, 0, "%s's table: %s", sd, table)
		line, _, _ := strings.Cut(table[i:], "\n")
		stood = append(stood, line)
	}
	require.Equal(t, stood[0], stood[1])
	require.Regexp(t, `as it stood when it stopped: (\w+ \d+(, )?){2}$`, stood[0])
}

// gameNotes are the notes the files of the notes game carry, by file, as
// game/pbem's notes tests have them.
var gameNotes = []string{
	1: "Your move. Nice shot on the Kestrel.",
	2: "Thanks.\nMind the Squall on your way in.",
	3: "",
	4: strings.Repeat("Ж", pbem.MaxNoteLen),
}

// TestTablesShowNotes: the table of the side that opens a file with a
// note (and of its preview) shows the notes of the files it last
// received, with the writer's side name and where the game stood; once
// it has answered, the other side's table shows no new note, and its
// list of every note marks its own.
func TestTablesShowNotes(t *testing.T) {
	g := shortGame(t)
	g.note = func(n int) string { return gameNotes[n] }
	g.limit = len(gameNotes)
	a, b, files, _ := playTables(t, g, nil)
	seat, err := pbem.Open(b.home, "f4", files[4], b.side)
	require.NoError(t, err)
	next, err := seat.Preview()
	require.NoError(t, err)
	var all []string
	for _, n := range seat.Game.Notes {
		all = append(all, seat.Game.NoteLine(n, "    "))
	}
	require.Len(t, all, 3)
	require.Equal(t, "Corsair Band (turn 1, start of turn): Thanks.\n    Mind the Squall on your way in.", all[1])
	for name, s := range map[string]*pbem.Seat{"opened": seat, "its preview": next} {
		require.Contains(t, tableOf(s), "notes from the other sides in the files you last received:\n  "+all[2]+"\n", name)
		require.NotContains(t, tableOf(s), all[1], name)
	}
	f, err := seat.Send(b.orders(t, seat))
	require.NoError(t, err)
	theirs, err := pbem.Open(a.home, "f5", f.Encode(), a.side)
	require.NoError(t, err)
	require.NotContains(t, tableOf(theirs), "notes from the other sides")
	var out strings.Builder
	showNotes(theirs, &out)
	require.Equal(t, "the notes of the game (3):\n  "+all[0]+"\n  you, "+all[1]+"\n  you, "+all[2]+"\n", out.String())
}
