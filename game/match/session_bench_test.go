package match

import (
	"fmt"
	"testing"

	"github.com/hexrift/hexrift/scenarios"
)

// BenchmarkSessionTurn plays one full turn of a stress scenario (ships
// spread over a disc of radius 400, testdata/gen-stress.py) through the
// session, with legal computer players at every seat: deciding,
// recording, hashing and keeping the history, not only the rules. Its
// cost per command should not grow with the number of ships, so 2,000
// ships should cost about 20 times 100 (issue 17 allows 25).
func BenchmarkSessionTurn(b *testing.B) {
	for _, n := range []int{100, 1000, 2000} {
		b.Run(fmt.Sprintf("ships=%d", n), func(b *testing.B) {
			src, err := scenarios.ReadSource(fmt.Sprintf("../../testdata/stress-%d.yaml", n))
			if err != nil {
				b.Fatal(err)
			}
			var cmds int
			for b.Loop() {
				s, err := SimulateAt(src, 1, 1, "legal")
				if err != nil {
					b.Fatal(err)
				}
				cmds = len(s.commands)
			}
			b.ReportMetric(float64(cmds), "commands/turn")
		})
	}
}
