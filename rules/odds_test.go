package rules

import (
	"math"
	"strings"
	"testing"
)

// The odds a player is shown for a shot are the odds the fire resolution
// plays: over many seeded games, the share of hits matches Sixths/6, and
// every refusal of ShotOdds is a refusal of the fire command too.
func TestShotOddsMatchResolution(t *testing.T) {
	const trials = 1200
	var want float64
	hits := 0
	for seed := uint64(1); seed <= trials; seed++ {
		s, err := NewState(testSetup(
			ship("a", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
			ship("z", "red", "kor-raider", Hex{0, -3}, DirD, 0)), seed)
		if err != nil {
			t.Fatal(err)
		}
		arm(s.Unit("a"))
		atFire(s)
		shot := Shot{Attacker: "a", Mount: 0, Target: "z"}
		o, err := s.ShotOdds(shot)
		if err != nil {
			t.Fatalf("odds: %v", err)
		}
		if o.Range != 3 || o.Sixths < 1 || o.Sixths > 5 {
			t.Fatalf("odds %+v: want range 3 and a chance strictly between 0 and 1", o)
		}
		want = o.Chance()
		if err := s.Check(Command{Kind: CmdFire, Side: "blue", Shots: []Shot{shot}}); err != nil {
			t.Fatalf("check: %v", err)
		}
		before := s.Unit("z").Ship.Shields[o.Shield-1] + s.Unit("z").Ship.Armor
		damaged := false
		for _, e := range append(mustApply(t, s, Command{Kind: CmdFire, Side: "blue", Shots: []Shot{shot}}), s.Advance()...) {
			if e.Kind == EventDamage && e.Unit == "z" {
				damaged = true
			}
		}
		for s.Expecting() == CmdFire || s.Expecting() == CmdEvade {
			for _, sd := range s.Pending() {
				for _, e := range mustApply(t, s, Command{Kind: s.Expecting(), Side: sd}) {
					if e.Kind == EventDamage && e.Unit == "z" {
						damaged = true
					}
				}
			}
		}
		after := s.Unit("z").Ship.Shields[o.Shield-1] + s.Unit("z").Ship.Armor
		if damaged || after < before {
			hits++
		}
	}
	got := float64(hits) / trials
	t.Logf("hit rate %.3f, odds %.3f", got, want)
	sd := math.Sqrt(want * (1 - want) / trials)
	if math.Abs(got-want) > 4*sd {
		t.Fatalf("hit rate %.3f over %d shots, the odds said %.3f (4 sd = %.3f)", got, trials, want, 4*sd)
	}
}

func TestShotOddsRefusesWhatFireRefuses(t *testing.T) {
	s := newTestState(t,
		ship("a", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
		ship("z", "red", "kor-raider", Hex{0, -40}, DirD, 0))
	arm(s.Unit("a"))
	atFire(s)
	for _, sh := range []Shot{
		{Attacker: "a", Mount: 0, Target: "z"},  // out of range
		{Attacker: "a", Mount: 99, Target: "z"}, // no such mount
		{Attacker: "a", Mount: 0, Target: "a"},  // itself
		{Attacker: "nobody", Mount: 0, Target: "z"},
	} {
		_, oddsErr := s.ShotOdds(sh)
		checkErr := s.Check(Command{Kind: CmdFire, Side: "blue", Shots: []Shot{sh}})
		if oddsErr == nil || checkErr == nil {
			t.Errorf("%v: odds error %v, check error %v; both must refuse", sh, oddsErr, checkErr)
		}
	}
}

// The chance a fire roll records is the chance ShotOdds showed when the
// shot was declared, an ion storm's modifier included, and Came is its
// verdict.
func TestFireRollRecordsTheOddsShown(t *testing.T) {
	for _, tc := range []struct {
		name  string
		storm bool
		want  int // the hit faces of a phaser at range 3
	}{
		{"open space", false, 4},
		{"target in an ion storm", true, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 12; seed++ {
				setup := testSetup(
					ship("a", "blue", "fed-cruiser", Hex{0, 0}, DirA, 0),
					ship("z", "red", "kor-raider", Hex{0, -3}, DirD, 0))
				if tc.storm {
					setup.Maps[0].Terrain = &Terrain{Regions: []Region{{ID: "storm", Kind: RegionIonStorm, Shape: DiscShape(Hex{0, -3}, 1)}}}
				}
				s, err := NewState(setup, seed)
				if err != nil {
					t.Fatal(err)
				}
				arm(s.Unit("a"))
				atFire(s)
				shot := Shot{Attacker: "a", Mount: 0, Target: "z"}
				o, err := s.ShotOdds(shot)
				if err != nil {
					t.Fatal(err)
				}
				if o.Sixths != tc.want {
					t.Fatalf("ShotOdds %+v: want %d sixths", o, tc.want)
				}
				evs := append(mustApply(t, s, Command{Kind: CmdFire, Side: "blue", Shots: []Shot{shot}}), s.Advance()...)
				for s.Expecting() == CmdFire || s.Expecting() == CmdEvade {
					for _, sd := range s.Pending() {
						evs = append(evs, mustApply(t, s, Command{Kind: s.Expecting(), Side: sd})...)
					}
				}
				var roll *Event
				hit := false
				for i, e := range evs {
					if e.Kind == EventRoll && e.Clause == "X4.IMP.D" && e.Unit == "a" {
						roll = &evs[i]
					}
					if e.Kind == EventFire && e.Unit == "a" && strings.Contains(e.Text, "hits for") {
						hit = true
					}
				}
				if roll == nil {
					t.Fatal("no fire roll")
				}
				if roll.Chance != (Chance{In: int16(o.Sixths), Of: 6, Came: hit}) {
					t.Fatalf("seed %d: roll %s records %+v; odds shown %d/6, hit %v", seed, roll.Roll, roll.Chance, o.Sixths, hit)
				}
			}
		})
	}
}
