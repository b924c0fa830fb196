package game

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hexrift/hexrift/render/rendertest"
	"github.com/hexrift/hexrift/scenarios"
)

func TestMain(m *testing.M) { rendertest.Main(m, "game") }

func requireDisplay(t *testing.T) {
	t.Helper()
	rendertest.RequireDisplay(t)
}

// defaultSource reads the default bundled scenario.
func defaultSource(t *testing.T) scenarios.Source {
	t.Helper()
	src, err := scenarios.ReadSource(scenarios.DefaultID)
	require.NoError(t, err)
	return src
}

// testTime is the fixed time the tests' saves are written at.
var testTime = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
