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
	// Reached is the state the stretch reached: State, or the state of
	// the step it waits at or stops before, whose secrets its side's
	// announcement must tell too, so that every machine stops or waits at
	// the same state. Secrets is what this machine computed there of the
	// secrets it knows, in the whole game (through the point it waits
	// at).
	Reached *rules.State
	Secrets secrets
	// Frames are the states the stretch passed through, the last of each
	// impulse, when they were asked for.
	Frames []stateFrame
	// Plots are the sides' plotted orders as the stretch left them (the
	// waypoints flown through, courses gone on from a wreck); the
	// orders it was given are never changed, so that the round played
	// again from its start plays alike.
	Plots map[rules.SideID]*plot.Orders
}

// secrets is what a machine computed of the secrets it knows: their
// phase-ins, the news of their cosmic rifts, the mine points passed and
// the set-offs of their mines, in the order they happened; SurePoints and
// SureMines are those it computed knowing all before them.
type secrets struct {
	Made       []rules.Arrival
	Rifts      []rules.RiftNews
	MinePoints []rules.MinePoint
	Mines      []rules.MineNews
}

// secretsOf reads what st computed of the secrets it knows; through a
// missing point, only what came before it.
func secretsOf(st *rules.State) secrets {
	s := secrets{Made: st.Made(), Rifts: st.RiftsMade()}
	if p, ok := st.Missing(); ok {
		s.Made = keepThrough(s.Made, p.Clock, func(a rules.Arrival) rules.Clock { return a.Clock })
		s.Rifts = keepThrough(s.Rifts, p.Clock, func(n rules.RiftNews) rules.Clock { return n.Clock })
		s.MinePoints, s.Mines = st.SurePoints(), st.SureMines()
		return s
	}
	s.MinePoints, s.Mines = st.MinePoints(), st.MinesMade()
	return s
}

// keepThrough returns the items at or before c.
func keepThrough[T any](xs []T, c rules.Clock, at func(T) rules.Clock) []T {
	var out []T
	for _, x := range xs {
		if !c.Before(at(x)) {
			out = append(out, x)
		}
	}
	return out
}

// step is what one step of the rules gave (guarded).
type step struct {
	// Next is the state after the step, or the state before it when the
	// step is not kept.
	Next   *rules.State
	Events []rules.Event
	// Hidden says what hidden content the step would have brought, when
	// it is not kept for that.
	Hidden string
	// Need is the point the step passed without knowing what a secret
	// did there, when it is not kept for that.
	Need *rules.PhasePoint
	// Ahead is the state of a step not kept: what this machine's own
	// secrets did in it is announced from it.
	Ahead *rules.State
}

// errDice marks a roll of a secret this machine knows that it could not
// key: the side's proofs of it are incomplete.
var errDice = errors.New("dice")

// guarded runs one step of the rules (an advance or a command) on a copy
// of st. It keeps the copy unless the step brings hidden content
// (hiddenNow: then it returns st unchanged and what the step would have
// brought), so that every machine stops at the same state, before the
// step; or passes a phase point at which a secret did what this machine
// cannot know (rules.Missing: the stretch waits there). A step the rules
// refuse returns their error; one that rolled a secret it knows without
// its dice, an error wrapping errDice; one that an announcement shows
// false, a *falseWord.
func guarded(st *rules.State, run func(*rules.State) ([]rules.Event, error)) (step, error) {
	next := st.Clone()
	evs, err := safely(func() ([]rules.Event, error) { return run(next) })
	if err != nil {
		return step{Next: st}, err
	}
	if p, ok := next.Missing(); ok {
		return step{Next: st, Need: &p, Ahead: next}, nil
	}
	if err := next.DiceProblem(); err != nil {
		return step{Next: st}, fmt.Errorf("%w: %v", errDice, err)
	}
	if why := next.Refused(); len(why) > 0 {
		return step{Next: st}, &falseWord{why[0]}
	}
	if h := hiddenNow(next); h != "" {
		return step{Next: st, Hidden: h, Ahead: next}, nil
	}
	return step{Next: next, Events: evs}, nil
}

// fault is a panic while a step was played: a bug, which every machine
// meets at the same step.
type fault struct{ why string }

func (f *fault) Error() string { return f.why }

// safely runs run, a panic in it returned as a *fault.
func safely[T any](run func() (T, error)) (out T, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &fault{fmt.Sprintf("%v at %s", r, panicSite())}
		}
	}()
	return run()
}

// falseWord is an announcement the public game shows false.
type falseWord struct{ why string }

func (f *falseWord) Error() string { return "a false announcement: " + f.why }

// settled is where settle stopped: the last state kept and its events,
// and the step not kept, if any.
type settled struct {
	State  *rules.State
	Events []rules.Event
	Last   step
}

// settle advances st while no side has to act and the game is not over.
// kept is told of every state it keeps, with its events so far.
func settle(st *rules.State, kept func(*rules.State, int)) (settled, error) {
	out := settled{State: st}
	for i := 0; i < maxIdle && out.State.Clock.Step != rules.StepGameOver && len(out.State.Pending()) == 0; i++ {
		s, err := guarded(out.State, func(s *rules.State) ([]rules.Event, error) { return s.Advance(), nil })
		if err != nil {
			return out, err
		}
		if s.Hidden != "" || s.Need != nil {
			out.Last = s
			return out, nil
		}
		out.State, out.Events = s.Next, append(out.Events, s.Events...)
		kept(out.State, len(out.Events))
	}
	return out, nil
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

// play runs the stretch of one round from st (which it may change): the
// sides' dice in the round's epoch, the public dice seeded from it, every
// side looking at the game as it stands, and each decision answered by
// the deciding side's orders (its command first, when it answers the
// decision, then its plot) until a side's orders break, the game ends, a
// step would bring hidden content (the stretch stops before that step:
// guarded) or pass a point this machine cannot play without a side's
// word (the stretch waits: stretch.Need). Every step reads only the
// deciding side's view, legal commands and desk, as the plotted turns of
// a hot-seat game do; the stretch depends on nothing but st, the orders
// and the epoch, so every machine plays it alike. With frames set it
// keeps the stretch's frames.
func play(st *rules.State, sides []rules.SideID, orders map[rules.SideID]*Orders, epoch string, seed uint64, commands int, frames bool) (*stretch, error) {
	out := &stretch{}
	kept := func(st *rules.State, events int) {
		if frames {
			out.Frames = keepFrame(out.Frames, st, events)
		}
	}
	st.SetDiceEpoch(epoch)
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
	// finish ends the stretch at st; last is the step not kept, if any.
	finish := func(last step) (*stretch, error) {
		out.Need = last.Need
		out.Reached = st
		if last.Ahead != nil {
			out.Reached = last.Ahead
		}
		out.Secrets = secretsOf(out.Reached)
		for _, e := range out.Events {
			if e.Kind == rules.EventRoll && e.Audience.IsPublic() && e.Roll != nil {
				out.Result.Rolls = append(out.Result.Rolls, e.Roll.Faces)
			}
		}
		out.State = st
		out.Result.Clock, out.Result.Hash = st.Clock, st.PublicHash()
		out.Result.Commands = commands + len(out.Commands)
		if out.Result.Stop.Kind == "" && st.Clock.Step == rules.StepGameOver {
			out.Result.Stop.Kind = stopOver
		}
		return out, nil
	}
	stop := func(s Stop, words string) {
		out.Result.Stop = s
		switch s.Kind {
		case stopBreak, stopDecide, stopRefused:
			out.Result.Break = words
		default:
			out.Result.Stopped = words
		}
	}
	for n := 0; n < maxStretch; n++ {
		base := len(out.Events)
		s, err := settle(st, func(st *rules.State, n int) { kept(st, base+n) })
		var ft *fault
		if errors.As(err, &ft) {
			st = s.State
			out.Events = append(out.Events, s.Events...)
			stop(Stop{Kind: stopFault}, faultWords(ft))
			return finish(step{})
		}
		if err != nil {
			return nil, err
		}
		st = s.State
		out.Events = append(out.Events, s.Events...)
		if s.Last.Need != nil {
			return finish(s.Last)
		}
		if h := s.Last.Hidden; h != "" {
			stop(Stop{Kind: stopHidden, Code: hiddenCode(s.Last.Ahead)}, "the game stops before a step that would bring hidden content that play by file cannot keep secret: "+h)
			return finish(s.Last)
		}
		if st.Clock.Step == rules.StepGameOver {
			return finish(step{})
		}
		pending := st.Pending()
		if len(pending) == 0 {
			stop(Stop{Kind: stopIdle}, "no side can act at "+st.Clock.String())
			return finish(step{})
		}
		side := pending[0]
		o := orders[side]
		if o == nil {
			// A side that came into play without a seat (none can in the
			// scenarios accepted): nobody may answer for it.
			stop(Stop{Kind: stopUnseated, Side: string(side)}, fmt.Sprintf("%s must act, and no machine plays it", side))
			return finish(step{})
		}
		v, legal := st.View(side), st.Legal(side)
		var cmd rules.Command
		switch {
		case !used[side] && o.Command != nil && o.Command.Kind == v.Expecting:
			used[side] = true
			cmd = *o.Command
		case out.Plots[side] != nil:
			var br *plot.Break
			decided, err := safely(func() (rules.Command, error) {
				c, b := out.Plots[side].Decide(v, legal, match.NewDesk(st, side), watchers[side])
				br = b
				return c, nil
			})
			if err != nil {
				stop(Stop{Kind: stopFault, Side: string(side)}, faultWords(err.(*fault)))
				return finish(step{})
			}
			cmd = decided
			if br != nil {
				stop(Stop{Kind: stopBreak, Side: string(side), Code: br.Kind, Unit: string(br.Unit)}, fmt.Sprintf("%s: %s", side, br.Text))
				return finish(step{})
			}
		default:
			stop(Stop{Kind: stopDecide, Side: string(side), Code: string(v.Expecting)}, fmt.Sprintf("%s must decide its %s", side, v.Expecting))
			return finish(step{})
		}
		s2, err := guarded(st, func(s *rules.State) ([]rules.Event, error) { return s.Apply(cmd) })
		var fw *falseWord
		switch {
		case errors.Is(err, errDice) || errors.As(err, &fw):
			return nil, err
		case errors.As(err, &ft):
			stop(Stop{Kind: stopFault, Side: string(side)}, faultWords(ft))
			return finish(step{})
		case err != nil:
			// The rules leave the state as it was: the side is asked again.
			stop(Stop{Kind: stopRefused, Side: string(side), Code: string(cmd.Kind)}, fmt.Sprintf("%s: its orders gave a command the rules refuse (%v)", side, err))
			return finish(step{})
		case s2.Need != nil:
			return finish(s2)
		case s2.Hidden != "":
			stop(Stop{Kind: stopHidden, Side: string(side), Code: hiddenCode(s2.Ahead)}, fmt.Sprintf("the game stops before %s's command %s, which would bring hidden content that play by file cannot keep secret: %s", side, cmd.Kind, s2.Hidden))
			return finish(s2)
		}
		st = s2.Next
		out.Commands = append(out.Commands, cmd)
		out.Events = append(out.Events, s2.Events...)
		kept(st, len(out.Events))
	}
	stop(Stop{Kind: stopLimit}, fmt.Sprintf("a stretch of more than %d commands", maxStretch))
	return finish(step{})
}

// faultWords says how a stretch stopped at a fault.
func faultWords(f *fault) string {
	return "hexrift failed to play the next step (" + f.why + "), as it does on every machine: the game stops here; what it scores is the players' to agree (please report it)"
}
