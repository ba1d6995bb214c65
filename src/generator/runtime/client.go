package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// RequestEditorFn changes a request before it is sent (authentication, extra headers).
type RequestEditorFn func(ctx context.Context, req *http.Request) error

// HTTPDoer sends HTTP requests; *http.Client is one.
type HTTPDoer interface {
	Do(req *http.Request) (*http.Response, error)
}

// Client calls the API. Every method takes a context and returns the typed response with the raw
// *http.Response.
type Client struct {
	// BaseURL is the URL the operation paths are appended to (no trailing slash).
	BaseURL string
	// HTTPClient sends the requests; http.DefaultClient when nil.
	HTTPClient HTTPDoer
	// UserAgent is sent as the User-Agent header when not empty.
	UserAgent string
	// RequestEditors run on every request, before the editors given to a call.
	RequestEditors []RequestEditorFn
}

// ClientOption configures a Client.
type ClientOption func(*Client) error

// NewClient returns a client of the API at baseURL.
func NewClient(baseURL string, opts ...ClientOption) (*Client, error) {
	c := &Client{BaseURL: strings.TrimRight(baseURL, "/"), HTTPClient: http.DefaultClient}
	for _, o := range opts {
		if err := o(c); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// WithHTTPClient sets the HTTP client that sends the requests.
func WithHTTPClient(doer HTTPDoer) ClientOption {
	return func(c *Client) error {
		c.HTTPClient = doer
		return nil
	}
}

// WithUserAgent sets the User-Agent header of every request.
func WithUserAgent(userAgent string) ClientOption {
	return func(c *Client) error {
		c.UserAgent = userAgent
		return nil
	}
}

// WithRequestEditorFn adds an editor that runs on every request.
func WithRequestEditorFn(fn RequestEditorFn) ClientOption {
	return func(c *Client) error {
		c.RequestEditors = append(c.RequestEditors, fn)
		return nil
	}
}

// newRequest builds a request of the API.
func (c *Client) newRequest(ctx context.Context, method, path string, query url.Values, body io.Reader, contentType string) (*http.Request, error) {
	target := c.BaseURL + path
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, method, target, body)
	if err != nil {
		return nil, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.UserAgent != "" {
		req.Header.Set("User-Agent", c.UserAgent)
	}
	return req, nil
}

// send runs the editors, sends the request and reads the whole response body.
func (c *Client) send(ctx context.Context, req *http.Request, editors []RequestEditorFn) (*http.Response, []byte, error) {
	for _, edit := range append(append([]RequestEditorFn{}, c.RequestEditors...), editors...) {
		if err := edit(ctx, req); err != nil {
			return nil, nil, err
		}
	}
	doer := c.HTTPClient
	if doer == nil {
		doer = http.DefaultClient
	}
	resp, err := doer.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp, data, err
}

// paramStrings returns the text of each value of a parameter: one for a scalar, one per item of a slice, none
// for nil (or, with omitZero, for a zero value).
func paramStrings(v interface{}, omitZero bool) []string {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Ptr || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return nil
		}
		rv = rv.Elem()
	}
	if rv.Kind() == reflect.Map && rv.Type().Key().Kind() == reflect.Bool {
		// A Nullable: its value when it holds one; nothing when absent or null.
		if rv = rv.MapIndex(reflect.ValueOf(true)); !rv.IsValid() {
			return nil
		}
	}
	if !rv.IsValid() || (omitZero && rv.IsZero()) || (rv.Kind() == reflect.Slice && rv.IsNil()) {
		return nil
	}
	if rv.Kind() == reflect.Slice && rv.Type().Elem().Kind() != reflect.Uint8 {
		out := make([]string, 0, rv.Len())
		for i := 0; i < rv.Len(); i++ {
			out = append(out, scalarString(rv.Index(i)))
		}
		return out
	}
	return []string{scalarString(rv)}
}

// scalarString writes one value as parameters carry it (times in RFC 3339, other structures as JSON).
func scalarString(rv reflect.Value) string {
	for rv.Kind() == reflect.Ptr || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return ""
		}
		rv = rv.Elem()
	}
	if t, ok := rv.Interface().(time.Time); ok {
		return t.Format(time.RFC3339Nano)
	}
	switch rv.Kind() {
	case reflect.String:
		return rv.String()
	case reflect.Bool:
		return strconv.FormatBool(rv.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(rv.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(rv.Uint(), 10)
	case reflect.Float32:
		return strconv.FormatFloat(rv.Float(), 'g', -1, 32)
	case reflect.Float64:
		return strconv.FormatFloat(rv.Float(), 'g', -1, 64)
	case reflect.Slice:
		if rv.Type().Elem().Kind() == reflect.Uint8 {
			return string(rv.Bytes())
		}
	}
	data, err := json.Marshal(rv.Interface())
	if err != nil {
		return fmt.Sprint(rv.Interface())
	}
	return string(data)
}

// addQuery adds a query parameter: one entry per item when exploded, else the items joined by sep.
func addQuery(q url.Values, name string, explode bool, sep string, omitZero bool, v interface{}) {
	vals := paramStrings(v, omitZero)
	if vals == nil {
		return
	}
	if explode {
		for _, s := range vals {
			q.Add(name, s)
		}
		return
	}
	q.Add(name, strings.Join(vals, sep))
}

// pathValue writes a path parameter: escaped items joined by sep, after prefix.
func pathValue(prefix, sep string, v interface{}) string {
	vals := paramStrings(v, false)
	for i, s := range vals {
		vals[i] = url.PathEscape(s)
	}
	return prefix + strings.Join(vals, sep)
}

// setHeader sets a header parameter (items joined by commas).
func setHeader(h http.Header, name string, omitZero bool, v interface{}) {
	if vals := paramStrings(v, omitZero); vals != nil {
		h.Set(name, strings.Join(vals, ","))
	}
}

// addCookie adds a cookie parameter (items joined by commas, escaped).
func addCookie(req *http.Request, name string, omitZero bool, v interface{}) {
	if vals := paramStrings(v, omitZero); vals != nil {
		req.AddCookie(&http.Cookie{Name: name, Value: url.QueryEscape(strings.Join(vals, ","))})
	}
}

// encodeForm encodes a struct as form fields named by its json tags.
func encodeForm(v interface{}) (url.Values, error) {
	rv := reflect.Indirect(reflect.ValueOf(v))
	if rv.Kind() != reflect.Struct {
		return nil, fmt.Errorf("form body: %T is not a struct", v)
	}
	out := url.Values{}
	for i := 0; i < rv.NumField(); i++ {
		name, omit := jsonFieldName(rv.Type().Field(i))
		if name == "" {
			continue
		}
		for _, s := range paramStrings(rv.Field(i).Interface(), omit) {
			out.Add(name, s)
		}
	}
	return out, nil
}

// encodeMultipart encodes a struct as multipart/form-data: []byte fields as files, others as fields.
func encodeMultipart(v interface{}) (io.Reader, string, error) {
	rv := reflect.Indirect(reflect.ValueOf(v))
	if rv.Kind() != reflect.Struct {
		return nil, "", fmt.Errorf("multipart body: %T is not a struct", v)
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for i := 0; i < rv.NumField(); i++ {
		name, omit := jsonFieldName(rv.Type().Field(i))
		if name == "" {
			continue
		}
		field := rv.Field(i)
		if field.Kind() == reflect.Ptr && !field.IsNil() {
			field = field.Elem()
		}
		if field.Kind() == reflect.Map && field.Type().Key().Kind() == reflect.Bool {
			// A Nullable: its value, or nothing when absent or null.
			if field = field.MapIndex(reflect.ValueOf(true)); !field.IsValid() {
				continue
			}
		}
		if data, ok := field.Interface().([]byte); ok {
			if data == nil {
				continue
			}
			part, err := mw.CreateFormFile(name, name)
			if err != nil {
				return nil, "", err
			}
			if _, err := part.Write(data); err != nil {
				return nil, "", err
			}
			continue
		}
		for _, s := range paramStrings(field.Interface(), omit) {
			if err := mw.WriteField(name, s); err != nil {
				return nil, "", err
			}
		}
	}
	if err := mw.Close(); err != nil {
		return nil, "", err
	}
	return &buf, mw.FormDataContentType(), nil
}

// addDeepObject adds an object parameter in the deepObject style: name[property]=value for each property of a
// struct (named by its json tags; absent ones left out) or each key of a map.
func addDeepObject(q url.Values, name string, v interface{}) {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Ptr || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return
		}
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.Struct:
		for i := 0; i < rv.NumField(); i++ {
			key, omit := jsonFieldName(rv.Type().Field(i))
			if key == "" {
				continue
			}
			for _, s := range paramStrings(rv.Field(i).Interface(), omit) {
				q.Add(name+"["+key+"]", s)
			}
		}
	case reflect.Map:
		iter := rv.MapRange()
		for iter.Next() {
			key := fmt.Sprint(iter.Key().Interface())
			for _, s := range paramStrings(iter.Value().Interface(), false) {
				q.Add(name+"["+key+"]", s)
			}
		}
	}
}
