package runtime

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// OAuth2AuthStyle is how the client authenticates at the token endpoint.
type OAuth2AuthStyle int

const (
	// OAuth2AuthBasic sends the client id and secret with HTTP basic authentication (client_secret_basic).
	OAuth2AuthBasic OAuth2AuthStyle = iota
	// OAuth2AuthPost sends the client id and secret in the form body (client_secret_post).
	OAuth2AuthPost
)

// OAuth2Config is one OAuth2 flow of a security scheme: its endpoints, the client and the scopes asked for.
type OAuth2Config struct {
	// ClientID identifies the client.
	ClientID string
	// ClientSecret is the client's secret ("" for a public client).
	ClientSecret string
	// AuthorizationURL is where the user authorizes the client (authorization code and implicit flows).
	AuthorizationURL string
	// TokenURL is the token endpoint.
	TokenURL string
	// RefreshURL is the endpoint refresh requests go to (TokenURL when empty).
	RefreshURL string
	// RedirectURL is the redirect_uri of the authorization code and implicit flows ("" to leave it out).
	RedirectURL string
	// Scopes are the scopes asked for.
	Scopes []string
	// AuthStyle is how the client authenticates at the token endpoint (OAuth2AuthBasic by default).
	AuthStyle OAuth2AuthStyle
	// HTTPClient sends the token requests; http.DefaultClient when nil.
	HTTPClient *http.Client
	// ExpirySkew is how long before its expiry a token counts as expired (10 seconds when zero).
	ExpirySkew time.Duration
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// OAuth2Token is a token from the token endpoint.
type OAuth2Token struct {
	// AccessToken is the token sent with requests.
	AccessToken string
	// TokenType is its type ("Bearer").
	TokenType string
	// RefreshToken obtains a new token ("" when none was issued).
	RefreshToken string
	// Scope is the space-separated scopes granted, when the server says.
	Scope string
	// Expiry is when the token expires (zero: unknown, never counted as expired).
	Expiry time.Time
	// Raw is the whole JSON response.
	Raw map[string]interface{}
}

// Valid reports whether the token has an access token that does not expire within skew of now.
func (t *OAuth2Token) Valid(now time.Time, skew time.Duration) bool {
	if t == nil || t.AccessToken == "" {
		return false
	}
	return t.Expiry.IsZero() || now.Add(skew).Before(t.Expiry)
}

// OAuth2Error is an error answer of a token endpoint (RFC 6749 section 5.2), or an answer that is not a token.
type OAuth2Error struct {
	// StatusCode is the HTTP status of the answer.
	StatusCode int
	// Code is the error code ("invalid_client", "invalid_grant", ...; "" when the body has none).
	Code string
	// Description is the error_description, when given.
	Description string
	// URI is the error_uri, when given.
	URI string
	// Body is the start of the answer's body.
	Body string
}

// Error describes the error.
func (e *OAuth2Error) Error() string {
	msg := fmt.Sprintf("oauth2: token endpoint answered %d", e.StatusCode)
	if e.Code != "" {
		msg += " " + e.Code
	}
	if e.Description != "" {
		msg += ": " + e.Description
	}
	return msg
}

const oauth2MaxBody = 1 << 20

func (c *OAuth2Config) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

func (c *OAuth2Config) skew() time.Duration {
	if c.ExpirySkew > 0 {
		return c.ExpirySkew
	}
	return 10 * time.Second
}

// ClientCredentialsToken asks for a token with the client credentials grant.
func (c *OAuth2Config) ClientCredentialsToken(ctx context.Context) (*OAuth2Token, error) {
	form := url.Values{"grant_type": {"client_credentials"}}
	if len(c.Scopes) > 0 {
		form.Set("scope", strings.Join(c.Scopes, " "))
	}
	return c.tokenRequest(ctx, c.TokenURL, form)
}

// PasswordToken asks for a token with the resource owner password credentials grant.
func (c *OAuth2Config) PasswordToken(ctx context.Context, username, password string) (*OAuth2Token, error) {
	form := url.Values{"grant_type": {"password"}, "username": {username}, "password": {password}}
	if len(c.Scopes) > 0 {
		form.Set("scope", strings.Join(c.Scopes, " "))
	}
	return c.tokenRequest(ctx, c.TokenURL, form)
}

// AuthCodeURL is the URL the user is sent to in the authorization code flow, with the state and the PKCE
// challenge (S256) of verifier ("" to leave PKCE out); extra parameters are added as given.
func (c *OAuth2Config) AuthCodeURL(state, verifier string, extra url.Values) (string, error) {
	q := url.Values{"response_type": {"code"}, "client_id": {c.ClientID}}
	if verifier != "" {
		q.Set("code_challenge", OAuth2PKCEChallenge(verifier))
		q.Set("code_challenge_method", "S256")
	}
	return c.authURL(q, state, extra)
}

// ImplicitURL is the URL the user is sent to in the implicit flow (the token comes back in the fragment).
func (c *OAuth2Config) ImplicitURL(state string, extra url.Values) (string, error) {
	return c.authURL(url.Values{"response_type": {"token"}, "client_id": {c.ClientID}}, state, extra)
}

func (c *OAuth2Config) authURL(q url.Values, state string, extra url.Values) (string, error) {
	u, err := url.Parse(c.AuthorizationURL)
	if err != nil || c.AuthorizationURL == "" {
		return "", fmt.Errorf("oauth2: invalid authorization URL %q", c.AuthorizationURL)
	}
	if c.RedirectURL != "" {
		q.Set("redirect_uri", c.RedirectURL)
	}
	if len(c.Scopes) > 0 {
		q.Set("scope", strings.Join(c.Scopes, " "))
	}
	if state != "" {
		q.Set("state", state)
	}
	for k, vs := range extra {
		for _, v := range vs {
			q.Add(k, v)
		}
	}
	for k, vs := range u.Query() {
		if _, ok := q[k]; !ok {
			q[k] = vs
		}
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// Exchange trades an authorization code (and the PKCE verifier its URL was made with, "" for none) for a
// token.
func (c *OAuth2Config) Exchange(ctx context.Context, code, verifier string) (*OAuth2Token, error) {
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}}
	if c.RedirectURL != "" {
		form.Set("redirect_uri", c.RedirectURL)
	}
	if verifier != "" {
		form.Set("code_verifier", verifier)
	}
	return c.tokenRequest(ctx, c.TokenURL, form)
}

// Refresh trades a refresh token for a new token (at RefreshURL, else TokenURL). The new token keeps the
// refresh token when the server issues none.
func (c *OAuth2Config) Refresh(ctx context.Context, refreshToken string) (*OAuth2Token, error) {
	if refreshToken == "" {
		return nil, errors.New("oauth2: no refresh token")
	}
	endpoint := c.RefreshURL
	if endpoint == "" {
		endpoint = c.TokenURL
	}
	form := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refreshToken}}
	tok, err := c.tokenRequest(ctx, endpoint, form)
	if err != nil {
		return nil, err
	}
	if tok.RefreshToken == "" {
		tok.RefreshToken = refreshToken
	}
	return tok, nil
}

// tokenRequest posts a form to a token endpoint and reads the token or the error answered.
func (c *OAuth2Config) tokenRequest(ctx context.Context, endpoint string, form url.Values) (*OAuth2Token, error) {
	if endpoint == "" {
		return nil, errors.New("oauth2: no token URL")
	}
	if c.AuthStyle == OAuth2AuthPost || c.ClientSecret == "" {
		form.Set("client_id", c.ClientID)
		if c.ClientSecret != "" {
			form.Set("client_secret", c.ClientSecret)
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	if c.AuthStyle == OAuth2AuthBasic && c.ClientSecret != "" {
		req.SetBasicAuth(url.QueryEscape(c.ClientID), url.QueryEscape(c.ClientSecret))
	}
	hc := c.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, oauth2MaxBody+1))
	if err != nil {
		return nil, err
	}
	if len(body) > oauth2MaxBody {
		return nil, fmt.Errorf("oauth2: token response larger than %d bytes", oauth2MaxBody)
	}
	var raw map[string]interface{}
	jsonErr := json.Unmarshal(body, &raw)
	if resp.StatusCode < 200 || resp.StatusCode > 299 || jsonErr != nil || raw["error"] != nil {
		e := &OAuth2Error{StatusCode: resp.StatusCode, Body: string(body)}
		if len(e.Body) > 512 {
			e.Body = e.Body[:512]
		}
		e.Code, _ = raw["error"].(string)
		e.Description, _ = raw["error_description"].(string)
		e.URI, _ = raw["error_uri"].(string)
		return nil, e
	}
	tok := &OAuth2Token{Raw: raw}
	tok.AccessToken, _ = raw["access_token"].(string)
	tok.TokenType, _ = raw["token_type"].(string)
	tok.RefreshToken, _ = raw["refresh_token"].(string)
	tok.Scope, _ = raw["scope"].(string)
	if tok.AccessToken == "" {
		return nil, &OAuth2Error{StatusCode: resp.StatusCode, Description: "no access_token in the answer"}
	}
	var seconds float64
	switch v := raw["expires_in"].(type) {
	case float64:
		seconds = v
	case string:
		seconds, _ = strconv.ParseFloat(v, 64)
	}
	if seconds > 0 {
		tok.Expiry = c.now().Add(time.Duration(seconds * float64(time.Second)))
	}
	return tok, nil
}

// OAuth2NewVerifier returns a new PKCE code verifier (43 characters of base64url from 32 random bytes).
func OAuth2NewVerifier() (string, error) {
	return oauth2Random(32)
}

// OAuth2NewState returns a new random state for the authorization code and implicit flows.
func OAuth2NewState() (string, error) {
	return oauth2Random(16)
}

// OAuth2PKCEChallenge is the S256 code challenge of a PKCE verifier: base64url(SHA-256(verifier)).
func OAuth2PKCEChallenge(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func oauth2Random(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// OAuth2TokenSource caches a token and obtains a new one when it expires: by its refresh token when it has one,
// else with fetch. Safe for concurrent use.
type OAuth2TokenSource struct {
	config *OAuth2Config
	fetch  func(ctx context.Context) (*OAuth2Token, error)
	mu     sync.Mutex
	token  *OAuth2Token
}

// NewOAuth2TokenSource returns a token source starting from token (nil for none) that obtains new tokens with
// fetch (nil: refresh only).
func NewOAuth2TokenSource(config *OAuth2Config, token *OAuth2Token, fetch func(ctx context.Context) (*OAuth2Token, error)) *OAuth2TokenSource {
	return &OAuth2TokenSource{config: config, fetch: fetch, token: token}
}

// ClientCredentialsSource returns a token source of the client credentials grant.
func (c *OAuth2Config) ClientCredentialsSource() *OAuth2TokenSource {
	return NewOAuth2TokenSource(c, nil, c.ClientCredentialsToken)
}

// Token returns the cached token while it is valid, else a new one.
func (s *OAuth2TokenSource) Token(ctx context.Context) (*OAuth2Token, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.token.Valid(s.config.now(), s.config.skew()) {
		return s.token, nil
	}
	var tok *OAuth2Token
	var err error
	switch {
	case s.token != nil && s.token.RefreshToken != "":
		tok, err = s.config.Refresh(ctx, s.token.RefreshToken)
		if err != nil && s.fetch != nil {
			tok, err = s.fetch(ctx)
		}
	case s.fetch != nil:
		tok, err = s.fetch(ctx)
	default:
		err = errors.New("oauth2: the token expired and there is no way to get a new one")
	}
	if err != nil {
		return nil, err
	}
	s.token = tok
	return tok, nil
}

// SetToken replaces the cached token.
func (s *OAuth2TokenSource) SetToken(token *OAuth2Token) {
	s.mu.Lock()
	s.token = token
	s.mu.Unlock()
}

// RequestEditor returns a request editor (a RequestEditorFn of the client) that sends the source's token as
// a bearer token.
func (s *OAuth2TokenSource) RequestEditor() func(ctx context.Context, req *http.Request) error {
	return func(ctx context.Context, req *http.Request) error {
		tok, err := s.Token(ctx)
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
		return nil
	}
}
