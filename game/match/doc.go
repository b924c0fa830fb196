// Package match is a game without a window: the session (scenario, seed,
// seats and the command history), the controllers that play a seat
// (person, computer, replay), saves and autosaves, replay and branching,
// the debrief, the headless simulations and match tables, the settings and
// the in-game rule notes. It imports no Ebitengine and no render package,
// so its tests run with no display.
package match
