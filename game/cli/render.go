package cli

import (
	"errors"
	"flag"
	"fmt"

	"github.com/hexrift/hexrift/game"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

func (inv *invocation) runRender(fs *flag.FlagSet, args []string) error {
	output := fs.String("o", "", "the PNG file to write (required)")
	size := fs.String("size", "1280x800", "image size, WxH pixels")
	center := fs.String("center", "", "hex at the centre of the image, Q,R (default: the scenario's map centre)")
	zoom := fs.Float64("zoom", 0, "hexes across the image (default: fit the scenario)")
	viewer := fs.String("side", "", "draw the map as this side sees it (default: the public table view)")
	legend := fs.Bool("legend", true, "draw the map key at the bottom left: the sides, objective areas and targets, a destination's PORT and DEFEND")
	dest := fs.String("destination", "", "draw a rift chart row's destination as it comes into play, with PORT and DEFEND marked: CHART.ROW (1.2) or a destination id (its first row)")
	arg, err := oneOptionalArg(fs, args)
	if err != nil {
		return err
	}
	if arg == "" || *output == "" {
		fs.Usage()
		return errors.New("render needs a SCENARIO and -o FILE.png")
	}
	var w, h int
	if n, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil || n != 2 || w < 16 || h < 16 || w > 8192 || h > 8192 {
		return fmt.Errorf("-size %q: want WxH between 16x16 and 8192x8192", *size)
	}
	sc, err := scenarios.Open(arg)
	if err != nil {
		return inv.printProblems(err)
	}
	opts := game.PictureOptions{Width: w, Height: h, HexesAcross: *zoom, Viewer: rules.SideID(*viewer), Legend: *legend, Destination: *dest}
	if *center != "" {
		c, err := rules.ParseHex(*center)
		if err != nil {
			return fmt.Errorf("-center %q: want Q,R with integers", *center)
		}
		opts.Center, opts.HasCenter = c, true
	}
	img, err := game.ScenarioPicture(sc, opts)
	if err != nil {
		return err
	}
	if err := game.WritePNG(*output, img); err != nil {
		return err
	}
	fmt.Fprintf(inv.out, "wrote %s (%dx%d)\n", *output, w, h)
	return nil
}
