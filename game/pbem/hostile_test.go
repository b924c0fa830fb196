package pbem

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
)

// garbage are the values a hostile side puts in a field of each kind of
// Go value, each signed with its own key.
var garbage = map[reflect.Kind][]any{
	reflect.Int:    {-1, 0, 1 << 40, -1 << 40, 7},
	reflect.String: {"", "\x00", strings.Repeat("x", 5000), "../../etc/passwd", "red", "phase x 1.1.start", "mine nobody", "rift red -5", "IP8.21"},
	reflect.Bool:   {true},
}

// rawGarbage are the JSON values a hostile side puts where a message
// carries raw JSON (the orders it reveals, those it opens).
var rawGarbage = []string{`null`, `{}`, `[]`, `"x"`, `0`, `{"command":null,"plot":null}`, `{"plot":{"side":"corsairs","ships":null,"turn":1}}`,
	`{"command":{"kind":"allocate","side":"corsairs","allocations":null}}`, `{"command":{"kind":"allocate","side":"corsairs","allocations":[{"unit":"brigand","movement":-99}]}}`,
	`{"command":{"kind":"declare","side":"corsairs","declarations":[{}]}}`, `{"plot":{"side":"corsairs","turn":1,"ships":[{"unit":"nobody"}]}}`,
	`{"unit":"brigand","movement":1e9}`, strings.Repeat("[", 30) + strings.Repeat("]", 30)}

// mutations returns every body made from b by setting one field (at any
// depth, a slice's first element included) to one of the garbage values,
// emptying or filling a slice, or giving its raw JSON garbage.
func mutations(b wire.Body) []wire.Body {
	var out []wire.Body
	var walk func(path []int)
	root := reflect.ValueOf(b).Elem()
	field := func(v reflect.Value, path []int) reflect.Value {
		for _, i := range path {
			switch v.Kind() {
			case reflect.Struct:
				v = v.Field(i)
			case reflect.Slice:
				v = v.Index(i)
			}
		}
		return v
	}
	mutate := func(path []int, set func(v reflect.Value)) {
		c := reflect.New(root.Type())
		c.Elem().Set(deepCopy(root))
		set(field(c.Elem(), path))
		out = append(out, c.Interface().(wire.Body))
	}
	walk = func(path []int) {
		v := field(root, path)
		switch {
		case v.Type() == reflect.TypeOf(wire.Header{}):
			return // the header is the message's place: fixed as it is signed
		case v.Type() == reflect.TypeOf(json.RawMessage{}):
			for _, g := range rawGarbage {
				mutate(path, func(f reflect.Value) { f.Set(reflect.ValueOf(json.RawMessage(g))) })
			}
			return
		case v.Type() == reflect.TypeOf(wire.Hex{}) || v.Type() == reflect.TypeOf([]byte{}):
			for _, n := range []int{0, 1, 31, 33, 80, 200} {
				mutate(path, func(f reflect.Value) { f.SetBytes(bytes.Repeat([]byte{byte(n)}, n)) })
			}
			return
		}
		switch v.Kind() {
		case reflect.Struct:
			for i := range v.NumField() {
				walk(append(append([]int(nil), path...), i))
			}
		case reflect.Slice:
			mutate(path, func(f reflect.Value) { f.Set(reflect.Zero(f.Type())) })
			mutate(path, func(f reflect.Value) {
				s := reflect.MakeSlice(f.Type(), 100, 100)
				if f.Len() > 0 {
					for i := range 100 {
						s.Index(i).Set(deepCopy(f.Index(0)))
					}
				}
				f.Set(s)
			})
			if v.Len() > 0 {
				walk(append(append([]int(nil), path...), 0))
			}
		default:
			for _, g := range garbage[v.Kind()] {
				mutate(path, func(f reflect.Value) { f.Set(reflect.ValueOf(g).Convert(f.Type())) })
			}
		}
	}
	walk(nil)
	return out
}

// deepCopy copies v through its slices.
func deepCopy(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			c.Index(i).Set(deepCopy(v.Index(i)))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		for i := range v.NumField() {
			if c.Field(i).CanSet() {
				c.Field(i).Set(deepCopy(v.Field(i)))
			}
		}
		return c
	}
	return v
}

// signedAt returns f's first n messages and then body as message n,
// signed by its side's key.
func signedAt(t *testing.T, f *wire.File, n int, body wire.Body, key ed25519.PrivateKey) *wire.File {
	t.Helper()
	h := body.Head()
	h.Seq, h.Side = n, f.Messages[n].Head().Side
	h.Prev = nil
	if n > 0 {
		h.Prev = f.Messages[n-1].Hash()
	}
	m, err := wire.New(body)
	require.NoError(t, err)
	m.Sign(key)
	return &wire.File{Game: f.Game, Messages: append(append([]*wire.Message(nil), f.Messages[:n]...), m)}
}

// openGarbage replays f and opens it at a fresh home: neither may panic;
// it returns the replay's refusal, if any.
func openGarbage(t *testing.T, f *wire.File) error {
	t.Helper()
	_, err := Replay(f)
	_, _ = Open(Home{Dir: t.TempDir(), Rand: fixedRand("garbage")}, "garbage", f.Encode(), "hunters")
	return err
}

// TestSignedGarbageNeverPanics: every kind of message of a game, and a
// side's announcement of a phase-in, with each of its fields (at any
// depth) set to hostile values and signed again by its own side (so that
// only what the message says can be wrong), is read, replayed, verified
// and opened without a panic: each is refused or, where the value is one
// the rules take, played. (A panic in the rules while a message is
// played is itself a refusal of the message, never a crash: that net is
// what this test would otherwise lean on, so it counts the refusals that
// are such panics and requires none.)
func TestSignedGarbageNeverPanics(t *testing.T) {
	a, b, files := playWhole(t)
	keys := map[string]ed25519.PrivateKey{string(a.side): keyOf(t, a), string(b.side): keyOf(t, b)}
	full := parse(t, files[len(files)-1].Data)
	// The first message of each kind of the whole game.
	firsts := map[string]int{}
	for i, m := range full.Messages {
		if _, ok := firsts[m.Head().Kind]; !ok {
			firsts[m.Head().Kind] = i
		}
	}
	cases := []struct {
		f *wire.File
		n int
	}{}
	for _, n := range firsts {
		cases = append(cases, struct {
			f *wire.File
			n int
		}{full, n})
	}
	// A note and a claim, in the place of the last message.
	n := len(full.Messages) - 1
	last := full.Messages[n].Head()
	for _, b := range []wire.Body{
		&wire.Note{Header: wire.Header{Kind: wire.KindNote}, Note: "Your move."},
		&wire.Claim{Header: wire.Header{Kind: wire.KindClaim}, Against: "corsairs", Owes: "key", Since: n - 1, At: "2026-12-04T18:00:00Z"},
	} {
		f := signedAt(t, full, n, b, keys[last.Side])
		cases = append(cases, struct {
			f *wire.File
			n int
		}{f, n})
	}
	// The phase game's first announcement of a phase-in.
	playPhase(t)
	require.NotEmpty(t, phased.kept)
	pf := parse(t, phased.files[phased.kept[0].File].Data)
	at := len(pf.Messages) - 1
	for _, p := range []*player{phased.a, phased.b} {
		keys[string(p.side)] = keyOf(t, p)
	}
	cases = append(cases, struct {
		f *wire.File
		n int
	}{pf, at})
	tried, refused, panics := 0, 0, 0
	kinds := map[string]int{}
	for _, c := range cases {
		orig := c.f.Messages[c.n]
		for _, body := range mutations(orig.Body) {
			f := signedAt(t, c.f, c.n, body, keys[orig.Head().Side])
			tried++
			kinds[orig.Head().Kind]++
			if err := openGarbage(t, f); err != nil {
				refused++
				if strings.Contains(err.Error(), "made hexrift fail") {
					panics++
					t.Errorf("%s: a hostile %s made hexrift fail: %v", label(f.Messages[c.n]), orig.Head().Kind, err)
				}
			}
		}
	}
	require.Zero(t, panics)
	require.Greater(t, refused, tried/2)
	t.Logf("%d hostile messages signed by their sides (%v), %d refused, the rest played; no panic", tried, kinds, refused)
}

// FuzzSignedMessages fuzzes the body of one of the first messages of the
// test game, signed again by its side: never a panic, whatever the bytes.
func FuzzSignedMessages(f *testing.F) {
	seat, err := NewGame(Home{Dir: f.TempDir(), Rand: fixedRand("fuzz-seed")}, testSource(f), "corsairs", testTime)
	require.NoError(f, err)
	hunters, err := Open(Home{Dir: f.TempDir(), Rand: fixedRand("fuzz-b")}, "f", seat.Game.File().Encode(), "hunters")
	require.NoError(f, err)
	file, err := hunters.Send(&Orders{})
	require.NoError(f, err)
	keys := map[string]ed25519.PrivateKey{"corsairs": seat.sec.signer(), "hunters": hunters.sec.signer()}
	for i, m := range file.Messages {
		f.Add(uint8(i), m.Raw())
	}
	f.Fuzz(func(t *testing.T, at uint8, body []byte) {
		n := int(at) % len(file.Messages)
		b, err := wire.Decode(body)
		if err != nil {
			return
		}
		key := keys[file.Messages[n].Head().Side]
		if err := openGarbage(t, signedAt(t, file, n, b, key)); err != nil && strings.Contains(err.Error(), "made hexrift fail") {
			t.Fatal(err)
		}
	})
}

// TestReadBoundedBeforeSignature: a received file is read within fixed
// bounds before any signature in it is checked (wire.Parse: its size,
// how deep its values nest, how long any array is, how many values it
// holds, no key twice): a hostile file at the size cap is refused by
// Open, naming the file, at a cost of a small multiple of its size, and
// the machine's game is left as it was. The largest honest file of the
// tests, the phase game's last, is read well inside the bounds.
func TestReadBoundedBeforeSignature(t *testing.T) {
	a, _, files := playPhase(t)
	honest := files[len(files)-1].Data
	var phaseIns bytes.Buffer
	phaseIns.WriteString(`{"format":"hexrift-pbem","version":4,"game":"` + a.game + `","messages":[{"body":{"kind":"announce","seq":0,"side":"korath","round":1,"through":{"turn":1,"impulse":0,"step":"start"},"phase_ins":[`)
	for phaseIns.Len() < wire.MaxFileSize-64 {
		phaseIns.WriteString(`{},`)
	}
	phaseIns.WriteString(`{}]},"sig":""}]}`)
	tests := []struct {
		name string
		data []byte
		why  string
	}{
		{"16 MiB of empty phase-ins", phaseIns.Bytes(), "an array of more than 65536 elements"},
		{"a file over the cap", append(bytes.Clone(honest), bytes.Repeat([]byte(" "), wire.MaxFileSize)...), "larger than 16777216 bytes"},
		{"nested past the bound", []byte(`{"format":"hexrift-pbem","version":4,"game":"` + a.game + `","messages":[` + strings.Repeat(`{"a":`, 40) + "1" + strings.Repeat("}", 40) + `]}`), "values nested more than 32 deep"},
	}
	home := a.home
	before := keptFiles(t, a)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			used := allocated(func() { _, err = Open(home, "hostile.pbem", tc.data, "") })
			require.ErrorContains(t, err, "hostile.pbem")
			require.ErrorContains(t, err, tc.why)
			require.Less(t, used, uint64(len(tc.data))+4<<20, "refusing %d bytes allocated %d", len(tc.data), used)
			require.Equal(t, before, keptFiles(t, a))
			t.Logf("%s: %d bytes refused, %d bytes allocated", tc.name, len(tc.data), used)
		})
	}
	var f *wire.File
	var err error
	used := allocated(func() { f, err = ParseFile("honest", honest) })
	require.NoError(t, err)
	require.NoError(t, wire.Scan(honest))
	t.Logf("the phase game's last file: %d bytes, %d messages, read with %d bytes allocated", len(honest), len(f.Messages), used)
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

// A refusal names the message it refuses by the side it claims, which a
// hostile file writes: a side that is no plain id is quoted, so that a
// refusal never prints a line the file wrote.
func TestRefusalsQuoteWhatTheyRead(t *testing.T) {
	_, _, files := playWhole(t)
	full := parse(t, files[len(files)-1].Data)
	i := index(t, full, 0, wire.KindJoin)
	text := string(full.Encode())
	bad := strings.Replace(text, fmt.Sprintf(`"kind":"join","seq":%d,"side":"hunters"`, i), fmt.Sprintf(`"kind":"join","seq":%d,"side":"hunters\nforged line"`, i), 1)
	_, err := Open(Home{Dir: t.TempDir()}, "bad.pbem", []byte(bad), "corsairs")
	require.Error(t, err)
	require.NotContains(t, err.Error(), "\nforged line")
}

// TestHostileOrdersRefusedAtOpen: a side that commits to orders the
// executor cannot carry out (a course that claims to have flown through
// minus one of its waypoints, which once made game/plot panic as the last
// reveal played the stretch, so that the honest side could not write its
// own reveal) has its reveal refused as the file that carries it is
// opened, naming its message, and the honest machine's game is as it was.
func TestHostileOrdersRefusedAtOpen(t *testing.T) {
	dir := t.TempDir()
	corsairs := Home{Dir: filepath.Join(dir, "a"), Rand: fixedRand("hostile-a")}
	hunters := Home{Dir: filepath.Join(dir, "b"), Rand: fixedRand("hostile-b")}
	cs, err := NewGame(corsairs, testSource(t), "corsairs", testTime)
	require.NoError(t, err)
	hs, err := Open(hunters, "f0", cs.Game.File().Encode(), "hunters")
	require.NoError(t, err)
	f1, err := hs.Send(&Orders{})
	require.NoError(t, err)
	// The hunters' machine, as a cheater's code would, commits to
	// poisoned orders instead.
	poisoned, err := json.Marshal(&Orders{Plot: &plot.Orders{Side: "hunters", Turn: 1, Ships: []plot.Ship{{Unit: "bounty",
		Course: plot.Course{Kind: plot.Waypoints, Hexes: []rules.Hex{{Q: 1, R: 1}}, Reached: plot.Progress{Now: -1}}}}}})
	require.NoError(t, err)
	nonce := bytes.Repeat([]byte{7}, NonceSize)
	key := map[rules.SideID]ed25519.PrivateKey{"hunters": hs.sec.signer()}
	c := index(t, f1, 0, wire.KindCommit)
	edit(t, f1, c, func(b *wire.Commit) { b.Commit = commitment(f1.Game, b.Round, "hunters", poisoned, nonce) })
	rechain(t, f1, c, key)
	cs, err = Open(corsairs, "f1", f1.Encode(), "corsairs")
	require.NoError(t, err, "a commitment is only a hash")
	f2, err := cs.Send(&Orders{})
	require.NoError(t, err)
	f3 := appendSigned(t, f2, &wire.Reveal{Header: wire.Header{Kind: wire.KindReveal}, Round: 1, Orders: poisoned, Nonce: nonce}, "hunters", key["hunters"])
	before := keptFiles(t, &player{home: corsairs, game: cs.Game.ID})
	_, err = Open(corsairs, "f3.pbem", f3.Encode(), "corsairs")
	require.ErrorContains(t, err, "f3.pbem refused: message "+itoa(len(f3.Messages)-1)+" (hunters's reveal of round 1): the revealed orders cannot be carried out: plot: bounty's course has flown through 0 and -1 of its 1 waypoints")
	require.Equal(t, before, keptFiles(t, &player{home: corsairs, game: cs.Game.ID}))
}
