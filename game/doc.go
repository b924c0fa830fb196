// Package game is the window and its screens: the menu, the new-game,
// load, settings and keys screens, the play scene with its order panels,
// the curtain between players, the recap, the end of a game, the
// scenario preview and play by file (pbemfiles.go, pbemscene.go), and
// the window's own plumbing: the player's settings and the smallest
// window the screens are laid out for (settings.go), the watch of the
// previewed scenario file (filewatch.go) and the sweep of the game's
// folders at start (temporaries.go). It holds no rule logic and no game
// of its own: the game is a
// match.Session, or a game played by file (game/pbem), and the screens
// show it through the rules' per-side views.
//
// Data flows one way:
//
//	input -> intent -> panel -> command -> match -> rules -> events -> view -> draw
//
// Where each step lives:
//
//   - input.go reads the keyboard and mouse into an Input, watching the
//     keys of every scene's KeyMap (intent.go); a scene reads intents from
//     its map, never key codes, and the F1 help is written from the maps.
//   - The order panels (orders*.go) receive the tick's intents and an
//     orderDesk, their side's match.Desk: they build a command and leave it
//     on the desk; the play scene (play.go) submits it to the session.
//   - At the table of a game by file (pbemscene.go) the same panels leave
//     their command and plotted orders on a desk over the game's state;
//     game/pbem seals them in the side's next turn file, and every
//     machine plays the stretch from the opened orders.
//   - The session applies it through rules.Apply; its events and the
//     viewer's rules.View are drawn by the map scene (mapscene.go, hud.go)
//     through the render package.
package game
