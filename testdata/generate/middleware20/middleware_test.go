package mwfix20

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func status(method, target, body string, header map[string]string) (int, string) {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		r.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	ValidationMiddleware()(next).ServeHTTP(rec, r)
	return rec.Code, rec.Body.String()
}

func TestSwagger20Forms(t *testing.T) {
	size := map[string]string{"size": "2"}
	cases := []struct {
		target, body string
		header       map[string]string
		want         int
		failure      string
	}{
		{"/things?ids=1|2", `{"s":null}`, size, 204, ""},
		{"/things", `{"s":"x"}`, nil, 400, `"in":"header","name":"size","message":"is required"`},
		{"/things", `{"s":"x"}`, map[string]string{"size": "1"}, 400, `"name":"size","message":"must be greater than 1"`},
		{"/things?ids=1|10", `{"s":"x"}`, size, 400, `"name":"ids/1","message":"must be less than or equal to 9"`},
		{"/things", `{}`, size, 400, `"in":"body","name":"/s","message":"is required"`},
		{"/things", `{"s":1}`, size, 400, `"name":"/s","message":"must be of type string or null"`},
	}
	for _, c := range cases {
		code, answer := status("POST", c.target, c.body, c.header)
		if code != c.want || !strings.Contains(answer, c.failure) {
			t.Errorf("%s %s: %d %s", c.target, c.body, code, answer)
		}
	}
}
