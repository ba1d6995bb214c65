package petstore32

// OpenAPI 3.2's QUERY method and an additional operation (COPY) of petstore-3.2.yaml through the generated
// router (stdlib and chi: chi learns the methods at start-up): routed to their operations, listed in Allow.
// Copied into both petstore32 packages by src/generator/ext_router_test.ts.

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
)

type methods struct {
	Unimplemented
}

func (methods) SearchPets(ctx context.Context, req SearchPetsRequest) (SearchPetsResponse, error) {
	return SearchPetsResponse{StatusCode: 200, JSON200: &Pets{}}, nil
}

func TestQueryAndAdditionalMethods(t *testing.T) {
	h := NewRouter(methods{})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("QUERY", "/pets/search", strings.NewReader(`{"name":"rex"}`)))
	if rec.Code != 200 {
		t.Fatalf("QUERY /pets/search: %d %s", rec.Code, rec.Body.String())
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("COPY", "/pets/search", nil))
	if rec.Code != 501 {
		t.Fatalf("COPY /pets/search: want Unimplemented's 501, got %d %s", rec.Code, rec.Body.String())
	}
	// GET is not a method of /pets/search: /pets/{petId} answers it (Unimplemented's 501).
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/pets/search", nil))
	if rec.Code != 501 {
		t.Fatalf("GET /pets/search: want ShowPetByID's 501, got %d %s", rec.Code, rec.Body.String())
	}
	// Allow lists the methods of every route the path matches.
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("DELETE", "/pets/search", nil))
	if rec.Code != 405 || rec.Header().Get("Allow") != "COPY, GET, QUERY" {
		t.Fatalf("DELETE /pets/search: want 405 with Allow COPY, GET, QUERY, got %d %q", rec.Code, rec.Header().Get("Allow"))
	}
}
