package fileio

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.json")
	require.NoError(t, os.WriteFile(path, []byte("12345"), 0o600))
	data, err := ReadRegular(path, 5)
	require.NoError(t, err)
	assert.Equal(t, "12345", string(data))

	_, err = ReadRegular(path, 4)
	assert.EqualError(t, err, "5 bytes is larger than any file of its kind (4 at most)")

	_, err = ReadRegular(filepath.Join(dir, "none.json"), 5)
	assert.ErrorIs(t, err, fs.ErrNotExist)
	assert.EqualError(t, err, "cannot open: no such file or directory", "the caller names the file")

	_, err = ReadRegular(dir, 5)
	assert.EqualError(t, err, "cannot open: is a directory, not a regular file")
}

func TestJSONWhere(t *testing.T) {
	data := []byte("{\n \"a\": 1,,\n}")
	var v map[string]int
	where, msg := JSONWhere("f", data, json.Unmarshal(data, &v))
	assert.Equal(t, "f:2:9", where)
	assert.Equal(t, "invalid character ',' looking for beginning of object key string", msg)

	data = []byte("{\"a\": \"one\"}")
	where, msg = JSONWhere("f", data, json.Unmarshal(data, &v))
	assert.Equal(t, "f:1:11", where)
	assert.Contains(t, msg, "cannot unmarshal string")

	data = []byte(`{"b": 1}`)
	var s struct{ A int }
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	where, msg = JSONWhere("f", data, dec.Decode(&s))
	assert.Equal(t, "f", where, "no offset: the file alone")
	assert.Equal(t, `unknown field "b"`, msg)
}
