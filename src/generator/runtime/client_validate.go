package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
)

// DefaultMaxResponseBytes is the largest response body a validating client reads when its MaxResponseBytes is
// 0 or less (10 MiB).
const DefaultMaxResponseBytes = 10 << 20

// ResponseError is the error a client method returns when the response does not match the API description:
// a status the operation does not declare, a content type its status does not declare, or a body that breaks
// the status's schema. The method's response still carries the status, the headers, the raw body and the
// *http.Response (whose Body can be read again), but not the decoded body.
type ResponseError struct {
	// Operation is the client method's name.
	Operation string
	// StatusCode is the response's status.
	StatusCode int
	// ContentType is the response's Content-Type header.
	ContentType string
	// Mismatches lists what did not match, in order: the status, the content type, then the body's failures.
	Mismatches []ResponseMismatch
}

// ResponseMismatch is one way a response does not match the API description.
type ResponseMismatch struct {
	// In is what did not match: "status", "content-type" or "body".
	In string
	// Pointer is the JSON pointer of the body value that failed ("" for the whole body, the status and the
	// content type).
	Pointer string
	// Message says what is wrong.
	Message string
}

// Error lists the mismatches.
func (e *ResponseError) Error() string {
	var b strings.Builder
	b.WriteString(e.Operation + ": the response (status " + strconv.Itoa(e.StatusCode) + ") does not match the API description")
	for i, m := range e.Mismatches {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString("; ")
		}
		b.WriteString(m.In)
		if m.Pointer != "" {
			b.WriteString(" " + m.Pointer)
		}
		b.WriteString(" " + m.Message)
	}
	return b.String()
}

// rcOperation is what the responses of one operation may be.
type rcOperation struct {
	name      string
	responses []rcResponse
}

// rcResponse is one declared status ("200", "2XX" or "default") with its media types (none: no body).
type rcResponse struct {
	status string
	media  []rcMedia
}

// rcMedia is one declared media type; check is nil for a body that is not JSON (not validated).
type rcMedia struct {
	mediaType string
	check     rvCheck
}

// rcMaxDepth, rcMaxErrors and rcMaxSteps bound the validation of one response body, as the server middleware's
// defaults bound a request's.
const (
	rcMaxDepth  = 64
	rcMaxErrors = 20
	rcMaxSteps  = 1000000
)

// sendValidated sends the request as send does, reads at most max bytes of the response body (the default
// when max is 0 or less), leaves the response's Body readable from its start, and checks the response
// against op. A transport error is the fourth result; a mismatch is the third, with the body nil when it was
// larger than max (then resp.Body still reads it whole).
func (c *Client) sendValidated(ctx context.Context, req *http.Request, editors []RequestEditorFn, op *rcOperation, max int64) (*http.Response, []byte, *ResponseError, error) {
	for _, edit := range append(append([]RequestEditorFn{}, c.RequestEditors...), editors...) {
		if err := edit(ctx, req); err != nil {
			return nil, nil, nil, err
		}
	}
	doer := c.HTTPClient
	if doer == nil {
		doer = http.DefaultClient
	}
	resp, err := doer.Do(req)
	if err != nil {
		return nil, nil, nil, err
	}
	if max <= 0 {
		max = DefaultMaxResponseBytes
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		resp.Body.Close()
		return nil, nil, nil, err
	}
	if int64(len(data)) > max {
		// The rest stays unread: the caller reads the body whole and closes it.
		resp.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(data), resp.Body), resp.Body}
		return resp, nil, op.mismatch(resp, []ResponseMismatch{{In: "body", Message: "is larger than " + strconv.FormatInt(max, 10) + " bytes (Client.MaxResponseBytes) and was not validated"}}), nil
	}
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(data))
	return resp, data, op.check(resp, data), nil
}

// check compares a response with the operation's declared responses; nil when it matches (or when the
// operation declares none).
func (op *rcOperation) check(resp *http.Response, data []byte) *ResponseError {
	if len(op.responses) == 0 {
		return nil
	}
	r := op.match(resp.StatusCode)
	if r == nil {
		return op.mismatch(resp, []ResponseMismatch{{In: "status", Message: strconv.Itoa(resp.StatusCode) + " is not declared"}})
	}
	if len(data) == 0 {
		return nil
	}
	if len(r.media) == 0 {
		return op.mismatch(resp, []ResponseMismatch{{In: "content-type", Message: "status " + r.status + " declares no body, but the response has one"}})
	}
	mediaType, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	var m *rcMedia
	for i := range r.media {
		if err == nil && rvMediaMatch(r.media[i].mediaType, mediaType) {
			m = &r.media[i]
			break
		}
	}
	if m == nil {
		declared := make([]string, len(r.media))
		for i := range r.media {
			declared[i] = r.media[i].mediaType
		}
		return op.mismatch(resp, []ResponseMismatch{{In: "content-type", Message: strconv.Quote(resp.Header.Get("Content-Type")) + " is not declared for status " + r.status + " (" + strings.Join(declared, ", ") + ")"}})
	}
	if m.check == nil || !rcIsJSON(mediaType) {
		return nil
	}
	if !rvDepthOK(data, rcMaxDepth) {
		return op.mismatch(resp, []ResponseMismatch{{In: "body", Message: "is nested more than " + strconv.Itoa(rcMaxDepth) + " levels deep"}})
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v interface{}
	if err := dec.Decode(&v); err != nil {
		return op.mismatch(resp, []ResponseMismatch{{In: "body", Message: "is not well-formed JSON"}})
	}
	if _, err := dec.Token(); err != io.EOF {
		return op.mismatch(resp, []ResponseMismatch{{In: "body", Message: "is not well-formed JSON"}})
	}
	steps := rcMaxSteps
	e := &rvErrs{in: "body", max: rcMaxErrors, steps: &steps, maxDepth: 4*rcMaxDepth + 64}
	m.check(v, "", e)
	if len(e.list) == 0 {
		return nil
	}
	list := make([]ResponseMismatch, len(e.list))
	for i, f := range e.list {
		list[i] = ResponseMismatch{In: "body", Pointer: f.Name, Message: f.Message}
	}
	return op.mismatch(resp, list)
}

// rcIsJSON tells whether a media type is JSON (application/json or application/*+json): a body declared by a
// range (*/*, application/*) is validated only when it is.
func rcIsJSON(mediaType string) bool {
	return mediaType == "application/json" || (strings.HasPrefix(mediaType, "application/") && strings.HasSuffix(mediaType, "+json"))
}

// rcJSONResponse tells whether a response's Content-Type is JSON: a validating client decodes only such bodies.
func rcJSONResponse(resp *http.Response) bool {
	mediaType, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	return err == nil && rcIsJSON(mediaType)
}

// match is the declared response of a status: its code, else its range (2XX), else default; nil for none.
func (op *rcOperation) match(status int) *rcResponse {
	code := strconv.Itoa(status)
	var byRange, byDefault *rcResponse
	for i := range op.responses {
		r := &op.responses[i]
		switch {
		case r.status == code:
			return r
		case len(r.status) == 3 && r.status[1:] == "XX" && r.status[0] == code[0]:
			byRange = r
		case r.status == "default":
			byDefault = r
		}
	}
	if byRange != nil {
		return byRange
	}
	return byDefault
}

func (op *rcOperation) mismatch(resp *http.Response, list []ResponseMismatch) *ResponseError {
	return &ResponseError{Operation: op.name, StatusCode: resp.StatusCode, ContentType: resp.Header.Get("Content-Type"), Mismatches: list}
}
