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
)

// SecurityCredential is what a request presented for one security scheme.
type SecurityCredential struct {
	// Scheme is the scheme's name in the document.
	Scheme string
	// Kind is "apiKey", "basic" or "bearer" (bearer also for oauth2 and openIdConnect schemes).
	Kind string
	// APIKey is the key of an apiKey scheme.
	APIKey string
	// Username is the user of a basic scheme.
	Username string
	// Password is the password of a basic scheme.
	Password string
	// Token is the token of a bearer scheme.
	Token string
}

// Principal is who a validated credential belongs to.
type Principal struct {
	// Scheme is the scheme that authenticated it.
	Scheme string
	// Subject names the principal (a user, a client).
	Subject string
	// Scopes are the scopes (or roles) granted; they are checked against the operation's requirement.
	Scopes []string
	// Data is anything the validator wants handlers to see.
	Data interface{}
}

// SecurityValidator checks a credential: it returns the principal, or an error when the credential is not
// valid (the request is then answered 401).
type SecurityValidator interface {
	ValidateCredential(ctx context.Context, c SecurityCredential) (Principal, error)
}

// SecurityValidators validates credentials with one function per kind of scheme; a nil function rejects its
// kind.
type SecurityValidators struct {
	// APIKey validates the key of an apiKey scheme.
	APIKey func(ctx context.Context, scheme, key string) (Principal, error)
	// Basic validates the username and password of a basic scheme.
	Basic func(ctx context.Context, scheme, username, password string) (Principal, error)
	// Bearer validates the token of a bearer, oauth2 or openIdConnect scheme.
	Bearer func(ctx context.Context, scheme, token string) (Principal, error)
}

// ErrSecurityUnsupported is returned by SecurityValidators for a kind of scheme it has no function for.
var ErrSecurityUnsupported = errors.New("no validator for this kind of security scheme")

// ValidateCredential calls the function of the credential's kind.
func (v SecurityValidators) ValidateCredential(ctx context.Context, c SecurityCredential) (Principal, error) {
	switch {
	case c.Kind == "apiKey" && v.APIKey != nil:
		return v.APIKey(ctx, c.Scheme, c.APIKey)
	case c.Kind == "basic" && v.Basic != nil:
		return v.Basic(ctx, c.Scheme, c.Username, c.Password)
	case c.Kind == "bearer" && v.Bearer != nil:
		return v.Bearer(ctx, c.Scheme, c.Token)
	}
	return Principal{}, ErrSecurityUnsupported
}

// SecurityOptions configures SecurityMiddleware.
type SecurityOptions struct {
	// BaseURL is a path prefix removed before matching operations ("" for none).
	BaseURL string
	// Realm is the realm of the WWW-Authenticate challenges ("api" when empty).
	Realm string
	// OnError writes the 401 and 403 answers (after WWW-Authenticate is set); nil for a plain text body.
	OnError func(w http.ResponseWriter, r *http.Request, status int, err error)
}

// SecurityError says why a request was refused.
type SecurityError struct {
	// Status is 401 (credentials missing or not valid) or 403 (a required scope is missing).
	Status int
	// Reason describes the failure of each alternative requirement.
	Reason string
	// Rejected is true when a credential was presented and the validator refused it.
	Rejected bool
}

// Error describes the error.
func (e *SecurityError) Error() string {
	return e.Reason
}

type secEnfScheme struct {
	scheme string // its name
	kind   string // apiKey, basic, bearer
	in     string // header, query, cookie (apiKey)
	name   string // the parameter of an apiKey
}

// secEnfSchemeOf is the scheme of a name, and whether the middleware can check it.
func secEnfSchemeOf(name string) (secEnfScheme, bool) {
	for _, s := range secEnfSchemes {
		if s.scheme == name {
			return s, true
		}
	}
	return secEnfScheme{}, false
}

type secEnfRoute struct {
	order   int
	method  string
	pattern string
	re      *regexp.Regexp
	reqs    []map[string][]string
}

var (
	secEnfRoutes    []secEnfRoute
	secEnfRoutesMu  sync.Once
	secEnfRoutesAll []secEnfRoute
)

type secEnfContextKey struct{}

// PrincipalsFromContext returns the principals that satisfied the operation's security requirement (one per
// scheme of the requirement; none for a public operation).
func PrincipalsFromContext(ctx context.Context) []Principal {
	p, _ := ctx.Value(secEnfContextKey{}).([]Principal)
	return p
}

// PrincipalFromContext returns the principal of one scheme, if it authenticated the request.
func PrincipalFromContext(ctx context.Context, scheme string) (Principal, bool) {
	for _, p := range PrincipalsFromContext(ctx) {
		if p.Scheme == scheme {
			return p, true
		}
	}
	return Principal{}, false
}

// secEnfRequirements finds the operation of a request by its method (HEAD also as GET) and its path (escaped,
// then decoded: a route matched either way is enforced), and returns its security requirements.
func secEnfRequirements(method string, paths ...string) ([]map[string][]string, bool) {
	secEnfRoutesMu.Do(func() {
		secEnfRoutesAll = append([]secEnfRoute(nil), secEnfRoutes...)
		sort.SliceStable(secEnfRoutesAll, func(i, j int) bool { return secEnfRoutesAll[i].order < secEnfRoutesAll[j].order })
		for i := range secEnfRoutesAll {
			secEnfRoutesAll[i].re = regexp.MustCompile(secEnfRoutesAll[i].pattern)
		}
	})
	methods := []string{method}
	if method == http.MethodHead {
		methods = append(methods, http.MethodGet)
	}
	for _, m := range methods {
		for _, p := range paths {
			for _, rt := range secEnfRoutesAll {
				if rt.method == m && rt.re.MatchString(p) {
					return rt.reqs, true
				}
			}
		}
	}
	return nil, false
}

// secEnfExtract reads the credential of a scheme from a request, and whether it is there.
func secEnfExtract(r *http.Request, name string) (SecurityCredential, bool) {
	s, ok := secEnfSchemeOf(name)
	if !ok {
		return SecurityCredential{}, false
	}
	c := SecurityCredential{Scheme: name, Kind: s.kind}
	switch s.kind {
	case "apiKey":
		switch s.in {
		case "query":
			c.APIKey = r.URL.Query().Get(s.name)
		case "cookie":
			if ck, err := r.Cookie(s.name); err == nil {
				c.APIKey = ck.Value
			}
		default:
			c.APIKey = r.Header.Get(s.name)
		}
		return c, c.APIKey != ""
	case "basic":
		u, p, ok := r.BasicAuth()
		c.Username, c.Password = u, p
		return c, ok
	default:
		auth := r.Header.Get("Authorization")
		if len(auth) < 7 || !strings.EqualFold(auth[:7], "bearer ") {
			return c, false
		}
		c.Token = strings.TrimSpace(auth[7:])
		return c, c.Token != ""
	}
}

// SecurityMiddleware returns middleware that checks each operation's security requirements before next runs:
// one alternative requirement must be met, and within it every scheme (the credential present, accepted by v,
// and granting the required scopes). Missing or rejected credentials are answered 401 with WWW-Authenticate,
// missing scopes 403; requests for no known operation pass. Handlers find the principals with
// PrincipalsFromContext.
func SecurityMiddleware(v SecurityValidator, opts ...SecurityOptions) func(http.Handler) http.Handler {
	var o SecurityOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	if o.Realm == "" {
		o.Realm = "api"
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			escaped := strings.TrimPrefix(r.URL.EscapedPath(), o.BaseURL)
			reqs, ok := secEnfRequirements(r.Method, escaped, strings.TrimPrefix(r.URL.Path, o.BaseURL))
			if !ok || len(reqs) == 0 {
				next.ServeHTTP(w, r)
				return
			}
			principals, err := secEnfCheck(r, v, reqs)
			if err == nil {
				next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), secEnfContextKey{}, principals)))
				return
			}
			var se *SecurityError
			if !errors.As(err, &se) {
				se = &SecurityError{Status: http.StatusUnauthorized, Reason: err.Error()}
			}
			for _, ch := range secEnfChallenges(reqs, o.Realm, se) {
				w.Header().Add("WWW-Authenticate", ch)
			}
			if o.OnError != nil {
				o.OnError(w, r, se.Status, se)
				return
			}
			http.Error(w, se.Reason, se.Status)
		})
	}
}

// secEnfCheck tries the alternatives in order: the principals of the first one met, else a SecurityError (403
// when an alternative failed only by its scopes, else 401).
func secEnfCheck(r *http.Request, v SecurityValidator, reqs []map[string][]string) ([]Principal, error) {
	forbidden, rejected := false, false
	var reasons []string
	for _, req := range reqs {
		if len(req) == 0 {
			return nil, nil
		}
		names := make([]string, 0, len(req))
		for name := range req {
			names = append(names, name)
		}
		sort.Strings(names)
		var principals []Principal
		failed := ""
		scopeOnly := true
		for _, name := range names {
			c, ok := secEnfExtract(r, name)
			if !ok {
				failed, scopeOnly = fmt.Sprintf("%s: credentials missing", name), false
				break
			}
			p, err := v.ValidateCredential(r.Context(), c)
			if err != nil {
				failed, scopeOnly, rejected = fmt.Sprintf("%s: %v", name, err), false, true
				break
			}
			p.Scheme = name
			if missing := secEnfMissingScopes(req[name], p.Scopes); len(missing) > 0 {
				if failed == "" {
					failed = fmt.Sprintf("%s: insufficient_scope (missing %s)", name, strings.Join(missing, " "))
				}
				continue
			}
			principals = append(principals, p)
		}
		if failed == "" {
			return principals, nil
		}
		if scopeOnly {
			forbidden = true
		}
		reasons = append(reasons, failed)
	}
	status := http.StatusUnauthorized
	if forbidden {
		status = http.StatusForbidden
	}
	return nil, &SecurityError{Status: status, Reason: strings.Join(reasons, "; "), Rejected: rejected}
}

// secEnfMissingScopes lists the required scopes not granted.
func secEnfMissingScopes(required, granted []string) []string {
	var missing []string
	for _, s := range required {
		found := false
		for _, g := range granted {
			if g == s {
				found = true
				break
			}
		}
		if !found {
			missing = append(missing, s)
		}
	}
	return missing
}

// secEnfChallenges are the WWW-Authenticate challenges of the schemes of the requirements (once per kind), a
// bearer one with the RFC 6750 error: insufficient_scope for a 403, invalid_token for a refused credential.
func secEnfChallenges(reqs []map[string][]string, realm string, se *SecurityError) []string {
	var out []string
	seen := map[string]bool{}
	for _, req := range reqs {
		names := make([]string, 0, len(req))
		for name := range req {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			s, ok := secEnfSchemeOf(name)
			if !ok {
				continue
			}
			var ch string
			switch s.kind {
			case "basic":
				ch = fmt.Sprintf("Basic realm=%q", realm)
			case "bearer":
				ch = fmt.Sprintf("Bearer realm=%q", realm)
				if se.Status == http.StatusForbidden {
					ch += fmt.Sprintf(", error=\"insufficient_scope\", scope=%q", strings.Join(req[name], " "))
				} else if se.Rejected {
					ch += `, error="invalid_token"`
				}
			default:
				ch = fmt.Sprintf("APIKey realm=%q, in=%q, name=%q", realm, s.in, s.name)
			}
			if !seen[ch] {
				seen[ch] = true
				out = append(out, ch)
			}
		}
	}
	return out
}
