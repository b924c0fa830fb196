package scenarios_test

import (
	"errors"
	"fmt"

	"github.com/hexrift/hexrift/scenarios"
)

func ExampleLoad() {
	data := []byte(`id: skirmish
name: Skirmish
sides:
  - {id: blue}
units:
  - {id: a, side: blue, class: fed-cruiser, hex: "2,3", facing: Q}
  - {id: b, side: bleu, class: fed-frigate, hex: "4,3"}
`)
	_, err := scenarios.Load("skirmish.yaml", data)
	var ps scenarios.Problems
	if errors.As(err, &ps) {
		for _, p := range ps {
			fmt.Println(p)
		}
	}
	// Output:
	// skirmish.yaml:6:65: units[0].facing: "Q" is not one of A, B, C, D, E, F
	// skirmish.yaml:7:19: units[1].side: unknown side "bleu" (did you mean "blue"?); the sides are blue
}

func ExampleBundled() {
	for _, in := range scenarios.Bundled() {
		fmt.Println(in.ID, "-", in.Name)
	}
	// Output:
	// first-contact - First Contact
	// ashfall-convoy - The Ashfall Convoy
	// carrier-duel - Carrier Duel
	// corsair-haven - Corsair Haven
	// dark-harbour - Dark Harbour
	// derelict-yard - The Derelict Yard
	// drill-gravity - Drill: Gravity Rifts
	// drill-phase - Drill: Phase Space
	// drill-rift - Drill: Cosmic Rift
	// ember-line - The Ember Line
	// maw-crossing - Maw Crossing
	// moon-shadow - Moon Shadow
	// phase-drift - Phase Drift
	// rift-gate - The Rift Gate
	// rift-run - Rift Run
	// siege-of-bastion - Siege of Bastion
	// storm-front - Storm Front
	// three-crowns - Three Crowns
	// veil-of-storms - Veil of Storms
	// velari-outpost - The Velari Outpost
}
