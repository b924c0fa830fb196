package rules_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

var update = flag.Bool("update", false, "regenerate the golden games in testdata/games")

// goldenTurns is how many turns each golden game plays (fewer if it ends).
const goldenTurns = 4

// goldenGame is one file of testdata/games: a bundled scenario, a seed,
// the commands of a game and the state hash at every step boundary, as
// rules.Play reports them. They are what perft counts are for a chess
// engine: any change that alters a game shows here, at the first step
// that differs.
type goldenGame struct {
	Scenario string `json:"scenario"`
	// ScenarioSHA256 is the hash of the bundled file the game was made
	// from: a changed scenario is reported as such, not as a divergence.
	ScenarioSHA256 string             `json:"scenario_sha256"`
	Seed           uint64             `json:"seed"`
	Turns          int                `json:"turns"`
	FinalHash      string             `json:"final_hash"`
	Outcome        string             `json:"outcome"`
	Commands       []rules.Command    `json:"commands"`
	Checkpoints    []rules.Checkpoint `json:"checkpoints"`
}

// TestGoldenGames replays every game in testdata/games and checks its
// hash at every step boundary; -update plays them anew from the bundled
// scenarios. A game is played by choosing among rules.Legal's candidates
// with a fixed pseudo-random sequence, so every kind of command the
// samples offer turns up.
func TestGoldenGames(t *testing.T) {
	dir := filepath.Join("testdata", "games")
	if *update {
		writeGoldenGames(t, dir)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 8 {
		t.Fatalf("%d golden games in %s, want one per bundled scenario (run with -update)", len(files), dir)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			g := readGolden(t, f)
			setup, sum := bundledSetup(t, g.Scenario)
			if sum != g.ScenarioSHA256 {
				t.Fatalf("bundled/%s.yaml changed since %s was made: regenerate with -update", g.Scenario, f)
			}
			if err := rules.Verify(setup, g.Seed, g.Commands, g.Checkpoints); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			final, _, err := rules.Play(setup, g.Seed, g.Commands)
			if err != nil {
				t.Fatal(err)
			}
			if got := final.Hash().String(); got != g.FinalHash {
				t.Fatalf("%s: final hash %s, want %s", f, got, g.FinalHash)
			}
			if got := final.Outcome().String(); got != g.Outcome {
				t.Fatalf("%s: outcome %q, want %q", f, got, g.Outcome)
			}
		})
	}
}

// The golden games together exercise every phenomenon and every kind of
// command; a regeneration that lost one would weaken what they pin.
func TestGoldenGamesCover(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "games", "*.json"))
	kinds := map[rules.CommandKind]bool{}
	for _, f := range files {
		for _, c := range readGolden(t, f).Commands {
			kinds[c.Kind] = true
		}
	}
	for _, k := range []rules.CommandKind{rules.CmdAllocate, rules.CmdDeclare, rules.CmdMove,
		rules.CmdActivity, rules.CmdFire, rules.CmdEvade, rules.CmdRepair} {
		if !kinds[k] {
			t.Errorf("no golden game has a %s command", k)
		}
	}
	// Every phenomenon happens in some golden game: its clauses show in
	// the events of the replays.
	seen := map[string]bool{}
	for _, f := range files {
		g := readGolden(t, f)
		setup, _ := bundledSetup(t, g.Scenario)
		for _, e := range replayEvents(t, setup, g) {
			seen[e.Kind.String()] = true
			seen[e.Clause] = true
		}
	}
	for _, want := range []struct{ what, key string }{
		{"a phase change", "IP8.21"},
		{"a phase storm", rules.EventStorm.String()},
		{"a cosmic rift event", rules.EventCosmic.String()},
		{"a gravity rift exit roll", "GR41.2"},
		{"a shot", rules.EventFire.String()},
		{"damage", rules.EventDamage.String()},
	} {
		if !seen[want.key] {
			t.Errorf("no golden game shows %s (%s)", want.what, want.key)
		}
	}
}

// replayEvents replays a golden game and returns all its events; every
// command must be accepted.
func replayEvents(t *testing.T, setup rules.Setup, g goldenGame, opts ...rules.Option) []rules.Event {
	t.Helper()
	evs, n := replayEventsUntilRefused(t, setup, g, opts...)
	if n != len(g.Commands) {
		t.Fatalf("%s: command %d of %d refused", g.Scenario, n+1, len(g.Commands))
	}
	return evs
}

func readGolden(t testing.TB, path string) goldenGame {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g goldenGame
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return g
}

func bundledSetup(t testing.TB, id string) (rules.Setup, string) {
	t.Helper()
	sc, err := scenarios.LoadBundled(id)
	if err != nil {
		t.Fatal(err)
	}
	src, err := scenarios.ReadSource(id)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(src.Data)
	return sc.Setup(), hex.EncodeToString(sum[:])
}

func writeGoldenGames(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	old, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range old {
		os.Remove(f)
	}
	for i, info := range scenarios.Bundled() {
		setup, sum := bundledSetup(t, info.ID)
		seed := uint64(1000 + i)
		cmds := playGolden(t, setup, seed)
		final, cps, err := rules.Play(setup, seed, cmds)
		if err != nil {
			t.Fatalf("%s: %v", info.ID, err)
		}
		g := goldenGame{Scenario: info.ID, ScenarioSHA256: sum, Seed: seed, Turns: final.Clock.Turn,
			FinalHash: final.Hash().String(), Outcome: final.Outcome().String(), Commands: cmds, Checkpoints: cps}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", " ")
		if err := enc.Encode(g); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, info.ID+".json"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// playGolden plays a game of goldenTurns turns, each pending side in
// turn choosing one of its legal candidates by a splitmix64 sequence.
func playGolden(t *testing.T, setup rules.Setup, seed uint64, opts ...rules.Option) []rules.Command {
	t.Helper()
	s, err := rules.NewState(setup, seed, opts...)
	if err != nil {
		t.Fatal(err)
	}
	x := seed
	next := func(n int) int {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return int((z ^ (z >> 31)) % uint64(n))
	}
	var cmds []rules.Command
	s.Advance()
	for guard := 0; s.Clock.Turn <= goldenTurns && !s.Outcome().Over; guard++ {
		if guard > 200000 {
			t.Fatalf("%s: no end after %d commands", setup.Info.ID, len(cmds))
		}
		p := s.Pending()
		if len(p) == 0 {
			s.Advance()
			continue
		}
		side := p[next(len(p))]
		cs := s.Legal(side)
		if len(cs) == 0 {
			t.Fatalf("%s: no legal command for %s at %s", setup.Info.ID, side, s.Clock)
		}
		// Prefer a candidate that does something over the empty choice,
		// three times in four, so shots, launches and repairs are played.
		c := cs[next(len(cs))]
		if len(cs) > 1 && next(4) > 0 {
			c = cs[1+next(len(cs)-1)]
		}
		if _, err := s.Apply(c); err != nil {
			t.Fatalf("%s: legal %s refused at %s: %v", setup.Info.ID, c, s.Clock, err)
		}
		cmds = append(cmds, c)
	}
	if len(cmds) == 0 || slices.ContainsFunc(cmds, func(c rules.Command) bool { return c.Side == "" }) {
		t.Fatalf("%s: empty or sideless game", setup.Info.ID)
	}
	return cmds
}
