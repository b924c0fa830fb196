package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The bench splits resident memory by what holds it: the GL driver's
// libraries (their copied-on-write pages too), the program, other files
// and anonymous memory.
func TestParseSmapsSplitsResidentMemory(t *testing.T) {
	const smaps = `55d0c0000000-55d0c0800000 r-xp 00000000 08:01 123 /opt/hexrift
Size:               8192 kB
Rss:                8000 kB
7f0000000000-7f0006000000 r-xp 00000000 08:01 456 /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1
Rss:               46000 kB
7f0006000000-7f0006800000 r--p 06000000 08:01 456 /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1
Rss:                8000 kB
Anonymous:          8000 kB
7f1000000000-7f1000800000 r-xp 00000000 08:01 789 /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so
Rss:                5000 kB
7f2000000000-7f2000200000 r-xp 00000000 08:01 790 /usr/lib/x86_64-linux-gnu/libc.so.6
Rss:                1600 kB
7f3000000000-7f3000c00000 rw-p 00000000 00:00 0 
Rss:               12000 kB
0e000000-0e400000 rw-p 00000000 00:00 0                                  [heap]
Rss:                3000 kB
7ffc00000000-7ffc00021000 rw-p 00000000 00:00 0                          [stack]
Rss:                 100 kB
`
	tests := []struct {
		name string
		got  func(MemoryShare) int64
		want int64
	}{
		{"GL driver: libLLVM and the dri driver", func(m MemoryShare) int64 { return m.GLDriver }, (46000 + 8000 + 5000) << 10},
		{"program", func(m MemoryShare) int64 { return m.Program }, 8000 << 10},
		{"other files", func(m MemoryShare) int64 { return m.OtherFiles }, 1600 << 10},
		{"anonymous, heap and stack", func(m MemoryShare) int64 { return m.Anonymous }, (12000 + 3000 + 100) << 10},
	}
	m := parseSmaps(smaps, "/opt/hexrift")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.got(m))
		})
	}
}
