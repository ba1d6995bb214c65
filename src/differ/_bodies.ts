/**
 * Request bodies and responses: presence, required, media types, headers, links, and the schemas of each
 * media type (request schemas judged as requests, response schemas as responses).
 *
 * @module
 */
import { deepEqual, isObject, type Obj } from "../core/json.ts";
import { type Collector, type Direction, flip, type Place, q, requestCheck, under } from "./_context.ts";
import { equivalent } from "./_same.ts";
import type { CheckId } from "./checks.ts";
import { compareExtensions } from "./_extensions.ts";
import { compareSchemas } from "./_schema.ts";
import { compareLinks } from "./_links.ts";
import { type BodyView, type MediaView, responseContentOf, simpleSchema } from "./_views.ts";

function compareContent(
  c: Collector,
  side: "request" | "response",
  sc: Map<string, MediaView>,
  tc: Map<string, MediaView>,
  what: string,
  endpoint: string,
  dir: Direction,
): void {
  for (const [mt, tm] of tc) {
    const sm = sc.get(mt);
    if (sm === undefined) {
      c.emit(
        `${side}-media-type-added`,
        "added",
        tm.at,
        "target",
        `${what} has the new media type ${q(mt)}.`,
        {
          endpoint,
        },
      );
      continue;
    }
    const s = sm.value;
    const t = tm.value;
    if (!deepEqual(s.example, t.example) || !equivalent(s.examples, t.examples, c.source, c.target)) {
      c.emit(
        `${side}-media-type-example-changed`,
        "modified",
        tm.at,
        "target",
        `the examples of ${q(mt)} in ${what} changed.`,
        { endpoint },
      );
    }
    if (side === "request" && !equivalent(s.encoding, t.encoding, c.source, c.target)) {
      c.emit(
        "request-media-type-encoding-changed",
        "modified",
        tm.at,
        "target",
        `the encoding of ${q(mt)} in ${what} changed.`,
        { endpoint },
      );
    }
    compareExtensions(c, { s: s, sAt: sm.at, t: t, tAt: tm.at, endpoint: endpoint });
    compareSchemas(c, {
      s: sm.schema ?? {},
      sAt: sm.schemaAt,
      t: tm.schema ?? {},
      tAt: tm.schemaAt,
      dir,
      use: `${q(mt)} in ${what}`,
      endpoint,
      name: "",
    });
  }
  for (const [mt, sm] of sc) {
    if (!tc.has(mt)) {
      c.emit(
        `${side}-media-type-removed`,
        "removed",
        sm.at,
        "source",
        `${what} no longer has the media type ${q(mt)}.`,
        {
          endpoint,
        },
      );
    }
  }
}

/** Compares the request bodies of an operation pair. */
export function compareRequestBody(
  c: Collector,
  s: BodyView | undefined,
  t: BodyView | undefined,
  tOpAt: Place,
  endpoint: string,
  dir: Direction,
): void {
  if (s === undefined && t === undefined) return;
  if (s === undefined) {
    const req = t!.value.required === true;
    c.emit(
      requestCheck(req ? "new-required-request-body" : "new-optional-request-body", dir),
      "added",
      t!.at,
      "target",
      `${endpoint} has a new ${req ? "required" : "optional"} request body.`,
      { endpoint },
    );
    return;
  }
  if (t === undefined) {
    c.emit(
      requestCheck("request-body-removed", dir),
      "removed",
      s.at,
      "source",
      `${endpoint} no longer has a request body.`,
      {
        endpoint,
      },
    );
    return;
  }
  const at = t.at ?? tOpAt;
  if (s.value.required !== true && t.value.required === true) {
    c.emit(
      requestCheck("request-body-became-required", dir),
      "modified",
      at,
      "target",
      `the request body of ${endpoint} became required.`,
      { endpoint },
    );
  }
  if (s.value.required === true && t.value.required !== true) {
    c.emit(
      requestCheck("request-body-became-optional", dir),
      "modified",
      at,
      "target",
      `the request body of ${endpoint} became optional.`,
      { endpoint },
    );
  }
  if (s.value.description !== t.value.description) {
    c.emit(
      "request-body-description-changed",
      "modified",
      at,
      "target",
      `the description of the request body of ${endpoint} changed.`,
      { endpoint },
    );
  }
  if (c.source.version !== "2.0") {
    compareExtensions(c, { s: s.value, sAt: s.at, t: t.value, tAt: t.at, endpoint: endpoint });
  }
  compareContent(c, "request", s.content, t.content, `the request body of ${endpoint}`, endpoint, dir);
}

function statusKey(code: string): string {
  return code.toUpperCase();
}

/** Compares the responses of an operation pair. */
export function compareResponses(
  c: Collector,
  sOp: Obj,
  sOpAt: Place,
  tOp: Obj,
  tOpAt: Place,
  endpoint: string,
  dir: Direction,
): void {
  const sr = isObject(sOp.responses) ? sOp.responses : {};
  const tr = isObject(tOp.responses) ? tOp.responses : {};
  const codes = (m: Obj) => Object.keys(m).filter((k) => !k.startsWith("x-"));
  const sKeys = new Map(codes(sr).map((k) => [statusKey(k), k]));
  const tKeys = new Map(codes(tr).map((k) => [statusKey(k), k]));
  // A code the other side describes only through its range (`200` and `2XX`) is compared with that range, and
  // the range is then no addition or removal: `200` becoming `2XX` (or the reverse) changes no status.
  const rangeOf = (code: string) => (/^[1-5]\d\d$/.test(code) ? `${code[0]}XX` : undefined);
  const sCovered = new Set<string>();
  const rangesOfSourceOnly = new Set(
    codes(sr).filter((k) => !tKeys.has(statusKey(k))).map(rangeOf).filter((r) => r !== undefined),
  );
  const rdir = flip(dir);
  const compareAt = (sk: string, tk: string) => {
    const a = c.source.resolve(sr[sk], under(sOpAt, "responses", sk));
    const b = c.target.resolve(tr[tk], under(tOpAt, "responses", tk));
    compareResponse(
      c,
      sOp,
      a.value,
      a.at,
      tOp,
      b.value,
      b.at,
      `the ${tk} response of ${endpoint}`,
      endpoint,
      rdir,
    );
  };
  for (const tk of codes(tr)) {
    const sk = sKeys.get(statusKey(tk));
    if (sk !== undefined) {
      compareAt(sk, tk);
      continue;
    }
    const range = rangeOf(tk);
    const sRange = range === undefined ? undefined : sKeys.get(range);
    if (sRange !== undefined) {
      sCovered.add(statusKey(sRange));
      compareAt(sRange, tk);
      continue;
    }
    const success = tk.startsWith("2");
    if (rangesOfSourceOnly.has(statusKey(tk))) continue; // a range standing for codes the source listed: below
    c.emit(
      success ? "response-success-status-added" : "response-non-success-status-added",
      "added",
      under(tOpAt, "responses", tk),
      "target",
      `${endpoint} may return the new status ${q(tk)}.`,
      { endpoint },
    );
  }
  for (const sk of codes(sr)) {
    if (tKeys.has(statusKey(sk)) || sCovered.has(statusKey(sk))) continue;
    const range = rangeOf(sk);
    const tRange = range === undefined ? undefined : tKeys.get(range);
    if (tRange !== undefined) {
      compareAt(sk, tRange);
      continue;
    }
    const success = sk.startsWith("2");
    c.emit(
      success ? "response-success-status-removed" : "response-non-success-status-removed",
      "removed",
      under(sOpAt, "responses", sk),
      "source",
      `${endpoint} no longer returns the status ${q(sk)}.`,
      { endpoint },
    );
  }
  compareExtensions(c, {
    s: sr,
    sAt: under(sOpAt, "responses"),
    t: tr,
    tAt: under(tOpAt, "responses"),
    endpoint: endpoint,
  });
}

function compareResponse(
  c: Collector,
  sOp: Obj,
  sv: unknown,
  sAt: Place,
  tOp: Obj,
  tv: unknown,
  tAt: Place,
  what: string,
  endpoint: string,
  dir: Direction,
): void {
  const s = isObject(sv) ? sv : {};
  const t = isObject(tv) ? tv : {};
  if (s.description !== t.description) {
    c.emit("response-description-changed", "modified", tAt, "target", `the description of ${what} changed.`, {
      endpoint,
    });
  }
  compareExtensions(c, { s: s, sAt: sAt, t: t, tAt: tAt, endpoint: endpoint });
  compareHeaders(c, s, sAt, t, tAt, what, endpoint, dir);
  compareLinks(c, s, sAt, t, tAt, what, endpoint);
  // 2.0 examples by media type (3.x examples are in each media type's content).
  if (c.source.version === "2.0" && !deepEqual(s.examples, t.examples)) {
    c.emit(
      "response-media-type-example-changed",
      "modified",
      under(tAt, "examples"),
      "target",
      `the examples of ${what} changed.`,
      { endpoint },
    );
  }
  const sc = responseContentOf(c.source, sOp, s, sAt);
  const tc = responseContentOf(c.target, tOp, t, tAt);
  compareContent(c, "response", sc, tc, what, endpoint, dir);
}

function compareHeaders(
  c: Collector,
  s: Obj,
  sAt: Place,
  t: Obj,
  tAt: Place,
  what: string,
  endpoint: string,
  dir: Direction,
): void {
  const sh = isObject(s.headers) ? s.headers : {};
  const th = isObject(t.headers) ? t.headers : {};
  const sByName = new Map(Object.keys(sh).map((k) => [k.toLowerCase(), k]));
  const seen = new Set<string>();
  for (const tk of Object.keys(th)) {
    seen.add(tk.toLowerCase());
    const tr = c.target.resolve(th[tk], under(tAt, "headers", tk));
    const t1 = isObject(tr.value) ? tr.value : {};
    const sk = sByName.get(tk.toLowerCase());
    if (sk === undefined) {
      const req = t1.required === true;
      c.emit(
        req ? "response-required-header-added" : "response-optional-header-added",
        "added",
        tr.at,
        "target",
        `${what} has the new header ${q(tk)}.`,
        { endpoint },
      );
      continue;
    }
    const sr = c.source.resolve(sh[sk], under(sAt, "headers", sk));
    const s1 = isObject(sr.value) ? sr.value : {};
    const h = `the header ${q(tk)} of ${what}`;
    const emit = (id: CheckId, message: string) =>
      c.emit(id, "modified", tr.at, "target", message, { endpoint });
    if (s1.required === true && t1.required !== true) {
      emit("response-header-became-optional", `${h} became optional.`);
    }
    if (s1.required !== true && t1.required === true) {
      emit("response-header-became-required", `${h} became required.`);
    }
    if (s1.deprecated !== true && t1.deprecated === true) {
      emit("response-header-deprecated", `${h} is deprecated.`);
    }
    if (s1.description !== t1.description) {
      emit("response-header-description-changed", `the description of ${h} changed.`);
    }
    // A 3.x header is always `simple`; explode defaults to false.
    if (c.source.version !== "2.0") {
      const style = (o: Obj) => (typeof o.style === "string" ? o.style : "simple");
      const explode = (o: Obj) => o.explode === true;
      if (style(s1) !== style(t1)) {
        emit(
          "response-header-style-changed",
          `the style of ${h} changed from ${q(style(s1))} to ${q(style(t1))}.`,
        );
      }
      if (explode(s1) !== explode(t1)) {
        emit("response-header-explode-changed", `explode of ${h} changed to ${explode(t1)}.`);
      }
    }
    compareExtensions(c, { s: s1, sAt: sr.at, t: t1, tAt: tr.at, endpoint: endpoint });
    const v2 = c.source.version === "2.0";
    compareSchemas(c, {
      s: v2 ? simpleSchema(s1) : s1.schema ?? {},
      sAt: v2 ? sr.at : under(sr.at, "schema"),
      t: v2 ? simpleSchema(t1) : t1.schema ?? {},
      tAt: v2 ? tr.at : under(tr.at, "schema"),
      dir,
      use: h,
      endpoint,
      name: "",
    });
  }
  for (const sk of Object.keys(sh)) {
    if (seen.has(sk.toLowerCase())) continue;
    const sr = c.source.resolve(sh[sk], under(sAt, "headers", sk));
    const req = isObject(sr.value) && sr.value.required === true;
    c.emit(
      req ? "response-required-header-removed" : "response-optional-header-removed",
      "removed",
      sr.at,
      "source",
      `${what} lost the header ${q(sk)}.`,
      { endpoint },
    );
  }
}
