package nullable

// A hand-written test of the package generated from nullable-deep-3.1.yaml: optional nullable fields keep
// absent, null and a value apart through json.Marshal/Unmarshal and through the client → server → client trip
// (JSON and form bodies), and deepObject query parameters (a struct, a map, a required inline object) arrive as
// they were sent. Copied next to the generated code by src/generator/core_nullable_deep_test.ts.

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

type impl struct {
	Unimplemented
}

func (impl) PatchNote(ctx context.Context, req PatchNoteRequest) (PatchNoteResponse, error) {
	body := req.Body
	return PatchNoteResponse{StatusCode: 200, JSON200: &body}, nil
}

func (impl) PostNoteForm(ctx context.Context, req PostNoteFormRequest) (PostNoteFormResponse, error) {
	note := NotePatch{ID: "form", Title: req.Body.Title, Count: req.Body.Count}
	return PostNoteFormResponse{StatusCode: 200, JSON200: &note}, nil
}

func (impl) Search(ctx context.Context, req SearchRequest) (SearchResponse, error) {
	size := req.Page.Size
	return SearchResponse{StatusCode: 200, JSON200: &SearchEcho{
		Filter: req.Filter, Attrs: req.Attrs, PageSize: &size, PageAfter: req.Page.After,
	}}, nil
}

// serve starts the generated handler with impl and returns it with a client of it.
func serve(t *testing.T) (*httptest.Server, *Client) {
	srv := httptest.NewServer(NewHandler(impl{}))
	c, err := NewClient(srv.URL, WithHTTPClient(srv.Client()))
	if err != nil {
		srv.Close()
		t.Fatal(err)
	}
	return srv, c
}

func strPtr(s string) *string {
	return &s
}

func TestNullableJSON(t *testing.T) {
	cases := []struct {
		name  string
		value NotePatch
		json  string
	}{
		{"absent", NotePatch{ID: "1"}, `{"id":"1","owner":null}`},
		{"null", NotePatch{ID: "1", Owner: strPtr("o"), Title: NewNullNullable[string](), Count: NewNullNullable[int64](),
			Tags: NewNullNullable[[]string](), Parent: NewNullNullable[Ref]()},
			`{"id":"1","owner":"o","title":null,"count":null,"tags":null,"parent":null}`},
		{"value", NotePatch{ID: "1", Owner: strPtr("o"), Title: NewNullableValue("t"), Count: NewNullableValue(int64(0)),
			Tags: NewNullableValue([]string{}), Parent: NewNullableValue(Ref{ID: "p"})},
			`{"id":"1","owner":"o","title":"t","count":0,"tags":[],"parent":{"id":"p"}}`},
	}
	for _, c := range cases {
		data, err := json.Marshal(c.value)
		if err != nil {
			t.Fatal(c.name, err)
		}
		if string(data) != c.json {
			t.Fatalf("%s: marshalled %s, want %s", c.name, data, c.json)
		}
		var back NotePatch
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(c.name, err)
		}
		if !reflect.DeepEqual(back, c.value) {
			t.Fatalf("%s: unmarshalled %+v, want %+v", c.name, back, c.value)
		}
	}
	var n NotePatch
	if err := json.Unmarshal([]byte(`{"id":"1","owner":null,"title":null,"count":7}`), &n); err != nil {
		t.Fatal(err)
	}
	if n.Owner != nil || !n.Title.IsNull() || !n.Title.IsSpecified() || n.Count.IsNull() || n.Count.MustGet() != 7 ||
		n.Tags.IsSpecified() || n.Tags.IsNull() {
		t.Fatalf("states: %+v", n)
	}
	if _, err := n.Title.Get(); err == nil {
		t.Fatal("Get of null: no error")
	}
	if _, err := n.Tags.Get(); err == nil {
		t.Fatal("Get of absent: no error")
	}
	n.Title.Set("x")
	n.Count.SetNull()
	n.Parent.SetUnspecified()
	if n.Title.MustGet() != "x" || !n.Count.IsNull() || n.Parent.IsSpecified() {
		t.Fatalf("setters: %+v", n)
	}
}

func TestNullableRoundTrip(t *testing.T) {
	srv, c := serve(t)
	defer srv.Close()
	ctx := context.Background()
	patches := []NotePatch{
		{ID: "absent"},
		{ID: "null", Owner: strPtr("o"), Title: NewNullNullable[string](), Count: NewNullNullable[int64](),
			Tags: NewNullNullable[[]string](), Parent: NewNullNullable[Ref]()},
		{ID: "value", Owner: strPtr("o"), Title: NewNullableValue("t"), Count: NewNullableValue(int64(5)),
			Tags: NewNullableValue([]string{"a"}), Parent: NewNullableValue(Ref{ID: "p"}), Plain: strPtr("x")},
	}
	for _, p := range patches {
		got, err := c.PatchNote(ctx, PatchNoteRequest{Body: p})
		if err != nil {
			t.Fatal(err)
		}
		if got.StatusCode != 200 || got.JSON200 == nil || !reflect.DeepEqual(*got.JSON200, p) {
			t.Fatalf("PatchNote %s: %d %s", p.ID, got.StatusCode, got.Body)
		}
	}
	// A form cannot say null: a value arrives, absent and null both arrive absent.
	form, err := c.PostNoteForm(ctx, PostNoteFormRequest{Body: PostNoteFormForm{Title: NewNullableValue("a b&c"), Count: NewNullNullable[int64]()}})
	if err != nil {
		t.Fatal(err)
	}
	if form.StatusCode != 200 || form.JSON200.Title.MustGet() != "a b&c" || form.JSON200.Count.IsSpecified() {
		t.Fatalf("PostNoteForm: %d %s", form.StatusCode, form.Body)
	}
}

func TestDeepObject(t *testing.T) {
	srv, c := serve(t)
	defer srv.Close()
	ctx := context.Background()
	size := int64(3)
	req := SearchRequest{
		Filter: &Filter{Name: "a b", Size: &size},
		Attrs:  map[string]string{"color": "red", "x]y": "z&w"},
		Page:   SearchPage{Size: 10, After: NewNullableValue("c")},
	}
	got, err := c.Search(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if got.StatusCode != 200 || got.JSON200 == nil {
		t.Fatalf("Search: %d %s", got.StatusCode, got.Body)
	}
	echo := *got.JSON200
	if !reflect.DeepEqual(echo.Filter, req.Filter) || !reflect.DeepEqual(echo.Attrs, req.Attrs) || *echo.PageSize != 10 ||
		echo.PageAfter.MustGet() != "c" {
		t.Fatalf("Search: %s", got.Body)
	}
	raw := got.HTTPResponse.Request.URL.RawQuery
	for _, want := range []string{"filter%5Bname%5D=a+b", "filter%5Bsize%5D=3", "attrs%5Bcolor%5D=red", "page%5Bsize%5D=10", "page%5Bafter%5D=c"} {
		if !strings.Contains(raw, want) {
			t.Fatalf("query %s lacks %s", raw, want)
		}
	}
	// Optional ones left out, the required one without its optional property.
	got, err = c.Search(ctx, SearchRequest{Page: SearchPage{Size: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if got.StatusCode != 200 || got.JSON200.Filter != nil || got.JSON200.Attrs != nil || got.JSON200.PageAfter.IsSpecified() {
		t.Fatalf("Search without options: %d %s", got.StatusCode, got.Body)
	}
	if raw := got.HTTPResponse.Request.URL.RawQuery; raw != "page%5Bsize%5D=1" {
		t.Fatalf("query %s", raw)
	}
	// The required deepObject parameter missing: 400.
	resp, err := srv.Client().Get(srv.URL + "/search?filter[name]=x")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 {
		t.Fatalf("missing page: %d", resp.StatusCode)
	}
	// A value that is not a number: 400.
	resp, err = srv.Client().Get(srv.URL + "/search?page[size]=ten")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 {
		t.Fatalf("bad page size: %d", resp.StatusCode)
	}
}
