package game

import (
	"regexp"
	"strings"

	"github.com/hexrift/hexrift/rules"
)

// seekerLaunch is what a seeker's launch event told the viewer: the
// seeker's kind in lower case ("drone") and its launcher's and target's
// names.
type seekerLaunch struct {
	kind, launcher, target string
}

// launchSeen reads a seeker's launch event, "Kestrel launches drone
// kestrel.d6.2 at Hawk" (rules' execLaunches): the event is about the
// seeker and its text names the launcher, the kind and the target.
func launchSeen(e rules.Event) (rules.UnitID, seekerLaunch, bool) {
	if e.Kind != rules.EventNote || !strings.Contains(string(e.Unit), ".") {
		return "", seekerLaunch{}, false
	}
	before, after, ok := strings.Cut(e.Text, " "+string(e.Unit))
	if !ok {
		return "", seekerLaunch{}, false
	}
	launcher, kind, ok := strings.Cut(before, " launches ")
	if !ok || launcher == "" || kind == "" {
		return "", seekerLaunch{}, false
	}
	return e.Unit, seekerLaunch{kind: kind, launcher: launcher, target: strings.TrimPrefix(after, " at ")}, true
}

// logSeekerNames names the seekers whose launch the events show, as the
// declarations panel names them ("Drone from Ironclaw at Swift (1)"),
// numbered in the order of their launches. The names come only from the
// launch lines the viewer was shown, so they tell it nothing more.
func logSeekerNames(events []rules.Event) map[rules.UnitID]string {
	launches := map[rules.UnitID]seekerLaunch{}
	var ids []rules.UnitID
	for _, e := range events {
		if id, l, ok := launchSeen(e); ok {
			if _, dup := launches[id]; !dup {
				ids = append(ids, id)
			}
			launches[id] = l
		}
	}
	return distinctNamesBy(ids,
		func(id rules.UnitID) string { l := launches[id]; return seekerFrom(capitalized(l.kind), l.launcher) },
		func(id rules.UnitID) string { return launches[id].target })
}

// launchLine is a launch event's line with the seeker named: "Kestrel
// launches Drone from Kestrel at Hawk", the target said once where the
// name already says it ("Ironclaw launches Drone from Ironclaw at Swift
// (1)"); false when e is no launch the names know.
func launchLine(e rules.Event, names map[rules.UnitID]string) (string, bool) {
	id, l, ok := launchSeen(e)
	name, known := names[id]
	if !ok || !known {
		return "", false
	}
	text := l.launcher + " launches " + name
	if l.target != "" && !strings.Contains(name, " at "+l.target) {
		text += " at " + l.target
	}
	return text, true
}

// seekerIDWord matches a seeker's id in a log text ("kestrel.d6.2"), as
// the rules name launched units, with the kind that may precede it
// ("drone kestrel.d6.2").
var seekerIDWord = regexp.MustCompile(`(?:(drone|plasma torpedo) )?\b([A-Za-z0-9_-]+\.[dp][0-9]+\.[0-9]+)\b`)

// namedLog returns a log text with each seeker's id (and the kind before
// it) put as names give it; a seeker the viewer did not see launched is
// its kind, or "Seeker", never its id.
func namedLog(text string, names map[rules.UnitID]string) string {
	if !strings.Contains(text, ".") {
		return text
	}
	return seekerIDWord.ReplaceAllStringFunc(text, func(w string) string {
		m := seekerIDWord.FindStringSubmatch(w)
		if n, ok := names[rules.UnitID(m[2])]; ok {
			return n
		}
		if m[1] != "" {
			return capitalized(m[1])
		}
		return "Seeker"
	})
}

// capitalized returns s with its first letter in upper case.
func capitalized(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
