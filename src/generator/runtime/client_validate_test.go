package runtime

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
)

type doerFunc func(req *http.Request) (*http.Response, error)

func (f doerFunc) Do(req *http.Request) (*http.Response, error) { return f(req) }

// trackedBody is a response body that remembers whether it was closed.
type trackedBody struct {
	io.Reader
	closed bool
}

func (b *trackedBody) Close() error {
	b.closed = true
	return nil
}

func TestRcMatchOrder(t *testing.T) {
	op := &rcOperation{"Op", []rcResponse{{"default", nil}, {"2XX", nil}, {"200", nil}}}
	for status, want := range map[int]string{200: "200", 201: "2XX", 500: "default"} {
		if r := op.match(status); r == nil || r.status != want {
			t.Errorf("match(%d) = %v, want %s", status, r, want)
		}
	}
	if r := (&rcOperation{"Op", []rcResponse{{"4XX", nil}}}).match(500); r != nil {
		t.Errorf("match(500) = %v, want none", r)
	}
}

func TestSendValidatedReadsWithinTheLimitAndRestoresTheBody(t *testing.T) {
	const text = `{"a":1}`
	for _, max := range []int64{64, 4} {
		body := &trackedBody{Reader: strings.NewReader(text)}
		c := &Client{HTTPClient: doerFunc(func(*http.Request) (*http.Response, error) {
			h := http.Header{}
			h.Set("Content-Type", "application/json")
			return &http.Response{StatusCode: 200, Header: h, Body: body}, nil
		})}
		req, _ := http.NewRequest("GET", "http://example.com/", nil)
		op := &rcOperation{"Op", []rcResponse{{"200", []rcMedia{{"application/json", nil}}}}}
		resp, data, mismatch, err := c.sendValidated(context.Background(), req, nil, op, max)
		if err != nil {
			t.Fatal(err)
		}
		over := max < int64(len(text))
		if over != (mismatch != nil) || over != (data == nil) || over == body.closed {
			t.Fatalf("max %d: mismatch %v, data %q, closed %v", max, mismatch, data, body.closed)
		}
		all, _ := io.ReadAll(resp.Body)
		if string(all) != text {
			t.Fatalf("max %d: the body reads %q", max, all)
		}
		resp.Body.Close()
		if !body.closed {
			t.Fatalf("max %d: closing the response did not close the connection's body", max)
		}
	}
}
