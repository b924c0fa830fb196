package scenarios

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCarriedDestinations: WithDestinations takes with a scenario the
// text of every destination its charts name by path (once per file,
// however it is spelt; bundled ones never), and LoadCarried loads the
// same scenario from those texts alone: with the scenario's folder gone,
// and with a name that would lead to other files on the machine that
// loads it. What a carried source lacks, or carries for no chart, is an
// error naming the file; a source with nothing named by path carries
// nothing.
func TestCarriedDestinations(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "maps")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "far"), 0o755))
	yard := paddedYard(t, 0)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "far", "yard.yaml"), yard, 0o644))
	origin := "id: o\nname: O\nsides: [{id: a}]\nunits: [{id: x, side: a, class: fed-cruiser, hex: \"0,0\", facing: A, speed: 0}]\n" +
		"rift_charts:\n  - roll: 2-12\n    rows:\n" +
		"      - {roll: 2-4, scenario: far/yard.yaml, port: \"0,0\", defend: \"1,1\"}\n" +
		"      - {roll: 5-8, scenario: ./far/yard.yaml, port: \"0,0\", defend: \"1,1\"}\n" +
		"      - {roll: 9-12, scenario: velari-outpost, port: \"0,0\", defend: \"1,1\"}\n"
	src := Source{Name: filepath.Join(dir, "o.yaml"), Data: []byte(origin)}
	onDisk, err := src.Load()
	require.NoError(t, err)

	carried, err := src.WithDestinations()
	require.NoError(t, err)
	require.Equal(t, []Source{{Name: "far/yard.yaml", Data: yard}}, carried.Destinations, "one text for the two spellings, none for the bundled one")
	require.NoError(t, os.RemoveAll(dir))
	_, err = src.Load()
	require.ErrorContains(t, err, "the scenario's folder cannot be resolved", "the folder is gone")

	tests := []struct {
		name  string
		edit  func(s *Source)
		error string
	}{
		{"as carried", func(*Source) {}, ""},
		{"under another name", func(s *Source) { s.Name = "/etc/o.yaml" }, ""},
		{"not carried", func(s *Source) { s.Destinations = nil }, `destination "far/yard.yaml" is not carried with the scenario`},
		{"carried twice", func(s *Source) { s.Destinations = append(s.Destinations, Source{Name: "./far/yard.yaml", Data: yard}) }, `carried destination "./far/yard.yaml" is carried twice`},
		{"carried for no chart", func(s *Source) { s.Destinations = append(s.Destinations, Source{Name: "near.yaml", Data: yard}) }, `carried destination "near.yaml" is named by no rift chart`},
		{"not a path", func(s *Source) { s.Destinations = []Source{{Name: "derelict-yard", Data: yard}} }, `carried destination "derelict-yard" is no path`},
		{"broken", func(s *Source) { s.Destinations = []Source{{Name: "far/yard.yaml", Data: []byte("id: [")}} }, `destination "far/yard.yaml" does not load`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := carried
			s.Destinations = append([]Source(nil), carried.Destinations...)
			tc.edit(&s)
			sc, err := s.LoadCarried()
			if tc.error != "" {
				require.ErrorContains(t, err, tc.error)
				require.ErrorContains(t, err, s.Name, "the error names the file")
				return
			}
			require.NoError(t, err)
			require.Len(t, sc.Destinations, len(onDisk.Destinations))
			for i, d := range sc.Destinations {
				require.Equal(t, onDisk.Destinations[i].ID, d.ID)
				require.Equal(t, onDisk.Destinations[i].Setup(), d.Setup(), "destination %s as read from the disk", d.ID)
			}
			require.Equal(t, onDisk.RiftCharts, sc.RiftCharts)
		})
	}

	bundledSrc, err := ReadSource("rift-gate")
	require.NoError(t, err)
	withNone, err := bundledSrc.WithDestinations()
	require.NoError(t, err)
	require.Empty(t, withNone.Destinations, "a bundled scenario's destinations are on every machine")
	_, err = withNone.LoadCarried()
	require.NoError(t, err)
}
