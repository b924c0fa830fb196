package render

import (
	"image/color"

	"github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/themes"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// UI colours shared by the HUD and the ebitenui widgets.
var (
	UIPanel      = Hex("#0d1426", 0.92)
	UIPanelEdge  = Hex("#3a4d7a", 1)
	UIText       = Hex("#e8ecf8", 1)
	UITextDim    = Hex("#9aa6c8", 1)
	UIAccent     = Hex("#ffd36e", 1)
	UIDanger     = Hex("#ff6b6b", 1)
	UIGood       = Hex("#6bdc8f", 1)
	uiButton     = Hex("#1b2745", 1)
	uiButtonEdge = Hex("#4a6199", 1)
	uiButtonHot  = Hex("#27406e", 1)
	uiButtonDown = Hex("#355a99", 1)
	uiInput      = Hex("#0a1020", 1)
	uiSelected   = Hex("#27406e", 1)
)

func nrgba(c RGBA) color.NRGBA { return c.Color().(color.NRGBA) }

// NewTheme returns the ebitenui theme of the game: Ebitengine UI's dark
// theme recoloured to the map's palette and set in the game's fonts.
// Call it once Ebitengine runs (it creates images).
func NewTheme(f *Fonts) *widget.Theme {
	t := themes.GetBasicDarkTheme()
	var face text.Face = f.Face(Regular, 16)
	var bold text.Face = f.Face(Bold, 16)
	t.DefaultFace = &face
	t.DefaultTextColor = nrgba(UIText)

	btnImage := &widget.ButtonImage{
		Idle:     image.NewBorderedNineSliceColor(nrgba(uiButton), nrgba(uiButtonEdge), 1),
		Hover:    image.NewBorderedNineSliceColor(nrgba(uiButtonHot), nrgba(UIAccent), 1),
		Pressed:  image.NewBorderedNineSliceColor(nrgba(uiButtonDown), nrgba(UIAccent), 1),
		Disabled: image.NewBorderedNineSliceColor(nrgba(Hex("#121a2e", 1)), nrgba(Hex("#26324f", 1)), 1),
	}
	btnText := &widget.ButtonTextColor{Idle: nrgba(UIText), Hover: nrgba(UIAccent), Pressed: nrgba(UIAccent), Disabled: nrgba(Hex("#5d6a8c", 1))}
	t.ButtonTheme.Image = btnImage
	t.ButtonTheme.TextColor = btnText
	t.ButtonTheme.TextFace = &bold
	t.ButtonTheme.TextPadding = &widget.Insets{Left: 18, Right: 18, Top: 7, Bottom: 7}

	t.PanelTheme.BackgroundImage = image.NewBorderedNineSliceColor(nrgba(UIPanel), nrgba(UIPanelEdge), 1)
	t.LabelTheme.Face = &face
	t.LabelTheme.Color = &widget.LabelColor{Idle: nrgba(UIText), Disabled: nrgba(UITextDim)}
	t.TextTheme.Face = &face
	t.TextTheme.Color = nrgba(UIText)

	t.TextInputTheme.Face = &face
	t.TextInputTheme.Image = &widget.TextInputImage{
		Idle:     image.NewBorderedNineSliceColor(nrgba(uiInput), nrgba(uiButtonEdge), 1),
		Disabled: image.NewBorderedNineSliceColor(nrgba(uiInput), nrgba(Hex("#26324f", 1)), 1),
	}
	t.TextInputTheme.Color = &widget.TextInputColor{Idle: nrgba(UIText), Caret: nrgba(UIAccent), Disabled: nrgba(UITextDim), DisabledCaret: nrgba(UITextDim)}
	t.TextInputTheme.Padding = widget.NewInsetsSimple(7)

	for _, lp := range []*widget.ListParams{t.ListTheme, t.ListComboButtonTheme.List} {
		lp.EntryFace = &face
		lp.EntryTextPadding = &widget.Insets{Left: 8, Right: 8, Top: 6, Bottom: 6}
		lp.EntryColor = &widget.ListEntryColor{
			Unselected: nrgba(UIText), Selected: nrgba(UIAccent),
			DisabledUnselected: nrgba(UITextDim), DisabledSelected: nrgba(UITextDim),
			SelectedBackground: nrgba(uiSelected), SelectedFocusedBackground: nrgba(uiSelected),
			SelectingBackground: nrgba(uiButtonHot), FocusedBackground: nrgba(uiButtonHot),
			SelectingFocusedBackground: nrgba(uiButtonHot), DisabledSelectedBackground: nrgba(uiButton),
		}
		lp.ScrollContainerImage = &widget.ScrollContainerImage{
			Idle:     image.NewBorderedNineSliceColor(nrgba(uiInput), nrgba(uiButtonEdge), 1),
			Disabled: image.NewBorderedNineSliceColor(nrgba(uiInput), nrgba(uiButtonEdge), 1),
			Mask:     image.NewBorderedNineSliceColor(nrgba(uiInput), nrgba(uiButtonEdge), 1),
		}
	}
	t.ListComboButtonTheme.Button.Image = btnImage
	t.ListComboButtonTheme.Button.TextColor = btnText
	t.ListComboButtonTheme.Button.TextFace = &face
	t.CheckboxTheme.Image = &widget.CheckboxImage{
		Unchecked:         image.NewBorderedNineSliceColor(nrgba(uiInput), nrgba(uiButtonEdge), 2),
		UncheckedHovered:  image.NewBorderedNineSliceColor(nrgba(uiInput), nrgba(UIAccent), 2),
		UncheckedDisabled: image.NewBorderedNineSliceColor(nrgba(uiInput), nrgba(Hex("#26324f", 1)), 2),
		Checked:           image.NewBorderedNineSliceColor(nrgba(UIAccent), nrgba(uiButtonEdge), 4),
		CheckedHovered:    image.NewBorderedNineSliceColor(nrgba(UIAccent), nrgba(UIText), 4),
		CheckedDisabled:   image.NewBorderedNineSliceColor(nrgba(UITextDim), nrgba(Hex("#26324f", 1)), 4),
		Greyed:            image.NewBorderedNineSliceColor(nrgba(uiInput), nrgba(uiButtonEdge), 2),
		GreyedHovered:     image.NewBorderedNineSliceColor(nrgba(uiInput), nrgba(UIAccent), 2),
		GreyedDisabled:    image.NewBorderedNineSliceColor(nrgba(uiInput), nrgba(Hex("#26324f", 1)), 2),
	}
	t.CheckboxTheme.Label.Face = &face
	t.CheckboxTheme.Label.Color = &widget.LabelColor{Idle: nrgba(UIText), Disabled: nrgba(UITextDim)}
	t.TextAreaTheme.Face = &face
	t.TextAreaTheme.ForegroundColor = nrgba(UIText)
	return t
}
