package cli

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/hexrift/hexrift/game"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

func (inv *invocation) runBench(fs *flag.FlagSet, args []string) error {
	frames := fs.Int("frames", 30, "frames to time at each zoom and of the empty screen before it")
	rounds := fs.Int("rounds", 3, "sweeps of every scenario; the medians are printed")
	width := fs.Int("width", 1280, "window width in pixels")
	height := fs.Int("height", 800, "window height in pixels")
	zooms := fs.Int("zooms", 12, "zooms in the sweep, from the closest to the widest")
	at := fs.String("at", "", "measure only these zooms, hexes across, comma-separated (e.g. 7,35), in place of the sweep")
	all := fs.Bool("all", false, "every bundled scenario, one after another in one window")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *all {
		var ids []string
		for _, info := range scenarios.Bundled() {
			ids = append(ids, info.ID)
		}
		pos = append(ids, pos...)
	}
	if len(pos) == 0 {
		pos = []string{scenarios.DefaultID}
	}
	if *frames < 1 || *zooms < 1 || *rounds < 1 {
		return fmt.Errorf("-frames %d -zooms %d -rounds %d: want at least 1 of each", *frames, *zooms, *rounds)
	}
	var states []*rules.State
	for _, arg := range pos {
		state, err := inv.openState(arg, 1)
		if err != nil {
			return err
		}
		states = append(states, state)
	}
	fonts, err := render.NewFonts()
	if err != nil {
		return err
	}
	sweep := game.BenchZooms(*zooms)
	if *at != "" {
		sweep = nil
		for _, f := range strings.Split(*at, ",") {
			z, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil || z < render.MinHexesAcross || z > render.MaxHexesAcross {
				return fmt.Errorf("-at %q: want hexes across between %v and %v, comma-separated", *at, render.MinHexesAcross, render.MaxHexesAcross)
			}
			sweep = append(sweep, z)
		}
	}
	res, err := game.Bench(states, fonts, *frames, *rounds, *width, *height, sweep)
	if err != nil {
		return err
	}
	fmt.Fprintln(inv.out, res)
	return nil
}
