package rules

import (
	"fmt"
	"strings"
)

// dacChart is the 3X/4X damage allocation chart exactly as the seed gives
// it (X4.DAC.T): row 1-6, the direction to move along the row, and the
// twelve columns. Upper case hits the whole system, lower case one box
// only per volley, "*" means any system of that kind (X4.DAC.1).
var dacChart = [6]string{
	"-> brdg FHULL CWARP lab PHAS ahull crew IMP *warp apr DRN btty",
	"<- flag FHULL cwarp LAB phas ahull crew imp *WARP APR drn BTTY",
	"-> emer AHULL LWARP shtl *WPN fhull sen imp rwarp TRAN *wpn BTTY",
	"<- damc AHULL lwarp SHTL *wpn fhull sen IMP RWARP tran *WPN btty",
	"-> damc *HULL RWARP trac PHAS *hull scan APR lwarp shtl torp CARGO",
	"<- aux *HULL rwarp TRAC phas *hull scan apr LWARP TRAN TORP cargo",
}

// dacEntry is one cell of the damage allocation chart.
type dacEntry struct {
	// Token is the cell as printed, e.g. "FHULL", "*wpn" or "crew".
	Token string
	// Systems lists the systems the cell may hit, in the order the rules
	// try them: one system, or every system of a kind for "*" cells.
	Systems []ShipSystem
	// Whole is set for upper-case cells: the cell may be hit again and
	// again while the system has boxes. Lower-case cells take one hit per
	// volley (X4.DAC.1).
	Whole bool
	// Crew is set for the "crew" cell, which rolls a sub-table (X4.DAC.3).
	Crew bool
}

// dacRow is one row of the chart: its direction and its twelve cells.
type dacRow struct {
	// Step is +1 for "->" (move right) and -1 for "<-" (move left).
	Step  int
	Cells [12]dacEntry
}

// dacTable is the parsed chart, rows 1-6 at indexes 0-5.
var dacTable = parseDAC()

// anySystems lists, for each "*" cell kind, the systems it may hit in
// the order the rules pick them (house decision, docs/RULES.md).
var anySystems = map[string][]ShipSystem{
	"hull": {SysCenterHull, SysForwardHull, SysAftHull},
	"warp": {SysCenterWarp, SysLeftWarp, SysRightWarp},
	"wpn":  {SysTorpedo, SysPhaser, SysDrone},
}

func parseDAC() [6]dacRow {
	var rows [6]dacRow
	for i, line := range dacChart {
		f := strings.Fields(line)
		if len(f) != 13 {
			panic(fmt.Sprintf("rules: DAC row %d has %d fields", i+1, len(f)))
		}
		switch f[0] {
		case "->":
			rows[i].Step = 1
		case "<-":
			rows[i].Step = -1
		default:
			panic("rules: DAC row direction " + f[0])
		}
		for c, tok := range f[1:] {
			rows[i].Cells[c] = parseDACEntry(tok)
		}
	}
	return rows
}

func parseDACEntry(tok string) dacEntry {
	e := dacEntry{Token: tok}
	name := tok
	if strings.HasPrefix(name, "*") {
		name = name[1:]
		e.Whole = strings.ToUpper(name) == name
		e.Systems = anySystems[strings.ToLower(name)]
		if e.Systems == nil {
			panic("rules: DAC any-cell " + tok)
		}
		return e
	}
	e.Whole = strings.ToUpper(name) == name
	if strings.ToLower(name) == "crew" {
		e.Crew = true
		return e
	}
	s, err := parseSystem(name)
	if err != nil {
		panic(err)
	}
	e.Systems = []ShipSystem{s}
	return e
}

// dacHit is what one point of damage did on the chart.
type dacHit struct {
	// Row and Column are where the point first landed (1-6, 1-12).
	Row    int `json:"row"`
	Column int `json:"column"`
	// Final is the column that took the point, after any moves along the row.
	Final int `json:"final"`
	// System is the system that lost a box, when Crew and Excess are unset.
	System ShipSystem `json:"system"`
	// Crew is set when the point killed a crew unit of kind CrewKind.
	Crew     bool     `json:"crew,omitempty"`
	CrewKind CrewKind `json:"crew_kind,omitempty"`
	// Excess is set when the point scored excess damage (X4.DAC.4).
	Excess bool `json:"excess,omitempty"`
	// Around is set when the point went all the way round the row.
	Around bool `json:"around,omitempty"`
}

// String describes the hit for the log in words, "sensor", "crew unit",
// "excess damage": the chart's row and column are in the log already,
// as the rolls that chose them.
func (h dacHit) String() string {
	switch {
	case h.Excess:
		return "excess damage"
	case h.Crew:
		return h.CrewKind.words()
	}
	return h.System.Words()
}

// dieFunc rolls one kind of dice for a reason and returns the total.
type dieFunc func(d Dice, clause, what string) int

// damageTrack is the part of a ship the chart acts on.
type damageTrack struct {
	Boxes  *Boxes
	Crew   *[4]int
	Excess *int
}

// allocateDAC scores points of internal damage from one volley on the
// chart (X4.DAC): per point, 1d6 picks the row and its direction, 1d12 the
// column. A cell that cannot take the point passes it along the row,
// wrapping past 1 to 12 and past 12 to 1 (X4.DAC.2). Going all the way
// round to the first cell hits that system again; if it has no box left
// the point becomes excess damage, and in either case the next point of
// the volley, if any, scores one excess damage before new locations are
// rolled (X4.DAC.4).
func allocateDAC(t damageTrack, points int, roll dieFunc) []dacHit {
	var hits []dacHit
	used := map[[2]int]bool{} // lower-case cells already hit this volley
	excessNext := false
	for p := 0; p < points; p++ {
		if excessNext {
			excessNext = false
			*t.Excess++
			hits = append(hits, dacHit{Excess: true, Around: true})
			continue
		}
		row := roll(D6, "X4.DAC", "damage row")
		col := roll(D12, "X4.DAC", "damage column")
		r := &dacTable[row-1]
		h := dacHit{Row: row, Column: col}
		c := col
		for {
			e := &r.Cells[c-1]
			if e.Whole || !used[[2]int{row, c}] {
				if ok := hitCell(t, e, &h, roll); ok {
					if !e.Whole {
						used[[2]int{row, c}] = true
					}
					h.Final = c
					break
				}
			}
			c = (c-1+r.Step+12)%12 + 1 // X4.DAC.2 wraparound
			if c == col {
				// X4.DAC.4: all the way round.
				h.Around, h.Final = true, c
				if !hitCell(t, &r.Cells[c-1], &h, roll) {
					*t.Excess++
					h.Excess = true
				}
				excessNext = true
				break
			}
		}
		hits = append(hits, h)
	}
	return hits
}

// hitCell lets cell e take one point if the ship has anything there.
func hitCell(t damageTrack, e *dacEntry, h *dacHit, roll dieFunc) bool {
	if e.Crew {
		if *t.Crew == [4]int{} {
			return false // nobody aboard: nothing to roll for
		}
		k := crewFromDie(roll(D6, "X4.DAC.3", "crew"))
		if t.Crew[k] == 0 {
			return false
		}
		t.Crew[k]--
		h.Crew, h.CrewKind = true, k
		return true
	}
	for _, s := range e.Systems {
		if t.Boxes[s] > 0 {
			t.Boxes[s]--
			h.System = s
			return true
		}
	}
	return false
}
