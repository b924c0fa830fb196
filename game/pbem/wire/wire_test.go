package wire

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// commitBody is a commit as hexrift writes it.
func commitBody(t *testing.T) []byte {
	t.Helper()
	m, err := New(&Commit{Header: Header{Kind: KindCommit, Seq: 3, Side: "red", Prev: bytes.Repeat([]byte{0xab}, 32)}, Round: 2, Commit: bytes.Repeat([]byte{0x0c}, 32),
		Limbo: []LimboSeal{{Unit: "u1", Seal: bytes.Repeat([]byte{1}, 32)}}})
	require.NoError(t, err)
	return m.Raw()
}

// TestCanonicalEncodingOnly: a body in hexrift's one encoding decodes;
// every other byte form of the same message is refused by name: a key in
// another case, a key twice, upper-case hexadecimal, a space, an escape
// hexrift does not write, a number written otherwise, a field the kind
// does not have, another kind's field, a kind that is none.
func TestCanonicalEncodingOnly(t *testing.T) {
	good := commitBody(t)
	b, err := Decode(good)
	require.NoError(t, err)
	require.Equal(t, 2, b.(*Commit).Round)
	swap := func(from, to string) []byte {
		require.Contains(t, string(good), from)
		return []byte(strings.Replace(string(good), from, to, 1))
	}
	tests := []struct {
		name string
		body []byte
		why  string
	}{
		{"a key in upper case", swap(`"round"`, `"Round"`), `not in hexrift's one encoding: at byte`},
		{"a key twice", swap(`"round":2`, `"round":2,"round":2`), "not in hexrift's one encoding"},
		{"upper-case hexadecimal", swap(`"commit":"0c0c`, `"commit":"0C0C`), "upper-case hexadecimal at character 2: hexrift writes it in lower case"},
		{"a space", swap(`,"round"`, `, "round"`), "not in hexrift's one encoding: at byte"},
		{"an escaped letter", swap(`"red"`, `"r\u0065d"`), "not in hexrift's one encoding"},
		{"a number with an exponent", swap(`"round":2`, `"round":2e0`), "field round: number 2e0 where hexrift writes int"},
		{"a negative zero", swap(`"seq":3`, `"seq":-0`), "not in hexrift's one encoding"},
		{"a field no commit has", swap(`"round":2`, `"round":2,"note":"hi"`), "field note is no field of a commit message"},
		{"a field of an arrival of old", swap(`"round":2`, `"round":2,"hex":{"q":1000000,"r":0}`), "field hex is no field of a commit message"},
		{"no kind", swap(`"kind":"commit"`, `"kind":"commitment"`), `field kind: "commitment" is no kind of message`},
		{"a string for a number", swap(`"round":2`, `"round":"2"`), "field round: string where hexrift writes int"},
		{"two values", append(bytes.Clone(good), []byte(` {}`)...), "invalid character '{' after top-level value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.body)
			require.ErrorContains(t, err, tc.why)
		})
	}
}

// A file is its frame and its messages, each in the bytes it was signed
// in: Parse of what Encode wrote gives the same bytes again, and a
// message's hash and signature are over those bytes.
func TestFileKeepsTheBytesReceived(t *testing.T) {
	body := commitBody(t)
	f, err := Parse("f", []byte(`{"format":"hexrift-pbem","version":4,"game":"0123456789abcdef","messages":[`+"\n"+`{"body":`+string(body)+`,"sig":"`+strings.Repeat("00", 64)+`"}`+"\n]}\n"))
	require.NoError(t, err)
	require.Equal(t, body, f.Messages[0].Raw())
	again, err := Parse("f", f.Encode())
	require.NoError(t, err)
	require.Equal(t, f.Encode(), again.Encode())
	require.True(t, f.Messages[0].Same(again.Messages[0]))
}

// TestParseNamesWhereItStops: a file that is no turn file of this
// version is refused naming what is wrong.
func TestParseNamesWhereItStops(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"syntax", "{\n \"format\": \"hexrift-pbem\",\n \"version\": 4,,\n}", "f: not a turn file: at byte 43: an object key must be a string"},
		{"type", `{"format": "hexrift-pbem", "version": "four"}`, "f: not a turn file: field version: string where hexrift writes int"},
		{"unknown field", `{"format": "hexrift-pbem", "version": 4, "secret": 1}`, `f: not a turn file: field secret is no field of a file message`},
		{"two values", `{"format": "hexrift-pbem", "version": 4} {}`, "f: not a turn file: more than one JSON value"},
		{"older", `{"format": "hexrift-pbem", "version": 3}`, "f: field version is 3; this hexrift reads version 4"},
		{"newer", `{"format": "hexrift-pbem", "version": 5}`, "f: field version is 5; this hexrift reads version 4"},
		{"another format", `{"format": "hexrift-save", "version": 4}`, `f: field format is "hexrift-save", not "hexrift-pbem"`},
		{"empty", `{"format": "hexrift-pbem", "version": 4, "messages": []}`, "f: holds no messages"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("f", []byte(tc.data))
			require.ErrorContains(t, err, tc.want)
		})
	}
}

// hostile is a file of n copies of item in the phase-ins of one
// announcement, a file of size about n*len(item).
func hostile(item string, n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"format":"hexrift-pbem","version":4,"game":"0123456789abcdef","messages":[{"body":{"kind":"announce","seq":0,"side":"red","round":1,"through":{"turn":1,"impulse":0,"step":"start"},"phase_ins":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(item)
	}
	b.WriteString(`]},"sig":""}]}`)
	return b.Bytes()
}

// allocated returns the bytes run allocates.
func allocated(run func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	run()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestScanBoundsHostileFiles: files made to exhaust a reader (4 MiB and
// 16 MiB of empty phase-ins, values nested as deep as the size allows, a
// million small arrays, an object with a key twice, a file over the size
// cap) are refused by Scan before anything is decoded, costing no more
// memory than a small multiple of their size.
func TestScanBoundsHostileFiles(t *testing.T) {
	deep := `{"format":"hexrift-pbem","version":4,"game":"0123456789abcdef","messages":[` + strings.Repeat("[", 1<<20) + strings.Repeat("]", 1<<20) + `]}`
	var many strings.Builder
	many.WriteString(`{"format":"hexrift-pbem","version":4,"game":"0123456789abcdef","messages":[{"body":{"x":[`)
	for i := range 60000 {
		if i > 0 {
			many.WriteByte(',')
		}
		many.WriteString(`[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18]`)
	}
	many.WriteString(`]},"sig":""}]}`)
	tests := []struct {
		name string
		data []byte
		why  string
	}{
		{"4 MiB of empty phase-ins", hostile("{}", 4<<20/3), "an array of more than 65536 elements"},
		{"16 MiB of empty phase-ins", hostile("{}", MaxFileSize/3-100), "an array of more than 65536 elements"},
		{"nested a million deep", []byte(deep), "values nested more than 32 deep"},
		{"a million values", []byte(many.String()), "more than 1048576 values"},
		{"a key twice", []byte(`{"format":"hexrift-pbem","format":"hexrift-pbem"}`), `key "format" twice in one object`},
		{"keys in two cases", []byte(`{"format":"hexrift-pbem","FORMAT":"x"}`), `keys "format" and "FORMAT" differ only in case`},
		{"over the size cap", bytes.Repeat([]byte(" "), MaxFileSize+1), "larger than 16777216 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			used := allocated(func() { _, err = Parse("hostile", tc.data) })
			require.ErrorContains(t, err, tc.why)
			require.Less(t, used, uint64(len(tc.data))+1<<20, "refusing %d bytes allocated %d", len(tc.data), used)
			t.Logf("%d bytes refused, %d allocated", len(tc.data), used)
		})
	}
}

// A file within every bound but made of the most values it may hold
// decodes in memory a small multiple of its size.
func TestParseAtTheBoundsCostsLittle(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"format":"hexrift-pbem","version":4,"game":"0123456789abcdef","messages":[`)
	per := 6000
	n := 0
	for msg := 0; n+per+8 < MaxValues && b.Len() < MaxFileSize-1<<20; msg++ {
		if msg > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"body":{"kind":"result","seq":%d,"side":"red","round":1,"clock":{"turn":1,"impulse":0,"step":"start"},"commands":0,"rolls":[`, msg)
		for i := range per {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString("[6]")
		}
		b.WriteString(`],"stop":{"kind":"over"},"hash":"00"},"sig":""}`)
		n += 2*per + 20
	}
	b.WriteString("]}")
	var f *File
	var err error
	used := allocated(func() { f, err = Parse("big", b.Bytes()) })
	require.NoError(t, err)
	require.NotEmpty(t, f.Messages)
	require.Less(t, used, uint64(96<<20), "parsing %d bytes allocated %d", b.Len(), used)
	t.Logf("%d bytes, %d messages parsed with %d bytes allocated", b.Len(), len(f.Messages), used)
}
