// Package ai holds hexrift's computer players at three levels: easy,
// normal and hard.
//
// A player sees the game the way a person at its seat would: through its
// own side's *rules.View and the commands the rules offer it. It never
// gets the rules state. To weigh candidate commands it may ask an Oracle,
// a read-only service the game layer provides for the player's own side
// only (see Oracle; game/match's Desk is the one it is given). Everything a player does is decided by the view, the
// oracle's answers and its own random generator, seeded from the game
// seed and its side; its thinking is bounded by a budget of search steps
// (candidate evaluations), never by the clock. The same game therefore
// always gets the same moves, on any machine.
package ai
