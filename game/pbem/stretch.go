package pbem

import (
	"errors"
	"fmt"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/rules"
)

// maxStretch bounds the commands of one stretch (a whole turn of a big
// battle is some thousands).
const maxStretch = 100000

// maxIdle bounds how many automatic advances settle makes in a row.
const maxIdle = 100

// stretch is what playing one round's orders gave.
type stretch struct {
	Commands []rules.Command
	Events   []rules.Event
	Result   Result
	// State is the state the stretch ended in.
	State *rules.State
	// Need is set when the stretch could not go on past a phase point
	// without the announcements of the sides it names (rules.Missing):
	// the stretch is not over, and State is where it waits.
	Need *rules.PhasePoint
	// Made are the phase-ins this machine computed in the whole game,
	// through the point it waits at, if any; Rifts the news of the
	// pending cosmic rifts it knows (rules.RiftNews), alike.
	Made  []rules.Arrival
	Rifts []rules.RiftNews
	// MinePoints are the mine points this machine passed in the whole
	// game, through the point it waits at, if any (before it: those it
	// computed knowing all before them), and Mines the set-offs of the
	// mines it knows made at them (rules.MineNews).
	MinePoints []rules.MinePoint
	Mines      []rules.MineNews
	// Ahead is the state of the step not kept, when the stretch waits
	// (Need) or stops before a step (Result.Stopped): what this machine's
	// own secrets did in that step is announced from it.
	Ahead *rules.State
	// Err is set when an announcement could not be placed.
	Err error
	// Frames are the states the stretch passed through, the last of each
	// impulse, when they were asked for (playFrames).
	Frames []stateFrame
	// Plots are the sides' plotted orders as the stretch left them (the
	// waypoints flown through, courses gone on from a wreck); the
	// orders it was given are never changed, so that the round played
	// again from its start plays alike.
	Plots map[rules.SideID]*plot.Orders
}

// badArrival is an announced phase-in the game has no place for.
type badArrival struct{ why string }

func (b *badArrival) Error() string { return b.why }

// guarded runs one step of the rules (an advance or a command) on a copy
// of st. It returns the copy and the step's events unless the step
// brings hidden content (hiddenNow): then it returns st unchanged and
// what the step would have brought. So no machine ever makes a roll for
// one side alone, which it could not make without that side's dice key,
// and every machine stops at the same state, before the step.
//
// A step that passes a phase point at which a unit in limbo did what this
// machine cannot know (rules.Missing) is not kept either: need names the
// point and the sides whose announcements it waits for, and made the
// phase-ins this machine computed through it. Ahead is the step's state
// when it is not kept for either reason.
func guarded(st *rules.State, step func(*rules.State) ([]rules.Event, error)) (next *rules.State, evs []rules.Event, hidden string, need *rules.PhasePoint, made []rules.Arrival, ahead *rules.State, err error) {
	next = st.Clone()
	evs, err = step(next)
	if err != nil {
		return st, nil, "", nil, nil, nil, err
	}
	if p, ok := next.Missing(); ok {
		var through []rules.Arrival
		for _, a := range next.Made() {
			if !p.Clock.Before(a.Clock) {
				through = append(through, a)
			}
		}
		return st, nil, "", &p, through, next, nil
	}
	for _, a := range next.Unplaced() {
		if a.Clock.Before(next.Clock) {
			return st, nil, "", nil, nil, nil, &badArrival{fmt.Sprintf("%s's announced phase-in of %s at %s has no place in the game: the unit was not out of phase there", a.Unit.Side, a.Unit.ID, a.Clock)}
		}
	}
	if err := badRiftNews(next); err != nil {
		return st, nil, "", nil, nil, nil, err
	}
	if h := hiddenNow(next); h != "" {
		return st, nil, h, nil, nil, next, nil
	}
	return next, evs, "", nil, nil, nil, nil
}

// settle advances st while no side has to act and the game is not over,
// and returns the state it reached, its events and the hidden content
// the next advance would bring, if it stopped before it. kept is told of
// every state it keeps, with its events so far.
func settle(st *rules.State, kept func(*rules.State, int)) (*rules.State, []rules.Event, string, *rules.PhasePoint, []rules.Arrival, *rules.State, error) {
	var evs []rules.Event
	for i := 0; i < maxIdle && st.Clock.Step != rules.StepGameOver && len(st.Pending()) == 0; i++ {
		next, e, hidden, need, made, ahead, err := guarded(st, func(s *rules.State) ([]rules.Event, error) { return s.Advance(), nil })
		if hidden != "" || need != nil || err != nil {
			return st, evs, hidden, need, made, ahead, err
		}
		st, evs = next, append(evs, e...)
		kept(st, len(evs))
	}
	return st, evs, "", nil, nil, nil, nil
}

// stateFrame is a state a stretch passed through, the last of its
// impulse (match.SnapshotKey), and how many of the stretch's events came
// by then: a frame of the replay of the table (Seat.Recap).
type stateFrame struct {
	State  *rules.State
	Events int
}

// keepFrame notes st, with the stretch's first events, as the latest
// frame of its impulse. Every state a stretch keeps is a new one
// (guarded steps a copy), so the frames need no copies.
func keepFrame(frames []stateFrame, st *rules.State, events int) []stateFrame {
	f := stateFrame{State: st, Events: events}
	if n := len(frames); n > 0 && match.SnapshotKey(frames[n-1].State.Clock) == match.SnapshotKey(st.Clock) {
		frames[n-1] = f
		return frames
	}
	return append(frames, f)
}

// resultHash is the hash a result names: the state's, without the sides'
// dice keys, which only the game played again at the end holds
// (checkKeys).
func resultHash(st *rules.State) string { return st.PublicHash().String() }

// play runs the stretch of one round from st (which it may change): the public dice are seeded
// from the round's nonces, every side looks at the game as it stands, and
// each decision is answered by the deciding side's orders (its command
// first, when it answers the decision, then its plot) until a side's
// orders break, the game ends or a step would bring hidden content (the
// stretch stops before that step: guarded). Every step reads
// only the deciding side's view, legal commands and desk, as the plotted
// turns of a hot-seat game do; the stretch depends on nothing but st, the
// orders and the seed, so every machine plays it alike.
func play(st *rules.State, sides []rules.SideID, orders map[rules.SideID]*Orders, seed uint64, commands int) stretch {
	return playFrames(st, sides, orders, seed, commands, false)
}

// playFrames is play, keeping the stretch's frames (stretch.Frames) when
// frames is set.
func playFrames(st *rules.State, sides []rules.SideID, orders map[rules.SideID]*Orders, seed uint64, commands int, frames bool) stretch {
	var out stretch
	kept := func(st *rules.State, events int) {
		if frames {
			out.Frames = keepFrame(out.Frames, st, events)
		}
	}
	st.RNG = rules.NewRNG(seed)
	watchers := map[rules.SideID]*plot.Watcher{}
	for _, sd := range sides {
		watchers[sd] = plot.NewWatcher(sd)
		watchers[sd].Look(st.View(sd))
		// The stretch's events, as every machine plays them: a course
		// on a unit destroyed since the side looked goes on to the next
		// enemy in sight (the watcher reads only the side's own).
		watchers[sd].SetLog(func() []rules.Event { return out.Events })
	}
	used := map[rules.SideID]bool{}
	out.Plots = map[rules.SideID]*plot.Orders{}
	for _, sd := range sides {
		if o := orders[sd]; o != nil && o.Plot != nil {
			out.Plots[sd] = o.Plot.Clone()
		}
	}
	finish := func() stretch {
		switch {
		case out.Need != nil:
			for _, n := range out.Ahead.RiftsMade() {
				if !out.Need.Clock.Before(n.Clock) {
					out.Rifts = append(out.Rifts, n)
				}
			}
			out.MinePoints, out.Mines = out.Ahead.SurePoints(), out.Ahead.SureMines()
		case out.Ahead != nil:
			// Stopped before a step: what this machine's secrets did in
			// it is told, so that every machine stops at the same state.
			out.Made, out.Rifts = out.Ahead.Made(), out.Ahead.RiftsMade()
			out.MinePoints, out.Mines = out.Ahead.MinePoints(), out.Ahead.MinesMade()
		default:
			out.Rifts = st.RiftsMade()
			out.MinePoints, out.Mines = st.MinePoints(), st.MinesMade()
		}
		if out.Made == nil {
			out.Made = st.Made()
		}
		for _, e := range out.Events {
			if e.Kind == rules.EventRoll && e.Audience.IsPublic() {
				out.Result.Rolls = append(out.Result.Rolls, e.Text)
			}
		}
		out.State = st
		out.Result.Clock, out.Result.Hash = st.Clock, resultHash(st)
		out.Result.Commands = commands + len(out.Commands)
		return out
	}
	for n := 0; n < maxStretch; n++ {
		if h := hiddenNow(st); h != "" {
			// A stretch that starts on hidden content (none can, as the
			// steps that bring it are never kept).
			out.Result.Stopped = "the game reached hidden content that play by file cannot keep secret: " + h
			return finish()
		}
		var evs []rules.Event
		var due string
		var need *rules.PhasePoint
		var err error
		base := len(out.Events)
		st, evs, due, need, out.Made, out.Ahead, err = settle(st, func(st *rules.State, n int) { kept(st, base+n) })
		out.Events = append(out.Events, evs...)
		if err != nil {
			out.Err = err
			return finish()
		}
		if need != nil {
			out.Need = need
			return finish()
		}
		if due != "" {
			out.Result.Stopped = "the game stops before a step that would bring hidden content that play by file cannot keep secret: " + due
			return finish()
		}
		if st.Clock.Step == rules.StepGameOver {
			return finish()
		}
		pending := st.Pending()
		if len(pending) == 0 {
			out.Result.Stopped = "no side can act at " + st.Clock.String()
			return finish()
		}
		side := pending[0]
		o := orders[side]
		if o == nil {
			// A side that came into play without a seat (none can in the
			// scenarios accepted): nobody may answer for it.
			out.Result.Stopped = fmt.Sprintf("%s must act, and no machine plays it", side)
			return finish()
		}
		v, legal := st.View(side), st.Legal(side)
		var cmd rules.Command
		switch {
		case !used[side] && o.Command != nil && o.Command.Kind == v.Expecting:
			used[side] = true
			cmd = *o.Command
		case out.Plots[side] != nil:
			var br *plot.Break
			cmd, br = out.Plots[side].Decide(v, legal, match.NewDesk(st, side), watchers[side])
			if br != nil {
				out.Result.Break = fmt.Sprintf("%s: %s", side, br.Text)
				return finish()
			}
		default:
			out.Result.Break = fmt.Sprintf("%s must decide its %s", side, v.Expecting)
			return finish()
		}
		next, evs, hidden, need, made, ahead, err := guarded(st, func(s *rules.State) ([]rules.Event, error) { return s.Apply(cmd) })
		if need != nil {
			out.Need, out.Made, out.Ahead = need, made, ahead
			return finish()
		}
		var bad *badArrival
		if errors.As(err, &bad) {
			out.Err = err
			return finish()
		}
		if err != nil {
			// The rules leave the state as it was: the side is asked again.
			out.Result.Break = fmt.Sprintf("%s: its orders gave a command the rules refuse (%v)", side, err)
			return finish()
		}
		if hidden != "" {
			out.Ahead = ahead
			out.Result.Stopped = fmt.Sprintf("the game stops before %s's command %s, which would bring hidden content that play by file cannot keep secret: %s", side, cmd.Kind, hidden)
			return finish()
		}
		st = next
		out.Commands = append(out.Commands, cmd)
		out.Events = append(out.Events, evs...)
		kept(st, len(out.Events))
	}
	out.Result.Stopped = fmt.Sprintf("a stretch of more than %d commands", maxStretch)
	return finish()
}

// badRiftNews returns an error naming announced cosmic rift news or mine
// set-offs the game shows false as it plays them (rules.State.
// RiftsRefused), or that have no place in it: no rift of the side was
// pending in limbo at its point, or the game passed no such mine point.
func badRiftNews(st *rules.State) error {
	if why := st.RiftsRefused(); len(why) > 0 {
		return &badArrival{"a false announcement: " + why[0]}
	}
	for _, n := range st.UnplacedMines() {
		if n.Clock.Before(st.Clock) {
			return &badArrival{fmt.Sprintf("%s's announced set-off of mine %s at %s (its mine point %d, %s entering %v) has no place in the game: the game passed no such point", n.Side, n.Mine, n.Clock, n.Point, n.Unit, n.Hex)}
		}
	}
	for _, n := range st.UnplacedRifts() {
		if n.Clock.Before(st.Clock) {
			return &badArrival{fmt.Sprintf("%s's announced cosmic rift news at %s (%s) has no place in the game: no rift of %s was pending there", n.Side, n.Clock, n.Clause, n.Side)}
		}
	}
	return nil
}
