// Package testrand is the seeded random source of the game's tests of
// play by file: SHA-256 in counter mode over a seed, the same bytes on
// every run, so that a test game draws the same keys, nonces and dice
// wherever it is played (game/pbem's tests and the window's). Being
// internal, it is no part of any package's public API.
package testrand
