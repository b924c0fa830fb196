package game

import (
	"fmt"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// Action is one thing the player asked the map scene to do this tick.
type Action interface{ isAction() }

// PanBy moves the map by a screen-space drag of DX, DY pixels.
type PanBy struct{ DX, DY float64 }

// ZoomBy zooms by Factor around the screen point X, Y.
type ZoomBy struct{ Factor, X, Y float64 }

// Recenter puts the scene's home (the map's centre unless Home says
// otherwise) back in the middle of the screen.
type Recenter struct{}

// ToggleHelp shows or hides the help overlay.
type ToggleHelp struct{}

func (PanBy) isAction()      {}
func (ZoomBy) isAction()     {}
func (Recenter) isAction()   {}
func (ToggleHelp) isAction() {}

// Input tuning.
const (
	keyPanPixels  = 12.0 // per tick while an arrow or WASD key is held
	keyZoomFactor = 1.25 // per press of + or -
	wheelZoomStep = 1.15 // per wheel notch
	fastPanFactor = 3.0  // with shift held
)

// MapScene shows one map of a game as one side (or the public table)
// may see it, with the camera, the hex under the pointer and the HUD.
type MapScene struct {
	state  *rules.State
	viewer rules.SideID
	view   *rules.View
	mapID  rules.MapID
	// viewOf, when set, gives the view shown instead of the state's
	// view for viewer (a game by file's own machine view).
	viewOf func() *rules.View

	fonts    *render.Fonts
	renderer *render.MapRenderer
	painter  render.Painter
	hud      render.Batch
	labels   []render.Label

	cam    render.Camera
	fitHex float64 // hexes across at the start view
	// Legend shows the sides panel at the top right; Hints the controls
	// line at the bottom right. A game in progress draws its own panels.
	Legend, Hints bool
	// ReadoutBottom is how far above the bottom edge the pointer readout sits.
	ReadoutBottom float64
	// ColourBlind forces the palette's side colours.
	ColourBlind bool
	// ZoomSpeed scales zoom steps.
	ZoomSpeed float64
	ticks     int
	hover     rules.Hex
	hoverOK   bool
	help      bool
	// Reserved are extra screen rectangles covered by panels, kept free
	// of map labels.
	Reserved [][4]float64
	// Keys is the map's key map (pan, zoom, recentre, help).
	Keys KeyMap
	// ExtraHelp adds lines (keys, what they do) to the F1 help.
	ExtraHelp [][2]string
	// Caption, when set, replaces the game clock in the top bar (a
	// preview has no game time).
	Caption string
	// StepNote, when set, names what is done now in place of the
	// step's title in the top bar: a side plotting its turn gives its
	// orders in the declaration step. Acting, when set, names who acts
	// now in place of the sides the rules wait for under the clock: the
	// side plotting, while the rules wait for another's declaration.
	StepNote string
	Acting   string
	// HoverCard, when set, lays out the ship card under the pointer for
	// the frame (nil for none), which the scene draws over its panels;
	// the pointer readout keeps clear of it.
	HoverCard func() *cardLayout
	cams      mapCameras
	tabs      []mapTab
	// Home, when set, is where Home goes (the viewer's own units, say)
	// instead of the map's centre; FreeArea is the part of the screen
	// no panel covers, where Home puts it.
	Home     func() (rules.Hex, bool)
	FreeArea [4]float64
}

// mapTab is the clickable tab of one map, when several are in play.
type mapTab struct {
	id             rules.MapID
	x0, y0, x1, y1 float64
}

// TabAt returns the map whose tab is at the screen point, if any.
func (s *MapScene) TabAt(x, y float64) (rules.MapID, bool) {
	for _, t := range s.tabs {
		if x >= t.x0 && x < t.x1 && y >= t.y0 && y < t.y1 {
			return t.id, true
		}
	}
	return "", false
}

// NewMapScene returns a scene showing the first map of state as viewer
// sees it ("" for the public view), on a w x h screen.
func NewMapScene(state *rules.State, viewer rules.SideID, fonts *render.Fonts, w, h int) *MapScene {
	s := &MapScene{state: state, viewer: viewer, fonts: fonts, renderer: render.NewMapRenderer(fonts), Legend: true, Hints: true, ReadoutBottom: 12, ZoomSpeed: 1, Keys: mapKeys}
	s.Refresh()
	if len(s.view.Maps) > 0 {
		s.mapID = s.view.Maps[0].ID
	}
	s.fitHex = render.FitHexes(s.view, s.mapID, w, h)
	s.cam = render.NewCamera(s.center(), w, h, s.fitHex)
	return s
}

// Refresh rebuilds the scene's view after the state changed. If the map
// shown is no longer one the viewer knows, it goes back to the first.
func (s *MapScene) Refresh() {
	if s.viewOf != nil {
		s.view = s.viewOf()
	} else {
		s.view = s.state.View(s.viewer)
	}
	if s.view.Map(s.mapID) == nil && len(s.view.Maps) > 0 {
		s.mapID = s.view.Maps[0].ID
		s.cam.CenterOn(s.center())
	}
}

// SetViewer shows the map as side sees it ("" for the public view).
func (s *MapScene) SetViewer(side rules.SideID) {
	s.viewer = side
	s.Refresh()
}

// Viewer returns whose view is shown.
func (s *MapScene) Viewer() rules.SideID { return s.viewer }

// Hover returns the hex under the pointer, if the pointer is on the map.
func (s *MapScene) Hover() (rules.Hex, bool) { return s.hover, s.hoverOK }

// Ticks returns the scene's tick count, the animation clock.
func (s *MapScene) Ticks() int { return s.ticks }

// Camera returns the scene's camera.
func (s *MapScene) Camera() *render.Camera { return &s.cam }

// View returns the view the scene draws.
func (s *MapScene) View() *rules.View { return s.view }

// MapID returns the map shown.
func (s *MapScene) MapID() rules.MapID { return s.mapID }

// cameras keeps each map's camera while another map is shown.
type mapCameras map[rules.MapID]render.Camera

// SetMap shows map id (the origin, or a destination a cosmic rift
// opened), with the camera it had when last shown, or centred on it.
func (s *MapScene) SetMap(id rules.MapID) {
	if id == s.mapID || s.view.Map(id) == nil {
		return
	}
	if s.cams == nil {
		s.cams = mapCameras{}
	}
	s.cams[s.mapID] = s.cam
	s.mapID = id
	if c, ok := s.cams[id]; ok {
		c.Resize(s.cam.Width, s.cam.Height)
		s.cam = c
		return
	}
	s.cam.CenterOn(s.center())
}

// NextMap shows the next map the viewer knows, in view order.
func (s *MapScene) NextMap() {
	for i, m := range s.view.Maps {
		if m.ID == s.mapID {
			s.SetMap(s.view.Maps[(i+1)%len(s.view.Maps)].ID)
			return
		}
	}
}

func (s *MapScene) center() rules.Hex {
	if m := s.view.Map(s.mapID); m != nil {
		return m.Center
	}
	return rules.Hex{}
}

// Resize follows the window size.
func (s *MapScene) Resize(w, h int) { s.cam.Resize(w, h) }

// Actions turns one tick of input into actions.
func (s *MapScene) Actions(in *Input) []Action {
	var out []Action
	if in.Dragging && (in.DragDX != 0 || in.DragDY != 0) {
		out = append(out, PanBy{float64(in.DragDX), float64(in.DragDY)})
	}
	keys := s.Keys
	speed := keyPanPixels
	if keys.Held(in, intentPanFast) {
		speed *= fastPanFactor
	}
	var dx, dy float64
	if keys.Held(in, intentPanLeft) {
		dx += speed
	}
	if keys.Held(in, intentPanRight) {
		dx -= speed
	}
	if keys.Held(in, intentPanUp) {
		dy += speed
	}
	if keys.Held(in, intentPanDown) {
		dy -= speed
	}
	if dx != 0 || dy != 0 {
		out = append(out, PanBy{dx, dy})
	}
	zs := s.ZoomSpeed
	if zs <= 0 {
		zs = 1
	}
	if in.Wheel != 0 && in.CursorIn {
		out = append(out, ZoomBy{math.Pow(wheelZoomStep, in.Wheel*zs), float64(in.CursorX), float64(in.CursorY)})
	}
	cx, cy := float64(s.cam.Width)/2, float64(s.cam.Height)/2
	if keys.Fired(in, intentZoomIn) {
		out = append(out, ZoomBy{math.Pow(keyZoomFactor, zs), cx, cy})
	}
	if keys.Fired(in, intentZoomOut) {
		out = append(out, ZoomBy{math.Pow(keyZoomFactor, -zs), cx, cy})
	}
	if keys.Fired(in, intentRecentre) {
		out = append(out, Recenter{})
	}
	if keys.Fired(in, intentHelp) || (s.help && keys.Fired(in, intentCloseHelp)) {
		out = append(out, ToggleHelp{})
	}
	return out
}

// Apply carries out one action.
func (s *MapScene) Apply(a Action) {
	switch a := a.(type) {
	case PanBy:
		s.cam.Pan(a.DX, a.DY)
	case ZoomBy:
		s.cam.ZoomAt(a.Factor, a.X, a.Y)
	case Recenter:
		if s.Home != nil {
			if h, ok := s.Home(); ok {
				s.FocusOn(h)
				return
			}
		}
		s.cam.CenterOn(s.center())
	case ToggleHelp:
		s.help = !s.help
	}
}

// Update applies this tick's input.
func (s *MapScene) Update(in *Input) error {
	s.ticks++
	for _, a := range s.Actions(in) {
		s.Apply(a)
	}
	s.hoverOK = in.CursorIn
	if s.hoverOK {
		s.hover = s.cam.ScreenToHex(float64(in.CursorX), float64(in.CursorY))
	}
	return nil
}

// Frame returns the render frame of the current tick.
func (s *MapScene) Frame() *render.Frame {
	f := &render.Frame{
		View: s.view, Map: s.mapID, Camera: s.cam,
		Time:  float64(s.ticks) / 60,
		Hover: s.hover, HoverOK: s.hoverOK,
		Reserved:          s.hudRects(),
		ForcedSideColours: s.ColourBlind,
	}
	f.Rings = objectiveRings(s.renderer, f)
	return f
}

// Draw draws the map and the HUD.
func (s *MapScene) Draw(screen *ebiten.Image) { s.DrawFrame(screen, s.Frame()) }

// DrawFrame draws the map of f, which may carry overlays, and the HUD.
func (s *MapScene) DrawFrame(screen *ebiten.Image, f *render.Frame) {
	if s.ColourBlind {
		s.renderer.Palette = render.ColourBlindPalette()
	} else {
		s.renderer.Palette = render.DefaultPalette()
	}
	s.renderer.Draw(screen, f)
	s.drawHUD(screen, f)
}

// Describe lists what the viewer can see at h: coordinates, terrain and
// units, one item per line.
func (s *MapScene) Describe(h rules.Hex) []string { return s.describe(h, "") }

// describe is Describe without the line of the unit skip (the one whose
// ship card is up, which says all of it).
func (s *MapScene) describe(h rules.Hex, skip rules.UnitID) []string {
	lines := []string{"Hex " + h.String()}
	m := s.view.Map(s.mapID)
	if m == nil {
		return lines
	}
	if f, ok := m.Terrain.FeatureAt(h); ok {
		lines = append(lines, fmt.Sprintf("%s (%s)", f.Name, f.Kind))
	}
	if sy, ok := m.Terrain.SystemAt(h); ok {
		if sy.Rift {
			lines = append(lines, sy.Name+": gravity rift system (+1 move on leaving, d10 1-3 lost)")
		} else {
			lines = append(lines, sy.Name+": system")
		}
	}
	for _, r := range m.Terrain.Regions {
		if r.Shape.Contains(h) {
			switch r.Kind {
			case rules.RegionPhaseSpace:
				lines = append(lines, r.Name+": phase space (2d6 each impulse: 2 or 12 phases)")
			case rules.RegionIonStorm:
				lines = append(lines, r.Name+": ion storm")
			}
		}
	}
	for _, u := range s.view.UnitsOn(s.mapID) {
		if u.Hex != h || u.ID == skip {
			continue
		}
		side, _ := s.view.Side(u.Side)
		cls := string(u.Class)
		if c, ok := rules.LookupClass(u.Class); ok {
			cls = classTitle(&c)
		}
		ghost := ""
		if u.Ghost {
			ghost = ", phased out (only you see it)"
		}
		if n := cloakNote(u); n != "" {
			ghost += ", " + strings.ToLower(n[:1]) + n[1:]
		}
		if u.Tractor != "" {
			ghost += ", holds " + namerOf(s.view)(u.Tractor) + " in a tractor beam"
		}
		if u.HeldBy != "" {
			ghost += ", held in " + namerOf(s.view)(u.HeldBy) + "'s tractor beam"
		}
		if n := seekerNote(u, namerOf(s.view)); n != "" {
			ghost += ", " + strings.ToLower(n[:1]) + n[1:]
		}
		if u.Kind == rules.KindMine { // it does not move; only its side sees it (mines.go)
			lines = append(lines, fmt.Sprintf("%s: %s, %s, hidden (only you see it)%s", u.Name, side.Name, cls, ghost))
			continue
		}
		lines = append(lines, fmt.Sprintf("%s: %s, %s, facing %s, speed %d%s", u.Name, side.Name, cls, u.Facing, u.Speed, ghost))
	}
	return lines
}
