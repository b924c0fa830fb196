package game

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// recapView replays, impulse by impulse, what happened since the seat at
// the machine last acted: the map as that seat saw it at the end of each
// impulse, and the log lines it may read. Everything passes through the
// seat's own view, so the replay shows no more than the seat saw.
type recapView struct {
	env    *Env
	mapv   *MapScene // the game's map, whose camera and palette it uses
	viewer rules.SideID
	title  string
	frames []recapFrame
	at     int
	log    *logPanel
	r      *render.MapRenderer
}

// recapFrame is one step of a recap: the viewer's view at the end of an
// impulse (from state, once drawn, when view is not given), the log lines
// that came in it and the viewer's whole log by then.
type recapFrame struct {
	clock        rules.Clock
	state        *rules.State
	view         *rules.View
	events, seen []rules.Event
}

// newRecapOf returns a recap of frames titled title, nil when there are
// none.
func newRecapOf(env *Env, mapv *MapScene, viewer rules.SideID, title string, frames []recapFrame) *recapView {
	if len(frames) == 0 {
		return nil
	}
	return &recapView{env: env, mapv: mapv, viewer: viewer, title: title, frames: frames, log: newLogPanel(env), r: render.NewMapRenderer(env.Fonts)}
}

// newRecap returns the recap of viewer in sess, nil when there is none.
func newRecap(env *Env, sess *match.Session, mapv *MapScene, viewer rules.SideID) *recapView {
	snaps, from := recapFrames(sess, viewer)
	if len(snaps) == 0 {
		return nil
	}
	frames := make([]recapFrame, len(snaps))
	events := sess.Events()
	seen := rules.Events(events[:from], viewer)
	for i, sn := range snaps {
		evs := rules.Events(events[from:sn.Events], viewer)
		seen = append(seen, evs...)
		frames[i] = recapFrame{clock: sn.Clock, state: sn.State, events: evs, seen: seen[:len(seen):len(seen)]}
		from = sn.Events
	}
	return newRecapOf(env, mapv, viewer, "Since your last turn", frames)
}

// recapFrames returns the frames of viewer's recap and the events before
// the first. A frame that adds no line the viewer may read (the step in
// which it acted last, when nothing followed in it) is left out, so every
// step of the replay shows something in its log; when no frame has any,
// the latest is kept.
func recapFrames(sess *match.Session, viewer rules.SideID) ([]match.Snapshot, int) {
	all := sess.CatchUp(viewer)
	if len(all) == 0 {
		return nil, 0
	}
	// Events up to the viewer's last command were seen already.
	from := all[0].Events
	for _, h := range sess.History() {
		if h.Command < all[0].Command {
			from = h.Events
		}
	}
	var frames []match.Snapshot
	events := sess.Events()
	start, first := from, from
	for _, fr := range all {
		if len(logLines(rules.Events(events[start:fr.Events], viewer), nil)) > 0 {
			if len(frames) == 0 {
				first = start
			}
			frames = append(frames, fr)
		}
		start = fr.Events
	}
	if len(frames) == 0 {
		return all[len(all)-1:], all[len(all)-1].Events
	}
	return frames, first
}

// update steps through the frames; it returns false when the recap closes.
func (rv *recapView) update(in *Input) bool {
	keys := rv.env.Keys()[recapKeys.Scene]
	switch {
	case keys.Fired(in, intentCloseRecap):
		return false
	case keys.Fired(in, intentNextFrame):
		rv.at = min(rv.at+1, len(rv.frames)-1)
	case keys.Fired(in, intentPrevFrame):
		rv.at = max(rv.at-1, 0)
	}
	rv.log.update(in, rv.mapv.cam.Height)
	return true
}

func (rv *recapView) draw(screen *ebiten.Image) {
	fr := &rv.frames[rv.at]
	if fr.view == nil {
		fr.view = fr.state.View(rv.viewer)
	}
	f := rv.mapv.Frame()
	f.View, f.HoverOK, f.Paths, f.Marks = fr.view, false, nil, nil
	rv.r.Palette = rv.mapv.renderer.Palette
	rv.r.Draw(screen, f)
	rv.log.seen = fr.seen
	rv.log.draw(screen, fr.events, rv.viewer, rv.mapv.cam.Width, rv.mapv.cam.Height)
	w := float64(rv.mapv.cam.Width)
	var b render.Batch
	b.Rect(0, 0, float32(w), 56, render.Hex("#101a33", 0.95))
	b.Rect(0, 56, float32(w), 2, render.UIAccent)
	var painter render.Painter
	painter.Draw(screen, &b)
	rv.env.Fonts.DrawLabels(screen, []render.Label{
		{X: 16, Y: 8, Text: rv.title, Style: render.Bold, Size: 18, Color: render.UIAccent},
		{X: 16, Y: 32, Text: fmt.Sprintf("%s  ·  %d of %d", clockText(fr.clock), rv.at+1, len(rv.frames)), Size: 14, Color: render.UIText},
		{X: w - 16, Y: 20, Text: "← → step  ·  R, Enter or Esc: back", Size: 14, Color: render.UITextDim, Align: render.AlignRight},
	})
}
