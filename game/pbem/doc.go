// Package pbem plays a game by exchanging files (mail, chat, a shared
// folder) between machines that do not trust each other, with no third
// party: sealed orders are commitments opened only once every side has
// committed, the dice of each stretch of play come from nonces every side
// committed with its orders, and every message is signed by its side.
//
// A game is a log of messages, hash-chained and signed; a turn file is
// the whole log. Every machine replays the log from its first message and
// runs the rules itself, so a file that is stale, replayed, reordered or
// edited is refused before anything of the player's game changes. Each
// side's private dice key is drawn on its machine, committed by hash as it
// joins and revealed once the game is over. Verify replays a finished
// game end to end, with every dice key, and names the first cheat. A
// side may write a note to the other sides with a file it sends
// (notes.go): its own text, signed and chained as every message.
//
// Only scenarios whose state every side may see, once the sealed orders
// are opened, are accepted: docs/PBEM.md says why and what is refused.
// The package needs no window.
package pbem
