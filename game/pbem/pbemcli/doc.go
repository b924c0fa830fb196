// Package pbemcli is the `hexrift pbem` command: its flags, the table it
// prints for a side and the files it reads and writes for the player
// (turn files, orders.json, limbo.json), over game/pbem, the protocol. It
// may import game/pbem, game/match (atomic writes), game/plot, rules and
// scenarios; nothing of the window.
package pbemcli
