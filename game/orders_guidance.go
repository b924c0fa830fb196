package game

import (
	"fmt"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// guideRow is one of the viewer's seekers in the impulse activity panel:
// it keeps its guide, or its guidance passes to one of the ships the
// rules allow (rules.State.HandoffOptions).
type guideRow struct {
	seeker rules.UnitID
	to     []rules.UnitID // the ships that could take its guidance
	pick   int            // 0 keeps the guide, i hands to to[i-1]
}

// newGuideRows lists a row for each seeker of the viewer whose guidance
// could pass now.
func newGuideRows(p *orderDesk) []guideRow {
	var rows []guideRow
	for _, h := range p.HandoffOptions() {
		if n := len(rows); n == 0 || rows[n-1].seeker != h.Seeker {
			rows = append(rows, guideRow{seeker: h.Seeker})
		}
		rows[len(rows)-1].to = append(rows[len(rows)-1].to, h.To)
	}
	return rows
}

// handoff returns the row's handoff, or nil when the seeker keeps its
// guide.
func (r *guideRow) handoff() *rules.Handoff {
	if r.pick == 0 {
		return nil
	}
	return &rules.Handoff{Seeker: r.seeker, To: r.to[r.pick-1]}
}

// label reads the row's choice, e.g. "Drone from Kes at Claw, warhead
// 12: guidance passes from Kes to Wren (4 hexes)".
func (r *guideRow) label(p *orderDesk) string {
	u, _ := unitView(p, r.seeker)
	head := fmt.Sprintf("%s at %s, warhead %d", seekerName(p, u), unitName(p, u.Target), u.Warhead)
	if r.pick == 0 {
		return fmt.Sprintf("%s: keeps %s as its guide  >", head, unitName(p, u.Guide))
	}
	to := r.to[r.pick-1]
	d := ""
	if t, ok := unitView(p, to); ok {
		d = fmt.Sprintf(" (%d hexes)", t.Hex.Distance(u.Hex))
	}
	return fmt.Sprintf("%s: guidance passes from %s to %s%s  >", head, unitName(p, u.Guide), unitName(p, to), d)
}

// cycle moves the row to its next choice.
func (r *guideRow) cycle() { r.pick = (r.pick + 1) % (len(r.to) + 1) }

// guideRows adds the guidance section of the activity panel.
func guideRows(p *orderDesk, box *widget.Container, rows []guideRow) {
	if len(rows) == 0 {
		return
	}
	box.AddChild(p.env.label("Seeker guidance", render.Bold, 15, render.UIAccent))
	box.AddChild(p.env.wrapped("Hand a seeker's guidance to another of your ships within 15 hexes of it: it then stays on its target if its launcher is lost. Click a row (or the seeker on the map) to choose.", 12, render.UITextDim, ordersWidth-28))
	for i := range rows {
		r := &rows[i]
		box.AddChild(liveButton(p, func() string { return r.label(p) }, r.cycle, stretch()))
	}
}

// clickGuide cycles the row of the viewer's seeker in hex h, if any, and
// reports whether there was one.
func clickGuide(p *orderDesk, rows []guideRow, h rules.Hex) bool {
	for i := range rows {
		if u, ok := unitView(p, rows[i].seeker); ok && u.Hex == h {
			rows[i].cycle()
			p.changed()
			return true
		}
	}
	return false
}

// guideMarks marks each ship a seeker's guidance is to pass to.
func guideMarks(p *orderDesk, f *render.Frame, rows []guideRow) {
	for i := range rows {
		if h := rows[i].handoff(); h != nil {
			if u, ok := unitView(p, h.To); ok {
				f.Marks = append(f.Marks, render.HexMark{Hex: u.Hex, Colour: render.UIAccent, Label: "guides"})
			}
		}
	}
}

// seekerName names a seeking weapon for people: its kind and the ship
// that launched it ("Drone from Kes"), the launcher read from the
// seeker's id ("kes.d6.1"), as the rules name launched units.
func seekerName(p *orderDesk, u rules.UnitView) string {
	name := u.Name
	if name == "" {
		name = "Seeker"
	}
	if from, _, ok := strings.Cut(string(u.ID), "."); ok {
		if l, seen := unitView(p, rules.UnitID(from)); seen && l.Name != "" {
			return seekerFrom(name, l.Name)
		}
	}
	return name
}

// seekerFrom names a seeker by its kind's name and its launcher's:
// "Drone from Kes".
func seekerFrom(kind, launcher string) string { return kind + " from " + launcher }
