package api

// The Stub of server_stubs.go, generated from testdata/generate/responses-3.1.yaml, answers every operation
// through server.go's NewHandler with the document's examples; run by src/generator/ext_stubs_test.ts.

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"
)

func TestStubAnswersEveryOperation(t *testing.T) {
	srv := httptest.NewServer(NewHandler(Stub{}))
	defer srv.Close()
	cases := []struct {
		method, path string
		status       int
		contentType  string
		body         string
		header       map[string]string
	}{
		{"GET", "/widgets/7", 200, "application/json",
			`{"id":7,"name":"Sprocket","price":2.5,"tags":["a","b"],"created":"2024-05-06T07:08:09Z","kind":"small","extra":"kept"}`,
			map[string]string{"X-Rate-Limit": "100", "X-Expires": "2030-01-01T00:00:00Z", "Etag": `"abc"`}},
		{"DELETE", "/widgets/7", 204, "", "", map[string]string{"X-Request-Id": ""}},
		{"GET", "/widgets", 200, "application/json", `[{"id":1,"name":"One"},{"id":2,"name":"Two"}]`, nil},
		{"GET", "/text", 200, "text/plain", "hello */ \"world\"\n`raw` \\ end", nil},
		{"GET", "/blob", 200, "application/octet-stream", "", nil},
		{"GET", "/images", 200, "application/octet-stream", "", nil},
		{"GET", "/tree", 200, "application/json", `{"name":"root"}`, nil},
		{"GET", "/misfit", 201, "application/json", `{"id":0,"name":"Misfit","tags":["","two"]}`, nil},
		{"GET", "/hostile", 200, "application/json",
			`{"id":666,"name":"*/ \" ` + "`" + ` \\ \u2028 \u0000 ${x} %s \n}","tags":["\"); os.Exit(1); //","\t"]}`, nil},
		{"GET", "/settings", 200, "application/json", `{"mode":"fast","level":3,"version":"v1","ratio":0.5,"flags":{"a":true}}`, nil},
		{"GET", "/shapes", 200, "application/json", `{"kind":"square","side":3}`, nil},
	}
	for _, c := range cases {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || resp.Header.Get("Content-Type") != c.contentType {
			t.Errorf("%s %s: %d %q %s", c.method, c.path, resp.StatusCode, resp.Header.Get("Content-Type"), data)
			continue
		}
		for k, v := range c.header {
			if got, ok := resp.Header[k]; !ok || len(got) != 1 || got[0] != v {
				t.Errorf("%s %s: header %s = %q, want %q", c.method, c.path, k, got, v)
			}
		}
		if c.contentType != "application/json" {
			if string(data) != c.body {
				t.Errorf("%s %s: body %q, want %q", c.method, c.path, data, c.body)
			}
			continue
		}
		var got, want interface{}
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatalf("%s %s: %q: %v", c.method, c.path, data, err)
		}
		if err := json.Unmarshal([]byte(c.body), &want); err != nil {
			t.Fatalf("test case %s: %v", c.path, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s %s: body %s, want %s", c.method, c.path, data, c.body)
		}
	}
}

// The examples are Go values of the generated types: the undeclared property in AdditionalProperties, the
// time parsed, the enum its constant, the union the alternative its discriminator names.
func TestStubValuesAreTyped(t *testing.T) {
	resp, err := Stub{}.GetWidget(context.Background(), GetWidgetRequest{})
	if err != nil || resp.JSON200 == nil {
		t.Fatal(resp, err)
	}
	w := *resp.JSON200
	if w.ID != 7 || w.Name != "Sprocket" || *w.Price != 2.5 || *w.Kind != WidgetKindSmall || w.AdditionalProperties["extra"] != "kept" {
		t.Fatalf("%+v", w)
	}
	if w.Created.Year() != 2024 || w.Created.Second() != 9 {
		t.Fatalf("created %v", w.Created)
	}
	shape, _ := Stub{}.GetShape(context.Background(), GetShapeRequest{})
	if sq, ok := shape.JSON200.AsSquare(); !ok || sq.Side != 3 {
		t.Fatalf("shape %+v", shape.JSON200)
	}
}
