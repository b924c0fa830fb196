package pbem

import (
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/internal/testrand"
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// sent is one turn file as it left a machine.
type sent struct {
	From rules.SideID
	Data []byte
}

// player is one side's machine: its own home and the computer deciding
// what a person would (a computer player at the normal level choosing
// among the commands the rules offer, and the proposed plot).
type player struct {
	home Home
	side rules.SideID
	ctrl match.Controller
	game string
	// limbo, when set, gives the side's orders for its own units out of
	// phase (limbo_test.go).
	limbo func(t *testing.T, seat *Seat) *LimboOrders
}

// orders are the player's orders for the stretch its seat now faces.
func (p *player) orders(t *testing.T, seat *Seat) *Orders {
	t.Helper()
	next, err := seat.Preview()
	require.NoError(t, err)
	o := &Orders{Plot: next.Propose()}
	if kind, legal := next.Decision(); kind != "" {
		c := p.ctrl.Decide(next.Game.State.View(p.side), legal)
		o.Command = &c
	}
	if p.limbo != nil {
		o.Limbo = p.limbo(t, next)
	}
	return o
}

// fixedRand is a random source the same on every run, so that the test
// game's keys, nonces and so its dice are: SHA-256 in counter mode.
func fixedRand(seed string) io.Reader { return testrand.New(seed) }

// testSource is a short game of a bundled scenario.
func testSource(t testing.TB) scenarios.Source {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "short-haven.yaml"))
	require.NoError(t, err)
	return scenarios.Source{Name: "testdata/short-haven.yaml", Data: data}
}

// playWhole plays a whole game between two machines, each with its own
// home, that exchange nothing but turn files, and returns every file in
// the order sent.
// The whole game is played once and shared by the tests that only read
// it (its homes live in a folder TestMain removes).
func playWhole(t *testing.T) (a, b *player, files []sent) {
	t.Helper()
	return whole.get(t, "whole game", func() (*player, *player, []sent) { return playFiles(t, 0) })
}

var whole sharedGame

// sharedGame is a game played once and shared by the tests that only
// read it.
type sharedGame struct {
	once  sync.Once
	a, b  *player
	files []sent
	// kept are the homes the game kept (homesGame.keep).
	kept []keptHome
}

// get plays the game once, with play, and returns it.
func (s *sharedGame) get(t *testing.T, name string, play func() (a, b *player, files []sent)) (*player, *player, []sent) {
	t.Helper()
	s.once.Do(func() { s.a, s.b, s.files = play() })
	if s.files == nil {
		t.Fatalf("the shared %s failed", name)
	}
	return s.a, s.b, s.files
}

// testDir holds the homes of the games the tests share.
var testDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "pbem-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// homeDir returns a new folder for a home: under the test's temporary
// folder, or under testDir when limit is 0 (the shared whole game).
func homeDir(t *testing.T, limit int, name string) string {
	t.Helper()
	if limit != 0 {
		return t.TempDir()
	}
	d, err := os.MkdirTemp(testDir, name)
	require.NoError(t, err)
	return d
}

// playFiles plays as playWhole does, stopping once limit files are sent
// (0: none), the last of them not yet opened.
func playFiles(t *testing.T, limit int) (a, b *player, files []sent) {
	t.Helper()
	return playHomes(t, homesGame{src: testSource(t), sides: [2]rules.SideID{"corsairs", "hunters"}, seeds: [2]string{"a", "b"}}, limit)
}

// homesGame is a game between two machines: its scenario, the sides of
// the machine that starts it and of the other, and the seeds of their
// random sources (so of their keys, nonces and the game's dice).
type homesGame struct {
	src   scenarios.Source
	sides [2]rules.SideID
	seeds [2]string
	// keep, when set, picks files: before a machine opens each file it
	// picks, a copy of that machine's home is kept in kept.
	keep func(*wire.File) bool
	kept *[]keptHome
	// limbo gives each side's orders for its units out of phase (none
	// when nil).
	limbo [2]func(t *testing.T, seat *Seat) *LimboOrders
	// started, when set, runs once the first machine has started the game.
	started func()
	// variant is what the first machine changes of the scenario's rules.
	variant Variant
	// note, when set, is the note each file carries, by its number (""
	// for none; notes_test.go).
	note func(n int) string
}

// keptHome is a copy of a machine's home as it was before it opened file
// File of a game.
type keptHome struct {
	p    *player
	File int
}

// keepHome copies p's home to a new folder.
func keepHome(t *testing.T, p *player, limit int) *player {
	t.Helper()
	dir := homeDir(t, limit, "kept")
	require.NoError(t, os.CopyFS(dir, os.DirFS(p.home.Dir)))
	return &player{home: Home{Dir: dir, Rand: fixedRand(dir)}, side: p.side, ctrl: p.ctrl, game: p.game}
}

// playHomes plays game g between two machines, each with its own home,
// that exchange nothing but turn files, stopping once limit files are
// sent (0: none), the last of them not yet opened.
func playHomes(t *testing.T, g homesGame, limit int) (a, b *player, files []sent) {
	t.Helper()
	src := g.src
	a = &player{home: Home{Dir: homeDir(t, limit, "a"), Rand: fixedRand(g.seeds[0])}, side: g.sides[0], ctrl: match.NewController(match.Seat{Side: g.sides[0], Kind: match.SeatComputer, Level: "normal"}, 1)}
	b = &player{home: Home{Dir: homeDir(t, limit, "b"), Rand: fixedRand(g.seeds[1])}, side: g.sides[1], ctrl: match.NewController(match.Seat{Side: g.sides[1], Kind: match.SeatComputer, Level: "normal"}, 2)}
	a.limbo, b.limbo = g.limbo[0], g.limbo[1]
	seat, err := NewGameWith(a.home, src, a.side, testTime, g.variant)
	require.NoError(t, err)
	a.game, b.game = seat.Game.ID, seat.Game.ID
	if g.started != nil {
		g.started()
	}
	data := seat.Game.File().Encode()
	files = append(files, sent{From: a.side, Data: data})
	to, from := b, a
	for i := 0; i < 400; i++ {
		if len(files) == limit {
			return a, b, files
		}
		if g.keep != nil && g.keep(parse(t, data)) {
			*g.kept = append(*g.kept, keptHome{p: keepHome(t, to, limit), File: len(files) - 1})
		}
		seat, err := Open(to.home, fmt.Sprintf("file-%d", i), data, to.side)
		require.NoError(t, err, "file %d from %s", i, from.side)
		if seat.Game.Finished() {
			return a, b, files
		}
		var o *Orders
		if next, err := seat.Preview(); err == nil && next.MustCommit() {
			o = to.orders(t, seat)
		}
		note := ""
		if g.note != nil {
			note = g.note(len(files))
		}
		f, err := seat.SendNote(o, note)
		require.NoError(t, err, "%s sending at %s", to.side, seat.Game.State.Clock)
		data = f.Encode()
		files = append(files, sent{From: to.side, Data: data})
		if seat.Game.Finished() {
			// The last file reaches the other side, which sees the end.
			last, err := Open(from.home, "last", data, from.side)
			require.NoError(t, err)
			require.True(t, last.Game.Finished())
			return a, b, files
		}
		to, from = from, to
	}
	t.Fatal("the game did not end in 400 files")
	return nil, nil, nil
}

func TestWholeGameBetweenTwoHomes(t *testing.T) {
	a, b, files := playWhole(t)
	sa, err := LoadSeat(a.home, a.game)
	require.NoError(t, err)
	sb, err := LoadSeat(b.home, b.game)
	require.NoError(t, err)
	// Both machines reach the same game, over by the rules.
	require.Equal(t, rules.StepGameOver, sa.Game.State.Clock.Step)
	require.Equal(t, sa.Game.State.PublicHash(), sb.Game.State.PublicHash())
	require.Greater(t, len(sa.Game.Results), 3)
	for _, r := range sa.Game.Results {
		require.Empty(t, r.Stopped)
	}
	// The game replays from the last file alone, end to end.
	rep, err := Verify("last", files[len(files)-1].Data)
	require.NoError(t, err)
	require.Contains(t, rep, "every commitment opened")
	// The last sent file replays to what a plain rules replay of the
	// game's commands, with each round's dice, gives.
	t.Logf("%d files, %d rounds, %d commands, outcome %s", len(files), len(sa.Game.Results), len(sa.Game.Commands), sa.Game.State.Outcome())
}

// TestFilesKeepEachSidesSecrets checks every file of a whole game for
// what the other side must not learn from it: the sender's signing key,
// each side's dice and seal keys before the game is over, and each side's
// sealed orders and nonce before every side committed (after which the
// rules reveal them anyway); and that the game never held a phased-out
// unit, a private roll or a cosmic rift, which a file could not keep.
func TestFilesKeepEachSidesSecrets(t *testing.T) {
	a, b, files := playWhole(t)
	secrets := map[rules.SideID]*secret{}
	for _, p := range []*player{a, b} {
		s, err := LoadSeat(p.home, p.game)
		require.NoError(t, err)
		secrets[p.side] = s.sec
	}
	checked := 0
	for i, f := range files {
		text := string(f.Data)
		for side, sec := range secrets {
			require.NotContains(t, text, hex.EncodeToString(sec.Key), "file %d holds %s's signing key", i, side)
			require.NotContains(t, text, hex.EncodeToString(sec.Seal), "file %d holds %s's seal key", i, side)
		}
		tf, err := ParseFile("f", f.Data)
		require.NoError(t, err)
		g, err := Replay(tf)
		require.NoError(t, err)
		// A side's dice key is in no file before the game is over and
		// the side has sent it.
		for side, sec := range secrets {
			if g.DiceKeys[side] == nil {
				require.NotContains(t, text, hex.EncodeToString(sec.Dice), "file %d holds %s's dice key", i, side)
			} else {
				require.True(t, g.Over(), "file %d: %s's dice key before the end", i, side)
			}
		}
		// Orders sealed but not yet due to be opened appear nowhere.
		for side, sec := range secrets {
			if g.Commits[side] == nil || g.Reveals[side] != nil {
				continue
			}
			sl := sec.Rounds[g.Round]
			require.NotContains(t, text, hex.EncodeToString(sl.Nonce), "file %d holds %s's sealed nonce", i, side)
			for _, m := range tf.Messages {
				if r, ok := m.Body.(*wire.Reveal); ok && r.Round >= g.Round {
					require.NotEqual(t, string(sl.Orders), string(r.Orders), "file %d holds %s's sealed orders", i, side)
				}
			}
			checked++
		}
		require.Empty(t, hiddenNow(g.State), "file %d", i)
		for _, bad := range []string{"phased_out", "\"private\"", "rifts\":["} {
			require.NotContains(t, text, bad, "file %d", i)
		}
	}
	require.Greater(t, checked, len(files)/2, "files with orders sealed and not yet due")
	// Every file a side sent carries its commitment before its reveal:
	// in every round, each side's commit comes before any side's reveal.
	tf, err := ParseFile("last", files[len(files)-1].Data)
	require.NoError(t, err)
	committed := map[int]int{}
	for _, m := range tf.Messages {
		switch b := m.Body.(type) {
		case *wire.Commit:
			committed[b.Round]++
		case *wire.Reveal:
			require.Equal(t, 2, committed[b.Round], "a reveal of round %d before both commitments", b.Round)
		}
	}
	require.False(t, strings.Contains(string(files[0].Data), "\"orders\""))
}

// testTime is when the test games are made.
var testTime = time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
