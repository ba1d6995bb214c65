package runtime

import (
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// BindError is a parameter or body the Bind functions could not read: where it is, its name and why. Use
// errors.As to tell it from other errors (a client error: answer it with 400).
type BindError struct {
	// In is where the value is: path, query, header, cookie or body.
	In string
	// Name is the parameter's name, or the form field's for form bodies ("" for a whole body).
	Name string
	// Reason says what is wrong.
	Reason string
	// Err is the cause, when there is one.
	Err error
}

// Error describes the error, naming the parameter and where it is.
func (e *BindError) Error() string {
	if e.Name == "" {
		return fmt.Sprintf("invalid %s: %s", e.In, e.Reason)
	}
	return fmt.Sprintf("invalid %s parameter %q: %s", e.In, e.Name, e.Reason)
}

// Unwrap returns the cause.
func (e *BindError) Unwrap() error {
	return e.Err
}

func binderMissing(in, name string) error {
	return &BindError{In: in, Name: name, Reason: "required but missing"}
}

func binderInvalid(in, name string, err error) error {
	return &BindError{In: in, Name: name, Reason: err.Error(), Err: err}
}

// binderPath returns the items of a path parameter written as raw (percent-encoded) text in params: prefix (of
// the label and matrix styles) removed, split by sep for arrays, each percent-decoded.
func binderPath(params map[string]string, name, prefix, sep string, array bool) ([]string, error) {
	raw, ok := params[name]
	if !ok {
		return nil, binderMissing("path", name)
	}
	if !strings.HasPrefix(raw, prefix) {
		return nil, &BindError{In: "path", Name: name, Reason: fmt.Sprintf("expected the prefix %q", prefix)}
	}
	parts := []string{raw[len(prefix):]}
	if array {
		parts = strings.Split(parts[0], sep)
	}
	for i, p := range parts {
		s, err := url.PathUnescape(p)
		if err != nil {
			return nil, binderInvalid("path", name, err)
		}
		parts[i] = s
	}
	return parts, nil
}

// binderQuery returns the items of a query parameter (or form field) and whether it is present: for arrays,
// every occurrence when exploded, else the occurrences split by sep; for others, the first.
func binderQuery(q url.Values, name string, explode bool, sep string, array bool) ([]string, bool) {
	vals := q[name]
	if len(vals) == 0 {
		return nil, false
	}
	if !array {
		return vals[:1], true
	}
	if explode {
		return vals, true
	}
	var out []string
	for _, v := range vals {
		if v != "" {
			out = append(out, strings.Split(v, sep)...)
		}
	}
	return out, true
}

// binderDeepObject returns the properties of a deepObject query parameter (name[property]=value) by property,
// and whether there is any.
func binderDeepObject(q url.Values, name string) (url.Values, bool) {
	prefix := name + "["
	var props url.Values
	for key, vals := range q {
		if len(vals) == 0 || !strings.HasPrefix(key, prefix) || !strings.HasSuffix(key, "]") {
			continue
		}
		if props == nil {
			props = url.Values{}
		}
		props[key[len(prefix):len(key)-1]] = vals
	}
	return props, props != nil
}

// binderDeepMap reads the properties of a deepObject parameter into a map, each (its first value) with parse; an
// error names the property as name[property] (the first in key order).
func binderDeepMap[T any](props url.Values, name string, parse func(string) (T, error)) (map[string]T, error) {
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make(map[string]T, len(keys))
	for _, k := range keys {
		v, err := parse(props[k][0])
		if err != nil {
			return nil, binderInvalid("query", name+"["+k+"]", err)
		}
		out[k] = v
	}
	return out, nil
}

// binderHeader returns the items of a header parameter (arrays: comma-separated, over every line of the
// header) and whether it is present.
func binderHeader(h http.Header, name string, array bool) ([]string, bool) {
	vals := h.Values(name)
	if len(vals) == 0 {
		return nil, false
	}
	if !array {
		return []string{strings.TrimSpace(vals[0])}, true
	}
	var out []string
	for _, v := range vals {
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
	}
	return out, true
}

// binderCookie returns the items of a cookie parameter (query-unescaped; arrays: every cookie of the name when
// exploded, else the first split by commas) and whether it is present.
func binderCookie(r *http.Request, name string, explode, array bool) ([]string, bool, error) {
	var vals []string
	for _, c := range r.Cookies() {
		if c.Name != name {
			continue
		}
		s, err := url.QueryUnescape(c.Value)
		if err != nil {
			return nil, true, binderInvalid("cookie", name, err)
		}
		vals = append(vals, s)
	}
	if len(vals) == 0 {
		return nil, false, nil
	}
	if !array {
		return vals[:1], true, nil
	}
	if explode {
		return vals, true, nil
	}
	if vals[0] == "" {
		return []string{}, true, nil
	}
	return strings.Split(vals[0], ","), true, nil
}

// binderFile returns the content of the first file uploaded as name in a multipart form, and whether there is
// one.
func binderFile(form *multipart.Form, name string) ([]byte, bool, error) {
	if form == nil || len(form.File[name]) == 0 {
		return nil, false, nil
	}
	f, err := form.File[name][0].Open()
	if err != nil {
		return nil, true, err
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	return data, true, err
}

// binderJSONBody decodes a JSON request body into dst and says whether there was one; an empty body is an error
// only when required.
func binderJSONBody(r *http.Request, required bool, dst interface{}) (bool, error) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return false, binderInvalid("body", "", err)
	}
	if strings.TrimSpace(string(data)) == "" {
		if required {
			return false, &BindError{In: "body", Reason: "required but missing"}
		}
		return false, nil
	}
	if err := json.Unmarshal(data, dst); err != nil {
		return false, binderInvalid("body", "", err)
	}
	return true, nil
}

// binderJSON reads a value the binder has no typed reader for from its JSON text (a bare word as a string).
func binderJSON(s string, dst interface{}) error {
	if err := json.Unmarshal([]byte(s), dst); err != nil {
		quoted, _ := json.Marshal(s)
		if json.Unmarshal(quoted, dst) == nil {
			return nil
		}
		return err
	}
	return nil
}

// binderSlice reads each item with parse.
func binderSlice[T any](items []string, parse func(string) (T, error)) ([]T, error) {
	out := make([]T, len(items))
	for i, s := range items {
		v, err := parse(s)
		if err != nil {
			return nil, fmt.Errorf("item %d: %w", i+1, err)
		}
		out[i] = v
	}
	return out, nil
}

func binderString(s string) (string, error) {
	return s, nil
}

func binderAny(s string) (interface{}, error) {
	return s, nil
}

func binderBytes(s string) ([]byte, error) {
	return []byte(s), nil
}

func binderInt64(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a 64-bit integer", s)
	}
	return n, nil
}

func binderInt32(s string) (int32, error) {
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is not a 32-bit integer", s)
	}
	return int32(n), nil
}

func binderFloat64(s string) (float64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return f, nil
}

func binderFloat32(s string) (float32, error) {
	f, err := strconv.ParseFloat(s, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return float32(f), nil
}

func binderBool(s string) (bool, error) {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return false, fmt.Errorf("%q is not a boolean", s)
	}
	return b, nil
}

func binderTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not an RFC 3339 date-time", s)
	}
	return t, nil
}
