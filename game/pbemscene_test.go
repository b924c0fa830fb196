package game

import (
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// pbemRand is a random source the same on every run, so that a test
// game's keys, nonces and so its dice are.
func pbemRand(seed byte) io.Reader { return rand.NewChaCha8([32]byte{seed}) }

// pbemPeer is the other side's machine, played through game/pbem's API
// as the text commands do: it decides what the computer at the normal
// level would, with the proposed plot.
type pbemPeer struct {
	home pbem.Home
	side rules.SideID
	ctrl match.Controller
	dir  string
	seat *pbem.Seat
	// note is the note its next file carries, if any.
	note string
}

func newPbemPeer(t *testing.T, side rules.SideID) *pbemPeer {
	t.Helper()
	return &pbemPeer{home: pbem.Home{Dir: t.TempDir(), Rand: pbemRand(2)}, side: side, dir: t.TempDir(),
		ctrl: match.NewController(match.Seat{Side: side, Kind: match.SeatComputer, Level: "normal"}, 2)}
}

// answer opens a turn file received from the window and writes the
// peer's answer; it returns the answer's path.
func (o *pbemPeer) answer(t *testing.T, path string) string {
	t.Helper()
	data, err := pbem.ReadTurnFile(path)
	require.NoError(t, err)
	seat, err := pbem.Open(o.home, path, data, o.side)
	require.NoError(t, err)
	return o.send(t, seat)
}

// send writes the peer's next turn file from seat.
func (o *pbemPeer) send(t *testing.T, seat *pbem.Seat) string {
	t.Helper()
	next, err := seat.Preview()
	require.NoError(t, err)
	var ord *pbem.Orders
	if next.MustCommit() {
		ord = &pbem.Orders{Plot: next.Propose()}
		if kind, legal := next.Decision(); kind != "" {
			c := o.ctrl.Decide(next.Game.State.View(o.side), legal)
			ord.Command = &c
		}
	}
	if _, err := seat.SendNote(ord, o.note); err != nil {
		require.ErrorIs(t, err, pbem.ErrNothingNew)
	}
	o.seat, o.note = seat, ""
	out := filepath.Join(o.dir, seat.TurnFileName())
	require.NoError(t, seat.WriteTurn(out))
	return out
}

// pbemWindow drives the window through its screens with the keys of
// its key maps.
type pbemWindow struct {
	t      *testing.T
	env    *Env
	app    *App
	script *scriptInput
	screen *ebiten.Image
	shots  string
	shot   int
	// secrets is the most lines of another side's alone a table held
	// back (requirePbemTableKeepsSecrets).
	secrets int
	// edit, when set, changes a panel's orders as a person would before
	// play commits them.
	edit func(p *PbemScene)
}

func newPbemWindow(t *testing.T, first func(env *Env) Scene) *pbemWindow {
	t.Helper()
	env := testEnv(t)
	env.pbemRand = pbemRand(1)
	// The folders searched for turn files besides the window's own are
	// the test's, not the working folder and Downloads.
	env.pbemSearch = []string{t.TempDir()}
	w := &pbemWindow{t: t, env: env, script: &scriptInput{}, screen: ebiten.NewImage(1280, 800), shots: os.Getenv("HEXRIFT_PBEM_SHOTS")}
	w.app = NewApp(env, first(env))
	w.app.SetInputSource(w.script)
	w.app.Layout(1280, 800)
	return w
}

// tick runs the window for one frame, and keeps its picture when the
// test is asked for screenshots (HEXRIFT_PBEM_SHOTS names a folder).
func (w *pbemWindow) tick() {
	w.t.Helper()
	tick(w.t, w.app, w.screen)
}

// ticks runs the window for n frames.
func (w *pbemWindow) ticks(n int) {
	w.t.Helper()
	for range n {
		w.tick()
	}
}

// snap writes the screen as a PNG into the screenshot folder, if any.
func (w *pbemWindow) snap(name string) {
	w.t.Helper()
	if w.shots == "" {
		return
	}
	w.shot++
	f, err := os.Create(filepath.Join(w.shots, strings.ReplaceAll(name, " ", "-")+".png"))
	require.NoError(w.t, err)
	defer f.Close()
	require.NoError(w.t, png.Encode(f, w.screen))
}

// table returns the table on screen.
func (w *pbemWindow) table() *PbemScene {
	w.t.Helper()
	p, ok := w.app.Scene().(*PbemScene)
	require.True(w.t, ok, "the table is on screen, not %T", w.app.Scene())
	return p
}

// files returns the play-by-file screen, going to it from the table
// with its back key when needed.
func (w *pbemWindow) files() *PbemFilesScene {
	w.t.Helper()
	if _, ok := w.app.Scene().(*PbemScene); ok {
		w.script.intend(w.t, pbemKeys, intentBack)
		w.tick()
		w.tick()
	}
	s, ok := w.app.Scene().(*PbemFilesScene)
	require.True(w.t, ok, "the play-by-file screen is on screen, not %T", w.app.Scene())
	return s
}

// open opens the turn file at path from the play-by-file screen, as the
// side when the game is new to the machine.
func (w *pbemWindow) open(path string, as rules.SideID) {
	w.t.Helper()
	s := w.files()
	s.path.SetText(path)
	s.inspect(path)
	for i := 0; as != "" && i < len(s.sides) && s.sides[s.side] != as; i++ {
		s.nextSide()
	}
	s.openFile()
	require.Empty(w.t, s.problem.Label)
	w.tick()
	w.tick()
	if fs, ok := w.app.Scene().(*PbemFilesScene); ok && fs != s {
		require.Empty(w.t, fs.problem.Label, "the file opened, but its table cannot be shown")
	}
}

// play gives the table's proposed orders with the commit key, panel
// after panel, until the turn file is written; it returns the file.
func (w *pbemWindow) play(round int) string {
	w.t.Helper()
	for guard := 0; guard < 6; guard++ {
		p := w.table()
		w.secrets = max(w.secrets, requirePbemTableKeepsSecrets(w.t, p))
		if p.stage == pbemSent {
			w.snap("round-" + string(rune('a'+round)) + "-sent")
			return p.wrote
		}
		require.NotEqual(w.t, pbemWaiting, p.stage, "the window waits, with nothing sent: %s", p.problem.Label)
		w.snap("round-" + string(rune('a'+round)) + "-" + p.stage.String() + "-" + string(p.need))
		if mb, ok := p.orders.(*moveBuilder); ok {
			// A move the plot left to the person (its watcher broke on
			// what it saw): the rules' first legal plan.
			_, legal := p.next.Needs(nil)
			require.NotEmpty(w.t, legal)
			mb.steps = legal[0].Move.Steps
		}
		if w.edit != nil {
			w.edit(p)
		}
		w.script.intend(w.t, orderKeys, intentCommit)
		w.tick()
		w.tick()
		require.Empty(w.t, p.problem.Label)
	}
	w.t.Fatal("the table never wrote its turn file")
	return ""
}

// start starts the game the New game by file screen s has chosen and
// returns the table, which has written the first turn file, and that
// file.
func (w *pbemWindow) start(s *PbemFilesScene) (*PbemScene, *wire.File) {
	w.t.Helper()
	s.newGame()
	require.Empty(w.t, s.problem.Label)
	w.tick()
	w.tick()
	p := w.table()
	require.Equal(w.t, pbemSent, p.stage)
	data, err := os.ReadFile(p.wrote)
	require.NoError(w.t, err)
	f, err := pbem.ParseFile(p.wrote, data)
	require.NoError(w.t, err)
	return p, f
}

// pbemSource is a short game of a scenario that plays by file.
func pbemSource(t *testing.T) scenarios.Source {
	t.Helper()
	src, err := scenarios.ReadSource("pbem/testdata/short-haven.yaml")
	require.NoError(t, err)
	return src
}

// peerStarts has the other machine start a game of pbemSource as the
// hunters, as pbem new does, and returns it, its seat and the path of
// the first turn file.
func peerStarts(t *testing.T) (*pbemPeer, *pbem.Seat, string) {
	t.Helper()
	return peerStartsOf(t, pbemSource(t), "hunters")
}

// peerStartsOf has the other machine start a game of src as side, and
// returns it, its seat and the path of the first turn file.
func peerStartsOf(t *testing.T, src scenarios.Source, side rules.SideID) (*pbemPeer, *pbem.Seat, string) {
	t.Helper()
	peer := newPbemPeer(t, side)
	seat, err := pbem.NewGame(peer.home, src, side, testTime)
	require.NoError(t, err)
	first := filepath.Join(peer.dir, seat.TurnFileName())
	require.NoError(t, seat.WriteTurn(first))
	return peer, seat, first
}

// A whole game between two machines, one side played in the window and
// the other through game/pbem as the text commands play it: the other
// side starts the game, the window joins it from the file, and each
// sends its file to the other, round after round, until the game is over
// and both dice keys are in; both machines reach the same state.
func TestPbemWindowPlaysRoundsByFile(t *testing.T) {
	requireDisplay(t)
	peer, seat, first := peerStarts(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewMenuScene(env) })
	w.tick()
	w.script.intend(t, menuKeys, intentByFile)
	w.tick()
	w.open(first, "corsairs")
	w.snap("joined")
	file := w.play(0)
	require.FileExists(t, file)
	rounds := 0
	decided := map[rules.CommandKind]bool{}
	var answer string
	for rounds = 1; rounds <= 40; rounds++ {
		answer = peer.answer(t, file)
		w.open(answer, "")
		p := w.table()
		if p.stage == pbemWaiting && p.next.Game.Finished() {
			break // the game is over and every dice key is in
		}
		if p.stage == pbemDecide {
			decided[p.need] = true
		}
		if p.stage == pbemPlot {
			decided["plot"] = true
		}
		if p.stage == pbemDue && p.next.Game.Over() {
			decided["key"] = true
		}
		file = w.play(rounds)
	}
	p := w.table()
	w.snap("finished")
	require.True(t, p.next.Game.Finished(), "the game played to its end in %d rounds", rounds)
	assert.Contains(t, p.waitText(), "every side's dice key is in")
	p.verify()
	require.Empty(t, p.problem.Label)
	assert.Contains(t, p.report.Label, "verified")

	w.tick()
	w.snap("verified")
	assert.Contains(t, strings.Join(p.standing(), "\n"), "The game is over")
	mine, err := pbem.LoadSeat(pbemHome(w.env), seat.Game.ID)
	require.NoError(t, err)
	theirs := peer.seat.Game
	require.NotEmpty(t, mine.Game.Results)
	require.Equal(t, len(theirs.Results), len(mine.Game.Results))
	n := len(mine.Game.Results)
	assert.Equal(t, mine.Game.Results[n-1].Hash, theirs.Results[n-1].Hash, "both machines play the stretches alike")
	assert.True(t, decided["key"], "the window sent its dice key once the game was over")
	assert.True(t, decided[rules.CmdAllocate], "the window asked for an energy allocation: %v", decided)
	assert.True(t, decided[rules.CmdDeclare], "the window asked for declarations: %v", decided)
	assert.Positive(t, w.secrets, "the other side had lines of its own, which the table kept back")
	t.Logf("%d rounds, %d results, now %s, asked %v, %d lines of the other side's kept back", rounds, n, mine.Game.State.Clock, decided, w.secrets)

	// The files screen's check says the same of the other side's last
	// file.
	s := w.files()
	s.path.SetText(answer)
	s.checkFile()
	assert.Contains(t, s.fileInfo.Label, "Checked: "+mine.Game.ID+" verified")
}

// treeBytes reads every file under dir, by path, to compare byte for
// byte.
func treeBytes(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		out[path] = string(b)
		return err
	}))
	return out
}

// A stale, replayed, edited, reordered or foreign file, or one that is
// no turn file, opened in the window is refused with a message that says
// which, and the machine's games stay byte for byte as they were; the
// true file opens after.
func TestPbemWindowRefusesBadFiles(t *testing.T) {
	requireDisplay(t)
	peer, _, first := peerStarts(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.open(first, "corsairs")
	own := w.play(0)
	answer := peer.answer(t, own)

	data, err := os.ReadFile(answer)
	require.NoError(t, err)
	bad := t.TempDir()
	variant := func(name string, change func(f *wire.File)) string {
		f, err := pbem.ParseFile(name, data)
		require.NoError(t, err)
		change(f)
		p := filepath.Join(bad, name)
		require.NoError(t, os.WriteFile(p, f.Encode(), 0o644))
		return p
	}
	last := func(f *wire.File) *wire.Message { return f.Messages[len(f.Messages)-1] }
	notTurn := filepath.Join(bad, "notes.pbem")
	require.NoError(t, os.WriteFile(notTurn, []byte("see you on Tuesday\n"), 0o644))
	cases := []struct {
		name, path, want string
	}{
		{"stale", first, "stale or replayed"},
		{"replayed own", own, "stale or replayed"},
		{"edited", variant("edited.pbem", func(f *wire.File) {
			m := last(f)
			m.Sig = make(wire.Hex, len(m.Sig))
		}), "edited or forged"},
		{"reordered", variant("reordered.pbem", func(f *wire.File) {
			n := len(f.Messages)
			f.Messages[n-1], f.Messages[n-2] = f.Messages[n-2], f.Messages[n-1]
		}), "out of order"},
		{"another game", variant("other.pbem", func(f *wire.File) { f.Game = "0123456789abcdef" }), "genesis starts game"},
		{"not a turn file", notTurn, "not a turn file"},
	}
	home := pbemHome(w.env).Dir
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := treeBytes(t, home)
			s := w.files()
			s.path.SetText(c.path)
			s.inspect(c.path)
			s.openFile()
			w.tick()
			w.tick()
			require.Contains(t, s.problem.Label, c.want)
			assert.Contains(t, s.problem.Label, "nothing of your games changed")
			require.Same(t, s, w.app.Scene(), "a refused file opens no table")
			w.snap("refused-" + c.name)
			assert.Equal(t, before, treeBytes(t, home), "the machine's games are as they were")
		})
	}

	// Check it runs the whole check on a file and changes nothing: the
	// true file checks so far and says whom it waits for; an edited one
	// is refused by name.
	before := treeBytes(t, home)
	s := w.files()
	for _, c := range []struct{ path, want string }{
		{answer, "Not finished: round "},
		{cases[2].path, "The check refuses it: "},
	} {
		s.path.SetText(c.path)
		s.checkFile()
		w.tick()
		assert.Contains(t, s.fileInfo.Label, c.want)
	}
	assert.Contains(t, s.fileInfo.Label, "edited or forged")
	assert.Equal(t, before, treeBytes(t, home), "checking changes nothing")
	s.path.SetText(answer)
	s.checkFile()
	w.tick()
	w.snap("checked-so-far")
	assert.Regexp(t, `So far all \d+ messages check: every signature and the hash chain, every commitment opened, \d+ rounds played again by the rules`, s.fileInfo.Label)

	w.open(answer, "")
	p := w.table()
	assert.NotEqual(t, pbemWaiting, p.stage, "the true file opens after the bad ones, and asks for orders")
}

// The window starts a game by file as pbem new does: the scenario and
// side chosen, the first turn file written and named, and the other
// machine joins from it; the game is listed on the window's machine.
func TestPbemWindowStartsAGame(t *testing.T) {
	requireDisplay(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	s := w.files()
	require.NotEmpty(t, s.scens, "some bundled scenarios play by file")
	for i := 0; i < len(s.scens) && s.scens[s.scen].sc.ID != "corsair-haven"; i++ {
		s.nextScenario()
	}
	s.nextNewSide() // the second side: Bounty Hunters
	s.newGame()
	require.Empty(t, s.problem.Label)
	w.tick()
	w.tick()
	p := w.table()
	require.Equal(t, pbemSent, p.stage)
	assert.Equal(t, rules.SideID("hunters"), p.side)
	assert.Contains(t, p.waitText(), "Corsair Band joins the game")
	w.snap("new-game")
	peer := newPbemPeer(t, "corsairs")
	peer.answer(t, p.wrote)
	assert.Equal(t, p.seat.Game.ID, peer.seat.Game.ID)
	s = w.files()
	require.Len(t, s.games, 1)
	assert.Contains(t, s.games[0].Label, "you play Bounty Hunters")
}

// The keys of the play-by-file screen and of its table: Esc goes back,
// to the main menu and to the games by file (nothing sent); R replays
// the last stretch (nothing written); O opens the file that arrived; K
// asks whether to claim the game (nothing written).
func TestPbemIntents(t *testing.T) {
	requireDisplay(t)
	t.Run("files", func(t *testing.T) {
		eachIntentKey(t, loadKeys, []intentCase{
			{intentBack, func(t *testing.T, k ebiten.Key) {
				w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
				w.script.press(k)
				w.tick()
				assert.IsType(t, &MenuScene{}, w.app.Scene())
			}},
		})
	})
	t.Run("table", func(t *testing.T) {
		eachIntentKey(t, pbemKeys, []intentCase{
			{intentBack, func(t *testing.T, k ebiten.Key) {
				w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
				s := w.files()
				s.newGame()
				w.tick()
				before := treeBytes(t, pbemHome(w.env).Dir)
				w.table()
				w.script.press(k)
				w.tick()
				assert.IsType(t, &PbemFilesScene{}, w.app.Scene())
				assert.Equal(t, before, treeBytes(t, pbemHome(w.env).Dir), "leaving the table writes nothing")
			}},
			{intentRecap, func(t *testing.T, k ebiten.Key) {
				peer, _, first := peerStarts(t)
				w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
				w.open(first, "corsairs")
				w.open(peer.answer(t, w.play(0)), "")
				p := w.table()
				require.NotEmpty(t, p.next.Game.Results)
				before := treeBytes(t, pbemHome(w.env).Dir)
				w.script.press(k)
				w.tick()
				require.NotNil(t, p.recap, "the key replays the last stretch")
				assert.Equal(t, before, treeBytes(t, pbemHome(w.env).Dir), "replaying writes nothing")
			}},
			{intentOpenArrival, func(t *testing.T, k ebiten.Key) {
				peer, _, first := peerStarts(t)
				w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
				w.open(first, "corsairs")
				answer := peer.answer(t, w.play(0))
				p := w.table()
				arrive(t, w.env.pbemSearch[0], filepath.Base(answer), []byte(mustRead(t, answer)))
				w.ticks(pbemWatchTicks)
				require.NotNil(t, p.arrived, "the table found the answer")
				w.script.press(k)
				w.tick()
				w.tick()
				assert.NotContains(t, []pbemStage{pbemSent, pbemWaiting}, w.table().stage, "the key opened the answer, and the table asks for orders")
			}},
			{intentClaim, func(t *testing.T, k ebiten.Key) {
				_, _, first := peerStarts(t)
				w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
				w.open(first, "corsairs")
				w.play(0)
				p := w.table()
				before := treeBytes(t, pbemHome(w.env).Dir)
				w.script.press(k)
				w.tick()
				assert.True(t, p.claim.asking, "the key asks whether to claim the game")
				assert.Equal(t, before, treeBytes(t, pbemHome(w.env).Dir), "asking writes nothing")
			}},
		})
	})
}

// A turn file dropped on the window: one of a new game waits for the
// side to be chosen, one of a game kept here opens at once, and a bad one
// is refused as when it is chosen from the list.
func TestPbemWindowTakesADroppedFile(t *testing.T) {
	requireDisplay(t)
	peer := newPbemPeer(t, "hunters")
	seat, err := pbem.NewGame(peer.home, pbemSource(t), "hunters", testTime)
	require.NoError(t, err)
	first := seat.Game.File().Encode()
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	s := w.files()
	s.takeDrop(fstest.MapFS{"notes.txt": {Data: []byte("not this one")}, "first.pbem": {Data: first}})
	w.tick()
	require.Same(t, s, w.app.Scene(), "a new game's file waits for the side")
	require.Equal(t, []rules.SideID{"corsairs"}, s.sides)
	s.openFile()
	w.tick()
	w.tick()
	p := w.table()
	assert.Equal(t, rules.SideID("corsairs"), p.side)
	answer := peer.answer(t, w.play(0))

	s = w.files()
	s.takeDrop(fstest.MapFS{"first.pbem": {Data: first}})
	w.tick()
	assert.Contains(t, s.problem.Label, "stale or replayed")
	data, err := os.ReadFile(answer)
	require.NoError(t, err)
	s.takeDrop(fstest.MapFS{"answer.pbem": {Data: data}})
	w.tick()
	w.tick()
	assert.NotEqual(t, pbemWaiting, w.table().stage, "a file of the game kept here opens at once")
}

// A turn file the window cannot write (its folder is taken by a file)
// is said so on the table, the orders already sealed are kept, and the
// file is written once the folder can be made: nothing is lost.
func TestPbemWindowSaysWhenItCannotWrite(t *testing.T) {
	requireDisplay(t)
	_, _, first := peerStarts(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	w.open(first, "corsairs")
	outbox := pbemOutbox(pbemHome(w.env))
	require.NoError(t, os.WriteFile(outbox, []byte("in the way"), 0o644))
	p := w.table()
	require.Equal(t, pbemFirst, p.stage)
	w.script.intend(t, orderKeys, intentCommit)
	w.tick()
	require.Same(t, p, w.app.Scene(), "the table stays")
	require.NotEmpty(t, p.problem.Label, "the table says why no file was written")
	require.NoError(t, os.Remove(outbox))
	w.script.intend(t, orderKeys, intentCommit)
	w.tick()
	w.tick()
	sent := w.table()
	require.Equal(t, pbemSent, sent.stage, sent.problem.Label)
	f, err := pbem.ParseFile(sent.wrote, []byte(mustRead(t, sent.wrote)))
	require.NoError(t, err)
	kinds := []string{}
	for _, m := range f.Messages {
		kinds = append(kinds, m.Head().Kind)
	}
	assert.Equal(t, []string{wire.KindGenesis, wire.KindJoin, wire.KindCommit}, kinds, "the file carries the join and the commitment sealed at the first try")
}

// mustRead reads a file the test wrote.
func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// A new game by file of a scenario file of the player's own: typed into
// the screen, it becomes the new game's scenario, and its rift
// destinations named by path go with the game, so the other machine
// joins with the scenario's folder gone. A file that does not load, or
// whose secrets a file cannot keep, is refused by name.
func TestPbemWindowStartsAGameOfAFile(t *testing.T) {
	requireDisplay(t)
	folder := filepath.Join(t.TempDir(), "maps")
	require.NoError(t, os.MkdirAll(folder, 0o755))
	for _, name := range []string{"path-gate.yaml", "gate-yard.yaml"} {
		data, err := os.ReadFile(filepath.Join("pbem", "testdata", name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(folder, name), data, 0o644))
	}
	drill, err := scenarios.ReadSource("drill-rift")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(folder, "drill.yaml"), drill.Data, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(folder, "broken.yaml"), []byte("id: x\nsides: [\n"), 0o644))

	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	s := w.files()
	bundled := len(s.scens)
	for _, tc := range []struct{ file, want string }{
		{"broken.yaml", "broken.yaml:"},
		{"drill.yaml", "drill.yaml cannot be played by file: it has open rifts"},
		{"missing.yaml", "missing.yaml"},
	} {
		s.chooseFile(filepath.Join(folder, tc.file))
		assert.Contains(t, s.problem.Label, tc.want, tc.file)
		assert.Len(t, s.scens, bundled, "%s is not offered", tc.file)
	}
	s.scenPath.SetText(filepath.Join(folder, "path-gate.yaml"))
	s.chooseFile(strings.TrimSpace(s.scenPath.GetText()))
	require.Empty(t, s.problem.Label)
	require.Equal(t, "path-gate", s.scens[s.scen].sc.ID)
	w.tick()
	w.snap("new-game-of-a-file")
	p, f := w.start(s)
	require.NoError(t, os.RemoveAll(folder))
	require.Len(t, f.Messages[0].Body.(*wire.Genesis).Scenario.Destinations, 1, "the genesis carries gate-yard.yaml")
	peer := newPbemPeer(t, "hunters")
	peer.answer(t, p.wrote)
	assert.Equal(t, p.seat.Game.ID, peer.seat.Game.ID, "the other machine joined with the scenario's folder gone")
}

// TestPbemWindowStartsAGameWithCosmicRiftsOff: the New game by file
// screen offers "Cosmic rifts off" for a scenario with them on, and not
// for one whose ruleset has them off. Ticked, it starts a game whose
// genesis carries the choice: the window's table says rifts are off, and
// so does the game list; the other machine joins from the file and plays
// the scenario with rifts off too. A file of such a game, opened by a
// window new to it, says so before the side is chosen, and its table
// after.
func TestPbemWindowStartsAGameWithCosmicRiftsOff(t *testing.T) {
	requireDisplay(t)
	w := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	s := w.files()
	for _, tc := range []struct {
		id      string
		offered bool
	}{
		{"corsair-haven", false},
		{"rift-run", true},
	} {
		for i := 0; i < len(s.scens) && s.scens[s.scen].sc.ID != tc.id; i++ {
			s.nextScenario()
		}
		require.Equal(t, tc.id, s.scens[s.scen].sc.ID)
		w.tick()
		assert.Equal(t, tc.offered, s.riftsBox.GetWidget().IsVisible(), "%s: the choice shown", tc.id)
		assert.Equal(t, tc.offered, s.riftsInfo.GetWidget().IsVisible(), "%s: its explanation shown", tc.id)
	}
	sc := s.scens[s.scen].sc
	s.riftsBox.Click()
	w.tick()
	require.True(t, s.noRifts, "the box ticked")
	w.snap("new-game-rifts-off")
	p, f := w.start(s)
	assert.True(t, p.seat.Game.Genesis.NoCosmicRifts)
	assert.True(t, p.seat.Game.State.Ruleset.NoCosmicRifts)
	assert.Contains(t, p.standing()[0], " · cosmic rifts off")
	require.True(t, f.Messages[0].Body.(*wire.Genesis).NoCosmicRifts, "the genesis carries the choice")

	other := sc.Setup().Sides[1].ID
	peer := newPbemPeer(t, other)
	peer.answer(t, p.wrote)
	assert.Equal(t, p.seat.Game.ID, peer.seat.Game.ID)
	assert.True(t, peer.seat.Game.State.Ruleset.NoCosmicRifts, "the other machine plays rifts off")
	assert.Contains(t, peer.seat.Game.VariantText(), "cosmic rifts off")
	s = w.files()
	require.Len(t, s.games, 1)
	assert.Contains(t, s.games[0].Label, " · cosmic rifts off")

	// The window joins a game another machine started with rifts off.
	joiner := newPbemWindow(t, func(env *Env) Scene { return NewPbemFilesScene(env) })
	starter := newPbemPeer(t, sc.Setup().Sides[0].ID)
	seat, err := pbem.NewGameWith(starter.home, s.scens[s.scen].src, starter.side, testTime, pbem.Variant{NoCosmicRifts: true})
	require.NoError(t, err)
	first := filepath.Join(starter.dir, seat.TurnFileName())
	require.NoError(t, seat.WriteTurn(first))
	js := joiner.files()
	js.path.SetText(first)
	js.inspect(first)
	assert.Contains(t, js.fileInfo.Label, ", with cosmic rifts off (no rift forms, IP4.21): choose your side.")
	joiner.open(first, other)
	jp := joiner.table()
	assert.Contains(t, jp.standing()[0], " · cosmic rifts off")
	assert.True(t, jp.seat.Game.State.Ruleset.NoCosmicRifts)
}
