package match

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hexrift/hexrift/scenarios"
)

// FuzzParseSave checks the save reader on any bytes: it never panics or
// hangs, a refusal names the file, a save it accepts encodes back to a
// save it reads the same way, and replaying an accepted save either
// rebuilds a session or says why not, without panicking. Seeds are saves
// of short computer games and a few damaged ones; the reader needs no
// window, and neither does this target.
func FuzzParseSave(f *testing.F) {
	for _, c := range []struct {
		scenario string
		turns    int
	}{
		{scenarios.DefaultID, 1},
		{"drill-rift", 1},
		{"drill-phase", 1},
	} {
		src, err := scenarios.ReadSource(c.scenario)
		if err != nil {
			f.Fatal(err)
		}
		s, err := Simulate(src, 7, c.turns)
		if err != nil {
			f.Fatal(err)
		}
		data, err := json.MarshalIndent(s.SaveFile(c.scenario, testTime), "", " ")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add([]byte(`{"format":"hexrift-save","version":1}`))
	f.Add([]byte(`{"format":"hexrift-save","version":2}`))
	f.Add([]byte(`{"format":"hexrift-save","version":1,"scenario":{"name":"bundled/first-contact.yaml","data":""},"commands":[{"kind":"allocate"}]}`))

	const name = "fuzz.hexrift"
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := ParseSave(name, data)
		if err != nil {
			if sf != nil {
				t.Fatal("both a save and an error")
			}
			if !strings.HasPrefix(err.Error(), "match: "+name) {
				t.Fatalf("the error does not name the file: %q", err)
			}
			return
		}
		if sf.Format != SaveFormat || sf.Version < 1 || sf.Version > SaveVersion {
			t.Fatalf("accepted format %q version %d", sf.Format, sf.Version)
		}
		again, err := json.Marshal(sf)
		if err != nil {
			t.Fatalf("an accepted save does not encode: %v", err)
		}
		sf2, err := ParseSave(name, again)
		if err != nil {
			t.Fatalf("an accepted save, encoded again, is refused: %v", err)
		}
		if third, _ := json.Marshal(sf2); !bytes.Equal(again, third) {
			t.Fatalf("a save changes when read again:\n%s\n%s", again, third)
		}
		s, err := Replay(sf.Scenario, sf.Seed, sf.Seats, sf.Commands, sf.Checks)
		if err == nil && s == nil {
			t.Fatal("no session and no error")
		}
		if err != nil && err.Error() == "" {
			t.Fatal("an empty error")
		}
	})
}
