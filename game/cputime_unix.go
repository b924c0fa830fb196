//go:build unix

package game

import (
	"syscall"
	"time"
)

// processCPU returns the processor time the whole process has used, its
// threads together (the software rasteriser's among them), or false
// where the system does not tell it.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
