package runtime

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// ErrNotImplemented is returned by Unimplemented; the handler answers it with 501.
var ErrNotImplemented = errors.New("not implemented")

// ParamError is a parameter or body that could not be read; the handler answers it with 400.
type ParamError struct {
	// In is where the value was: path, query, header, cookie or body.
	In string
	// Name is the parameter's name ("" for the body).
	Name string
	// Err is what went wrong.
	Err error
}

// Error describes the error.
func (e *ParamError) Error() string {
	if e.Name == "" {
		return fmt.Sprintf("invalid %s: %v", e.In, e.Err)
	}
	return fmt.Sprintf("invalid %s parameter %q: %v", e.In, e.Name, e.Err)
}

// Unwrap returns the cause.
func (e *ParamError) Unwrap() error {
	return e.Err
}

var errMissing = errors.New("required but missing")

// bindValues stores the texts of a parameter in dst (a pointer to a field): a slice takes every item (split by
// sep when the parameter is not exploded), a scalar the first.
func bindValues(vals []string, explode bool, sep string, dst interface{}) error {
	rv := reflect.ValueOf(dst).Elem()
	target := rv.Type()
	if target.Kind() == reflect.Ptr || isNullableType(target) {
		target = target.Elem()
	}
	if target.Kind() == reflect.Slice && target.Elem().Kind() != reflect.Uint8 && !explode && len(vals) == 1 {
		vals = strings.Split(vals[0], sep)
	}
	if rv.Kind() == reflect.Ptr {
		nv := reflect.New(rv.Type().Elem())
		if err := setReflect(nv.Elem(), vals); err != nil {
			return err
		}
		rv.Set(nv)
		return nil
	}
	if isNullableType(rv.Type()) {
		// A Nullable: the value read, held under true.
		nv := reflect.New(rv.Type().Elem())
		if err := setReflect(nv.Elem(), vals); err != nil {
			return err
		}
		m := reflect.MakeMapWithSize(rv.Type(), 1)
		m.SetMapIndex(reflect.ValueOf(true), nv.Elem())
		rv.Set(m)
		return nil
	}
	return setReflect(rv, vals)
}

// isNullableType reports whether t is a Nullable (a map keyed by bool).
func isNullableType(t reflect.Type) bool {
	return t.Kind() == reflect.Map && t.Key().Kind() == reflect.Bool
}

func setReflect(rv reflect.Value, vals []string) error {
	if rv.Kind() == reflect.Slice && rv.Type().Elem().Kind() != reflect.Uint8 {
		out := reflect.MakeSlice(rv.Type(), len(vals), len(vals))
		for i, s := range vals {
			if err := setScalar(out.Index(i), s); err != nil {
				return err
			}
		}
		rv.Set(out)
		return nil
	}
	if len(vals) == 0 {
		return nil
	}
	return setScalar(rv, vals[0])
}

func setScalar(rv reflect.Value, s string) error {
	if rv.Kind() == reflect.Ptr {
		nv := reflect.New(rv.Type().Elem())
		if err := setScalar(nv.Elem(), s); err != nil {
			return err
		}
		rv.Set(nv)
		return nil
	}
	if rv.Type() == reflect.TypeOf(time.Time{}) {
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			return err
		}
		rv.Set(reflect.ValueOf(t))
		return nil
	}
	switch rv.Kind() {
	case reflect.String:
		rv.SetString(s)
	case reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return err
		}
		rv.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, rv.Type().Bits())
		if err != nil {
			return err
		}
		rv.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := strconv.ParseUint(s, 10, rv.Type().Bits())
		if err != nil {
			return err
		}
		rv.SetUint(n)
	case reflect.Float32, reflect.Float64:
		f, err := strconv.ParseFloat(s, rv.Type().Bits())
		if err != nil {
			return err
		}
		rv.SetFloat(f)
	case reflect.Slice:
		rv.SetBytes([]byte(s))
	default:
		return json.Unmarshal([]byte(s), rv.Addr().Interface())
	}
	return nil
}

// bindPath reads a path parameter: prefix removed, items split by sep, each unescaped.
func bindPath(raw, name, prefix, sep string, dst interface{}) error {
	if !strings.HasPrefix(raw, prefix) {
		return &ParamError{In: "path", Name: name, Err: fmt.Errorf("expected the prefix %q", prefix)}
	}
	parts := []string{strings.TrimPrefix(raw, prefix)}
	if sep != "" {
		parts = strings.Split(parts[0], sep)
	}
	for i, p := range parts {
		s, err := url.PathUnescape(p)
		if err != nil {
			return &ParamError{In: "path", Name: name, Err: err}
		}
		parts[i] = s
	}
	if err := bindValues(parts, true, sep, dst); err != nil {
		return &ParamError{In: "path", Name: name, Err: err}
	}
	return nil
}

// bindQuery reads a query parameter.
func bindQuery(q url.Values, name string, explode bool, sep string, required bool, dst interface{}) error {
	vals, ok := q[name]
	if !ok || len(vals) == 0 {
		if required {
			return &ParamError{In: "query", Name: name, Err: errMissing}
		}
		return nil
	}
	if err := bindValues(vals, explode, sep, dst); err != nil {
		return &ParamError{In: "query", Name: name, Err: err}
	}
	return nil
}

// bindHeader reads a header parameter.
func bindHeader(h http.Header, name string, required bool, dst interface{}) error {
	vals := h.Values(name)
	if len(vals) == 0 {
		if required {
			return &ParamError{In: "header", Name: name, Err: errMissing}
		}
		return nil
	}
	if err := bindValues([]string{strings.Join(vals, ",")}, false, ",", dst); err != nil {
		return &ParamError{In: "header", Name: name, Err: err}
	}
	return nil
}

// bindCookie reads a cookie parameter.
func bindCookie(r *http.Request, name string, required bool, dst interface{}) error {
	c, err := r.Cookie(name)
	if err != nil {
		if required {
			return &ParamError{In: "cookie", Name: name, Err: errMissing}
		}
		return nil
	}
	value, err := url.QueryUnescape(c.Value)
	if err != nil {
		return &ParamError{In: "cookie", Name: name, Err: err}
	}
	if err := bindValues([]string{value}, false, ",", dst); err != nil {
		return &ParamError{In: "cookie", Name: name, Err: err}
	}
	return nil
}

// bindForm fills a struct from form fields (and uploaded files) named by its json tags.
func bindForm(values url.Values, files map[string][]*multipart.FileHeader, dst interface{}) error {
	rv := reflect.ValueOf(dst).Elem()
	for i := 0; i < rv.NumField(); i++ {
		name, _ := jsonFieldName(rv.Type().Field(i))
		if name == "" {
			continue
		}
		field := rv.Field(i)
		if fhs := files[name]; len(fhs) > 0 {
			f, err := fhs[0].Open()
			if err != nil {
				return &ParamError{In: "body", Name: name, Err: err}
			}
			data, err := io.ReadAll(f)
			f.Close()
			if err != nil {
				return &ParamError{In: "body", Name: name, Err: err}
			}
			if err := bindValues([]string{string(data)}, true, ",", field.Addr().Interface()); err != nil {
				return &ParamError{In: "body", Name: name, Err: err}
			}
			continue
		}
		if vals, ok := values[name]; ok {
			if err := bindValues(vals, true, ",", field.Addr().Interface()); err != nil {
				return &ParamError{In: "body", Name: name, Err: err}
			}
		}
	}
	return nil
}

// decodeJSONBody reads a JSON request body into dst; an empty body is an error only when required.
func decodeJSONBody(r *http.Request, required bool, dst interface{}) (bool, error) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return false, &ParamError{In: "body", Err: err}
	}
	if strings.TrimSpace(string(data)) == "" {
		if required {
			return false, &ParamError{In: "body", Err: errMissing}
		}
		return false, nil
	}
	if err := json.Unmarshal(data, dst); err != nil {
		return false, &ParamError{In: "body", Err: err}
	}
	return true, nil
}

// writeResponse writes a response: headers, status, then payload as JSON or raw bytes.
func writeResponse(w http.ResponseWriter, status int, header http.Header, payload interface{}, raw []byte) {
	for k, vs := range header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	if payload != nil {
		data, err := json.Marshal(payload)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if w.Header().Get("Content-Type") == "" {
			w.Header().Set("Content-Type", "application/json")
		}
		w.WriteHeader(status)
		_, _ = w.Write(data)
		return
	}
	w.WriteHeader(status)
	if len(raw) > 0 {
		_, _ = w.Write(raw)
	}
}

// defaultErrorHandler answers parameter errors with 400, ErrNotImplemented with 501, others with 500.
func defaultErrorHandler(w http.ResponseWriter, r *http.Request, err error) {
	var pe *ParamError
	switch {
	case errors.As(err, &pe):
		http.Error(w, err.Error(), http.StatusBadRequest)
	case errors.Is(err, ErrNotImplemented):
		http.Error(w, err.Error(), http.StatusNotImplemented)
	default:
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// bindDeepObject reads an object parameter in the deepObject style (name[property]=value) into a struct (its
// fields named by their json tags) or a map.
func bindDeepObject(q url.Values, name string, required bool, dst interface{}) error {
	prefix := name + "["
	found := false
	for key := range q {
		if strings.HasPrefix(key, prefix) && strings.HasSuffix(key, "]") {
			found = true
			break
		}
	}
	if !found {
		if required {
			return &ParamError{In: "query", Name: name, Err: errMissing}
		}
		return nil
	}
	rv := reflect.ValueOf(dst).Elem()
	if rv.Kind() == reflect.Ptr {
		rv.Set(reflect.New(rv.Type().Elem()))
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.Struct:
		for i := 0; i < rv.NumField(); i++ {
			key, _ := jsonFieldName(rv.Type().Field(i))
			if key == "" {
				continue
			}
			if vals, ok := q[prefix+key+"]"]; ok {
				if err := bindValues(vals, true, ",", rv.Field(i).Addr().Interface()); err != nil {
					return &ParamError{In: "query", Name: prefix + key + "]", Err: err}
				}
			}
		}
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			return &ParamError{In: "query", Name: name, Err: errors.New("a deepObject map needs string keys")}
		}
		if rv.IsNil() {
			rv.Set(reflect.MakeMap(rv.Type()))
		}
		for key, vals := range q {
			if !strings.HasPrefix(key, prefix) || !strings.HasSuffix(key, "]") || len(vals) == 0 {
				continue
			}
			prop := reflect.ValueOf(key[len(prefix) : len(key)-1]).Convert(rv.Type().Key())
			v := reflect.New(rv.Type().Elem())
			if v.Elem().Kind() == reflect.Interface {
				v.Elem().Set(reflect.ValueOf(vals[0]))
			} else if err := bindValues(vals, true, ",", v.Interface()); err != nil {
				return &ParamError{In: "query", Name: key, Err: err}
			}
			rv.SetMapIndex(prop, v.Elem())
		}
	default:
		return &ParamError{In: "query", Name: name, Err: errors.New("a deepObject parameter must be an object")}
	}
	return nil
}
