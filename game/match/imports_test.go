package match

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The match package, and every package of this module it imports, however
// deep, imports no Ebitengine, no render package and no package of the
// screens: a game runs with no window.
func TestNoWindowImported(t *testing.T) {
	const module = "github.com/hexrift/hexrift/"
	root := filepath.Join("..", "..")
	seen := map[string]bool{}
	var walk func(pkg, dir string)
	walk = func(pkg, dir string) {
		if seen[pkg] {
			return
		}
		seen[pkg] = true
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			require.NoError(t, err)
			for _, imp := range af.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				switch {
				case strings.Contains(p, "ebiten"), p == module+"render", p == module+"game":
					t.Errorf("%s imports %s", f, p)
				case strings.HasPrefix(p, module):
					walk(p, filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(p, module))))
				}
			}
		}
	}
	walk(module+"game/match", ".")
	require.Contains(t, seen, module+"rules", "the walk reached the rules")
}
