package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// A scenario's cosmic rift destinations as they come into play, for the
// author: each chart row's destination with its units placed by the
// row's DEFEND as the rules place them (rules.PlaceDefenders: the
// largest at DEFEND, the others round it, the terrain where the file
// has it), and the row's PORT, where arrivals appear. The preview pages
// through them (M) and hexrift render -destination draws one. Neither
// is a side's view of the game: no side of the origin sees a destination
// before its units find the rift, so a page is shown as the table sees
// it or as one of the destination's own sides does, never as an origin
// side.

// arrivalColour marks a destination's PORT: the rift's colour, lit.
var arrivalColour = render.DefaultPalette().Rift.Mix(render.RGBA{R: 1, G: 1, B: 1, A: 1}, 0.3)

// destinationPage is one chart row's destination as it comes into play.
type destinationPage struct {
	chart, row int    // 0-based, in the scenario's charts
	id, name   string // the destination scenario's id and name
	state      *rules.State
	port       rules.Hex
	defend     rules.Hex
	// lead is the largest defender, which stands at DEFEND.
	lead     rules.UnitID
	leadName string
	leadSide rules.SideID
	// detect is the origin's tactical intelligence range (IP4.28): a
	// defending side knows the rift at PORT once one of its units is this
	// near, as it comes into play.
	detect int
}

// portSeen reports whether the side of view v knows the rift's far end
// at PORT (the table and the author always do): one of its units in
// normal space is within the origin's detection range of it (IP4.28).
func (d *destinationPage) portSeen(v *rules.View) bool {
	if v.Viewer == "" {
		return true
	}
	for _, u := range v.UnitsOn(v.Maps[0].ID) {
		if u.Side == v.Viewer && u.Status == rules.StatusOnMap && !u.Ghost && u.Hex.Distance(d.port) <= d.detect {
			return true
		}
	}
	return false
}

// rollText writes a 2d6 roll range: "7" or "2-6".
func rollText(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return strconv.Itoa(lo) + "-" + strconv.Itoa(hi)
}

// number is the page's name on the command line: chart.row, 1-based.
func (d *destinationPage) number() string { return fmt.Sprintf("%d.%d", d.chart+1, d.row+1) }

// title says which row the page is, for the top bar.
func (d *destinationPage) title(sc *scenarios.Scenario) string {
	c := sc.RiftCharts[d.chart]
	r := c.Rows[d.row]
	return fmt.Sprintf("rift destination %s (chart %s, row %s): %s as it comes into play", d.number(), rollText(c.Lo, c.Hi), rollText(r.Lo, r.Hi), d.name)
}

// destinationPages returns a page for every chart row of sc whose
// destination loaded, in chart and row order.
func destinationPages(sc *scenarios.Scenario) ([]destinationPage, error) {
	var out []destinationPage
	for ci, c := range sc.RiftCharts {
		for ri, row := range c.Rows {
			var d *scenarios.Scenario
			for _, x := range sc.Destinations {
				if x.ID == row.Scenario {
					d = x
				}
			}
			if d == nil {
				continue // its problem is reported where the row names it
			}
			su := d.Setup()
			// Only the origin's charts, objectives and open rifts count.
			su.RiftCharts, su.Destinations, su.Objectives, su.OpenRifts = nil, nil, nil, nil
			units, main := rules.PlaceDefenders(su.Units, row.Defend)
			su.Units = units
			st, err := rules.NewState(su, 1)
			if err != nil {
				return nil, fmt.Errorf("rift destination %d.%d (%s): %w", ci+1, ri+1, d.ID, err)
			}
			p := destinationPage{chart: ci, row: ri, id: d.ID, name: d.Name, state: st, port: row.Port, defend: row.Defend, detect: sc.Ruleset.DetectRange()}
			if main >= 0 {
				u := units[main]
				p.lead, p.leadName, p.leadSide = u.ID, u.Name, u.Side
				if p.leadName == "" {
					p.leadName = string(u.ID)
				}
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// leadSeen reports whether view v shows the largest defender, which
// DEFEND marks: the table and the author see it; a side, when its view
// holds the unit.
func (d *destinationPage) leadSeen(v *rules.View) bool {
	if d.lead == "" {
		return false
	}
	if v.Viewer == "" {
		return true
	}
	for _, u := range v.UnitsOn(v.Maps[0].ID) {
		if u.ID == d.lead {
			return true
		}
	}
	return false
}

// marks returns the page's PORT and DEFEND hex marks, each only when the
// frame's viewer may see what it marks: the rift there, the unit there.
func (d *destinationPage) marks(r *render.MapRenderer, f *render.Frame) []render.HexMark {
	var out []render.HexMark
	if d.portSeen(f.View) {
		out = append(out, render.HexMark{Hex: d.port, Colour: arrivalColour, Label: "PORT · arrivals"})
	}
	if d.leadSeen(f.View) {
		out = append(out, render.HexMark{Hex: d.defend, Colour: r.SideColour(f, d.leadSide), Label: "DEFEND · " + d.leadName})
	}
	return out
}

// findPage returns the page spec names: chart.row ("1.2"), or a
// destination's id, its first row.
func findPage(pages []destinationPage, spec string) (*destinationPage, error) {
	for i := range pages {
		if pages[i].number() == spec {
			return &pages[i], nil
		}
	}
	for i := range pages {
		if pages[i].id == spec {
			return &pages[i], nil
		}
	}
	if len(pages) == 0 {
		return nil, fmt.Errorf("-destination %q: the scenario has no rift chart row with a destination", spec)
	}
	var rows []string
	for _, p := range pages {
		rows = append(rows, p.number()+" "+p.id)
	}
	return nil, fmt.Errorf("-destination %q: no such chart row or destination; the rows are %s", spec, strings.Join(rows, ", "))
}

// pins returns the pins of the problems of the page's chart row's PORT
// and DEFEND (rift_charts[c].rows[r].port, .defend), at those hexes.
func (d *destinationPage) pins(ps scenarios.Problems) []pin {
	row := fmt.Sprintf("rift_charts[%d].rows[%d].", d.chart, d.row)
	var out []pin
	for i, pr := range ps {
		switch pr.Path {
		case row + "port":
			out = append(out, pin{problem: i, hex: d.port})
		case row + "defend":
			out = append(out, pin{problem: i, hex: d.defend})
		}
	}
	return out
}
