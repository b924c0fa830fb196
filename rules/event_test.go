package rules

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestEventKindNames checks that every event kind writes and reads as
// its name in JSON, and that an unknown name is refused.
func TestEventKindNames(t *testing.T) {
	for k := EventRoll; k <= EventStorm; k++ {
		e := Event{Seq: 1, Kind: k, Text: "x"}
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		if want := `"kind":"` + k.String() + `"`; k.String() == "" || !strings.Contains(string(b), want) {
			t.Fatalf("kind %d writes %s, want %s", k, b, want)
		}
		var back Event
		if err := json.Unmarshal(b, &back); err != nil || back.Kind != k {
			t.Fatalf("kind %s reads back as %v (%v)", k, back.Kind, err)
		}
	}
	if EventRoll.String() != "roll" || EventStorm.String() != "storm" {
		t.Errorf("names: %s, %s", EventRoll, EventStorm)
	}
	var e Event
	if err := json.Unmarshal([]byte(`{"kind":"quake"}`), &e); err == nil || !strings.Contains(err.Error(), "rules: unknown event kind") {
		t.Errorf("unknown kind: %v", err)
	}
}
