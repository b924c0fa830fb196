package rules

import "slices"

// cellSize is the side, in axial coordinates, of the square buckets of
// the spatial index.
const cellSize = 8

type cellKey struct {
	m      MapID
	cq, cr int
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func cellOf(m MapID, h Hex) cellKey {
	return cellKey{m, floorDiv(h.Q, cellSize), floorDiv(h.R, cellSize)}
}

// spatialIndex buckets units by map and position so that range and
// same-hex questions cost what the neighbourhood holds, not the whole
// game. It is rebuilt from the units by reindex and kept up to date by
// setHex; queries always check the real position, never trust a bucket.
type spatialIndex struct {
	cells map[cellKey][]UnitID
	at    map[UnitID]cellKey
}

func (s *State) buildSpatial() {
	s.spatial = spatialIndex{cells: make(map[cellKey][]UnitID), at: make(map[UnitID]cellKey, len(s.Units))}
	for i := range s.Units {
		u := &s.Units[i]
		k := cellOf(u.Map, u.Hex)
		s.spatial.cells[k] = append(s.spatial.cells[k], u.ID)
		s.spatial.at[u.ID] = k
	}
}

// setHex moves u to h on its map. Every change of a unit's position in
// the rules goes through setHex (or placeUnit for a change of map), so
// that the spatial index stays true.
func (s *State) setHex(u *Unit, h Hex) { s.placeUnit(u, u.Map, h) }

// placeUnit puts u at h on map m.
func (s *State) placeUnit(u *Unit, m MapID, h Hex) {
	u.Map, u.Hex = m, h
	if s.spatial.cells == nil {
		return
	}
	old, ok := s.spatial.at[u.ID]
	k := cellOf(m, h)
	if ok && old == k {
		return
	}
	if ok {
		ids := s.spatial.cells[old]
		if i := slices.Index(ids, u.ID); i >= 0 {
			ids = slices.Delete(ids, i, i+1)
		}
		if len(ids) == 0 {
			delete(s.spatial.cells, old)
		} else {
			s.spatial.cells[old] = ids
		}
	}
	s.spatial.cells[k] = append(s.spatial.cells[k], u.ID)
	s.spatial.at[u.ID] = k
}

// unitsWithin returns the units on map m within r hexes of h, sorted by
// distance and then id.
func (s *State) unitsWithin(m MapID, h Hex, r int) []*Unit {
	if s.spatial.cells == nil {
		s.buildSpatial()
	}
	var out []*Unit
	lo, hi := cellOf(m, Hex{h.Q - r, h.R - r}), cellOf(m, Hex{h.Q + r, h.R + r})
	for cq := lo.cq; cq <= hi.cq; cq++ {
		for cr := lo.cr; cr <= hi.cr; cr++ {
			for _, id := range s.spatial.cells[cellKey{m, cq, cr}] {
				u := s.Unit(id)
				if u != nil && u.Map == m && u.Hex.Distance(h) <= r {
					out = append(out, u)
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b *Unit) int {
		if d := a.Hex.Distance(h) - b.Hex.Distance(h); d != 0 {
			return d
		}
		return compareString(string(a.ID), string(b.ID))
	})
	return out
}

// unitsAt returns the units in hex h of map m, sorted by id.
func (s *State) unitsAt(m MapID, h Hex) []*Unit { return s.unitsWithin(m, h, 0) }
