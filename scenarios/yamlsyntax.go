package scenarios

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// YAML syntax errors in plain words. The YAML library says what its
// parser expected ("mapping values are not allowed in this context",
// "found character that cannot start any token"), often a line early or
// at the line where the enclosing mapping starts. When a file does not
// parse, explainSyntax finds the first line that breaks it (the shortest
// run of whole lines from the top that the library refuses) and says
// what is wrong there as an author would put it: a tab in the
// indentation, a value that needs quotes, a line indented to a column
// that lines up with nothing above it, a bracket never closed.

// syntaxHelp is a YAML syntax error explained, at its line and column
// (0 when only the line is known).
type syntaxHelp struct {
	line, col int
	msg       string
}

// scanned is what the line scanner learns of one line.
type scanned struct {
	text string
	// block is set for a line that starts in block context: not inside
	// a flow collection, a quoted scalar or a block scalar's text.
	block bool
	// blank is set for a line of nothing but spaces and a comment.
	blank bool
	// indent is the spaces before the first other character; tab the
	// 1-based column of a tab among the leading blanks, 0 for none.
	indent, tab int
	// hash is the 1-based column of a # that starts a comment inside a
	// flow collection right before a word ("{color: #ff0000}"): a value
	// the comment cuts off, 0 for none.
	hash int
	// clean is set when the line ends outside every flow collection and
	// quoted scalar: a prefix of the file may end here.
	clean bool
}

// bracket is an open flow collection: where its { or [ was written.
type bracket struct {
	line, col int
	ch        byte
}

// scanLines follows flow collections, quoted scalars and block scalars
// through the lines, well enough to tell where a line starts and where
// a prefix of the file may end. It returns the lines and the brackets
// still open at the end.
func scanLines(data []byte) ([]scanned, []bracket) {
	raw := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	out := make([]scanned, len(raw))
	var open []bracket
	var quote byte
	blockParent := -1 // inside a block scalar: the indentation it must exceed
	for i, text := range raw {
		text = strings.TrimSuffix(text, "\r")
		s := scanned{text: text}
		spaces := len(text) - len(strings.TrimLeft(text, " "))
		if blockParent >= 0 {
			if strings.TrimSpace(text) == "" || spaces > blockParent {
				s.clean = true
				out[i] = s
				continue
			}
			blockParent = -1
		}
		s.block = len(open) == 0 && quote == 0
		lead := len(text) - len(strings.TrimLeft(text, " \t"))
		s.indent = spaces
		if j := strings.IndexByte(text[:lead], '\t'); j >= 0 {
			s.tab = j + 1
		}
		s.blank = lead == len(text) || text[lead] == '#'
		prev := byte(0) // the last character that is not a blank
		if !s.block {
			prev = ','
		}
		col := utf8.RuneCountInString(text[:lead]) // runes before text[j]
		for j := lead; j < len(text); j++ {
			ch := text[j]
			if j > lead && text[j-1]&0xC0 != 0x80 {
				col++
			}
			switch {
			case quote == '"':
				if ch == '\\' {
					j++
				} else if ch == '"' {
					quote = 0
				}
				continue
			case quote == '\'':
				if ch == '\'' {
					if j+1 < len(text) && text[j+1] == '\'' {
						j++
					} else {
						quote = 0
					}
				}
				continue
			case ch == '#' && len(open) > 0 && startsScalar(prev) && prev != 0 && j > 0 && text[j-1] != ' ' && text[j-1] != '\t':
				// "[#ff0000": no plain value starts with #.
				if s.hash == 0 {
					s.hash = col + 1
				}
			case ch == '#' && (j == 0 || text[j-1] == ' ' || text[j-1] == '\t'):
				if len(open) > 0 && j+1 < len(text) && text[j+1] != ' ' && text[j+1] != '\t' && s.hash == 0 {
					s.hash = col + 1
				}
				j = len(text)
				continue
			case (ch == '"' || ch == '\'') && startsScalar(prev):
				quote = ch
			case (ch == '{' || ch == '[') && startsScalar(prev):
				open = append(open, bracket{i + 1, col + 1, ch})
			case (ch == '}' || ch == ']') && len(open) > 0:
				open = open[:len(open)-1]
			}
			if ch != ' ' && ch != '\t' {
				prev = ch
			}
		}
		s.clean = len(open) == 0 && quote == 0
		if s.clean && s.block {
			if c := stripComment(text); strings.HasSuffix(c, "|") || strings.HasSuffix(c, ">") || blockIndicator(c) {
				blockParent = spaces
				if _, inner := dashes(text[spaces:]); inner > 0 {
					blockParent = spaces + inner
				}
			}
		}
		out[i] = s
	}
	return out, open
}

// startsScalar reports whether a value may start after prev, the last
// character before it on the line: at the line's start, after a key's
// colon, a list's dash, or an opening bracket or comma.
func startsScalar(prev byte) bool {
	return prev == 0 || prev == ':' || prev == '-' || prev == '[' || prev == '{' || prev == ',' || prev == '?'
}

// blockIndicator reports whether a line's text ends in a block scalar's
// header with its indicators, such as "|-" or ">+2".
func blockIndicator(c string) bool {
	i := strings.LastIndexAny(c, "|>")
	if i < 0 || i == 0 || c[i-1] != ' ' {
		return false
	}
	return strings.Trim(c[i+1:], "+-0123456789") == ""
}

// stripComment returns a line without its comment and trailing blanks
// (a # after a blank, outside quotes).
func stripComment(text string) string {
	var quote byte
	for j := 0; j < len(text); j++ {
		ch := text[j]
		switch {
		case quote == '"' && ch == '\\':
			j++
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '"' || ch == '\'':
			quote = ch
		case ch == '#' && (j == 0 || text[j-1] == ' ' || text[j-1] == '\t'):
			return strings.TrimRight(text[:j], " \t")
		}
	}
	return strings.TrimRight(text, " \t")
}

// dashes returns how many "- " entry marks a line's content starts with
// and the width they take, spaces after them included.
func dashes(content string) (n, width int) {
	for {
		rest := content[width:]
		if rest == "-" {
			return n + 1, width + 1
		}
		if !strings.HasPrefix(rest, "- ") {
			return n, width
		}
		w := 1 + len(rest[1:]) - len(strings.TrimLeft(rest[1:], " "))
		n, width = n+1, width+w
	}
}

// keyOf returns the key of a "key: value" line's content, the value
// after it (without its comment) and where the value starts (a byte
// offset into content); ok is false when the content is no such field.
func keyOf(content string) (key, value string, at int, ok bool) {
	if content == "" || strings.ContainsRune("{[#|>*&!%@`", rune(content[0])) {
		return "", "", 0, false
	}
	var quote byte
	for j := 0; j < len(content); j++ {
		ch := content[j]
		switch {
		case quote == '"' && ch == '\\':
			j++
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case j == 0 && (ch == '"' || ch == '\''):
			quote = ch
		case ch == '#' && j > 0 && content[j-1] == ' ':
			return "", "", 0, false
		case ch == ':' && (j+1 == len(content) || content[j+1] == ' ' || content[j+1] == '\t'):
			key = strings.Trim(content[:j], `"'`)
			rest := content[j+1:]
			at = j + 1 + len(rest) - len(strings.TrimLeft(rest, " \t"))
			return key, stripComment(content[at:]), at, true
		}
	}
	return "", "", 0, false
}

// prefixParses reports whether the first n lines of the file parse as
// YAML on their own. The whole file does not: it is the one explained.
func prefixParses(lines []scanned, n int) bool {
	if n >= len(lines) {
		return false
	}
	var b bytes.Buffer
	for _, l := range lines[:n] {
		b.WriteString(l.text)
		b.WriteByte('\n')
	}
	dec := yaml.NewDecoder(&b)
	for {
		var doc yaml.Node
		switch err := dec.Decode(&doc); {
		case errors.Is(err, io.EOF):
			return true
		case err != nil:
			return false
		}
	}
}

// firstBreak returns the lines (from, to], 1-based, in which the file
// stops parsing: the first from lines parse, the first to do not, and
// no prefix ending between them at a clean line end (one outside flow
// collections and quotes) is left to try. near is the line the YAML
// library named, where the search starts: the break is seldom far
// before it, and each prefix tried costs a parse. It returns false when
// no prefix ending at a clean line end fails, as when a bracket stays
// open to the end.
func firstBreak(lines []scanned, near int) (from, to int, ok bool) {
	var cuts []int // line counts after which a prefix may end
	for i, l := range lines {
		if l.clean {
			cuts = append(cuts, i+1)
		}
	}
	if len(cuts) == 0 {
		return 0, 0, false
	}
	// cuts[:lo] parse (or are untried below the break); cuts[hi] fails.
	hi, _ := slices.BinarySearch(cuts, near+1)
	hi = min(hi, len(cuts)-1)
	lo := 0
	if prefixParses(lines, cuts[hi]) {
		lo, hi = hi+1, len(cuts)
	} else {
		for step := 1; ; step *= 2 { // back from near until a prefix parses
			if hi-step < 0 {
				break
			}
			if prefixParses(lines, cuts[hi-step]) {
				lo = hi - step + 1
				break
			}
			hi -= step
		}
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if prefixParses(lines, cuts[mid]) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == len(cuts) {
		return 0, 0, false
	}
	if lo > 0 {
		from = cuts[lo-1]
	}
	return from, cuts[lo], true
}

// explainSyntax explains why data does not parse, given the library's
// line and message; ok is false when it cannot tell more than the library.
func explainSyntax(data []byte, libLine int, libMsg string) (syntaxHelp, bool) {
	if strings.Contains(libMsg, "exceeded max depth") {
		return syntaxHelp{}, false // nesting a limit refuses, not a slip
	}
	lines, open := scanLines(data)
	from, to, broke := firstBreak(lines, libLine)
	if !broke {
		from, to = 0, len(lines)
	}
	for i := from; i < to; i++ { // 1. a tab in the indentation
		if l := lines[i]; l.block && l.tab > 0 && !l.blank {
			return syntaxHelp{i + 1, l.tab, fmt.Sprintf("line %d is indented with a tab: use spaces (YAML indents with spaces only)", i+1)}, true
		}
	}
	// 2. A # that cuts a flow collection short: an unquoted colour. It
	// may sit on a line before the range, whose bracket stayed open.
	for i := range to {
		if l := lines[i]; l.hash > 0 {
			word := []rune(l.text)[l.hash-1:]
			end := 0
			for end < len(word) && !strings.ContainsRune(" \t,}]", word[end]) {
				end++
			}
			return syntaxHelp{i + 1, l.hash, fmt.Sprintf(`a value starting with # needs quotes: # starts a comment in YAML and cuts off the rest of the line; write %q`, string(word[:end]))}, true
		}
	}
	for i := from; i < to; i++ { // 3. values that need quotes, fields with no space after the colon
		if h, ok := needsQuotes(lines[i].text, i+1, libMsg); ok {
			return h, true
		}
		if h, ok := noSpaceAfterColon(lines[i].text, i+1); ok {
			return h, true
		}
	}
	if broke { // 4. the indentation of the first line that breaks
		for i := from; i < to; i++ {
			if l := lines[i]; l.block && !l.blank {
				if h, ok := indentation(lines, i); ok {
					return h, true
				}
				break
			}
		}
	}
	if !broke && len(open) > 0 { // 5. a bracket never closed
		b := open[0]
		closer := map[byte]string{'{': "}", '[': "]"}[b.ch]
		return syntaxHelp{b.line, b.col, fmt.Sprintf("the %c opened on line %d is never closed: end it with %s", b.ch, b.line, closer)}, true
	}
	if broke && to-from == 1 {
		return syntaxHelp{to, 0, strings.TrimPrefix(libMsg, "yaml: ")}, true
	}
	return syntaxHelp{}, false
}

// needsQuotes finds, on one line, a plain value YAML cannot read
// unquoted: one holding ": " (which YAML takes for a field), or one
// starting with a character YAML reserves (@, `, %, *, &, !).
func needsQuotes(text string, line int, libMsg string) (syntaxHelp, bool) {
	c := strings.TrimLeft(text, " ")
	_, w := dashes(c)
	c = c[w:]
	base := len(text) - len(c)
	col := func(off int) int { return utf8.RuneCountInString(text[:base+off]) + 1 }
	if strings.HasPrefix(c, "{") {
		// A flow mapping: each entry between commas holds one colon.
		depth, start := 0, 1
		for j := 0; j <= len(c); j++ {
			if j < len(c) {
				switch c[j] {
				case '{', '[':
					depth++
					continue
				case '}', ']':
					depth--
					if depth > 0 {
						continue
					}
				case ',':
					if depth != 1 {
						continue
					}
				case '"', '\'':
					if k := strings.IndexByte(c[j+1:], c[j]); k >= 0 {
						j += k + 1
					}
					continue
				default:
					continue
				}
			}
			entry := c[start:min(j, len(c))]
			if key, v, at, ok := keyOf(strings.TrimLeft(entry, " ")); ok {
				lead := len(entry) - len(strings.TrimLeft(entry, " "))
				if k := strings.Index(v, ": "); k > 0 {
					// "side: red class: x": a comma left out between fields.
					before := strings.TrimRight(v[:k], " ")
					word := before[strings.LastIndexByte(before, ' ')+1:]
					if word != before && knownField(word) {
						first := strings.TrimRight(before[:len(before)-len(word)], " ")
						return syntaxHelp{line, col(start + lead + at + len(before) - len(word)), fmt.Sprintf("a comma is missing before %q: write %s: %s, %s", word, key, first, strings.TrimLeft(v[len(before)-len(word):], " "))}, true
					}
				}
				if h, ok := quoteValue(key, v, line, col(start+lead+at)); ok {
					return h, true
				}
			}
			start = j + 1
		}
		return syntaxHelp{}, false
	}
	key, v, at, ok := keyOf(c)
	if !ok {
		return syntaxHelp{}, false
	}
	if v != "" && strings.ContainsRune("@`%*&!", rune(v[0])) && libMsg != "" {
		return syntaxHelp{line, col(at), fmt.Sprintf("a value starting with %c needs quotes: YAML reserves %c; write %s: %q", v[0], v[0], key, v)}, true
	}
	return quoteValue(key, v, line, col(at))
}

// quoteValue reports a plain value holding ": ", or ending in ":".
func quoteValue(key, v string, line, col int) (syntaxHelp, bool) {
	if v == "" || strings.ContainsRune(`"'{[`, rune(v[0])) {
		return syntaxHelp{}, false
	}
	if strings.Contains(v, ": ") || strings.HasSuffix(v, ":") {
		return syntaxHelp{line, col, fmt.Sprintf(`a value containing ": " needs quotes: YAML reads it as another field; write %s: %q`, key, v)}, true
	}
	return syntaxHelp{}, false
}

// level is a block mapping or list open at some column, as the
// indentation model of indentation sees them.
type level struct {
	col  int
	list bool
	line int
	// name says what the level holds, for messages: the first field of
	// a mapping ("id") or the field a list stands under ("units").
	name string
	// entry is set for the mapping of a list entry ("- id: a").
	entry bool
}

// where says how a line goes on at the level's column.
func (v level) where() string {
	if v.list {
		return fmt.Sprintf(`as %s, starting with "- "`, v.entry1())
	}
	return fmt.Sprintf("in line with %q (line %d)", v.name, v.line)
}

// entry1 names one entry of a list level.
func (v level) entry1() string {
	if v.name == "" {
		return "an entry of the list"
	}
	return fmt.Sprintf("an entry of %q", v.name)
}

// indentation explains why line bad (0-based), the first that breaks
// the file, is indented wrongly, from the block structure of the lines
// above it: deeper than a field that has a value already, at a column
// that lines up with no mapping or list above it, or at a list's column
// without the "- " of an entry.
func indentation(lines []scanned, bad int) (syntaxHelp, bool) {
	var stack []level
	open := false  // the last line left a field with no value: a deeper line nests
	var last level // the last line's field, for messages
	lastLine := -1 // its index
	lastText := "" // its content
	opener := ""   // the key of a field with no value, which a list may stand under
	for i := 0; i <= bad; i++ {
		l := lines[i]
		if !l.block || l.blank {
			continue
		}
		c := l.indent + 1
		content := l.text[l.indent:]
		if content == "---" || strings.HasPrefix(content, "--- ") {
			stack, open = nil, false // a new document
			continue
		}
		n, w := dashes(content)
		key, value, _, isKey := keyOf(content[w:])
		fieldLike := n > 0 || isKey
		at := func(msg string, args ...any) (syntaxHelp, bool) {
			return syntaxHelp{i + 1, c, fmt.Sprintf(msg, args...)}, i == bad
		}
		if len(stack) > 0 && c > stack[len(stack)-1].col && !open {
			if !fieldLike {
				continue // the next line of a plain value
			}
			if strings.HasPrefix(lastText, "-") && len(lastText) > 1 && lastText[1] != ' ' {
				return syntaxHelp{lastLine + 1, lines[lastLine].indent + 1, fmt.Sprintf(`a list entry's "-" needs a space after it: write "- %s"`, lastText[1:])}, i == bad
			}
			top := stack[len(stack)-1]
			if last.col == top.col {
				top = last // in line with the field just above
			}
			return at("line %d is indented to column %d, but %q on line %d has a value already, so nothing nests under it: start line %d at column %d, %s", i+1, c, last.name, last.line, i+1, top.col, top.where())
		}
		if len(stack) > 0 && c <= stack[len(stack)-1].col {
			var inner level
			for len(stack) > 0 && stack[len(stack)-1].col > c {
				inner = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 || stack[len(stack)-1].col != c {
				hint := ""
				if n > 0 && !inner.list && !inner.entry && inner.line > 0 {
					hint = fmt.Sprintf(`; or, if line %d was meant to start an entry of a list, begin it with "- "`, inner.line)
				}
				if len(stack) == 0 {
					return at("line %d is indented to column %d, which lines up with nothing above it: start it at column %d, %s%s", i+1, c, inner.col, inner.where(), hint)
				}
				outer := stack[len(stack)-1]
				return at("line %d is indented to column %d, which lines up with nothing above it: indent it to column %d, %s, or to column %d, %s%s", i+1, c, inner.col, inner.where(), outer.col, outer.where(), hint)
			}
			top := stack[len(stack)-1]
			if top.list && n == 0 {
				switch {
				case len(stack) >= 2 && stack[len(stack)-2].col == c && !stack[len(stack)-2].list:
					stack = stack[:len(stack)-1] // a list under a field at the field's column ends
				case inner.col > 0:
					return at(`line %d is indented to column %d, where the entries of %q start with "- ": indent it to column %d, in line with %q (line %d), as a field of the entry above, or start a new entry with "- "`, i+1, c, top.name, inner.col, inner.name, inner.line)
				default:
					return at(`line %d is indented to column %d, where the entries of %q start with "- ": start a new entry with "- "`, i+1, c, top.name)
				}
			}
			if top := stack[len(stack)-1]; !top.list && n > 0 {
				if !open || last.col != c {
					return at(`line %d starts a list entry in line with %q (line %d), among fields: a list goes under a field of its own with no value, as "units:" on a line by itself`, i+1, top.name, top.line)
				}
				stack = append(stack, level{col: c, list: true, line: i + 1, name: opener})
			}
		} else {
			lv := level{col: c, list: n > 0, line: i + 1, name: key}
			if n > 0 {
				lv.name = opener
			}
			stack = append(stack, lv)
		}
		if n > 0 && isKey {
			stack = append(stack, level{col: c + w, line: i + 1, name: key, entry: true})
		}
		open = (isKey && value == "") || (n > 0 && w == len(content))
		if isKey {
			last = level{col: c + w, line: i + 1, name: key}
			if value == "" {
				opener = key
			}
		}
		lastLine, lastText = i, content
	}
	return syntaxHelp{}, false
}

// noSpaceAfterColon finds a field of the format written with no space
// after its colon ("name:Blue"), which YAML reads as one plain word.
func noSpaceAfterColon(text string, line int) (syntaxHelp, bool) {
	c := strings.TrimLeft(text, " ")
	_, w := dashes(c)
	c = c[w:]
	key, value, ok := strings.Cut(c, ":")
	if !ok || value == "" || value[0] == ' ' || value[0] == '\t' || !knownField(key) {
		return syntaxHelp{}, false
	}
	col := utf8.RuneCountInString(text[:len(text)-len(c)]) + 1
	return syntaxHelp{line, col, fmt.Sprintf("a field needs a space after its colon: write %s: %s", key, stripComment(value))}, true
}

// knownField reports whether name is a field of some mapping of the
// format.
func knownField(name string) bool {
	for _, fs := range fieldTable {
		if slices.Contains(fs, name) {
			return true
		}
	}
	return false
}
