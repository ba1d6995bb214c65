package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// OIDCMetadata is an OpenID Provider's configuration (OpenID Connect Discovery 1.0, section 3).
type OIDCMetadata struct {
	Issuer                            string   `json:"issuer"`
	AuthorizationEndpoint             string   `json:"authorization_endpoint,omitempty"`
	TokenEndpoint                     string   `json:"token_endpoint,omitempty"`
	UserinfoEndpoint                  string   `json:"userinfo_endpoint,omitempty"`
	JWKSURI                           string   `json:"jwks_uri,omitempty"`
	RegistrationEndpoint              string   `json:"registration_endpoint,omitempty"`
	EndSessionEndpoint                string   `json:"end_session_endpoint,omitempty"`
	RevocationEndpoint                string   `json:"revocation_endpoint,omitempty"`
	IntrospectionEndpoint             string   `json:"introspection_endpoint,omitempty"`
	DeviceAuthorizationEndpoint       string   `json:"device_authorization_endpoint,omitempty"`
	ScopesSupported                   []string `json:"scopes_supported,omitempty"`
	ResponseTypesSupported            []string `json:"response_types_supported,omitempty"`
	ResponseModesSupported            []string `json:"response_modes_supported,omitempty"`
	GrantTypesSupported               []string `json:"grant_types_supported,omitempty"`
	SubjectTypesSupported             []string `json:"subject_types_supported,omitempty"`
	IDTokenSigningAlgValuesSupported  []string `json:"id_token_signing_alg_values_supported,omitempty"`
	TokenEndpointAuthMethodsSupported []string `json:"token_endpoint_auth_methods_supported,omitempty"`
	ClaimsSupported                   []string `json:"claims_supported,omitempty"`
	CodeChallengeMethodsSupported     []string `json:"code_challenge_methods_supported,omitempty"`
	// Raw is the whole document, for the fields not above.
	Raw map[string]interface{} `json:"-"`
}

// OIDCDiscovery fetches and caches an OpenID Provider's configuration. Safe for concurrent use.
type OIDCDiscovery struct {
	// Issuer is the expected issuer: the configuration is read from Issuer +
	// "/.well-known/openid-configuration" and its issuer must equal it ("" to skip the check, with URL set).
	Issuer string
	// URL is the configuration's address when it is not derived from Issuer.
	URL string
	// HTTPClient sends the request; http.DefaultClient when nil.
	HTTPClient *http.Client
	// TTL is how long the configuration is cached when the answer has no Cache-Control max-age (one hour when
	// zero).
	TTL time.Duration
	// MaxBytes bounds the answer's size (1 MiB when zero).
	MaxBytes int64
	// Now is the clock (time.Now when nil).
	Now func() time.Time

	mu      sync.Mutex
	cached  *OIDCMetadata
	expires time.Time
}

// OIDCError is a failed discovery: a transport error, an HTTP status, a body too large or not JSON, or an
// issuer that is not the expected one.
type OIDCError struct {
	// URL is the configuration's address.
	URL string
	// StatusCode is the HTTP status (0 when no answer came).
	StatusCode int
	// Err is what went wrong.
	Err error
}

// Error describes the error.
func (e *OIDCError) Error() string {
	return fmt.Sprintf("oidc discovery %s: %v", e.URL, e.Err)
}

// Unwrap returns the cause.
func (e *OIDCError) Unwrap() error {
	return e.Err
}

// ErrOIDCIssuerMismatch is the cause of an OIDCError when the configuration names another issuer.
var ErrOIDCIssuerMismatch = errors.New("the issuer of the configuration is not the expected one")

// NewOIDCDiscovery returns a discovery client for an issuer, or for a configuration URL when the argument ends
// in /.well-known/openid-configuration (the issuer is then what precedes it).
func NewOIDCDiscovery(issuerOrURL string, httpClient *http.Client) *OIDCDiscovery {
	const suffix = "/.well-known/openid-configuration"
	d := &OIDCDiscovery{HTTPClient: httpClient}
	if strings.HasSuffix(issuerOrURL, suffix) {
		d.URL = issuerOrURL
		d.Issuer = strings.TrimSuffix(issuerOrURL, suffix)
	} else {
		d.Issuer = strings.TrimRight(issuerOrURL, "/")
	}
	return d
}

// ConfigurationURL is the address the configuration is read from.
func (d *OIDCDiscovery) ConfigurationURL() string {
	if d.URL != "" {
		return d.URL
	}
	return strings.TrimRight(d.Issuer, "/") + "/.well-known/openid-configuration"
}

// Metadata returns the configuration: the cached one while fresh, else fetched again.
func (d *OIDCDiscovery) Metadata(ctx context.Context) (*OIDCMetadata, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.now()
	if d.cached != nil && now.Before(d.expires) {
		return d.cached, nil
	}
	md, maxAge, err := d.fetch(ctx)
	if err != nil {
		return nil, err
	}
	ttl := d.TTL
	if ttl <= 0 {
		ttl = time.Hour
	}
	if maxAge >= 0 {
		ttl = maxAge
	}
	d.cached, d.expires = md, now.Add(ttl)
	return md, nil
}

// Invalidate drops the cached configuration.
func (d *OIDCDiscovery) Invalidate() {
	d.mu.Lock()
	d.cached = nil
	d.mu.Unlock()
}

func (d *OIDCDiscovery) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

// fetch reads the configuration and the max-age of its Cache-Control (-1 when none).
func (d *OIDCDiscovery) fetch(ctx context.Context) (*OIDCMetadata, time.Duration, error) {
	u := d.ConfigurationURL()
	fail := func(status int, err error) (*OIDCMetadata, time.Duration, error) {
		return nil, 0, &OIDCError{URL: u, StatusCode: status, Err: err}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fail(0, err)
	}
	req.Header.Set("Accept", "application/json")
	hc := d.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return fail(0, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fail(resp.StatusCode, fmt.Errorf("status %d", resp.StatusCode))
	}
	limit := d.MaxBytes
	if limit <= 0 {
		limit = 1 << 20
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return fail(resp.StatusCode, err)
	}
	if int64(len(body)) > limit {
		return fail(resp.StatusCode, fmt.Errorf("the configuration is larger than %d bytes", limit))
	}
	md := &OIDCMetadata{}
	if err := json.Unmarshal(body, md); err != nil {
		return fail(resp.StatusCode, err)
	}
	if err := json.Unmarshal(body, &md.Raw); err != nil {
		return fail(resp.StatusCode, err)
	}
	if md.Issuer == "" {
		return fail(resp.StatusCode, errors.New("the configuration has no issuer"))
	}
	if d.Issuer != "" && md.Issuer != d.Issuer && strings.TrimRight(md.Issuer, "/") != d.Issuer {
		return fail(resp.StatusCode, fmt.Errorf("%w: %q, expected %q", ErrOIDCIssuerMismatch, md.Issuer, d.Issuer))
	}
	return md, oidcMaxAge(resp.Header.Get("Cache-Control")), nil
}

// oidcMaxAge is the max-age of a Cache-Control header (0 for no-store or no-cache, -1 when absent).
func oidcMaxAge(cc string) time.Duration {
	for _, part := range strings.Split(cc, ",") {
		part = strings.ToLower(strings.TrimSpace(part))
		if part == "no-store" || part == "no-cache" {
			return 0
		}
		if strings.HasPrefix(part, "max-age=") {
			n, err := strconv.ParseInt(strings.Trim(part[len("max-age="):], "\""), 10, 64)
			if err == nil && n >= 0 && n < 1<<31 {
				return time.Duration(n) * time.Second
			}
		}
	}
	return -1
}
