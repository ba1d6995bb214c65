package api

// The generated binder (server_binder.go) of binder-3.0.yaml over net/http/httptest requests: every parameter
// style, defaults, required parameters, bad values and the JSON, form and multipart bodies. Copied next to the
// generated code by src/generator/ext_binder_test.ts.

import (
	"bytes"
	"errors"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"
)

var stylePath = map[string]string{
	"simple":  "1,2,3",
	"label":   ".a,b%20c",
	"labelx":  ".x.y",
	"matrix":  ";matrix=4,5",
	"matrixx": ";matrixx=p;matrixx=q",
	"one":     ".2.5",
}

func stylesRequest(query string) *http.Request {
	r := httptest.NewRequest("GET", "/styles?"+query, nil)
	r.Header.Set("X-Req", "needed")
	return r
}

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

func TestStyles(t *testing.T) {
	r := stylesRequest("formx=1&formx=2&form=a,b&space=c%20d&pipe=1.5|2&q=find&status=sold&since=2024-01-02T03:04:05Z&filter[kind]=k")
	r.Header.Add("X-Ids", "7, 8")
	r.Header.Add("X-Ids", "9")
	r.AddCookie(&http.Cookie{Name: "session", Value: "s1"})
	r.AddCookie(&http.Cookie{Name: "prefs", Value: "dark,wide"})
	r.AddCookie(&http.Cookie{Name: "count", Value: "3"})
	req, err := BindGetStylesRequest(r, stylePath)
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, got, want interface{}) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: got %#v, want %#v", name, got, want)
		}
	}
	check("simple", req.Simple, []int64{1, 2, 3})
	check("label", req.Label, []string{"a", "b c"})
	check("labelx", req.Labelx, []string{"x", "y"})
	check("matrix", req.Matrix, []int32{4, 5})
	check("matrixx", req.Matrixx, []string{"p", "q"})
	check("one", req.One, 2.5)
	check("formx", req.Formx, []int64{1, 2})
	check("form", req.Form, []string{"a", "b"})
	check("space", req.Space, []string{"c", "d"})
	check("pipe", req.Pipe, []float32{1.5, 2})
	check("q", req.Q, "find")
	check("status", *req.Status, StatusSold)
	check("since", req.Since.Equal(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)), true)
	check("filter", *req.Filter.Kind, "k")
	check("X-Ids", req.XIds, []int64{7, 8, 9})
	check("X-Req", req.XReq, "needed")
	check("session", *req.Session, "s1")
	check("prefs", req.Prefs, []string{"dark", "wide"})
	check("count", *req.Count, int64(3))
	// Defaults when absent.
	check("limit default", *req.Limit, int32(20))
	check("verbose default", *req.Verbose, true)
	check("sort default", req.Sort, []Status{StatusSold, StatusAvailable})
	check("X-Ratio default", *req.XRatio, 0.5)
	if req.HTTPRequest != r {
		t.Fatal("HTTPRequest is not the request")
	}
	// Given values win over defaults.
	req, err = BindGetStylesRequest(stylesRequest("q=x&limit=5&verbose=false&sort=available"), stylePath)
	if err != nil {
		t.Fatal(err)
	}
	check("limit", *req.Limit, int32(5))
	check("verbose", *req.Verbose, false)
	check("sort", req.Sort, []Status{StatusAvailable})
	check("formx absent", req.Formx == nil && req.Status == nil && req.Session == nil, true)
}

func TestBindErrors(t *testing.T) {
	_, err := BindGetStylesRequest(stylesRequest("limit=5"), stylePath)
	wantBindError(t, err, "query", "q", "required but missing")
	_, err = BindGetStylesRequest(stylesRequest("q=x&limit=many"), stylePath)
	wantBindError(t, err, "query", "limit", `"many" is not a 32-bit integer`)
	_, err = BindGetStylesRequest(stylesRequest("q=x&formx=1&formx=two"), stylePath)
	wantBindError(t, err, "query", "formx", `item 2: "two" is not a 64-bit integer`)
	r := httptest.NewRequest("GET", "/styles?q=x", nil)
	_, err = BindGetStylesRequest(r, stylePath)
	wantBindError(t, err, "header", "X-Req", "required but missing")
	r = stylesRequest("q=x")
	r.Header.Set("X-Ids", "1,x")
	_, err = BindGetStylesRequest(r, stylePath)
	wantBindError(t, err, "header", "X-Ids", "is not a 64-bit integer")
	r = stylesRequest("q=x")
	r.AddCookie(&http.Cookie{Name: "count", Value: "lots"})
	_, err = BindGetStylesRequest(r, stylePath)
	wantBindError(t, err, "cookie", "count", `"lots" is not a 64-bit integer`)
	bad := map[string]string{}
	for k, v := range stylePath {
		bad[k] = v
	}
	bad["label"] = "a,b"
	_, err = BindGetStylesRequest(stylesRequest("q=x"), bad)
	wantBindError(t, err, "path", "label", "expected the prefix")
	bad["label"] = ".a"
	bad["simple"] = "1,z"
	_, err = BindGetStylesRequest(stylesRequest("q=x"), bad)
	wantBindError(t, err, "path", "simple", "is not a 64-bit integer")
	delete(bad, "simple")
	_, err = BindGetStylesRequest(stylesRequest("q=x"), bad)
	wantBindError(t, err, "path", "simple", "required but missing")
}

func TestBodies(t *testing.T) {
	req, err := BindPostJSONRequest(httptest.NewRequest("POST", "/json", strings.NewReader(`{"name":"rex","age":3}`)), nil)
	if err != nil || req.Body.Name != "rex" || *req.Body.Age != 3 {
		t.Fatalf("json body: %#v %v", req.Body, err)
	}
	_, err = BindPostJSONRequest(httptest.NewRequest("POST", "/json", nil), nil)
	wantBindError(t, err, "body", "", "required but missing")
	_, err = BindPostJSONRequest(httptest.NewRequest("POST", "/json", strings.NewReader(`{"name":`)), nil)
	wantBindError(t, err, "body", "", "unexpected end of JSON input")
	opt, err := BindPostJSONOptionalRequest(httptest.NewRequest("POST", "/json-optional", nil), nil)
	if err != nil || opt.Body != nil {
		t.Fatalf("optional json body: %#v %v", opt.Body, err)
	}

	form := httptest.NewRequest("POST", "/form", strings.NewReader("name=n1&count=4&tags=a&tags=b&status=sold"))
	form.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	f, err := BindPostFormRequest(form, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.Body == nil || f.Body.Name != "n1" || *f.Body.Count != 4 || !reflect.DeepEqual(f.Body.Tags, []string{"a", "b"}) ||
		*f.Body.Status != StatusSold || *f.Body.Page != 3 {
		t.Fatalf("form body: %#v", f.Body)
	}
	form = httptest.NewRequest("POST", "/form", strings.NewReader("count=4"))
	form.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	_, err = BindPostFormRequest(form, nil)
	wantBindError(t, err, "body", "name", "required but missing")
	form = httptest.NewRequest("POST", "/form", strings.NewReader("name=a&count=four"))
	form.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	_, err = BindPostFormRequest(form, nil)
	wantBindError(t, err, "body", "count", `"four" is not a 64-bit integer`)

	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	part, _ := mw.CreateFormFile("file", "a.txt")
	_, _ = part.Write([]byte("file content"))
	_ = mw.WriteField("note", "hello")
	_ = mw.WriteField("size", "12")
	_ = mw.Close()
	up := httptest.NewRequest("POST", "/upload", &buf)
	up.Header.Set("Content-Type", mw.FormDataContentType())
	u, err := BindUploadRequest(up, nil)
	if err != nil {
		t.Fatal(err)
	}
	if string(u.Body.File) != "file content" || *u.Body.Note != "hello" || *u.Body.Size != 12 {
		t.Fatalf("multipart body: %#v", u.Body)
	}
	buf.Reset()
	mw = multipart.NewWriter(&buf)
	_ = mw.WriteField("note", "no file")
	_ = mw.Close()
	up = httptest.NewRequest("POST", "/upload", &buf)
	up.Header.Set("Content-Type", mw.FormDataContentType())
	_, err = BindUploadRequest(up, nil)
	wantBindError(t, err, "body", "file", "required but missing")
}
