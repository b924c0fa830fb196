package fileio

// IsGameID reports whether id is a game identity as hexrift makes them
// (a save's game and its branches, a game played by file): 16
// lower-case hexadecimal digits, 8 random bytes. An identity becomes part
// of file and folder names, so nothing else is accepted.
func IsGameID(id string) bool {
	if len(id) != 16 {
		return false
	}
	for _, c := range id {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
