package pbem

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// MaxNoteLen bounds a note's length, in characters.
const MaxNoteLen = 500

// Note is a line a side wrote to the other sides with one of its turn
// files ("Your move. Nice shot on the Kestrel."): the player's own text,
// nothing the machine computed. Its message is signed and chained as
// every other, so nobody can change or forge it, and it changes nothing
// of the game.
type Note struct {
	// Seq is the note's message in the log.
	Seq  int
	Side rules.SideID
	// Clock and Round are where the game stood when the side wrote it.
	Clock rules.Clock
	Round int
	Text  string
}

// noteProblem says what is wrong with a note's text ("is 612 characters
// long; ..."), or "" for a good one: at most MaxNoteLen characters of
// UTF-8 text, not empty, with no control character but the newline (nor
// the invisible ones that reorder or break the lines a terminal shows).
func noteProblem(text string) string {
	switch {
	case !utf8.ValidString(text):
		return "is not UTF-8 text"
	case strings.TrimSpace(text) == "":
		return "is empty"
	}
	if n := utf8.RuneCountInString(text); n > MaxNoteLen {
		return fmt.Sprintf("is %d characters long; a note holds at most %d", n, MaxNoteLen)
	}
	i := 0
	for _, r := range text {
		i++
		if r == '\n' {
			continue
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069' {
			return fmt.Sprintf("holds the control character U+%04X at character %d: a note is plain text, its lines parted by newlines alone", r, i)
		}
	}
	return ""
}

// CheckNote checks a note before it is sent; name says where its text
// came from (the -note flag, a file), for the error.
func CheckNote(name, text string) error {
	if why := noteProblem(text); why != "" {
		return fmt.Errorf("pbem: %s: the note %s", name, why)
	}
	return nil
}

// note takes a side's note: a message that carries its text and
// nothing else (its kind has no other field).
func (g *Game) note(side rules.SideID, seq int, b *wire.Note) error {
	if why := noteProblem(b.Note); why != "" {
		return fmt.Errorf("field note %s", why)
	}
	clock := rules.Clock{}
	if g.State != nil {
		clock = g.State.Clock
	}
	g.Notes = append(g.Notes, Note{Seq: seq, Side: side, Clock: clock, Round: g.Round, Text: b.Note})
	return nil
}

// NewNotes returns the notes the other sides wrote since the side's last
// message before them: those of the files it received and has not
// answered, or, once it has answered, of the last ones it received.
// (The side's own messages at the end of the log, a file it sent or one
// Preview would send, are passed over.)
func (s *Seat) NewNotes() []Note {
	log := s.Game.log
	mine := func(i int) bool { return rules.SideID(log[i].Head().Side) == s.Side }
	end := len(log)
	for end > 0 && mine(end-1) {
		end--
	}
	start := end
	for start > 0 && !mine(start-1) {
		start--
	}
	var out []Note
	for _, n := range s.Game.Notes {
		if n.Seq >= start && n.Seq < end && n.Side != s.Side {
			out = append(out, n)
		}
	}
	return out
}

// NoteLine is a note as the table shows it: the writer's side by its
// scenario name, where the game stood and the text ("Korath (turn 2
// impulse 5): Your move."); lines after the first are indented by
// indent.
func (g *Game) NoteLine(n Note, indent string) string {
	return fmt.Sprintf("%s (%s): %s", g.sideName(n.Side), noteWhere(n.Clock), strings.ReplaceAll(n.Text, "\n", "\n"+indent))
}

// noteWhere says where the game stood: "turn 2 impulse 5", or "turn 2,
// energy allocation" between impulses.
func noteWhere(c rules.Clock) string {
	if c.Step.InImpulse() {
		return fmt.Sprintf("turn %d impulse %d", c.Turn, c.Impulse)
	}
	return fmt.Sprintf("turn %d, %s", c.Turn, strings.ReplaceAll(c.Step.String(), "-", " "))
}
