package game

import (
	"maps"

	"github.com/hexrift/hexrift/game/plot"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// seatCamera is where one seat last looked: the map on screen, its
// camera and the cameras of the other maps it knows.
type seatCamera struct {
	mapID rules.MapID
	cam   render.Camera
	cams  mapCameras
}

// saveCamera returns where the scene looks now.
func (s *MapScene) saveCamera() seatCamera {
	return seatCamera{mapID: s.mapID, cam: s.cam, cams: maps.Clone(s.cams)}
}

// restoreCamera looks where sc looked, at the current screen size; a
// map the viewer no longer knows gives way to the first it does.
func (s *MapScene) restoreCamera(sc seatCamera) {
	w, h := s.cam.Width, s.cam.Height
	s.cams = maps.Clone(sc.cams)
	s.cam = sc.cam
	s.cam.Resize(w, h)
	if s.view.Map(sc.mapID) != nil {
		s.mapID = sc.mapID
	} else if len(s.view.Maps) > 0 && s.view.Map(s.mapID) == nil {
		s.mapID = s.view.Maps[0].ID
		s.cam.CenterOn(s.center())
	}
}

// freeArea is the part of the screen no fixed panel covers, where the
// unit the camera follows is put: FreeArea, or the whole screen below
// the top bar when none is set.
func (s *MapScene) freeArea() [4]float64 {
	if s.FreeArea[2] > s.FreeArea[0] && s.FreeArea[3] > s.FreeArea[1] {
		return s.FreeArea
	}
	return [4]float64{0, 35, float64(s.cam.Width), float64(s.cam.Height)}
}

// FocusOn moves the camera so that h is in the middle of the free area.
func (s *MapScene) FocusOn(h rules.Hex) {
	a := s.freeArea()
	s.cam.CenterOn(h)
	s.cam.Pan((a[0]+a[2])/2-float64(s.cam.Width)/2, (a[1]+a[3])/2-float64(s.cam.Height)/2)
}

// focusMargin is how far inside the free area, in pixels, a followed
// unit must be to count as in view.
const focusMargin = 60.0

// InView reports whether h shows in the free area, focusMargin inside
// its edges and clear of the HUD's own boxes (objectives, legend).
func (s *MapScene) InView(h rules.Hex) bool {
	a := s.freeArea()
	x, y := s.cam.HexToScreen(h)
	m := max(focusMargin, s.cam.HexPixels())
	if x < a[0]+m || x > a[2]-m || y < a[1]+m || y > a[3]-m {
		return false
	}
	r := s.cam.HexPixels() + 8
	for _, b := range s.hudRects() {
		if x+r > b[0] && x-r < b[2] && y+r > b[1] && y-r < b[3] {
			return false
		}
	}
	return true
}

// KeepInView moves the camera so that the hexes show in the free area
// (InView), the first before the others: when they are not all in view
// it centres the middle of as many of them, from the first, as fit
// together there, else the first alone unless it is in view already.
func (s *MapScene) KeepInView(hexes ...rules.Hex) {
	inView := func(hs []rules.Hex) bool {
		for _, h := range hs {
			if !s.InView(h) {
				return false
			}
		}
		return true
	}
	if len(hexes) == 0 || inView(hexes) {
		return
	}
	was := s.cam
	for n := len(hexes); n > 1; n-- {
		s.FocusOn(middleHex(hexes[:n]))
		if inView(hexes[:n]) {
			return
		}
		s.cam = was
	}
	if !s.InView(hexes[0]) {
		s.FocusOn(hexes[0])
	}
}

// middleHex is the hex at the middle of the box around hexes on the map.
func middleHex(hexes []rules.Hex) rules.Hex {
	var l render.Layout
	x0, y0 := l.HexToWorld(hexes[0])
	x1, y1 := x0, y0
	for _, h := range hexes[1:] {
		x, y := l.HexToWorld(h)
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	return l.WorldToHex((x0+x1)/2, (y0+y1)/2)
}

// homeHex is where Home and a seat's first look go: the unit its orders
// are about, else the viewer's own unit nearest the middle of its units
// on the map shown, else the map's centre.
func (p *PlayScene) homeHex() (rules.Hex, bool) {
	v := p.mapv.View()
	if u, ok := p.focusUnit(); ok {
		return u.Hex, true
	}
	var own []rules.UnitView
	for _, u := range v.UnitsOn(p.mapv.MapID()) {
		if u.Side == p.viewer && p.viewer != "" {
			own = append(own, u)
		}
	}
	if len(own) == 0 {
		return rules.Hex{}, false
	}
	var x, y float64
	for _, u := range own {
		ux, uy := render.Layout{}.HexToWorld(u.Hex)
		x, y = x+ux, y+uy
	}
	mid := render.Layout{}.WorldToHex(x/float64(len(own)), y/float64(len(own)))
	best := own[0]
	for _, u := range own[1:] {
		if u.Hex.Distance(mid) < best.Hex.Distance(mid) {
			best = u
		}
	}
	return best.Hex, true
}

// focusUnit returns the unit the orders on screen are about (the ship
// moving, aiming, plotted), if it is on the map shown.
func (p *PlayScene) focusUnit() (rules.UnitView, bool) {
	if p.orders == nil || p.viewer == "" {
		return rules.UnitView{}, false
	}
	f := p.mapv.Frame()
	p.orders.overlay(p.desk, f)
	if f.Selected == "" {
		return rules.UnitView{}, false
	}
	for _, u := range p.mapv.View().UnitsOn(p.mapv.MapID()) {
		if u.ID == f.Selected {
			return u, true
		}
	}
	return rules.UnitView{}, false
}

// followFocus keeps the camera on what the seat at the machine acts
// with: when a seat first takes the machine it looks at home; when the
// unit its orders are about changes and is out of view (off the free
// area, or under a HUD box), the camera centres it. While it plots, the
// camera keeps in view with it the unit the break is about and the unit
// its course is about (focusAlso), as many as fit together, the break's
// first. A camera the player moved is left alone until the unit
// changes, or one of those changes to a unit out of view.
func (p *PlayScene) followFocus() {
	if p.viewer == "" {
		return
	}
	if p.lookHome {
		p.lookHome = false
		if h, ok := p.homeHex(); ok {
			p.mapv.FocusOn(h)
		}
	}
	u, ok := p.focusUnit()
	if !ok {
		p.followed, p.followedAlso = "", [2]rules.UnitID{}
		return
	}
	also := p.focusAlso(u)
	if u.ID == p.followed && also == p.followedAlso {
		return
	}
	sameUnit := u.ID == p.followed
	p.followed, p.followedAlso = u.ID, also
	spot := func(id rules.UnitID) (rules.Hex, bool) {
		o, ok := unitView(p.desk, id)
		return o.Hex, ok && id != "" && o.Map == u.Map
	}
	var hexes []rules.Hex
	moved := !sameUnit && !p.mapv.InView(u.Hex)
	if h, ok := spot(also[0]); ok {
		hexes, moved = append(hexes, h), moved || !p.mapv.InView(h)
	}
	hexes = append(hexes, u.Hex)
	if h, ok := spot(also[1]); ok {
		hexes, moved = append(hexes, h), moved || !p.mapv.InView(h)
	}
	if moved {
		p.mapv.KeepInView(hexes...)
	}
}

// focusAlso names the units the camera keeps in view with u, the unit
// the plot panel has selected: the unit the break is about and the unit
// u's course is about (closing with, keeping at range, circling), each
// empty when there is none; both empty outside the plot panel.
func (p *PlayScene) focusAlso(u rules.UnitView) [2]rules.UnitID {
	var out [2]rules.UnitID
	b, ok := p.orders.(*plotBuilder)
	if !ok {
		return out
	}
	if b.about != u.ID {
		out[0] = b.about
	}
	if sh := b.ship(); sh != nil && sh.Unit == u.ID {
		switch sh.Course.Kind {
		case plot.Close, plot.Range, plot.Circle:
			if t := sh.Course.Unit; t != u.ID && t != out[0] {
				out[1] = t
			}
		}
	}
	return out
}

// switchCamera keeps the camera of the seat leaving the screen and puts
// up the one of the seat coming, or the game's opening camera centred on
// its home for a seat that never looked: one seat never opens where
// another was looking.
func (p *PlayScene) switchCamera(from, to rules.SideID) {
	if p.seatCams == nil {
		p.seatCams = map[rules.SideID]seatCamera{}
	}
	if from != "" {
		p.seatCams[from] = p.mapv.saveCamera()
	}
	p.followed, p.followedAlso = "", [2]rules.UnitID{}
	if to == "" { // behind the curtain, or the table: the opening camera
		p.mapv.restoreCamera(p.openingCam)
		return
	}
	if sc, ok := p.seatCams[to]; ok {
		p.mapv.restoreCamera(sc)
		return
	}
	p.mapv.restoreCamera(p.openingCam)
	p.lookHome = true
}

// cardFor lays out the systems display of u, the unit under the
// pointer, clear of the unit the camera follows (see MapScene.cardFor).
func (p *PlayScene) cardFor(u rules.UnitView) (*cardLayout, bool) {
	return p.mapv.cardFor(u, p.followed, p.seatColour(u.Side))
}
