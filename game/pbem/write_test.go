package pbem

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A write the system refuses names play by file and the file, not the
// package that does the writing (issue 38: "match: writing .../secret.json").
func TestWriteErrorsSpeakForPbem(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no-such-game", "secret.json")
	err := writeAtomic(path, []byte("{}"), 0o600)
	assert.ErrorContains(t, err, "pbem: writing "+path+": ")
	assert.NotContains(t, err.Error(), "match")
}
