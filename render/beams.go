package render

import "github.com/hexrift/hexrift/rules"

// tractorBeams draws each tractor beam in the view as a pale line from
// its holder to the unit it holds, with a bead at the held end.
func (r *MapRenderer) tractorBeams(f *Frame) {
	c := &f.Camera
	var at map[rules.UnitID]rules.Hex
	for _, u := range f.View.Units {
		if u.Tractor == "" || u.Map != f.Map {
			continue
		}
		if at == nil {
			at = make(map[rules.UnitID]rules.Hex, len(f.View.Units))
			for _, o := range f.View.Units {
				if o.Map == f.Map {
					at[o.ID] = o.Hex
				}
			}
		}
		h, ok := at[u.Tractor]
		if !ok {
			continue
		}
		x0, y0 := c.HexToScreen(u.Hex)
		x1, y1 := c.HexToScreen(h)
		w := float32(max(1.5, c.HexPixels()*0.06))
		r.top.Line(float32(x0), float32(y0), float32(x1), float32(y1), w, r.Palette.Web.WithAlpha(0.8))
		r.top.Circle(float32(x1), float32(y1), 2*w, r.Palette.Web)
	}
}
