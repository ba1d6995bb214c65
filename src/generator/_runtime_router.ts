/**
 * Go helper code of server_router.go (see emit_router.ts): the router's options, path parameter accessors and
 * 405 answer shared by both routers, the standard library's segment tree, and the chi router. Kept here as text
 * in gofmt layout; the router tests build it with Go 1.19 and chi v5.
 *
 * @module
 */

/** What both routers declare: RouterOptions, PathParam, RawPathParams, RouteOperation and the helpers. */
export const ROUTER_COMMON: { code: string; imports: readonly string[] } = {
  imports: ["context", "net/http", "net/url", "sort", "strings"],
  code: String.raw`// RouterOptions configures NewRouter.
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
}`,
};

/** The standard library's router: a tree of path segments. */
export const ROUTER_STDLIB: { code: string; imports: readonly string[] } = {
  imports: ["net/http", "strings"],
  code: String
    .raw`// routerRoute is one operation of the API: its method, path template and server.go handler.
type routerRoute struct {
	method    string
	operation string
	// segments of the path template after its leading "/": each the literal pieces around its parameters
	// (one piece: a literal segment; {"", ""}: a whole-segment parameter).
	segments [][]string
	names    []string
	handle   func(h *serverHandler, w http.ResponseWriter, r *http.Request, pathValues []string)
}

type routerNode struct {
	literal map[string]*routerNode
	mixed   []*routerNode
	param   *routerNode
	pieces  []string
	targets map[string]*routerTarget
	methods []string
}

type stdlibRouter struct {
	root    *routerNode
	options RouterOptions
}

// NewRouter returns an http.Handler serving si on a tree of the document's path templates: literal segments
// before segments mixing text and parameters before whole-segment parameters, backtracking when a branch has no
// route. Each operation is served by its server.go handler (the binding, the call and the response of
// NewHandler); 404 for unknown paths, 405 with an Allow header for known paths asked with another method.
func NewRouter(si ServerInterface, opts ...RouterOptions) http.Handler {
	h, o := routerSetup(si, opts)
	rt := &stdlibRouter{root: &routerNode{}, options: o}
	for _, route := range routerAllRoutes() {
		n := rt.root
		for _, pieces := range route.segments {
			n = n.child(pieces)
		}
		if n.targets == nil {
			n.targets = map[string]*routerTarget{}
		}
		if _, ok := n.targets[route.method]; ok {
			continue
		}
		n.targets[route.method] = routerNewTarget(h, route.operation, route.names, route.handle, o.Middlewares)
		n.methods = append(n.methods, route.method)
	}
	return rt
}

// child returns the child of n for a template segment, created when missing.
func (n *routerNode) child(pieces []string) *routerNode {
	if len(pieces) == 1 {
		if n.literal == nil {
			n.literal = map[string]*routerNode{}
		}
		c := n.literal[pieces[0]]
		if c == nil {
			c = &routerNode{}
			n.literal[pieces[0]] = c
		}
		return c
	}
	if len(pieces) == 2 && pieces[0] == "" && pieces[1] == "" {
		if n.param == nil {
			n.param = &routerNode{}
		}
		return n.param
	}
	key := strings.Join(pieces, "\x00")
	at := len(n.mixed)
	for i, c := range n.mixed {
		ck := strings.Join(c.pieces, "\x00")
		if ck == key {
			return c
		}
		// More literal text first, then by the pieces: a stable order whatever the routes' order.
		if at == len(n.mixed) && (len(ck) < len(key) || (len(ck) == len(key) && ck > key)) {
			at = i
		}
	}
	c := &routerNode{pieces: pieces}
	n.mixed = append(n.mixed, nil)
	copy(n.mixed[at+1:], n.mixed[at:])
	n.mixed[at] = c
	return c
}

// routerMatchPieces matches a path segment against literal pieces around parameters: each parameter (one
// character or more) ends at the first occurrence of the piece after it, the last one (when no text follows it)
// at the segment's end.
func routerMatchPieces(pieces []string, seg string) ([]string, bool) {
	if !strings.HasPrefix(seg, pieces[0]) {
		return nil, false
	}
	rest := seg[len(pieces[0]):]
	values := make([]string, 0, len(pieces)-1)
	for _, next := range pieces[1:] {
		if next == "" {
			values = append(values, rest)
			if rest == "" {
				return nil, false
			}
			rest = ""
			continue
		}
		if rest == "" {
			return nil, false
		}
		i := strings.Index(rest[1:], next) + 1
		if i <= 0 {
			return nil, false
		}
		values = append(values, rest[:i])
		rest = rest[i+len(next):]
	}
	return values, rest == ""
}

// find returns the target of method for segs under n and the parameter values; the methods of the paths that
// match (with other methods) are added to allowed.
func (n *routerNode) find(segs []string, method string, values []string, allowed *[]string) (*routerTarget, []string) {
	if len(segs) == 0 {
		if t := n.targets[method]; t != nil {
			return t, values
		}
		*allowed = append(*allowed, n.methods...)
		return nil, nil
	}
	seg := segs[0]
	if c := n.literal[seg]; c != nil {
		if t, v := c.find(segs[1:], method, values, allowed); t != nil {
			return t, v
		}
	}
	for _, c := range n.mixed {
		if vals, ok := routerMatchPieces(c.pieces, seg); ok {
			next := append(append(make([]string, 0, len(values)+len(vals)), values...), vals...)
			if t, v := c.find(segs[1:], method, next, allowed); t != nil {
				return t, v
			}
		}
	}
	if n.param != nil && seg != "" {
		next := append(append(make([]string, 0, len(values)+1), values...), seg)
		if t, v := n.param.find(segs[1:], method, next, allowed); t != nil {
			return t, v
		}
	}
	return nil, nil
}

// ServeHTTP routes r to its operation.
func (rt *stdlibRouter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path, ok := routerPath(r, rt.options.BasePath)
	if !ok {
		rt.options.NotFound.ServeHTTP(w, r)
		return
	}
	var allowed []string
	t, values := rt.root.find(strings.Split(path[1:], "/"), r.Method, nil, &allowed)
	if t == nil {
		routerAllow(w, r, rt.options, allowed)
		return
	}
	t.serve(w, r, values)
}`,
};

/** The chi router (github.com/go-chi/chi/v5). */
export const ROUTER_CHI: { code: string; imports: readonly string[] } = {
  imports: ["context", "github.com/go-chi/chi/v5", "net/http", "sort"],
  code: String.raw`// routerRoute is one operation of the API: its method, chi pattern and server.go handler.
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
}`,
};
