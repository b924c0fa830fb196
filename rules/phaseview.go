package rules

// WebView is what a side sees of a web: the hexes in normal space, and
// for the side that laid it the phased-out hexes as ghosts (IP8.32).
type WebView struct {
	ID      string    `json:"id"`
	Side    SideID    `json:"side"`
	Map     MapID     `json:"map"`
	Cast    bool      `json:"cast,omitempty"`
	Anchors [2]string `json:"anchors"`
	Hexes   []Hex     `json:"hexes"`
	Ghosts  []Hex     `json:"ghosts,omitempty"`
}

// webViews returns the webs as side may see them.
func (s *State) webViews(side SideID) []WebView {
	var out []WebView
	for _, w := range s.Phase.Webs {
		wv := WebView{ID: w.ID, Side: w.Side, Map: w.Map, Cast: w.Cast, Anchors: w.Anchors}
		for _, h := range w.Hexes {
			switch {
			case !h.PhasedOut:
				wv.Hexes = append(wv.Hexes, h.Hex)
			case side != "" && side == w.Side:
				wv.Ghosts = append(wv.Ghosts, h.Hex)
			}
		}
		if len(wv.Hexes)+len(wv.Ghosts) > 0 {
			out = append(out, wv)
		}
	}
	return out
}

// phaseView fills the phase space parts of a view for side: the storm,
// the webs, the courses revealed this turn, and on the side's own ghosts
// their recorded course (IP8.32, IP8.337).
func (s *State) phaseView(v *View, side SideID) {
	v.Storm = s.stormView()
	v.Webs = s.webViews(side)
	for _, t := range s.Phase.Revealed {
		v.PhaseIns = append(v.PhaseIns, *t.clone())
	}
	if side == "" {
		return
	}
	for i := range v.Units {
		uv := &v.Units[i]
		if !uv.Ghost {
			continue
		}
		if u := s.Unit(uv.ID); u != nil && u.Phase != nil {
			uv.Phase = u.Phase.clone()
		}
	}
}
