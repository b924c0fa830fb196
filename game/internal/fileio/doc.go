// Package fileio is the file plumbing the game's packages share: atomic
// writes (a temporary file beside the target, synced, then renamed over
// it), the sweeping of the temporary files a crash or a kill leaves,
// reads of regular files of a bounded size, and the line and column of a
// JSON decoding error. game/match writes its saves and game/pbem its
// home folder through it, and the window its settings.
//
// A temporary file is named after the file it becomes and the process
// writing it (.NAME.pPID.RANDOM.tmp), and the writer holds a lock on it
// while it writes. A temporary file is stale, and swept, when it is older
// than the running process and nobody is writing it: its lock is free and
// the process it names is not running. The first write of a file in a
// folder sweeps the stale temporary files of that name there; Sweep
// sweeps a whole folder's, for the folders the game opens at start.
package fileio
