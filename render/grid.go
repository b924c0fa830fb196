package render

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/rules"
)

// Grid level of detail, in pixels per hex radius. The grid's alpha grows
// from 0 at gridFadeStart to full at gridFadeFull; where it would stay
// under gridMinAlpha (less than two levels of 255) nothing is drawn.
// Below gridVector the lines are one repeating tile of the hex lattice,
// opaque with the background's colour, drawn over the screen with two
// triangles in place of clearing it: a wide view costs no more than a
// close one, and the grid no more than the background. From gridVector
// on each visible hex adds its three edges, which are few at that size.
// The raster samples the same tile.
const (
	gridMinAlpha = 2.0 / 255
	gridVector   = 48.0
	// gridTileMax is the largest lattice tile, in pixels: 3 radii by
	// sqrt(3) radii just under gridVector.
	gridTileMax = 3*gridVector + 2
)

// gridPattern is the far-zoom grid of a frame: the lattice tile's size in
// pixels, where the hex at the world origin sits on screen, and the
// lines' colour. A zero pattern draws nothing.
type gridPattern struct {
	on             bool
	tw, th         int
	originX        float64
	originY        float64
	scaleX, scaleY float64 // tile pixels per screen pixel
	col            RGBA    // the lines, straight alpha
	bg             RGBA    // the background under them, opaque
}

// gridLines draws the grid: nothing where it would be invisible, the
// repeating tile at far zoom, and three edges of every visible hex close
// up, so each shared edge is drawn once.
func (r *MapRenderer) gridLines(f *Frame) {
	r.gridTile = gridPattern{}
	c := &f.Camera
	px := c.HexPixels()
	a := 0.22 * smoothstep(gridFadeStart, gridFadeFull, px)
	if a < gridMinAlpha {
		return
	}
	col := r.Palette.Grid.WithAlpha(float32(a))
	if px < gridVector {
		tw, th := int(math.Round(3*px)), int(math.Round(sqrt3*px))
		ox, oy := c.WorldToScreen(0, 0)
		r.gridTile = gridPattern{on: true, tw: tw, th: th, originX: ox, originY: oy,
			scaleX: float64(tw) / (3 * px), scaleY: float64(th) / (sqrt3 * px), col: col, bg: r.bg}
		// The hexes laid in space's colour over the tile (outside a disc
		// tinting the background) draw their own edges.
		for _, h := range r.outside {
			for _, d := range [3]rules.Direction{rules.DirF, rules.DirA, rules.DirB} {
				x0, y0, x1, y1 := edge(c, h, d)
				r.grid.Line(x0, y0, x1, y1, 1, col)
			}
		}
		return
	}
	w := float32(1)
	if px > 40 {
		w = 1.5
	}
	c.VisibleHexes(func(h rules.Hex) {
		for _, d := range [3]rules.Direction{rules.DirF, rules.DirA, rules.DirB} {
			x0, y0, x1, y1 := edge(c, h, d)
			r.grid.Line(x0, y0, x1, y1, w, col)
		}
	})
}

// tileLines fills b with the hex edges crossing one lattice tile of
// tw x th pixels whose corner is the centre of a hex, in colour col: a
// hex is tw/3 wide in radii and th/sqrt(3) tall.
func tileLines(b *Batch, tw, th int, col RGBA) {
	rx, ry := float64(tw)/3, float64(th)/sqrt3
	for q := -1; q <= 3; q++ {
		for rr := -2; rr <= 2; rr++ {
			cx := 1.5 * float64(q) * rx
			cy := (float64(rr) + float64(q)/2) * sqrt3 * ry
			for _, d := range [3]rules.Direction{rules.DirF, rules.DirA, rules.DirB} {
				p, n := cornerOffsets[(4+int(d))%6], cornerOffsets[(5+int(d))%6]
				b.Line(float32(cx+p[0]*rx), float32(cy+p[1]*ry), float32(cx+n[0]*rx), float32(cy+n[1]*ry), 1, col)
			}
		}
	}
}

// gridTexture holds the lattice tile image of the window's far-zoom grid;
// it is made on first use and redrawn only when the tile's size or
// colours change.
type gridTexture struct {
	img    *ebiten.Image
	tw, th int
	col    RGBA
	bg     RGBA
	lines  Batch
	white  whitePixel
	opts   ebiten.DrawTrianglesOptions
	quad   [4]ebiten.Vertex
}

// draw covers dst with the repeating tile of g, background and lines;
// it reports false, drawing nothing, when g has no tile.
func (t *gridTexture) draw(dst *ebiten.Image, g gridPattern) bool {
	if !g.on || g.tw < 2 || g.th < 2 {
		return false
	}
	if t.img == nil {
		t.img = ebiten.NewImage(gridTileMax, gridTileMax)
	}
	if t.tw != g.tw || t.th != g.th || t.col != g.col || t.bg != g.bg {
		t.tw, t.th, t.col, t.bg = g.tw, g.th, g.col, g.bg
		t.img.Fill(g.bg.Color())
		t.lines.Reset()
		tileLines(&t.lines, g.tw, g.th, g.bg.Mix(g.col.WithAlpha(1), g.col.A))
		var o ebiten.DrawTrianglesOptions
		tile := t.img.SubImage(image.Rect(0, 0, g.tw, g.th)).(*ebiten.Image)
		tile.DrawTriangles32(t.lines.V, t.lines.I, t.white.get(), &o)
	}
	tile := t.img.SubImage(image.Rect(0, 0, g.tw, g.th)).(*ebiten.Image)
	b := dst.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	// Texture coordinates: the world origin's hex centre is the tile's
	// corner; wrap the start into the tile to keep float32 precise.
	u0 := math.Mod(-g.originX*g.scaleX, float64(g.tw))
	v0 := math.Mod(-g.originY*g.scaleY, float64(g.th))
	if u0 < 0 {
		u0 += float64(g.tw)
	}
	if v0 < 0 {
		v0 += float64(g.th)
	}
	corners := [4][2]float64{{0, 0}, {w, 0}, {w, h}, {0, h}}
	for i, p := range corners {
		t.quad[i] = ebiten.Vertex{DstX: float32(p[0]), DstY: float32(p[1]),
			SrcX: float32(u0 + p[0]*g.scaleX), SrcY: float32(v0 + p[1]*g.scaleY),
			ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1}
	}
	t.opts.Address = ebiten.AddressRepeat
	t.opts.Filter = ebiten.FilterNearest
	t.opts.Blend = ebiten.BlendCopy
	dst.DrawTriangles32(t.quad[:], []uint32{0, 1, 2, 0, 2, 3}, tile, &t.opts)
	return true
}
