package testrand

import (
	"crypto/sha256"
	"fmt"
	"io"
)

// New returns a reader of the bytes seed gives: the SHA-256 sums of
// "seed/0", "seed/1", ... one after another.
func New(seed string) io.Reader { return &counter{seed: seed} }

// counter is New's reader: the next block to hash and the bytes of the
// last one not yet read.
type counter struct {
	seed string
	n    int
	buf  []byte
}

func (r *counter) Read(p []byte) (int, error) {
	for len(r.buf) < len(p) {
		h := sha256.Sum256([]byte(fmt.Sprintf("%s/%d", r.seed, r.n)))
		r.n++
		r.buf = append(r.buf, h[:]...)
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}
