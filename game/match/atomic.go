package match

import (
	"fmt"
	"os"
	"path/filepath"
)

// WriteFileAtomic writes data to path atomically: a temporary file in the
// same folder, synced, then renamed over the old file, so that a crash at
// any moment leaves either the old file or the new one. The file is the
// user's alone (0600): saves hold a game's private dice key and sealed
// orders.
func WriteFileAtomic(path string, data []byte) error { return WriteFileAtomicPerm(path, data, 0o600) }

// WriteFileAtomicPerm is WriteFileAtomic for a file of the given
// permissions, e.g. 0644 for a picture to share.
func WriteFileAtomicPerm(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, tempPattern(path))
	if err != nil {
		return fmt.Errorf("match: writing %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return fmt.Errorf("match: writing %s: %w", path, err)
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("match: writing %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("match: writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("match: writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("match: writing %s: %w", path, err)
	}
	if d, err := os.Open(dir); err == nil { // make the rename durable
		d.Sync()
		d.Close()
	}
	return nil
}
