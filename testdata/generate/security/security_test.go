package api

// Hand-written tests of the security extras generated from security-3.1.yaml (with --client --server
// --oauth2-flows --credential-mgmt --security-enforce --oidc-discovery), over net/http/httptest.

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The helpers are RequestEditorFn values of the generated client.
var (
	_ RequestEditorFn = WithCredentials(StaticCredentials{})
	_ RequestEditorFn = (&OAuth2TokenSource{}).RequestEditor()
	// A schema took the name Principal: the middleware's type is Principal2.
	_ = Principal{Name: nil}
	_ = Principal2{Subject: ""}
)

func validators() SecurityValidators {
	return SecurityValidators{
		APIKey: func(ctx context.Context, scheme, key string) (Principal2, error) {
			if key != "good" {
				return Principal2{}, errors.New("unknown key")
			}
			return Principal2{Subject: "key-user"}, nil
		},
		Basic: func(ctx context.Context, scheme, user, pass string) (Principal2, error) {
			if user != "u" || pass != "p" {
				return Principal2{}, errors.New("wrong password")
			}
			return Principal2{Subject: "basic-user"}, nil
		},
		Bearer: func(ctx context.Context, scheme, token string) (Principal2, error) {
			switch token {
			case "tok-read":
				return Principal2{Subject: "reader", Scopes: []string{"read:pets"}}, nil
			case "tok-write":
				return Principal2{Subject: "writer", Scopes: []string{"read:pets", "write:pets"}}, nil
			case "tok-none":
				return Principal2{Subject: "nobody"}, nil
			}
			return Principal2{}, errors.New("invalid token")
		},
	}
}

// echo answers 200 with the subjects of the principals in the context.
var echo = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	var subjects []string
	for _, p := range PrincipalsFromContext(r.Context()) {
		subjects = append(subjects, p.Scheme+"="+p.Subject)
	}
	fmt.Fprint(w, strings.Join(subjects, ","))
})

func do(t *testing.T, h http.Handler, method, target string, edit func(r *http.Request)) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, target, nil)
	if edit != nil {
		edit(r)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func header(name, value string) func(r *http.Request) {
	return func(r *http.Request) { r.Header.Set(name, value) }
}

func bearer(tok string) func(r *http.Request) {
	return header("Authorization", "Bearer "+tok)
}

func TestEnforcement(t *testing.T) {
	h := SecurityMiddleware(validators())(echo)
	cases := []struct {
		name, method, target string
		edit                 func(r *http.Request)
		status               int
		body                 string
	}{
		{"public operation", "GET", "/public", nil, 200, ""},
		{"unknown route passes", "GET", "/nowhere", nil, 200, ""},
		{"missing key", "GET", "/pets", nil, 401, ""},
		{"wrong key", "GET", "/pets", header("X-API-Key", "bad"), 401, ""},
		{"key (first alternative)", "GET", "/pets", header("X-API-Key", "good"), 200, "apiKeyHeader=key-user"},
		{"bearer (second alternative)", "GET", "/pets", bearer("tok-read"), 200, "bearerAuth=reader"},
		{"invalid bearer", "GET", "/pets", bearer("forged"), 401, ""},
		{"wrong scope", "POST", "/pets", bearer("tok-read"), 403, ""},
		{"right scope", "POST", "/pets", bearer("tok-write"), 200, "petsOAuth=writer"},
		{"no token for a scoped operation", "POST", "/pets", nil, 401, ""},
		{"scopes of the second alternative", "GET", "/pets/7", bearer("tok-read"), 200, "petsOAuth=reader"},
		{"no scope in any alternative", "GET", "/pets/7", bearer("tok-none"), 403, ""},
		{"AND: the query key alone", "GET", "/both?api_key=good", nil, 401, ""},
		{"AND: basic alone", "GET", "/both", func(r *http.Request) { r.SetBasicAuth("u", "p") }, 401, ""},
		{"AND: both", "GET", "/both?api_key=good", func(r *http.Request) { r.SetBasicAuth("u", "p") }, 200,
			"apiKeyQuery=key-user,basicAuth=basic-user"},
		{"AND: wrong password", "GET", "/both?api_key=good", func(r *http.Request) { r.SetBasicAuth("u", "x") }, 401, ""},
		{"optional security, anonymous", "GET", "/optional", nil, 200, ""},
		{"cookie missing", "GET", "/cookie", nil, 401, ""},
		{"HEAD is checked as GET", "HEAD", "/cookie", nil, 401, ""},
		{"an escaped path is checked as its decoded form", "GET", "/c%6Fokie", nil, 401, ""},
		{"cookie", "GET", "/cookie", func(r *http.Request) { r.AddCookie(&http.Cookie{Name: "session", Value: "good"}) }, 200,
			"apiKeyCookie=key-user"},
	}
	for _, c := range cases {
		w := do(t, h, c.method, c.target, c.edit)
		if w.Code != c.status {
			t.Errorf("%s: status %d, want %d (%s)", c.name, w.Code, c.status, w.Body.String())
			continue
		}
		if c.status == 200 && w.Body.String() != c.body {
			t.Errorf("%s: principals %q, want %q", c.name, w.Body.String(), c.body)
		}
	}
	w := do(t, h, "GET", "/pets", nil)
	challenges := strings.Join(w.Header().Values("WWW-Authenticate"), " | ")
	if !strings.Contains(challenges, `Bearer realm="api"`) || !strings.Contains(challenges, `name="X-API-Key"`) {
		t.Errorf("401 challenges: %q", challenges)
	}
	if w := do(t, h, "GET", "/pets", bearer("forged")); !strings.Contains(strings.Join(w.Header().Values("WWW-Authenticate"), " "), `error="invalid_token"`) {
		t.Errorf("refused token challenge: %q", w.Header().Values("WWW-Authenticate"))
	}
	if strings.Contains(challenges, "invalid_token") {
		t.Errorf("no token, yet invalid_token: %q", challenges)
	}
	w = do(t, SecurityMiddleware(validators(), SecurityOptions{Realm: "pets"})(echo), "GET", "/both", nil)
	if got := strings.Join(w.Header().Values("WWW-Authenticate"), " | "); !strings.Contains(got, `Basic realm="pets"`) {
		t.Errorf("basic challenge: %q", got)
	}
	w = do(t, h, "POST", "/pets", bearer("tok-read"))
	if got := w.Header().Get("WWW-Authenticate"); !strings.Contains(got, `error="insufficient_scope"`) ||
		!strings.Contains(got, `scope="write:pets"`) {
		t.Errorf("403 challenge: %q", got)
	}
	// A base path, and the generated server behind the middleware (501 from Unimplemented: it got through).
	api := SecurityMiddleware(validators(), SecurityOptions{BaseURL: "/v1"})(NewHandler(Unimplemented{}, HandlerOptions{BaseURL: "/v1"}))
	if w := do(t, api, "GET", "/v1/cookie", nil); w.Code != 401 {
		t.Errorf("base path, no cookie: %d", w.Code)
	}
	if w := do(t, api, "GET", "/v1/public", nil); w.Code != 501 {
		t.Errorf("base path, public: %d", w.Code)
	}
}

func TestCredentialEditors(t *testing.T) {
	ctx := context.Background()
	static := StaticCredentials{
		"bearerAuth":   {Token: "tok-read"},
		"apiKeyQuery":  {APIKey: "good"},
		"basicAuth":    {Username: "u", Password: "p"},
		"apiKeyCookie": {APIKey: "good"},
	}
	apply := func(p CredentialProvider, method, target string, schemes ...string) (*http.Request, error) {
		r, _ := http.NewRequest(method, target, nil)
		return r, WithCredentials(p, schemes...)(ctx, r)
	}
	// The first alternative whose schemes the provider has (no apiKeyHeader: the bearer token).
	r, err := apply(static, "GET", "https://h/base/pets")
	if err != nil || r.Header.Get("Authorization") != "Bearer tok-read" || r.Header.Get("X-API-Key") != "" {
		t.Fatalf("GET /pets: %v %v", err, r.Header)
	}
	// AND: both schemes of the requirement.
	r, err = apply(static, "GET", "https://h/both")
	if u, p, ok := r.BasicAuth(); err != nil || !ok || u != "u" || p != "p" || r.URL.Query().Get("api_key") != "good" {
		t.Fatalf("GET /both: %v %v", err, r.URL)
	}
	// Optional security: nothing sent.
	r, err = apply(static, "GET", "https://h/optional")
	if err != nil || len(r.Header) != 0 {
		t.Fatalf("GET /optional: %v %v", err, r.Header)
	}
	// A public operation: nothing sent, no error.
	r, err = apply(static, "GET", "https://h/public")
	if err != nil || len(r.Header) != 0 || r.URL.RawQuery != "" {
		t.Fatalf("GET /public: %v %v", err, r.Header)
	}
	// Named schemes.
	r, err = apply(static, "GET", "https://h/anything", "apiKeyCookie")
	if c, cerr := r.Cookie("session"); err != nil || cerr != nil || c.Value != "good" {
		t.Fatalf("named scheme: %v %v", err, cerr)
	}
	// No credential for any alternative.
	if _, err := apply(StaticCredentials{}, "POST", "https://h/pets"); !errors.Is(err, ErrNoCredential) {
		t.Fatalf("no credential: %v", err)
	}

	// End to end: the generated client with WithCredentials against the server behind the middleware.
	srv := httptest.NewServer(SecurityMiddleware(validators())(NewHandler(bothServer{})))
	defer srv.Close()
	client, err := NewClient(srv.URL, WithRequestEditorFn(WithCredentials(static)))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.GetBoth(ctx, GetBothRequest{})
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("client GetBoth: %v %+v", err, resp)
	}
	bare, _ := NewClient(srv.URL)
	if resp, err := bare.GetBoth(ctx, GetBothRequest{}); err != nil || resp.StatusCode != 401 {
		t.Fatalf("client GetBoth without credentials: %v %+v", err, resp)
	}
}

type bothServer struct{ Unimplemented }

func (bothServer) GetBoth(ctx context.Context, req GetBothRequest) (GetBothResponse, error) {
	return GetBothResponse{StatusCode: 200}, nil
}

func TestRotatingCredentials(t *testing.T) {
	ctx := context.Background()
	var rot RotatingCredentials
	if _, err := rot.Credential(ctx, "bearerAuth"); !errors.Is(err, ErrNoCredential) {
		t.Fatalf("empty: %v", err)
	}
	rot.Set("bearerAuth", Credential{Token: "one"})
	editor := WithCredentials(&rot, "bearerAuth")
	r, _ := http.NewRequest("GET", "https://h/pets", nil)
	if err := editor(ctx, r); err != nil || r.Header.Get("Authorization") != "Bearer one" {
		t.Fatalf("first: %v %q", err, r.Header.Get("Authorization"))
	}
	rot.Set("bearerAuth", Credential{Token: "two"})
	r, _ = http.NewRequest("GET", "https://h/pets", nil)
	if err := editor(ctx, r); err != nil || r.Header.Get("Authorization") != "Bearer two" {
		t.Fatalf("rotated: %v %q", err, r.Header.Get("Authorization"))
	}
	// Refreshed by a callback when expired; concurrent readers see one refresh per expiry.
	now := time.Unix(1000, 0)
	var mu sync.Mutex
	var calls int32
	refreshing := &RotatingCredentials{
		Now: func() time.Time { mu.Lock(); defer mu.Unlock(); return now },
		Refresh: func(ctx context.Context, scheme string) (Credential, error) {
			n := atomic.AddInt32(&calls, 1)
			mu.Lock()
			defer mu.Unlock()
			return Credential{Token: fmt.Sprintf("t%d", n), Expiry: now.Add(time.Minute)}, nil
		},
		ExpirySkew: 5 * time.Second,
	}
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if c, err := refreshing.Credential(ctx, "bearerAuth"); err != nil || c.Token != "t1" {
				t.Errorf("concurrent: %v %q", err, c.Token)
			}
		}()
	}
	wg.Wait()
	mu.Lock()
	now = now.Add(56 * time.Second) // within the skew of the expiry
	mu.Unlock()
	if c, err := refreshing.Credential(ctx, "bearerAuth"); err != nil || c.Token != "t2" || atomic.LoadInt32(&calls) != 2 {
		t.Fatalf("after expiry: %v %q %d", err, c.Token, calls)
	}
}

// tokenEndpoint is a small OAuth2 token endpoint: client credentials (basic or post), authorization code with
// PKCE, refresh.
type tokenEndpoint struct {
	mu        sync.Mutex
	calls     int
	challenge string
	last      url.Values
	basic     bool
}

func (e *tokenEndpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.calls++
	_ = r.ParseForm()
	e.last = r.PostForm
	id, secret, basic := r.BasicAuth()
	e.basic = basic
	if !basic {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	w.Header().Set("Content-Type", "application/json")
	fail := func(code string) {
		w.WriteHeader(400)
		json.NewEncoder(w).Encode(map[string]string{"error": code, "error_description": "refused by the test"})
	}
	if r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
		fail("invalid_request")
		return
	}
	switch r.PostForm.Get("grant_type") {
	case "client_credentials":
		if id != "id" || secret != "secret" {
			fail("invalid_client")
			return
		}
	case "authorization_code":
		sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
		if r.PostForm.Get("code") != "the-code" || base64.RawURLEncoding.EncodeToString(sum[:]) != e.challenge {
			fail("invalid_grant")
			return
		}
		json.NewEncoder(w).Encode(map[string]interface{}{
			"access_token": "code-token", "token_type": "Bearer", "expires_in": 60, "refresh_token": "r1",
		})
		return
	case "refresh_token":
		if r.PostForm.Get("refresh_token") != "r1" {
			fail("invalid_grant")
			return
		}
		json.NewEncoder(w).Encode(map[string]interface{}{"access_token": "refreshed", "expires_in": "60"})
		return
	default:
		fail("unsupported_grant_type")
		return
	}
	json.NewEncoder(w).Encode(map[string]interface{}{
		"access_token": fmt.Sprintf("cc-%d", e.calls), "token_type": "Bearer", "expires_in": 3600,
		"scope": r.PostForm.Get("scope"),
	})
}

func TestOAuth2ClientCredentials(t *testing.T) {
	ctx := context.Background()
	ep := &tokenEndpoint{}
	srv := httptest.NewServer(ep)
	defer srv.Close()
	cfg := PetsOAuthOAuth2ClientCredentials("id", "secret")
	if cfg.TokenURL != "https://auth.example.com/token" || strings.Join(cfg.Scopes, " ") != "read:pets write:pets" {
		t.Fatalf("prefilled config: %+v", cfg)
	}
	cfg.TokenURL = srv.URL
	now := time.Unix(5000, 0)
	var mu sync.Mutex
	cfg.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	src := cfg.ClientCredentialsSource()
	var wg sync.WaitGroup
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if tok, err := src.Token(ctx); err != nil || tok.AccessToken != "cc-1" {
				t.Errorf("concurrent token: %v %+v", err, tok)
			}
		}()
	}
	wg.Wait()
	if ep.calls != 1 || !ep.basic || ep.last.Get("scope") != "read:pets write:pets" {
		t.Fatalf("one cached request with basic auth and the scopes: %d %v %v", ep.calls, ep.basic, ep.last)
	}
	// Still cached just before the skew; refreshed within it.
	mu.Lock()
	now = now.Add(3589 * time.Second)
	mu.Unlock()
	if tok, _ := src.Token(ctx); tok.AccessToken != "cc-1" {
		t.Fatalf("cached until the skew: %+v", tok)
	}
	mu.Lock()
	now = now.Add(2 * time.Second)
	mu.Unlock()
	r, _ := http.NewRequest("GET", "https://api/pets", nil)
	if err := src.RequestEditor()(ctx, r); err != nil || r.Header.Get("Authorization") != "Bearer cc-2" || ep.calls != 2 {
		t.Fatalf("new token after expiry: %v %q %d", err, r.Header.Get("Authorization"), ep.calls)
	}
	// client_secret_post.
	cfg.AuthStyle = OAuth2AuthPost
	if _, err := cfg.ClientCredentialsToken(ctx); err != nil || ep.basic || ep.last.Get("client_secret") != "secret" {
		t.Fatalf("post style: %v %v", err, ep.last)
	}
	// RFC 6749 5.2 errors are typed.
	cfg.ClientSecret = "wrong"
	_, err := cfg.ClientCredentialsToken(ctx)
	var oe *OAuth2Error
	if !errors.As(err, &oe) || oe.Code != "invalid_client" || oe.StatusCode != 400 || oe.Description != "refused by the test" {
		t.Fatalf("typed error: %v", err)
	}
}

func TestOAuth2AuthorizationCodePKCE(t *testing.T) {
	ctx := context.Background()
	ep := &tokenEndpoint{}
	srv := httptest.NewServer(ep)
	defer srv.Close()
	cfg := PetsOAuthOAuth2AuthorizationCode("id", "secret")
	if cfg.AuthorizationURL != "https://auth.example.com/authorize" || cfg.RefreshURL != "https://auth.example.com/refresh" {
		t.Fatalf("prefilled: %+v", cfg)
	}
	cfg.TokenURL, cfg.RefreshURL, cfg.RedirectURL = srv.URL, srv.URL+"/refresh", "https://app/cb"
	verifier, err := OAuth2NewVerifier()
	if err != nil || len(verifier) < 43 {
		t.Fatalf("verifier %q %v", verifier, err)
	}
	state, _ := OAuth2NewState()
	link, err := cfg.AuthCodeURL(state, verifier, url.Values{"prompt": {"consent"}})
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(link)
	q := u.Query()
	sum := sha256.Sum256([]byte(verifier))
	if u.Host != "auth.example.com" || q.Get("response_type") != "code" || q.Get("state") != state ||
		q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") != base64.RawURLEncoding.EncodeToString(sum[:]) ||
		q.Get("redirect_uri") != "https://app/cb" || q.Get("scope") != "read:pets" || q.Get("prompt") != "consent" {
		t.Fatalf("authorization URL: %s", link)
	}
	ep.challenge = q.Get("code_challenge")
	if _, err := cfg.Exchange(ctx, "the-code", "another-verifier"); err == nil {
		t.Fatal("a verifier that does not match the challenge was accepted")
	}
	tok, err := cfg.Exchange(ctx, "the-code", verifier)
	if err != nil || tok.AccessToken != "code-token" || tok.RefreshToken != "r1" || ep.last.Get("redirect_uri") != "https://app/cb" {
		t.Fatalf("exchange: %v %+v", err, tok)
	}
	// The token source refreshes the expired token with its refresh token (kept when none is issued).
	now := time.Now().Add(2 * time.Minute)
	cfg.Now = func() time.Time { return now }
	src := NewOAuth2TokenSource(cfg, tok, nil)
	got, err := src.Token(ctx)
	if err != nil || got.AccessToken != "refreshed" || got.RefreshToken != "r1" || !got.Valid(now, 0) {
		t.Fatalf("refresh: %v %+v", err, got)
	}
	// The implicit flow's URL.
	imp := PetsOAuthOAuth2Implicit("id")
	link, _ = imp.ImplicitURL("s", nil)
	if u, _ := url.Parse(link); u.Query().Get("response_type") != "token" || u.Query().Get("client_id") != "id" {
		t.Fatalf("implicit: %s", link)
	}
}

func TestOIDCDiscovery(t *testing.T) {
	ctx := context.Background()
	var hits int32
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		atomic.AddInt32(&hits, 1)
		switch r.URL.Path {
		case "/.well-known/openid-configuration":
			w.Header().Set("Cache-Control", "public, max-age=60")
			fmt.Fprintf(w, `{"issuer":%q,"token_endpoint":%q,"jwks_uri":%q,"scopes_supported":["openid","read"],"grant_types_supported":["authorization_code"],"x_extra":true}`,
				srv.URL, srv.URL+"/token", srv.URL+"/jwks")
		case "/evil/.well-known/openid-configuration":
			fmt.Fprint(w, `{"issuer":"https://evil.example.com"}`)
		case "/big/.well-known/openid-configuration":
			fmt.Fprintf(w, `{"issuer":%q,"pad":"%s"}`, srv.URL+"/big", strings.Repeat("x", 2<<20))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	d := NewOIDCDiscovery(srv.URL, srv.Client())
	now := time.Now()
	d.Now = func() time.Time { return now }
	md, err := d.Metadata(ctx)
	if err != nil || md.Issuer != srv.URL || md.TokenEndpoint != srv.URL+"/token" || md.JWKSURI != srv.URL+"/jwks" ||
		len(md.ScopesSupported) != 2 || md.Raw["x_extra"] != true {
		t.Fatalf("metadata: %v %+v", err, md)
	}
	var wg sync.WaitGroup
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := d.Metadata(ctx); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if atomic.LoadInt32(&hits) != 1 {
		t.Fatalf("cached: %d requests", hits)
	}
	now = now.Add(61 * time.Second) // past max-age
	if _, err := d.Metadata(ctx); err != nil || atomic.LoadInt32(&hits) != 2 {
		t.Fatalf("refetched after max-age: %v %d", err, hits)
	}
	// The configuration URL as given: its issuer is what precedes the well-known suffix.
	evil := NewOIDCDiscovery(srv.URL+"/evil/.well-known/openid-configuration", srv.Client())
	if _, err := evil.Metadata(ctx); !errors.Is(err, ErrOIDCIssuerMismatch) {
		t.Fatalf("issuer mismatch accepted: %v", err)
	}
	var oe *OIDCError
	big := NewOIDCDiscovery(srv.URL+"/big", srv.Client())
	if _, err := big.Metadata(ctx); !errors.As(err, &oe) || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("oversized configuration: %v", err)
	}
	if _, err := NewOIDCDiscovery(srv.URL+"/missing", srv.Client()).Metadata(ctx); !errors.As(err, &oe) || oe.StatusCode != 404 {
		t.Fatalf("404: %v", err)
	}
	// The scheme's constructor is prefilled with the document's openIdConnectUrl.
	scheme := OidcOIDCDiscovery(nil)
	if scheme.ConfigurationURL() != "https://issuer.example.com/.well-known/openid-configuration" ||
		scheme.Issuer != "https://issuer.example.com" {
		t.Fatalf("scheme discovery: %q %q", scheme.ConfigurationURL(), scheme.Issuer)
	}
}
