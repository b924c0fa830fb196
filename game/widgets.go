package game

import (
	"image/color"

	"github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/hexrift/hexrift/render"
)

// Small constructors over ebitenui, so scenes read as layouts rather
// than option lists. Widgets take their look from the theme.

func column(spacing int, pad widget.Insets, children ...widget.PreferredSizeLocateableWidget) *widget.Container {
	return newColumn(nil, spacing, pad, children...)
}

// panelColumn is a column on the framed panel background.
func panelColumn(spacing int, pad widget.Insets, children ...widget.PreferredSizeLocateableWidget) *widget.Container {
	bg := image.NewBorderedNineSliceColor(
		render.UIPanel.Color().(color.NRGBA), render.UIPanelEdge.Color().(color.NRGBA), 1)
	return newColumn(bg, spacing, pad, children...)
}

func newColumn(bg *image.NineSlice, spacing int, pad widget.Insets, children ...widget.PreferredSizeLocateableWidget) *widget.Container {
	opts := []widget.ContainerOpt{widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical),
		widget.RowLayoutOpts.Spacing(spacing),
		widget.RowLayoutOpts.Padding(&pad),
	))}
	if bg != nil {
		opts = append(opts, widget.ContainerOpts.BackgroundImage(bg))
	}
	c := widget.NewContainer(opts...)
	for _, ch := range children {
		c.AddChild(ch)
	}
	return c
}

func row(spacing int, children ...widget.PreferredSizeLocateableWidget) *widget.Container {
	c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionHorizontal),
		widget.RowLayoutOpts.Spacing(spacing),
	)))
	for _, ch := range children {
		c.AddChild(ch)
	}
	return c
}

// grid lays children out in cols columns of equal share, stretched to
// the width of its parent column.
func grid(cols int, children ...widget.PreferredSizeLocateableWidget) *widget.Container {
	stretchCols := make([]bool, cols)
	for i := range stretchCols {
		stretchCols[i] = true
	}
	c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(cols), widget.GridLayoutOpts.Spacing(6, 6),
		widget.GridLayoutOpts.Stretch(stretchCols, nil))), widget.ContainerOpts.WidgetOpts(stretch()))
	for _, ch := range children {
		c.AddChild(ch)
	}
	return c
}

func stretch() widget.WidgetOpt {
	return widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})
}

func button(label string, onClick func(), opts ...widget.WidgetOpt) *widget.Button {
	return widget.NewButton(
		widget.ButtonOpts.TextLabel(label),
		// Enter and Space belong to the game (commit, move forward), not
		// to whichever button was clicked last.
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.WidgetOpts(opts...),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { onClick() }),
	)
}

// checkbox is a box with a label; changed gets the new state on each
// click. Enter and Space do not toggle it, as they do not press buttons.
func checkbox(label string, on bool, changed func(on bool)) *widget.Checkbox {
	state := widget.WidgetUnchecked
	if on {
		state = widget.WidgetChecked
	}
	return widget.NewCheckbox(
		widget.CheckboxOpts.TextLabel(label),
		widget.CheckboxOpts.InitialState(state),
		widget.CheckboxOpts.Spacing(10),
		widget.CheckboxOpts.DisableDefaultKeys(),
		widget.CheckboxOpts.WidgetOpts(widget.WidgetOpts.MinSize(20, 20)),
		widget.CheckboxOpts.StateChangedHandler(func(a *widget.CheckboxChangedEventArgs) { changed(a.State == widget.WidgetChecked) }),
	)
}

func (e *Env) label(s string, style render.FontStyle, size float64, col render.RGBA) *widget.Text {
	var f text.Face = e.Fonts.Face(style, size)
	return widget.NewText(widget.TextOpts.Text(s, &f, col.Color()))
}

func (e *Env) wrapped(s string, size float64, col render.RGBA, width int) *widget.Text {
	var f text.Face = e.Fonts.Face(render.Regular, size)
	return widget.NewText(widget.TextOpts.Text(s, &f, col.Color()), widget.TextOpts.MaxWidth(float64(width)))
}

// root returns a scene's root container, with the theme set on it so
// that widgets added at any time find their look.
func (e *Env) root() *widget.Container {
	c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewAnchorLayout()))
	c.GetWidget().SetTheme(e.Theme())
	return c
}
