package rules

import (
	"reflect"
	"testing"
)

// TestDieTableRollsAsStateRoll checks that the initiative step's shared
// d12 table throws the same dice and writes the same events as State.Roll
// (X4.IMP.A rolls go through it).
func TestDieTableRollsAsStateRoll(t *testing.T) {
	a := newTestState(t, fleet(4)...)
	b := a.Clone()
	var dt dieTable
	for i := range 200 {
		unit := UnitID("u0000" + string(rune('0'+i%4)))
		side, what := SideID("blue"), "initiative "
		if i%3 == 0 {
			side, what = "", "initiative roll-off "
		}
		r1, e1 := a.Roll(D12, RollReason{Clause: "X4.IMP.A", Side: side, Unit: unit, What: what + string(unit)})
		r2, e2 := dt.roll(b, "X4.IMP.A", side, unit, what)
		if !reflect.DeepEqual(r1, *r2) || !reflect.DeepEqual(*e1.Roll, *e2.Roll) {
			t.Fatalf("roll %d: State.Roll %v, table %v", i, r1, *r2)
		}
		e1.Roll, e2.Roll = nil, nil
		if !reflect.DeepEqual(e1, e2) {
			t.Fatalf("roll %d: events differ:\n%+v\n%+v", i, e1, e2)
		}
	}
	if a.Hash() != b.Hash() {
		t.Fatal("the generators differ after the same rolls")
	}
}
