package match

import "strings"

// ruleNotes are short in-game notes on the rules the log cites, written
// for this game (the full decisions are in docs/RULES.md).
var ruleNotes = map[string]string{
	"X4.SEQ":   "A turn runs: energy allocation, declare movement, the impulses, damage control.",
	"X4.EA.1":  "Life support and fire control cost no energy.",
	"X4.EA.2":  "Each extra shield point costs 2 energy for the turn.",
	"X4.EA.3":  "Armor can be reinforced 1 point per energy, at most one per intact armor box.",
	"X4.EA.4":  "Six movement points buy one hex of speed per turn; there is no speed cap.",
	"X4.EA.5":  "Speed can rise by at most half of last turn's speed, or 5 + size class from a standstill.",
	"X4.DM.1":  "Ships that self-destruct do so during declare movement.",
	"X4.IMP":   "Each impulse: movement, impulse activity, seeking launch, direct fire, seeking resolution.",
	"X4.IMP.A": "Every ship rolls 1d12 + its tech level each impulse; the lowest total moves first.",
	"X4.IMP.D": "Direct fire is simultaneous: everyone declares in secret, then all shots resolve together.",
	"X4.DC":    "Damage control repairs systems, never armor (armor is repaired between scenarios).",
	"X4.MV.1":  "One point of impulse power still buys one hex of movement, once per turn.",
	"X4.MV.2":  "UWARP/VWARP ships may spend any of their remaining movement in each impulse.",
	"X4.MV.3":  "Turn mode: move floor(speed / divisor) hexes straight before each 60-degree turn.",
	"X4.MV.4":  "A ship needing 0 hexes before turning may turn freely, even without moving.",
	"X4.MV.5":  "Slip mode 0: sideslips may follow one another.",
	"X4.MV.6":  "One high-energy turn per impulse: face any direction for 2 movements.",
	"X4.MV.7":  "A ship may decelerate at any time; the lost movement's energy goes to its batteries.",
	"X4.EM":    "Erratic maneuvering costs 10 - size class per impulse and adds 2 to hit rolls both ways.",
	"X4.EV":    "Evasive maneuvers: up to size class times a turn, one per impulse, a d6 of 1-2 makes a strike miss.",
	"X4.DOCK":  "Willing ships in one hex may dock: shields combine and they move together.",
	"X4.RAM":   "A ram is declared on entering a hex and resolves after direct fire: (speed/10 + 1) x explosion strength to both.",
	"X4.WARP":  "Going into warp adds this turn's speed to the running total; warp factor = cube root; +1 to own hit rolls per factor.",
	"X4.DAC":   "Damage allocation: a d6 picks row and direction, a d12 the column of the chart.",
	"X4.DAC.3": "A crew hit rolls a d6: 1-2 crew, 3-4 boarding party, 5 deck crew, 6 passengers.",
	"GR41":     "A gravity rift is an anomaly that affects movement.",
	"GR41.1":   "Leaving a gravity rift system gives +1 movement.",
	"GR41.2":   "Just before leaving a gravity rift system a ship rolls a d10: 1-3 removes it to its owner's reserve.",
	"GR41.2.3": "Ships a rift removes go to their owner's reserve; they are not destroyed.",
	"GRN.5":    "Retreating from a rift: carried fighters are declared, each ship rolls for removal.",
	"GRN.6":    "On retreat every non-fighter ship and each self-moving fighter rolls for removal.",
	"GRN.8":    "If every retreating ship is lost, nothing arrives.",
	"GRN.9":    "Living rules: every exit of every rift gives its own +1 and its own roll.",
	"GRN.10":   "A carrier lost to a rift leaves the unit it would have picked up where it is.",
	"GRTE.1":   "Thunder's Edge: each rift gives its +1 only once per ship per turn; the roll is made on every exit.",
	"IP8.21":   "Every unit in phase space rolls 2d6 each impulse: on 2 or 12 it phases out (or back in).",
	"IP8.31":   "Only units that move under their own power are affected by phase space.",
	"IP8.32":   "A phased-out unit shows no marker to anyone but its owner.",
	"IP8.33":   "A phased-out unit cannot steer: it rolls 2d6 for its course before each move.",
	"IP8.331":  "Course roll 2 or 12: the unit turns 180 degrees.",
	"IP8.332":  "Course roll 3: the unit turns 120 degrees right.",
	"IP8.333":  "Course roll 4-5: the unit turns 60 degrees right.",
	"IP8.334":  "Course roll 6-8: the unit goes straight on.",
	"IP8.335":  "Course roll 9-10: the unit turns 60 degrees left.",
	"IP8.336":  "Course roll 11: the unit turns 120 degrees left.",
	"IP8.337":  "Course rolls are secret until the unit phases in; then its path is shown to all.",
	"IP8.34":   "Phased-out units cannot maneuver erratically.",
	"IP8.124":  "A phased-out unit that leaves phase space phases in at once.",
	"IP8.412":  "Each web hex phases separately; a web that loses an anchor drops.",
	"IP8.422":  "Guidance cannot pass to or from a phased-out unit.",
	"IP8.424":  "Self-guiding seekers lose track when they or their target phase out.",
	"IP8.431":  "A tractor beam breaks when either end phases out.",
	"IP8.441":  "Phasing out voids a cloak.",
	"IP8.442":  "A cloaked unit phasing in counts as having just voided its cloak.",
	"IP8.46":   "Monsters count as ships and roll to phase.",
	"IP8.47":   "Mines roll to phase like ships.",
	"IP8.512":  "Each player rolls 3d6 at the start of each turn for a phase storm.",
	"IP8.513":  "A 3 or 18 rolled by exactly one player starts a phase storm.",
	"IP8.514":  "A phase storm lasts 3d6 turns.",
	"IP8.515":  "A phase storm centres on the map centre and reaches the storm range; ships escape by leaving it.",
}

// RuleNote returns the note for a clause id, or the note of its family.
func RuleNote(id string) string {
	if n, ok := ruleNotes[id]; ok {
		return n
	}
	for p := id; strings.Contains(p, "."); {
		p = p[:strings.LastIndex(p, ".")]
		if n, ok := ruleNotes[p]; ok {
			return n
		}
	}
	switch {
	case strings.HasPrefix(id, "X4"):
		return "A 3X/4X tactical rule. The full text of the house decisions is in docs/RULES.md."
	case strings.HasPrefix(id, "GR"):
		return "A gravity rift rule. See docs/RULES.md for the rulings this game uses."
	case strings.HasPrefix(id, "IP8"):
		return "A phase space rule. See docs/RULES.md."
	case strings.HasPrefix(id, "IP4"):
		return "A cosmic rift rule. See docs/RULES.md."
	}
	return "See docs/RULES.md."
}
