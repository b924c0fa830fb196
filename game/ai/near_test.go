package ai

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// EnemyWithin reports whether a unit of another side than the view's
// viewer, of one of kinds (of any kind where none is named), is within d
// hexes of the view's mover, on its map. It is exported from a test file
// so that the package's external tests use it too.
func EnemyWithin(v *rules.View, d int, kinds ...rules.UnitKind) bool {
	var at *rules.UnitView
	for i := range v.Units {
		if v.Units[i].ID == v.Mover {
			at = &v.Units[i]
		}
	}
	if at == nil {
		return false
	}
	for _, u := range v.Units {
		if u.Side != v.Viewer && (len(kinds) == 0 || slices.Contains(kinds, u.Kind)) && u.Map == at.Map && u.Hex.Distance(at.Hex) <= d {
			return true
		}
	}
	return false
}
