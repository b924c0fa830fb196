//go:build unix

package scenarios

import "syscall"

// openNoWait makes opening a named pipe return at once instead of
// waiting for a writer (OpenRegular refuses it right after).
const openNoWait = syscall.O_NONBLOCK
