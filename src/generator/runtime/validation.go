package runtime

import (
	"encoding/json"
	"math"
	"net"
	"net/mail"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// ValidationFailure is one failed check of a request (or, in the client, of a response body).
type ValidationFailure struct {
	// In is where the value is: path, query, header, cookie or body.
	In string `json:"in"`
	// Name is the parameter's name (with /index for array items) or the JSON pointer into the body.
	Name string `json:"name"`
	// Message says what is wrong, without repeating the value.
	Message string `json:"message"`
}

// rvCheck is a compiled validator: it checks the JSON value v at pointer p, adding failures to e.
type rvCheck func(v interface{}, p string, e *rvErrs)

// rvErrs collects the failures of one request (at most max), counting the work left in steps.
type rvErrs struct {
	in       string
	list     []ValidationFailure
	max      int
	steps    *int
	depth    int
	maxDepth int
}

func (e *rvErrs) add(name, msg string) {
	if len(e.list) >= e.max {
		return
	}
	if len(name) > 200 {
		n := 200
		for n > 0 && !utf8.RuneStart(name[n]) {
			n--
		}
		name = name[:n] + "..."
	}
	e.list = append(e.list, ValidationFailure{In: e.in, Name: name, Message: msg})
}

func (e *rvErrs) full() bool {
	return len(e.list) >= e.max
}

// enter counts one check; it is false (with a failure) once the work or nesting bound is passed.
func (e *rvErrs) enter(p string) bool {
	*e.steps--
	e.depth++
	if *e.steps < 0 || e.depth > e.maxDepth {
		e.add(p, "the value is too complex to validate")
		return false
	}
	return !e.full()
}

func (e *rvErrs) leave() {
	e.depth--
}

// ok tells whether v passes check, without recording its failures.
func (e *rvErrs) ok(v interface{}, check rvCheck) bool {
	sub := &rvErrs{in: e.in, max: 1, steps: e.steps, depth: e.depth, maxDepth: e.maxDepth}
	check(v, "", sub)
	return len(sub.list) == 0
}

// count tells how many of checks v passes (stopping at 2).
func (e *rvErrs) count(v interface{}, checks ...rvCheck) int {
	n := 0
	for _, c := range checks {
		if e.ok(v, c) {
			n++
			if n > 1 {
				break
			}
		}
	}
	return n
}

// rvMediaMatch tells whether a media type of the document (possibly type/* or */*) covers actual.
func rvMediaMatch(pattern, actual string) bool {
	if pattern == actual || pattern == "*/*" {
		return true
	}
	if strings.HasSuffix(pattern, "/*") {
		return strings.HasPrefix(actual, pattern[:len(pattern)-1])
	}
	return false
}

// rvDepthOK tells whether the arrays and objects of a JSON text nest at most max levels.
func rvDepthOK(data []byte, max int) bool {
	depth := 0
	inString, escaped := false, false
	for _, c := range data {
		if inString {
			if escaped {
				escaped = false
			} else if c == '\\' {
				escaped = true
			} else if c == '"' {
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '[', '{':
			depth++
			if depth > max {
				return false
			}
		case ']', '}':
			depth--
		}
	}
	return true
}

// rvIsNumber tells whether s is a number in JSON's syntax.
func rvIsNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	start := i
	i = rvDigits(s, i)
	if i == start || (s[start] == '0' && i-start > 1) {
		return false
	}
	if i < len(s) && s[i] == '.' {
		if i = rvDigits(s, i+1); s[i-1] == '.' {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		d := i
		if i = rvDigits(s, i); i == d {
			return false
		}
	}
	return i == len(s)
}

// rvDigits returns the index after the decimal digits of s from i.
func rvDigits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// rvEsc escapes a property name for a JSON pointer.
func rvEsc(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

func rvIndex(p string, i int) string {
	return p + "/" + strconv.Itoa(i)
}

func rvNumber(x json.Number) (float64, bool) {
	f, err := strconv.ParseFloat(string(x), 64)
	return f, err == nil && !math.IsInf(f, 0)
}

func rvMultipleOf(f, m float64) bool {
	q := f / m
	return math.Abs(q-math.Round(q)) <= 1e-9*math.Max(1, math.Abs(q))
}

// rvKeys returns the keys of an object in sorted order (so failures come in a stable order).
func rvKeys(x map[string]interface{}) []string {
	keys := make([]string, 0, len(x))
	for k := range x {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// rvCanon is a canonical text of a JSON value: numbers by value, object keys sorted.
func rvCanon(v interface{}) string {
	var b strings.Builder
	rvCanonTo(&b, v, 0)
	return b.String()
}

func rvCanonTo(b *strings.Builder, v interface{}, depth int) {
	if depth > 200 {
		b.WriteString("?")
		return
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case json.Number:
		if f, ok := rvNumber(x); ok {
			b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
		} else {
			b.WriteString(string(x))
		}
	case string:
		b.WriteString(strconv.Quote(x))
	case []interface{}:
		b.WriteString("[")
		for i, it := range x {
			if i > 0 {
				b.WriteString(",")
			}
			rvCanonTo(b, it, depth+1)
		}
		b.WriteString("]")
	case map[string]interface{}:
		b.WriteString("{")
		for i, k := range rvKeys(x) {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(strconv.Quote(k))
			b.WriteString(":")
			rvCanonTo(b, x[k], depth+1)
		}
		b.WriteString("}")
	}
}

// rvValues reads the JSON array of a schema's allowed values (enum, const) once, at package initialization.
func rvValues(text string) map[string]bool {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var list []interface{}
	if err := dec.Decode(&list); err != nil {
		panic("oatool: allowed values: " + err.Error())
	}
	out := make(map[string]bool, len(list))
	for _, v := range list {
		out[rvCanon(v)] = true
	}
	return out
}

func rvUnique(x []interface{}) bool {
	seen := make(map[string]bool, len(x))
	for _, v := range x {
		k := rvCanon(v)
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

var rvUUID = regexp.MustCompile("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")

// rvFormat checks the formats the middleware knows: date-time (RFC 3339), date, time, uuid, email (an
// address net/mail accepts, without a display name), ipv4, ipv6, uri (absolute). Others pass.
func rvFormat(format, s string) bool {
	switch format {
	case "date-time":
		_, err := time.Parse(time.RFC3339Nano, strings.ToUpper(s))
		return err == nil
	case "date":
		_, err := time.Parse("2006-01-02", s)
		return err == nil
	case "time":
		_, err := time.Parse("15:04:05Z07:00", strings.ToUpper(s))
		if err != nil {
			_, err = time.Parse("15:04:05.999999999Z07:00", strings.ToUpper(s))
		}
		return err == nil
	case "uuid":
		return rvUUID.MatchString(s)
	case "email":
		a, err := mail.ParseAddress(s)
		return err == nil && a.Name == "" && a.Address == s
	case "ipv4":
		ip := net.ParseIP(s)
		return ip != nil && ip.To4() != nil && !strings.Contains(s, ":")
	case "ipv6":
		return net.ParseIP(s) != nil && strings.Contains(s, ":")
	case "uri":
		u, err := url.Parse(s)
		return err == nil && u.Scheme != ""
	}
	return true
}
