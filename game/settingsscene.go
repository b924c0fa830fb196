package game

import (
	"fmt"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/render"
)

// SettingsScene edits the settings; every change is saved at once.
type SettingsScene struct {
	screen
	// After is the scene to return to (the menu, or a game in progress).
	after Scene
	// checks are the on/off settings, in the order shown.
	checks []*widget.Checkbox
}

// NewSettingsScene builds the settings screen, returning to the menu.
func NewSettingsScene(env *Env) *SettingsScene { return newSettingsScene(env, nil) }

func newSettingsScene(env *Env, after Scene) *SettingsScene {
	s := &SettingsScene{screen: newScreen(env), after: after}
	st := &env.Settings
	toggle := func(label string, v *bool, help string) widget.PreferredSizeLocateableWidget {
		c := checkbox(label, *v, func(on bool) {
			*v = on
			env.SaveSettings()
		})
		s.checks = append(s.checks, c)
		return column(4, widget.Insets{}, c, env.wrapped(help, 13, render.UITextDim, 460))
	}
	zoomLabel := env.label("", render.Regular, 15, render.UIText)
	showZoom := func() { zoomLabel.Label = fmt.Sprintf("Zoom speed: %.2gx", st.ZoomSpeed) }
	showZoom()
	zoom := row(10, zoomLabel,
		button("-", func() { st.ZoomSpeed = max(0.25, st.ZoomSpeed/1.25); showZoom(); env.SaveSettings() }),
		button("+", func() { st.ZoomSpeed = min(4, st.ZoomSpeed*1.25); showZoom(); env.SaveSettings() }))
	body := panelColumn(12, widget.Insets{Left: 22, Right: 22, Top: 20, Bottom: 20},
		env.label("Settings", render.Bold, 24, render.UIAccent),
		toggle("Curtain between players", &st.Curtain, "Hides the screen when the machine passes to another player, until they confirm."),
		toggle("Skip curtain when nothing is secret", &st.SkipPublicCurtain, "No curtain when the next player's screen would show only what everyone may see."),
		toggle("Every decision by hand", &st.PerShipTurns, "Asks for each ship's move and each fire step in turn, instead of plotted orders for the turn that ask again only on a break. Applies to games started or loaded from now on."),
		toggle("Colour-blind-safe sides", &st.ColourBlind, "Draws the sides in colours that stay distinct for the common forms of colour blindness."),
		zoom,
		button("Keys...", func() { env.Show(newKeysScene(env, s)) }, stretch()),
		env.wrapped("Settings are kept in "+env.Paths.Settings, 12, render.UITextDim, 460),
		button("Back", s.leave))
	body.GetWidget().LayoutData = widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionCenter, VerticalPosition: widget.AnchorLayoutPositionCenter}
	root := env.root()
	root.AddChild(body)
	s.ui = &ebitenui.UI{Container: root, PrimaryTheme: env.Theme()}
	return s
}

func (s *SettingsScene) leave() {
	if s.after != nil {
		s.env.Show(s.after)
		return
	}
	s.env.Show(NewMenuScene(s.env))
}

// Update runs the screen.
func (s *SettingsScene) Update(in *Input) error {
	s.tick()
	if s.env.Keys()[settingsKeys.Scene].Fired(in, intentBack) {
		s.leave()
	}
	return nil
}
