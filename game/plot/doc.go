// Package plot is the moderator of plotted turns: a side writes its
// orders for the whole turn once (a course and a fire order per ship,
// standing policies for the rest) and sets the break conditions on which
// it wants to be asked again; between breaks its orders answer for it.
//
// It is the model of the Star Fleet Battles play-by-mail turn (energy
// forms, revealed speeds, standing orders with break conditions,
// re-plotting from a break) run by the machine instead of a human
// moderator. An Executor emits the same rules.Commands a person would,
// chosen among what the rules offer, so saves, replays and state hashes
// are those of any game. Everything is judged on the side's own view,
// its own log and the oracle of its own desk: a break never fires on
// what the side may not see, and a course on a unit its log shows
// destroyed goes on to the nearest enemy in sight.
//
// The package needs no window: the play scene, the hot-seat simulation
// (hexrift sim -hotseat) and the computer players use it alike.
package plot
