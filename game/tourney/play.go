package tourney

import (
	"fmt"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// MatchTally counts the games of a head-to-head match from the first
// level's point of view.
type MatchTally struct {
	Win, Draw, Loss int
}

// Games returns the games played.
func (t MatchTally) Games() int { return t.Win + t.Draw + t.Loss }

// WinRate returns the share of decided games won (draws left out), or 0.
func (t MatchTally) WinRate() float64 {
	if t.Win+t.Loss == 0 {
		return 0
	}
	return float64(t.Win) / float64(t.Win+t.Loss)
}

// Add adds another tally.
func (t *MatchTally) Add(o MatchTally) { t.Win += o.Win; t.Draw += o.Draw; t.Loss += o.Loss }

// String writes the tally, e.g. "190-4-6 (97% of decided)".
func (t MatchTally) String() string {
	return fmt.Sprintf("%d-%d-%d (%.0f%% of decided)", t.Win, t.Draw, t.Loss, 100*t.WinRate())
}

// PlayMatchGame plays one whole game of src with seed: level a at side
// aSide, level b at every other seat. It returns the outcome, from which
// the caller reads a's result. A game that runs past maxTurns is stopped
// and tallied as it stands.
func PlayMatchGame(src scenarios.Source, seed uint64, a, b string, aSide rules.SideID, maxTurns int) (rules.Outcome, error) {
	s, err := playMatchGame(src, seed, a, b, aSide, maxTurns, false)
	if err != nil {
		return rules.Outcome{}, err
	}
	return s.State.Outcome(), nil
}

// playMatchGame plays the game of PlayMatchGame and returns its session,
// unrecorded unless record is set.
func playMatchGame(src scenarios.Source, seed uint64, a, b string, aSide rules.SideID, maxTurns int, record bool) (*match.Session, error) {
	sc, err := src.Load()
	if err != nil {
		return nil, err
	}
	seats := match.DefaultSeats(sc)
	for i := range seats {
		seats[i].Kind = match.SeatComputer
		seats[i].Level = b
		if seats[i].Side == aSide {
			seats[i].Level = a
		}
	}
	s, err := match.NewSession(src, seed, seats)
	if err != nil {
		return nil, err
	}
	s.Unrecorded = !record
	ctrl := map[rules.SideID]match.Controller{}
	for _, seat := range seats {
		ctrl[seat.Side] = match.Bind(match.NewController(seat, seed), s)
	}
	if err := s.PlayUntil(ctrl, func(st *rules.State) bool { return st.Clock.Turn > maxTurns }); err != nil {
		return nil, err
	}
	return s, nil
}

// MatchSides lists the sides of src in seat order: the sides the first
// level of a match plays in turn.
func MatchSides(src scenarios.Source) ([]rules.SideID, error) {
	sc, err := src.Load()
	if err != nil {
		return nil, err
	}
	var out []rules.SideID
	for _, seat := range match.DefaultSeats(sc) {
		out = append(out, seat.Side)
	}
	return out, nil
}

// PlayMatch plays level a against level b on src for seeds 1..seeds, each
// seed once with a at every side of the scenario (sides swapped), on
// workers goroutines, and tallies a's wins, draws and losses. The result
// does not depend on workers.
func PlayMatch(src scenarios.Source, seeds int, a, b string, workers int) (MatchTally, error) {
	t, _, err := PlayMatchScored(src, seeds, a, b, workers)
	return t, err
}

// PlayMatchScored is PlayMatch that also tallies how the games ended for
// the scenario's sides: their points and objectives (match.ScoreTally).
func PlayMatchScored(src scenarios.Source, seeds int, a, b string, workers int) (MatchTally, match.ScoreTally, error) {
	sides, err := MatchSides(src)
	if err != nil {
		return MatchTally{}, match.ScoreTally{}, err
	}
	type job struct {
		seed uint64
		side rules.SideID
	}
	jobs := make(chan job)
	type res struct {
		t     MatchTally
		score match.ScoreTally
		err   error
	}
	out := make(chan res)
	workers = max(workers, 1)
	for range workers {
		go func() {
			for j := range jobs {
				o, err := PlayMatchGame(src, j.seed, a, b, j.side, 200)
				var t MatchTally
				var score match.ScoreTally
				if err == nil {
					score.Add(o)
				}
				switch {
				case err != nil:
				case o.Winner == j.side:
					t.Win++
				case o.Winner == "":
					t.Draw++
				default:
					t.Loss++
				}
				if err != nil {
					err = fmt.Errorf("seed %d, %s at %s: %w", j.seed, a, j.side, err)
				}
				out <- res{t, score, err}
			}
		}()
	}
	go func() {
		for seed := 1; seed <= seeds; seed++ {
			for _, sd := range sides {
				jobs <- job{uint64(seed), sd}
			}
		}
		close(jobs)
	}()
	var total MatchTally
	var score match.ScoreTally
	var first error
	for range seeds * len(sides) {
		r := <-out
		total.Add(r.t)
		score.Merge(r.score)
		if r.err != nil && first == nil {
			first = r.err
		}
	}
	return total, score, first
}
