/**
 * The security_helpers.go emitter: one request editor per security scheme of the document — API key in a
 * header, query parameter or cookie; HTTP basic; HTTP bearer (and OAuth2 / OpenID Connect access tokens, sent
 * as bearer tokens).
 *
 * @module
 */
import type { RefIndex } from "../refs/ref_index.ts";
import { goString } from "./go_writer.ts";
import { goName } from "./naming.ts";
import type { TypeModel } from "./type_model.ts";
import { type Unit, unit } from "./unit.ts";
import { securitySchemes } from "./_security_extras.ts";

/** The security helpers unit, or undefined when the document has no scheme a helper can serve. */
export function emitSecurityHelpers(index: RefIndex, model: TypeModel): { unit?: Unit; count: number } {
  const u = unit("", 0);
  const w = u.w;
  // The package-wide registry: a helper never takes a schema's or the runtime's name (WithHTTPClient).
  const names = model.names;
  let count = 0;
  for (const entry of securitySchemes(index)) {
    const { scheme, type } = entry;
    const fn = names.take("With" + goName(entry.name, "Auth"));
    const label = goString(entry.name);
    const httpScheme = typeof scheme.scheme === "string" ? scheme.scheme.toLowerCase() : "";
    const supported = entry.kind !== undefined;
    if (supported && count > 0) w.line();
    if (entry.kind === "apiKey") {
      const where = String(scheme.in ?? "header");
      const key = goString(entry.param);
      w.comment([`${fn} sends an API key for the scheme ${label} in the ${where} ${key}.`]);
      w.open(`func ${fn}(key string) RequestEditorFn {`);
      w.open("return func(ctx context.Context, req *http.Request) error {");
      if (where === "query") {
        w.line("q := req.URL.Query()");
        w.line(`q.Set(${key}, key)`);
        w.line("req.URL.RawQuery = q.Encode()");
      } else if (where === "cookie") {
        w.line(`req.AddCookie(&http.Cookie{Name: ${key}, Value: key})`);
      } else w.line(`req.Header.Set(${key}, key)`);
    } else if (entry.kind === "basic") {
      w.comment([`${fn} sends HTTP basic credentials for the scheme ${label}.`]);
      w.open(`func ${fn}(username, password string) RequestEditorFn {`);
      w.open("return func(ctx context.Context, req *http.Request) error {");
      w.line("req.SetBasicAuth(username, password)");
    } else if (entry.kind === "bearer") {
      w.comment([`${fn} sends a bearer token for the scheme ${label} (${type}).`]);
      w.open(`func ${fn}(token string) RequestEditorFn {`);
      w.open("return func(ctx context.Context, req *http.Request) error {");
      w.line(`req.Header.Set("Authorization", "Bearer "+token)`);
    } else {
      model.issue(
        "info",
        entry.segments,
        `security scheme "${entry.name}" (${type} ${httpScheme}) has no request editor; add one with WithRequestEditorFn.`,
        "generate-security",
      );
      continue;
    }
    w.line("return nil");
    w.close();
    w.close();
    count++;
  }
  if (count === 0) return { count };
  u.imports.add("context");
  u.imports.add("net/http");
  return { unit: u, count };
}
