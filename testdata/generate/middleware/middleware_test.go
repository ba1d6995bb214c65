package mwfix

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// seen records what the next handler got.
type seen struct {
	called bool
	body   string
}

func serve(t *testing.T, opts []ValidationOptions, req *http.Request) (*httptest.ResponseRecorder, *seen) {
	t.Helper()
	s := &seen{}
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.called = true
		if r.Body != nil {
			data, err := io.ReadAll(r.Body)
			if err != nil {
				t.Fatalf("next handler cannot read the body: %v", err)
			}
			s.body = string(data)
		}
		w.WriteHeader(http.StatusNoContent)
	})
	rec := httptest.NewRecorder()
	ValidationMiddleware(opts...)(next).ServeHTTP(rec, req)
	return rec, s
}

const validItem = `{"name":"Éla","kind":"small","created":"2024-01-02T03:04:05Z","score":9.5,"step":10,"tags":["x"],"note":null,"shape":{"r":1},"pet":3,"mixed":2,"not5":4,"meta":{"a":1},"code":"anything","ecma":"123-AZ","ref":"AB"}`

func itemRequest(mutate func(r *http.Request), body string) *http.Request {
	r := httptest.NewRequest("PUT", "/items/7?q=abc&tags=a,b&ids=1&ids=2&flag=true", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("X-Trace", "123e4567-e89b-12d3-a456-426614174000")
	r.Header.Set("X-Rate", "1.5")
	r.AddCookie(&http.Cookie{Name: "session", Value: "abc"})
	if mutate != nil {
		mutate(r)
	}
	return r
}

func withBody(field, value string) string {
	var m map[string]interface{}
	if err := json.Unmarshal([]byte(validItem), &m); err != nil {
		panic(err)
	}
	if value == "" {
		delete(m, field)
	} else {
		var v interface{}
		if err := json.Unmarshal([]byte(value), &v); err != nil {
			panic(err)
		}
		m[field] = v
	}
	data, _ := json.Marshal(m)
	return string(data)
}

func setQuery(key, value string) func(r *http.Request) {
	return func(r *http.Request) {
		q := r.URL.Query()
		if value == "" {
			q.Del(key)
		} else {
			q.Set(key, value)
		}
		r.URL.RawQuery = q.Encode()
	}
}

func setHeader(key, value string) func(r *http.Request) {
	return func(r *http.Request) {
		if value == "" {
			r.Header.Del(key)
		} else {
			r.Header.Set(key, value)
		}
	}
}

func TestValidRequestsPassWithTheirBody(t *testing.T) {
	rec, s := serve(t, nil, itemRequest(nil, validItem))
	if rec.Code != http.StatusNoContent || !s.called {
		t.Fatalf("valid request: status %d, called %v, answer %s", rec.Code, s.called, rec.Body.String())
	}
	if s.body != validItem {
		t.Fatalf("the next handler got the body %q", s.body)
	}
	// Minimal body: the readOnly id is not required in a request.
	minimal := `{"name":"A","kind":"large","created":"2024-01-02T03:04:05+02:00"}`
	if rec, s := serve(t, nil, itemRequest(nil, minimal)); rec.Code != http.StatusNoContent || s.body != minimal {
		t.Fatalf("minimal body: status %d, answer %s", rec.Code, rec.Body.String())
	}
	extended := `{"name":"A","kind":"large","created":"2024-01-02T03:04:05Z","pair":["a",1],"bag":[1,"x",2],"labels":{"x-b":"s"},"step":-2147483645}`
	if rec, _ := serve(t, nil, itemRequest(nil, extended)); rec.Code != http.StatusNoContent {
		t.Fatalf("extended body: status %d, answer %s", rec.Code, rec.Body.String())
	}
	// Another accepted media type, not validated as JSON.
	if rec, _ := serve(t, nil, itemRequest(setHeader("Content-Type", "text/plain; charset=utf-8"), "free text")); rec.Code != http.StatusNoContent {
		t.Fatalf("text/plain: status %d, answer %s", rec.Code, rec.Body.String())
	}
	// Unknown paths and methods pass through.
	for _, r := range []*http.Request{
		httptest.NewRequest("GET", "/nowhere", nil),
		httptest.NewRequest("DELETE", "/items/7", nil),
	} {
		if rec, s := serve(t, nil, r); !s.called || rec.Code != http.StatusNoContent {
			t.Fatalf("%s %s: not passed through (%d)", r.Method, r.URL, rec.Code)
		}
	}
	// The literal path is matched before the template.
	if rec, _ := serve(t, nil, httptest.NewRequest("GET", "/items/mine?when=2024-02-29&mail=a@example.com", nil)); rec.Code != http.StatusNoContent {
		t.Fatalf("/items/mine: status %d, answer %s", rec.Code, rec.Body.String())
	}
	// Recursive schemas validate recursive values; an optional body may be absent.
	if rec, _ := serve(t, nil, jsonRequest("/nodes", `{"value":1,"children":[{"value":2,"children":[{"value":3}]}]}`)); rec.Code != http.StatusNoContent {
		t.Fatalf("nodes: status %d, answer %s", rec.Code, rec.Body.String())
	}
	if rec, _ := serve(t, nil, httptest.NewRequest("POST", "/nodes", nil)); rec.Code != http.StatusNoContent {
		t.Fatalf("nodes without body: status %d, answer %s", rec.Code, rec.Body.String())
	}
	// A media range of the document (application/*) accepts application/xml+json-like types.
	r := httptest.NewRequest("POST", "/blobs", strings.NewReader(`{"a":1}`))
	r.Header.Set("Content-Type", "application/octet-stream")
	if rec, _ := serve(t, nil, r); rec.Code != http.StatusNoContent {
		t.Fatalf("blobs: status %d, answer %s", rec.Code, rec.Body.String())
	}
}

func jsonRequest(path, body string) *http.Request {
	r := httptest.NewRequest("POST", path, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return r
}

func formRequest(body string) *http.Request {
	r := httptest.NewRequest("POST", "/forms", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return r
}

func TestFormBodies(t *testing.T) {
	valid := "name=ab&age=3&tags=x&tags=y&ok=true&other=1"
	if rec, s := serve(t, nil, formRequest(valid)); rec.Code != http.StatusNoContent || s.body != valid {
		t.Fatalf("valid form: status %d, body %q, answer %s", rec.Code, s.body, rec.Body.String())
	}
	r := httptest.NewRequest("POST", "/forms", strings.NewReader("--b--"))
	r.Header.Set("Content-Type", "multipart/form-data; boundary=b")
	if rec, _ := serve(t, nil, r); rec.Code != http.StatusNoContent {
		t.Fatalf("multipart: status %d, answer %s", rec.Code, rec.Body.String())
	}
	for body, want := range map[string]string{
		"age=3":                        `{"in":"body","name":"/name","message":"is required"}`,
		"name=ab&age=x":                `{"in":"body","name":"/age","message":"must be an integer"}`,
		"name=ab&age=-1":               `{"in":"body","name":"/age","message":"must be greater than or equal to 0"}`,
		"name=ab&tags=a&tags=b&tags=c": `{"in":"body","name":"/tags","message":"must have at most 2 items"}`,
		"name=a":                       `{"in":"body","name":"/name","message":"must be at least 2 characters long"}`,
		"name=ab&ok=maybe":             `{"in":"body","name":"/ok","message":"must be true or false"}`,
		"name=%zz":                     `{"in":"body","name":"","message":"the body is not a well-formed form"}`,
	} {
		rec, s := serve(t, nil, formRequest(body))
		if rec.Code != http.StatusBadRequest || s.called || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("form %q: status %d, answer %s", body, rec.Code, rec.Body.String())
		}
	}
}

func TestInvalidRequestsAreRejected(t *testing.T) {
	cases := []struct {
		name    string
		req     *http.Request
		in      string
		at      string
		message string
	}{
		{"path type", itemRequest(func(r *http.Request) { r.URL.Path = "/items/x" }, validItem), "path", "id", "must be an integer"},
		{"path minimum", itemRequest(func(r *http.Request) { r.URL.Path = "/items/0" }, validItem), "path", "id", "greater than or equal to 1"},
		{"query required", itemRequest(setQuery("q", ""), validItem), "query", "q", "is required"},
		{"query minLength", itemRequest(setQuery("q", "a"), validItem), "query", "q", "at least 2 characters"},
		{"query maxLength", itemRequest(setQuery("q", "abcdef"), validItem), "query", "q", "at most 5 characters"},
		{"query array enum", itemRequest(setQuery("tags", "a,z"), validItem), "query", "tags/1", "allowed values"},
		{"query array unique", itemRequest(setQuery("tags", "a,a"), validItem), "query", "tags", "duplicate"},
		{"query array maxItems", itemRequest(setQuery("tags", "a,b,c,a"), validItem), "query", "tags", "at most 3 items"},
		{"query exploded items", itemRequest(func(r *http.Request) { r.URL.RawQuery += "&ids=x" }, validItem), "query", "ids", "items must be an integer"},
		{"query boolean", itemRequest(setQuery("flag", "yes"), validItem), "query", "flag", "true or false"},
		{"header required", itemRequest(setHeader("X-Trace", ""), validItem), "header", "X-Trace", "is required"},
		{"header format", itemRequest(setHeader("X-Trace", "not-a-uuid"), validItem), "header", "X-Trace", "valid uuid"},
		{"header number", itemRequest(setHeader("X-Rate", "fast"), validItem), "header", "X-Rate", "must be a number"},
		{"header exclusiveMinimum", itemRequest(setHeader("X-Rate", "0"), validItem), "header", "X-Rate", "greater than 0"},
		{"header multipleOf", itemRequest(setHeader("X-Rate", "1.2"), validItem), "header", "X-Rate", "multiple of 0.5"},
		{"cookie required", itemRequest(func(r *http.Request) { r.Header.Del("Cookie") }, validItem), "cookie", "session", "is required"},
		{"cookie pattern", itemRequest(func(r *http.Request) {
			r.Header.Del("Cookie")
			r.AddCookie(&http.Cookie{Name: "session", Value: "ABC"})
		}, validItem), "cookie", "session", "pattern"},
		{"body required", itemRequest(nil, ""), "body", "", "body is required"},
		{"body malformed", itemRequest(nil, `{"name":`), "body", "", "not well-formed JSON"},
		{"body trailing data", itemRequest(nil, validItem+"{}"), "body", "", "not well-formed JSON"},
		{"body type", itemRequest(nil, `[1]`), "body", "", "must be of type object"},
		{"required property", itemRequest(nil, withBody("kind", "")), "body", "/kind", "is required"},
		{"additional property", itemRequest(nil, withBody("extra~/x", "1")), "body", "/extra~0~1x", "is not allowed"},
		{"maxProperties", itemRequest(nil, withBody("id", "1")), "body", "", "at most 15 properties"},
		{"minProperties", itemRequest(nil, `{"name":"A","kind":"small"}`), "body", "", "at least 3 properties"},
		{"string type", itemRequest(nil, withBody("name", "1")), "body", "/name", "must be of type string"},
		{"maxLength in runes", itemRequest(nil, withBody("name", `"Éééé"`)), "body", "/name", "at most 3 characters"},
		{"minLength", itemRequest(nil, withBody("name", `""`)), "body", "/name", "at least 1 characters"},
		{"unicode pattern", itemRequest(nil, withBody("name", `"éa"`)), "body", "/name", "pattern"},
		{"enum", itemRequest(nil, withBody("kind", `"medium"`)), "body", "/kind", "allowed values"},
		{"date-time", itemRequest(nil, withBody("created", `"2024-13-01T00:00:00Z"`)), "body", "/created", "valid date-time"},
		{"maximum exclusive", itemRequest(nil, withBody("score", "10")), "body", "/score", "less than 10"},
		{"minimum", itemRequest(nil, withBody("score", "-1")), "body", "/score", "greater than or equal to 0"},
		{"integer", itemRequest(nil, withBody("step", "5.5")), "body", "/step", "must be an integer"},
		{"multipleOf", itemRequest(nil, withBody("step", "7")), "body", "/step", "multiple of 5"},
		{"int32", itemRequest(nil, withBody("step", "3000000000")), "body", "/step", "32-bit"},
		{"leading zero", itemRequest(func(r *http.Request) { r.URL.Path = "/items/01" }, validItem), "path", "id", "must be an integer"},
		{"minItems", itemRequest(nil, withBody("tags", "[]")), "body", "/tags", "at least 1 items"},
		{"maxItems", itemRequest(nil, withBody("tags", `["a","b","c"]`)), "body", "/tags", "at most 2 items"},
		{"uniqueItems", itemRequest(nil, withBody("tags", `["a","a"]`)), "body", "/tags", "duplicate"},
		{"items", itemRequest(nil, withBody("tags", `["a",2]`)), "body", "/tags/1", "must be of type string"},
		{"type list with null", itemRequest(nil, withBody("note", "3")), "body", "/note", "string or null"},
		{"oneOf none", itemRequest(nil, withBody("shape", "{}")), "body", "/shape", "exactly one"},
		{"oneOf both", itemRequest(nil, withBody("shape", `{"r":1,"side":2}`)), "body", "/shape", "exactly one"},
		{"anyOf", itemRequest(nil, withBody("pet", "true")), "body", "/pet", "at least one schema of anyOf"},
		{"allOf", itemRequest(nil, withBody("mixed", "4")), "body", "/mixed", "less than or equal to 3"},
		{"not", itemRequest(nil, withBody("not5", "5.0")), "body", "/not5", "must not match"},
		{"prefixItems", itemRequest(nil, withBody("pair", `["a","b"]`)), "body", "/pair/1", "must be of type integer"},
		{"items false after prefixItems", itemRequest(nil, withBody("pair", `["a",1,2]`)), "body", "/pair", "at most 2 items"},
		{"minContains", itemRequest(nil, withBody("bag", `["a",1]`)), "body", "/bag", "at least 2 matching"},
		{"maxContains", itemRequest(nil, withBody("bag", `[1,2,3,4]`)), "body", "/bag", "at most 3 matching"},
		{"patternProperties", itemRequest(nil, withBody("labels", `{"x-a":1}`)), "body", "/labels/x-a", "must be of type string"},
		{"patternProperties and additionalProperties", itemRequest(nil, withBody("labels", `{"x-a":"s","y":"s"}`)), "body", "/labels/y", "is not allowed"},
		{"additionalProperties schema", itemRequest(nil, withBody("meta", `{"a":"x"}`)), "body", "/meta/a", "must be of type integer"},
		{"ECMA pattern translated", itemRequest(nil, withBody("ecma", `"123-A\n"`)), "body", "/ecma", "pattern"},
		{"$ref with siblings", itemRequest(nil, withBody("ref", `"ABC"`)), "body", "/ref", "at most 2 characters"},
		{"$ref target", itemRequest(nil, withBody("ref", `"Q"`)), "body", "/ref", "allowed values"},
		{"recursive", jsonRequest("/nodes", `{"value":1,"children":[{"value":2,"children":[{"value":"x"}]}]}`), "body", "/children/0/children/0/value", "must be of type integer"},
		{"nesting depth", jsonRequest("/nodes", `{"value":1,"children":[`+strings.Repeat("[", 100)+strings.Repeat("]", 100)+`]}`), "body", "", "nested more than 64 levels"},
		{"date", httptest.NewRequest("GET", "/items/mine?when=2023-02-29", nil), "query", "when", "valid date"},
		{"email", httptest.NewRequest("GET", "/items/mine?mail=no-at-sign", nil), "query", "mail", "valid email"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec, s := serve(t, nil, c.req)
			if s.called || rec.Code != http.StatusBadRequest {
				t.Fatalf("status %d, next called %v, answer %s", rec.Code, s.called, rec.Body.String())
			}
			if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
				t.Fatalf("Content-Type %q", ct)
			}
			var p ValidationProblem
			if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
				t.Fatalf("problem body: %v", err)
			}
			if p.Status != 400 || p.Title != "Bad Request" || p.Type != "about:blank" || p.Detail == "" {
				t.Fatalf("problem fields: %+v", p)
			}
			for _, f := range p.Errors {
				if f.In == c.in && f.Name == c.at && strings.Contains(f.Message, c.message) {
					return
				}
			}
			t.Fatalf("no failure {%s %q %q} in %+v", c.in, c.at, c.message, p.Errors)
		})
	}
}

func TestLimits(t *testing.T) {
	// A body over MaxBodyBytes: 413.
	rec, s := serve(t, []ValidationOptions{{MaxBodyBytes: 16}}, itemRequest(nil, validItem))
	if rec.Code != http.StatusRequestEntityTooLarge || s.called {
		t.Fatalf("large body: status %d", rec.Code)
	}
	// A content type the operation does not accept: 415.
	rec, s = serve(t, nil, itemRequest(setHeader("Content-Type", "application/xml"), "<a/>"))
	if rec.Code != http.StatusUnsupportedMediaType || s.called {
		t.Fatalf("xml body: status %d", rec.Code)
	}
	// The work bound stops validation of a large recursive value, as a failure.
	deep := `{"value":1,"children":[` + strings.Repeat(`{"value":1},`, 50) + `{"value":1}]}`
	rec, _ = serve(t, []ValidationOptions{{MaxSteps: 10}}, jsonRequest("/nodes", deep))
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "too complex") {
		t.Fatalf("work bound: status %d, answer %s", rec.Code, rec.Body.String())
	}
	// Failures are capped, and an unbounded key is cut in the answer.
	long := strings.Repeat("k", 5000)
	rec, _ = serve(t, []ValidationOptions{{MaxErrors: 2}}, itemRequest(nil, withBody(long, "1")))
	var p ValidationProblem
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || len(p.Errors) > 2 {
		t.Fatalf("capped failures: %v %+v", err, p.Errors)
	}
	if len(rec.Body.String()) > 1000 {
		t.Fatalf("the answer echoes unbounded input (%d bytes)", len(rec.Body.String()))
	}
	// BaseURL is removed before matching.
	r := itemRequest(func(r *http.Request) { r.URL.Path = "/api/items/x" }, validItem)
	if rec, _ := serve(t, []ValidationOptions{{BaseURL: "/api"}}, r); rec.Code != http.StatusBadRequest {
		t.Fatalf("base URL: status %d", rec.Code)
	}
}
