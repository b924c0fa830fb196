package rules

// Cosmic rift rolls between machines. A scenario's open rift (OpenRift)
// is charted: every side knows where it is, so every machine plays its
// crossings (IP4.24), the fire it blocks (IP4.15), its detection (IP4.28)
// and its closing (IP4.25-27) alike. Two kinds of its rolls are no side's
// own, yet decide what a side may not see:
//
//   - rolls whose audience is no side of the origin: the destination's
//     chart and row (IP4.412), sealed from every side until found, and
//     every roll of a destination's defenders, who play on every machine
//     alike (the computer plays them there), out of phase too: every
//     machine computes their units out of phase, and none announces
//     them (knows, arrive);
//   - rift radiation (IP4.312-313), rolled for each unit and told its
//     owner alone, whose rows change what every machine must compute
//     alike: the warp power an allocation may use, the fire's odds, the
//     range of a blinded unit's fire (IP4.314).
//
// In a game played between machines (WithPeer, WithPeerVerifier) both
// come from the public dice, which every side commits to and reveals
// after all have committed (docs/PBEM.md): no one can foresee or reroll
// them, and every machine rolls them alike. Their events keep their
// audience, so no side's view or log shows them. A game at one table
// rolls them as before, on their private streams.

// everyMachines reports whether side is played on every machine alike:
// a rift destination's defenders (IP4.441).
func (s *State) everyMachines(side SideID) bool {
	sd, ok := s.Side(side)
	return ok && sd.Destination != ""
}

// peerPublicAudience reports whether a roll for a in a game between
// machines comes from the public dice: its audience holds no side of
// the origin (only destination sides, or nobody).
func (s *State) peerPublicAudience(a Audience) bool {
	if s.Peer == nil || a.IsPublic() {
		return false
	}
	for _, id := range a.Sides {
		if id == noSide {
			continue
		}
		if !s.everyMachines(id) {
			return false
		}
	}
	return true
}

// radiationRoll rolls d for a unit's rift radiation (IP4.312-313): on the
// public dice between machines, on its owner's stream at one table.
func (s *State) radiationRoll(d Dice, why RollReason) (Roll, Event) {
	if s.Peer == nil {
		return s.Roll(d, why)
	}
	return s.rollOn(&s.RNG, d, why)
}
