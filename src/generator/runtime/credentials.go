package runtime

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

// Credential is what a security scheme sends: an API key, a username and password (basic), or a token
// (bearer, OAuth2, OpenID Connect).
type Credential struct {
	// APIKey is the key of an apiKey scheme.
	APIKey string
	// Username and Password are the credentials of a basic scheme.
	Username string
	// Password goes with Username.
	Password string
	// Token is the token of a bearer, oauth2 or openIdConnect scheme.
	Token string
	// Expiry is when the credential stops being valid (zero: never).
	Expiry time.Time
}

// ErrNoCredential is returned by a CredentialProvider that has no credential for a scheme.
var ErrNoCredential = errors.New("no credential for the security scheme")

// CredentialProvider gives the credential of a security scheme (by its name in the document). Providers never
// read the environment or files by themselves: the application hands them what it loaded.
type CredentialProvider interface {
	Credential(ctx context.Context, scheme string) (Credential, error)
}

// CredentialProviderFunc is a function used as a CredentialProvider.
type CredentialProviderFunc func(ctx context.Context, scheme string) (Credential, error)

// Credential calls f.
func (f CredentialProviderFunc) Credential(ctx context.Context, scheme string) (Credential, error) {
	return f(ctx, scheme)
}

// StaticCredentials is a fixed credential per scheme name.
type StaticCredentials map[string]Credential

// Credential returns the scheme's credential, or ErrNoCredential.
func (s StaticCredentials) Credential(ctx context.Context, scheme string) (Credential, error) {
	c, ok := s[scheme]
	if !ok {
		return Credential{}, ErrNoCredential
	}
	return c, nil
}

// RotatingCredentials holds a credential per scheme that can be replaced while requests are sent (Set), and
// obtains missing or expired ones with Refresh when it is set. Safe for concurrent use.
type RotatingCredentials struct {
	// Refresh obtains a new credential for a scheme (nil: only Set gives credentials).
	Refresh func(ctx context.Context, scheme string) (Credential, error)
	// ExpirySkew is how long before its expiry a credential counts as expired.
	ExpirySkew time.Duration
	// Now is the clock (time.Now when nil).
	Now func() time.Time

	mu    sync.Mutex
	creds map[string]Credential
}

// Set replaces the credential of a scheme.
func (r *RotatingCredentials) Set(scheme string, c Credential) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.creds == nil {
		r.creds = map[string]Credential{}
	}
	r.creds[scheme] = c
}

// Credential returns the scheme's current credential, refreshed when it is missing or expired.
func (r *RotatingCredentials) Credential(ctx context.Context, scheme string) (Credential, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := time.Now()
	if r.Now != nil {
		now = r.Now()
	}
	c, ok := r.creds[scheme]
	if ok && (c.Expiry.IsZero() || now.Add(r.ExpirySkew).Before(c.Expiry)) {
		return c, nil
	}
	if r.Refresh == nil {
		return Credential{}, ErrNoCredential
	}
	c, err := r.Refresh(ctx, scheme)
	if err != nil {
		return Credential{}, err
	}
	if r.creds == nil {
		r.creds = map[string]Credential{}
	}
	r.creds[scheme] = c
	return c, nil
}

type credScheme struct {
	scheme string // its name
	kind   string // apiKey, basic, bearer
	in     string // header, query, cookie (apiKey)
	name   string // the parameter of an apiKey
}

type credRoute struct {
	order   int
	method  string
	pattern string
	re      *regexp.Regexp
	reqs    []map[string][]string
}

var (
	credRoutes    []credRoute
	credRoutesMu  sync.Once
	credRoutesAll []credRoute
)

// credRequirements are the security requirements of the operation a request is for (matched by method and
// the end of its path), and whether one was found.
func credRequirements(req *http.Request) ([]map[string][]string, bool) {
	credRoutesMu.Do(func() {
		credRoutesAll = append([]credRoute(nil), credRoutes...)
		sort.SliceStable(credRoutesAll, func(i, j int) bool { return credRoutesAll[i].order < credRoutesAll[j].order })
		for i := range credRoutesAll {
			credRoutesAll[i].re = regexp.MustCompile(credRoutesAll[i].pattern)
		}
	})
	path := req.URL.EscapedPath()
	for _, rt := range credRoutesAll {
		if rt.method == req.Method && rt.re.MatchString(path) {
			return rt.reqs, true
		}
	}
	return nil, false
}

// WithCredentials returns a request editor (a RequestEditorFn of the client) that authenticates each request
// with credentials from p. With scheme names, it applies those schemes. Without, it applies the security
// requirements of the operation the request is for: the first alternative whose every scheme p has a
// credential for (none for an operation whose security is optional or empty); for a request that matches no
// operation, every scheme p has a credential for.
func WithCredentials(p CredentialProvider, schemes ...string) func(ctx context.Context, req *http.Request) error {
	return func(ctx context.Context, req *http.Request) error {
		if len(schemes) > 0 {
			for _, s := range schemes {
				c, err := p.Credential(ctx, s)
				if err != nil {
					return err
				}
				if err := applyCredential(req, s, c); err != nil {
					return err
				}
			}
			return nil
		}
		reqs, ok := credRequirements(req)
		if !ok {
			for _, cs := range credSchemes {
				s := cs.scheme
				c, err := p.Credential(ctx, s)
				if errors.Is(err, ErrNoCredential) {
					continue
				}
				if err != nil {
					return err
				}
				if err := applyCredential(req, s, c); err != nil {
					return err
				}
			}
			return nil
		}
		if len(reqs) == 0 {
			return nil
		}
		var lastErr error
		for _, r := range reqs {
			if len(r) == 0 {
				return nil
			}
			found := map[string]Credential{}
			for s := range r {
				c, err := p.Credential(ctx, s)
				if err != nil {
					lastErr = err
					break
				}
				found[s] = c
			}
			if len(found) < len(r) {
				continue
			}
			names := make([]string, 0, len(found))
			for s := range found {
				names = append(names, s)
			}
			sort.Strings(names)
			for _, s := range names {
				if err := applyCredential(req, s, found[s]); err != nil {
					return err
				}
			}
			return nil
		}
		if lastErr == nil || errors.Is(lastErr, ErrNoCredential) {
			return ErrNoCredential
		}
		return lastErr
	}
}

// applyCredential adds a scheme's credential to a request the way the scheme says.
func applyCredential(req *http.Request, scheme string, c Credential) error {
	var s credScheme
	found := false
	for _, cs := range credSchemes {
		if cs.scheme == scheme {
			s, found = cs, true
		}
	}
	if !found {
		return fmt.Errorf("no way to send the security scheme %q", scheme)
	}
	switch s.kind {
	case "apiKey":
		switch s.in {
		case "query":
			q := req.URL.Query()
			q.Set(s.name, c.APIKey)
			req.URL.RawQuery = q.Encode()
		case "cookie":
			req.AddCookie(&http.Cookie{Name: s.name, Value: c.APIKey})
		default:
			req.Header.Set(s.name, c.APIKey)
		}
	case "basic":
		req.SetBasicAuth(c.Username, c.Password)
	default:
		req.Header.Set("Authorization", "Bearer "+strings.TrimSpace(c.Token))
	}
	return nil
}
