package rules

import "fmt"

// Refusal is the error Check and Apply return when the rules refuse a
// command. Clause is the id of the clause the refusal rests on (empty
// when the refusal names none), and Msg says why in the player's words,
// without the package prefix or the clause.
type Refusal struct {
	Clause string
	Msg    string
}

// Reason is the refusal as a player reads it: the message, followed by
// the clause id in parentheses when there is one.
func (r *Refusal) Reason() string {
	if r.Clause == "" {
		return r.Msg
	}
	return r.Msg + " (" + r.Clause + ")"
}

// Error returns the refusal with the package prefix.
func (r *Refusal) Error() string { return "rules: " + r.Reason() }

// refuse builds the Refusal for clause with the message format and args,
// at the place where the refusal is decided.
func refuse(clause, format string, args ...any) error {
	return &Refusal{Clause: clause, Msg: fmt.Sprintf(format, args...)}
}
