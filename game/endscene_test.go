package game

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/scenarios"
)

// The end screen lists every objective of every side, met or missed,
// and sets a cosmic rift destination's defenders apart, under a heading
// that names what they defend, after the sides of the game.
func TestEndScreenListsEveryObjectiveAndTheDefenders(t *testing.T) {
	src, err := scenarios.ReadSource("drill-rift") // its rift is open from the start
	require.NoError(t, err)
	sess, err := match.SimulateAt(src, 2, 100, "legal")
	require.NoError(t, err)
	require.True(t, sess.Over())
	out := sess.State.Outcome()
	lines := resultLines(sess, out)
	var text []string
	for _, l := range lines {
		text = append(text, l.text)
	}
	all := strings.Join(text, "\n")

	// Every objective once, as met or as missed.
	for _, o := range sess.State.Objectives {
		line := o.String()
		met := strings.Count(all, "objective met: "+line+":")
		missed := strings.Count(all, "objective missed: "+line+":")
		assert.Equal(t, 1, met+missed, "objective %q: met %d, missed %d times in\n%s", line, met, missed, all)
		assert.Equal(t, sess.State.ObjectiveMet(&o), met == 1, line)
	}
	kinds := map[int]int{}
	for _, l := range lines {
		kinds[l.kind]++
	}
	assert.Equal(t, len(sess.State.Objectives), kinds[lineMet]+kinds[lineMissed])

	// The defenders: after the game's sides, under their heading.
	head := -1
	for i, l := range lines {
		if l.kind == lineDefenders {
			head = i
			break
		}
	}
	require.GreaterOrEqual(t, head, 0, "a heading for the destination's defenders in\n%s", all)
	assert.Regexp(t, `^Defending (The Derelict Yard|Corsair Haven), beyond a cosmic rift: scored, not contending for the game$`, lines[head].text)
	for i, l := range lines {
		if l.kind != lineSide {
			continue
		}
		defender := strings.Contains(l.text, "(defender)")
		assert.Equal(t, i > head, defender, "line %d %q: the defenders, and only they, come after the heading", i, l.text)
	}
}
