package game

import (
	"fmt"
	"strings"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// Scenario objectives on the map and in the legend: every side sees them
// (rules.View.Objectives is public), so a player always knows what a
// drill or a scenario asks, and what the other sides are after.

// objectiveRings returns one ring for each area of a hold or exit
// objective on the frame's map, in the colour of the first side with an
// objective there, labelled with what each side gets for it.
func objectiveRings(r *render.MapRenderer, f *render.Frame) []render.RingOverlay {
	type area struct {
		hex    rules.Hex
		radius int
	}
	type entry struct {
		side  rules.SideID
		parts []string
	}
	var order []area
	entries := map[area][]entry{}
	for _, o := range f.View.Objectives {
		if !o.Area || o.Map != f.Map {
			continue
		}
		a := area{o.Hex, o.Radius}
		es, seen := entries[a]
		if !seen {
			order = append(order, a)
		}
		part := fmt.Sprintf("%s %d", o.Kind, o.Points)
		if n := len(es); n > 0 && es[n-1].side == o.Side {
			es[n-1].parts = append(es[n-1].parts, part)
		} else {
			es = append(es, entry{o.Side, []string{part}})
		}
		entries[a] = es
	}
	var out []render.RingOverlay
	for _, a := range order {
		var label []string
		for _, e := range entries[a] {
			label = append(label, sideLabel(f.View, e.side)+": "+strings.Join(e.parts, ", "))
		}
		out = append(out, render.RingOverlay{Center: a.hex, Radius: a.radius,
			Colour: r.SideColour(f, entries[a][0].side).WithAlpha(0.85), Label: strings.Join(label, "  ·  ")})
	}
	return out
}

func sideLabel(v *rules.View, id rules.SideID) string {
	if sd, ok := v.Side(id); ok && sd.Name != "" {
		return sd.Name
	}
	return string(id)
}

// objectiveLines describes each objective of the view in one line, the
// side's first, e.g. "Courier Run: Dart leaves the battle (120)".
func objectiveLines(v *rules.View) []string {
	var out []string
	for _, o := range v.Objectives {
		out = append(out, fmt.Sprintf("%s: %s (%d)", sideLabel(v, o.Side), o, o.Points))
	}
	return out
}
