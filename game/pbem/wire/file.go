package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Format and Version identify a turn file. A file of another version is
// refused by name rather than half understood.
const (
	Format  = "hexrift-pbem"
	Version = 4
)

// The bounds within which a file is read, before any signature in it is
// checked: its size, and what its JSON may hold (Scan). An honest game
// stays far inside them (docs/PBEM.md gives the figures).
const (
	// MaxFileSize bounds a turn file's size in bytes.
	MaxFileSize = 16 << 20
	// MaxMessages bounds the messages of a file.
	MaxMessages = 50000
	// MaxDepth bounds how deep JSON values nest.
	MaxDepth = 32
	// MaxArray bounds the elements of any one array but the messages.
	MaxArray = 65536
	// MaxValues bounds the JSON values of a whole file.
	MaxValues = 1 << 20
)

// File is a turn file: the whole log of a game so far.
type File struct {
	Game     string
	Messages []*Message
}

// entry is a message as the file frames it.
type entry struct {
	Body json.RawMessage `json:"body"`
	Sig  Hex             `json:"sig"`
}

// header is the file's frame around its messages.
type header struct {
	Format   string  `json:"format"`
	Version  int     `json:"version"`
	Game     string  `json:"game"`
	Messages []entry `json:"messages"`
}

// Encode writes the file: its frame on the first line, then one message
// a line, each in the bytes it was signed in.
func (f *File) Encode() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"format":%q,"version":%d,"game":%q,"messages":[`, Format, Version, f.Game)
	for i, m := range f.Messages {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n{\"body\":")
		b.Write(m.raw)
		sig, _ := m.Sig.MarshalText()
		fmt.Fprintf(&b, ",\"sig\":%q}", sig)
	}
	b.WriteString("\n]}\n")
	return b.Bytes()
}

// Parse reads a turn file; name is what errors name. It reads within the
// package's bounds (MaxFileSize, Scan) before it decodes anything, and
// decodes every message's body in its one encoding; it checks no
// signature or hash chain (game/pbem does, message by message).
func Parse(name string, data []byte) (*File, error) {
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("pbem: %s: larger than %d bytes, more than a turn file holds", name, MaxFileSize)
	}
	if err := Scan(data); err != nil {
		return nil, fmt.Errorf("pbem: %s: not a turn file: %v", name, err)
	}
	var h header
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&h); err != nil {
		return nil, fmt.Errorf("pbem: %s: not a turn file: %v", name, problem(err, "file"))
	}
	if dec.More() {
		return nil, fmt.Errorf("pbem: %s: not a turn file: more than one JSON value", name)
	}
	switch {
	case h.Format != Format:
		return nil, fmt.Errorf("pbem: %s: field format is %q, not %q", name, h.Format, Format)
	case h.Version != Version:
		return nil, fmt.Errorf("pbem: %s: field version is %d; this hexrift reads version %d", name, h.Version, Version)
	case len(h.Messages) == 0:
		return nil, fmt.Errorf("pbem: %s: holds no messages", name)
	case len(h.Messages) > MaxMessages:
		return nil, fmt.Errorf("pbem: %s: holds %d messages, more than the %d a turn file may", name, len(h.Messages), MaxMessages)
	}
	f := &File{Game: h.Game, Messages: make([]*Message, len(h.Messages))}
	for i, e := range h.Messages {
		b, err := Decode(e.Body)
		if err != nil {
			return nil, fmt.Errorf("pbem: %s: message %d%s: %v", name, i, whose(e.Body), err)
		}
		f.Messages[i] = &Message{Body: b, raw: e.Body, Sig: e.Sig}
	}
	return f, nil
}

// whose says whose message of which kind a body claims to be, as far as
// it reads: " (red's commit)", or "".
func whose(body []byte) string {
	var h struct {
		Kind string `json:"kind"`
		Side string `json:"side"`
	}
	if json.Unmarshal(body, &h) != nil || h.Kind == "" || h.Side == "" {
		return ""
	}
	return fmt.Sprintf(" (%s's %s)", Plain(h.Side), Plain(h.Kind))
}

// Plain returns s as it is when it is a plain id (letters, digits, '-',
// '_', '.', ' ', at most 64 of them), else quoted: text a file wrote is
// never printed as it stands.
func Plain(s string) string {
	if len(s) > 64 {
		return strconv.Quote(s[:64] + "...")
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_. ", c)) {
			return strconv.Quote(s)
		}
	}
	return s
}

// Scan checks that data is one JSON value within the bounds a turn file
// is read in (MaxDepth, MaxArray, MaxMessages, MaxValues), with no key
// twice in one object, without decoding it: it allocates nothing per
// value, so that a hostile file costs no more than its size to refuse.
func Scan(data []byte) error {
	s := scanner{data: data}
	s.space()
	if err := s.value(0, nil); err != nil {
		return err
	}
	s.space()
	if s.i != len(s.data) {
		return fmt.Errorf("more than one JSON value (at byte %d)", s.i)
	}
	return nil
}

type scanner struct {
	data   []byte
	i      int
	values int
	// keys holds the keys of the objects being scanned, innermost last
	// (a stack shared by every object, so that none allocates its own).
	keys []span
}

// span is a piece of data: a key's text between its quotes.
type span struct{ from, to int }

func (s *scanner) fail(format string, args ...any) error {
	return fmt.Errorf("at byte %d: %s", s.i, fmt.Sprintf(format, args...))
}

func (s *scanner) space() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// value scans one value at depth; key is the key it is the value of, at
// the top level of the file ("messages" may hold MaxMessages).
func (s *scanner) value(depth int, key []byte) error {
	if depth > MaxDepth {
		return s.fail("values nested more than %d deep", MaxDepth)
	}
	s.values++
	if s.values > MaxValues {
		return s.fail("more than %d values", MaxValues)
	}
	if s.i >= len(s.data) {
		return s.fail("unexpected end")
	}
	switch c := s.data[s.i]; {
	case c == '{':
		return s.object(depth)
	case c == '[':
		limit := MaxArray
		if depth == 1 && string(key) == "messages" {
			limit = MaxMessages
		}
		return s.array(depth, limit)
	case c == '"':
		_, err := s.str()
		return err
	case c == 't':
		return s.word("true")
	case c == 'f':
		return s.word("false")
	case c == 'n':
		return s.word("null")
	case c == '-' || c >= '0' && c <= '9':
		return s.number()
	}
	return s.fail("invalid character %q", s.data[s.i])
}

func (s *scanner) object(depth int) error {
	s.i++ // {
	s.space()
	if s.i < len(s.data) && s.data[s.i] == '}' {
		s.i++
		return nil
	}
	base := len(s.keys)
	defer func() { s.keys = s.keys[:base] }()
	var many map[string]bool // the keys in lower case, once there are many
	for n := 1; ; n++ {
		if n > MaxArray {
			return s.fail("an object of more than %d keys", MaxArray)
		}
		s.space()
		if s.i >= len(s.data) || s.data[s.i] != '"' {
			return s.fail("an object key must be a string")
		}
		k, err := s.str()
		if err != nil {
			return err
		}
		key := s.data[k.from:k.to]
		if many == nil {
			for _, o := range s.keys[base:] {
				if other := s.data[o.from:o.to]; bytes.EqualFold(other, key) {
					if bytes.Equal(other, key) {
						return s.fail("key %q twice in one object", key)
					}
					return s.fail("keys %q and %q differ only in case", other, key)
				}
			}
			s.keys = append(s.keys, k)
			if len(s.keys)-base > 16 {
				many = map[string]bool{}
				for _, o := range s.keys[base:] {
					many[strings.ToLower(string(s.data[o.from:o.to]))] = true
				}
			}
		} else {
			low := strings.ToLower(string(key))
			if many[low] {
				return s.fail("key %q twice in one object (or in another case)", key)
			}
			many[low] = true
		}
		s.space()
		if s.i >= len(s.data) || s.data[s.i] != ':' {
			return s.fail("expected ':' after key %q", key)
		}
		s.i++
		s.space()
		if err := s.value(depth+1, key); err != nil {
			return err
		}
		s.space()
		if s.i >= len(s.data) {
			return s.fail("unexpected end of an object")
		}
		switch s.data[s.i] {
		case ',':
			s.i++
		case '}':
			s.i++
			return nil
		default:
			return s.fail("expected ',' or '}' in an object")
		}
	}
}

func (s *scanner) array(depth, limit int) error {
	s.i++ // [
	s.space()
	if s.i < len(s.data) && s.data[s.i] == ']' {
		s.i++
		return nil
	}
	for n := 1; ; n++ {
		if n > limit {
			return s.fail("an array of more than %d elements", limit)
		}
		s.space()
		if err := s.value(depth+1, nil); err != nil {
			return err
		}
		s.space()
		if s.i >= len(s.data) {
			return s.fail("unexpected end of an array")
		}
		switch s.data[s.i] {
		case ',':
			s.i++
		case ']':
			s.i++
			return nil
		default:
			return s.fail("expected ',' or ']' in an array")
		}
	}
}

// str scans a string and returns where its text lies between the
// quotes.
func (s *scanner) str() (span, error) {
	start := s.i + 1
	for s.i++; s.i < len(s.data); s.i++ {
		switch c := s.data[s.i]; {
		case c == '\\':
			s.i++
		case c == '"':
			s.i++
			return span{start, s.i - 1}, nil
		case c < 0x20:
			return span{}, s.fail("a control character in a string")
		}
	}
	return span{}, s.fail("a string that does not end")
}

func (s *scanner) word(w string) error {
	if !bytes.HasPrefix(s.data[s.i:], []byte(w)) {
		return s.fail("invalid character %q", s.data[s.i])
	}
	s.i += len(w)
	return nil
}

func (s *scanner) number() error {
	start := s.i
	for s.i < len(s.data) {
		c := s.data[s.i]
		if c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' || c >= '0' && c <= '9' {
			s.i++
			continue
		}
		break
	}
	if s.i-start > 32 {
		return s.fail("a number of more than 32 characters")
	}
	return nil
}
