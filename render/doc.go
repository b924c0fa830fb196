// Package render draws a rules.View: the floating hex map, its terrain and
// units, and the overlays the session asks for. It only reads state
// through the per-seat view and decides nothing about the rules.
//
// Geometry is built into batches of coloured triangles (a display list)
// and drawn with one DrawTriangles32 call per batch; only the hexes,
// terrain and units inside the camera's view are built, so the cost of a
// frame grows with what is on screen, not with the size of the map.
package render
