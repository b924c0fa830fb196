package match

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
)

// The legal-move player given no legal command picks from nothing
// without a panic (rules.RNG.IntN(0) would): it returns the zero
// command, which the session refuses, changing nothing.
func TestLegalPlayerWithNothingLegal(t *testing.T) {
	s, err := Simulate(defaultSource(t), 3, 1)
	require.NoError(t, err)
	before, hash := len(s.commands), s.State.Hash()
	p := NewLegalPlayer(3, s.State.Sides[0].ID)
	var cmd rules.Command
	require.NotPanics(t, func() { cmd = p.Decide(nil, nil) })
	assert.Equal(t, rules.Command{}, cmd)
	_, err = s.Submit(cmd)
	require.Error(t, err, "the rules refuse the zero command")
	assert.Equal(t, before, len(s.commands))
	assert.Equal(t, hash, s.State.Hash())
}

// asking records, for each decision, the sides that could act then.
type asking struct {
	Controller
	side  rules.SideID
	state *rules.State
	log   *[][]rules.SideID
	by    *[]rules.SideID
}

func (a asking) Decide(v *rules.View, legal []rules.Command) rules.Command {
	*a.log = append(*a.log, a.state.Pending())
	*a.by = append(*a.by, a.side)
	return a.Controller.Decide(v, legal)
}

// PlayUntil lets FirstOf choose which of several sides that may act at
// once decides first; without it the first the rules list does.
func TestPlayUntilFirstOf(t *testing.T) {
	for _, last := range []bool{false, true} {
		src := defaultSource(t)
		sc, err := src.Load()
		require.NoError(t, err)
		s, err := NewSession(src, 5, DefaultSeats(sc))
		require.NoError(t, err)
		var pendings [][]rules.SideID
		var deciders []rules.SideID
		ctrl := map[rules.SideID]Controller{}
		for _, seat := range s.Seats {
			ctrl[seat.Side] = asking{NewLegalPlayer(5, seat.Side), seat.Side, s.State, &pendings, &deciders}
		}
		var opts []PlayOption
		if last {
			opts = append(opts, FirstOf(func(pending []rules.SideID) rules.SideID { return pending[len(pending)-1] }))
		}
		require.NoError(t, s.PlayUntil(ctrl, func(st *rules.State) bool { return st.Clock.Turn > 1 }, opts...))
		together := 0
		for i, pending := range pendings {
			want := pending[0]
			if last {
				want = pending[len(pending)-1]
			}
			assert.Equal(t, want, deciders[i], "decision %d, sides %v", i, pending)
			if len(pending) > 1 {
				together++
			}
		}
		assert.Positive(t, together, "a turn has steps where the sides act at once")
		assert.True(t, slices.ContainsFunc(pendings, func(p []rules.SideID) bool { return len(p) == 1 }))
	}
}
