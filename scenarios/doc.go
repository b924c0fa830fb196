// Package scenarios reads scenario files and turns them into the
// rules.Setup a game starts from.
//
// A scenario file is YAML: an id and a name, the map centre, ruleset
// options, the sides, the point features, regions and systems of the map,
// and the units. docs/SCENARIOS.md is the format reference.
//
// Load parses one file held in memory, LoadFile and Open read one from
// disk, and Open also accepts the id of a scenario bundled with the game
// (see Bundled). Every problem a file has is reported at once, each with
// the file name, line and column it concerns, as a Problems error; Check
// collects the problems of several files for a "hexrift check" command.
//
// The rules package never reads files: this package is the only place
// where scenario text becomes rules values. Loading is deterministic and
// the package holds no state besides the embedded bundled files.
package scenarios
