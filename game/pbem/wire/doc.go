// Package wire is the turn file of a game played by file: its framing,
// the one struct of each kind of message, their one encoding, and the
// bounds within which a file is read before anything in it is trusted.
//
// A message is a JSON object, its body, in exactly the bytes its writer
// produced: the signature and the hash chain cover those bytes, never a
// re-encoding of structs owned by another package. A body must be in the
// package's one encoding (the bytes encoding/json writes for the kind's
// struct: lower-case hexadecimal, no field twice, no field the kind does
// not have, no space); anything else is refused by name, so that two
// machines never hold different bytes for one message. The testdata
// folder of game/pbem holds golden turn files that pin the format.
//
// The package imports nothing of the game: game/pbem turns its messages
// into the rules' terms and back.
package wire
