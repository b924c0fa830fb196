package render_test

import (
	"testing"

	"github.com/hexrift/hexrift/render/rendertest"
)

func TestMain(m *testing.M) { rendertest.Main(m, "render") }

func requireDisplay(t *testing.T) {
	t.Helper()
	rendertest.RequireDisplay(t)
}
