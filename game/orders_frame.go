package game

import (
	"image/color"
	"math"

	"github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/render"
)

// ordersFrame holds the orders panel on the right of the play screen: a
// header (whose orders these are), a body that scrolls when the window is
// too short for it (ebitenui's ScrollContainer, with a Slider beside it
// and the mouse wheel over it), and a footer that never scrolls, where a
// panel puts its legality line and its commit button, so that neither a
// long panel nor an error line can push Commit off the screen.
type ordersFrame struct {
	root   *widget.Container
	header *widget.Container
	body   *widget.Container // the panel's widgets
	footer *widget.Container // the commit row
	scroll *widget.ScrollContainer
	bar    *widget.Slider
	// height is the screen height the frame is fitted to.
	height int
}

// Where the frame sits: below the top bar, at the right edge, with a gap
// to the window's bottom.
const (
	framePadTop, framePadRight, framePadBottom = 44, 10, 10
	scrollBarWidth                             = 12
	// scrollStep is how far one notch of the wheel scrolls, in pixels.
	scrollStep = 48
	// barRange is the slider's range: its value over barRange is the
	// scroll container's ScrollTop.
	barRange = 1000
)

func newOrdersFrame() *ordersFrame {
	f := &ordersFrame{}
	// The scroll bar takes the body's right margin: the body's text is
	// wrapped to ordersWidth-28 either way.
	pad := widget.Insets{Left: 14, Right: 14 - scrollBarWidth, Top: 10, Bottom: 10}
	f.body = column(8, pad)
	f.body.GetWidget().MinWidth = ordersWidth - scrollBarWidth
	f.header = column(0, widget.Insets{Left: 14, Right: 14, Top: 10})
	f.footer = column(8, widget.Insets{Left: 14, Right: 14, Bottom: 14})
	// The mask is where the content shows: all of the view, so opaque.
	f.scroll = widget.NewScrollContainer(
		widget.ScrollContainerOpts.Content(f.body),
		widget.ScrollContainerOpts.StretchContentWidth(),
		widget.ScrollContainerOpts.Image(&widget.ScrollContainerImage{
			Idle: image.NewNineSliceColor(color.NRGBA{}),
			Mask: image.NewNineSliceColor(color.NRGBA{A: 255}),
		}),
	)
	f.bar = widget.NewSlider(
		widget.SliderOpts.Orientation(widget.DirectionVertical),
		widget.SliderOpts.MinMax(0, barRange),
		widget.SliderOpts.PageSizeFunc(f.pageSize),
		widget.SliderOpts.Images(
			&widget.SliderTrackImage{
				Idle:  image.NewNineSliceColor(render.UIPanelEdge.WithAlpha(0.5).Color().(color.NRGBA)),
				Hover: image.NewNineSliceColor(render.UIPanelEdge.Color().(color.NRGBA)),
			},
			&widget.ButtonImage{
				Idle:    image.NewNineSliceColor(render.UITextDim.Color().(color.NRGBA)),
				Hover:   image.NewNineSliceColor(render.UIAccent.Color().(color.NRGBA)),
				Pressed: image.NewNineSliceColor(render.UIAccent.Color().(color.NRGBA)),
			},
		),
		widget.SliderOpts.MinHandleSize(24),
		widget.SliderOpts.ChangedHandler(func(a *widget.SliderChangedEventArgs) {
			f.scroll.ScrollTop = float64(a.Current) / barRange
		}),
		widget.SliderOpts.WidgetOpts(widget.WidgetOpts.MinSize(scrollBarWidth, 0)),
	)
	f.scroll.GetWidget().ScrolledEvent.AddHandler(func(args interface{}) {
		if a, ok := args.(*widget.WidgetScrolledEventArgs); ok {
			f.scrollBy(-a.Y * scrollStep)
		}
	})
	view := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(2),
		widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true}),
	)))
	view.AddChild(f.scroll, f.bar)
	for _, w := range []*widget.Container{f.header, view, f.footer} {
		w.GetWidget().LayoutData = widget.RowLayoutData{Stretch: true}
	}
	f.root = panelColumn(0, widget.Insets{}, f.header, view, f.footer)
	f.root.GetWidget().LayoutData = widget.AnchorLayoutData{
		HorizontalPosition: widget.AnchorLayoutPositionEnd, VerticalPosition: widget.AnchorLayoutPositionStart,
		Padding: &widget.Insets{Top: framePadTop, Right: framePadRight},
	}
	return f
}

// relayout lays the frame out again, its scrolled body too: ebitenui's
// ScrollContainer passes a relayout on to its content only when the
// content's rectangle changes, so rows shown in place of others of the
// same height (the next ship's orders) were never placed.
func (f *ordersFrame) relayout() {
	f.root.RequestRelayout()
	f.body.RequestRelayout()
}

// reset empties the frame for a new panel, scrolled to its top.
func (f *ordersFrame) reset() {
	f.header.RemoveChildren()
	f.body.RemoveChildren()
	f.footer.RemoveChildren()
	f.bar.Current, f.scroll.ScrollTop = 0, 0
}

// fit caps the scrolled body so that the header, the body and the footer
// fit a screen height tall, and shows the scroll bar only when the body
// is taller than that. It runs every tick: the footer grows with an error
// line, the body with what the player opens.
func (f *ordersFrame) fit(height int) {
	f.height = height
	_, hh := f.header.PreferredSize()
	_, fh := f.footer.PreferredSize()
	room := max(height-framePadTop-framePadBottom-hh-fh, 60)
	_, bh := f.scroll.PreferredSize() // its content, with the parent set for the theme
	ld := widget.GridLayoutData{MaxHeight: room}
	if f.scroll.GetWidget().LayoutData != ld {
		f.scroll.GetWidget().LayoutData = ld
		f.bar.GetWidget().LayoutData = ld
		f.root.RequestRelayout()
	}
	vis := widget.Visibility_Hide_Blocking
	if bh > room {
		vis = widget.Visibility_Show
	}
	f.bar.GetWidget().SetVisibility(vis)
}

// overflow returns how many pixels of the body are out of view.
func (f *ordersFrame) overflow() int {
	return max(f.body.GetWidget().Rect.Dy()-f.scroll.ViewRect().Dy(), 0)
}

// pageSize is the slider's step for a click on its track: one view.
func (f *ordersFrame) pageSize() int {
	if over := f.overflow(); over > 0 {
		return max(int(math.Round(float64(f.scroll.ViewRect().Dy())/float64(over)*barRange)), 1)
	}
	return barRange
}

// scrollBy scrolls the body by dy pixels (down for positive).
func (f *ordersFrame) scrollBy(dy float64) {
	over := f.overflow()
	if over == 0 {
		return
	}
	v := float64(f.bar.Current) + dy/float64(over)*barRange
	f.bar.Current = int(math.Round(math.Max(0, math.Min(barRange, v))))
	f.scroll.ScrollTop = float64(f.bar.Current) / barRange
}

// contains reports whether the screen point x, y is over the frame, as
// ebitenui laid it out.
func (f *ordersFrame) contains(x, y int) bool {
	r := f.root.GetWidget().Rect
	return x >= r.Min.X && x < r.Max.X && y >= r.Min.Y && y < r.Max.Y
}
