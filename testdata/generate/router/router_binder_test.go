package api

// The router and the binder together (router-3.1.yaml with --server-router and --server-binder): a middleware
// binds the request of the route it wraps from RawPathParams. Copied with router_test.go by
// src/generator/ext_router_test.ts.

import (
	"errors"
	"net/http"
	"testing"
)

func TestRouterWithBinder(t *testing.T) {
	var pet ShowPetRequest
	var keys GetKeysRequest
	var bindErr error
	mw := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch RouteOperation(r) {
			case "ShowPet":
				pet, bindErr = BindShowPetRequest(r, RawPathParams(r))
			case "GetKeys":
				keys, bindErr = BindGetKeysRequest(r, RawPathParams(r))
			}
			next.ServeHTTP(w, r)
		})
	}
	h := NewRouter(impl{}, RouterOptions{Middlewares: []func(http.Handler) http.Handler{mw}})
	expectOp(t, do(t, h, "GET", "/pets/41"), "ShowPet")
	if bindErr != nil || pet.PetID != 41 {
		t.Fatalf("bound %#v, %v", pet, bindErr)
	}
	expectOp(t, do(t, h, "GET", "/keys/a%2Fb/c%20d"), "GetKeys")
	if bindErr != nil || keys.CD != "a/b" || keys.PetID != "c d" {
		t.Fatalf("bound %#v, %v", keys, bindErr)
	}
	do(t, h, "GET", "/pets/x1")
	var be *BindError
	if !errors.As(bindErr, &be) || be.In != "path" || be.Name != "petId" {
		t.Fatalf("want a BindError for petId, got %v", bindErr)
	}
}
