// Package rules is the deterministic rules engine of hexrift.
//
// It holds the game state (units, terrain, the clock and the seeded dice
// generator), the hex geometry the state is expressed in, and the per-seat
// views through which everything else reads the state. It imports no
// graphics, no clock and no global random source: the same scenario, seed
// and commands always give the same state and the same State.Hash.
//
// Hex coordinates are axial (Q, R) on a flat-topped grid with direction A
// pointing to the top of the screen and B-F following clockwise, as in the
// tactical games the rules come from.
package rules
