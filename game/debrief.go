package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexrift/hexrift/game/match"
	"github.com/hexrift/hexrift/rules"
)

// drillTally counts the practice side's objectives of a drill and those
// met; ok is false for a game that is no drill.
func drillTally(sess *match.Session) (met, total int, ok bool) {
	d := sess.Scenario.Drill
	if d == nil {
		return 0, 0, false
	}
	for i := range sess.State.Objectives {
		o := &sess.State.Objectives[i]
		if o.Side != d.Side {
			continue
		}
		total++
		if sess.State.ObjectiveMet(o) {
			met++
		}
	}
	return met, total, true
}

// lossTimeline tells, in the order it happened, what each side of sess
// lost and how, from the game's events: a ship destroyed (by whose fire,
// or with its carrier), a unit a gravity rift removed to reserve. It
// reads the public events only: the end screen is the whole table's.
// Seeking weapons spent are no losses.
func lossTimeline(sess *match.Session, events []rules.Event) []string {
	var out []string
	firedAt := map[rules.UnitID][]string{} // the units whose shots hit it
	hit := map[rules.UnitID]bool{}
	name := func(id rules.UnitID) (string, *rules.Unit) {
		u := sess.State.Unit(id)
		if u == nil {
			return string(id), nil
		}
		n := u.Name
		if n == "" {
			n = string(u.ID)
		}
		return n, u
	}
	for _, e := range events {
		if !e.Audience.IsPublic() {
			continue
		}
		switch {
		case e.Kind == rules.EventRoll && e.Clause == "X4.IMP.D":
			hit[e.Unit] = e.Chance.Came
		case e.Kind == rules.EventFire && e.Target != "":
			if hit[e.Unit] {
				who, _ := name(e.Unit)
				if !slices.Contains(firedAt[e.Target], who) {
					firedAt[e.Target] = append(firedAt[e.Target], who)
				}
			}
			delete(hit, e.Unit)
		case e.Kind == rules.EventDestroyed, riftRemoval(e):
			n, u := name(e.Unit)
			if u == nil || u.Kind.Seeking() {
				continue
			}
			how := "destroyed"
			switch {
			case riftRemoval(e):
				how = "removed to reserve by a gravity rift (GR41.2)"
			case strings.Contains(e.Text, "with its carrier"):
				how = "lost with its carrier"
			case len(firedAt[e.Unit]) > 0:
				how = "destroyed by fire from " + strings.Join(firedAt[e.Unit], ", ")
			case strings.Contains(e.Text, "("):
				how = "destroyed " + e.Text[strings.Index(e.Text, "("):]
			}
			cls := string(u.Class)
			if c, ok := rules.LookupClass(u.Class); ok {
				cls = c.Name
			}
			out = append(out, fmt.Sprintf("%s: %s's %s (%s) %s", clockText(e.Clock), sideName(sess.Scenario, u.Side), n, cls, how))
		}
	}
	return out
}
