package game

import (
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"

	"github.com/hexrift/hexrift/rules"
)

// Every step of the turn has a title of its own in words, for the top
// bar and the orders panel's heading (issue 22): no rules tag
// ("direct-fire"), a capital first, no two alike; the fire step is named
// for what the player does in it.
func TestStepTitles(t *testing.T) {
	seen := map[string]rules.Step{}
	for st := rules.StepStartOfTurn; st <= rules.StepGameOver; st++ {
		t.Run(st.String(), func(t *testing.T) {
			title := stepTitle(st)
			assert.NotEqual(t, st.String(), title)
			assert.NotContains(t, title, "-")
			assert.True(t, unicode.IsUpper([]rune(title)[0]), "%q starts with a capital", title)
			if other, ok := seen[title]; ok {
				t.Errorf("%s and %s are both %q", other, st, title)
			}
			seen[title] = st
		})
	}
	assert.Equal(t, "Fire declaration", stepTitle(rules.StepDirectFire))
	assert.Equal(t, "Energy allocation", stepTitle(rules.StepEnergyAllocation))
}
