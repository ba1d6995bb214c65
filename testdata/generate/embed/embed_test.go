package api

// The embedded document of server_embed.go: OpenAPISpec returns the source's bytes (a copy), SpecHandler serves
// them with the media type, an ETag (304 on If-None-Match) and no-cache; run by src/generator/ext_embed_test.ts,
// which puts the source document in testdata/original.

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
)

func TestEmbeddedSpec(t *testing.T) {
	original, err := os.ReadFile("testdata/original")
	if err != nil {
		t.Fatal(err)
	}
	spec := OpenAPISpec()
	if !bytes.Equal(spec, original) {
		t.Fatalf("OpenAPISpec() differs from the source (%d and %d bytes)", len(spec), len(original))
	}
	spec[0] ^= 0xff
	if !bytes.Equal(OpenAPISpec(), original) {
		t.Fatal("OpenAPISpec() returned the shared bytes, not a copy")
	}
	srv := httptest.NewServer(SpecHandler())
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/openapi")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Equal(body, original) {
		t.Fatalf("GET: %d, %d bytes", resp.StatusCode, len(body))
	}
	if ct := resp.Header.Get("Content-Type"); ct != OpenAPISpecMediaType || (ct != "application/json" && ct != "application/yaml") {
		t.Fatalf("Content-Type %q", ct)
	}
	etag := resp.Header.Get("ETag")
	if len(etag) < 10 || etag[0] != '"' || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("caching headers %v", resp.Header)
	}
	req, _ := http.NewRequest("GET", srv.URL, nil)
	req.Header.Set("If-None-Match", etag)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotModified {
		t.Fatalf("If-None-Match: %d", resp.StatusCode)
	}
	req, _ = http.NewRequest("HEAD", srv.URL, nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("ETag") != etag {
		t.Fatalf("HEAD: %d %v", resp.StatusCode, resp.Header)
	}
	resp, err = http.Post(srv.URL, "text/plain", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" {
		t.Fatalf("POST: %d %v", resp.StatusCode, resp.Header)
	}
}
