package fileio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// WriteAtomic writes data to path with the permissions perm: a temporary
// file in the same folder, synced, then renamed over the old file, so
// that a crash at any moment leaves either the old file or the new one.
// The folder must exist. The error names the path and no package.
func WriteAtomic(path string, data []byte, perm fs.FileMode) error {
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(tmp) // no-op once renamed
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	syncDir(filepath.Dir(path))
	return nil
}

// WriteNew is WriteAtomic for a file that must not exist yet: the check
// and the write are one step (a hard link of the finished temporary
// file), so a file another process writes at the same moment is not
// replaced either. When the name is taken its error wraps fs.ErrExist.
// On a file system without hard links the check before the write
// stands alone.
func WriteNew(path string, data []byte, perm fs.FileMode) error {
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s: %w", path, fs.ErrExist)
	}
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(tmp)
	switch err := os.Link(tmp, path); {
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("%s: %w", path, fs.ErrExist)
	case err != nil:
		if err := os.Rename(tmp, path); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
	}
	syncDir(filepath.Dir(path))
	return nil
}

// writeTemp writes data to a new temporary file beside path, locked
// while it is written, synced and closed, and returns its name. On error
// nothing is left behind.
func writeTemp(path string, data []byte, perm fs.FileMode) (string, error) {
	dir := filepath.Dir(path)
	sweepOnce(dir, filepath.Base(path))
	f, err := os.CreateTemp(dir, tempPattern(path))
	if err != nil {
		return "", err
	}
	_, _ = tryLock(f) // released when f is closed, or the process ends
	err = f.Chmod(perm)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// syncDir makes a rename in dir durable, where the system allows.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// tempPattern is the os.CreateTemp pattern of the temporary file a write
// of path goes through: hidden, beside it, and naming the writing
// process.
func tempPattern(path string) string {
	return "." + filepath.Base(path) + ".p" + strconv.Itoa(os.Getpid()) + ".*.tmp"
}

// swept holds the folder and file name pairs whose stale temporary files
// this process has swept before its first write of them.
var swept sync.Map

// sweepOnce sweeps the stale temporary files of writes of name in dir,
// the first time this process writes name there.
func sweepOnce(dir, name string) {
	if _, done := swept.LoadOrStore(dir+"\x00"+name, true); !done {
		sweep(dir, started, func(base string) bool { return base == name })
	}
}
