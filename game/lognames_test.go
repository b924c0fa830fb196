package game

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
)

// The log names seekers as the declarations panel does, from the launch
// lines the viewer was shown, never by their ids.
func TestLogSeekerNames(t *testing.T) {
	launch := func(seq int, id rules.UnitID, text string) rules.Event {
		return rules.Event{Seq: seq, Kind: rules.EventNote, Unit: id, Text: text}
	}
	twins := []rules.Event{
		launch(1, "ironclaw.d8.2", "Ironclaw launches drone ironclaw.d8.2 at Swift"),
		launch(2, "ironclaw.d9.2", "Ironclaw launches drone ironclaw.d9.2 at Swift"),
		launch(3, "ironclaw.d7.2", "Ironclaw launches drone ironclaw.d7.2 at Lark"),
		launch(4, "fang.p3.1", "Fang launches plasma torpedo fang.p3.1 at Lark"),
	}
	tests := []struct {
		name   string
		events []rules.Event
		text   string
		want   string
	}{
		{"the launch line", twins[3:], "Fang launches plasma torpedo fang.p3.1 at Lark", "Fang launches Plasma torpedo from Fang at Lark"},
		{"a lone seeker", twins[3:], "fang.p3.1 moves (1,2) to (2,2)", "Plasma torpedo from Fang moves (1,2) to (2,2)"},
		{"twins by target and number", twins, "ironclaw.d9.2 strikes Swift for 12", "Drone from Ironclaw at Swift (2) strikes Swift for 12"},
		{"twins told apart by target", twins, "ironclaw.d7.2 strikes Lark for 12", "Drone from Ironclaw at Lark strikes Lark for 12"},
		{"as a cause", twins, "Swift takes 12 on shield 1 from drone ironclaw.d8.2, 3 internal", "Swift takes 12 on shield 1 from Drone from Ironclaw at Swift (1), 3 internal"},
		{"a launch not seen, with its kind", nil, "Swift takes 12 on shield 1 from drone ironclaw.d8.2, 3 internal", "Swift takes 12 on shield 1 from Drone, 3 internal"},
		{"a launch not seen", nil, "ironclaw.d8.2 runs out of fuel", "Seeker runs out of fuel"},
		{"no seeker", twins, "Swift moves (1,2) to (2,2)", "Swift moves (1,2) to (2,2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, namedLog(tt.text, logSeekerNames(tt.events)))
		})
	}
	// A launch's own line says the target once.
	names := logSeekerNames(twins)
	for i, want := range []string{
		"Ironclaw launches Drone from Ironclaw at Swift (1)",
		"Ironclaw launches Drone from Ironclaw at Swift (2)",
		"Ironclaw launches Drone from Ironclaw at Lark",
		"Fang launches Plasma torpedo from Fang at Lark",
	} {
		t.Run(want, func(t *testing.T) {
			got, ok := launchLine(twins[i], names)
			assert.True(t, ok)
			assert.Equal(t, want, got)
		})
	}
}

// seekerIDText matches a seeker's id in a text, as the rules name them.
var seekerIDText = regexp.MustCompile(`\b[a-z0-9_-]+\.[dp][0-9]+\.[0-9]+\b`)

// In a real game each side's log reads the drone Kes launched at Hawk as
// "Drone from Kes", from its launch line on, and never shows its id.
func TestLogNamesLaunchedDrone(t *testing.T) {
	p := seekersScene(t)
	lb, ok := panelAt(t, p, "blue", rules.CmdLaunch, 1, 1).(*launchBuilder)
	require.True(t, ok, "the launch panel, not %T", p.orders)
	lb.aim(p.desk, "hawk")
	require.True(t, p.submit(lb.command(p.desk)))
	panelAt(t, p, "blue", rules.CmdActivity, 1, 3) // the drone flies on
	for _, side := range []rules.SideID{"blue", "red", ""} {
		t.Run("side "+string(side), func(t *testing.T) {
			events := p.sess.LogFor(side)
			var texts []string
			for _, ln := range logLines(events, logSeekerNames(events)) {
				texts = append(texts, ln.text)
			}
			all := strings.Join(texts, "\n")
			assert.Contains(t, all, "Kes launches Drone from Kes at Hawk")
			assert.Contains(t, all, "Drone from Kes moves")
			assert.Empty(t, seekerIDText.FindAllString(all, -1), "ids in the log")
		})
	}
}
