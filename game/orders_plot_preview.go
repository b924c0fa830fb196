package game

import (
	"fmt"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// plotPreview is the overlay of a ship's plotted path over the turn's
// remaining impulses (plot.Preview: the rules' geometry, turn mode and
// gravity rift odds, read from the side's own view), in colour col: a
// note at each hex where the ship leaves a gravity rift (its removal
// roll, and the chance to be still on the board from there) and where it
// enters an open cosmic rift.
func plotPreview(v *rules.View, sh plot.Ship, col render.RGBA) (render.PathOverlay, plot.Path) {
	path := plot.Preview(v, sh)
	ov := render.PathOverlay{Colour: col}
	exits := 0
	for _, h := range path.Hexes {
		ov.Hexes = append(ov.Hexes, h.Pose.Hex)
		ov.Facings = append(ov.Facings, h.Pose.Facing)
		if h.Rift != "" {
			exits++
			ov.Notes = append(ov.Notes, render.HexNote{Hex: h.Pose.Hex, Colour: render.UIDanger,
				Text: fmt.Sprintf("rift roll: %s", riftOdds(exits))})
		}
		if h.Cosmic != "" {
			ov.Notes = append(ov.Notes, render.HexNote{Hex: h.Pose.Hex, Colour: render.UIDanger, Text: "cosmic rift"})
		}
	}
	return ov, path
}

// pathText is a previewed path as the plot panel reads it: where it ends
// and the gravity rift odds on the way.
func pathText(path plot.Path) string {
	if len(path.Hexes) < 2 {
		return "Path: the ship does not move again this turn."
	}
	last := path.Hexes[len(path.Hexes)-1]
	s := fmt.Sprintf("Path: %d hexes, ending at %v facing %v", len(path.Hexes)-1, last.Pose.Hex, last.Pose.Facing)
	if last.Cosmic != "" {
		s = fmt.Sprintf("Path: %d hexes, into the cosmic rift at %v", len(path.Hexes)-1, last.Pose.Hex)
	}
	if path.Exits > 0 {
		s += fmt.Sprintf("; leaves gravity rifts %d times: %.0f%% (%s) to stay on the board", path.Exits, 100*path.Survive, path.SurviveExact)
	}
	return s + "."
}

// riftOdds is the chance, as the rules give it, of coming through n
// gravity rift removal rolls, as a percentage.
func riftOdds(n int) string {
	f, _ := rules.RiftSurviveChance(n).Float64()
	return fmt.Sprintf("%.0f%% stay", 100*f)
}
