// Package tourney measures the computer players against each other with
// no window: head-to-head matches of two levels over many seeds with the
// sides swapped (PlayMatch), the win-rate table of every level pair that
// hexrift sim -table writes as docs/AI.md (PlayTable, played in parts
// and resumed from its progress lines), the table of the levels through
// plotted orders (OrdersTable) and the count of a hot-seat turn's
// handoffs, docs/HOTSEAT.md (SimulateHotseat). Its games are sessions of
// game/match played by PlayUntil; docs/AI.md's prose on how the levels
// play is docs/AI.md's own (package docs).
package tourney
