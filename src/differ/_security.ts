/**
 * Security: requirement lists (alternatives of schemes with scopes; `{}` is anonymous access) and the security
 * schemes themselves (type, API key place, HTTP scheme, OAuth flows, URLs and scopes; 2.0's single flow mapped
 * to its 3.x name).
 *
 * @module
 */
import { isObject, type Obj } from "../core/json.ts";
import { type Collector, type Pair, type Place, q, under } from "./_context.ts";
import { compareExtensions } from "./_extensions.ts";
import type { CheckId } from "./checks.ts";

/** A security requirement list as `key → scopes per scheme`; `key` is the sorted scheme names (`""`: anonymous). */
function requirements(list: unknown): Map<string, Obj> | undefined {
  if (!Array.isArray(list)) return undefined;
  const out = new Map<string, Obj>();
  for (const r of list) {
    if (!isObject(r)) continue;
    out.set(Object.keys(r).sort().join(" + "), r);
  }
  return out;
}

/** Compares two (effective) security requirement lists. */
export function compareSecurity(c: Collector, pair: Pair): void {
  const { s: sv, sAt, t: tv, tAt, endpoint } = pair;
  const a = requirements(sv) ?? new Map<string, Obj>();
  const b = requirements(tv) ?? new Map<string, Obj>();
  const where = endpoint ?? "the API";
  if (a.size === 0 && b.size === 0) return;
  if (a.size === 0 && !b.has("")) {
    c.emit("security-added", "added", tAt, "target", `${where} now requires authentication.`, { endpoint });
    return;
  }
  if (b.size === 0) {
    if (!a.has("")) {
      c.emit("security-removed", "removed", sAt, "source", `${where} no longer requires authentication.`, {
        endpoint,
      });
    }
    return;
  }
  const label = (k: string) => (k === "" ? "anonymous access" : q(k));
  for (const [k, r] of b) {
    const old = a.get(k);
    if (old === undefined) {
      c.emit(
        "security-alternative-added",
        "added",
        tAt,
        "target",
        `${where} accepts the new security requirement ${label(k)}.`,
        { endpoint },
      );
      continue;
    }
    for (const scheme of Object.keys(r)) {
      const was = new Set(Array.isArray(old[scheme]) ? (old[scheme] as unknown[]).map(String) : []);
      const now = new Set(Array.isArray(r[scheme]) ? (r[scheme] as unknown[]).map(String) : []);
      for (const scope of now) {
        if (!was.has(scope)) {
          c.emit(
            "security-scope-added",
            "added",
            tAt,
            "target",
            `${where} requires the new scope ${q(scope)} of ${q(scheme)}.`,
            { endpoint, new: scope },
          );
        }
      }
      for (const scope of was) {
        if (!now.has(scope)) {
          c.emit(
            "security-scope-removed",
            "removed",
            sAt,
            "source",
            `${where} no longer requires the scope ${q(scope)} of ${q(scheme)}.`,
            { endpoint, old: scope },
          );
        }
      }
    }
  }
  for (const k of a.keys()) {
    if (!b.has(k)) {
      c.emit(
        "security-alternative-removed",
        "removed",
        sAt,
        "source",
        `${where} no longer accepts the security requirement ${label(k)}.`,
        { endpoint },
      );
    }
  }
}

function schemesOf(c: Collector, side: "source" | "target"): [Obj, Place] {
  const d = side === "source" ? c.source : c.target;
  const segments = d.version === "2.0" ? ["securityDefinitions"] : ["components", "securitySchemes"];
  let v: unknown = d.document;
  for (const s of segments) v = isObject(v) ? v[s] : undefined;
  return [isObject(v) ? v : {}, { file: d.index.rootKey, segments }];
}

const FLOWS_2: Readonly<Record<string, string>> = {
  implicit: "implicit",
  password: "password",
  application: "clientCredentials",
  accessCode: "authorizationCode",
};

/** OAuth flows of a scheme by 3.x flow name (2.0's single flow mapped). */
function flowsOf(s: Obj): Record<string, Obj> {
  if (isObject(s.flows)) {
    const out: Record<string, Obj> = {};
    for (const k of Object.keys(s.flows)) if (isObject(s.flows[k])) out[k] = s.flows[k] as Obj;
    return out;
  }
  if (typeof s.flow === "string") return { [FLOWS_2[s.flow] ?? s.flow]: s };
  return {};
}

/** Compares the security schemes, and the document-wide security requirements. */
export function compareSecuritySchemes(c: Collector): void {
  const [sm, sAt] = schemesOf(c, "source");
  const [tm, tAt] = schemesOf(c, "target");
  for (const name of Object.keys(tm)) {
    const at = under(tAt, name);
    if (!Object.hasOwn(sm, name)) {
      c.emit("security-scheme-added", "added", at, "target", `the security scheme ${q(name)} was added.`);
      continue;
    }
    const a = c.source.resolve(sm[name], under(sAt, name));
    const b = c.target.resolve(tm[name], at);
    const s = isObject(a.value) ? a.value : {};
    const t = isObject(b.value) ? b.value : {};
    const emit = (id: CheckId, message: string, old?: unknown, now?: unknown) =>
      c.emit(id, "modified", b.at, "target", `the security scheme ${q(name)}: ${message}.`, {
        old,
        new: now,
      });
    const type = (o: Obj) => (o.type === "basic" ? "http" : o.type);
    if (type(s) !== type(t)) {
      emit("security-scheme-type-changed", `type changed from ${q(s.type)} to ${q(t.type)}`, s.type, t.type);
      continue;
    }
    if (s.name !== t.name || s.in !== t.in) {
      emit("security-scheme-api-key-changed", `the API key is now ${q(t.name)} in ${q(t.in)}`);
    }
    const scheme = (o: Obj) => (o.type === "basic" ? "basic" : String(o.scheme ?? "").toLowerCase());
    if (type(t) === "http" && scheme(s) !== scheme(t)) {
      emit("security-scheme-http-scheme-changed", `the HTTP scheme changed to ${q(scheme(t))}`);
    }
    if (s.bearerFormat !== t.bearerFormat) {
      emit("security-scheme-bearer-format-changed", `the bearer format changed`);
    }
    if (s.openIdConnectUrl !== t.openIdConnectUrl) {
      emit("security-scheme-url-changed", `the OpenID Connect URL changed`);
    }
    if (s.description !== t.description) {
      emit("security-scheme-description-changed", "the description changed");
    }
    const fa = flowsOf(s);
    const fb = flowsOf(t);
    for (const flow of Object.keys(fb)) {
      const x = fa[flow];
      const y = fb[flow];
      if (x === undefined) {
        emit("security-scheme-oauth-flow-added", `has the new OAuth flow ${q(flow)}`);
        continue;
      }
      for (const u of ["authorizationUrl", "tokenUrl", "refreshUrl", "deviceAuthorizationUrl"]) {
        if (x[u] !== y[u]) {
          emit("security-scheme-url-changed", `the ${u} of the flow ${q(flow)} changed`, x[u], y[u]);
        }
      }
      const xs = isObject(x.scopes) ? x.scopes : {};
      const ys = isObject(y.scopes) ? y.scopes : {};
      for (const scope of Object.keys(ys)) {
        if (!Object.hasOwn(xs, scope)) {
          emit("security-scheme-oauth-scope-added", `the flow ${q(flow)} offers the new scope ${q(scope)}`);
        }
      }
      for (const scope of Object.keys(xs)) {
        if (!Object.hasOwn(ys, scope)) {
          emit(
            "security-scheme-oauth-scope-removed",
            `the flow ${q(flow)} no longer offers the scope ${q(scope)}`,
          );
        }
      }
    }
    for (const flow of Object.keys(fa)) {
      if (!Object.hasOwn(fb, flow)) {
        emit("security-scheme-oauth-flow-removed", `lost the OAuth flow ${q(flow)}`);
      }
    }
    compareExtensions(c, { s: s, sAt: a.at, t: t, tAt: b.at });
  }
  for (const name of Object.keys(sm)) {
    if (!Object.hasOwn(tm, name)) {
      c.emit(
        "security-scheme-removed",
        "removed",
        under(sAt, name),
        "source",
        `the security scheme ${q(name)} was removed.`,
      );
    }
  }
  const sd = c.source.document;
  const td = c.target.document;
  compareSecurity(c, {
    s: sd.security,
    sAt: under(c.source.root, "security"),
    t: td.security,
    tAt: under(c.target.root, "security"),
  });
}
