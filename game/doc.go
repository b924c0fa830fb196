// Package game is the session around the rules: the window, the scenes,
// and the turning of keyboard and mouse input into actions. It holds no
// rule logic; it reads the game through rules views and draws them with
// the render package.
package game
