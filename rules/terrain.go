package rules

import (
	"fmt"
	"slices"
)

// FeatureKind is the kind of a point feature of the map.
type FeatureKind string

// Point terrain kinds (IP4.233 lists star, planet, moon and black hole).
const (
	FeatureStar      FeatureKind = "star"
	FeaturePlanet    FeatureKind = "planet"
	FeatureMoon      FeatureKind = "moon"
	FeatureBlackHole FeatureKind = "black-hole"
)

// FeatureKinds lists the point feature kinds in a fixed order.
var FeatureKinds = []FeatureKind{FeatureStar, FeaturePlanet, FeatureMoon, FeatureBlackHole}

// Feature is point terrain: a star, planet, moon or black hole in one hex.
type Feature struct {
	ID   string      `json:"id"`
	Kind FeatureKind `json:"kind"`
	Name string      `json:"name"`
	Hex  Hex         `json:"hex"`
}

// RegionKind is the kind of an area of terrain.
type RegionKind string

// Region kinds. Phase space follows IP8; an ion storm is where a cosmic
// rift becomes a cosmic storm (IP4.51).
const (
	RegionPhaseSpace RegionKind = "phase-space"
	RegionIonStorm   RegionKind = "ion-storm"
)

// RegionKinds lists the region kinds in a fixed order.
var RegionKinds = []RegionKind{RegionPhaseSpace, RegionIonStorm}

// Shape is an area of the map: a disc of any radius, or an explicit set of
// hexes. It is never expanded hex by hex for a disc, so a 9,000-hex phase
// region costs no more than a small one.
type Shape struct {
	// Disc shapes: every hex within Radius of Center.
	Center Hex `json:"center"`
	Radius int `json:"radius"`
	// Hex-set shapes: exactly these hexes (Center and Radius are then the
	// bounding circle, computed by normalize).
	Hexes []Hex `json:"hexes,omitempty"`

	set map[Hex]struct{}
}

// DiscShape returns the disc of radius r around c.
func DiscShape(c Hex, r int) Shape { return Shape{Center: c, Radius: r} }

// HexShape returns the shape made of exactly the given hexes.
func HexShape(hexes ...Hex) Shape {
	s := Shape{Hexes: append([]Hex(nil), hexes...)}
	s.normalize()
	return s
}

// IsDisc reports whether s is a disc rather than a hex set.
func (s *Shape) IsDisc() bool { return len(s.Hexes) == 0 }

// normalize sorts and de-duplicates a hex set, computes its bounding
// circle and builds its lookup index. Discs are left as they are.
func (s *Shape) normalize() {
	if s.IsDisc() {
		return
	}
	slices.SortFunc(s.Hexes, compareHex)
	s.Hexes = slices.Compact(s.Hexes)
	var sq, sr int
	for _, h := range s.Hexes {
		sq += h.Q
		sr += h.R
	}
	n := len(s.Hexes)
	s.Center = RoundHex(float64(sq)/float64(n), float64(sr)/float64(n))
	s.Radius = 0
	s.set = make(map[Hex]struct{}, n)
	for _, h := range s.Hexes {
		s.set[h] = struct{}{}
		s.Radius = max(s.Radius, h.Distance(s.Center))
	}
}

// Contains reports whether h lies in the shape.
func (s *Shape) Contains(h Hex) bool {
	if s.IsDisc() {
		return h.Distance(s.Center) <= s.Radius
	}
	if h.Distance(s.Center) > s.Radius {
		return false
	}
	if s.set == nil {
		return slices.Contains(s.Hexes, h)
	}
	_, ok := s.set[h]
	return ok
}

// Size returns how many hexes the shape covers.
func (s *Shape) Size() int {
	if s.IsDisc() {
		return discSize(s.Radius)
	}
	return len(s.Hexes)
}

// String describes the shape for messages.
func (s *Shape) String() string {
	if s.IsDisc() {
		return fmt.Sprintf("disc radius %d at %v", s.Radius, s.Center)
	}
	return fmt.Sprintf("%d hexes around %v", len(s.Hexes), s.Center)
}

// Region is an area of terrain such as phase space or an ion storm. It may
// overlap other terrain (IP8.14).
type Region struct {
	ID    string     `json:"id"`
	Kind  RegionKind `json:"kind"`
	Name  string     `json:"name"`
	Shape Shape      `json:"shape"`
}

// System is a named group of hexes. A system with Rift set is a gravity
// rift system: all its hexes together act as one gravity rift (GR41.4).
type System struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Rift  bool   `json:"rift"`
	Shape Shape  `json:"shape"`
}

// Terrain is everything fixed on one map: point features, regions and
// systems. It is stored as shapes and points, never hex by hex.
type Terrain struct {
	Features []Feature `json:"features"`
	Regions  []Region  `json:"regions"`
	Systems  []System  `json:"systems"`

	featureAt map[Hex]int
	systemAt  map[Hex]int
}

// index builds the terrain's lookup tables. It must be called after the
// terrain is built or decoded; NewState and State decoding do so.
func (t *Terrain) index() {
	t.featureAt = make(map[Hex]int, len(t.Features))
	for i, f := range t.Features {
		t.featureAt[f.Hex] = i
	}
	t.systemAt = make(map[Hex]int)
	for i := range t.Systems {
		t.Systems[i].Shape.normalize()
		sh := &t.Systems[i].Shape
		if sh.IsDisc() {
			continue
		}
		for _, h := range sh.Hexes {
			if _, taken := t.systemAt[h]; !taken {
				t.systemAt[h] = i
			}
		}
	}
	for i := range t.Regions {
		t.Regions[i].Shape.normalize()
	}
}

// FeatureAt returns the point feature in h, if any.
func (t *Terrain) FeatureAt(h Hex) (Feature, bool) {
	if i, ok := t.featureAt[h]; ok {
		return t.Features[i], true
	}
	return Feature{}, false
}

// SystemAt returns the system that holds h, if any.
func (t *Terrain) SystemAt(h Hex) (System, bool) {
	if i, ok := t.systemAt[h]; ok {
		return t.Systems[i], true
	}
	for _, s := range t.Systems { // disc-shaped systems, rare
		if s.Shape.IsDisc() && s.Shape.Contains(h) {
			return s, true
		}
	}
	return System{}, false
}

// InRegion reports whether h lies in any region of the given kind.
func (t *Terrain) InRegion(h Hex, kind RegionKind) bool {
	for i := range t.Regions {
		if t.Regions[i].Kind == kind && t.Regions[i].Shape.Contains(h) {
			return true
		}
	}
	return false
}

// NearestFeature returns the distance from h to the closest point feature,
// and false when the map has none (IP4.233 measures this).
func (t *Terrain) NearestFeature(h Hex) (int, bool) {
	best, found := 0, false
	for _, f := range t.Features {
		if d := h.Distance(f.Hex); !found || d < best {
			best, found = d, true
		}
	}
	return best, found
}

func compareHex(a, b Hex) int {
	if a.Q != b.Q {
		return a.Q - b.Q
	}
	return a.R - b.R
}
