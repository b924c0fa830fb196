package rules

import (
	"strings"
	"testing"
)

// X4.DAC.T: the chart exactly as the seed prints it.
func TestDACTableMatchesSeed(t *testing.T) {
	seed := [6]string{
		"1 -> brdg FHULL CWARP lab PHAS ahull crew IMP *warp apr DRN btty",
		"2 <- flag FHULL cwarp LAB phas ahull crew imp *WARP APR drn BTTY",
		"3 -> emer AHULL LWARP shtl *WPN fhull sen imp rwarp TRAN *wpn BTTY",
		"4 <- damc AHULL lwarp SHTL *wpn fhull sen IMP RWARP tran *WPN btty",
		"5 -> damc *HULL RWARP trac PHAS *hull scan APR lwarp shtl torp CARGO",
		"6 <- aux *HULL rwarp TRAC phas *hull scan apr LWARP TRAN TORP cargo",
	}
	for i, line := range seed {
		f := strings.Fields(line)
		row := dacTable[i]
		wantStep := map[string]int{"->": 1, "<-": -1}[f[1]]
		if row.Step != wantStep {
			t.Errorf("X4.DAC.T row %d direction %d, want %s", i+1, row.Step, f[1])
		}
		for c := 0; c < 12; c++ {
			e := row.Cells[c]
			if e.Token != f[c+2] {
				t.Errorf("X4.DAC.T row %d column %d = %s, want %s", i+1, c+1, e.Token, f[c+2])
			}
			name := strings.TrimPrefix(f[c+2], "*")
			// X4.DAC.1: upper case is the whole system, lower case one hit.
			if e.Whole != (strings.ToUpper(name) == name) {
				t.Errorf("X4.DAC.1 row %d column %d whole=%v", i+1, c+1, e.Whole)
			}
			if strings.HasPrefix(f[c+2], "*") && len(e.Systems) < 2 {
				t.Errorf("X4.DAC.1 row %d column %d: * must mean any of several systems", i+1, c+1)
			}
		}
	}
}

// scripted returns a die function that yields faces in order and records
// what was rolled.
func scripted(t *testing.T, faces ...int) (dieFunc, *[]string) {
	var log []string
	i := 0
	return func(d Dice, clause, what string) int {
		if i >= len(faces) {
			t.Fatalf("ran out of scripted faces at roll %d (%s %s)", i+1, d, what)
		}
		f := faces[i]
		if f < 1 || f > d.Sides {
			t.Fatalf("scripted face %d for %s", f, d)
		}
		i++
		log = append(log, clause+" "+what)
		return f
	}, &log
}

type dacCase struct {
	name   string
	boxes  Boxes
	crew   [4]int
	points int
	faces  []int
	// want is the hits as "system" / "crew:kind" / "excess" per point.
	want      []string
	wantBoxes map[ShipSystem]int
	excess    int
}

func hitName(h dacHit) string {
	switch {
	case h.Excess:
		return "excess"
	case h.Crew:
		return "crew:" + h.CrewKind.String()
	}
	return h.System.String()
}

func runDAC(t *testing.T, cases []dacCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b, crew, excess := tc.boxes, tc.crew, 0
			roll, _ := scripted(t, tc.faces...)
			hits := allocateDAC(damageTrack{Boxes: &b, Crew: &crew, Excess: &excess}, tc.points, roll)
			var got []string
			for _, h := range hits {
				got = append(got, hitName(h))
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Fatalf("hits %v, want %v", got, tc.want)
			}
			for sys, n := range tc.wantBoxes {
				if b[sys] != n {
					t.Errorf("%s has %d boxes, want %d", sys, b[sys], n)
				}
			}
			if excess != tc.excess {
				t.Errorf("excess %d, want %d", excess, tc.excess)
			}
		})
	}
}

// all returns boxes with n boxes in every system.
func all(n int) Boxes {
	var b Boxes
	for i := range b {
		b[i] = n
	}
	return b
}

func without(b Boxes, systems ...ShipSystem) Boxes {
	for _, s := range systems {
		b[s] = 0
	}
	return b
}

// X4.DAC: 1d6 picks the row and its direction, 1d12 the column; X4.DAC.2
// wraps past 12 to 1 and past 1 to 12; X4.DAC.1 upper case takes every
// hit, lower case one per volley, * any system of the kind.
func TestDACRows(t *testing.T) {
	runDAC(t, []dacCase{
		{name: "X4.DAC/row1_col1_bridge", boxes: all(1), points: 1, faces: []int{1, 1},
			want: []string{"brdg"}, wantBoxes: map[ShipSystem]int{SysBridge: 0}},
		{name: "X4.DAC.2/row1_right_wraps_12_to_1", boxes: without(all(1), SysBattery), points: 1, faces: []int{1, 12},
			want: []string{"brdg"}},
		{name: "X4.DAC.2/row2_left_wraps_1_to_12", boxes: without(all(1), SysFlag), points: 1, faces: []int{2, 1},
			want: []string{"btty"}},
		{name: "X4.DAC.1/row1_lower_case_once_per_volley", boxes: all(2), points: 2, faces: []int{1, 1, 1, 1},
			want: []string{"brdg", "fhull"}, wantBoxes: map[ShipSystem]int{SysBridge: 1, SysForwardHull: 1}},
		{name: "X4.DAC.1/row1_upper_case_whole_system", boxes: all(3), points: 3, faces: []int{1, 2, 1, 2, 1, 2},
			want: []string{"fhull", "fhull", "fhull"}, wantBoxes: map[ShipSystem]int{SysForwardHull: 0}},
		{name: "X4.DAC.1/row1_any_warp_picks_intact", boxes: without(all(1), SysCenterWarp), points: 1, faces: []int{1, 9},
			want: []string{"lwarp"}},
		{name: "X4.DAC.3/row1_crew_subroll_boarding_party", boxes: all(1), crew: [4]int{1, 1, 1, 1}, points: 1,
			faces: []int{1, 7, 3}, want: []string{"crew:boarding-party"}},
		{name: "X4.DAC.3/row2_crew_subroll_passengers_none_moves_left", boxes: all(1), crew: [4]int{1, 1, 1, 0}, points: 1,
			faces: []int{2, 7, 6}, want: []string{"ahull"}},
		{name: "X4.DAC.3/crew_1_2_is_crew", boxes: all(1), crew: [4]int{5, 5, 5, 5}, points: 1,
			faces: []int{1, 7, 2}, want: []string{"crew:crew"}},
		{name: "X4.DAC.3/crew_4_is_boarding_party", boxes: all(1), crew: [4]int{5, 5, 5, 5}, points: 1,
			faces: []int{2, 7, 4}, want: []string{"crew:boarding-party"}},
		{name: "X4.DAC.3/crew_5_is_deck_crew", boxes: all(1), crew: [4]int{5, 5, 5, 5}, points: 1,
			faces: []int{1, 7, 5}, want: []string{"crew:deck-crew"}},
		{name: "X4.DAC.3/crew_6_is_passengers", boxes: all(1), crew: [4]int{5, 5, 5, 5}, points: 1,
			faces: []int{2, 7, 6}, want: []string{"crew:passenger"}},
		{name: "X4.DAC.1/crew_is_lower_case_once_per_volley", boxes: all(1), crew: [4]int{5, 5, 5, 5}, points: 2,
			faces: []int{1, 7, 1, 1, 7}, want: []string{"crew:crew", "imp"}},
		{name: "X4.DAC.2/row3_right_wraps", boxes: Boxes{SysEmergency: 1}, points: 1, faces: []int{3, 11},
			want: []string{"emer"}},
		{name: "X4.DAC.2/row4_left_wraps", boxes: Boxes{SysBattery: 1}, points: 1, faces: []int{4, 2},
			want: []string{"btty"}},
		{name: "X4.DAC.1/row4_any_weapon", boxes: Boxes{SysPhaser: 1}, points: 1, faces: []int{4, 5},
			want: []string{"phas"}},
		{name: "X4.DAC.2/row5_right_wraps_to_hull", boxes: Boxes{SysCenterHull: 1}, points: 1, faces: []int{5, 12},
			want: []string{"chull"}},
		{name: "X4.DAC.2/row6_left_wraps_to_cargo", boxes: Boxes{SysCargo: 2}, points: 1, faces: []int{6, 1},
			want: []string{"cargo"}},
		{name: "X4.DAC.1/row6_any_hull_order", boxes: Boxes{SysForwardHull: 1, SysAftHull: 1}, points: 2, faces: []int{6, 2, 6, 2},
			want: []string{"fhull", "ahull"}},
	})
}

// X4.DAC.4: all the way round the row to the first system hits it again
// (ignoring the one-hit limit), then the next point is one excess damage,
// and the point after that rolls a new location.
func TestDACAllTheWayRound(t *testing.T) {
	runDAC(t, []dacCase{
		{name: "X4.DAC.4/row1_empty_ship_scores_excess", boxes: Boxes{}, points: 1, faces: []int{1, 5},
			want: []string{"excess"}, excess: 1},
		{name: "X4.DAC.4/row2_round_then_next_point_excess", boxes: Boxes{}, points: 2, faces: []int{2, 3},
			want: []string{"excess", "excess"}, excess: 2},
		{name: "X4.DAC.4/row3_round_then_excess_then_new_roll", boxes: Boxes{SysScanner: 1}, points: 3,
			faces: []int{3, 1, 5, 7}, want: []string{"excess", "excess", "scan"}, excess: 2},
		{name: "X4.DAC.4/row4_lower_case_hit_again", boxes: Boxes{SysDamageControl: 3}, points: 3,
			faces: []int{4, 1, 4, 1}, want: []string{"damc", "damc", "excess"},
			wantBoxes: map[ShipSystem]int{SysDamageControl: 1}, excess: 1},
		{name: "X4.DAC.4/row5_round_hits_original_again", boxes: Boxes{SysTractor: 3}, points: 4,
			faces: []int{5, 4, 5, 4, 6, 4}, want: []string{"trac", "trac", "excess", "trac"},
			wantBoxes: map[ShipSystem]int{SysTractor: 0}, excess: 1},
		{name: "X4.DAC.4/row6_round_wraps_left", boxes: Boxes{SysAuxiliary: 1}, points: 2, faces: []int{6, 1, 6, 1},
			want: []string{"aux", "excess"}, excess: 1},
	})
}

// A hit's log words name what it took as players read it, never the
// chart's codes ("R3 C6->C7 sen"): the rolls that chose the cell are in
// the log already.
func TestDACHitWords(t *testing.T) {
	tests := []struct {
		name string
		hit  dacHit
		want string
	}{
		{"a system", dacHit{Row: 3, Column: 6, Final: 7, System: SysSensor}, "sensor"},
		{"a warp engine", dacHit{Row: 4, Column: 3, Final: 3, System: SysLeftWarp}, "left warp engine"},
		{"crew", dacHit{Row: 1, Column: 7, Final: 7, Crew: true, CrewKind: BoardingParties}, "boarding party"},
		{"excess", dacHit{Excess: true, Around: true}, "excess damage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.hit.String(); got != tt.want {
				t.Errorf("%+v reads %q, want %q", tt.hit, got, tt.want)
			}
		})
	}
}
