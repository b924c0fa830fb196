package match

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// rawShield is a shield written as the rules' repair target ("shield6")
// rather than as players read it ("shield 6").
var rawShield = regexp.MustCompile(`\bshield[1-6]\b`)

// idChar reports whether b can be part of an id: what joins the words of
// a seeker's id ("kestrel.d6.1") counts, so "kestrel" is not found in it.
func idChar(b byte) bool {
	return b == '-' || b == '_' || b == '.' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// holdsWord reports whether text holds id as a whole word (case
// matters): no id character either side of it, but for a sentence's
// full stop.
func holdsWord(text, id string) bool {
	for from := 0; ; {
		i := strings.Index(text[from:], id)
		if i < 0 {
			return false
		}
		i += from
		j := i + len(id)
		before := i == 0 || !idChar(text[i-1])
		after := j == len(text) || !idChar(text[j]) || text[j] == '.' && (j+1 == len(text) || !idChar(text[j+1]))
		if before && after {
			return true
		}
		from = i + 1
	}
}

// Every log line a side reads in a few turns of the bundled two-side
// games, played by the legal computer players, names units and sides as
// players read them, never by an id that has a name of its own (a
// seeker keeps its id: "Drone" is its class's name, not its own); a
// commit line names the side and the step in words; a shield is
// "shield 6" (issue 22).
func TestLogUsesPlayerNames(t *testing.T) {
	kinds := []rules.CommandKind{rules.CmdAllocate, rules.CmdDeclare, rules.CmdMove, rules.CmdActivity,
		rules.CmdFire, rules.CmdEvade, rules.CmdRepair, rules.CmdLaunch}
	tests := []struct {
		scenario string
		turns    int
	}{
		{scenarios.DefaultID, 4},
		{"carrier-duel", 3},
		{"ember-line", 3},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			src, err := scenarios.ReadSource(tt.scenario)
			require.NoError(t, err)
			sc, err := src.Load()
			require.NoError(t, err)
			require.Len(t, sc.Sides, 2, "a two-side game")
			seats := DefaultSeats(sc)
			for i := range seats {
				seats[i].Kind, seats[i].Level = SeatComputer, "legal"
			}
			s, err := NewSession(src, 7, seats)
			require.NoError(t, err)
			ctrl := map[rules.SideID]Controller{}
			for _, seat := range seats {
				ctrl[seat.Side] = Bind(NewController(seat, 7), s)
			}
			require.NoError(t, s.PlayUntil(ctrl, func(st *rules.State) bool { return st.Clock.Turn > tt.turns }))
			// The raw ids that have a name of their own.
			raw := map[string]string{}
			for _, u := range s.State.Units {
				if u.Name != "" && u.Name != string(u.ID) && !u.Kind.Seeking() {
					raw[string(u.ID)] = u.Name
				}
			}
			sideNames := map[rules.SideID]string{}
			for _, sd := range s.State.Sides {
				sideNames[sd.ID] = sd.Name
				if sd.Name != "" && sd.Name != string(sd.ID) {
					raw[string(sd.ID)] = sd.Name
				}
			}
			require.NotEmpty(t, raw)
			commits := 0
			for _, seat := range seats {
				for _, e := range s.LogFor(seat.Side) {
					for id, name := range raw {
						if holdsWord(e.Text, id) && !holdsWord(e.Text, name) || holdsWord(strings.ReplaceAll(e.Text, name, ""), id) {
							assert.Failf(t, "an id in the log", "%s reads %q: %q has the name %q", seat.Side, e.Text, id, name)
						}
					}
					assert.NotRegexp(t, rawShield, e.Text, "%s reads %q", seat.Side, e.Text)
					if e.Kind == rules.EventCommit && e.Audience.IsPublic() {
						commits++
						prefix := sideNames[e.Side] + " has committed its "
						require.True(t, strings.HasPrefix(e.Text, prefix), "%q names the side %q", e.Text, sideNames[e.Side])
						step := strings.TrimPrefix(e.Text, prefix)
						assert.NotContains(t, kinds, rules.CommandKind(step), "%q names the step in words", e.Text)
						assert.Contains(t, step, " ", "%q names the step in words", e.Text)
					}
				}
			}
			assert.Positive(t, commits, "the sides committed sealed choices")
		})
	}
}
