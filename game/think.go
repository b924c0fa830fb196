package game

import (
	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// thought is a computer player deciding off the frame loop: on a clone of
// the state, bound to a session of its own, in a goroutine, while the
// window goes on drawing and taking input. Nothing changes the game while
// it thinks (every other command waits behind it), so its command is the
// one the computer would give at once: it does not depend on timing.
type thought struct {
	side rules.SideID
	ctrl match.Controller
	// at is how many commands the game had when the thinking began.
	at   int
	done chan rules.Command
}

// startThought lets c decide for side in sess off the frame loop.
func startThought(sess *match.Session, c match.Controller, side rules.SideID) *thought {
	st := sess.State.Clone()
	own := &match.Session{State: st, Seats: sess.Seats, Seed: sess.Seed}
	bound := match.Bind(c, own)
	th := &thought{side: side, ctrl: c, at: sess.NumCommands(), done: make(chan rules.Command, 1)}
	go func() { th.done <- bound.Decide(st.View(side), st.Legal(side)) }()
	return th
}

// poll returns the command once the computer has decided; wait blocks
// until it has. The controller is bound to sess again when it returns.
func (th *thought) poll(sess *match.Session, wait bool) (rules.Command, bool) {
	var cmd rules.Command
	if wait {
		cmd = <-th.done
	} else {
		select {
		case cmd = <-th.done:
		default:
			return rules.Command{}, false
		}
	}
	match.Bind(th.ctrl, sess)
	return cmd, true
}

// thinksOffLoop reports whether a computer seat's decisions are taken
// off the frame loop: those of the computer levels (which weigh views of
// the whole state) and of any other controller, but not the legal-move
// player's, which picks at random from the legal commands already listed
// and plays at once.
func thinksOffLoop(c match.Controller) bool {
	_, isLegal := c.(*match.LegalPlayer)
	return !isLegal
}

// thinkPerShip is the per-ship flow's side of thinking off the frame
// loop. Within a frame (Update), a computer level's decision starts a
// thought and sync returns; Update plays its command when it comes
// (pollSolo) and goes on with sync. Outside the frame loop (building the
// scene, a direct submit) sync decides at once, as before, and waits for
// a thought still pending.
type thinkPerShip struct {
	// inFrame is set while the scene's Update runs.
	inFrame bool
	pending *thought
	// landed is set when a thought's command was played, until Busy
	// reports it: the window draws the move.
	landed bool
}

// Busy reports whether a computer of the per-ship flow is deciding off the
// frame loop, or its command was played since the last call: a window at
// rest wakes for it and keeps drawing.
func (p *PlayScene) Busy() bool {
	busy := p.solo.pending != nil || p.solo.landed
	p.solo.landed = false
	return busy
}

// Deciding reports whether a computer of the per-ship flow is deciding
// off the frame loop.
func (p *PlayScene) Deciding() bool { return p.solo.pending != nil }

// pollSolo plays the command of a computer that has decided, and syncs
// on; with wait it waits for the decision.
func (p *PlayScene) pollSolo(wait bool) bool {
	th := p.solo.pending
	if th == nil {
		return false
	}
	cmd, ok := th.poll(p.sess, wait)
	if !ok {
		return false
	}
	p.solo.pending = nil
	if p.sess.NumCommands() != th.at {
		return true // the game moved on meanwhile: decide again
	}
	if _, err := p.sess.Submit(cmd); err != nil {
		p.say("Computer player error: " + err.Error())
		return false
	}
	p.autosave()
	p.solo.landed = true
	return true
}
