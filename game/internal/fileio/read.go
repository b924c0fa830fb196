package fileio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/hexrift/hexrift/scenarios"
)

// ReadRegular reads the file at path if it is a regular file
// (scenarios.OpenRegular: a named pipe, device or directory is refused
// before it is opened, so none can hang the game) of at most limit
// bytes. Its error leaves the path out, for the caller to name the file
// in its own words; a missing file's wraps fs.ErrNotExist.
func ReadRegular(path string, limit int64) ([]byte, error) {
	f, st, err := scenarios.OpenRegular(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("cannot open: %w", err)
	}
	defer f.Close()
	if st.Size() > limit {
		return nil, fmt.Errorf("%d bytes is larger than any file of its kind (%d at most)", st.Size(), limit)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(data)) > limit {
		err = fmt.Errorf("grew past %d bytes while it was read", limit)
	}
	return data, err
}
