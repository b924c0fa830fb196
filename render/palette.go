package render

// Palette holds the colours of the map. Side colours come from the
// scenario unless a colour-blind-safe palette replaces them.
type Palette struct {
	Space       RGBA
	Star        RGBA
	Grid        RGBA
	Hover       RGBA
	Phase       RGBA
	PhaseEdge   RGBA
	Storm       RGBA
	Web         RGBA
	Rift        RGBA
	IonStorm    RGBA
	RiftCore    RGBA
	RiftGlow    RGBA
	RiftHot     RGBA
	SunCore     RGBA
	SunGlow     RGBA
	Planets     []RGBA
	Moon        RGBA
	BlackHole   RGBA
	Accretion   RGBA
	Label       RGBA
	LabelDim    RGBA
	Select      RGBA
	SideColours []RGBA // used in order when a side has no colour of its own
}

// DefaultPalette returns the standard colours.
func DefaultPalette() Palette {
	return Palette{
		Space:     Hex("#060913", 1),
		Star:      Hex("#cfd8ff", 1),
		Grid:      Hex("#7f93c4", 1),
		Hover:     Hex("#ffe27a", 1),
		Phase:     Hex("#a35cff", 1),
		PhaseEdge: Hex("#d2a8ff", 1),
		Storm:     Hex("#6f7dff", 1),
		Web:       Hex("#dfe6f0", 1),
		Rift:      Hex("#35e0c8", 1),
		IonStorm:  Hex("#39c6d6", 1),
		RiftCore:  Hex("#0c0410", 1),
		RiftGlow:  Hex("#ff7a2f", 1),
		RiftHot:   Hex("#ff3fa4", 1),
		SunCore:   Hex("#fff4c2", 1),
		SunGlow:   Hex("#ffb640", 1),
		Planets:   []RGBA{Hex("#3f86e0", 1), Hex("#d08a4e", 1), Hex("#5db37a", 1), Hex("#b9a2e8", 1)},
		Moon:      Hex("#a7adb8", 1),
		BlackHole: Hex("#000000", 1),
		Accretion: Hex("#ff9d3b", 1),
		Label:     Hex("#e8ecf8", 1),
		LabelDim:  Hex("#9aa6c8", 1),
		Select:    Hex("#ffe27a", 1),
		SideColours: []RGBA{
			Hex("#4da3ff", 1), Hex("#ff5d5d", 1), Hex("#58d68d", 1),
			Hex("#f5b041", 1), Hex("#c39bd3", 1), Hex("#48c9b0", 1),
		},
	}
}

// ColourBlindPalette returns colours that stay distinct under the common
// forms of colour blindness (Okabe and Ito's set for the sides).
func ColourBlindPalette() Palette {
	p := DefaultPalette()
	p.SideColours = []RGBA{
		Hex("#0072b2", 1), Hex("#e69f00", 1), Hex("#009e73", 1),
		Hex("#cc79a7", 1), Hex("#56b4e9", 1), Hex("#d55e00", 1),
	}
	return p
}
