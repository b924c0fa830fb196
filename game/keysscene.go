package game

import (
	"maps"
	"strings"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/render"
)

// keyEntry is one row of the keys screen: an intent of one screen.
type keyEntry struct {
	scene  string
	intent Intent
	help   string
}

// KeysScene rebinds keys: every intent of every screen in one list; pick
// one and press the key that is to mean it. Each change is checked
// (Rebind), saved with the settings and used from then on.
type KeysScene struct {
	screen
	after   Scene
	list    *widget.List
	entries []any
	status  *widget.Text
	waiting *keyEntry
}

func newKeysScene(env *Env, after Scene) *KeysScene {
	s := &KeysScene{screen: newScreen(env), after: after}
	for _, m := range defaultKeyMaps {
		for _, b := range m.Bindings {
			s.entries = append(s.entries, &keyEntry{scene: m.Scene, intent: b.Intent, help: b.Help})
		}
	}
	s.list = widget.NewList(
		widget.ListOpts.Entries(s.entries),
		widget.ListOpts.HideHorizontalSlider(),
		widget.ListOpts.AllowReselect(),
		widget.ListOpts.EntryLabelFunc(func(e any) string { return s.entryText(e.(*keyEntry)) }),
		widget.ListOpts.EntrySelectedHandler(func(a *widget.ListEntrySelectedEventArgs) { s.pick(a.Entry.(*keyEntry)) }),
		widget.ListOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(720, 460),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{MaxHeight: 460}))), // scrolls
	)
	s.status = env.wrapped("Pick an action, then press the key that is to do it.", 14, render.UIText, 720)
	body := panelColumn(10, widget.Insets{Left: 18, Right: 18, Top: 18, Bottom: 18},
		env.label("Keys", render.Bold, 24, render.UIAccent),
		s.list, s.status,
		row(10, button("Default keys", s.reset), button("Back", s.leave)))
	body.GetWidget().LayoutData = widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionCenter, VerticalPosition: widget.AnchorLayoutPositionCenter}
	root := env.root()
	root.AddChild(body)
	s.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
	return s
}

// entryText is a row: the screen, what the intent does, its keys now.
func (s *KeysScene) entryText(e *keyEntry) string {
	m := s.env.Keys()[e.scene]
	var names []string
	for _, b := range m.Bindings {
		if b.Intent == e.intent {
			for _, k := range b.Keys {
				names = append(names, keyName(k))
			}
		}
	}
	return e.scene + ": " + e.help + "   [" + strings.Join(names, ", ") + "]"
}

func (s *KeysScene) pick(e *keyEntry) {
	s.waiting = e
	s.status.Label = "Press the key for " + e.scene + ": " + e.help + " (Esc: leave it as it is)."
}

// bind gives the waiting intent key k alone, if the game can use it; the
// screen's own way back (Esc) leaves it as it was.
func (s *KeysScene) bind(k ebiten.Key) {
	e := s.waiting
	s.waiting = nil
	if s.env.Keys()[keysKeys.Scene].Fired(&Input{Pressed: map[ebiten.Key]bool{k: true}}, intentBack) {
		s.status.Label = "Unchanged."
		return
	}
	next := maps.Clone(s.env.Settings.Keys)
	if next == nil {
		next = map[string][]string{}
	}
	next[e.scene+"."+string(e.intent)] = keyNames([]ebiten.Key{k})
	keys := DefaultKeyMaps()
	if err := keys.Rebind(next); err != nil {
		s.status.Label = "Not changed: " + strings.TrimPrefix(err.Error(), "game: keys: ")
		return
	}
	s.env.Settings.Keys = next
	s.env.SetKeys(keys)
	s.env.SaveSettings()
	s.list.UpdateEntry(e)
	s.status.Label = e.scene + ": " + e.help + " is now " + keyName(k) + "."
}

// reset gives every intent its default keys again.
func (s *KeysScene) reset() {
	s.waiting = nil
	s.env.Settings.Keys = nil
	s.env.SetKeys(DefaultKeyMaps())
	s.env.SaveSettings()
	for _, e := range s.entries {
		s.list.UpdateEntry(e)
	}
	s.status.Label = "Every key is as it was at the first start."
}

func (s *KeysScene) leave() { s.env.Show(s.after) }

// Update runs the screen: while an intent waits for its key, the next key
// pressed (any key) is the one.
func (s *KeysScene) Update(in *Input) error {
	s.tick()
	if s.waiting != nil {
		if len(in.Typed) > 0 {
			s.bind(in.Typed[0])
		}
		return nil
	}
	if s.env.Keys()[keysKeys.Scene].Fired(in, intentBack) {
		s.leave()
	}
	return nil
}
