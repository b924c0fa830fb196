// The names below are the match package's, named here as game has always
// named them while game/ moves over to the match package.
package game

import "github.com/hexrift/hexrift/game/match"

type (
	AIController = match.AIController
	Checkpoint   = match.Checkpoint
	Controller   = match.Controller
	DefenderMode = match.DefenderMode
	Divergence   = match.Divergence
	LegalPlayer  = match.LegalPlayer
	MatchTally   = match.MatchTally
	Paths        = match.Paths
	SaveFile     = match.SaveFile
	SaveInfo     = match.SaveInfo
	SavePreview  = match.SavePreview
	Seat         = match.Seat
	SeatKind     = match.SeatKind
	Session      = match.Session
	Settings     = match.Settings
	SideDebrief  = match.SideDebrief
	SideOracle   = match.SideOracle
	SimResult    = match.SimResult
	Snapshot     = match.Snapshot
	TableResults = match.TableResults
	TableRow     = match.TableRow
	Tally        = match.Tally
	fileWatcher  = match.FileWatcher
)

const (
	AutosaveSlots     = match.AutosaveSlots
	SeatHuman         = match.SeatHuman
	SeatComputer      = match.SeatComputer
	DefendersComputer = match.DefendersComputer
	DefendersPlayers  = match.DefendersPlayers
)

var (
	Autosave        = match.Autosave
	Bind            = match.Bind
	BranchSession   = match.BranchSession
	Debrief         = match.Debrief
	DebriefOf       = match.DebriefOf
	DefaultPaths    = match.DefaultPaths
	DefaultSeats    = match.DefaultSeats
	DefaultSettings = match.DefaultSettings
	KnownLevel      = match.KnownLevel
	ListSaves       = match.ListSaves
	LoadSave        = match.LoadSave
	LoadSettings    = match.LoadSettings
	MatchSides      = match.MatchSides
	MatchTable      = match.MatchTable
	NewController   = match.NewController
	NewLegalPlayer  = match.NewLegalPlayer
	NewSession      = match.NewSession
	NewSideOracle   = match.NewSideOracle
	ParseSave       = match.ParseSave
	PlayMatch       = match.PlayMatch
	PlayMatchGame   = match.PlayMatchGame
	ReadSave        = match.ReadSave
	Replay          = match.Replay
	Simulate        = match.Simulate
	SimulateAt      = match.SimulateAt
	WriteSave       = match.WriteSave
	TablePairs      = match.TablePairs
	watchFile       = match.WatchFile
	ruleNote        = match.RuleNote
	latestAutosave  = match.LatestAutosave
)
