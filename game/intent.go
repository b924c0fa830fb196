package game

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// Intent is what a person means by a key: "open the new-game screen",
// "turn left". Scenes and order panels switch on intents, never on key
// codes.
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
type KeyMap struct {
	Scene    string
	Bindings []Binding
}

// Fired reports whether a key of intent was pressed this tick.
func (m KeyMap) Fired(in *Input, intent Intent) bool { return m.any(in.Pressed, intent) }

// Held reports whether a key of intent is held down.
func (m KeyMap) Held(in *Input, intent Intent) bool { return m.any(in.Held, intent) }

func (m KeyMap) any(keys map[ebiten.Key]bool, intent Intent) bool {
	for _, b := range m.Bindings {
		if b.Intent != intent {
			continue
		}
		for _, k := range b.Keys {
			if keys[k] {
				return true
			}
		}
	}
	return false
}

// Read returns the intents whose keys were pressed this tick.
func (m KeyMap) Read(in *Input) Intents {
	var out Intents
	for _, b := range m.Bindings {
		if m.Fired(in, b.Intent) {
			out = append(out, b.Intent)
		}
	}
	return out
}

// Key returns the first key of intent, and whether it has one.
func (m KeyMap) Key(intent Intent) (ebiten.Key, bool) {
	for _, b := range m.Bindings {
		if b.Intent == intent && len(b.Keys) > 0 {
			return b.Keys[0], true
		}
	}
	return 0, false
}

// Keys lists every key the map binds.
func (m KeyMap) Keys() []ebiten.Key {
	var out []ebiten.Key
	for _, b := range m.Bindings {
		for _, k := range b.Keys {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// Help lists (keys, help) for each binding, for the F1 help.
func (m KeyMap) Help() [][2]string {
	var out [][2]string
	for _, b := range m.Bindings {
		names := make([]string, len(b.Keys))
		for i, k := range b.Keys {
			names[i] = keyName(k)
		}
		out = append(out, [2]string{strings.Join(names, ", "), b.Help})
	}
	return out
}

// label is a button's text followed by the key of its intent.
func (m KeyMap) label(text string, intent Intent) string {
	if k, ok := m.Key(intent); ok {
		return text + "   " + keyName(k)
	}
	return text
}

// keyName is a key as people write it.
func keyName(k ebiten.Key) string {
	switch k {
	case ebiten.KeyEqual:
		return "+"
	case ebiten.KeyMinus:
		return "-"
	case ebiten.KeyKPAdd:
		return "Keypad +"
	case ebiten.KeyKPSubtract:
		return "Keypad -"
	case ebiten.KeyArrowLeft:
		return "Left"
	case ebiten.KeyArrowRight:
		return "Right"
	case ebiten.KeyArrowUp:
		return "Up"
	case ebiten.KeyArrowDown:
		return "Down"
	case ebiten.KeyPeriod:
		return "."
	case ebiten.KeyBracketLeft:
		return "["
	case ebiten.KeyBracketRight:
		return "]"
	}
	return k.String()
}

// Intents are the intents of one tick.
type Intents []Intent

// Has reports whether intent is among them.
func (is Intents) Has(intent Intent) bool { return slices.Contains(is, intent) }

// KeyMaps are the key maps of every scene, by scene name.
type KeyMaps map[string]KeyMap

// Watched lists every key of every map, in key order: the keys the input
// reads each tick.
func (ks KeyMaps) Watched() []ebiten.Key {
	var out []ebiten.Key
	for _, m := range ks {
		for _, k := range m.Keys() {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	slices.Sort(out)
	return out
}

// Rebind sets the keys of the intents named in keys ("scene.intent" ->
// key names, as the settings file stores them). It refuses unknown
// scenes, intents and key names, and a key that would mean two intents
// in one scene; on error ks is unchanged.
func (ks KeyMaps) Rebind(keys map[string][]string) error {
	next := KeyMaps{}
	for name, m := range ks {
		c := KeyMap{Scene: name, Bindings: slices.Clone(m.Bindings)}
		next[name] = c
	}
	for _, n := range slices.Sorted(maps.Keys(keys)) {
		scene, intent, ok := strings.Cut(n, ".")
		m, known := next[scene]
		if !ok || !known {
			return fmt.Errorf("game: keys: %q names no scene (want scene.intent)", n)
		}
		i := slices.IndexFunc(m.Bindings, func(b Binding) bool { return b.Intent == Intent(intent) })
		if i < 0 {
			return fmt.Errorf("game: keys: %q: the %s screen has no intent %q", n, scene, intent)
		}
		var bound []ebiten.Key
		for _, kn := range keys[n] {
			var k ebiten.Key
			if err := k.UnmarshalText([]byte(kn)); err != nil {
				return fmt.Errorf("game: keys: %q: no key is called %q", n, kn)
			}
			bound = append(bound, k)
		}
		if len(bound) == 0 {
			return fmt.Errorf("game: keys: %q: no key given", n)
		}
		m.Bindings[i].Keys = bound
	}
	for _, scene := range slices.Sorted(maps.Keys(next)) {
		seen := map[ebiten.Key]Intent{}
		for _, b := range next[scene].Bindings {
			for _, k := range b.Keys {
				if other, ok := seen[k]; ok && other != b.Intent {
					return fmt.Errorf("game: keys: on the %s screen %s would mean both %s and %s", scene, keyName(k), other, b.Intent)
				}
				seen[k] = b.Intent
			}
		}
	}
	for n, m := range next {
		ks[n] = m
	}
	return nil
}

// keyNames writes keys as the settings file stores them.
func keyNames(keys []ebiten.Key) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k.String()
	}
	return out
}
