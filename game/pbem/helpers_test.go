package pbem

import (
	"crypto/ed25519"
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

func parse(t *testing.T, data []byte) *wire.File {
	t.Helper()
	f, err := ParseFile("test", data)
	require.NoError(t, err)
	return f
}

// keyOf returns the signing key a player's machine keeps.
func keyOf(t *testing.T, p *player) ed25519.PrivateKey {
	t.Helper()
	s, err := LoadSeat(p.home, p.game)
	require.NoError(t, err)
	return s.sec.signer()
}

// edit changes the body of message i of f as change says and writes it
// again in the one encoding, keeping its signature (as someone between
// the machines would: the signature no longer matches).
func edit[B wire.Body](t *testing.T, f *wire.File, i int, change func(b B)) {
	t.Helper()
	b, ok := f.Messages[i].Body.(B)
	require.True(t, ok, "message %d is a %s", i, f.Messages[i].Head().Kind)
	change(b)
	m, err := wire.New(b)
	require.NoError(t, err)
	m.Sig = f.Messages[i].Sig
	f.Messages[i] = m
}

// rechain numbers and chains the messages from index from on again and
// signs again those of the sides whose keys are given (a cheater signs
// its own messages; another side's stay as they were).
func rechain(t *testing.T, f *wire.File, from int, keys map[rules.SideID]ed25519.PrivateKey) {
	t.Helper()
	for i := from; i < len(f.Messages); i++ {
		h := f.Messages[i].Head()
		h.Seq = i
		if i > 0 {
			h.Prev = f.Messages[i-1].Hash()
		}
		m, err := wire.New(f.Messages[i].Body)
		require.NoError(t, err)
		m.Sig = f.Messages[i].Sig
		if k, ok := keys[rules.SideID(h.Side)]; ok {
			m.Sign(k)
		}
		f.Messages[i] = m
	}
}

// index returns the index of the first message of kind in f from start.
func index(t *testing.T, f *wire.File, start int, kind string) int {
	t.Helper()
	for i := start; i < len(f.Messages); i++ {
		if f.Messages[i].Head().Kind == kind {
			return i
		}
	}
	t.Fatalf("no %s message from %d", kind, start)
	return -1
}

// keptFiles returns what p's machine keeps of its game: its log and its
// secrets, as bytes.
func keptFiles(t *testing.T, p *player) [2][]byte {
	t.Helper()
	l, err := os.ReadFile(p.home.LogPath(p.game))
	require.NoError(t, err)
	s, err := os.ReadFile(p.home.secretPath(p.game))
	require.NoError(t, err)
	return [2][]byte{l, s}
}

// tableHomes gives each of sides a home, its random source seeded from
// seed and the side's index, and a normal computer player seeded from the
// index plus first; it starts the game of src at the first home and
// returns the players, the first home's seat and the game's first file.
func tableHomes(t *testing.T, src scenarios.Source, sides []rules.Side, seed string, first uint64) ([]*player, *Seat, []byte) {
	t.Helper()
	var ps []*player
	for i, sd := range sides {
		ps = append(ps, &player{home: Home{Dir: t.TempDir(), Rand: fixedRand(fmt.Sprint(seed, i))}, side: sd.ID,
			ctrl: match.NewController(match.Seat{Side: sd.ID, Kind: match.SeatComputer, Level: "normal"}, uint64(i)+first)})
	}
	seat, err := NewGame(ps[0].home, src, ps[0].side, testTime)
	require.NoError(t, err)
	for _, p := range ps {
		p.game = seat.Game.ID
	}
	return ps, seat, seat.Game.File().Encode()
}

// sendOn sends what p's seat has to send, with p's orders where the game
// waits for them (a seat with nothing new sends its file again), and
// returns the file encoded.
func sendOn(t *testing.T, p *player, seat *Seat) []byte {
	t.Helper()
	var o *Orders
	if next, err := seat.Preview(); err == nil && next.MustCommit() {
		o = p.orders(t, seat)
	}
	f, err := seat.Send(o)
	if err != nil {
		require.ErrorIs(t, err, ErrNothingNew)
	}
	return f.Encode()
}

// publicRolls counts the public rolls of clause among events (all of
// them with clause "").
func publicRolls(events []rules.Event, clause string) int {
	n := 0
	for _, e := range events {
		if e.Kind == rules.EventRoll && e.Audience.IsPublic() && (clause == "" || e.Clause == clause) {
			n++
		}
	}
	return n
}
