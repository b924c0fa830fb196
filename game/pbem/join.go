package pbem

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"github.com/hexrift/hexrift/game/internal/fileio"
	"slices"

	voied "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"

	"github.com/hexrift/hexrift/game/pbem/wire"
	"github.com/hexrift/hexrift/rules"
	"github.com/hexrift/hexrift/scenarios"
)

// genesis starts the game from its first message.
func (g *Game) genesis(m *wire.Message, b *wire.Genesis) error {
	pub, vrf, err := joinKeys(b.PubKey, b.VRFKey)
	if err != nil {
		return err
	}
	if !m.Verify(pub) {
		return fmt.Errorf("the signature is not %s's: the message was edited or forged", b.Side)
	}
	if !fileio.IsGameID(g.ID) {
		return fmt.Errorf("the game's identity %q is not one hexrift makes", g.ID)
	}
	if b.Game != g.ID {
		return fmt.Errorf("the file names game %s, but its genesis starts game %s", g.ID, b.Game)
	}
	created, err := utcTime(b.Created)
	if err != nil {
		return fmt.Errorf("field created: %v", err)
	}
	src, err := sourceOf(b.Scenario)
	if err != nil {
		return err
	}
	sc, err := src.LoadCarried()
	if err != nil {
		return fmt.Errorf("its scenario: %v", err)
	}
	if why := Refusal(sc); why != "" {
		return fmt.Errorf("its scenario cannot be played by file: %s", why)
	}
	if b.NoCosmicRifts {
		if sc.Ruleset.NoCosmicRifts {
			return fmt.Errorf("field no_cosmic_rifts: the scenario's ruleset has cosmic rifts off already")
		}
		// The starter's choice: g.Scenario keeps it, so that the game
		// played again with every key has it too.
		sc.Ruleset.NoCosmicRifts = true
	}
	opts := []rules.Option{rules.WithPrivateKey(openKey(g.ID)), rules.WithSideDice(g.dice)}
	if g.keyed {
		opts = append(opts, rules.WithPeerVerifier())
	} else {
		opts = append(opts, rules.WithPeer(g.me))
	}
	st, err := rules.NewState(sc.Setup(), 0, opts...)
	if err != nil {
		return fmt.Errorf("its scenario: %v", err)
	}
	var want []rules.SideID
	for _, sd := range st.Sides {
		want = append(want, sd.ID)
	}
	sides := make([]rules.SideID, len(b.Sides))
	for i, sd := range b.Sides {
		sides[i] = rules.SideID(sd)
	}
	if !slices.Equal(want, sides) {
		return fmt.Errorf("sides %v are not the scenario's %v", b.Sides, want)
	}
	if !slices.Contains(want, rules.SideID(b.Side)) {
		return fmt.Errorf("side %q is not a side of the scenario", b.Side)
	}
	g.Genesis = Genesis{Game: b.Game, Scenario: src, Sides: sides, NoCosmicRifts: b.NoCosmicRifts, Created: created}
	g.Scenario, g.State = sc, st
	me := rules.SideID(b.Side)
	g.Keys = map[rules.SideID]ed25519.PublicKey{me: pub}
	g.VRFKeys = map[rules.SideID]voied.PublicKey{me: vrf}
	g.DiceKeys = map[rules.SideID][]byte{}
	g.newRound(1)
	return nil
}

// sourceOf reads the scenario a genesis carries: the origin's file and
// the texts of the destinations it names by path, which carry none.
func sourceOf(s wire.Scenario) (scenarios.Source, error) {
	src := scenarios.Source{Name: s.Name, Data: s.Data}
	for _, d := range s.Destinations {
		if len(d.Destinations) > 0 {
			return src, fmt.Errorf("field scenario: destination %s carries destinations of its own", d.Name)
		}
		src.Destinations = append(src.Destinations, scenarios.Source{Name: d.Name, Data: d.Data})
	}
	return src, nil
}

// wireScenario is src as a genesis carries it.
func wireScenario(src scenarios.Source) wire.Scenario {
	s := wire.Scenario{Name: src.Name, Data: src.Data}
	for _, d := range src.Destinations {
		s.Destinations = append(s.Destinations, wire.Scenario{Name: d.Name, Data: d.Data})
	}
	return s
}

// joinKeys reads the keys a genesis or join brings.
func joinKeys(pub, vrf []byte) (ed25519.PublicKey, voied.PublicKey, error) {
	if len(pub) != ed25519.PublicKeySize {
		return nil, nil, fmt.Errorf("field pub_key is not an Ed25519 public key")
	}
	if len(vrf) != voied.PublicKeySize {
		return nil, nil, fmt.Errorf("field vrf_key is not the public key of the side's dice: the side must fix its dice as it joins")
	}
	return ed25519.PublicKey(pub), voied.PublicKey(vrf), nil
}

func (g *Game) join(side rules.SideID, b *wire.Join) error {
	if g.Keys[side] != nil {
		return fmt.Errorf("side %s has already joined", side)
	}
	pub, vrf, err := joinKeys(b.PubKey, b.VRFKey)
	if err != nil {
		return err
	}
	for sd, k := range g.Keys {
		if k.Equal(pub) {
			return fmt.Errorf("its key is %s's", sd)
		}
		if g.VRFKeys[sd].Equal(vrf) {
			return fmt.Errorf("its dice key is %s's", sd)
		}
	}
	g.Keys[side] = pub
	g.VRFKeys[side] = vrf
	return nil
}

// Fingerprint is a short form of a side's public key for people to
// compare by another channel than the files: the first 8 bytes of its
// SHA-256, in hexadecimal. The side's dice key is signed with it in its
// join, so the one fingerprint vouches for both.
func Fingerprint(pub ed25519.PublicKey) string {
	h := sha256.Sum256(pub)
	return hex.EncodeToString(h[:8])
}

// FirstLook reads what a turn file says of its game without playing it:
// its genesis (the scenario loaded as every machine loads it) and the
// sides that joined, by the messages' word alone (nothing is checked but
// that the scenario loads): what a machine new to the game shows before
// its player chooses a side, which Open then checks whole.
func FirstLook(f *wire.File) (Genesis, *scenarios.Scenario, map[rules.SideID]bool, error) {
	b, ok := f.Messages[0].Body.(*wire.Genesis)
	if !ok {
		return Genesis{}, nil, nil, fmt.Errorf("pbem: the file does not start with a game's genesis")
	}
	src, err := sourceOf(b.Scenario)
	if err != nil {
		return Genesis{}, nil, nil, err
	}
	gen := Genesis{Game: b.Game, Scenario: src, NoCosmicRifts: b.NoCosmicRifts}
	for _, sd := range b.Sides {
		gen.Sides = append(gen.Sides, rules.SideID(sd))
	}
	taken := map[rules.SideID]bool{rules.SideID(b.Side): true}
	for _, m := range f.Messages[1:] {
		if j, ok := m.Body.(*wire.Join); ok {
			taken[rules.SideID(j.Side)] = true
		}
	}
	sc, err := src.LoadCarried()
	return gen, sc, taken, err
}
