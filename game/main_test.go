package game

import (
	"testing"

	"github.com/hexrift/hexrift/render/rendertest"
)

func TestMain(m *testing.M) { rendertest.Main(m, "game") }

func requireDisplay(t *testing.T) {
	t.Helper()
	rendertest.RequireDisplay(t)
}
