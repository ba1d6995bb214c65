package runtime

import (
	"net/http"
	"regexp"
	"strings"
)

// HandlerOptions configures NewHandler.
type HandlerOptions struct {
	// BaseURL is a path prefix removed before matching ("" for none).
	BaseURL string
	// ErrorHandler writes errors: *ParamError (400 by default), ErrNotImplemented (501) and the errors the
	// implementation returns (500).
	ErrorHandler func(w http.ResponseWriter, r *http.Request, err error)
}

type route struct {
	method  string
	pattern *regexp.Regexp
	handle  func(w http.ResponseWriter, r *http.Request, pathValues []string)
}

type serverHandler struct {
	si      ServerInterface
	options HandlerOptions
	routes  []route
}

// ServeHTTP routes a request to its operation: 404 for unknown paths, 405 with Allow for other methods.
func (h *serverHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.EscapedPath(), h.options.BaseURL)
	var allowed []string
	for _, rt := range h.routes {
		m := rt.pattern.FindStringSubmatch(path)
		if m == nil {
			continue
		}
		if rt.method != r.Method {
			allowed = append(allowed, rt.method)
			continue
		}
		rt.handle(w, r, m[1:])
		return
	}
	if len(allowed) > 0 {
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	http.NotFound(w, r)
}
