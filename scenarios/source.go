package scenarios

import (
	"fmt"
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
	// Destinations are the texts of the rift destinations the scenario's
	// charts name by path, each under the path as the chart gives it, for
	// a scenario carried to another machine (WithDestinations,
	// LoadCarried). Bundled destinations are never carried.
	Destinations []Source `json:"destinations,omitempty"`
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
				Msg:   "no such file, and no bundled scenario of that id" + didYouMean(arg, bundledIDs()) + "; the bundled ones are " + strings.Join(bundledIDs(), ", "),
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

// Load loads the scenario from the source's text. Destinations named by
// path are read from the scenario's folder (Destinations are not used).
func (s Source) Load() (*Scenario, error) { return Load(s.Name, s.Data) }

// WithDestinations returns the source with the texts of the destination
// files its charts name by path, read from the scenario's folder as Load
// reads them, so that it can be carried to a machine that has not got
// them (LoadCarried).
func (s Source) WithDestinations() (Source, error) {
	_, src, err := s.LoadWithDestinations()
	return src, err
}

// LoadWithDestinations loads the scenario as Load does and returns it
// with the source WithDestinations gives, in one reading.
func (s Source) LoadWithDestinations() (*Scenario, Source, error) {
	var read []Source
	l := &loader{file: s.Name, read: &read}
	sc, err := l.result(l.load(s.Data))
	if err != nil {
		return nil, Source{}, err
	}
	slices.SortFunc(read, func(a, b Source) int { return strings.Compare(a.Name, b.Name) })
	s.Destinations = read
	return sc, s, nil
}

// LoadKept loads a source kept in a save: from the destination texts it
// carries when it carries any (LoadCarried), else as Load does, as a
// save written before saves carried them needs.
func (s Source) LoadKept() (*Scenario, error) {
	if len(s.Destinations) > 0 {
		return s.LoadCarried()
	}
	return s.Load()
}

// LoadCarried loads the scenario as a machine that did not write it
// does: every destination its charts name by path comes from
// Destinations, and nothing is read from a disk, whatever the source's
// name says. A destination not carried, a text carried twice or carried
// for no chart is an error.
func (s Source) LoadCarried() (*Scenario, error) {
	l := &loader{file: s.Name, carried: map[string][]byte{}}
	for _, d := range s.Destinations {
		name := path.Clean(d.Name)
		if !IsPath(d.Name) {
			return nil, Problems{{File: s.Name, Msg: fmt.Sprintf("carried destination %q is no path; bundled destinations are never carried", clip(d.Name))}}
		}
		if _, dup := l.carried[name]; dup {
			return nil, Problems{{File: s.Name, Msg: fmt.Sprintf("carried destination %q is carried twice", clip(d.Name))}}
		}
		l.carried[name] = d.Data
	}
	sc := l.load(s.Data)
	for _, d := range s.Destinations {
		if !l.carriedUsed[path.Clean(d.Name)] {
			l.errorf(nil, "", "carried destination %q is named by no rift chart", clip(d.Name))
		}
	}
	return l.result(sc)
}
