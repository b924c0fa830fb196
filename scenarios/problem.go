package scenarios

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// MaxProblems is the most problems reported for one file; a file with
// more gets a final problem saying how many were left out.
const MaxProblems = 100

// Problem is one thing wrong with a scenario file, located as precisely
// as the file allows.
type Problem struct {
	// File is the name the file was loaded under.
	File string
	// Line and Col are 1-based; Col counts characters, not bytes. Both are
	// 0 when the problem concerns the whole file (it cannot be read, or it
	// is empty), and Col is 0 when only the line is known (YAML syntax
	// errors).
	Line, Col int
	// Path is the field the problem concerns, e.g. "units[2].facing";
	// empty for problems of the file as a whole.
	Path string
	// Msg says what is wrong, and where it helps, how to fix it.
	Msg string
	// Warning is set for problems that do not stop the scenario loading.
	Warning bool

	// cause is the error the problem came from, such as a file system
	// error; Problems.Unwrap returns it.
	cause error
}

// String returns the problem as FILE:LINE:COL: [warning: ]PATH: MSG, the
// form compilers use and editors understand. LINE and COL are left out
// when they are not known.
func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		b.WriteString(":" + strconv.Itoa(p.Line))
		if p.Col > 0 {
			b.WriteString(":" + strconv.Itoa(p.Col))
		}
	}
	b.WriteString(": ")
	if p.Warning {
		b.WriteString("warning: ")
	}
	if p.Path != "" {
		b.WriteString(p.Path + ": ")
	}
	b.WriteString(p.Msg)
	return b.String()
}

// Problems is every problem found in one or more files: file by file
// (in the order the files were given), and by line and column within a
// file. Load returns it as its error when at least one of the
// problems is not a warning.
type Problems []Problem

// Error returns the problems one per line after a count.
func (ps Problems) Error() string {
	switch len(ps) {
	case 0:
		return "scenarios: no problems"
	case 1:
		return "scenarios: " + ps[0].String()
	}
	lines := make([]string, 0, len(ps)+1)
	lines = append(lines, fmt.Sprintf("scenarios: %d problems:", len(ps)))
	for _, p := range ps {
		lines = append(lines, p.String())
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the errors the problems came from, so that errors.Is
// sees, for example, fs.ErrNotExist.
func (ps Problems) Unwrap() []error {
	var errs []error
	for _, p := range ps {
		if p.cause != nil {
			errs = append(errs, p.cause)
		}
	}
	return errs
}

// HasErrors reports whether any of the problems is not a warning.
func (ps Problems) HasErrors() bool {
	return slices.ContainsFunc(ps, func(p Problem) bool { return !p.Warning })
}

// Warnings returns only the warnings.
func (ps Problems) Warnings() Problems {
	var out Problems
	for _, p := range ps {
		if p.Warning {
			out = append(out, p)
		}
	}
	return out
}

// sortProblems orders the problems of one file by position, keeping the
// order of discovery among problems at the same place, and caps them at
// MaxProblems.
func sortProblems(ps Problems) Problems {
	slices.SortStableFunc(ps, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	if len(ps) > MaxProblems {
		n, hasErrors := len(ps), ps.HasErrors()
		last := ps[MaxProblems-1]
		ps = append(ps[:MaxProblems:MaxProblems], Problem{
			File: last.File, Line: last.Line, Col: last.Col,
			Msg:     fmt.Sprintf("too many problems: %d more not shown", n-MaxProblems),
			Warning: !hasErrors,
		})
	}
	return ps
}
