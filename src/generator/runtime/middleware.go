package runtime

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// ValidationOptions configures ValidationMiddleware; a zero field takes its default.
type ValidationOptions struct {
	// BaseURL is a path prefix removed before matching ("" for none).
	BaseURL string
	// MaxBodyBytes is the largest request body read (default 1 MiB); a larger one is answered with 413.
	MaxBodyBytes int64
	// MaxDepth is the deepest nesting of arrays and objects accepted in a JSON body (default 64).
	MaxDepth int
	// MaxErrors is the most failures listed in one answer (default 20).
	MaxErrors int
	// MaxSteps bounds the validation work for one request, in schema checks (default 1000000).
	MaxSteps int
}

// ValidationProblem is the RFC 9457 problem body (application/problem+json) of a rejected request.
type ValidationProblem struct {
	// Type is "about:blank": the status says what happened.
	Type string `json:"type"`
	// Title is the status text.
	Title string `json:"title"`
	// Status is the HTTP status code.
	Status int `json:"status"`
	// Detail says why the request was rejected.
	Detail string `json:"detail"`
	// Errors lists the failed checks (empty for 413 and 415).
	Errors []ValidationFailure `json:"errors"`
}

// ValidationMiddleware validates each request of a known operation (method and path template) against the
// document: parameters, content type and body. An invalid request is answered with 400 (413 for a body over
// MaxBodyBytes, 415 for a content type the operation does not accept) and a ValidationProblem; a valid one
// goes to next with its body still readable. Requests of unknown operations pass through untouched.
func ValidationMiddleware(opts ...ValidationOptions) func(http.Handler) http.Handler {
	o := ValidationOptions{}
	if len(opts) > 0 {
		o = opts[0]
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = 1 << 20
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = 64
	}
	if o.MaxErrors <= 0 {
		o.MaxErrors = 20
	}
	if o.MaxSteps <= 0 {
		o.MaxSteps = 1000000
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			op, pathValues := rvMatch(r, o.BaseURL)
			if op == nil {
				next.ServeHTTP(w, r)
				return
			}
			steps := o.MaxSteps
			e := &rvErrs{max: o.MaxErrors, steps: &steps, maxDepth: 4*o.MaxDepth + 64}
			rvCheckParams(op, r, pathValues, e)
			if op.body != nil {
				if status, detail := rvCheckBody(op.body, r, &o, e); status != 0 {
					rvProblem(w, status, detail, nil)
					return
				}
			}
			if len(e.list) > 0 {
				rvProblem(w, http.StatusBadRequest, "the request does not match the API description", e.list)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

type rvParam struct {
	in       string
	name     string
	required bool
	kind     byte
	items    byte
	explode  bool
	sep      string
	prefix   string
	index    int
	check    rvCheck
}

type rvMedia struct {
	mediaType string
	check     rvCheck
	form      []rvField
}

// rvField is how a field of a form body is read (as parameters are).
type rvField struct {
	name  string
	kind  byte
	items byte
}

type rvBody struct {
	required bool
	media    []rvMedia
}

type rvOperation struct {
	method  string
	pattern *regexp.Regexp
	params  []rvParam
	body    *rvBody
}

func rvMatch(r *http.Request, base string) (*rvOperation, []string) {
	path := strings.TrimPrefix(r.URL.EscapedPath(), base)
	for _, op := range rvOperations {
		if op.method != r.Method {
			continue
		}
		if m := op.pattern.FindStringSubmatch(path); m != nil {
			return op, m[1:]
		}
	}
	return nil, nil
}

func rvCheckParams(op *rvOperation, r *http.Request, pathValues []string, e *rvErrs) {
	var query url.Values
	for i := range op.params {
		rp := &op.params[i]
		e.in = rp.in
		var raw []string
		switch rp.in {
		case "path":
			if rp.index < len(pathValues) {
				s, err := url.PathUnescape(pathValues[rp.index])
				if err != nil {
					e.add(rp.name, "is not a valid escaped path segment")
					continue
				}
				raw = []string{strings.TrimPrefix(s, rp.prefix)}
			}
		case "query":
			if query == nil {
				query = r.URL.Query()
			}
			raw = query[rp.name]
		case "header":
			raw = r.Header.Values(rp.name)
			if len(raw) > 1 && !rp.explode {
				raw = []string{strings.Join(raw, ",")}
			}
		case "cookie":
			if c, err := r.Cookie(rp.name); err == nil {
				raw = []string{c.Value}
			}
		}
		if len(raw) == 0 || (rp.in == "path" && raw[0] == "") {
			if rp.required {
				e.add(rp.name, "is required")
			}
			continue
		}
		if rp.check == nil {
			continue
		}
		v, msg := rvParamValue(rp, raw)
		if msg != "" {
			e.add(rp.name, msg)
			continue
		}
		rp.check(v, rp.name, e)
	}
}

// rvParamValue reads a parameter's text as the JSON value its schema describes.
func rvParamValue(rp *rvParam, raw []string) (interface{}, string) {
	if rp.kind != 'a' {
		return rvScalar(rp.kind, raw[0])
	}
	parts := raw
	if !rp.explode {
		parts = nil
		for _, s := range raw {
			if s != "" {
				parts = append(parts, strings.Split(s, rp.sep)...)
			}
		}
	}
	items := make([]interface{}, 0, len(parts))
	for _, s := range parts {
		if rp.in == "header" {
			s = strings.TrimSpace(s)
		}
		v, msg := rvScalar(rp.items, s)
		if msg != "" {
			return nil, "items " + msg
		}
		items = append(items, v)
	}
	return items, ""
}

func rvScalar(kind byte, s string) (interface{}, string) {
	switch kind {
	case 'i':
		if !rvIsNumber(s) {
			return nil, "must be an integer"
		}
		return json.Number(s), ""
	case 'n':
		if !rvIsNumber(s) {
			return nil, "must be a number"
		}
		return json.Number(s), ""
	case 'b':
		switch s {
		case "true":
			return true, ""
		case "false":
			return false, ""
		}
		return nil, "must be true or false"
	}
	return s, ""
}

// rvCheckBody reads the body (at most MaxBodyBytes), checks its content type and, for JSON, its value; a
// status other than 0 rejects the request at once.
func rvCheckBody(b *rvBody, r *http.Request, o *ValidationOptions, e *rvErrs) (int, string) {
	e.in = "body"
	if r.ContentLength > o.MaxBodyBytes {
		return http.StatusRequestEntityTooLarge, "the request body is larger than " + strconv.FormatInt(o.MaxBodyBytes, 10) + " bytes"
	}
	var data []byte
	if r.Body != nil && r.Body != http.NoBody {
		var err error
		data, err = io.ReadAll(io.LimitReader(r.Body, o.MaxBodyBytes+1))
		if err != nil {
			return http.StatusBadRequest, "the request body could not be read"
		}
		if int64(len(data)) > o.MaxBodyBytes {
			return http.StatusRequestEntityTooLarge, "the request body is larger than " + strconv.FormatInt(o.MaxBodyBytes, 10) + " bytes"
		}
		r.Body = io.NopCloser(bytes.NewReader(data))
	}
	if len(data) == 0 {
		if b.required {
			e.add("", "a request body is required")
		}
		return 0, ""
	}
	mediaType, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return http.StatusUnsupportedMediaType, "the request has no valid Content-Type"
	}
	var m *rvMedia
	for i := range b.media {
		if rvMediaMatch(b.media[i].mediaType, mediaType) {
			m = &b.media[i]
			break
		}
	}
	if m == nil {
		return http.StatusUnsupportedMediaType, "the operation does not accept this Content-Type"
	}
	if m.check == nil {
		return 0, ""
	}
	if m.form != nil {
		rvCheckForm(m, data, e)
		return 0, ""
	}
	if !rvDepthOK(data, o.MaxDepth) {
		e.add("", "the JSON body is nested more than "+strconv.Itoa(o.MaxDepth)+" levels deep")
		return 0, ""
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v interface{}
	if err := dec.Decode(&v); err != nil {
		e.add("", "the body is not well-formed JSON")
		return 0, ""
	}
	if _, err := dec.Token(); err != io.EOF {
		e.add("", "the body is not well-formed JSON")
		return 0, ""
	}
	m.check(v, "", e)
	return 0, ""
}

// rvCheckForm checks an application/x-www-form-urlencoded body: its fields read as the schema's types, then
// the schema's checks on them as one object.
func rvCheckForm(m *rvMedia, data []byte, e *rvErrs) {
	values, err := url.ParseQuery(string(data))
	if err != nil {
		e.add("", "the body is not a well-formed form")
		return
	}
	obj := make(map[string]interface{}, len(values))
	for k, vals := range values {
		obj[k] = vals[0]
	}
	for i := range m.form {
		f := &m.form[i]
		vals, ok := values[f.name]
		if !ok {
			continue
		}
		v, msg := rvParamValue(&rvParam{in: "body", name: f.name, kind: f.kind, items: f.items, explode: true}, vals)
		if msg != "" {
			e.add("/"+rvEsc(f.name), msg)
			return
		}
		obj[f.name] = v
	}
	m.check(obj, "", e)
}

func rvProblem(w http.ResponseWriter, status int, detail string, errs []ValidationFailure) {
	if errs == nil {
		errs = []ValidationFailure{}
	}
	data, err := json.Marshal(ValidationProblem{
		Type:   "about:blank",
		Title:  http.StatusText(status),
		Status: status,
		Detail: detail,
		Errors: errs,
	})
	if err != nil {
		data = []byte("{}")
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(data)
}
