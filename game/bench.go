package game

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime/metrics"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// BenchZoom is what Bench measured of a scenario's map at one zoom: the
// medians over the rounds of its frame rate and of its ratio to the
// empty screen timed just before it. Ratio compares the processor time
// the process spent a frame (the empty frame's over the map's), which a
// machine shared with other work disturbs far less than the wall clock;
// WallRatio compares the frame rates.
type BenchZoom struct {
	HexesAcross float64
	FPS         float64
	Ratio       float64
	WallRatio   float64
	Triangles   int
}

// BenchScenario holds what Bench measured for one scenario.
type BenchScenario struct {
	ID string
	// EmptyFPS is the median empty-screen rate timed in its sweeps.
	EmptyFPS float64
	Zooms    []BenchZoom
}

// Worst returns the zoom with the lowest ratio to the empty frame.
func (s BenchScenario) Worst() BenchZoom {
	var w BenchZoom
	for i, z := range s.Zooms {
		if i == 0 || z.Ratio < w.Ratio {
			w = z
		}
	}
	return w
}

// BenchResult holds what Bench measured.
type BenchResult struct {
	Frames, Rounds int
	Width, Height  int
	Scenarios      []BenchScenario
	// PeakRSS is the process's peak resident set size in bytes when
	// the bench ended (0 where the system does not tell it).
	PeakRSS int64
	// Memory is what held the resident memory when the bench ended.
	Memory MemoryShare
}

// MemoryShare splits a process's resident memory (bytes) by what holds
// it, from /proc/self/smaps: the GL driver's libraries (Mesa's drivers
// and the LLVM they compile shaders with, their copied-on-write pages
// included), the program's own code and data, other mapped files, and
// anonymous memory (the Go heap, the driver's buffers and textures,
// the C allocator's arenas, thread stacks). GoRuntime is the part of it
// the Go runtime holds from the system.
type MemoryShare struct {
	GLDriver, Program, OtherFiles, Anonymous int64
	GoRuntime                                int64
}

// String prints the split in MiB.
func (m MemoryShare) String() string {
	mib := func(n int64) float64 { return float64(n) / (1 << 20) }
	return fmt.Sprintf("GL driver's libraries %.1f MiB, program %.1f MiB, other files %.1f MiB, anonymous %.1f MiB (Go runtime %.1f MiB)",
		mib(m.GLDriver), mib(m.Program), mib(m.OtherFiles), mib(m.Anonymous), mib(m.GoRuntime))
}

// glDriverFile reports whether a mapped file belongs to the GL driver.
func glDriverFile(path string) bool {
	if strings.Contains(path, "/dri/") {
		return true
	}
	base := filepath.Base(path)
	for _, p := range []string{"libLLVM", "libGL", "libEGL", "libglapi", "libgallium", "libdrm", "libvulkan"} {
		if strings.HasPrefix(base, p) {
			return true
		}
	}
	return false
}

// parseSmaps sums the resident sizes of a /proc/PID/smaps listing by
// what holds them; exe is the program's own file.
func parseSmaps(smaps, exe string) MemoryShare {
	var m MemoryShare
	name := ""
	for _, line := range strings.Split(smaps, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if !strings.HasSuffix(fields[0], ":") { // a mapping's header: range perms offset dev inode [path]
			name = ""
			if len(fields) >= 6 {
				name = strings.Join(fields[5:], " ")
			}
			continue
		}
		if fields[0] != "Rss:" || len(fields) < 2 {
			continue
		}
		kb, err := strconv.ParseInt(fields[1], 10, 64)
		if err != nil {
			continue
		}
		n := kb << 10
		switch {
		case name == "" || strings.HasPrefix(name, "["):
			m.Anonymous += n
		case name == exe:
			m.Program += n
		case glDriverFile(name):
			m.GLDriver += n
		default:
			m.OtherFiles += n
		}
	}
	return m
}

// ResidentShare reads the process's resident memory split from
// /proc/self/smaps and the Go runtime's metrics (zero where the system
// does not tell it).
func ResidentShare() MemoryShare {
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		return MemoryShare{}
	}
	exe, _ := os.Executable()
	m := parseSmaps(string(b), exe)
	samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(samples)
	if samples[0].Value.Kind() == metrics.KindUint64 && samples[1].Value.Kind() == metrics.KindUint64 {
		m.GoRuntime = int64(samples[0].Value.Uint64() - samples[1].Value.Uint64())
	}
	return m
}

// String prints the result for the bench command: each scenario's sweep,
// then one summary line a scenario with its worst zoom.
func (r BenchResult) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "window %dx%d, vsync off; each zoom %d frames right after %d frames of an empty screen, %d rounds, medians\n", r.Width, r.Height, r.Frames, r.Frames, r.Rounds)
	fmt.Fprintf(&b, "ratio: the empty frame's processor time over the map's (the process's threads together); wall ratio: frame rates\n")
	for _, s := range r.Scenarios {
		fmt.Fprintf(&b, "\nscenario %s: empty screen %.1f fps\n", s.ID, s.EmptyFPS)
		fmt.Fprintf(&b, "  %12s %8s %7s %10s %10s\n", "hexes across", "fps", "ratio", "wall ratio", "triangles")
		for _, z := range s.Zooms {
			fmt.Fprintf(&b, "  %12.0f %8.1f %6.2fx %9.2fx %10d\n", z.HexesAcross, z.FPS, z.Ratio, z.WallRatio, z.Triangles)
		}
	}
	fmt.Fprintf(&b, "\nworst zoom of each scenario (ratio to the empty frame):\n")
	for _, s := range r.Scenarios {
		w := s.Worst()
		fmt.Fprintf(&b, "  %-24s %5.2fx at %4.0f hexes across (%d triangles)\n", s.ID, w.Ratio, w.HexesAcross, w.Triangles)
	}
	if r.PeakRSS > 0 {
		fmt.Fprintf(&b, "peak RSS: %.1f MiB\n", float64(r.PeakRSS)/(1<<20))
	}
	if r.Memory != (MemoryShare{}) {
		fmt.Fprintf(&b, "resident at the end: %s\n", r.Memory)
	}
	return strings.TrimRight(b.String(), "\n")
}

// BenchZooms returns n zooms, in hexes across, from the closest the
// camera allows to the widest, evenly spaced on a log scale.
func BenchZooms(n int) []float64 {
	if n < 2 {
		return []float64{render.MaxHexesAcross}
	}
	lo, hi := math.Log(render.MinHexesAcross), math.Log(render.MaxHexesAcross)
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Exp(lo + (hi-lo)*float64(i)/float64(n-1))
	}
	return out
}

// benchPhase is one timed stretch of the bench: an empty screen (scene
// nil) or one scenario's map at one zoom.
type benchPhase struct {
	scenario, zoom int // indexes into the result; zoom -1 for an empty screen
	scene          *MapScene
	hexesAcross    float64
}

// benchSample is one timed zoom: its frame rate and processor time a
// frame, and those of the empty screen before it.
type benchSample struct {
	fps, empty    float64
	cpu, emptyCPU time.Duration
}

// benchGame draws each phase's warm-up frames, then its timed frames,
// timing them with the wall clock (a measurement, never a rule).
type benchGame struct {
	phases   []benchPhase
	scenes   []*MapScene
	samples  [][][]benchSample // by scenario, zoom, round
	tris     [][]int
	frames   int
	at       int // current phase
	count    int
	warm     bool
	start    time.Time
	cpu0     time.Duration
	empty    float64       // rate of the last empty phase
	emptyCPU time.Duration // its processor time a frame
	space    render.RGBA
}

const benchWarmup = 5

// Bench measures frame rates with vsync off on a w x h window. Each
// round sweeps every state's first map through zooms (hexes across),
// timing an empty screen right before each zoom, so that a machine
// whose load changes during the run shifts both sides of each ratio
// alike; the result holds the medians over the rounds.
func Bench(states []*rules.State, fonts *render.Fonts, frames, rounds, w, h int, zooms []float64) (BenchResult, error) {
	g := &benchGame{frames: frames, warm: true, space: render.DefaultPalette().Space}
	res := BenchResult{Frames: frames, Rounds: rounds, Width: w, Height: h}
	for _, st := range states {
		g.scenes = append(g.scenes, NewMapScene(st, "", fonts, w, h))
		g.samples = append(g.samples, make([][]benchSample, len(zooms)))
		g.tris = append(g.tris, make([]int, len(zooms)))
		res.Scenarios = append(res.Scenarios, BenchScenario{ID: st.Scenario.ID})
	}
	for range rounds {
		for i, scene := range g.scenes {
			for k, z := range zooms {
				g.phases = append(g.phases, benchPhase{scenario: i, zoom: -1}, benchPhase{scenario: i, zoom: k, scene: scene, hexesAcross: z})
			}
		}
	}
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowTitle("hexrift bench")
	if err := ebiten.RunGame(g); err != nil {
		return BenchResult{}, err
	}
	for i := range res.Scenarios {
		var empties []float64
		for k, z := range zooms {
			var fps, ratios, walls []float64
			for _, sm := range g.samples[i][k] {
				fps = append(fps, sm.fps)
				empties = append(empties, sm.empty)
				if sm.empty > 0 {
					walls = append(walls, sm.fps/sm.empty)
				}
				if sm.cpu > 0 {
					ratios = append(ratios, float64(sm.emptyCPU)/float64(sm.cpu))
				}
			}
			ratio := medianOf(ratios)
			if len(ratios) == 0 { // no processor time here: the wall clock
				ratio = medianOf(walls)
			}
			res.Scenarios[i].Zooms = append(res.Scenarios[i].Zooms, BenchZoom{HexesAcross: z, FPS: medianOf(fps), Ratio: ratio, WallRatio: medianOf(walls), Triangles: g.tris[i][k]})
		}
		res.Scenarios[i].EmptyFPS = medianOf(empties)
	}
	res.PeakRSS = PeakRSS()
	res.Memory = ResidentShare()
	return res, nil
}

func (g *benchGame) Update() error {
	p := g.phases[g.at]
	if g.count == 0 && g.warm && p.scene != nil {
		p.scene.cam.ZoomToFit(p.hexesAcross)
	}
	g.count++
	limit := g.frames
	if g.warm {
		limit = benchWarmup
	}
	if g.count < limit {
		return nil
	}
	if g.warm {
		g.warm, g.count, g.start = false, 0, time.Now()
		g.cpu0, _ = processCPU()
		return nil
	}
	fps := float64(g.count) / time.Since(g.start).Seconds()
	var cpu time.Duration
	if t, ok := processCPU(); ok {
		cpu = (t - g.cpu0) / time.Duration(g.count)
	}
	if p.scene == nil {
		g.empty, g.emptyCPU = fps, cpu
	} else {
		g.samples[p.scenario][p.zoom] = append(g.samples[p.scenario][p.zoom], benchSample{fps: fps, empty: g.empty, cpu: cpu, emptyCPU: g.emptyCPU})
		g.tris[p.scenario][p.zoom] = p.scene.renderer.Triangles()
	}
	g.at++
	g.count, g.warm = 0, true
	if g.at == len(g.phases) {
		return ebiten.Termination
	}
	return nil
}

func (g *benchGame) Draw(screen *ebiten.Image) {
	if g.at >= len(g.phases) {
		return
	}
	if p := g.phases[g.at]; p.scene != nil {
		p.scene.ticks++
		p.scene.renderer.Draw(screen, p.scene.Frame())
		return
	}
	screen.Fill(g.space.Color())
}

func (g *benchGame) Layout(w, h int) (int, int) {
	for _, s := range g.scenes {
		s.Resize(w, h)
	}
	return w, h
}

// medianOf returns the median of xs (0 for none).
func medianOf(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// PeakRSS returns the process's peak resident set size in bytes, read
// from /proc/self/status (VmHWM); 0 where that is not available.
func PeakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
