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
	sess   *match.Session
	mapv   *MapScene // the game's map, whose camera and palette it uses
	viewer rules.SideID
	frames []match.Snapshot
	at     int
	from   int // events before the first frame
	log    *logPanel
	r      *render.MapRenderer
}

// newRecap returns the recap of viewer in sess, nil when there is none.
func newRecap(env *Env, sess *match.Session, mapv *MapScene, viewer rules.SideID) *recapView {
	frames := sess.CatchUp(viewer)
	if len(frames) == 0 {
		return nil
	}
	rv := &recapView{env: env, sess: sess, mapv: mapv, viewer: viewer, frames: frames, log: newLogPanel(env), r: render.NewMapRenderer(env.Fonts)}
	// Events up to the viewer's last command were seen already.
	rv.from = frames[0].Events
	for _, h := range sess.History {
		if h.Command < frames[0].Command {
			rv.from = h.Events
		}
	}
	return rv
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
	fr := rv.frames[rv.at]
	v := fr.State.View(rv.viewer)
	f := rv.mapv.Frame()
	f.View, f.HoverOK, f.Paths, f.Marks = v, false, nil, nil
	rv.r.Palette = rv.mapv.renderer.Palette
	rv.r.Draw(screen, f)
	start := rv.from
	if rv.at > 0 {
		start = rv.frames[rv.at-1].Events
	}
	evs := rules.Events(rv.sess.Events[start:fr.Events], rv.viewer)
	rv.log.draw(screen, evs, rv.viewer, rv.mapv.cam.Width, rv.mapv.cam.Height)
	w := float64(rv.mapv.cam.Width)
	var b render.Batch
	b.Rect(0, 0, float32(w), 56, render.Hex("#101a33", 0.95))
	b.Rect(0, 56, float32(w), 2, render.UIAccent)
	var painter render.Painter
	painter.Draw(screen, &b)
	rv.env.Fonts.DrawLabels(screen, []render.Label{
		{X: 16, Y: 8, Text: "Since your last turn", Style: render.Bold, Size: 18, Color: render.UIAccent},
		{X: 16, Y: 32, Text: fmt.Sprintf("%s  ·  %d of %d", clockText(fr.Clock), rv.at+1, len(rv.frames)), Size: 14, Color: render.UIText},
		{X: w - 16, Y: 20, Text: "← → step  ·  R, Enter or Esc: back to your turn", Size: 14, Color: render.UITextDim, Align: render.AlignRight},
	})
}
