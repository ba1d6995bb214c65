/**
 * The `{scheme}_oauth2.go` emitter (`--oauth2-flows`): per OAuth2 security scheme, its scopes and one
 * constructor per flow returning an `OAuth2Config` prefilled with the document's URLs and scopes; the first
 * file also carries the flows themselves (client credentials, password, authorization code with PKCE,
 * implicit URL, refresh, a caching token source and its request editor), with the standard library only.
 *
 * @module
 */
import { maxOf } from "../core/bounded_text.ts";
import { isObject } from "../core/json.ts";
import { CELL, goString } from "./go_writer.ts";
import { goName } from "./naming.ts";
import { safeGroup } from "./split.ts";
import type { GeneratedFile } from "./split.ts";
import type { EmitContext } from "./context.ts";
import { goFile, type Unit, unit } from "./unit.ts";
import { runtimeUnit, type SchemeEntry, securitySchemes } from "./_security_extras.ts";
import { OAUTH2_RUNTIME } from "./go_runtime.ts";

/** One flow of an OAuth2 scheme. */
export interface OAuth2Flow {
  /** The OpenAPI 3 name of the flow (`clientCredentials`, `authorizationCode`, `password`, `implicit`). */
  kind: "clientCredentials" | "authorizationCode" | "password" | "implicit";
  /** authorizationUrl. */
  authorizationUrl: string;
  /** tokenUrl. */
  tokenUrl: string;
  /** refreshUrl. */
  refreshUrl: string;
  /** Scope names in document order. */
  scopes: string[];
  /** Where the flow is. */
  at: (string | number)[];
}

const FLOW_NAMES: Record<OAuth2Flow["kind"], string> = {
  clientCredentials: "ClientCredentials",
  authorizationCode: "AuthorizationCode",
  password: "Password",
  implicit: "Implicit",
};

/** OpenAPI 2.0's `flow` values by their OpenAPI 3 names. */
const FLOWS_20: Record<string, OAuth2Flow["kind"]> = {
  application: "clientCredentials",
  accessCode: "authorizationCode",
  password: "password",
  implicit: "implicit",
};

const str = (v: unknown): string => typeof v === "string" ? v : "";
const scopeNames = (v: unknown): string[] => isObject(v) ? Object.keys(v) : [];

/** The flows of an OAuth2 scheme (2.0's single `flow` or 3.x's `flows`), in document order. */
export function oauth2Flows(ctx: EmitContext, s: SchemeEntry): OAuth2Flow[] {
  const out: OAuth2Flow[] = [];
  const sc = s.scheme;
  if (typeof sc.flow === "string") {
    const kind = FLOWS_20[sc.flow];
    if (kind === undefined) {
      ctx.model.issue(
        "warning",
        [...s.segments, "flow"],
        `OAuth2 flow "${sc.flow}" of scheme "${s.name}" is not one of application, accessCode, password, implicit; no config is generated for it.`,
        "generate-oauth2",
      );
      return out;
    }
    out.push({
      kind,
      authorizationUrl: str(sc.authorizationUrl),
      tokenUrl: str(sc.tokenUrl),
      refreshUrl: "",
      scopes: scopeNames(sc.scopes),
      at: [...s.segments],
    });
    return out;
  }
  if (!isObject(sc.flows)) return out;
  for (const [name, flow] of Object.entries(sc.flows)) {
    if (!isObject(flow)) continue;
    const at = [...s.segments, "flows", name];
    if (name in FLOW_NAMES) {
      out.push({
        kind: name as OAuth2Flow["kind"],
        authorizationUrl: str(flow.authorizationUrl),
        tokenUrl: str(flow.tokenUrl),
        refreshUrl: str(flow.refreshUrl),
        scopes: scopeNames(flow.scopes),
        at,
      });
    } else {
      ctx.model.issue(
        "info",
        at,
        name === "deviceAuthorization"
          ? `the device authorization flow of scheme "${s.name}" has no generated helper (only client ` +
            "credentials, authorization code, password and implicit); its scopes are listed."
          : `OAuth2 flow "${name}" of scheme "${s.name}" is not known; no config is generated for it.`,
        "generate-oauth2",
      );
    }
  }
  return out;
}

const OTHER_BASES = ["types", "client", "server", "credentials", "security_enforce", "security_helpers"];

/** The `{scheme}_oauth2.go` files; an info issue and no file when the document has no OAuth2 scheme. */
export function emitOAuth2Files(ctx: EmitContext, taken: ReadonlySet<string>): GeneratedFile[] {
  const schemes = securitySchemes(ctx.index).filter((s) => s.type === "oauth2");
  if (schemes.length === 0) {
    ctx.model.issue(
      "info",
      [],
      "--oauth2-flows: the document has no OAuth2 security scheme, so no {scheme}_oauth2.go file is generated.",
      "generate-oauth2",
    );
    return [];
  }
  const files: GeneratedFile[] = [];
  const used = new Set(taken);
  const shared = runtimeUnit(OAUTH2_RUNTIME, ctx.model, "{scheme}_oauth2.go");
  for (const s of schemes) {
    const units: Unit[] = files.length === 0 ? [shared.unit] : [];
    units.push(schemeUnit(ctx, s, shared.name("OAuth2Config")));
    let stem = safeGroup(s.name);
    // Never the name of a split part of another kind of file (client_oauth2.go when a tag is "oauth2").
    if (OTHER_BASES.some((b) => stem === b || stem.startsWith(b + "_"))) stem += "_scheme";
    let name = `${stem}_oauth2.go`;
    for (let n = 2; used.has(name); n++) name = `${stem}_${n}_oauth2.go`;
    used.add(name);
    files.push({ name, content: goFile(ctx.packageName, units) });
  }
  return files;
}

/** The scopes and the flow constructors of one scheme. */
function schemeUnit(ctx: EmitContext, s: SchemeEntry, cfg: string): Unit {
  const u = unit("", 0);
  const w = u.w;
  const base = goName(s.name, "OAuth2");
  const label = goString(s.name);
  const flows = oauth2Flows(ctx, s);
  const scopes: string[] = [];
  const seen = new Set<string>();
  const sc = s.scheme;
  const allScopes = typeof sc.flow === "string"
    ? [sc.scopes]
    : isObject(sc.flows)
    ? Object.values(sc.flows).map((f) => isObject(f) ? f.scopes : undefined)
    : [];
  const descriptions = new Map<string, string>();
  for (const list of allScopes) {
    if (!isObject(list)) continue;
    for (const [k, v] of Object.entries(list)) {
      if (seen.has(k)) continue;
      seen.add(k);
      scopes.push(k);
      descriptions.set(k, str(v));
    }
  }
  const scopesName = ctx.model.names.take(`${base}OAuth2Scopes`);
  w.comment([`${scopesName} are the scopes of the OAuth2 scheme ${label}, with their descriptions.`]);
  if (scopes.length === 0) w.line(`var ${scopesName} = map[string]string{}`);
  else {
    w.open(`var ${scopesName} = map[string]string{`);
    w.lines(alignedPairs(scopes.map((k) => [goString(k), goString(descriptions.get(k) ?? "")])));
    w.close();
  }
  if (flows.length === 0) {
    ctx.model.issue(
      "info",
      [...s.segments],
      `OAuth2 scheme "${s.name}" has no flow the generated code supports; only its scopes are generated.`,
      "generate-oauth2",
    );
  }
  for (const flow of flows) {
    const fn = ctx.model.names.take(`${base}OAuth2${FLOW_NAMES[flow.kind]}`);
    w.line();
    const implicit = flow.kind === "implicit";
    w.comment([
      `${fn} returns the ${flow.kind} flow of the OAuth2 scheme ${label}.`,
      "The config has the document's URLs and every scope of the flow (set Scopes to ask for fewer).",
    ]);
    w.open(`func ${fn}(clientID${implicit ? "" : ", clientSecret"} string) *${cfg} {`);
    w.open(`return &${cfg}{`);
    w.line(`ClientID:${CELL}clientID,`);
    if (!implicit) w.line(`ClientSecret:${CELL}clientSecret,`);
    if (flow.kind === "authorizationCode" || flow.kind === "implicit") {
      w.line(`AuthorizationURL:${CELL}${goString(flow.authorizationUrl)},`);
    }
    if (flow.kind !== "implicit") w.line(`TokenURL:${CELL}${goString(flow.tokenUrl)},`);
    if (flow.refreshUrl !== "") w.line(`RefreshURL:${CELL}${goString(flow.refreshUrl)},`);
    if (flow.scopes.length > 0) w.line(`Scopes:${CELL}[]string{${flow.scopes.map(goString).join(", ")}},`);
    w.close();
    w.close();
  }
  return u;
}

/**
 * `key: value,` lines of a composite literal laid out as gofmt does: values aligned in a column, except that
 * gofmt starts a new alignment section before a key whose size is far from the others' (go/printer's exprList:
 * both keys over 40 bytes and a ratio to the geometric mean of the previous keys outside [0.4, 2.5]).
 */
export function alignedPairs(pairs: readonly [string, string][]): string[] {
  const sections: [string, string][][] = [];
  let lnsum = 0;
  let count = 0;
  let prevSize = 0;
  for (const [key, value] of pairs) {
    const size = new TextEncoder().encode(key).length;
    let breakBefore = sections.length === 0;
    if (!breakBefore && !(prevSize <= 40 && size <= 40)) {
      const ratio = size / Math.exp(lnsum / count);
      breakBefore = 2.5 * ratio <= 1 || 2.5 <= ratio;
    }
    if (breakBefore) sections.push([]);
    sections[sections.length - 1].push([key, value]);
    lnsum += Math.log(size);
    count++;
    prevSize = size;
  }
  const out: string[] = [];
  for (const section of sections) {
    const width = maxOf(section.map(([k]) => runes(k) + 1));
    for (const [k, v] of section) out.push(`${k}:${" ".repeat(width - runes(k))}${v},`);
  }
  return out;
}

function runes(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
