// Command main imports the package generated from openapi.json (every server extension and security extra):
// it must build and start without a panic, and the request validation must read the translated patterns as
// ECMA-262 does. It prints one line per request and exits 1 when a request gets an unexpected status.
package main

import (
	"fmt"
	"net/http/httptest"
	"os"
	"strings"

	"example.com/generated/api"
)

func main() {
	h := api.ValidationMiddleware2()(api.NewHandler(api.Unimplemented{}))
	cases := []struct {
		body string
		want int
	}{
		{`{"range":"- \t"}`, 501}, // [\s-z]: white space, "-" and "z" (not a range)
		{`{"range":"a"}`, 400},
		{`{"range2":"a-5"}`, 501}, // [a-\d]: "a", "-" and digits
		{`{"range2":"b"}`, 400},
		{`{"letter":"Ωmega"}`, 501}, // \p{Letter} as Go's \p{L}
		{`{"letter":"x1"}`, 400},
		{`{"script":"αβγ"}`, 501}, // \p{Script=Greek} as Go's \p{Greek}
		{`{"script":"abc"}`, 400},
		{`{"short":"Ab"}`, 501},
		{`{"short":"ab"}`, 400},
		{`{"sum":"` + strings.Repeat("a", 40) + strings.Repeat("b", 40) + `"}`, 501},
		{`{"named":"2024"}`, 501},
		{`{"named":"24"}`, 400},
		{`{"foo":"anything","kawi":"x","deep":"y"}`, 501}, // patterns Go cannot compile are not checked
	}
	failed := false
	for _, c := range cases {
		req := httptest.NewRequest("POST", "/pats", strings.NewReader(c.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-K", "key")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		fmt.Printf("%s %d\n", c.body, rec.Code)
		if rec.Code != c.want {
			fmt.Printf("  want %d: %s\n", c.want, rec.Body.String())
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
	fmt.Println("ok")
}
