package plot

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/rules"
)

// TestOrdersCheck: orders the executor cannot carry out are refused by
// name before they are played (orders read from another machine's file
// are), and the orders the computer plans pass.
func TestOrdersCheck(t *testing.T) {
	good := func() *Orders {
		return &Orders{Side: "red", Turn: 1, Evasion: Standard, Repair: Standard, Activity: Standard, Ships: []Ship{
			{Unit: "a", Course: Course{Kind: Waypoints, Hexes: []rules.Hex{{Q: 1}, {Q: 2}}, Reached: Progress{Before: 1, Now: 2}}},
			{Unit: "b", Course: Course{Kind: Range, Unit: "x", Range: 4}, Fire: Fire{MinSixths: 3, HoldMounts: []int{1}, HoldUntil: 5}, Maneuver: &Maneuver{Impulse: 3, Op: rules.OpHET, Facing: rules.DirC}},
		}}
	}
	require.NoError(t, good().Check())
	tests := []struct {
		name   string
		change func(o *Orders)
		why    string
	}{
		{"no unit", func(o *Orders) { o.Ships[0].Unit = "" }, "ship 1 has no unit"},
		{"a ship twice", func(o *Orders) { o.Ships[1].Unit = "a" }, "a has two orders"},
		{"no course", func(o *Orders) { o.Ships[0].Course.Kind = "teleport" }, `a's course "teleport" is no course`},
		{"progress before the start", func(o *Orders) { o.Ships[0].Course.Reached.Now = -1 }, "a's course has flown through 1 and -1 of its 2 waypoints"},
		{"progress past the end", func(o *Orders) { o.Ships[0].Course.Reached.Before = 3 }, "a's course has flown through 3 and 2 of its 2 waypoints"},
		{"a negative range", func(o *Orders) { o.Ships[1].Course.Range = -1 }, "b's course keeps a range of -1 hexes"},
		{"seven sixths", func(o *Orders) { o.Ships[1].Fire.MinSixths = 7 }, "b's fire order asks a chance of 7 sixths"},
		{"held until a negative impulse", func(o *Orders) { o.Ships[1].Fire.HoldUntil = -2 }, "b's fire order holds 1 weapons until impulse -2"},
		{"a maneuver of no kind", func(o *Orders) { o.Ships[1].Maneuver.Op = rules.OpForward }, `b's maneuver "forward" at impulse 3`},
		{"a policy of no kind", func(o *Orders) { o.Repair = "pray" }, `policy "pray" is none of the orders'`},
		{"a break at minus a hex", func(o *Orders) { o.Breaks.EnemyWithin = -1 }, "a break at -1 or 0 hexes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := good()
			tc.change(o)
			require.ErrorContains(t, o.Check(), "plot: "+tc.why)
		})
	}
}
