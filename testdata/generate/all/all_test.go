package api

// Every server extension at once (--server-all --server-embed-spec) on the 3.0 petstore: the router serves the
// stub implementation behind the validation middleware, the typed writers answer, the document is served.

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func server() *httptest.Server {
	mux := http.NewServeMux()
	mux.Handle("/openapi", SpecHandler())
	api := ValidationMiddleware()(NewRouter(Stub{}))
	mux.Handle("/", api)
	return httptest.NewServer(mux)
}

func call(t *testing.T, srv *httptest.Server, method, path, body string) (*http.Response, string) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, srv.URL+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(data)
}

func TestStubsBehindRouterAndMiddleware(t *testing.T) {
	srv := server()
	defer srv.Close()

	resp, body := call(t, srv, "GET", "/pets?limit=5", "")
	if resp.StatusCode != 200 {
		t.Fatalf("GET /pets: %d %s", resp.StatusCode, body)
	}
	var pets []map[string]interface{}
	if err := json.Unmarshal([]byte(body), &pets); err != nil || len(pets) != 1 {
		t.Fatalf("GET /pets body %q: %v", body, err)
	}

	resp, body = call(t, srv, "GET", "/pets/7", "")
	if resp.StatusCode != 200 || !strings.Contains(body, `"name"`) {
		t.Fatalf("GET /pets/7: %d %s", resp.StatusCode, body)
	}

	resp, body = call(t, srv, "POST", "/pets", `{"id": 10, "name": "Rex"}`)
	if resp.StatusCode != 201 {
		t.Fatalf("POST /pets: %d %s", resp.StatusCode, body)
	}

	// The middleware rejects what the document does not allow, with a problem body.
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/pets?limit=abc", ""},
		{"GET", "/pets?limit=1000", ""},
		{"POST", "/pets", `{"id": "ten", "name": "Rex"}`},
		{"POST", "/pets", `{"id": 10}`},
		{"POST", "/pets", ""},
	} {
		resp, body = call(t, srv, c.method, c.path, c.body)
		if resp.StatusCode != 400 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/problem+json") {
			t.Errorf("%s %s %s: %d %q %s", c.method, c.path, c.body, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
	}

	// The router: 405 with Allow, 404.
	resp, _ = call(t, srv, "DELETE", "/pets", "")
	if resp.StatusCode != 405 || resp.Header.Get("Allow") != "GET, POST" {
		t.Errorf("DELETE /pets: %d Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
	resp, _ = call(t, srv, "GET", "/nowhere", "")
	if resp.StatusCode != 404 {
		t.Errorf("GET /nowhere: %d", resp.StatusCode)
	}

	// The embedded document.
	resp, body = call(t, srv, "GET", "/openapi", "")
	if resp.StatusCode != 200 || !strings.Contains(body, "operationId: listPets") {
		t.Errorf("GET /openapi: %d", resp.StatusCode)
	}
}

func TestTypedWriters(t *testing.T) {
	rec := httptest.NewRecorder()
	next := "/pets?page=2"
	if err := WriteListPets200(rec, Pets{{ID: 1, Name: "Rex"}}, ListPets200Headers{XNext: &next}); err != nil {
		t.Fatal(err)
	}
	if rec.Code != 200 || rec.Header().Get("x-next") != next || !strings.Contains(rec.Body.String(), `"Rex"`) {
		t.Fatalf("WriteListPets200: %d %v %s", rec.Code, rec.Header(), rec.Body.String())
	}
	if err := WriteListPetsDefault(httptest.NewRecorder(), 42, Error{}); err == nil {
		t.Fatal("WriteListPetsDefault accepted status 42")
	}
}
