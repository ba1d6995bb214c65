package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
)

// Nullable is an optional property that may also be null, with its three states kept apart: absent (nil or
// empty: omitempty leaves it out of JSON), null (written and read as JSON null) and a value.
type Nullable[T any] map[bool]T

// NewNullableValue returns a Nullable holding v.
func NewNullableValue[T any](v T) Nullable[T] {
	return Nullable[T]{true: v}
}

// NewNullNullable returns a Nullable holding null.
func NewNullNullable[T any]() Nullable[T] {
	var zero T
	return Nullable[T]{false: zero}
}

var (
	errNullableNull        = errors.New("the value is null")
	errNullableUnspecified = errors.New("the value is absent")
)

// Get returns the value, or an error when the property is null or absent.
func (n Nullable[T]) Get() (T, error) {
	if v, ok := n[true]; ok {
		return v, nil
	}
	var zero T
	if n.IsNull() {
		return zero, errNullableNull
	}
	return zero, errNullableUnspecified
}

// MustGet returns the value; it panics when the property is null or absent.
func (n Nullable[T]) MustGet() T {
	v, err := n.Get()
	if err != nil {
		panic(err)
	}
	return v
}

// Set stores a value.
func (n *Nullable[T]) Set(v T) {
	*n = Nullable[T]{true: v}
}

// SetNull stores null.
func (n *Nullable[T]) SetNull() {
	var zero T
	*n = Nullable[T]{false: zero}
}

// SetUnspecified makes the property absent.
func (n *Nullable[T]) SetUnspecified() {
	*n = nil
}

// IsNull reports whether the property is null.
func (n Nullable[T]) IsNull() bool {
	_, value := n[true]
	_, null := n[false]
	return null && !value
}

// IsSpecified reports whether the property is present (null or a value).
func (n Nullable[T]) IsSpecified() bool {
	return len(n) > 0
}

// MarshalJSON writes the value, or null.
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if v, ok := n[true]; ok {
		return json.Marshal(v)
	}
	return []byte("null"), nil
}

// UnmarshalJSON reads null or a value.
func (n *Nullable[T]) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		n.SetNull()
		return nil
	}
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	n.Set(v)
	return nil
}
