package api

// The generated router (server_router.go, stdlib or chi) of router-3.1.yaml over net/http/httptest: literal
// segments before parameters, mixed segments, backtracking, 404, 405 with Allow, path parameters, middleware
// order, base path, error handler and custom 404/405 handlers. Copied next to the generated code of both
// routers by src/generator/ext_router_test.ts.

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

type impl struct {
	Unimplemented
}

func echo(op string, r *http.Request, params map[string]string) (Echo, error) {
	if params == nil {
		params = map[string]string{}
	}
	for k, v := range RawPathParams(r) {
		params["raw:"+k] = v
		params["decoded:"+k] = PathParam(r, k)
	}
	params["route"] = RouteOperation(r)
	return Echo{Op: op, Params: params}, nil
}

func (impl) ListPets(ctx context.Context, req ListPetsRequest) (ListPetsResponse, error) {
	e, err := echo("ListPets", req.HTTPRequest, nil)
	return ListPetsResponse{JSON200: &e}, err
}

func (impl) GetMyPets(ctx context.Context, req GetMyPetsRequest) (GetMyPetsResponse, error) {
	e, err := echo("GetMyPets", req.HTTPRequest, nil)
	return GetMyPetsResponse{JSON200: &e}, err
}

func (impl) ShowPet(ctx context.Context, req ShowPetRequest) (ShowPetResponse, error) {
	if req.PetID == 500 {
		return ShowPetResponse{}, errors.New("pet 500 broke")
	}
	e, err := echo("ShowPet", req.HTTPRequest, map[string]string{"petId": strconv.FormatInt(req.PetID, 10)})
	return ShowPetResponse{JSON200: &e}, err
}

func (impl) DeletePet(ctx context.Context, req DeletePetRequest) (DeletePetResponse, error) {
	e, err := echo("DeletePet", req.HTTPRequest, map[string]string{"petId": strconv.FormatInt(req.PetID, 10)})
	return DeletePetResponse{JSON200: &e}, err
}

func (impl) GetToy(ctx context.Context, req GetToyRequest) (GetToyResponse, error) {
	e, err := echo("GetToy", req.HTTPRequest, map[string]string{"petId": strconv.FormatInt(req.PetID, 10), "toyId": req.ToyID})
	return GetToyResponse{JSON200: &e}, err
}

func (impl) GetFileJSON(ctx context.Context, req GetFileJSONRequest) (GetFileJSONResponse, error) {
	e, err := echo("GetFileJSON", req.HTTPRequest, map[string]string{"name": req.Name})
	return GetFileJSONResponse{JSON200: &e}, err
}

func (impl) GetFile(ctx context.Context, req GetFileRequest) (GetFileResponse, error) {
	e, err := echo("GetFile", req.HTTPRequest, map[string]string{"name": req.Name})
	return GetFileResponse{JSON200: &e}, err
}

func (impl) GetOwnerToys(ctx context.Context, req GetOwnerToysRequest) (GetOwnerToysResponse, error) {
	e, err := echo("GetOwnerToys", req.HTTPRequest, map[string]string{"ownerId": req.OwnerID})
	return GetOwnerToysResponse{JSON200: &e}, err
}

func (impl) DeleteOwner(ctx context.Context, req DeleteOwnerRequest) (DeleteOwnerResponse, error) {
	e, err := echo("DeleteOwner", req.HTTPRequest, map[string]string{"id": req.ID})
	return DeleteOwnerResponse{JSON200: &e}, err
}

func (impl) GetMyPhotos(ctx context.Context, req GetMyPhotosRequest) (GetMyPhotosResponse, error) {
	e, err := echo("GetMyPhotos", req.HTTPRequest, nil)
	return GetMyPhotosResponse{JSON200: &e}, err
}

func (impl) GetKeys(ctx context.Context, req GetKeysRequest) (GetKeysResponse, error) {
	e, err := echo("GetKeys", req.HTTPRequest, nil)
	return GetKeysResponse{JSON200: &e}, err
}

type result struct {
	status int
	header http.Header
	body   string
}

func do(t *testing.T, h http.Handler, method, target string) result {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
	return result{rec.Code, rec.Header(), rec.Body.String()}
}

func expectOp(t *testing.T, r result, op string, fragments ...string) {
	t.Helper()
	if r.status != 200 || !strings.Contains(r.body, `"op":"`+op+`"`) {
		t.Fatalf("want %s, got %d %s", op, r.status, r.body)
	}
	for _, f := range fragments {
		if !strings.Contains(r.body, f) {
			t.Fatalf("%s: want %s in %s", op, f, r.body)
		}
	}
}

func TestRouting(t *testing.T) {
	h := NewRouter(impl{})
	expectOp(t, do(t, h, "GET", "/pets"), "ListPets", `"route":"ListPets"`)
	expectOp(t, do(t, h, "GET", "/pets/mine"), "GetMyPets")
	expectOp(t, do(t, h, "GET", "/pets/12"), "ShowPet", `"petId":"12"`, `"raw:petId":"12"`)
	expectOp(t, do(t, h, "GET", "/pets/12/toys/ball"), "GetToy", `"petId":"12"`, `"toyId":"ball"`)
	expectOp(t, do(t, h, "GET", "/files/report.json"), "GetFileJSON", `"name":"report"`)
	expectOp(t, do(t, h, "GET", "/files/report"), "GetFile", `"name":"report"`)
	// Backtracking: the literal "mine" has no "toys" below it; the parameter branch has.
	expectOp(t, do(t, h, "GET", "/owners/mine/toys"), "GetOwnerToys", `"ownerId":"mine"`)
	expectOp(t, do(t, h, "GET", "/owners/mine/photos"), "GetMyPhotos")
	// Parameters named differently at one position.
	expectOp(t, do(t, h, "DELETE", "/owners/7"), "DeleteOwner", `"id":"7"`)
	expectOp(t, do(t, h, "GET", "/owners/7/toys"), "GetOwnerToys", `"ownerId":"7"`)
	// Escaped values: raw for the binder, decoded by PathParam and server.go's binding.
	expectOp(t, do(t, h, "GET", "/files/a%20b%2Fc"), "GetFile", `"name":"a b/c"`, `"raw:name":"a%20b%2Fc"`,
		`"decoded:name":"a b/c"`)
	// Parameter names chi cannot take as keys still reach PathParam.
	expectOp(t, do(t, h, "GET", "/keys/1/2"), "GetKeys", `"decoded:c:d":"1"`, `"decoded:pet id":"2"`)
	for _, target := range []string{"/nothing", "/pets/12/toys", "/pets/12/toys/ball/x", "/", "/pets/"} {
		if r := do(t, h, "GET", target); r.status != 404 {
			t.Fatalf("GET %s: want 404, got %d %s", target, r.status, r.body)
		}
	}
	r := do(t, h, "PATCH", "/pets/12")
	if r.status != 405 || r.header.Get("Allow") != "DELETE, GET, PUT" {
		t.Fatalf("PATCH /pets/12: want 405 with Allow DELETE, GET, PUT, got %d %q", r.status, r.header.Get("Allow"))
	}
	r = do(t, h, "DELETE", "/pets")
	if r.status != 405 || r.header.Get("Allow") != "GET, POST" {
		t.Fatalf("DELETE /pets: want 405 with Allow GET, POST, got %d %q", r.status, r.header.Get("Allow"))
	}
	// A bad parameter is server.go's 400 through the default error handler; an implementation error a 500.
	if r := do(t, h, "GET", "/pets/abc"); r.status != 400 || !strings.Contains(r.body, "petId") {
		t.Fatalf("GET /pets/abc: want 400 naming petId, got %d %s", r.status, r.body)
	}
	if r := do(t, h, "GET", "/pets/500"); r.status != 500 {
		t.Fatalf("GET /pets/500: want 500, got %d", r.status)
	}
}

func TestRouterOptions(t *testing.T) {
	var order []string
	mw := func(name string) func(http.Handler) http.Handler {
		return func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				order = append(order, name+":"+RouteOperation(r)+":"+PathParam(r, "petId"))
				next.ServeHTTP(w, r)
			})
		}
	}
	var handled error
	h := NewRouter(impl{}, RouterOptions{
		BasePath:    "/v1/",
		Middlewares: []func(http.Handler) http.Handler{mw("first"), mw("second")},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			handled = err
			w.WriteHeader(http.StatusTeapot)
		},
		NotFound: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusGone)
		}),
		MethodNotAllowed: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Allow-Seen", w.Header().Get("Allow"))
			w.WriteHeader(http.StatusConflict)
		}),
	})
	expectOp(t, do(t, h, "GET", "/v1/pets/3"), "ShowPet", `"petId":"3"`)
	if strings.Join(order, " ") != "first:ShowPet:3 second:ShowPet:3" {
		t.Fatalf("middleware order: %v", order)
	}
	for _, target := range []string{"/pets/3", "/v1", "/v1x/pets", "/v2/pets/3"} {
		if r := do(t, h, "GET", target); r.status != http.StatusGone {
			t.Fatalf("GET %s: want the custom 404 (410), got %d", target, r.status)
		}
	}
	order = nil
	if r := do(t, h, "POST", "/v1/pets/3"); r.status != http.StatusConflict || r.header.Get("X-Allow-Seen") != "DELETE, GET, PUT" {
		t.Fatalf("custom 405: got %d %v", r.status, r.header)
	}
	if len(order) != 0 {
		t.Fatalf("middlewares ran for a 405: %v", order)
	}
	if r := do(t, h, "GET", "/v1/pets/x"); r.status != http.StatusTeapot || handled == nil || !strings.Contains(handled.Error(), "petId") {
		t.Fatalf("error handler: got %d %v", r.status, handled)
	}
	var pe *ParamError
	if !errors.As(handled, &pe) || pe.Name != "petId" || pe.In != "path" {
		t.Fatalf("error handler got %#v", handled)
	}
}
