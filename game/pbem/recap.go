package pbem

import (
	"github.com/hexrift/hexrift/rules"
)

// recapFrames are the frames a replay of the log kept: those of the
// stretches of the rounds after From, in order.
type recapFrames struct {
	From   int
	Rounds []roundFrames
}

// roundFrames are the frames of one round's stretch; Events is how many
// events of the game came before the stretch.
type roundFrames struct {
	Round  int
	Events int
	Frames []stateFrame
}

// recapFrom is the last round a replay of the table leaves out: the
// rounds seen, or all but the last of n when every one was seen.
func recapFrom(seen, n int) int { return max(min(seen, n-1), 0) }

// Frame is the table as the side saw it at the end of one impulse of a
// stretch (or of a step outside the impulses), for a replay of what
// happened since it last looked: the map of its own view, the lines of
// its log that came in that impulse, and its whole log by then.
type Frame struct {
	Round  int
	Clock  rules.Clock
	View   *rules.View
	Events []rules.Event
	Seen   []rules.Event
}

// Recap returns the frames of the stretches the side had not seen when
// it opened the game's last file (the rounds after Seen), or of the last
// stretch played when it had seen them all; none before the first. Each
// is made of the side's own view and its share of the log only, as the
// table is: its units out of phase and its hidden mines with it, nothing
// of another side's. It plays the game's log again unless the seat's
// replay kept them (a preview).
func (s *Seat) Recap() ([]Frame, error) {
	g := s.Game
	n := len(g.Results)
	if n == 0 {
		return nil, nil
	}
	keep, r := g.recap, g
	if keep == nil || keep.From != recapFrom(s.Seen, n) {
		keep = &recapFrames{From: recapFrom(s.Seen, n)}
		var err error
		if r, err = replay(g.File(), replayOpts{sec: s.sec, recap: keep}); err != nil {
			return nil, err
		}
	}
	var out []Frame
	var seen []rules.Event
	if len(keep.Rounds) > 0 {
		seen = rules.Events(r.Events[:keep.Rounds[0].Events], s.Side)
	}
	for _, rf := range keep.Rounds {
		from := rf.Events
		for _, f := range rf.Frames {
			to := rf.Events + f.Events
			evs := rules.Events(r.Events[from:to], s.Side)
			seen = append(seen, evs...)
			out = append(out, Frame{Round: rf.Round, Clock: f.State.Clock, View: sideView(f.State, s.Side),
				Events: evs, Seen: seen[:len(seen):len(seen)]})
			from = to
		}
	}
	return out, nil
}
