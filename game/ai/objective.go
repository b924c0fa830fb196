package ai

import (
	"slices"

	"github.com/hexrift/hexrift/rules"
)

// Scenario objectives (rules.Objective, public in every view) are points
// on top of the BPV destroyed, so the computer players weigh them too: a
// unit whose loss scores an objective is a better target and guards
// itself more, and a side moves toward the areas it must hold or exit by.

// objectiveScale turns objective points into the weights of plan scoring:
// 100 points count as one unit of weight, and no objective more than 3.
func objectiveScale(points int) float64 {
	return min(float64(max(points, 0)), 300) / 100
}

// stake is the points riding on unit id for the side: what the side
// scores when the unit is destroyed (its destroy objectives, the other
// sides' protect objectives) when the unit is an enemy's, and what it
// loses (its protect objectives, the others' destroy objectives) when it
// is its own.
func (k *knowledge) stake(id rules.UnitID) int {
	pts := 0
	for _, o := range k.v.Objectives {
		if (o.Kind == rules.ObjectiveDestroy || o.Kind == rules.ObjectiveProtect) && slices.Contains(o.Units, id) {
			pts += o.Points
		}
	}
	return pts
}

// lateness is how far the game has run toward its turn limit, 0 to 1
// (one half without a limit): hold objectives are judged at the end.
func (k *knowledge) lateness() float64 {
	lim := k.v.Ruleset.TurnLimit
	if lim <= 0 {
		return 0.5
	}
	return min(float64(k.v.Clock.Turn)/float64(lim), 1)
}

// objectiveScore weighs where a plan leaves own unit u against the
// side's objectives: closing on the units it must destroy, reaching the
// areas it must hold (more as the end nears), and, for a unit that must
// leave the battle, reaching the exit area.
func (p *Player) objectiveScore(k *knowledge, u *rules.UnitView, end pose) float64 {
	score := 0.0
	for _, o := range k.v.Objectives {
		w := objectiveScale(o.Points)
		switch {
		case k.wantsDestroyed(o):
			c := k.class(u.Class)
			if c == nil || len(c.Mounts) == 0 {
				continue
			}
			for _, id := range o.Units {
				t := k.unit(id)
				if t == nil || t.Side == k.side || t.Status != rules.StatusOnMap || t.Ghost || t.Map != end.Map {
					continue
				}
				if d, pr := end.Hex.Distance(t.Hex), prefRange(c); d > pr {
					score -= 0.25 * w * float64(d-pr)
				}
			}
		case o.Kind == rules.ObjectiveExit && o.Side == k.side && !o.Area && slices.Contains(o.Units, u.ID):
			// Only a withdrawal through a gravity rift takes it out:
			// to the nearest rift, where it withdraws (declare.go).
			if d, ok := k.nearestRift(end.Map, end.Hex); ok && d > 0 {
				score -= 0.3 * w * float64(d)
			} else if ok {
				score += w
			}
		case o.Side != k.side || !o.Area || o.Map != end.Map:
		case o.Kind == rules.ObjectiveHold:
			if d := end.Hex.Distance(o.Hex) - o.Radius; d > 0 {
				score -= 0.1 * w * (0.5 + k.lateness()) * float64(d)
			}
		case o.Kind == rules.ObjectiveExit && (len(o.Units) == 0 || slices.Contains(o.Units, u.ID)):
			// Leaving is the whole of such a unit's task: the pull is
			// strong enough to run past enemy fire.
			if d := end.Hex.Distance(o.Hex) - o.Radius; d > 0 {
				score -= 0.8 * w * float64(d)
			} else {
				score += 3 * w
			}
		}
	}
	return score
}

// assaulting reports whether the side has a unit to destroy for an
// objective still standing: an assault accepts more fire taken.
// It is the same for every plan of a decision, so it is worked out once.
func (k *knowledge) assaulting() bool {
	if k.assault == nil {
		a := false
		for _, o := range k.v.Objectives {
			if !k.wantsDestroyed(o) {
				continue
			}
			for _, id := range o.Units {
				if t := k.unit(id); t != nil && t.Side != k.side && t.Status == rules.StatusOnMap {
					a = true
				}
			}
		}
		k.assault = &a
	}
	return *k.assault
}

// wantsDestroyed reports whether objective o scores for the side when its
// units are destroyed: the side's destroy objectives and the other sides'
// protect objectives.
func (k *knowledge) wantsDestroyed(o rules.Objective) bool {
	return o.Kind == rules.ObjectiveDestroy && o.Side == k.side || o.Kind == rules.ObjectiveProtect && o.Side != k.side
}

// nearestRift returns the distance from h to the nearest gravity rift
// hex of map m (public terrain), and false when the map has none.
func (k *knowledge) nearestRift(m rules.MapID, h rules.Hex) (int, bool) {
	mp := k.v.Map(m)
	if mp == nil || mp.Terrain == nil {
		return 0, false
	}
	best, found := 0, false
	for _, sys := range mp.Terrain.Systems {
		if !sys.Rift {
			continue
		}
		for _, x := range sys.Shape.Hexes {
			if d := h.Distance(x); !found || d < best {
				best, found = d, true
			}
		}
		if sys.Shape.IsDisc() {
			if d := max(h.Distance(sys.Shape.Center)-sys.Shape.Radius, 0); !found || d < best {
				best, found = d, true
			}
		}
	}
	return best, found
}

// returnWeight is the weight of the return objectives still to be met
// that list own unit u, when u has not been through a cosmic rift yet: it
// is to go through one and come back (riftScore); 0 otherwise.
func (k *knowledge) returnWeight(u *rules.UnitView) float64 {
	if u.Crossed || u.Away {
		return 0
	}
	w := 0.0
	for _, o := range k.v.Objectives {
		if o.Kind != rules.ObjectiveReturn || o.Side != k.side || !slices.Contains(o.Units, u.ID) {
			continue
		}
		need, back := len(o.Units), 0
		if o.Count > 0 {
			need = min(o.Count, need)
		}
		for _, id := range o.Units {
			if v := k.unit(id); v != nil && v.Crossed && !v.Away && v.Status == rules.StatusOnMap {
				back++
			}
		}
		if back < need {
			w += objectiveScale(o.Points)
		}
	}
	return w
}

// goalBound reports whether own unit u has an objective that asks it to
// go somewhere: out of the battle, or through a cosmic rift and back.
// Such a unit moves at full speed.
func (k *knowledge) goalBound(u *rules.UnitView) bool {
	return k.wantsOut(u) || k.returnWeight(u) > 0
}
