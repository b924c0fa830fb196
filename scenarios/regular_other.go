//go:build !unix

package scenarios

// openNoWait is 0 where opening a file never waits for a writer.
const openNoWait = 0
