//go:build unix

package fileio

import (
	"errors"
	"os"
	"syscall"
)

// processRunning reports whether a process of that id is running.
func processRunning(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// TryLock takes an exclusive lock of f without waiting, or reports that
// another open file holds one (in this process or another). The lock
// lasts until f is closed or the process ends, killed or not.
func TryLock(f *os.File) (bool, error) { return tryLock(f) }

func tryLock(f *os.File) (bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

// beingWritten reports whether a writer holds the lock of the temporary
// file at path (writeTemp). The file is opened without waiting and
// without following a link, so nothing put in its place can hang the
// sweep.
func beingWritten(path string) bool {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return !errors.Is(err, os.ErrNotExist) // unknown: leave it
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return true
	}
	free, err := tryLock(f)
	return err == nil && !free
}
