package docs

import (
	_ "embed"
	"strings"
)

//go:embed AI.md
var aiMD string

// levelsHead opens the section of docs/AI.md on how the computer levels
// play, with the line end before it.
const levelsHead = "\n## How the levels play\n"

// HowTheLevelsPlay returns the section "How the levels play" of
// docs/AI.md, from the line end before its heading to the end of the
// file: the prose the table writer closes docs/AI.md with. It is empty
// if docs/AI.md has no such section.
func HowTheLevelsPlay() string {
	i := strings.Index(aiMD, levelsHead)
	if i < 0 {
		return ""
	}
	return aiMD[i:]
}
