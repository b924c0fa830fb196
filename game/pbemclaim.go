package game

import (
	"fmt"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"github.com/hexrift/hexrift/game/pbem"
	"github.com/hexrift/hexrift/render"
	"github.com/hexrift/hexrift/rules"
)

// This file holds what the table of a game by file says of a side that
// stops answering (game/pbem's claim.go): the game says whom it waits
// for and since which message, and a side that has waited long enough
// may claim the game, which ends it, the other side forfeiting it.

// pbemClaim is the table's claim: the line that says whom the game
// waits for, the button that asks whether to claim the game, and the
// question with its buttons while it is asked. Its widgets are built
// once with the table and shown as the game stands.
type pbemClaim struct {
	stall *widget.Text
	ask   *widget.Button
	// box holds the question (why) and its answers, shown while asking.
	box     *widget.Container
	why     *widget.Text
	confirm *widget.Button
	cancel  *widget.Button
	asking  bool
	// claimed is set once this table's claim is written to the machine's
	// game but its turn file could not be: confirming again writes it.
	claimed bool
}

// newClaim builds the table's claim widgets.
func (p *PbemScene) newClaim() {
	c := &p.claim
	c.stall = p.env.wrapped("", 13, render.UITextDim, ordersWidth-28)
	c.ask = button(p.keys.label("Claim the game", intentClaim), p.askClaim, stretch())
	c.why = p.env.wrapped("", 13, render.UIText, ordersWidth-52)
	c.confirm = button("", p.claimGame, stretch())
	c.cancel = button(p.keys.label("Keep waiting", intentBack), p.cancelClaim, stretch())
	c.box = panelColumn(8, widget.Insets{Left: 10, Right: 10, Top: 8, Bottom: 10}, c.why, c.confirm, c.cancel)
	c.box.GetWidget().LayoutData = widget.RowLayoutData{Stretch: true}
}

// stalled returns the side the game waits for, other than the table's
// own, what it owes and since which message; false when the game waits
// for the table's side, for nobody in particular or for nothing.
func (p *PbemScene) stalled() (rules.SideID, string, int, bool) {
	side, what, since, ok := p.seat.Game.Stall()
	return side, what, since, ok && side != p.side
}

// claimable reports whether the table offers the claim: it waits for
// another side, no claim has settled the game yet (or this table's has,
// and its file is still to be written).
func (p *PbemScene) claimable() bool {
	if p.claim.claimed {
		return true
	}
	_, _, _, ok := p.stalled()
	return ok && p.waits() && p.seat.Game.Claim == nil
}

// showClaim brings the claim's widgets up to date with the game.
func (p *PbemScene) showClaim() {
	c := &p.claim
	g := p.seat.Game
	side, what, since, ok := p.stalled()
	can := p.claimable()
	c.stall.Label = ""
	if ok {
		c.stall.Label = g.StallText() + "."
		if can {
			c.stall.Label += fmt.Sprintf(" If it never comes, you may claim the game: %s forfeits it.", sideName(g.Scenario, side))
		}
	}
	shown(c.stall, c.stall.Label != "")
	shown(c.ask, can && !c.asking)
	shown(c.box, can && c.asking)
	if can {
		name := sideName(g.Scenario, side)
		c.why.Label = claimQuestion(name, what, since)
		c.confirm.SetText(p.orderKeys.label("Claim: "+name+" forfeits", intentCommit))
		if c.claimed {
			c.why.Label = "Your claim is written to your machine's game, but its turn file is not: claim again to write the file."
			c.confirm.SetText(p.orderKeys.label("Write the claim's turn file", intentCommit))
		}
	}
	p.frame.relayout()
}

// claimQuestion asks whether to claim the game from side name, which
// owes what since message since, and says what the claim does.
func claimQuestion(name, what string, since int) string {
	if what == "key" {
		return fmt.Sprintf("Claim the game from %s? The game is over, and %s has withheld its dice key since message %d: without it nobody can check %s's secret rolls. Your machine signs that, and writes a turn file to send: %s forfeits the game.",
			name, name, since, name, name)
	}
	owes := map[string]string{"join": "its join", "commit": "its sealed orders", "reveal": "the opening of its orders", "announce": "its announcement"}[what]
	if owes == "" {
		owes = "its " + what
	}
	return fmt.Sprintf("Claim the game from %s? Your machine signs that %s has withheld %s since message %d, and writes a turn file to send. That ends the game: %s forfeits it, and only dice keys and notes can follow, even if its file comes after all. Claim only once it has had the time you agreed on to answer.",
		name, name, owes, since, name)
}

// askClaim asks whether to claim the game.
func (p *PbemScene) askClaim() {
	if !p.claimable() {
		return
	}
	p.claim.asking = true
	p.showClaim()
}

// cancelClaim keeps waiting: the question is put away.
func (p *PbemScene) cancelClaim() {
	p.claim.asking = false
	p.showClaim()
}

// claimGame writes the side's claim (pbem.Seat.Claim, at the table's
// clock) and the turn file to send, and shows the table with where the
// file is.
func (p *PbemScene) claimGame() {
	if !p.claimable() {
		return
	}
	if !p.claim.claimed {
		if _, err := p.seat.Claim(p.now()); err != nil {
			p.problem.Label = err.Error()
			// As after a refused send, the table goes on from the
			// machine's own copy.
			if seat, lerr := pbem.LoadSeat(p.home, p.seat.Game.ID); lerr == nil {
				p.seat = seat
			}
			p.cancelClaim()
			return
		}
		p.claim.claimed = true
	}
	path, err := writePbemTurn(p.home, p.seat)
	if err != nil {
		p.problem.Label = err.Error()
		p.showClaim()
		return
	}
	p.env.Show(openPbem(p.env, p.home, p.seat, path))
}

// claimUpdate runs the claim's keys for one tick: while the question is
// asked, the commit key claims and the back key keeps waiting (it does
// not leave the table); otherwise the claim key asks. It reports whether
// a key fired.
func (p *PbemScene) claimUpdate(in *Input) bool {
	switch {
	case !p.claimable():
		return false
	case p.claim.asking && p.keys.Fired(in, intentBack):
		p.cancelClaim()
	case p.claim.asking && p.orderKeys.Fired(in, intentCommit):
		p.claimGame()
	case !p.claim.asking && p.keys.Fired(in, intentClaim):
		p.askClaim()
	default:
		return false
	}
	return true
}

// claimedText says how a game settled by a claim stood when it was
// claimed: each side's points so far, as the rules tally them.
func (p *PbemScene) claimedText(o rules.Outcome) string {
	sc := p.next.Game.Scenario
	var pts []string
	for _, r := range o.Sides {
		pts = append(pts, fmt.Sprintf("%s %d points", sideName(sc, r.Side), r.Points))
	}
	return fmt.Sprintf("As it stood when it was claimed: %s.", strings.Join(pts, ", "))
}
