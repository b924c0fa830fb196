package match

import (
	"fmt"
	"strings"

	"github.com/hexrift/hexrift/rules"
)

// The end-of-game debrief: for each side, what the phenomena took from it
// and the odds it took against the odds expected. It is computed from the
// game's events (each roll a side took a risk with records its chance,
// rules.Event.Chance) and the final state, so the same game always gives
// the same debrief, and a replayed save gives the one of the game played.
//
// Secrecy: a side's debrief is built only from the events that side may
// see (rules.Events), and only from its own rolls and units, so it never
// carries what only another side saw. It is shown once the game is over,
// on the end screen every seat looks at: by then nothing it tells can
// change the play, so a side's phase rolls, secret while its units were
// out of phase (IP8.337), are told to the table as a board game turns its
// hidden counters over at the end (docs/RULES.md "Victory").

// Tally sets what a kind of risky roll came to against its odds: the
// rolls taken, the results of note their chances made expected, and the
// results that came.
type Tally struct {
	Rolls    int
	Expected float64
	Came     int
}

func (t *Tally) add(c rules.Chance) {
	t.Rolls++
	t.Expected += c.Probability()
	if c.Came {
		t.Came++
	}
}

// SideDebrief is one side's debrief.
type SideDebrief struct {
	Side rules.SideID
	// RiftRolls are its gravity rift removal rolls, leaving a rift
	// (GR41.2) or withdrawing through one (GRN.6); Came counts the units
	// removed to reserve. RiftLost names them, in order, and Returned
	// counts those back on the map by the end.
	RiftRolls Tally
	RiftLost  []string
	Returned  int
	// Shots are its direct-fire rolls (X4.IMP.D), Came the hits;
	// Evasions its evasive maneuvers (X4.EV), Came the strikes evaded;
	// Phase its units' phase rolls (IP8.21), Came the changes of phase.
	Shots, Evasions, Phase Tally
	// Crossings counts its units' passages through cosmic rifts (IP4.24),
	// Went the units that went through one and Home those back on their
	// home map at the end; Trapped names its units left beyond a closed
	// rift (IP4.452) and LostBeyond those destroyed on a destination map.
	Crossings, Went, Home int
	Trapped, LostBeyond   []string
}

// Debrief returns the debrief of every side of the game that took a risk
// or lost something to a phenomenon, in side order: the scenario's sides
// and the defenders a cosmic rift brought into play.
func Debrief(st *rules.State, events []rules.Event) []SideDebrief {
	var out []SideDebrief
	for _, sd := range st.Sides {
		d := debriefSide(st, events, sd.ID)
		if len(d.Lines()) > 0 {
			out = append(out, d)
		}
	}
	return out
}

// DebriefOf returns one side's debrief (empty when it took no risk).
func DebriefOf(st *rules.State, events []rules.Event, side rules.SideID) SideDebrief {
	return debriefSide(st, events, side)
}

func debriefSide(st *rules.State, events []rules.Event, side rules.SideID) SideDebrief {
	d := SideDebrief{Side: side}
	lost := map[rules.UnitID]bool{}
	for _, e := range rules.Events(events, side) {
		if e.Side != side {
			continue
		}
		switch {
		case e.Kind == rules.EventRoll && (e.Clause == "GR41.2" || e.Clause == "GRN.6") && !e.Chance.IsZero():
			d.RiftRolls.add(e.Chance)
			if e.Chance.Came {
				d.RiftLost = append(d.RiftLost, unitLabel(st, e.Unit))
				lost[e.Unit] = true
			}
		case e.Kind == rules.EventRoll && e.Clause == "X4.IMP.D" && !e.Chance.IsZero():
			d.Shots.add(e.Chance)
		case e.Kind == rules.EventRoll && e.Clause == "X4.EV" && !e.Chance.IsZero():
			d.Evasions.add(e.Chance)
		case e.Kind == rules.EventRoll && e.Clause == "IP8.21" && !e.Chance.IsZero():
			d.Phase.add(e.Chance)
		case e.Kind == rules.EventCosmic && e.Clause == "IP4.24":
			d.Crossings++
		}
	}
	origin := originMap(st)
	for i := range st.Units {
		u := &st.Units[i]
		if u.Side != side {
			continue
		}
		if lost[u.ID] && u.Status != rules.StatusReserve {
			d.Returned++
		}
		if u.Cross.Rift == "" {
			continue
		}
		d.Went++
		switch {
		case u.Cross.Trapped:
			d.Trapped = append(d.Trapped, unitLabel(st, u.ID))
		case u.Status == rules.StatusDestroyed && u.Map != origin:
			d.LostBeyond = append(d.LostBeyond, unitLabel(st, u.ID))
		case !u.Away() && u.Status != rules.StatusDestroyed:
			d.Home++
		}
	}
	return d
}

// originMap returns the map the scenario is played on: the first.
func originMap(st *rules.State) rules.MapID {
	if len(st.Maps) == 0 {
		return ""
	}
	return st.Maps[0].ID
}

func unitLabel(st *rules.State, id rules.UnitID) string {
	if u := st.Unit(id); u != nil && u.Name != "" {
		return u.Name
	}
	return string(id)
}

// Lines writes the debrief, one line per phenomenon or kind of roll the
// side met; none when it met none.
func (d SideDebrief) Lines() []string {
	var out []string
	if t := d.RiftRolls; t.Rolls > 0 {
		each := " each"
		if t.Rolls == 1 {
			each = ""
		}
		line := fmt.Sprintf("Gravity rifts: %s at %d in 10%s, %s losses expected, %d lost%s.",
			count(t.Rolls, "exit", "exits"), rules.RiftRemoveMax, each, num(t.Expected), t.Came, luck(t))
		if len(d.RiftLost) > 0 {
			line += " To reserve: " + strings.Join(d.RiftLost, ", ")
			if d.Returned > 0 {
				line += fmt.Sprintf(" (%d back in play by the end)", d.Returned)
			}
			line += "."
		}
		out = append(out, line)
	}
	if t := d.Shots; t.Rolls > 0 {
		out = append(out, fmt.Sprintf("Shots: %d fired, %s hits expected, %d hit%s.", t.Rolls, num(t.Expected), t.Came, luck(t)))
	}
	if t := d.Evasions; t.Rolls > 0 {
		out = append(out, fmt.Sprintf("Evasive maneuvers: %d tried at 2 in 6, %s expected to work, %d did%s.", t.Rolls, num(t.Expected), t.Came, luck(t)))
	}
	if t := d.Phase; t.Rolls > 0 {
		out = append(out, fmt.Sprintf("Phase space: %s at 2 in 36, %s changes of phase expected, %d came%s.",
			count(t.Rolls, "phase roll", "phase rolls"), num(t.Expected), t.Came, luck(t)))
	}
	if d.Crossings > 0 || len(d.Trapped) > 0 {
		line := fmt.Sprintf("Cosmic rifts: %s by %s, %d home at the end", count(d.Crossings, "crossing", "crossings"), count(d.Went, "unit", "units"), d.Home)
		if len(d.Trapped) > 0 {
			line += "; trapped beyond a closed rift (counted destroyed): " + strings.Join(d.Trapped, ", ")
		}
		if len(d.LostBeyond) > 0 {
			line += "; destroyed beyond a rift: " + strings.Join(d.LostBeyond, ", ")
		}
		out = append(out, line+".")
	}
	return out
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// num writes an expected count with two decimals.
func num(x float64) string { return fmt.Sprintf("%.2f", x) }

// luck says how far the results came from the odds, when they did.
func luck(t Tally) string {
	diff := float64(t.Came) - t.Expected
	if diff > -0.005 && diff < 0.005 {
		return ", as the odds said"
	}
	return fmt.Sprintf(" (%+.2f against the odds)", diff)
}
