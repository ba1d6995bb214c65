package runtime

import "net/http"

// The names the generator declares around the runtime (in server.go's core and in the per-document tables),
// as small stand-ins so that the runtime builds, vets and tests on its own.

type ServerInterface interface{}

func NewHandler(si ServerInterface, opts ...HandlerOptions) http.Handler {
	h := &serverHandler{si: si}
	if len(opts) > 0 {
		h.options = opts[0]
	}
	return h
}

func routerAllRoutes() []routerRoute { return nil }

var (
	credSchemes   []credScheme
	secEnfSchemes []secEnfScheme
	rvOperations  []*rvOperation
)
