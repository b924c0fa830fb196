package pbemcli

import (
	"fmt"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
)

// TestCommandsClaimAStalledGame: the hunters open the corsairs' file that
// reveals the corsairs' orders of round 1 (so its dice) and stop
// answering. The corsairs' show says whom the game waits for, for what
// and since which message, and how to settle it; pbem claim writes their
// signed claim, which ends the game with the hunters forfeiting it, and
// their dice key. A claim while the game waits for one's own move is
// refused, and the corsairs' show and verify of the claim's file then say
// who stalled since which message; once the hunters open it and send
// their key, verify passes, naming the claim.
func TestCommandsClaimAStalledGame(t *testing.T) {
	_, cmd, file := cliRunner(t, map[string]string{"corsairs": "a", "hunters": "b"})
	_, err := cmd("corsairs", "new", filepath.Join("..", "testdata", "short-haven.yaml"), "-as", "corsairs", "-out", file(0))
	require.NoError(t, err)
	game := parseFile(t, file(0)).Game
	out, err := cmd("hunters", "open", file(0), "-as", "hunters")
	require.NoError(t, err)
	// The game waits for the hunters' join, their own to send: a claim
	// of theirs is refused.
	_, err = cmd("hunters", "claim", "-out", file(9))
	require.ErrorContains(t, err, "game "+game+" waits for your own join: send it (pbem send) rather than claim")
	require.NoFileExists(t, file(9))
	_, send, _ := openTurn(t, cmd, file, "hunters", 0, out)
	sendTurn(t, cmd, "hunters", send)
	_, send, _ = openTurn(t, cmd, file, "corsairs", 1, "")
	sendTurn(t, cmd, "corsairs", send)
	// The corsairs' commit and reveal of round 1 are in file 2: the
	// hunters open it and never answer.
	f2 := parseFile(t, file(2))
	last := len(f2.Messages) - 1
	require.Equal(t, wire.KindReveal, f2.Messages[last].Head().Kind)
	_, err = cmd("hunters", "open", file(2))
	require.NoError(t, err)
	stalled := fmt.Sprintf("waiting for hunters's reveal since message %d; if it never comes, hexrift pbem claim -game %s settles the game, hunters forfeiting it", last, game)
	out, err = cmd("corsairs", "show")
	require.NoError(t, err)
	require.Contains(t, out, stalled)
	_, err = cmd("corsairs", "verify", game)
	require.ErrorContains(t, err, fmt.Sprintf("round 1 waits for hunters's reveal since message %d (every side committed and corsairs revealed): a side that never reveals withholds its orders and stops the game, which a claim settles (pbem claim)", last))

	out, err = cmd("corsairs", "claim", "-out", file(3))
	require.NoError(t, err)
	settled := fmt.Sprintf("Bounty Hunters withheld its reveal since message %d and forfeits the game", last)
	require.Contains(t, out, "wrote "+file(3)+": settled by Corsair Band's claim (message "+strconv.Itoa(last+1)+", written ")
	require.Contains(t, out, settled)
	require.Contains(t, out, "the game is over, and your dice key is in the file")
	f3 := parseFile(t, file(3))
	claim, ok := f3.Messages[last+1].Body.(*wire.Claim)
	require.True(t, ok, "message %d is a %s", last+1, f3.Messages[last+1].Head().Kind)
	require.Equal(t, wire.Claim{Header: claim.Header, Against: "hunters", Owes: "reveal", Since: last, At: claim.At}, *claim)
	require.Equal(t, wire.KindKey, f3.Messages[len(f3.Messages)-1].Head().Kind, "the corsairs' dice key follows the claim")
	// A second claim: the game is settled already.
	_, err = cmd("corsairs", "claim", "-out", file(9))
	require.ErrorContains(t, err, "the game was settled by corsairs's claim (message "+strconv.Itoa(last+1)+"): only dice keys and notes follow it")
	require.NoFileExists(t, file(9))

	// Show and verify say who stalled since which message, and what the
	// game waits for now: the hunters' dice key, with no claim to make
	// (one settled the game).
	out, err = cmd("corsairs", "show")
	require.NoError(t, err)
	require.Contains(t, out, "the game is over: settled by Corsair Band's claim (message "+strconv.Itoa(last+1))
	require.Contains(t, out, settled)
	require.Contains(t, out, fmt.Sprintf("waiting for hunters's key since message %d (revealed once the game is over, for verify)\n", len(f3.Messages)-1))
	require.NotContains(t, out, "pbem claim")
	_, err = cmd("corsairs", "verify", file(3))
	require.ErrorContains(t, err, "the game is not finished: settled by Corsair Band's claim (message "+strconv.Itoa(last+1))
	require.ErrorContains(t, err, settled)
	require.ErrorContains(t, err, fmt.Sprintf("waits for hunters's dice key since message %d: a side that never sends it withholds the check of its secrets.", len(f3.Messages)-1))
	require.NotContains(t, err.Error(), "pbem claim")

	// The hunters learn of it, and send their key.
	out, err = cmd("hunters", "open", file(3))
	require.NoError(t, err)
	require.Contains(t, out, "the game is over: settled by Corsair Band's claim")
	out, err = cmd("hunters", "send", "-out", file(4))
	require.NoError(t, err)
	require.Contains(t, out, "checks it end to end")
	out, err = cmd("corsairs", "verify", file(4))
	require.NoError(t, err)
	require.Contains(t, out, "settled by Corsair Band's claim (message "+strconv.Itoa(last+1))
	require.Contains(t, out, settled)
}
