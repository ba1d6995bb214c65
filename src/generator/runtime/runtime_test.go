package runtime

import (
	"reflect"
	"testing"
)

func TestRvIsNumber(t *testing.T) {
	for s, want := range map[string]bool{
		"0": true, "-1.5e+3": true, "12": true, "": false, "01": false, "1.": false, "+1": false, "1e": false,
	} {
		if got := rvIsNumber(s); got != want {
			t.Errorf("rvIsNumber(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestParamStrings(t *testing.T) {
	one := 1
	cases := []struct {
		in       interface{}
		omitZero bool
		want     []string
	}{
		{nil, false, nil},
		{&one, false, []string{"1"}},
		{[]string{"a", "b"}, false, []string{"a", "b"}},
		{0, true, nil},
	}
	for _, c := range cases {
		if got := paramStrings(c.in, c.omitZero); !reflect.DeepEqual(got, c.want) {
			t.Errorf("paramStrings(%#v, %v) = %#v, want %#v", c.in, c.omitZero, got, c.want)
		}
	}
}

func TestRvEsc(t *testing.T) {
	if got := rvEsc("a/b~c"); got != "a~1b~0c" {
		t.Errorf("rvEsc = %q", got)
	}
}
