package api

// The typed response writers and constructors of server_responses.go, generated from
// testdata/generate/responses-3.1.yaml; run by src/generator/ext_responses_test.ts.

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"
	"time"
)

func jsonOf(t *testing.T, data []byte) interface{} {
	t.Helper()
	var v interface{}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("not JSON: %q: %v", data, err)
	}
	return v
}

func expectJSON(t *testing.T, got []byte, want string) {
	t.Helper()
	if !reflect.DeepEqual(jsonOf(t, got), jsonOf(t, []byte(want))) {
		t.Fatalf("body %s, want %s", got, want)
	}
}

func TestWriterWithTypedHeaders(t *testing.T) {
	rec := httptest.NewRecorder()
	expires := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	ratio := 0.5
	err := WriteGetWidget200(rec, Widget{ID: 7, Name: "W"}, GetWidget200Headers{
		XRateLimit: 9, XExpires: &expires, XTags: []string{"a", "b"}, XRatio: &ratio,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Code != 200 {
		t.Fatalf("status %d", rec.Code)
	}
	want := map[string]string{
		"Content-Type": "application/json", "X-Rate-Limit": "9", "X-Expires": "2024-01-02T03:04:05Z",
		"X-Tags": "a,b", "X-Ratio": "0.5", "X-Cached": "", "Etag": "",
	}
	for k, v := range want {
		if got := rec.Header().Get(k); got != v {
			t.Errorf("header %s = %q, want %q", k, got, v)
		}
	}
	expectJSON(t, rec.Body.Bytes(), `{"id":7,"name":"W"}`)
	// A required header is sent even at its zero value.
	rec = httptest.NewRecorder()
	if err := WriteGetWidget200(rec, Widget{}, GetWidget200Headers{}); err != nil {
		t.Fatal(err)
	}
	if rec.Header().Get("X-Rate-Limit") != "0" || rec.Header().Get("X-Tags") != "" {
		t.Fatalf("headers %v", rec.Header())
	}
}

func TestWritersOfEveryKind(t *testing.T) {
	rec := httptest.NewRecorder()
	if err := WriteGetWidget404(rec); err != nil || rec.Code != 404 || rec.Body.Len() != 0 || rec.Header().Get("Content-Type") != "" {
		t.Fatalf("404: %v %d %q %v", err, rec.Code, rec.Body.String(), rec.Header())
	}
	rec = httptest.NewRecorder()
	if err := WriteGetWidgetDefault(rec, 503, Problem{Title: "down", Status: 503}); err != nil || rec.Code != 503 {
		t.Fatalf("default: %v %d", err, rec.Code)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("default content type %q", ct)
	}
	expectJSON(t, rec.Body.Bytes(), `{"title":"down","status":503}`)
	if err := WriteGetWidgetDefault(httptest.NewRecorder(), 42, Problem{}); err == nil {
		t.Fatal("status 42 accepted")
	}
	rec = httptest.NewRecorder()
	if err := WriteListWidgets2XX(rec, 206, []Widget{{ID: 1, Name: "a"}}); err != nil || rec.Code != 206 {
		t.Fatalf("2XX: %v %d", err, rec.Code)
	}
	expectJSON(t, rec.Body.Bytes(), `[{"id":1,"name":"a"}]`)
	rec = httptest.NewRecorder()
	if err := WriteListWidgets2XX(rec, 404, nil); err == nil || rec.Body.Len() != 0 {
		t.Fatalf("2XX took 404: %v %q", err, rec.Body.String())
	}
	rec = httptest.NewRecorder()
	if err := WriteGetText200(rec, "hello \"there\""); err != nil || rec.Body.String() != "hello \"there\"" || rec.Header().Get("Content-Type") != "text/plain" {
		t.Fatalf("text: %v %q %v", err, rec.Body.String(), rec.Header())
	}
	rec = httptest.NewRecorder()
	if err := WriteGetBlob200(rec, []byte{0, 1, 2}); err != nil || rec.Body.String() != "\x00\x01\x02" || rec.Header().Get("Content-Type") != "application/octet-stream" {
		t.Fatalf("blob: %v %q %v", err, rec.Body.String(), rec.Header())
	}
	rec = httptest.NewRecorder()
	if err := WriteGetImage200(rec, []byte("PNG"), "image/png"); err != nil || rec.Header().Get("Content-Type") != "image/png" {
		t.Fatalf("image: %v %v", err, rec.Header())
	}
	rec = httptest.NewRecorder()
	if err := WriteDeleteWidget204(rec, DeleteWidget204Headers{XRequestID: "r-1"}); err != nil || rec.Code != 204 || rec.Header().Get("X-Request-Id") != "r-1" {
		t.Fatalf("204: %v %d %v", err, rec.Code, rec.Header())
	}
}

type impl struct {
	Unimplemented
}

func (impl) GetWidget(ctx context.Context, req GetWidgetRequest) (GetWidgetResponse, error) {
	switch req.ID {
	case 404:
		return NewGetWidget404Response(), nil
	case 503:
		return NewGetWidgetDefaultResponse(503, Problem{Title: "down", Status: 503}), nil
	}
	return NewGetWidget200Response(Widget{ID: req.ID, Name: "W"}, GetWidget200Headers{XRateLimit: 5}), nil
}

func (impl) ListWidgets(ctx context.Context, req ListWidgetsRequest) (ListWidgetsResponse, error) {
	return NewListWidgets2XXResponse(206, []Widget{{ID: 1, Name: "a"}}), nil
}

func (impl) GetText(ctx context.Context, req GetTextRequest) (GetTextResponse, error) {
	return NewGetText200Response("plain"), nil
}

func (impl) DeleteWidget(ctx context.Context, req DeleteWidgetRequest) (DeleteWidgetResponse, error) {
	return NewDeleteWidget204Response(DeleteWidget204Headers{XRequestID: "gone"}), nil
}

func TestConstructorsThroughTheHandler(t *testing.T) {
	srv := httptest.NewServer(NewHandler(impl{}))
	defer srv.Close()
	cases := []struct {
		method, path string
		status       int
		contentType  string
		header       [2]string
		body         string
	}{
		{"GET", "/widgets/7", 200, "application/json", [2]string{"X-Rate-Limit", "5"}, `{"id":7,"name":"W"}`},
		{"GET", "/widgets/404", 404, "", [2]string{}, ""},
		{"GET", "/widgets/503", 503, "application/problem+json", [2]string{}, `{"title":"down","status":503}`},
		{"GET", "/widgets", 206, "application/json", [2]string{}, `[{"id":1,"name":"a"}]`},
		{"GET", "/text", 200, "text/plain", [2]string{}, "plain"},
		{"DELETE", "/widgets/1", 204, "", [2]string{"X-Request-Id", "gone"}, ""},
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
			t.Fatalf("%s %s: %d %q %s", c.method, c.path, resp.StatusCode, resp.Header.Get("Content-Type"), data)
		}
		if c.header[0] != "" && resp.Header.Get(c.header[0]) != c.header[1] {
			t.Fatalf("%s %s: header %s = %q", c.method, c.path, c.header[0], resp.Header.Get(c.header[0]))
		}
		if c.contentType == "application/json" || c.contentType == "application/problem+json" {
			expectJSON(t, data, c.body)
		} else if string(data) != c.body {
			t.Fatalf("%s %s: body %q", c.method, c.path, data)
		}
	}
}
