package plot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hexrift/hexrift/rules"
)

// Break is why a side's orders stop and its person is asked.
type Break struct {
	// Kind names the condition: "enemy", "seeker", "damaged", "held",
	// "blocked", "rift", or "decision" for a choice the orders do not
	// cover.
	Kind string       `json:"kind"`
	Unit rules.UnitID `json:"unit,omitempty"`
	Text string       `json:"text"`
}

func (b Break) String() string { return b.Text }

// Watcher remembers what a side saw when it last looked at the game (its
// last sitting) and tells which break conditions the game has met since.
// It reads only the side's view.
type Watcher struct {
	side    rules.SideID
	inReach map[rules.UnitID]bool
	dist    map[rules.UnitID]int // nearest own unit, for EnemyWithin
	seekers map[rules.UnitID]bool
	health  map[rules.UnitID][2]int // [inner, shields]
	held    map[rules.UnitID]bool
	ghosts  map[rules.UnitID]bool
	rifts   map[string]bool
	seekerD map[rules.UnitID]int    // enemy seekers' distance to the side
	holders []rules.SideID          // who holds each hold objective
	names   map[rules.UnitID]string // every unit seen, by the name the side saw
	// log, when set, is the side's log (SetLog): what it was told, read
	// when a course's unit is lost from sight.
	log func() []rules.Event
}

// NewWatcher returns a watcher for side that has seen nothing yet.
func NewWatcher(side rules.SideID) *Watcher { return &Watcher{side: side} }

// Look records v as what the side has now seen: breaks are judged
// against it from here on.
func (w *Watcher) Look(v *rules.View) {
	w.inReach, w.seekers, w.health = map[rules.UnitID]bool{}, map[rules.UnitID]bool{}, map[rules.UnitID][2]int{}
	w.held, w.ghosts, w.rifts = map[rules.UnitID]bool{}, map[rules.UnitID]bool{}, map[string]bool{}
	w.names = map[rules.UnitID]string{}
	// What the side saw coming counts as seen: an enemy already inside
	// the engagement envelope (half again its reach) when the side
	// looked breaks nothing when it comes within reach, so that a fleet
	// closing ship by ship is one break, not one per ship.
	for id := range inReach(v, w.side, 0, 3) {
		w.inReach[id] = true
	}
	w.dist = enemyDistances(v, w.side)
	for _, u := range v.Units {
		w.names[u.ID] = name(u)
		switch {
		case u.Side != w.side && seeker(u):
			w.seekers[u.ID] = true
		case u.Side == w.side:
			w.health[u.ID] = health(u)
			w.held[u.ID] = u.HeldBy != "" || u.Boarders > 0
			w.ghosts[u.ID] = u.Ghost
		}
	}
	for _, r := range v.Rifts {
		w.rifts[r.ID] = true
	}
	w.seekerD = seekerDistances(v, w.side)
	w.holders = holders(v)
}

// lastSeenAs names the unit id as the side saw it when it last looked,
// for a unit it may no longer see: its name then, or "a ship you can no
// longer see" when the side did not see it at that look. The id itself
// is never the answer: a break's text names nothing the side has not
// seen by name.
func (w *Watcher) lastSeenAs(id rules.UnitID) string {
	if n, ok := w.names[id]; ok {
		return n
	}
	return "a ship you can no longer see"
}

// SetLog gives the watcher the side's log to read, as it stands when it
// is read: a course on a unit the log shows destroyed goes on to the
// plan's course rather than break (Orders.Decide). Only the events the
// side may see are read, whatever log returns; without a log no unit is
// known destroyed, and a lost target is a break.
func (w *Watcher) SetLog(log func() []rules.Event) { w.log = log }

// destroyed reports whether the side's log shows unit id destroyed. A
// unit merely out of sight (gone behind the detection range, phased out)
// is not: the side was told nothing of it.
func (w *Watcher) destroyed(id rules.UnitID) bool {
	if w.log == nil || id == "" {
		return false
	}
	log := w.log()
	for i := len(log) - 1; i >= 0; i-- {
		if e := log[i]; e.Kind == rules.EventDestroyed && e.Unit == id && e.VisibleTo(w.side) {
			return true
		}
	}
	return false
}

// Seen reports whether the watcher has looked at the game at all.
func (w *Watcher) Seen() bool { return w.health != nil }

// Check returns the first break condition of b that v meets since the
// last Look, or nil.
func (w *Watcher) Check(v *rules.View, b Breaks) *Break {
	if !w.Seen() {
		return &Break{Kind: "decision", Text: "the side has not looked at the game yet"}
	}
	for _, u := range v.Units {
		if u.Side != w.side {
			if b.Seeker && seeker(u) && !w.seekers[u.ID] {
				return &Break{Kind: "seeker", Unit: u.ID, Text: launchText(v, u)}
			}
			continue
		}
		if b.Damaged {
			was, ok := w.health[u.ID]
			now := health(u)
			if ok && (now[0] < was[0] || b.ShieldHits && now[1] < was[1]) {
				return &Break{Kind: "damaged", Unit: u.ID, Text: fmt.Sprintf("%s is damaged", name(u))}
			}
		}
		if b.Held && (u.HeldBy != "" || u.Boarders > 0) && !w.held[u.ID] {
			what := "caught in a tractor beam"
			if u.Boarders > 0 {
				what = "boarded"
			}
			return &Break{Kind: "held", Unit: u.ID, Text: fmt.Sprintf("%s is %s", name(u), what)}
		}
		if b.Rift && w.ghosts[u.ID] && !u.Ghost {
			return &Break{Kind: "rift", Unit: u.ID, Text: fmt.Sprintf("%s phases back in", name(u))}
		}
	}
	if b.SeekerWithin > 0 {
		if id, ok := firstCloser(seekerDistances(v, w.side), w.seekerD, b.SeekerWithin); ok {
			return &Break{Kind: "seeker", Unit: id, Text: fmt.Sprintf("%s comes within %d hexes", seekerWords(v, *unitIn(v, id)), b.SeekerWithin)}
		}
	}
	if b.Objective {
		now := holders(v)
		for i, ob := range objectivesHeld(v) {
			if i < len(w.holders) && now[i] != w.holders[i] {
				return &Break{Kind: "objective", Text: fmt.Sprintf("%s changes hands", objectiveName(ob))}
			}
		}
	}
	if b.Rift {
		for _, r := range v.Rifts {
			if !w.rifts[r.ID] {
				return &Break{Kind: "rift", Text: fmt.Sprintf("a cosmic rift opens at %v", r.Hex)}
			}
		}
	}
	if b.EnemyInReach {
		reach := inReach(v, w.side, 0, 2)
		ids := make([]rules.UnitID, 0, len(reach))
		for id := range reach {
			if !w.inReach[id] {
				ids = append(ids, id)
			}
		}
		if len(ids) > 0 {
			slices.Sort(ids)
			return &Break{Kind: "enemy", Unit: ids[0], Text: fmt.Sprintf("%s comes within reach", reach[ids[0]])}
		}
	}
	if b.EnemyWithin > 0 {
		if id, ok := firstCloser(enemyDistances(v, w.side), w.dist, b.EnemyWithin); ok {
			return &Break{Kind: "enemy", Unit: id, Text: fmt.Sprintf("%s comes within %d hexes", name(*unitIn(v, id)), b.EnemyWithin)}
		}
	}
	return nil
}

// firstCloser returns, in id order, the first unit now within r hexes
// that was not (or was not seen) when the side last looked.
func firstCloser(now, was map[rules.UnitID]int, r int) (rules.UnitID, bool) {
	var ids []rules.UnitID
	for id, d := range now {
		if w, seen := was[id]; d <= r && (!seen || w > r) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return "", false
	}
	return slices.Min(ids), true
}

// enemyDistances gives each enemy ship or base in v its distance to the
// nearest unit of side on its map.
func enemyDistances(v *rules.View, side rules.SideID) map[rules.UnitID]int {
	return distances(v, side, func(e rules.UnitView) bool { return !seeker(e) && e.Kind != rules.KindMine })
}

// distances gives each enemy unit in v that pick takes its distance to
// the nearest unit of side on its map.
func distances(v *rules.View, side rules.SideID, pick func(rules.UnitView) bool) map[rules.UnitID]int {
	out := map[rules.UnitID]int{}
	for _, e := range v.Units {
		if e.Side == side || !pick(e) {
			continue
		}
		for _, own := range v.Units {
			if own.Side != side || own.Ghost || own.Map != e.Map {
				continue
			}
			if d, ok := out[e.ID]; !ok || own.Hex.Distance(e.Hex) < d {
				out[e.ID] = own.Hex.Distance(e.Hex)
			}
		}
	}
	return out
}

// inReach returns the enemy ships and bases (by id, with their names)
// within reach of the weapons of one of side's ships in v, or within
// within hexes of one of its units when within > 0; the reach is taken
// halves/2 times (2: the reach itself, 3: half again).
func inReach(v *rules.View, side rules.SideID, within, halves int) map[rules.UnitID]string {
	out := map[rules.UnitID]string{}
	for _, own := range v.Units {
		if own.Side != side || own.Ghost {
			continue
		}
		r := within
		if r == 0 {
			r = reachOf(own.Class) * halves / 2
		}
		if r == 0 {
			continue
		}
		for _, e := range v.Units {
			if e.Side == side || e.Map != own.Map || seeker(e) || e.Kind == rules.KindMine {
				continue
			}
			if e.Hex.Distance(own.Hex) <= r {
				out[e.ID] = name(e)
			}
		}
	}
	return out
}

// reachOf is the longest range of a class's direct-fire weapons.
func reachOf(id rules.ClassID) int {
	c, ok := rules.LookupClass(id)
	if !ok {
		return 0
	}
	best := 0
	for _, m := range c.Mounts {
		if w, ok := rules.LookupWeapon(m.Weapon); ok {
			best = max(best, w.MaxRange())
		}
	}
	return best
}

func seeker(u rules.UnitView) bool { return u.Kind == rules.KindDrone || u.Kind == rules.KindPlasma }

// health is a unit's armor, excess capacity and internal boxes, and its
// shields: what a hit takes away.
func health(u rules.UnitView) [2]int {
	inner := u.Armor + u.Excess
	if u.Detail != nil {
		inner += u.Detail.Boxes.Total()
	}
	sh := 0
	for _, s := range u.Shields {
		sh += s
	}
	return [2]int{inner, sh}
}

// launchText says which seeking weapon the side sees launched, as far
// as its view shows it: "Ironclaw launches a drone at Swift", without
// the launcher or the target it does not see.
func launchText(v *rules.View, u rules.UnitView) string {
	what := seekerKind(u)
	launcher, seen := launcherOf(v, u)
	target := ""
	if t := unitIn(v, u.Target); u.Target != "" && t != nil {
		target = " at " + name(*t)
	}
	if !seen {
		return fmt.Sprintf("a %s is launched%s", what, target)
	}
	return fmt.Sprintf("%s launches a %s%s", name(launcher), what, target)
}

// seekerWords names a seeking weapon for a break: "a drone from
// Ironclaw", or "a drone" when the side does not see its launcher.
func seekerWords(v *rules.View, u rules.UnitView) string {
	if l, seen := launcherOf(v, u); seen {
		return fmt.Sprintf("a %s from %s", seekerKind(u), name(l))
	}
	return "a " + seekerKind(u)
}

// seekerKind is what a seeking weapon is, in lower case: its name
// ("drone"), else "seeking weapon".
func seekerKind(u rules.UnitView) string {
	if u.Name == "" {
		return "seeking weapon"
	}
	return strings.ToLower(u.Name)
}

// launcherOf is the unit that launched the seeking weapon u, when the
// side sees it (a seeker's id begins with its launcher's).
func launcherOf(v *rules.View, u rules.UnitView) (rules.UnitView, bool) {
	from, _, ok := strings.Cut(string(u.ID), ".")
	if !ok {
		return rules.UnitView{}, false
	}
	if l := unitIn(v, rules.UnitID(from)); l != nil {
		return *l, true
	}
	return rules.UnitView{}, false
}

func name(u rules.UnitView) string {
	if u.Name != "" {
		return u.Name
	}
	return string(u.ID)
}

// seekerDistances gives each enemy seeking weapon in v its distance to
// the nearest unit of side on its map.
func seekerDistances(v *rules.View, side rules.SideID) map[rules.UnitID]int {
	return distances(v, side, seeker)
}

// objectivesHeld lists the objectives with an area to hold, in view order.
func objectivesHeld(v *rules.View) []rules.Objective {
	var out []rules.Objective
	for _, ob := range v.Objectives {
		if ob.Kind == rules.ObjectiveHold && ob.Area {
			out = append(out, ob)
		}
	}
	return out
}

// holders says, for each objective of objectivesHeld, which side alone
// has ships or bases in its area as the side's view shows it ("" when
// none or several).
func holders(v *rules.View) []rules.SideID {
	obs := objectivesHeld(v)
	out := make([]rules.SideID, len(obs))
	for i, ob := range obs {
		var holder rules.SideID
		for _, u := range v.Units {
			if u.Ghost || seeker(u) || u.Kind == rules.KindMine || (ob.Map != "" && u.Map != ob.Map) || u.Hex.Distance(ob.Hex) > ob.Radius {
				continue
			}
			if holder == "" {
				holder = u.Side
			} else if holder != u.Side {
				holder = "-" // contested
			}
		}
		if holder == "-" {
			holder = ""
		}
		out[i] = holder
	}
	return out
}

func objectiveName(ob rules.Objective) string {
	if ob.Name != "" {
		return ob.Name
	}
	return fmt.Sprintf("the objective at %v", ob.Hex)
}
