package rules

// Scanner damage (house rule, docs/RULES.md "Scanners"): a ship aims its
// direct fire with its scanners, the chart's scan boxes. As they are
// destroyed its fire rolls take a penalty: none while every scanner box
// is intact or more than half are, +1 with half or fewer left, +2 with
// none. Units without a damage chart, and classes without scanners, take
// nothing. Sensors (sen boxes) are a separate system: they hold lock-ons
// (lockon.go).

// Scanner penalties added to a ship's own direct-fire rolls.
const (
	// scannerHalfPenalty applies with half or fewer of the class's
	// scanner boxes intact.
	scannerHalfPenalty = 1
	// scannerLostPenalty applies with none intact.
	scannerLostPenalty = 2
)

// ScannerPenalty returns what a ship of class c with the intact boxes b
// adds to its direct-fire rolls for lost scanners.
func ScannerPenalty(c *Class, b *Boxes) int {
	full := c.Systems[SysScanner]
	if c.smallCraft() || full == 0 {
		return 0
	}
	switch n := b[SysScanner]; {
	case n <= 0:
		return scannerLostPenalty
	case 2*n <= full:
		return scannerHalfPenalty
	}
	return 0
}

// scannerPenalty returns u's scanner penalty.
func scannerPenalty(u *Unit) int {
	c := lookupClass(u.Class)
	if c == nil || u.Ship == nil {
		return 0
	}
	return ScannerPenalty(c, &u.Ship.Boxes)
}
