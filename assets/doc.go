// Package assets holds the files the game ships inside its binary: the
// interface fonts and the window icon. Nothing here is decoded or
// uploaded at package initialisation; callers load what they need on
// first use.
package assets
