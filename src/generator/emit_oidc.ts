/**
 * The oidc_discovery.go emitter (`--oidc-discovery`): an OpenID Connect discovery client (typed metadata,
 * issuer check, bounded answer, cache with a TTL or the answer's Cache-Control max-age, safe for concurrent
 * use) and, per openIdConnect security scheme, a constructor for its openIdConnectUrl. Without such a scheme
 * the generic client is generated and an info issue says so.
 *
 * @module
 */
import { goString } from "./go_writer.ts";
import { goName } from "./naming.ts";
import type { EmitContext } from "./context.ts";
import type { GeneratedFile } from "./split.ts";
import { goFile } from "./unit.ts";
import { runtimeUnit, securitySchemes } from "./_security_extras.ts";
import { OIDC_RUNTIME } from "./go_runtime.ts";

const WELL_KNOWN = "/.well-known/openid-configuration";

/** oidc_discovery.go. */
export function emitOIDCFiles(ctx: EmitContext): GeneratedFile[] {
  const schemes = securitySchemes(ctx.index).filter((s) => s.type === "openIdConnect");
  const rt = runtimeUnit(OIDC_RUNTIME, ctx.model, "oidc_discovery.go");
  const w = rt.unit.w;
  if (schemes.length === 0) {
    ctx.model.issue(
      "info",
      [],
      "--oidc-discovery: the document has no openIdConnect security scheme; oidc_discovery.go has the generic client only (NewOIDCDiscovery).",
      "generate-oidc",
    );
  }
  const discovery = rt.name("OIDCDiscovery");
  const constructor = rt.name("NewOIDCDiscovery");
  for (const s of schemes) {
    const url = typeof s.scheme.openIdConnectUrl === "string" ? s.scheme.openIdConnectUrl : "";
    if (url === "") {
      ctx.model.issue(
        "warning",
        s.segments,
        `openIdConnect scheme "${s.name}" has no openIdConnectUrl; no discovery constructor is generated for it.`,
        "generate-oidc",
      );
      continue;
    }
    const fn = ctx.model.names.take(`${goName(s.name, "OIDC")}OIDCDiscovery`);
    const wellKnown = url.endsWith(WELL_KNOWN);
    w.line();
    w.comment([
      `${fn} returns the discovery client of the openIdConnect scheme ${
        goString(s.name)
      }: its openIdConnectUrl`,
      `${goString(url)}${
        wellKnown
          ? ", the issuer being what precedes the well-known suffix."
          : " as given; it has no well-known suffix to take the issuer from, so set Issuer to have it checked."
      }`,
    ]);
    w.open(`func ${fn}(httpClient *http.Client) *${discovery} {`);
    if (wellKnown) w.line(`return ${constructor}(${goString(url)}, httpClient)`);
    else w.line(`return &${discovery}{URL: ${goString(url)}, HTTPClient: httpClient}`);
    w.close();
  }
  return [{ name: "oidc_discovery.go", content: goFile(ctx.packageName, [rt.unit]) }];
}
