package rules

// Check reports whether cmd would be accepted by Apply now, without
// changing anything: the front end uses it to show an order's legality
// live while a player builds it.
func (s *State) Check(cmd Command) error { return s.validate(cmd) }
