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
// game. A bucket holds positions in State.Units, so a query reads the
// units it meets directly, with no lookup by id. It is rebuilt from the
// units by reindex (which every change to the set of units calls) and
// kept up to date by setHex; queries always check the real position,
// never trust a bucket.
type spatialIndex struct {
	cells map[cellKey][]int32
	// at is the bucket of each unit, by its position in State.Units.
	at []cellKey
	// phased lists the units out of phase by their position in
	// State.Units, ascending, so that the checks made on every command
	// (hidePhased) need not scan every unit. phaseOut and phaseIn keep it
	// (setPhased); positions, unlike ids, are small plain numbers, so a
	// change of phase moves a few bytes, not strings.
	phased []int32
}

func (s *State) buildSpatial() {
	s.spatial = spatialIndex{cells: make(map[cellKey][]int32), at: make([]cellKey, len(s.Units))}
	for i := range s.Units {
		u := &s.Units[i]
		k := cellOf(u.Map, u.Hex)
		s.spatial.cells[k] = append(s.spatial.cells[k], int32(i))
		s.spatial.at[i] = k
		if u.PhasedOut {
			s.spatial.phased = append(s.spatial.phased, int32(i))
		}
	}
}

// setPhased puts u out of phase or back in. Every change of a unit's
// phase in the rules goes through it, so that phasedUnits stays true.
func (s *State) setPhased(u *Unit, out bool) {
	u.PhasedOut = out
	if s.spatial.cells == nil {
		return
	}
	at, ok := s.unitIndex[u.ID]
	if !ok {
		return
	}
	i, found := slices.BinarySearch(s.spatial.phased, int32(at))
	switch {
	case out && !found:
		s.spatial.phased = slices.Insert(s.spatial.phased, i, int32(at))
	case !out && found:
		s.spatial.phased = slices.Delete(s.spatial.phased, i, i+1)
	}
}

// phasedUnits returns the units out of phase, in unit order.
func (s *State) phasedUnits() []*Unit {
	if s.spatial.cells == nil {
		s.buildSpatial()
	}
	var out []*Unit
	for _, i := range s.spatial.phased {
		if int(i) < len(s.Units) && s.Units[i].PhasedOut {
			out = append(out, &s.Units[i])
		}
	}
	return out
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
	i, ok := s.unitIndex[u.ID]
	if !ok || i >= len(s.spatial.at) {
		return // not in the index: s.Unit does not know it either
	}
	old, k := s.spatial.at[i], cellOf(m, h)
	if old == k {
		return
	}
	ids := s.spatial.cells[old]
	if j := slices.Index(ids, int32(i)); j >= 0 {
		ids = slices.Delete(ids, j, j+1)
	}
	if len(ids) == 0 {
		delete(s.spatial.cells, old)
	} else {
		s.spatial.cells[old] = ids
	}
	s.spatial.cells[k] = append(s.spatial.cells[k], int32(i))
	s.spatial.at[i] = k
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
			for _, i := range s.spatial.cells[cellKey{m, cq, cr}] {
				if int(i) >= len(s.Units) {
					continue
				}
				u := &s.Units[i]
				if u.Hex.Distance(h) <= r && u.Map == m {
					out = append(out, u)
				}
			}
		}
	}
	if len(out) > 1 {
		slices.SortFunc(out, func(a, b *Unit) int {
			if d := a.Hex.Distance(h) - b.Hex.Distance(h); d != 0 {
				return d
			}
			return compareString(string(a.ID), string(b.ID))
		})
	}
	return out
}

// unitsAt returns the units in hex h of map m, sorted by id.
func (s *State) unitsAt(m MapID, h Hex) []*Unit { return s.unitsWithin(m, h, 0) }
