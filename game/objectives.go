package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// Scenario objectives on the map and in the legend: every side sees them
// (rules.View.Objectives is public), so a player always knows what a
// drill or a scenario asks, and what the other sides are after. The
// new-game thumbnail, the game's map, the preview and hexrift render
// draw them through the functions here.

// objectiveEntry is what the objectives at one place give one side,
// e.g. "hold 60" or "destroy 150, hold 40".
type objectiveEntry struct {
	side  rules.SideID
	parts []string
}

// objectiveGroups gathers the objectives of the view by where they are,
// keyed by at (ok false leaves one out), in the order first met: each
// place with what each side gets there, sides in the order they come.
func objectiveGroups[K comparable](v *rules.View, at func(o *rules.Objective) (K, bool)) ([]K, map[K][]objectiveEntry) {
	var order []K
	entries := map[K][]objectiveEntry{}
	for i := range v.Objectives {
		o := &v.Objectives[i]
		k, ok := at(o)
		if !ok {
			continue
		}
		es, seen := entries[k]
		if !seen {
			order = append(order, k)
		}
		part := fmt.Sprintf("%s %d", o.Kind, o.Points)
		if n := len(es); n > 0 && es[n-1].side == o.Side {
			es[n-1].parts = append(es[n-1].parts, part)
		} else {
			es = append(es, objectiveEntry{o.Side, []string{part}})
		}
		entries[k] = es
	}
	return order, entries
}

// objectiveLabel writes what each side gets at one place:
// "Terran Federation: hold 60  ·  Korath Dominion: hold 60".
func objectiveLabel(v *rules.View, es []objectiveEntry) string {
	var label []string
	for _, e := range es {
		label = append(label, sideLabel(v, e.side)+": "+strings.Join(e.parts, ", "))
	}
	return strings.Join(label, "  ·  ")
}

// objectiveRings returns one ring for each area of a hold or exit
// objective on the frame's map, in the colour of the first side with an
// objective there, labelled with what each side gets for it.
func objectiveRings(r *render.MapRenderer, f *render.Frame) []render.RingOverlay {
	type area struct {
		hex    rules.Hex
		radius int
	}
	order, entries := objectiveGroups(f.View, func(o *rules.Objective) (area, bool) {
		return area{o.Hex, o.Radius}, o.Area && o.Map == f.Map
	})
	var out []render.RingOverlay
	for _, a := range order {
		g := render.RingOverlay{Center: a.hex, Radius: a.radius, Label: objectiveLabel(f.View, entries[a])}
		for i, e := range entries[a] {
			col := r.SideColour(f, e.side).WithAlpha(0.85)
			if i == 0 {
				g.Colour = col
			} else if !slices.ContainsFunc(entries[a][:i], func(o objectiveEntry) bool { return o.side == e.side }) {
				g.Alternate = append(g.Alternate, col)
			}
		}
		out = append(out, g)
	}
	return out
}

// objectiveMarks outlines each unit a destroy or protect objective names,
// where the frame's view shows it on the frame's map, in the colour of
// the first side with an objective on it, labelled with what each side
// gets. A unit the view does not show (hidden from the viewer, or on
// another map) is not marked: the mark tells nothing the view does not.
func objectiveMarks(r *render.MapRenderer, f *render.Frame) []render.HexMark {
	at := map[rules.UnitID]rules.Hex{}
	for _, u := range f.View.UnitsOn(f.Map) {
		if u.Status == rules.StatusOnMap {
			at[u.ID] = u.Hex
		}
	}
	order, entries := objectiveGroups(f.View, func(o *rules.Objective) (rules.UnitID, bool) {
		if (o.Kind != rules.ObjectiveDestroy && o.Kind != rules.ObjectiveProtect) || len(o.Units) != 1 {
			return "", false
		}
		_, shown := at[o.Units[0]]
		return o.Units[0], shown
	})
	var out []render.HexMark
	for _, id := range order {
		out = append(out, render.HexMark{Hex: at[id], Colour: r.SideColour(f, entries[id][0].side), Label: objectiveLabel(f.View, entries[id])})
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

// mapKey is the legend of what the author tools draw on a map beyond
// its terrain and units: the objective areas and targets of the frame,
// and on a destination page its PORT and DEFEND. sides adds a row for
// each side (hexrift render's picture has no sides panel of its own).
func mapKey(r *render.MapRenderer, f *render.Frame, page *destinationPage, sides bool) render.Legend {
	var rows []render.LegendRow
	if sides {
		for _, sd := range f.View.Sides {
			text := sd.Name
			if page != nil {
				text += " (defends " + page.name + ")"
			}
			rows = append(rows, render.LegendRow{Swatch: render.SwatchSquare, Colour: r.SideColour(f, sd.ID), Text: text})
		}
	}
	if rings := objectiveRings(r, f); len(rings) > 0 {
		rows = append(rows, render.LegendRow{Swatch: render.SwatchRing, Colour: rings[0].Colour.WithAlpha(1),
			Text: "hold or exit area, ringed in the colours of the sides it scores for"})
	}
	if marks := objectiveMarks(r, f); len(marks) > 0 {
		rows = append(rows, render.LegendRow{Swatch: render.SwatchHex, Colour: marks[0].Colour,
			Text: "unit to destroy or protect, outlined in the scoring side's colour"})
	}
	if page != nil {
		if page.portSeen(f.View) {
			rows = append(rows, render.LegendRow{Swatch: render.SwatchHex, Colour: arrivalColour, Text: fmt.Sprintf("PORT %v: the rift's far end, where arrivals appear", page.port)})
		} else {
			rows = append(rows, render.LegendRow{Swatch: render.SwatchHex, Colour: arrivalColour.WithAlpha(0.3), Text: fmt.Sprintf("PORT not shown: %s has no unit within %d hexes of the rift (IP4.28)", sideLabel(f.View, f.View.Viewer), page.detect)})
		}
		if page.leadSeen(f.View) {
			rows = append(rows, render.LegendRow{Swatch: render.SwatchHex, Colour: r.SideColour(f, page.leadSide), Text: fmt.Sprintf("DEFEND %v: %s, the largest defender, comes into play", page.defend, page.leadName)})
		}
	}
	return render.Legend{Title: "Map key", Rows: rows}
}
