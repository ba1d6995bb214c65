package mwfix20

import (
	"strings"
	"testing"

	"example.com/generated/mwcheck"
)

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
		code, answer := mwcheck.Status(ValidationMiddleware(), "POST", c.target, c.body, c.header)
		if code != c.want || !strings.Contains(answer, c.failure) {
			t.Errorf("%s %s: %d %s", c.target, c.body, code, answer)
		}
	}
}
