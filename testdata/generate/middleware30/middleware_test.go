package mwfix30

import (
	"strings"
	"testing"

	"example.com/generated/mwcheck"
)

func TestOpenAPI30Forms(t *testing.T) {
	cases := []struct {
		target, body string
		want         int
		failure      string
	}{
		{"/things?ids=1|2", `{"n":5,"s":null,"r":"abc"}`, 204, ""},
		{"/things", `{"n":0}`, 400, `"name":"/n","message":"must be greater than 0"`},
		{"/things", `{"n":10}`, 400, `"name":"/n","message":"must be less than 10"`},
		{"/things", `{"s":"c"}`, 400, `"name":"/s","message":"must be one of the allowed values"`},
		{"/things", `{"r":"abcd"}`, 400, `"name":"/r","message":"must be at most 3 characters long"`},
		{"/things", `{"nr":null,"na":null}`, 204, ""},
		{"/things", `{"nr":"abcd"}`, 400, `"name":"/nr","message":"must be at most 3 characters long"`},
		{"/things", `{"na":"abcd"}`, 400, `"name":"/na","message":"must be at most 3 characters long"`},
		{"/things", `{"r":null}`, 400, `"name":"/r","message":"must be of type string"`},
		{"/things?ids=1|x", `{}`, 400, `"in":"query","name":"ids","message":"items must be an integer"`},
	}
	for _, c := range cases {
		code, answer := mwcheck.Status(ValidationMiddleware(), "POST", c.target, c.body, nil)
		if code != c.want || !strings.Contains(answer, c.failure) {
			t.Errorf("%s %s: %d %s", c.target, c.body, code, answer)
		}
	}
}
