package docs

import (
	"os"
	"strings"
	"testing"
)

// The section the table writer keeps is docs/AI.md's last, as the file
// on disk has it, and says how the levels play.
func TestHowTheLevelsPlay(t *testing.T) {
	doc, err := os.ReadFile("AI.md")
	if err != nil {
		t.Fatal(err)
	}
	got := HowTheLevelsPlay()
	if !strings.HasPrefix(got, levelsHead) || !strings.HasSuffix(string(doc), got) {
		t.Fatalf("the section is not the end of docs/AI.md from %q:\n%.200s", levelsHead, got)
	}
	for _, want := range []string{"- **Fair play.**", "- **A ladder by design.**", "- **Determinism.**"} {
		if !strings.Contains(got, want) {
			t.Errorf("the section lacks %q", want)
		}
	}
	if strings.Count(string(doc), levelsHead) != 1 {
		t.Errorf("docs/AI.md has %d sections %q, want one", strings.Count(string(doc), levelsHead), levelsHead)
	}
}
