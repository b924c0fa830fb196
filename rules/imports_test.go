package rules

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The rules package imports no graphics, no game or scenario code, no
// clock and no global random source.
func TestImportsStayPure(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			switch {
			case strings.Contains(p, "ebiten"), strings.HasPrefix(p, "github.com/hexrift/hexrift/"),
				p == "time", p == "math/rand", p == "math/rand/v2", p == "os", p == "unsafe":
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}
