package scenarios

import (
	"io/fs"
	"path"
	"slices"
	"strings"
)

// Source is a scenario's text with the name it was loaded under. Saved
// games carry it whole, so that a save still loads after the file it was
// started from has moved or changed.
type Source struct {
	// Name is the file name problems are reported against: a path, or
	// "bundled/ID.yaml" for a bundled scenario.
	Name string `json:"name"`
	// Data is the scenario file's text.
	Data []byte `json:"data"`
}

// ReadSource reads the scenario named by arg, as Open resolves it, and
// returns its text without loading it.
func ReadSource(arg string) (Source, error) {
	if !IsPath(arg) && slices.Contains(bundledIDs(), arg) {
		name := path.Join("bundled", arg+".yaml")
		data, err := bundled.ReadFile(name)
		if err != nil {
			return Source{}, Problems{{File: arg, Msg: "cannot read bundled scenario: " + err.Error(), cause: err}}
		}
		return Source{Name: name, Data: data}, nil
	}
	if !IsPath(arg) {
		if _, p := readFile(arg); p != nil {
			return Source{}, Problems{{
				File:  arg,
				Msg:   "no such file, and no bundled scenario of that id; the bundled ones are " + strings.Join(bundledIDs(), ", "),
				cause: fs.ErrNotExist,
			}}
		}
	}
	data, p := readFile(arg)
	if p != nil {
		return Source{}, Problems{*p}
	}
	return Source{Name: arg, Data: data}, nil
}

// Load loads the scenario from the source's text.
func (s Source) Load() (*Scenario, error) { return Load(s.Name, s.Data) }
