//go:build !unix

package game

import "time"

// processCPU reports false: this system's processor time is not read,
// and the bench falls back to the wall clock.
func processCPU() (time.Duration, bool) { return 0, false }
