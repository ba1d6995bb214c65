/**
 * The document-wide parts: the OpenAPI version, info, tags, external documentation, servers (also 2.0's host,
 * basePath and schemes), security requirements and schemes, and the reusable components themselves (added,
 * removed, renamed, or changed without any operation using them).
 *
 * @module
 */
import { deepEqual, isObject, type Obj } from "../core/json.ts";
import { componentSections } from "../walker/mod.ts";
import { type Collector, type Pair, type Place, q, under } from "./_context.ts";
import { canonical, equivalent, PAIRWISE_BUDGET, same } from "./_same.ts";
import { compareExtensions } from "./_extensions.ts";

/** The places of servers a document has only by default (no `servers`): compared, never reported. */
const implicit = new WeakSet<Place>();

/** A server list as `url → [server, place]` (2.0: built from schemes, host and basePath). */
function serversOf(
  c: Collector,
  side: "source" | "target",
  list: unknown,
  at: Place,
): Map<string, [Obj, Place]> {
  const out = new Map<string, [Obj, Place]>();
  const doc = side === "source" ? c.source : c.target;
  if (doc.version === "2.0" && at.segments.length === 1 && at.segments[0] === "servers") {
    const d = doc.document;
    if (d.host === undefined && d.basePath === undefined) return out;
    const schemes = Array.isArray(d.schemes) && d.schemes.length > 0 ? d.schemes.map(String) : ["https"];
    for (const s of schemes) {
      const url = `${s}://${d.host ?? ""}${d.basePath ?? ""}`;
      out.set(url.replace(/\/+$/, ""), [{ url }, {
        file: at.file,
        segments: [d.host !== undefined ? "host" : "basePath"],
      }]);
    }
    return out;
  }
  // 3.x: no servers (or an empty list) is one server at `/` (the specification's default), never reported itself.
  if (at.segments.length === 1 && (!Array.isArray(list) || list.length === 0)) {
    out.set("", [{ url: "/" }, at]);
    implicit.add(at);
    return out;
  }
  if (!Array.isArray(list)) return out;
  list.forEach((s, i) => {
    if (isObject(s) && typeof s.url === "string") out.set(s.url.replace(/\/+$/, ""), [s, under(at, i)]);
  });
  return out;
}

/** Compares two server lists (document, path item or operation level). */
export function compareServers(c: Collector, pair: Pair): void {
  const { s: sv, sAt, t: tv, tAt, endpoint } = pair;
  if (sv === undefined && tv === undefined && c.source.version !== "2.0") return;
  if (same(sv, tv, c.source.stableRefs) && c.source.version !== "2.0") return;
  const a = serversOf(c, "source", sv, sAt);
  const b = serversOf(c, "target", tv, tAt);
  for (const [url, [t, at]] of b) {
    const old = a.get(url);
    if (old === undefined) {
      if (implicit.has(at)) continue;
      c.emit("server-added", "added", at, "target", `the server ${q(url)} was added.`, {
        endpoint,
        new: url,
      });
      continue;
    }
    const [s, sPlace] = old;
    if (s.description !== t.description) {
      c.emit(
        "server-description-changed",
        "modified",
        at,
        "target",
        `the description of the server ${q(url)} changed.`,
        { endpoint },
      );
    }
    compareExtensions(c, { s: s, sAt: sPlace, t: t, tAt: at, endpoint: endpoint });
    const sv2 = isObject(s.variables) ? s.variables : {};
    const tv2 = isObject(t.variables) ? t.variables : {};
    for (const name of Object.keys(tv2)) {
      const vAt = under(at, "variables", name);
      const x = isObject(sv2[name]) ? sv2[name] as Obj : undefined;
      const y = isObject(tv2[name]) ? tv2[name] as Obj : {};
      if (x === undefined) {
        c.emit(
          "server-variable-added",
          "added",
          vAt,
          "target",
          `the server ${q(url)} has the new variable ${q(name)}.`,
          { endpoint },
        );
        continue;
      }
      compareExtensions(c, { s: x, sAt: under(sPlace, "variables", name), t: y, tAt: vAt, endpoint });
      if (!deepEqual(x.default, y.default)) {
        c.emit(
          "server-variable-default-changed",
          "modified",
          vAt,
          "target",
          `the default of the variable ${q(name)} of the server ${q(url)} changed.`,
          { endpoint, old: x.default, new: y.default },
        );
      }
      const ea = Array.isArray(x.enum) ? new Set(x.enum.map(String)) : undefined;
      const eb = Array.isArray(y.enum) ? new Set(y.enum.map(String)) : undefined;
      for (const v of eb ?? []) {
        if (ea !== undefined && !ea.has(v)) {
          c.emit(
            "server-variable-enum-value-added",
            "added",
            vAt,
            "target",
            `the variable ${q(name)} of the server ${q(url)} allows ${q(v)}.`,
            { endpoint, new: v },
          );
        }
      }
      for (const v of ea ?? []) {
        if (eb === undefined || !eb.has(v)) {
          if (eb !== undefined) {
            c.emit(
              "server-variable-enum-value-removed",
              "removed",
              under(sPlace, "variables", name),
              "source",
              `the variable ${q(name)} of the server ${q(url)} no longer allows ${q(v)}.`,
              { endpoint, old: v },
            );
          }
        }
      }
    }
    for (const name of Object.keys(sv2)) {
      if (!Object.hasOwn(tv2, name)) {
        c.emit(
          "server-variable-removed",
          "removed",
          under(sPlace, "variables", name),
          "source",
          `the server ${q(url)} lost the variable ${q(name)}.`,
          { endpoint },
        );
      }
    }
  }
  for (const [url, [, at]] of a) {
    if (!b.has(url) && !implicit.has(at)) {
      c.emit("server-removed", "removed", at, "source", `the server ${q(url)} was removed.`, {
        endpoint,
        old: url,
      });
    }
  }
}

const INFO_FIELDS = [
  ["title", "info-title-changed"],
  ["summary", "info-summary-changed"],
  ["description", "info-description-changed"],
  ["version", "info-version-changed"],
  ["termsOfService", "info-terms-of-service-changed"],
  ["contact", "info-contact-changed"],
  ["license", "info-license-changed"],
] as const;

/** Compares the version, info, tags and external documentation of the documents. */
export function compareInfo(c: Collector): void {
  const s = c.source.document;
  const t = c.target.document;
  const sRoot = c.source.root;
  const tRoot = c.target.root;
  const vKey = c.target.version === "2.0" ? "swagger" : "openapi";
  if (s[vKey] !== t[vKey]) {
    c.emit(
      "openapi-version-changed",
      "modified",
      under(tRoot, vKey),
      "target",
      `the document declares ${vKey} ${q(t[vKey])} instead of ${q(s[vKey])}.`,
      { old: s[vKey], new: t[vKey] },
    );
  }
  const si = isObject(s.info) ? s.info : {};
  const ti = isObject(t.info) ? t.info : {};
  for (const [field, id] of INFO_FIELDS) {
    if (!deepEqual(si[field], ti[field])) {
      c.emit(id, "modified", under(tRoot, "info", field), "target", `info.${field} changed.`, {
        old: si[field],
        new: ti[field],
      });
    }
  }
  compareExtensions(c, { s: si, sAt: under(sRoot, "info"), t: ti, tAt: under(tRoot, "info") });
  const tagMap = (v: unknown, at: Place) => {
    const m = new Map<string, [Obj, Place]>();
    if (Array.isArray(v)) {
      v.forEach((x, i) => isObject(x) && m.set(String(x.name), [x, under(at, "tags", i)]));
    }
    return m;
  };
  const st = tagMap(s.tags, sRoot);
  const tt = tagMap(t.tags, tRoot);
  for (const [name, [x, at]] of tt) {
    const old = st.get(name);
    if (old === undefined) c.emit("tag-added", "added", at, "target", `the tag ${q(name)} was declared.`);
    else {
      if (old[0].description !== x.description) {
        c.emit(
          "tag-description-changed",
          "modified",
          at,
          "target",
          `the description of the tag ${q(name)} changed.`,
        );
      }
      compareExtensions(c, { s: old[0], sAt: old[1], t: x, tAt: at });
    }
  }
  for (const [name, [, at]] of st) {
    if (!tt.has(name)) {
      c.emit("tag-removed", "removed", at, "source", `the tag ${q(name)} is no longer declared.`);
    }
  }
  if (!deepEqual(s.externalDocs, t.externalDocs)) {
    c.emit(
      "external-docs-changed",
      "modified",
      under(tRoot, "externalDocs"),
      "target",
      "the document's external documentation changed.",
    );
  }
  compareExtensions(c, { s: s, sAt: sRoot, t: t, tAt: tRoot });
}

/**
 * Compares the reusable components themselves: added, removed, renamed (the same content under another name),
 * and changed without any compared operation reaching them. Security schemes have their own checks.
 */
export function compareComponents(c: Collector): void {
  if (c.target.version !== "2.0") {
    const sc = c.source.document.components;
    const tc = c.target.document.components;
    compareExtensions(c, {
      s: sc,
      sAt: under(c.source.root, "components"),
      t: tc,
      tAt: under(c.target.root, "components"),
    });
  }
  for (const section of componentSections(c.target.version)) {
    if (section.name === "securitySchemes") continue;
    const pick = (side: "source" | "target") => {
      let v: unknown = (side === "source" ? c.source : c.target).document;
      for (const s of section.segments) v = isObject(v) ? v[s] : undefined;
      return isObject(v) ? v : {};
    };
    const sm = pick("source");
    const tm = pick("target");
    const sAt = { file: c.source.index.rootKey, segments: section.segments };
    const tAt = { file: c.target.index.rootKey, segments: section.segments };
    const removed = Object.keys(sm).filter((k) => !Object.hasOwn(tm, k));
    const added = Object.keys(tm).filter((k) => !Object.hasOwn(sm, k));
    const renamedFrom = new Set<string>();
    // Renames: the same JSON through a map; the same meaning (references followed) one by one while few are left.
    const byText = new Map<string, string[]>();
    for (const r of [...removed].reverse()) {
      const key = canonical(sm[r]);
      const list = byText.get(key);
      if (list === undefined) byText.set(key, [r]);
      else list.push(r);
    }
    const pairwise = added.length * removed.length <= PAIRWISE_BUDGET;
    for (const name of Object.keys(tm)) {
      const at = under(tAt, name);
      if (Object.hasOwn(sm, name)) {
        if (
          !c.source.reached.has(sm[name]) && !same(sm[name], tm[name], c.source.stableRefs) &&
          !equivalent(sm[name], tm[name], c.source, c.target)
        ) {
          c.emit(
            "component-changed",
            "modified",
            at,
            "target",
            `the ${section.name} component ${q(name)}, which no operation uses, changed.`,
          );
        }
        continue;
      }
      const candidates = byText.get(canonical(tm[name]));
      while (candidates !== undefined && candidates.length > 0 && renamedFrom.has(candidates.at(-1)!)) {
        candidates.pop();
      }
      const from = candidates?.pop() ??
        (pairwise
          ? removed.find((r) => !renamedFrom.has(r) && equivalent(sm[r], tm[name], c.source, c.target))
          : undefined);
      if (from !== undefined) {
        renamedFrom.add(from);
        c.emit(
          "component-renamed",
          "modified",
          at,
          "target",
          `the ${section.name} component ${q(from)} was renamed to ${q(name)}.`,
          { old: from, new: name },
        );
      } else {c.emit(
          "component-added",
          "added",
          at,
          "target",
          `the ${section.name} component ${q(name)} was added.`,
        );}
    }
    for (const name of removed) {
      if (!renamedFrom.has(name)) {
        c.emit(
          "component-removed",
          "removed",
          under(sAt, name),
          "source",
          `the ${section.name} component ${q(name)} was removed.`,
        );
      }
    }
  }
}
