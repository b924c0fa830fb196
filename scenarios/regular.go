package scenarios

import (
	"errors"
	"io/fs"
	"os"
)

// ErrNotRegular is what OpenRegular's error wraps for a path that names
// something other than a regular file: a directory, a named pipe (FIFO),
// a device or a socket.
var ErrNotRegular = errors.New("not a regular file")

// notRegular says what a path names instead of a regular file.
type notRegular struct{ what string }

func (e notRegular) Error() string   { return "is " + e.what + ", not a regular file" }
func (e notRegular) Is(t error) bool { return t == ErrNotRegular }

// kindOf names what a file mode that is not regular describes.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		return "a device"
	}
	return "not a plain file"
}

// OpenRegular opens name for reading if, and only if, it is a regular
// file (a symbolic link is followed to what it names). The path is
// checked before it is opened and the open never waits: a named pipe
// with no writer, a device or a socket is refused rather than read, so
// no file can hang the program. The error is an *fs.PathError naming the
// path; for something that is not a regular file it wraps ErrNotRegular.
func OpenRegular(name string) (*os.File, fs.FileInfo, error) {
	before, err := os.Stat(name)
	if err != nil {
		return nil, nil, err
	}
	if !before.Mode().IsRegular() {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: notRegular{kindOf(before.Mode())}}
	}
	f, err := os.OpenFile(name, os.O_RDONLY|openNoWait, 0)
	if err != nil {
		return nil, nil, err
	}
	after, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !after.Mode().IsRegular() {
		f.Close()
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: notRegular{kindOf(after.Mode())}}
	}
	if !os.SameFile(before, after) {
		f.Close()
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("was replaced while it was opened; try again")}
	}
	return f, after, nil
}
