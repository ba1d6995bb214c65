// Package mwcheck sends one request through a validation middleware (for the generated packages' tests).
package mwcheck

import (
	"net/http"
	"net/http/httptest"
	"strings"
)

// Status sends a JSON request through mw (in front of a handler answering 204) and returns the status and body.
func Status(mw func(http.Handler) http.Handler, method, target, body string, header map[string]string) (int, string) {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		r.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	mw(next).ServeHTTP(rec, r)
	return rec.Code, rec.Body.String()
}
