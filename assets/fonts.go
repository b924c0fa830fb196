package assets

import (
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// The interface fonts are the Go fonts (BSD licence, see
// golang.org/x/image/font/gofont): clear at small sizes and with tabular
// digits, which keeps coordinates from jittering as the pointer moves.

// RegularTTF returns the regular interface font as TrueType data.
func RegularTTF() []byte { return goregular.TTF }

// BoldTTF returns the bold interface font as TrueType data.
func BoldTTF() []byte { return gobold.TTF }

// MonoTTF returns the monospaced font used for coordinates and dice.
func MonoTTF() []byte { return gomono.TTF }
