// Package match is a game without a window: the session (scenario, seed,
// seats and the command history), the controllers that play a seat
// (person, computer, replay) and PlayUntil, the one loop of a game the
// computer plays, saves and autosaves, replay and branching, the
// debrief, a headless simulation (Simulate), where the game keeps its
// files (Paths) and the in-game rule notes. The tournaments of the
// computer levels are game/tourney's; the window's settings are the
// window's (package game). It imports no Ebitengine and no render
// package, so its tests run with no display.
package match
