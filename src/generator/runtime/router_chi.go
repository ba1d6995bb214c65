//go:build chi

package runtime

import (
	"context"
	"github.com/go-chi/chi/v5"
	"net/http"
	"sort"
)

// routerRoute is one operation of the API: its method, chi pattern and server.go handler.
type routerRoute struct {
	method    string
	operation string
	pattern   string
	// keys are the chi URL parameter keys of the pattern, one per parameter of names.
	keys   []string
	names  []string
	handle func(h *serverHandler, w http.ResponseWriter, r *http.Request, pathValues []string)
}

type chiRouter struct {
	mux     *chi.Mux
	options RouterOptions
	methods []string
}

// NewRouter returns an http.Handler serving si on a chi router (github.com/go-chi/chi/v5) with the document's
// path templates as chi patterns; chi.URLParam gives the path parameters (by their names in the document when
// chi can take them as keys). Each operation is served by its server.go handler (the binding, the call and the
// response of NewHandler); 404 for unknown paths, 405 with an Allow header for known paths asked with another
// method.
func NewRouter(si ServerInterface, opts ...RouterOptions) http.Handler {
	h, o := routerSetup(si, opts)
	rt := &chiRouter{mux: chi.NewRouter(), options: o}
	seen := map[string]bool{}
	for _, route := range routerAllRoutes() {
		t := routerNewTarget(h, route.operation, route.names, route.handle, o.Middlewares)
		keys := route.keys
		rt.mux.Method(route.method, route.pattern, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rctx := chi.RouteContext(r.Context())
			values := make([]string, len(keys))
			for i, k := range keys {
				values[i] = rctx.URLParam(k)
			}
			t.serve(w, r, values)
		}))
		if !seen[route.method] {
			seen[route.method] = true
			rt.methods = append(rt.methods, route.method)
		}
	}
	sort.Strings(rt.methods)
	rt.mux.NotFound(o.NotFound.ServeHTTP)
	rt.mux.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
		path := chi.RouteContext(r.Context()).RoutePath
		var allowed []string
		for _, m := range rt.methods {
			if rt.mux.Match(chi.NewRouteContext(), m, path) {
				allowed = append(allowed, m)
			}
		}
		routerAllow(w, r, rt.options, allowed)
	})
	return rt
}

func init() {
	// The methods chi does not know (such as QUERY) are registered once, when the program starts.
	for _, route := range routerAllRoutes() {
		chi.RegisterMethod(route.method)
	}
}

// ServeHTTP routes r to its operation, chi matching the escaped path (within the base path).
func (rt *chiRouter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path, ok := routerPath(r, rt.options.BasePath)
	if !ok {
		rt.options.NotFound.ServeHTTP(w, r)
		return
	}
	rctx := chi.NewRouteContext()
	rctx.Routes = rt.mux
	rctx.RoutePath = path
	rt.mux.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), chi.RouteCtxKey, rctx)))
}
