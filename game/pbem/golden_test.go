package pbem

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

var update = flag.Bool("update", false, "write the golden turn files of testdata/golden again")

// The golden turn files pin the format: finished games as this version
// wrote them, which every later hexrift must read and verify byte for
// byte (the signatures are over the bytes stored; nothing is encoded
// again), or refuse by version. A change to the wire format, to a
// rules type a revealed order carries, to a roll or to what a step
// gives fails TestGoldenTurnFiles: such a change needs a new file
// version, not new golden files. Write them again (-update) only with a
// new version.
var goldens = []struct {
	name string
	// play plays the game and returns its last file.
	play func(t *testing.T) []byte
	// check checks that the file holds what it is kept for.
	check func(t *testing.T, f *wire.File)
}{
	{"limbo-notes", playGoldenLimbo, func(t *testing.T, f *wire.File) {
		requireKinds(t, f, map[string]bool{wire.KindNote: true, wire.KindAnnounce: true})
		proofs, opened, phaseIns := 0, 0, 0
		for _, m := range f.Messages {
			if an, ok := m.Body.(*wire.Announce); ok {
				proofs, opened, phaseIns = proofs+len(an.Proofs), opened+len(an.Limbo), phaseIns+len(an.PhaseIns)
			}
		}
		require.Positive(t, phaseIns, "no phase-in announced")
		require.Positive(t, proofs, "no dice proved")
		require.Positive(t, opened, "no sealed orders opened by an announcement")
	}},
	{"three-sides", playGoldenThree, func(t *testing.T, f *wire.File) {
		require.Len(t, f.Messages[0].Body.(*wire.Genesis).Sides, 3)
	}},
	{"phase", func(t *testing.T) []byte {
		_, _, files := playPhase(t)
		return files[len(files)-1].Data
	}, func(t *testing.T, f *wire.File) {
		requireKinds(t, f, map[string]bool{wire.KindAnnounce: true})
	}},
}

// requireKinds requires f to hold messages of every kind in kinds.
func requireKinds(t *testing.T, f *wire.File, kinds map[string]bool) {
	t.Helper()
	for _, m := range f.Messages {
		delete(kinds, m.Head().Kind)
	}
	require.Empty(t, kinds, "kinds of message the file should hold")
}

// TestGoldenTurnFiles reads each golden turn file: it is in the one
// encoding (read and written again, the same bytes), holds what it is
// kept for, and verifies end to end, every secret checked with every
// side's dice.
func TestGoldenTurnFiles(t *testing.T) {
	for _, gf := range goldens {
		t.Run(gf.name, func(t *testing.T) {
			path := filepath.Join("testdata", "golden", gf.name+".pbem")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, gf.play(t), 0o644))
			}
			data, err := os.ReadFile(path)
			require.NoError(t, err, "the golden file (go test -run TestGoldenTurnFiles -update writes it, with a new file version only)")
			f := parse(t, data)
			require.True(t, bytes.Equal(data, f.Encode()), "%s is not in the one encoding", path)
			gf.check(t, f)
			rep, err := Verify(path, data)
			require.NoError(t, err)
			require.Contains(t, rep, "every secret checked with every side's dice")
			t.Logf("%s: %d bytes: %s", path, len(data), rep)
		})
	}
}

// playGoldenLimbo plays testdata/phase-cloak.yaml between two machines,
// the Korath stopping and cloaking their units out of phase, with a note
// in every third file, and returns its last file.
func playGoldenLimbo(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "phase-cloak.yaml"))
	require.NoError(t, err)
	g := homesGame{src: scenarios.Source{Name: "testdata/phase-cloak.yaml", Data: data},
		sides: [2]rules.SideID{"korath", "federation"}, seeds: [2]string{"gold-k", "gold-f"},
		limbo: [2]func(*testing.T, *Seat) *LimboOrders{goldenLimbo, nil},
		note: func(n int) string {
			if n%3 == 0 {
				return fmt.Sprintf("File %d. Your move.", n)
			}
			return ""
		}}
	_, _, files := playHomes(t, g, 0)
	return files[len(files)-1].Data
}

// goldenLimbo stops the side's units out of phase and switches their
// cloaks on where the rules allow (IP8.443).
func goldenLimbo(t *testing.T, seat *Seat) *LimboOrders {
	t.Helper()
	lo := seat.ProposeLimbo()
	if lo == nil {
		return nil
	}
	for i := range lo.Allocations {
		a := &lo.Allocations[i]
		a.Movement, a.Impulse, a.Cloak = 0, false, true
		if seat.Game.State.CheckLimboAllocations(seat.Side, []rules.Allocation{*a}) != nil {
			a.Cloak = false
		}
	}
	return lo
}

// playGoldenThree plays testdata/short-crowns.yaml round a table of
// three machines, each passing its file to the next, and returns the
// last file.
func playGoldenThree(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "short-crowns.yaml"))
	require.NoError(t, err)
	src := scenarios.Source{Name: "testdata/short-crowns.yaml", Data: data}
	sc, err := src.Load()
	require.NoError(t, err)
	var ps []*player
	for i, sd := range sc.Setup().Sides {
		ps = append(ps, &player{home: Home{Dir: t.TempDir(), Rand: fixedRand(fmt.Sprint("gold-three-", i))}, side: sd.ID,
			ctrl: match.NewController(match.Seat{Side: sd.ID, Kind: match.SeatComputer, Level: "normal"}, uint64(i))})
	}
	seat, err := NewGame(ps[0].home, src, ps[0].side, testTime)
	require.NoError(t, err)
	file := seat.Game.File().Encode()
	for n := 1; n < 600; n++ {
		p := ps[n%len(ps)]
		seat, err := Open(p.home, fmt.Sprint("file-", n), file, p.side)
		require.NoError(t, err, "file %d at %s", n, p.side)
		var o *Orders
		if next, err := seat.Preview(); err == nil && next.MustCommit() {
			o = p.orders(t, seat)
		}
		f, err := seat.Send(o)
		if err != nil {
			require.ErrorIs(t, err, ErrNothingNew)
		}
		file = f.Encode()
		if seat.Game.Finished() {
			return file
		}
	}
	t.Fatal("the three-side game did not end")
	return nil
}
