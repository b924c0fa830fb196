// Package cli is the hexrift command: its table of subcommands, their
// dispatch and usage (cli.go), the helpers they share (args.go) and one
// file a subcommand: the window's menu and play (window.go), preview,
// check, render, sim (with its hot-seat count and computer matches),
// bench, replay, pbem, scenarios and version. Run is its whole API;
// package main only hands it the arguments and the version.
//
// Every command writes to the writers Run was given, never to a
// package-level one. It may import the window (package game, through its
// exported API, and Ebitengine to open the window), game/match,
// game/tourney, game/pbem/pbemcli, render, rules and scenarios; nothing
// imports it but package main.
package cli
