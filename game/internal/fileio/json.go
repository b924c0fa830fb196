package fileio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// JSONWhere says where in data, a file named name, decoding stopped with
// err: "NAME:LINE:COL" when the decoder gives the offset (a syntax or a
// type error), else "NAME"; and err's message without its "json: "
// prefix. Callers write "PREFIX: WHERE: what the file is not: MSG".
func JSONWhere(name string, data []byte, err error) (where, msg string) {
	off := int64(-1)
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	msg = strings.TrimPrefix(err.Error(), "json: ")
	if off < 0 {
		return name, msg
	}
	// The offset counts the bytes read, the offending one included.
	before := data[:max(0, min(int(off)-1, len(data)))]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("%s:%d:%d", name, line, col), msg
}

// DecodeStrict decodes one JSON value of data into v, refusing a field v
// has not and anything after the value.
func DecodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("more than one JSON value")
	}
	return nil
}
