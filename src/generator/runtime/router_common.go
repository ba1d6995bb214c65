package runtime

import (
	"context"
	"net/http"
	"net/url"
	"sort"
	"strings"
)

// RouterOptions configures NewRouter.
type RouterOptions struct {
	// BasePath is a path prefix the API is served under ("" for none); other paths are not found.
	BasePath string
	// Middlewares wrap each operation's handler, after routing (PathParam, RawPathParams and RouteOperation work
	// in them); the first is the outermost, so they run in the order given. Requests answered 404 or 405 do not
	// pass through them: wrap the router itself for those.
	Middlewares []func(http.Handler) http.Handler
	// ErrorHandler writes the errors of the operations (HandlerOptions.ErrorHandler; its default when nil).
	ErrorHandler func(w http.ResponseWriter, r *http.Request, err error)
	// NotFound answers paths that match no route (http.NotFound when nil).
	NotFound http.Handler
	// MethodNotAllowed answers a known path asked with another method, after the Allow header is set to the
	// path's methods (sorted); a plain-text 405 when nil.
	MethodNotAllowed http.Handler
}

// routerTarget is what serves one route: the middlewares around the operation's server.go handler.
type routerTarget struct {
	operation string
	names     []string
	handler   http.Handler
}

type routerMatch struct {
	target *routerTarget
	values []string
}

type routerContextKey struct{}

func routerNewTarget(
	h *serverHandler,
	operation string,
	names []string,
	handle func(h *serverHandler, w http.ResponseWriter, r *http.Request, pathValues []string),
	mws []func(http.Handler) http.Handler,
) *routerTarget {
	var next http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var values []string
		if m, _ := r.Context().Value(routerContextKey{}).(*routerMatch); m != nil {
			values = m.values
		}
		handle(h, w, r, values)
	})
	for i := len(mws) - 1; i >= 0; i-- {
		next = mws[i](next)
	}
	return &routerTarget{operation: operation, names: names, handler: next}
}

// serve calls the target with the path parameter values in the request's context.
func (t *routerTarget) serve(w http.ResponseWriter, r *http.Request, values []string) {
	m := &routerMatch{target: t, values: values}
	t.handler.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), routerContextKey{}, m)))
}

func routerMatchOf(r *http.Request) *routerMatch {
	m, _ := r.Context().Value(routerContextKey{}).(*routerMatch)
	return m
}

// PathParam returns the path parameter name of the route that matched r, percent-decoded ("" when there is
// none).
func PathParam(r *http.Request, name string) string {
	m := routerMatchOf(r)
	if m == nil {
		return ""
	}
	for i, n := range m.target.names {
		if n == name && i < len(m.values) {
			if s, err := url.PathUnescape(m.values[i]); err == nil {
				return s
			}
			return m.values[i]
		}
	}
	return ""
}

// RawPathParams returns the path parameters of the route that matched r as written in the URL (still
// percent-encoded, which is what the Bind functions of server_binder.go take); nil outside a route.
func RawPathParams(r *http.Request) map[string]string {
	m := routerMatchOf(r)
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m.target.names))
	for i, n := range m.target.names {
		if _, ok := out[n]; !ok && i < len(m.values) {
			out[n] = m.values[i]
		}
	}
	return out
}

// RouteOperation returns the ServerInterface method name of the route that matched r ("" outside a route).
func RouteOperation(r *http.Request) string {
	if m := routerMatchOf(r); m != nil {
		return m.target.operation
	}
	return ""
}

// routerSetup returns the server.go handler of si with the router's error handler, and the options with their
// defaults.
func routerSetup(si ServerInterface, opts []RouterOptions) (*serverHandler, RouterOptions) {
	var o RouterOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	o.BasePath = strings.TrimSuffix(o.BasePath, "/")
	if o.NotFound == nil {
		o.NotFound = http.NotFoundHandler()
	}
	if o.MethodNotAllowed == nil {
		o.MethodNotAllowed = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		})
	}
	h := NewHandler(si, HandlerOptions{ErrorHandler: o.ErrorHandler}).(*serverHandler)
	return h, o
}

// routerPath is the escaped path of r after basePath (starting with "/"), and whether r is under basePath.
func routerPath(r *http.Request, basePath string) (string, bool) {
	path := r.URL.EscapedPath()
	if !strings.HasPrefix(path, basePath) {
		return "", false
	}
	rest := path[len(basePath):]
	if rest == "" && basePath != "" {
		return "/", true
	}
	return rest, strings.HasPrefix(rest, "/")
}

// routerAllow answers 405 with an Allow header listing methods (sorted, once each), or 404 when there are none.
func routerAllow(w http.ResponseWriter, r *http.Request, o RouterOptions, methods []string) {
	if len(methods) == 0 {
		o.NotFound.ServeHTTP(w, r)
		return
	}
	sort.Strings(methods)
	out := methods[:1]
	for _, m := range methods[1:] {
		if m != out[len(out)-1] {
			out = append(out, m)
		}
	}
	w.Header().Set("Allow", strings.Join(out, ", "))
	o.MethodNotAllowed.ServeHTTP(w, r)
}
