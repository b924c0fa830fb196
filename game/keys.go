package game

// This file holds the keys of every screen: one KeyMap each (key ->
// intent -> help), the defaults of a first start. Settings > Keys
// rebinds them (KeyMaps.Rebind); nothing else in the game names a key.

import (
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
)

// defaultKeyMaps are the bindings of a first start, one map per screen
// (each written below).
var defaultKeyMaps = []KeyMap{menuKeys, mapKeys, playKeys, orderKeys, curtainKeys, recapKeys, pauseKeys, setupKeys, loadKeys, settingsKeys, keysKeys, previewKeys, pbemKeys}

// DefaultKeyMaps returns a fresh copy of the bindings of a first start.
func DefaultKeyMaps() KeyMaps {
	ks := KeyMaps{}
	for _, m := range defaultKeyMaps {
		c := KeyMap{Scene: m.Scene}
		for _, b := range m.Bindings {
			b.Keys = slices.Clone(b.Keys)
			c.Bindings = append(c.Bindings, b)
		}
		ks[m.Scene] = c
	}
	return ks
}

// The intents of the menu-like screens and the game menu.
const (
	intentBack   Intent = "back"
	intentStart  Intent = "start"
	intentResume Intent = "resume"
)

// The key maps of the screens with no more than a way back (and a start).
var (
	pauseKeys = KeyMap{Scene: "pause", Bindings: []Binding{
		{intentResume, []ebiten.Key{ebiten.KeyEscape}, "back to the game"},
	}}
	setupKeys = KeyMap{Scene: "setup", Bindings: []Binding{
		{intentBack, []ebiten.Key{ebiten.KeyEscape}, "back to the main menu"},
		{intentStart, []ebiten.Key{ebiten.KeyEnter}, "start the game"},
	}}
	loadKeys = KeyMap{Scene: "load", Bindings: []Binding{
		{intentBack, []ebiten.Key{ebiten.KeyEscape}, "back to the main menu"},
	}}
	settingsKeys = KeyMap{Scene: "settings", Bindings: []Binding{
		{intentBack, []ebiten.Key{ebiten.KeyEscape}, "save the settings and go back"},
	}}
)

// The main menu's intents.
const (
	intentContinue Intent = "continue"
	intentNewGame  Intent = "new-game"
	intentDrills   Intent = "drills"
	intentLoad     Intent = "load"
	intentByFile   Intent = "by-file"
	intentSettings Intent = "settings"
	intentQuit     Intent = "quit"
)

// menuKeys is the main menu's key map: one key per button (shown on it).
var menuKeys = KeyMap{Scene: "menu", Bindings: []Binding{
	{intentContinue, []ebiten.Key{ebiten.KeyC}, "continue the latest autosave"},
	{intentNewGame, []ebiten.Key{ebiten.KeyN}, "new game"},
	{intentDrills, []ebiten.Key{ebiten.KeyP}, "practice drills"},
	{intentLoad, []ebiten.Key{ebiten.KeyL}, "load a game"},
	{intentByFile, []ebiten.Key{ebiten.KeyF}, "play by file: your games by file, turn files, a new game"},
	{intentSettings, []ebiten.Key{ebiten.KeyS}, "settings"},
	{intentQuit, []ebiten.Key{ebiten.KeyQ, ebiten.KeyEscape}, "quit"},
}}

// The map's intents.
const (
	intentPanLeft   Intent = "pan-left"
	intentPanRight  Intent = "pan-right"
	intentPanUp     Intent = "pan-up"
	intentPanDown   Intent = "pan-down"
	intentPanFast   Intent = "pan-fast"
	intentZoomIn    Intent = "zoom-in"
	intentZoomOut   Intent = "zoom-out"
	intentRecentre  Intent = "recentre"
	intentHelp      Intent = "help"
	intentCloseHelp Intent = "close-help"
)

// mapKeys is the key map of every map on screen.
var mapKeys = KeyMap{Scene: "map", Bindings: []Binding{
	{intentPanLeft, []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyA}, "pan left"},
	{intentPanRight, []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeyD}, "pan right"},
	{intentPanUp, []ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyW}, "pan up"},
	{intentPanDown, []ebiten.Key{ebiten.KeyArrowDown, ebiten.KeyS}, "pan down"},
	{intentPanFast, []ebiten.Key{ebiten.KeyShift}, "hold to pan faster"},
	{intentZoomIn, []ebiten.Key{ebiten.KeyEqual, ebiten.KeyKPAdd}, "zoom in around the screen centre"},
	{intentZoomOut, []ebiten.Key{ebiten.KeyMinus, ebiten.KeyKPSubtract}, "zoom out around the screen centre"},
	{intentRecentre, []ebiten.Key{ebiten.KeyHome}, "recentre on the scenario's map centre"},
	{intentHelp, []ebiten.Key{ebiten.KeyF1}, "show or hide this help"},
	{intentCloseHelp, []ebiten.Key{ebiten.KeyEscape}, "close this help"},
}}

// The play scene's intents.
const (
	intentRecap   Intent = "recap"
	intentNextMap Intent = "next-map"
	intentPause   Intent = "pause"
	// The watching intents: orders and computers playing out.
	intentWatchPause  Intent = "watch-pause"
	intentWatchStep   Intent = "watch-step"
	intentWatchFaster Intent = "watch-faster"
	intentWatchSlower Intent = "watch-slower"
)

// playKeys is the play scene's key map; the order panels have theirs
// (orderKeys) and the map its own (mapKeys).
var playKeys = KeyMap{Scene: "play", Bindings: []Binding{
	{intentRecap, []ebiten.Key{ebiten.KeyR}, "replay what happened since your last turn"},
	{intentNextMap, []ebiten.Key{ebiten.KeyM}, "next map (or its tab), once a cosmic rift opened another"},
	{intentPause, []ebiten.Key{ebiten.KeyEscape}, "game menu: save, settings, main menu"},
	{intentWatchPause, []ebiten.Key{ebiten.KeyP}, "watching orders play out: pause or play on"},
	{intentWatchStep, []ebiten.Key{ebiten.KeyPeriod}, "watching: pause and play the next order"},
	{intentWatchFaster, []ebiten.Key{ebiten.KeyBracketRight}, "watching: faster"},
	{intentWatchSlower, []ebiten.Key{ebiten.KeyBracketLeft}, "watching: slower"},
}}

// pbemKeys is the key map of a game played by file at the table; the
// order panels have theirs (orderKeys) and the map its own (mapKeys).
var pbemKeys = KeyMap{Scene: "pbem", Bindings: []Binding{
	{intentBack, []ebiten.Key{ebiten.KeyEscape}, "back to the games by file (nothing is sent)"},
	{intentRecap, []ebiten.Key{ebiten.KeyR}, "replay on the map what happened since you last looked"},
	{intentOpenArrival, []ebiten.Key{ebiten.KeyO}, "open the other side's turn file that arrived while the table waited"},
	{intentClaim, []ebiten.Key{ebiten.KeyK}, "claim the game from a side that has not answered (asks first: it ends the game, that side forfeiting it)"},
}}

// intentOpenArrival opens, at a table that waits, the turn file of the
// game that arrived in the folders the window looks at.
const intentOpenArrival Intent = "open-arrival"

// intentClaim asks, at a table that waits for another side, whether to
// claim the game from it (pbem.Seat.Claim).
const intentClaim Intent = "claim"

// The order panels' intents.
const (
	intentCommit    Intent = "commit"
	intentForward   Intent = "forward"
	intentTurnLeft  Intent = "turn-left"
	intentTurnRight Intent = "turn-right"
	intentSlipLeft  Intent = "slip-left"
	intentSlipRight Intent = "slip-right"
	intentUndoStep  Intent = "undo-step"
	intentNextShip  Intent = "next-ship"
)

// orderKeys is the order panels' key map.
var orderKeys = KeyMap{Scene: "orders", Bindings: []Binding{
	{intentCommit, []ebiten.Key{ebiten.KeyEnter}, "commit the orders in the panel"},
	{intentForward, []ebiten.Key{ebiten.KeySpace}, "move: one hex forward"},
	{intentTurnLeft, []ebiten.Key{ebiten.KeyQ}, "move: turn left"},
	{intentTurnRight, []ebiten.Key{ebiten.KeyE}, "move: turn right"},
	{intentSlipLeft, []ebiten.Key{ebiten.KeyZ}, "move: slip left"},
	{intentSlipRight, []ebiten.Key{ebiten.KeyC}, "move: slip right"},
	{intentUndoStep, []ebiten.Key{ebiten.KeyBackspace}, "take back the last step of a planned move"},
	{intentNextShip, []ebiten.Key{ebiten.KeyTab}, "next ship that can fire"},
}}

// intentConfirm lifts the curtain.
const intentConfirm Intent = "confirm"

// curtainKeys is the curtain's key map.
var curtainKeys = KeyMap{Scene: "curtain", Bindings: []Binding{
	{intentConfirm, []ebiten.Key{ebiten.KeyEnter, ebiten.KeySpace}, "I am the next player: show my screen"},
}}

// The recap's intents.
const (
	intentCloseRecap Intent = "close"
	intentNextFrame  Intent = "next"
	intentPrevFrame  Intent = "back"
)

// recapKeys is the recap's key map.
var recapKeys = KeyMap{Scene: "recap", Bindings: []Binding{
	{intentCloseRecap, []ebiten.Key{ebiten.KeyEscape, ebiten.KeyR, ebiten.KeyEnter}, "back to the game"},
	{intentNextFrame, []ebiten.Key{ebiten.KeyArrowRight, ebiten.KeySpace, ebiten.KeyD}, "next impulse"},
	{intentPrevFrame, []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyBackspace, ebiten.KeyA}, "previous impulse"},
}}

// The preview's intents, one per action.
const (
	intentRing50     Intent = "ring-50"
	intentRing150    Intent = "ring-150"
	intentRing300    Intent = "ring-300"
	intentRingAnchor Intent = "ring-anchor"
	intentStorm      Intent = "storm"
	intentPhase      Intent = "phase"
	intentSystems    Intent = "systems"
	intentNextViewer Intent = "next-viewer"
	intentNextIssue  Intent = "next-problem"
	intentNextPage   Intent = "next-destination"
)

// previewKeys is the preview's key map (the map's own keys work too).
var previewKeys = KeyMap{Scene: "preview", Bindings: []Binding{
	{intentRing50, []ebiten.Key{ebiten.KeyDigit1}, "50-hex rings (IP4.233)"},
	{intentRing150, []ebiten.Key{ebiten.KeyDigit2}, "150-hex rings (IP4.31)"},
	{intentRing300, []ebiten.Key{ebiten.KeyDigit3}, "300-hex rings (IP4.29)"},
	{intentRingAnchor, []ebiten.Key{ebiten.KeyF}, "rings around the pointer or each point feature"},
	{intentStorm, []ebiten.Key{ebiten.KeyDigit4}, "phase storm reach around the map centre"},
	{intentPhase, []ebiten.Key{ebiten.KeyDigit5}, "outline phase regions"},
	{intentSystems, []ebiten.Key{ebiten.KeyDigit6}, "outline systems"},
	{intentNextViewer, []ebiten.Key{ebiten.KeyV}, "view as each side in turn, then the table"},
	{intentNextIssue, []ebiten.Key{ebiten.KeyN}, "centre the map on the next problem (or click it)"},
	{intentNextPage, []ebiten.Key{ebiten.KeyM}, "each rift chart row's destination as it comes into play, then the scenario's own map"},
	{intentQuit, []ebiten.Key{ebiten.KeyEscape}, "close the preview"},
}}

// keysKeys is the keys screen's own key map. Esc also cancels a binding
// being made, so it cannot be given to another intent here.
var keysKeys = KeyMap{Scene: "keys", Bindings: []Binding{
	{intentBack, []ebiten.Key{ebiten.KeyEscape}, "back to the settings"},
}}
