/**
 * The Go code the generated files carry (the standard library only, chi for the chi router), kept as real Go in
 * `runtime/*.go`: one package that gofmt, go vet and go test check on its own (`scripts/check_go_runtime.ts`;
 * `stubs_test.go` stands in for the names the generator declares around it). Each file is loaded as text; its
 * import list is read from its own import block and its exported names from its declarations, so nothing is
 * written twice. The generator copies the declarations after the import block.
 *
 * @module
 */
import { declaredNames, type NameRegistry } from "./naming.ts";
import clientGo from "./runtime/client.go" with { type: "text" };
import clientValidateGo from "./runtime/client_validate.go" with { type: "text" };
import serverGo from "./runtime/server.go" with { type: "text" };
import serverHandlerGo from "./runtime/server_handler.go" with { type: "text" };
import sharedGo from "./runtime/shared.go" with { type: "text" };
import nullableGo from "./runtime/nullable.go" with { type: "text" };
import responsesGo from "./runtime/responses.go" with { type: "text" };
import binderGo from "./runtime/binder.go" with { type: "text" };
import routerCommonGo from "./runtime/router_common.go" with { type: "text" };
import routerStdlibGo from "./runtime/router_stdlib.go" with { type: "text" };
import routerChiGo from "./runtime/router_chi.go" with { type: "text" };
import middlewareGo from "./runtime/middleware.go" with { type: "text" };
import validationGo from "./runtime/validation.go" with { type: "text" };
import oauth2Go from "./runtime/oauth2.go" with { type: "text" };
import credentialsGo from "./runtime/credentials.go" with { type: "text" };
import enforceGo from "./runtime/enforce.go" with { type: "text" };
import oidcGo from "./runtime/oidc.go" with { type: "text" };

/** A file of the Go runtime: its declarations, its imports and the exported names it declares. */
export interface GoRuntime {
  /** The declarations (the text after the import block, without the final line break). */
  code: string;
  /** Import paths, as the file's import block lists them. */
  imports: readonly string[];
  /** Exported identifiers it declares at package level (taken from the package-wide name registry). */
  names: readonly string[];
}

/**
 * Reads a runtime file: optional build constraint, `package runtime`, one parenthesised import block, then the
 * declarations. Throws when the file is not in that layout (a build error of the generator, never of a document).
 */
export function parseGoRuntime(file: string, text: string): GoRuntime {
  const m = /^(?:\/\/go:build [^\n]+\n\n)?package runtime\n\nimport \(\n((?:\t"[^"\n]+"\n)*)\)\n\n/.exec(
    text,
  );
  if (m === null || !text.endsWith("\n")) {
    throw new Error(`runtime/${file} is not "package runtime" with one import block; format it with gofmt.`);
  }
  const imports = [...m[1].matchAll(/"([^"\n]+)"/g)].map((i) => i[1]);
  const code = text.slice(m[0].length, -1);
  return { code, imports, names: declaredNames(code).filter((n) => /^\p{Lu}/u.test(n)) };
}

/**
 * Takes the exported names of `runtimes` from the package-wide registry, in file and declaration order: the
 * names that came back with a suffix (a schema took them first), mapped from the declared name to the given one.
 */
export function takeRuntimeNames(
  registry: NameRegistry,
  runtimes: readonly GoRuntime[],
): Map<string, string> {
  const renames = new Map<string, string>();
  for (const rt of runtimes) {
    for (const name of rt.names) {
      const taken = registry.take(name);
      if (taken !== name) renames.set(name, taken);
    }
  }
  return renames;
}

/**
 * `code` with every identifier that is a renamed runtime name replaced by the name the registry gave (in
 * comments and strings too, so the documentation names the declared type).
 */
export function renameRuntime(code: string, renames: ReadonlyMap<string, string>): string {
  if (renames.size === 0) return code;
  return code.replace(/[\p{L}_][\p{L}\p{Nd}_]*/gu, (id) => renames.get(id) ?? id);
}

/** The fixed part of client.go: RequestEditorFn, HTTPDoer, Client and its options, and the helpers. */
export const CLIENT_HELPERS: GoRuntime = parseGoRuntime("client.go", clientGo);
/**
 * The response validation of client_validate.go (`--client-validate-responses`): ResponseError, the bounded read
 * of the response body, and the matching of status, content type and body (with {@link VALIDATION_RUNTIME}).
 */
export const CLIENT_VALIDATE_RUNTIME: GoRuntime = parseGoRuntime("client_validate.go", clientValidateGo);
/** Helpers of server.go. */
export const SERVER_HELPERS: GoRuntime = parseGoRuntime("server.go", serverGo);
/** The handler of server.go: HandlerOptions, its routes and ServeHTTP (NewHandler is generated after it). */
export const SERVER_HANDLER: GoRuntime = parseGoRuntime("server_handler.go", serverHandlerGo);
/** Helpers of types.go used by unions and by form encoding. */
export const SHARED_HELPERS: GoRuntime = parseGoRuntime("shared.go", sharedGo);
/**
 * `Nullable[T]` of types.go, declared when a field is optional and nullable: a map holding the value under `true`,
 * null under `false`, nothing when absent (so `omitempty` leaves it out), with JSON methods and accessors.
 */
export const NULLABLE_HELPERS: GoRuntime = parseGoRuntime("nullable.go", nullableGo);
/** Helpers of server_responses.go. */
export const RESPONSE_HELPERS: GoRuntime = parseGoRuntime("responses.go", responsesGo);
/** Helpers of server_binder.go: BindError, the readers of each parameter location and style, the decoders. */
export const BINDER_HELPERS: GoRuntime = parseGoRuntime("binder.go", binderGo);
/** What both routers declare: RouterOptions, PathParam, RawPathParams, RouteOperation and the helpers. */
export const ROUTER_COMMON: GoRuntime = parseGoRuntime("router_common.go", routerCommonGo);
/** The standard library's router (a segment tree). */
export const ROUTER_STDLIB: GoRuntime = parseGoRuntime("router_stdlib.go", routerStdlibGo);
/** The chi router. */
export const ROUTER_CHI: GoRuntime = parseGoRuntime("router_chi.go", routerChiGo);
/** The request side of server_middleware.go: options, problem body, middleware, parameter and body reading. */
export const MIDDLEWARE_RUNTIME: GoRuntime = parseGoRuntime("middleware.go", middlewareGo);
/**
 * What the compiled validators call (ValidationFailure, the failure list, the value helpers): shared by
 * server_middleware.go and the client's response validation.
 */
export const VALIDATION_RUNTIME: GoRuntime = parseGoRuntime("validation.go", validationGo);
/** Shared part of the {scheme}_oauth2.go files (in the first one). */
export const OAUTH2_RUNTIME: GoRuntime = parseGoRuntime("oauth2.go", oauth2Go);
/** The credential providers of credentials.go. */
export const CREDENTIALS_RUNTIME: GoRuntime = parseGoRuntime("credentials.go", credentialsGo);
/** The security enforcement middleware of security_enforce.go. */
export const ENFORCE_RUNTIME: GoRuntime = parseGoRuntime("enforce.go", enforceGo);
/** The OpenID Connect discovery client of oidc_discovery.go. */
export const OIDC_RUNTIME: GoRuntime = parseGoRuntime("oidc.go", oidcGo);
