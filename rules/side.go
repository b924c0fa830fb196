package rules

// SideID names a side of a scenario, e.g. "federation".
type SideID string

// Side is one player of the rules: the rules speak of "each player", and
// the session seats a human or a computer at each side.
type Side struct {
	ID   SideID `json:"id"`
	Name string `json:"name"`
	// Color is the counter colour as "#rrggbb"; the front end may replace
	// it with a colour-blind-safe palette.
	Color string `json:"color"`
	// Destination, set on the sides of a destination scenario that a
	// cosmic rift brought into play, is the map they defend (IP4.441);
	// the session seats the computer or another player at them.
	Destination MapID `json:"destination,omitempty"`
}
