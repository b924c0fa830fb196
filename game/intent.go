package game

import (
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
)

// Intent is what a person means by a key: "open the new-game screen",
// "quit". A scene switches on intents, never on key codes.
type Intent string

// Binding ties an intent to the keys that mean it and the help text that
// explains it.
type Binding struct {
	Intent Intent
	Keys   []ebiten.Key
	Help   string
}

// KeyMap is one scene's bindings, in the order its help lists them. It is
// the only place a scene's keys are written: the keys the input watches,
// the keys shown on buttons and the F1 help all come from it.
type KeyMap []Binding

// Fired reports whether a key of intent was pressed this tick.
func (m KeyMap) Fired(in *Input, intent Intent) bool {
	for _, b := range m {
		if b.Intent != intent {
			continue
		}
		for _, k := range b.Keys {
			if in.Pressed[k] {
				return true
			}
		}
	}
	return false
}

// Key returns the first key of intent, and whether it has one.
func (m KeyMap) Key(intent Intent) (ebiten.Key, bool) {
	for _, b := range m {
		if b.Intent == intent && len(b.Keys) > 0 {
			return b.Keys[0], true
		}
	}
	return 0, false
}

// Keys lists every key the map binds.
func (m KeyMap) Keys() []ebiten.Key {
	var out []ebiten.Key
	for _, b := range m {
		for _, k := range b.Keys {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// Help lists (keys, help) for each binding that has help text.
func (m KeyMap) Help() [][2]string {
	var out [][2]string
	for _, b := range m {
		if b.Help == "" {
			continue
		}
		names := ""
		for i, k := range b.Keys {
			if i > 0 {
				names += ", "
			}
			names += k.String()
		}
		out = append(out, [2]string{names, b.Help})
	}
	return out
}

// keyMaps are the key maps of the scenes that have one; the input
// watches every key they bind.
var keyMaps = []KeyMap{menuKeys}

// unmappedKeys are the keys of the scenes that still read key codes
// themselves (the map, the play scene and its panels, the other menus).
var unmappedKeys = []ebiten.Key{
	ebiten.KeyArrowLeft, ebiten.KeyArrowRight, ebiten.KeyArrowUp, ebiten.KeyArrowDown,
	ebiten.KeyW, ebiten.KeyA, ebiten.KeyS, ebiten.KeyD,
	ebiten.KeyEqual, ebiten.KeyMinus, ebiten.KeyKPAdd, ebiten.KeyKPSubtract,
	ebiten.KeyHome, ebiten.KeyF1, ebiten.KeyEscape, ebiten.KeyShift, ebiten.KeyShiftLeft, ebiten.KeyShiftRight,
	ebiten.KeyEnter, ebiten.KeySpace, ebiten.KeyBackspace, ebiten.KeyQ, ebiten.KeyE, ebiten.KeyZ, ebiten.KeyC,
	ebiten.KeyTab, ebiten.KeyN, ebiten.KeyL, ebiten.KeyR, ebiten.KeyM,
}

// watchedKeys are the keys the input reads each tick: every key of every
// key map, and the keys of the scenes that have none yet.
var watchedKeys = func() []ebiten.Key {
	out := slices.Clone(unmappedKeys)
	for _, m := range keyMaps {
		for _, k := range m.Keys() {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}()
