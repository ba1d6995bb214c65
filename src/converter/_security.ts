/**
 * Security schemes between 2.0 and 3.x: `basic` ↔ `http`/`basic`, OAuth2 `flow` ↔ `flows` (implicit, password,
 * application ↔ clientCredentials, accessCode ↔ authorizationCode); what 2.0 cannot express is reported.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { rebuild, reportExtensions, type Segments, type Step } from "./_context.ts";

const FLOWS_2_TO_3: Readonly<Record<string, string>> = {
  implicit: "implicit",
  password: "password",
  application: "clientCredentials",
  accessCode: "authorizationCode",
};
const FLOWS_3_TO_2: Readonly<Record<string, string>> = {
  implicit: "implicit",
  password: "password",
  clientCredentials: "application",
  authorizationCode: "accessCode",
};

/** A 2.0 Security Scheme as 3.x (a new object; fields keep their order). */
export function securityScheme2to3(s: Record<string, unknown>): Record<string, unknown> {
  const out = { ...s };
  if (s.type === "basic") {
    rebuild(out, (k, v) => k === "type" ? [[k, "http"], ["scheme", "basic"]] : [[k, v]]);
  } else if (s.type === "oauth2") {
    const flowName = FLOWS_2_TO_3[String(s.flow)] ?? String(s.flow);
    const flow: Record<string, unknown> = {};
    if (s.authorizationUrl !== undefined && flowName !== "password" && flowName !== "clientCredentials") {
      flow.authorizationUrl = s.authorizationUrl;
    }
    if (s.tokenUrl !== undefined && flowName !== "implicit") flow.tokenUrl = s.tokenUrl;
    flow.scopes = isObject(s.scopes) ? s.scopes : {};
    let placed = false;
    rebuild(out, (k) => {
      if (k === "flow" || k === "authorizationUrl" || k === "tokenUrl" || k === "scopes") {
        if (placed) return [];
        placed = true;
        return [["flows", { [flowName]: flow }]];
      }
      return undefined;
    });
    if (!placed) out.flows = { [flowName]: flow };
  }
  return out;
}

/**
 * A 3.x Security Scheme as 2.0, or undefined when 2.0 cannot express it (the issue is added: the scheme and
 * every requirement naming it are left out).
 */
export function securityScheme3to2(
  step: Step,
  s: Record<string, unknown>,
  at: Segments,
): Record<string, unknown> | undefined {
  const out = { ...s };
  const drop = (why: string) => {
    step.add(
      "critical",
      at,
      `${why}; the scheme and the requirements naming it are left out.`,
      "convert-security-scheme",
    );
    return undefined;
  };
  switch (s.type) {
    case "apiKey":
      return s.in === "cookie" ? drop("OpenAPI 2.0 API keys go in a header or the query, not a cookie") : out;
    case "http": {
      const scheme = String(s.scheme ?? "").toLowerCase();
      if (scheme === "basic") {
        rebuild(out, (k, v) => k === "scheme" ? [] : k === "type" ? [[k, "basic"]] : [[k, v]]);
        return out;
      }
      if (scheme === "bearer") {
        step.add(
          "warning",
          at,
          "OpenAPI 2.0 has no bearer scheme; it becomes an API key in the Authorization header.",
          "convert-security-bearer",
          'clients must send "Bearer <token>" as the header value.',
        );
        rebuild(
          out,
          (k, v) =>
            k === "scheme" || k === "bearerFormat"
              ? []
              : k === "type"
              ? [[k, "apiKey"], ["name", "Authorization"], ["in", "header"]]
              : [[k, v]],
        );
        return out;
      }
      return drop(`OpenAPI 2.0 has no HTTP "${scheme}" authentication`);
    }
    case "oauth2": {
      const flows = isObject(s.flows) ? s.flows : {};
      const names = Object.keys(flows).filter((n) => !n.startsWith("x-") && isObject(flows[n]));
      const first = names.find((n) => Object.hasOwn(FLOWS_3_TO_2, n));
      if (first === undefined) return drop("the OAuth2 scheme has no flow OpenAPI 2.0 knows");
      for (const other of names) {
        if (other === first) continue;
        step.add(
          "warning",
          [...at, "flows", other],
          `OpenAPI 2.0 schemes have one flow; the "${first}" flow is kept and "${other}" left out.`,
          "convert-oauth-flows",
          "declare one scheme per flow to keep them all.",
        );
      }
      const flow = flows[first] as Record<string, unknown>;
      reportExtensions(step, flows, [...at, "flows"], "OAuth flows object");
      reportExtensions(step, flow, [...at, "flows", first], "OAuth flow");
      if (flow.refreshUrl !== undefined) {
        step.add(
          "warning",
          [...at, "flows", first, "refreshUrl"],
          "OpenAPI 2.0 flows have no refreshUrl; it is left out.",
          "convert-oauth-flows",
        );
      }
      rebuild(out, (k) => {
        if (k !== "flows") return undefined;
        const entries: [string, unknown][] = [["flow", FLOWS_3_TO_2[first]]];
        if (flow.authorizationUrl !== undefined) entries.push(["authorizationUrl", flow.authorizationUrl]);
        if (flow.tokenUrl !== undefined) entries.push(["tokenUrl", flow.tokenUrl]);
        // Requirements may name the scopes of any flow: the kept flow declares them all.
        const scopes: Record<string, unknown> = {};
        for (const n of [first, ...names]) {
          const f = flows[n] as Record<string, unknown>;
          if (isObject(f.scopes)) {
            for (const [scope, d] of Object.entries(f.scopes)) if (!(scope in scopes)) scopes[scope] = d;
          }
        }
        entries.push(["scopes", scopes]);
        return entries;
      });
      return out;
    }
    case "openIdConnect":
      return drop("OpenAPI 2.0 has no OpenID Connect schemes");
    case "mutualTLS":
      return drop("OpenAPI 2.0 has no mutual TLS schemes");
  }
  return out;
}

/**
 * Security requirements without the schemes left out: a requirement naming one loses that name, and one left
 * empty by it is dropped (an empty requirement would allow anonymous access). Returns the list (unchanged when
 * nothing was removed).
 */
export function dropSchemes(requirements: unknown, removed: ReadonlySet<string>): unknown {
  if (removed.size === 0 || !Array.isArray(requirements)) return requirements;
  const out: unknown[] = [];
  for (const req of requirements) {
    if (!isObject(req)) {
      out.push(req);
      continue;
    }
    const keys = Object.keys(req);
    const kept = keys.filter((k) => !removed.has(k));
    if (kept.length === keys.length) out.push(req);
    else if (kept.length > 0) out.push(Object.fromEntries(kept.map((k) => [k, req[k]])));
  }
  return out;
}
