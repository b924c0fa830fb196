package pbem

import (
	"errors"
	"fmt"
)

// Cheat is a message the protocol refuses: it names the file it was read
// from, the message, the side that signed it (or claims to) and what is
// wrong. Its cause, when another error is, is what Unwrap returns.
type Cheat struct {
	// File is the turn file the message was read from, if any.
	File string
	Seq  int
	Side string
	// What names the message, e.g. "message 7 (red's reveal of round 3)".
	What string
	// Why says what is wrong with it, in words.
	Why   string
	cause error
}

// Error describes the cheat: "pbem: FILE refused: WHAT: WHY".
func (c *Cheat) Error() string {
	if c.File != "" {
		return fmt.Sprintf("pbem: %s refused: %s: %s", c.File, c.What, c.Why)
	}
	return fmt.Sprintf("pbem: %s: %s", c.What, c.Why)
}

// Unwrap returns the error the cheat was found by, if any.
func (c *Cheat) Unwrap() error { return c.cause }

// named sets the file a cheat was read from.
func named(err error, file string) error {
	var c *Cheat
	if errors.As(err, &c) && c.File == "" {
		c.File = file
	}
	return err
}

// Equivocation is proof that one side signed two different messages at
// one place of a game's log: a file it sent to one machine and a file it
// sent to another disagree at message Seq, and both are signed by Side.
// Nothing can explain that but the side's own doing.
type Equivocation struct {
	Game string
	Seq  int
	Side string
	// Kept and Got are the message this machine accepted and the one the
	// file holds there, as their files write them.
	Kept, Got []byte
	// Proof is where this machine keeps the two, if it could write them.
	Proof string
}

// Error says who equivocated, where, and where the proof is kept.
func (e *Equivocation) Error() string {
	where := ""
	if e.Proof != "" {
		where = "; both messages are kept as proof in " + e.Proof
	}
	return fmt.Sprintf("pbem: %s signed two different messages at place %d of game %s's log: the one this machine accepted and the one this file holds, both with its signature (it sent different files to different sides)%s", e.Side, e.Seq, e.Game, where)
}
