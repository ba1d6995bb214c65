//go:build !chi

package runtime

import (
	"net/http"
	"strings"
)

// routerRoute is one operation of the API: its method, path template and server.go handler.
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
}
