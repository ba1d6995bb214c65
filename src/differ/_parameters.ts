/**
 * Request parameters, keyed by place and name after merging the path item's and following references; path
 * parameters by their position in the template, so a renamed one is a rename and not a removal plus an addition.
 *
 * @module
 */
import { deepEqual, type Obj } from "../core/json.ts";
import { type Collector, type Direction, q, requestCheck, under } from "./_context.ts";
import { compareExtensions } from "./_extensions.ts";
import type { CheckId } from "./checks.ts";
import { compareSchemas } from "./_schema.ts";
import { contentOf, type ParamView, simpleSchema } from "./_views.ts";

function describe(p: Obj): string {
  return `${p.in} parameter ${q(p.name)}`;
}

function isRequired(p: Obj): boolean {
  return p.required === true || p.in === "path";
}

function styleOf(p: Obj): string {
  if (typeof p.style === "string") return p.style;
  return p.in === "query" || p.in === "cookie" ? "form" : "simple";
}

function explodeOf(p: Obj): boolean {
  return typeof p.explode === "boolean" ? p.explode : styleOf(p) === "form";
}

/** Compares the parameters of an operation pair (body parameters are the request body's business). */
export function compareParameters(
  c: Collector,
  sParams: readonly ParamView[],
  tParams: readonly ParamView[],
  endpoint: string,
  dir: Direction,
): void {
  const isBody = (p: ParamView) => p.value.in === "body";
  const sByKey = new Map(sParams.filter((p) => !isBody(p)).map((p) => [p.key, p]));
  const tKeys = new Set<string>();
  for (const tp of tParams) {
    if (isBody(tp)) continue;
    tKeys.add(tp.key);
    const sp = sByKey.get(tp.key);
    const t = tp.value;
    if (sp === undefined) {
      const req = isRequired(t);
      c.emit(
        requestCheck(req ? "new-required-request-parameter" : "new-optional-request-parameter", dir),
        "added",
        tp.at,
        "target",
        `${endpoint} has a new ${req ? "required" : "optional"} ${describe(t)}.`,
        { endpoint },
      );
      continue;
    }
    compareParameter(c, sp, tp, endpoint, dir);
  }
  for (const sp of sParams) {
    if (isBody(sp) || tKeys.has(sp.key)) continue;
    c.emit(
      requestCheck("request-parameter-removed", dir),
      "removed",
      sp.at,
      "source",
      `${endpoint} no longer has the ${describe(sp.value)}.`,
      {
        endpoint,
      },
    );
  }
}

function compareParameter(
  c: Collector,
  sp: ParamView,
  tp: ParamView,
  endpoint: string,
  dir: Direction,
): void {
  const s = sp.value;
  const t = tp.value;
  const what = `${describe(t)} of ${endpoint}`;
  const emit = (id: CheckId, message: string, old?: unknown, now?: unknown) =>
    c.emit(id, "modified", tp.at, "target", `${message}.`, { endpoint, old, new: now, from: sp.at });
  if (s.in === "path" && s.name !== t.name) {
    emit(
      "request-path-parameter-renamed",
      `path parameter ${q(s.name)} of ${endpoint} was renamed to ${q(t.name)}`,
      s.name,
      t.name,
    );
  }
  if (!isRequired(s) && isRequired(t)) {
    emit(requestCheck("request-parameter-became-required", dir), `the ${what} became required`);
  }
  if (isRequired(s) && !isRequired(t)) {
    emit(requestCheck("request-parameter-became-optional", dir), `the ${what} became optional`);
  }
  if (s.deprecated !== true && t.deprecated === true) {
    emit("request-parameter-deprecated", `the ${what} is deprecated`);
  }
  if (s.deprecated === true && t.deprecated !== true) {
    emit("request-parameter-undeprecated", `the ${what} is no longer deprecated`);
  }
  if (c.source.version !== "2.0") {
    if (styleOf(s) !== styleOf(t)) {
      emit(
        "request-parameter-style-changed",
        `the style of the ${what} changed from ${q(styleOf(s))} to ${q(styleOf(t))}`,
        styleOf(s),
        styleOf(t),
      );
    }
    if (explodeOf(s) !== explodeOf(t)) {
      emit(
        "request-parameter-explode-changed",
        `explode of the ${what} changed to ${explodeOf(t)}`,
        explodeOf(s),
        explodeOf(t),
      );
    }
    if (s.allowReserved !== t.allowReserved && (s.allowReserved === true || t.allowReserved === true)) {
      emit(
        "request-parameter-allow-reserved-changed",
        `allowReserved of the ${what} changed to ${t.allowReserved === true}`,
      );
    }
  } else {
    const cf = (p: Obj) => (typeof p.collectionFormat === "string" ? p.collectionFormat : "csv");
    if (cf(s) !== cf(t) && (s.type === "array" || t.type === "array")) {
      emit(
        "request-parameter-collection-format-changed",
        `the collectionFormat of the ${what} changed from ${q(cf(s))} to ${q(cf(t))}`,
        cf(s),
        cf(t),
      );
    }
  }
  if (s.allowEmptyValue === true && t.allowEmptyValue !== true) {
    emit("request-parameter-allow-empty-value-removed", `the ${what} no longer allows an empty value`);
  }
  if (s.allowEmptyValue !== true && t.allowEmptyValue === true) {
    emit("request-parameter-allow-empty-value-added", `the ${what} now allows an empty value`);
  }
  if (s.description !== t.description) {
    emit("request-parameter-description-changed", `the description of the ${what} changed`);
  }
  if (!deepEqual(s.example, t.example) || !deepEqual(s.examples, t.examples)) {
    emit("request-parameter-example-changed", `the examples of the ${what} changed`);
  }
  compareExtensions(c, { s: s, sAt: sp.at, t: t, tAt: tp.at, endpoint: endpoint });
  const use = `the ${what}`;
  if (c.source.version === "2.0") {
    compareSchemas(c, {
      s: simpleSchema(s),
      sAt: sp.at,
      t: simpleSchema(t),
      tAt: tp.at,
      dir,
      use,
      endpoint,
      name: "",
    });
    return;
  }
  const sc = contentOf(s, sp.at);
  const tc = contentOf(t, tp.at);
  for (const [mt, tm] of tc) {
    const sm = sc.get(mt);
    if (sm === undefined) {
      c.emit(
        "request-parameter-media-type-added",
        "added",
        tm.at,
        "target",
        `the ${what} accepts the media type ${q(mt)}.`,
        { endpoint },
      );
    } else {
      compareSchemas(c, {
        s: sm.schema,
        sAt: sm.schemaAt,
        t: tm.schema,
        tAt: tm.schemaAt,
        dir,
        use,
        endpoint,
        name: "",
      });
    }
  }
  for (const [mt, sm] of sc) {
    if (!tc.has(mt)) {
      c.emit(
        "request-parameter-media-type-removed",
        "removed",
        sm.at,
        "source",
        `the ${what} no longer accepts the media type ${q(mt)}.`,
        { endpoint },
      );
    }
  }
  if (s.schema !== undefined || t.schema !== undefined) {
    compareSchemas(c, {
      s: s.schema ?? {},
      sAt: under(sp.at, "schema"),
      t: t.schema ?? {},
      tAt: under(tp.at, "schema"),
      dir,
      use,
      endpoint,
      name: "",
    });
  }
}
