package scenarios

import (
	"embed"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
)

// DefaultID is the id of the bundled scenario a new game starts with.
const DefaultID = "first-contact"

// bundled holds the scenarios shipped with the game, one file per
// scenario named after its id.
//
//go:embed bundled/*.yaml
var bundled embed.FS

// bundledIDs returns the ids of the bundled scenarios: the default first,
// then the rest by id.
func bundledIDs() []string {
	entries, err := fs.ReadDir(bundled, "bundled")
	if err != nil {
		return nil // cannot happen: the directory is embedded
	}
	var ids []string
	for _, e := range entries {
		if id, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b string) int {
		switch {
		case a == b:
			return 0
		case a == DefaultID:
			return -1
		case b == DefaultID:
			return 1
		}
		return strings.Compare(a, b)
	})
	return ids
}

// Bundled lists the scenarios shipped with the game for the new-game
// menu: the default (DefaultID) first, then the others by id.
func Bundled() []Info {
	var out []Info
	for _, id := range bundledIDs() {
		if s, err := LoadBundled(id); err == nil {
			out = append(out, s.Info())
		}
	}
	return out
}

// LoadBundled loads the bundled scenario with the given id. Its problems
// name the file "bundled/ID.yaml".
func LoadBundled(id string) (*Scenario, error) {
	name := path.Join("bundled", id+".yaml")
	var data []byte
	err := fs.ErrNotExist
	if validID(id) {
		data, err = bundled.ReadFile(name)
	}
	if err != nil {
		return nil, Problems{{File: id, Msg: "no bundled scenario of that id" + didYouMean(id, bundledIDs()) + "; the bundled ones are " + strings.Join(bundledIDs(), ", "), cause: fs.ErrNotExist}}
	}
	return Load(name, data)
}

// IsPath reports whether Open treats arg as a file path without looking
// at bundled ids: when it holds a path separator or ends in .yaml or .yml.
func IsPath(arg string) bool {
	return strings.ContainsRune(arg, '/') || strings.ContainsRune(arg, os.PathSeparator) ||
		strings.HasSuffix(arg, ".yaml") || strings.HasSuffix(arg, ".yml")
}

// Open loads a scenario named on the command line or in a menu: a file
// path when IsPath says so, otherwise a bundled scenario id, otherwise a
// file of that name if one exists. A bundled id therefore wins over a
// file of the same name in the working directory; write ./NAME to get the
// file.
func Open(arg string) (*Scenario, error) {
	if IsPath(arg) {
		return LoadFile(arg)
	}
	if slices.Contains(bundledIDs(), arg) {
		return LoadBundled(arg)
	}
	if _, err := os.Stat(arg); err == nil {
		return LoadFile(arg)
	}
	return nil, Problems{{
		File:  arg,
		Msg:   "no such file, and no bundled scenario of that id" + didYouMean(arg, bundledIDs()) + "; the bundled ones are " + strings.Join(bundledIDs(), ", "),
		cause: fs.ErrNotExist,
	}}
}

// Check loads each scenario named in args (as Open does) and returns all
// their problems, warnings included, in argument order and then by
// position. A "hexrift check" command prints them one per line and exits
// 1 if Problems.HasErrors, 0 otherwise.
func Check(args ...string) Problems {
	var all Problems
	for _, arg := range args {
		s, err := Open(arg)
		switch ps, isProblems := err.(Problems); {
		case err == nil:
			all = append(all, s.Warnings...)
		case isProblems:
			all = append(all, ps...)
		default: // every error of this package is Problems
			all = append(all, Problem{File: arg, Msg: err.Error(), cause: err})
		}
	}
	return all
}
