package nullabledeep

// The generated binder (server_binder.go) of nullable-deep-3.1.yaml over net/http/httptest: deepObject query
// parameters (a struct with a string and an integer, a map, a required inline object with a Nullable property)
// sent by the generated client and read back, required ones missing, bad values, and Nullable form fields.
// Copied next to the generated code by src/generator/ext_binder_test.ts.

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

func wantBindError(t *testing.T, err error, in, name, reason string) {
	t.Helper()
	var be *BindError
	if !errors.As(err, &be) || be.In != in || be.Name != name || !strings.Contains(be.Reason, reason) {
		t.Fatalf("want a BindError for %s %q (%s), got %#v", in, name, reason, err)
	}
	if !strings.Contains(err.Error(), name) {
		t.Fatalf("the error %q does not name %q", err.Error(), name)
	}
}

func TestDeepObjectFromTheClient(t *testing.T) {
	var got SearchRequest
	var bindErr error
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, bindErr = BindSearchRequest(r, nil)
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	c, err := NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	size := int64(5)
	sent := SearchRequest{
		Filter: &Filter{Name: "a b&c", Size: &size},
		Attrs:  map[string]string{"colour": "red", "x[y]": "z"},
		Page:   SearchPage{Size: 10, After: NewNullableValue("cursor")},
	}
	if _, err := c.Search(context.Background(), sent); err != nil {
		t.Fatal(err)
	}
	if bindErr != nil {
		t.Fatal(bindErr)
	}
	if got.Filter == nil || got.Filter.Name != "a b&c" || got.Filter.Size == nil || *got.Filter.Size != 5 {
		t.Fatalf("filter: got %#v", got.Filter)
	}
	if !reflect.DeepEqual(got.Attrs, sent.Attrs) {
		t.Fatalf("attrs: got %#v, want %#v", got.Attrs, sent.Attrs)
	}
	if got.Page.Size != 10 || got.Page.After.MustGet() != "cursor" {
		t.Fatalf("page: got %#v", got.Page)
	}

	// Optional ones absent: nil; a Nullable property absent: unspecified.
	if _, err := c.Search(context.Background(), SearchRequest{Page: SearchPage{Size: 1}}); err != nil {
		t.Fatal(err)
	}
	if bindErr != nil {
		t.Fatal(bindErr)
	}
	if got.Filter != nil || got.Attrs != nil || got.Page.Size != 1 || got.Page.After.IsSpecified() {
		t.Fatalf("absent: got %#v", got)
	}
}

func search(query string) (SearchRequest, error) {
	return BindSearchRequest(httptest.NewRequest("GET", "/search?"+query, nil), nil)
}

func TestDeepObjectErrors(t *testing.T) {
	_, err := search("filter[name]=n")
	wantBindError(t, err, "query", "page", "required but missing")
	// Keys of another parameter, or the parameter's name alone, are not its properties.
	_, err = search("pages[size]=1&page=2")
	wantBindError(t, err, "query", "page", "required but missing")
	_, err = search("page[size]=1&filter[name]=n&filter[size]=big")
	wantBindError(t, err, "query", "filter[size]", `"big" is not a 64-bit integer`)
	_, err = search("page[size]=1&filter[size]=2")
	wantBindError(t, err, "query", "filter[name]", "required but missing")
	_, err = search("page[after]=x")
	wantBindError(t, err, "query", "page[size]", "required but missing")
	_, err = search("page[size]=3000000000")
	wantBindError(t, err, "query", "page[size]", "not a 32-bit integer")
	req, err := search("page[size]=2&attrs[b]=2&attrs[a]=1&attrs[]=e&filter[name]=n&filter[other]=x")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(req.Attrs, map[string]string{"a": "1", "b": "2", "": "e"}) {
		t.Fatalf("attrs: got %#v", req.Attrs)
	}
	if req.Filter == nil || req.Filter.Name != "n" || req.Filter.Size != nil {
		t.Fatalf("filter: got %#v", req.Filter)
	}
}

func postForm(body string) (PostNoteFormRequest, error) {
	r := httptest.NewRequest("POST", "/notes/form", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return BindPostNoteFormRequest(r, nil)
}

func TestNullableFormFields(t *testing.T) {
	req, err := postForm("title=hello&count=7")
	if err != nil {
		t.Fatal(err)
	}
	if req.Body.Title.MustGet() != "hello" || req.Body.Count.MustGet() != 7 {
		t.Fatalf("got %#v", req.Body)
	}
	req, err = postForm("title=")
	if err != nil {
		t.Fatal(err)
	}
	if v, err := req.Body.Title.Get(); err != nil || v != "" {
		t.Fatalf("an empty title: got %#v", req.Body.Title)
	}
	if req.Body.Count.IsSpecified() || req.Body.Count.IsNull() {
		t.Fatalf("an absent count must be unspecified: got %#v", req.Body.Count)
	}
	_, err = postForm("count=seven")
	wantBindError(t, err, "body", "count", `"seven" is not a 64-bit integer`)
}
