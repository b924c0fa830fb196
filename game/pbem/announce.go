package pbem

import (
	"fmt"
	"slices"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
)

// Announcements. Every machine plays the public game alike, and a secret
// only on the machines that know it (rules.WithPeer): a machine that
// reaches a point at which a secret of another side's may have done
// something it cannot compute waits there (stretch.Need) for that side's
// word, an announcement: nothing of its secrets that the announcement
// does not tell happened at any point up to Through (or at its mine
// points up to MinePoints). What did happen (a unit phased in, a mine
// went off, a rift's time came) the announcement tells, with the proofs
// of the secret's dice for every round they rolled and the side's sealed
// orders for each unit told: every machine then knows the secret from
// the start (knowledge.go) and computes it, and the game checks what the
// announcement says against what it computes as it plays the round
// (checkRound), when the file is opened. A false phase-in, set-off or
// rift news is refused there, naming the side and what is false; a
// secret an announcement kept back is caught when its proofs come, or
// at the end by the side's key.

// Limits of one announcement, far beyond what a stretch gives.
const (
	maxTold   = 4096
	maxProofs = 16384
)

// announced is one announcement of a round, read.
type announced struct {
	Seq  int
	Side rules.SideID
	// What names the message, as a Cheat does.
	What       string
	Through    rules.Clock
	MinePoints int
	PhaseIns   []told
	Rifts      []told
	Mines      []wire.MineNews
	Proofs     []wire.Proof
}

// told is one phase-in or rift news an announcement tells: when, by
// which clause, and of which unit (a phase-in) or the absolute impulse
// the rift was raised (rift news).
type told struct {
	Unit   rules.UnitID
	Raised int
	Clock  rules.Clock
	Clause string
}

// announce takes a side's announcement of what its secrets did in the
// round's stretch, and plays the stretch on with it.
func (g *Game) announce(side rules.SideID, seq int, what string, b *wire.Announce) error {
	switch {
	case b.Round != g.Round:
		return fmt.Errorf("the game is at round %d: an announcement for round %d is stale or replayed", g.Round, b.Round)
	case g.pending == nil:
		return fmt.Errorf("an announcement before every side has revealed its orders of round %d", g.Round)
	case len(b.PhaseIns)+len(b.Rifts)+len(b.Mines) > maxTold || len(b.Proofs)+len(b.Limbo) > maxProofs:
		return fmt.Errorf("it tells more than a stretch can give")
	}
	if err := g.know.bad[seq]; err != nil {
		return err
	}
	an, err := readAnnouncement(side, seq, what, b)
	if err != nil {
		return err
	}
	if err := g.provedAsTold(an, b); err != nil {
		return err
	}
	before := g.pending
	g.announced = append(g.announced, an)
	r := &g.played[len(g.played)-1]
	r.Announced = append(r.Announced, an)
	err = g.playRound()
	if err == nil {
		if c := g.checkRound(g.pending, false); c != nil {
			err = c
		}
	}
	if err != nil {
		g.announced = g.announced[:len(g.announced)-1]
		r.Announced = r.Announced[:len(r.Announced)-1]
		g.pending = before
		return err
	}
	return nil
}

// readAnnouncement reads an announcement's clocks and claims.
func readAnnouncement(side rules.SideID, seq int, what string, b *wire.Announce) (announced, error) {
	an := announced{Seq: seq, Side: side, What: what, MinePoints: b.MinePoints, Mines: b.Mines, Proofs: b.Proofs}
	var err error
	if an.Through, err = clockOf(b.Through); err != nil {
		return an, fmt.Errorf("field through: %v", err)
	}
	if b.MinePoints < 0 {
		return an, fmt.Errorf("field mine_points is negative")
	}
	for i, p := range b.PhaseIns {
		c, err := clockOf(p.Clock)
		if err != nil {
			return an, fmt.Errorf("field phase_ins: phase-in %d: %v", i+1, err)
		}
		an.PhaseIns = append(an.PhaseIns, told{Unit: rules.UnitID(p.Unit), Clock: c, Clause: p.Clause})
	}
	for i, n := range b.Rifts {
		c, err := clockOf(n.Clock)
		if err != nil {
			return an, fmt.Errorf("field rifts: news %d: %v", i+1, err)
		}
		an.Rifts = append(an.Rifts, told{Raised: n.Raised, Clock: c, Clause: n.Clause})
	}
	return an, nil
}

// provedAsTold checks that an announcement proves the dice of exactly the
// secrets it tells of, and opens the side's orders for each unit it tells
// of for every round its proofs are of.
func (g *Game) provedAsTold(an announced, b *wire.Announce) error {
	claimed := map[string]bool{}
	units := map[rules.UnitID]bool{}
	for _, p := range an.PhaseIns {
		units[p.Unit] = true
	}
	for _, n := range an.Rifts {
		claimed[rules.RiftSubject(an.Side, n.Raised)] = true
	}
	for _, n := range an.Mines {
		claimed[rules.MineSubject(rules.UnitID(n.Mine))] = true
	}
	proved := map[string]bool{}
	phased := map[rules.UnitID]bool{}
	for _, p := range an.Proofs {
		proved[p.Subject] = true
		if u, ok := rules.SubjectUnit(p.Subject); ok && p.Subject != rules.MineSubject(u) {
			if !units[u] {
				return fmt.Errorf("field proofs: it proves %s's dice of %s, and tells no phase-in of %s", an.Side, p.Subject, u)
			}
			phased[u] = true
			continue
		}
		if !claimed[p.Subject] {
			return fmt.Errorf("field proofs: it proves %s's dice of %s, and tells nothing of it", an.Side, p.Subject)
		}
	}
	for _, u := range slices.Sorted(mapKeys(units)) {
		if !phased[u] {
			return fmt.Errorf("field proofs: it tells %s's phase-in and proves none of its dice: every machine must be able to play its time out of phase", u)
		}
		// Every order sealed for the unit and not opened yet was given
		// in its time out of phase now told (a unit's seals of an earlier
		// time out of phase were opened as it phased in).
		for _, r := range slices.Sorted(mapKeys(g.limboSeals[an.Side])) {
			if _, sealed := g.limboSeals[an.Side][r][u]; !sealed || r > g.Round {
				continue
			}
			if _, ok := g.know.limboOf(an.Side, r, u); !ok {
				return fmt.Errorf("field limbo: it tells %s's phase-in and does not open %s's orders for it in round %d, which its commit sealed: its time out of phase cannot be played", u, an.Side, r)
			}
		}
	}
	for s := range claimed {
		if !proved[s] {
			return fmt.Errorf("field proofs: it tells of %s and proves none of its dice", s)
		}
	}
	return nil
}

// seenSecrets counts what of the secrets this machine knows the rounds
// accepted so far gave.
type seenSecrets struct{ made, rifts, mines int }

// checkRound checks the current round's announcements against what this
// machine computed of the secrets it knows in the round's stretch s (the
// whole truth on a verifier's), side by side: each must tell exactly what
// came of them within its reach. final checks, once the round is over,
// that nothing of them was left untold.
func (g *Game) checkRound(s *stretch, final bool) *Cheat {
	seen, said := g.seen, g.announced
	if c := checkNews(said, s.Secrets.Made[min(seen.made, len(s.Secrets.Made)):], final, news[told, rules.Arrival]{
		side: func(a rules.Arrival) rules.SideID { return a.Side },
		due:  func(an announced, a rules.Arrival) bool { return !an.Through.Before(a.Clock) },
		told: func(an announced) []told { return an.PhaseIns },
		same: func(t told, a rules.Arrival) bool {
			return t.Unit == a.Unit && t.Clock == a.Clock && t.Clause == a.Clause
		},
		fact: func(a rules.Arrival) string { return fmt.Sprintf("%s phases in at %s (%s)", a.Unit, a.Clock, a.Clause) },
		word: func(t told) string { return fmt.Sprintf("%s phases in at %s (%s)", t.Unit, t.Clock, t.Clause) },
	}); c != nil {
		return c
	}
	if c := checkNews(said, s.Secrets.Rifts[min(seen.rifts, len(s.Secrets.Rifts)):], final, news[told, rules.RiftNews]{
		side: func(n rules.RiftNews) rules.SideID { return n.Side },
		due:  func(an announced, n rules.RiftNews) bool { return !an.Through.Before(n.Clock) },
		told: func(an announced) []told { return an.Rifts },
		same: func(t told, n rules.RiftNews) bool {
			return t.Raised == n.Raised && t.Clock == n.Clock && t.Clause == n.Clause
		},
		fact: func(n rules.RiftNews) string {
			return fmt.Sprintf("the cosmic rift raised at impulse %d was due at %s (%s)", n.Raised, n.Clock, riftOutcome(n.Clause))
		},
		word: func(t told) string {
			return fmt.Sprintf("the cosmic rift raised at impulse %d was due at %s (%s)", t.Raised, t.Clock, riftOutcome(t.Clause))
		},
	}); c != nil {
		return c
	}
	return checkNews(said, s.Secrets.Mines[min(seen.mines, len(s.Secrets.Mines)):], final, news[wire.MineNews, rules.MineNews]{
		side: func(n rules.MineNews) rules.SideID { return n.Side },
		due:  func(an announced, n rules.MineNews) bool { return n.Point <= an.MinePoints },
		told: func(an announced) []wire.MineNews { return an.Mines },
		same: func(t wire.MineNews, n rules.MineNews) bool { return t.Point == n.Point && t.Mine == string(n.Mine) },
		fact: func(n rules.MineNews) string {
			return fmt.Sprintf("mine %s went off at %s as %s entered %v (its mine point %d)", n.Mine, n.Clock, n.Unit, n.Hex, n.Point)
		},
		word: func(t wire.MineNews) string {
			return fmt.Sprintf("mine %s went off at its mine point %d", t.Mine, t.Point)
		},
	})
}

// riftOutcome says in words what came of a pending rift, by the clause
// of its news.
func riftOutcome(clause string) string {
	switch clause {
	case "IP4.25":
		return "it formed, IP4.25"
	case "IP4.232":
		return "no unit to place it from, IP4.232"
	case "IP4.233":
		return "too near point terrain, IP4.233"
	case "IP4.29":
		return "too near a recent rift, IP4.29"
	}
	return clause
}

// news is one kind of what a side's announcements tell of its secrets
// (phase-ins, rift news, mine set-offs), T as told and N as computed: how
// checkNews reads it.
type news[T, N any] struct {
	// side is the side whose secret n is; due reports whether an
	// announcement reaches n; told is what an announcement says; same
	// whether a told item is n; fact and word say n and a told item in
	// words, for a cheat.
	side func(n N) rules.SideID
	due  func(an announced, n N) bool
	told func(an announced) []T
	same func(t T, n N) bool
	fact func(n N) string
	word func(t T) string
}

// checkNews checks a round's announcements against what came of the
// secrets of one kind this machine knows (truth, in order), side by
// side: each announcement must tell, in order, exactly what came of them
// past the side's announcements before it and within its reach. Items it
// tells of secrets this machine does not know cannot be (every told
// secret is proved). With final set, truth left untold by the round's
// last announcement of its side is named too.
func checkNews[T, N any](said []announced, truth []N, final bool, k news[T, N]) *Cheat {
	bySide := map[rules.SideID][]N{}
	for _, n := range truth {
		bySide[k.side(n)] = append(bySide[k.side(n)], n)
	}
	done := map[rules.SideID]int{}
	last := map[rules.SideID]announced{}
	for _, an := range said {
		var due []N
		for _, n := range bySide[an.Side][done[an.Side]:] {
			if !k.due(an, n) {
				break
			}
			due = append(due, n)
		}
		got := k.told(an)
		for i := range max(len(got), len(due)) {
			var why string
			switch {
			case i >= len(got):
				why = k.fact(due[i]) + ", and the announcement does not say so"
			case i >= len(due):
				why = "it says " + k.word(got[i]) + ", which the rules, played with the dice it proves, do not give"
			case !k.same(got[i], due[i]):
				why = "it says " + k.word(got[i]) + "; played with the dice it proves, the rules give: " + k.fact(due[i])
			}
			if why != "" {
				return &Cheat{Seq: an.Seq, Side: string(an.Side), What: an.What, Why: "a false announcement: " + why}
			}
		}
		done[an.Side] += len(due)
		last[an.Side] = an
	}
	if !final {
		return nil
	}
	for _, sd := range slices.Sorted(mapKeys(bySide)) {
		if done[sd] >= len(bySide[sd]) {
			continue
		}
		n := bySide[sd][done[sd]]
		an, ok := last[sd]
		if !ok {
			return &Cheat{Side: string(sd), What: fmt.Sprintf("%s's announcements", sd), Why: k.fact(n) + " and no announcement of the round says so"}
		}
		return &Cheat{Seq: an.Seq, Side: string(an.Side), What: an.What, Why: "a false announcement: " + k.fact(n) + ", which no announcement says"}
	}
	return nil
}

// dueAnnouncement returns the announcement the machine's side owes the
// other machines in the current round's stretch, or nil: what its
// secrets did at the points of the stretch it played (through the point
// the other machines wait at, or to the end), once it passed a point past
// its last announcement at which it had a secret, or waits at one; and
// the units told whose sealed orders it must open, with the rounds.
func (g *Game) dueAnnouncement() (*wire.Announce, []openingsFor) {
	s := g.pending
	if s == nil || g.me == "" || g.keyed {
		return nil, nil
	}
	var last rules.Clock
	had := false
	reach := g.State.MineReach(g.me)
	for _, an := range g.announced {
		if an.Side == g.me {
			last, had, reach = an.Through, true, an.MinePoints
		}
	}
	if !had {
		last, had = g.State.Reach(g.me)
	}
	after := func(c rules.Clock) bool { return !had || last.Before(c) }
	var through rules.Clock
	due := false
	if s.Need != nil {
		through, due = s.Need.Clock, after(s.Need.Clock)
	} else {
		// A stretch stopped before a step tells what happened in that
		// step too, so that every machine stops there.
		through = s.Reached.Clock
		for _, p := range s.Reached.PhasePoints()[len(g.State.PhasePoints()):] {
			if slices.Contains(p.Sides, g.me) && after(p.Clock) {
				due = true
			}
		}
	}
	mine := 0
	for _, p := range s.Secrets.MinePoints {
		if p.Side == g.me {
			mine++
		}
	}
	if mine > reach {
		due = true
	}
	if !due {
		return nil, nil
	}
	an := &wire.Announce{Round: g.Round, Through: wireClock(through), MinePoints: max(mine, reach)}
	start := g.State.Clock
	subjects := map[string]bool{}
	var units []rules.UnitID
	for _, a := range s.Secrets.Made[min(g.seen.made, len(s.Secrets.Made)):] {
		if a.Side == g.me && !a.Clock.Before(start) && after(a.Clock) && !through.Before(a.Clock) {
			an.PhaseIns = append(an.PhaseIns, wire.PhaseIn{Unit: string(a.Unit), Clock: wireClock(a.Clock), Clause: a.Clause})
			subjects[a.Subject] = true
			units = append(units, a.Unit)
		}
	}
	for _, n := range s.Secrets.Rifts[min(g.seen.rifts, len(s.Secrets.Rifts)):] {
		if n.Side == g.me && after(n.Clock) && !through.Before(n.Clock) {
			an.Rifts = append(an.Rifts, wire.RiftNews{Raised: n.Raised, Clock: wireClock(n.Clock), Clause: n.Clause})
			subjects[rules.RiftSubject(n.Side, n.Raised)] = true
		}
	}
	for _, n := range s.Secrets.Mines[min(g.seen.mines, len(s.Secrets.Mines)):] {
		if n.Side == g.me && n.Point > reach && n.Point <= an.MinePoints {
			an.Mines = append(an.Mines, wire.MineNews{Point: n.Point, Mine: string(n.Mine)})
			subjects[rules.MineSubject(n.Mine)] = true
		}
	}
	for _, subject := range slices.Sorted(mapKeys(subjects)) {
		proofs := g.dice.proofs(g.me, subject)
		for _, r := range slices.Sorted(mapKeys(proofs)) {
			an.Proofs = append(an.Proofs, wire.Proof{Round: r, Subject: subject, Proof: proofs[r]})
		}
	}
	var open []openingsFor
	for _, u := range units {
		// Every order sealed for it not yet opened: those of this time
		// out of phase.
		var rounds []int
		for _, r := range slices.Sorted(mapKeys(g.limboSeals[g.me])) {
			if _, sealed := g.limboSeals[g.me][r][u]; sealed && r <= g.Round {
				if _, opened := g.know.limboOf(g.me, r, u); !opened {
					rounds = append(rounds, r)
				}
			}
		}
		open = append(open, openingsFor{unit: u, rounds: rounds})
	}
	return an, open
}

// openingsFor asks for the side's orders for unit in rounds to be opened
// with its announcement (Seat.auto).
type openingsFor struct {
	unit   rules.UnitID
	rounds []int
}
