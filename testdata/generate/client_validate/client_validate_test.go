package cvapi

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// answer is what the test server sends back.
type answer struct {
	status      int
	contentType string
	body        string
}

// serve starts a server answering every request with a, and returns a client of it.
func serve(t *testing.T, a answer) *Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a.contentType != "" {
			w.Header().Set("Content-Type", a.contentType)
		}
		w.WriteHeader(a.status)
		_, _ = io.WriteString(w, a.body)
	}))
	t.Cleanup(srv.Close)
	c, err := NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// mismatches are the mismatches of err, which must be a *ResponseError.
func mismatches(t *testing.T, err error) []ResponseMismatch {
	t.Helper()
	var re *ResponseError
	if !errors.As(err, &re) {
		t.Fatalf("want a *ResponseError, got %v", err)
	}
	return re.Mismatches
}

func expect(t *testing.T, err error, want ...ResponseMismatch) {
	t.Helper()
	if got := mismatches(t, err); !reflect.DeepEqual(got, want) {
		t.Fatalf("mismatches:\n got %#v\nwant %#v", got, want)
	}
}

func readAll(t *testing.T, r io.Reader) string {
	t.Helper()
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

var ctx = context.Background()

func TestValidResponsePasses(t *testing.T) {
	body := `{"id":7,"name":"Rex","tag":null}`
	c := serve(t, answer{200, "application/json; charset=utf-8", body})
	resp, err := c.GetPet(ctx, GetPetRequest{ID: 7})
	if err != nil {
		t.Fatal(err)
	}
	if resp.JSON200 == nil || resp.JSON200.ID != 7 || resp.JSON200.Name != "Rex" || !resp.JSON200.Tag.IsNull() {
		t.Fatalf("decoded %#v", resp.JSON200)
	}
	// The body stays readable by the caller, whole.
	if got := readAll(t, resp.HTTPResponse.Body); got != body {
		t.Fatalf("HTTPResponse.Body reads %q", got)
	}
	if string(resp.Body) != body {
		t.Fatalf("Body is %q", resp.Body)
	}
}

func TestRangesDefaultsAndOtherMediaPass(t *testing.T) {
	c := serve(t, answer{404, "application/problem+json", `{"title":"no such pet"}`})
	resp, err := c.GetPet(ctx, GetPetRequest{ID: 1})
	if err != nil || resp.JSON4XX == nil || resp.JSON4XX.Title != "no such pet" {
		t.Fatalf("4XX: %v %#v", err, resp)
	}
	c = serve(t, answer{503, "application/json", `{"title":"down"}`})
	if _, err := c.DeleteNotes(ctx, DeleteNotesRequest{}); err != nil {
		t.Fatalf("default: %v", err)
	}
	c = serve(t, answer{204, "", ""})
	if _, err := c.DeleteNotes(ctx, DeleteNotesRequest{}); err != nil {
		t.Fatalf("204: %v", err)
	}
	c = serve(t, answer{200, "text/csv", "id,name\n7,Rex\n"})
	resp2, err := c.ListPets(ctx, ListPetsRequest{})
	if err != nil || resp2.JSON200 != nil || string(resp2.Body) != "id,name\n7,Rex\n" {
		t.Fatalf("text/csv: %v %#v", err, resp2)
	}
}

func TestWrongStatus(t *testing.T) {
	c := serve(t, answer{500, "application/json", `{"title":"boom"}`})
	resp, err := c.GetPet(ctx, GetPetRequest{ID: 7})
	expect(t, err, ResponseMismatch{In: "status", Message: "500 is not declared"})
	if resp == nil || resp.StatusCode != 500 || string(resp.Body) != `{"title":"boom"}` || resp.JSON200 != nil {
		t.Fatalf("response %#v", resp)
	}
	const msg = `GetPet: the response (status 500) does not match the API description: status 500 is not declared`
	if err.Error() != msg {
		t.Fatalf("Error() = %q", err.Error())
	}
}

func TestWrongContentType(t *testing.T) {
	c := serve(t, answer{200, "text/html", "<p>Rex</p>"})
	_, err := c.GetPet(ctx, GetPetRequest{ID: 7})
	expect(t, err, ResponseMismatch{In: "content-type", Message: `"text/html" is not declared for status 200 (application/json)`})
	c = serve(t, answer{202, "text/plain", "later"})
	_, err = c.DeleteNotes(ctx, DeleteNotesRequest{})
	expect(t, err, ResponseMismatch{In: "content-type", Message: "status 202 declares no body, but the response has one"})
}

func TestInvalidBody(t *testing.T) {
	c := serve(t, answer{200, "application/json", `{"id":"7","name":"Bartholomew","tag":3}`})
	resp, err := c.GetPet(ctx, GetPetRequest{ID: 7})
	expect(t, err,
		ResponseMismatch{In: "body", Pointer: "/id", Message: "must be of type integer"},
		ResponseMismatch{In: "body", Pointer: "/name", Message: "must be at most 8 characters long"},
		ResponseMismatch{In: "body", Pointer: "/tag", Message: "must be of type string or null"},
	)
	if resp.JSON200 != nil {
		t.Fatal("an invalid body was decoded")
	}
	c = serve(t, answer{200, "application/json", `[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3}]`})
	_, err = c.ListPets(ctx, ListPetsRequest{})
	expect(t, err,
		ResponseMismatch{In: "body", Message: "must have at most 2 items"},
		ResponseMismatch{In: "body", Pointer: "/2/name", Message: "is required"},
	)
	c = serve(t, answer{200, "application/json", `{"id":7,`})
	_, err = c.GetPet(ctx, GetPetRequest{ID: 7})
	expect(t, err, ResponseMismatch{In: "body", Message: "is not well-formed JSON"})
}

func TestBodyOverTheLimit(t *testing.T) {
	body := `{"id":7,"name":"Rex","tag":"` + strings.Repeat("x", 100) + `"}`
	c := serve(t, answer{200, "application/json", body})
	c.MaxResponseBytes = 16
	resp, err := c.GetPet(ctx, GetPetRequest{ID: 7})
	expect(t, err, ResponseMismatch{In: "body", Message: "is larger than 16 bytes (Client.MaxResponseBytes) and was not validated"})
	if resp.Body != nil {
		t.Fatalf("Body holds %q", resp.Body)
	}
	if got := readAll(t, resp.HTTPResponse.Body); got != body {
		t.Fatalf("HTTPResponse.Body reads %q", got)
	}
	if err := resp.HTTPResponse.Body.Close(); err != nil {
		t.Fatal(err)
	}
}
