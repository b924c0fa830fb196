package game

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Input is the state of the keyboard and mouse for one tick, in the
// terms the scenes need.
type Input struct {
	// CursorX, CursorY is the pointer in screen pixels; CursorIn says
	// whether it is over the window.
	CursorX, CursorY int
	CursorIn         bool
	// Wheel is the vertical scroll this tick (positive: away from user).
	Wheel float64
	// Dragging is set while the right or middle button is held; DragDX,
	// DragDY is the pointer movement since the last tick.
	Dragging       bool
	DragDX, DragDY int
	// Clicked is set on the tick the left button is released without a drag.
	Clicked bool
	// Held keys (for smooth panning) and keys pressed this tick.
	Held    map[ebiten.Key]bool
	Pressed map[ebiten.Key]bool
	// Typed lists every key pressed this tick, watched or not (the keys
	// screen binds whatever key is pressed).
	Typed []ebiten.Key
}

// InputSource fills an Input once per tick.
type InputSource interface {
	Read(in *Input)
}

// LiveInput reads the real keyboard and mouse through Ebitengine: the
// keys it reads are those of the scenes' key maps.
type LiveInput struct {
	watched func() []ebiten.Key
}

// Read fills in from Ebitengine's input state.
func (l LiveInput) Read(in *Input) {
	if in.Held == nil {
		in.Held, in.Pressed = map[ebiten.Key]bool{}, map[ebiten.Key]bool{}
	}
	x, y := ebiten.CursorPosition()
	prevX, prevY := in.CursorX, in.CursorY
	in.CursorX, in.CursorY = x, y
	w, h := ebiten.WindowSize()
	in.CursorIn = x >= 0 && y >= 0 && (w == 0 || x < w*4) && (h == 0 || y < h*4)
	_, in.Wheel = ebiten.Wheel()
	drag := ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) || ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	if drag && in.Dragging {
		in.DragDX, in.DragDY = x-prevX, y-prevY
	} else {
		in.DragDX, in.DragDY = 0, 0
	}
	in.Dragging = drag
	in.Clicked = inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
	in.Typed = inpututil.AppendJustPressedKeys(in.Typed[:0])
	for _, k := range l.watched() {
		in.Held[k] = ebiten.IsKeyPressed(k)
		in.Pressed[k] = inpututil.IsKeyJustPressed(k)
	}
}
