package render

import (
	"math"

	"github.com/hexrift/hexrift/rules"
)

// FitHexes returns how many hexes across a w x h camera centred on map
// id's centre should show so that the units, features and systems near
// the centre are all on screen with a margin. Regions so large that they
// could never fit, and things more than 400 hexes out, are left out.
func FitHexes(v *rules.View, id rules.MapID, w, h int) float64 {
	return FitHexesWith(v, id, w, h)
}

// FitHexesWith is FitHexes that also keeps the hexes extra on screen,
// such as a rift's far end on a destination's map.
func FitHexesWith(v *rules.View, id rules.MapID, w, h int, extra ...rules.Hex) float64 {
	m := v.Map(id)
	if m == nil || w <= 0 || h <= 0 {
		return 40
	}
	var l Layout
	cx, cy := l.HexToWorld(m.Center)
	dx, dy := 8*1.5, 8*sqrt3 // show at least 8 hexes each way
	grow := func(hx rules.Hex, extra float64) {
		if hx.Distance(m.Center) > 400 {
			return
		}
		x, y := l.HexToWorld(hx)
		dx = math.Max(dx, math.Abs(x-cx)+extra)
		dy = math.Max(dy, math.Abs(y-cy)+extra)
	}
	for _, u := range v.UnitsOn(id) {
		grow(u.Hex, 2)
	}
	for _, f := range m.Terrain.Features {
		grow(f.Hex, 2)
	}
	for _, sy := range m.Terrain.Systems {
		grow(sy.Shape.Center, float64(sy.Shape.Radius)*sqrt3+2)
	}
	for _, hx := range extra {
		grow(hx, 2)
	}
	// Keep clear of the HUD: 12% of each side.
	scale := math.Min(float64(w)*0.38/dx, float64(h)*0.38/dy)
	return math.Max(MinHexesAcross, math.Min(MaxHexesAcross, float64(w)/(1.5*scale)))
}
