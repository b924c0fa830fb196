// Package docs carries the hand-written prose that the game's tools write
// back into the documents they generate, so that it lives in one place:
// the document itself, embedded when hexrift is built. hexrift sim -table
// writes docs/AI.md whole, its tables from the games it plays and its
// section "How the levels play" as docs/AI.md has it (HowTheLevelsPlay):
// edit that section in docs/AI.md, and the next table keeps the edit.
package docs
