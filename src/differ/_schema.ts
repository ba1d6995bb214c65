/**
 * Schema comparison: iterative (an explicit stack, never recursion), following `$ref`s on each side, each pair
 * of schemas compared once per direction (so recursive schemas terminate and a component used by many
 * operations is reported once, where it is first met). Request schemas break clients when they narrow,
 * response schemas when they widen: every check exists in a `request-` and a `response-` form.
 *
 * @module
 */
import { deepEqual, isObject, type Obj } from "../core/json.ts";
import { type Collector, type Place, q } from "./_context.ts";
import { compareExtensions } from "./_extensions.ts";
import { equivalent, same } from "./_same.ts";
import { BOUNDS } from "./checks/schema.ts";
import { compareComposition } from "./_compose.ts";
import { compareKeywords } from "./_keywords.ts";
import { asRefPair, isRefPair, mergeAllOf, mergeRefPair, placeOf } from "./_all_of.ts";
import { allowsAll } from "./_subschema.ts";
import { compareEnum, constAsEnum, withoutExtensibleEnum } from "./_schema_enum.ts";
import type { ChildFn, SchemaPair, SchemaReporter, SchemaStep } from "./_schema_types.ts";

export type { ChildFn, SchemaPair, SchemaReporter, SchemaStep } from "./_schema_types.ts";

/** A boolean schema or a missing one as an object: `true`/absent allow anything, `false` nothing. */
export function asSchema(v: unknown): Obj {
  if (isObject(v)) return v;
  if (v === false) return { not: {} };
  return {};
}

function typeSet(s: Obj): { types: Set<string> | undefined; nullable: boolean } {
  const raw = s.type;
  let list: string[] | undefined;
  if (typeof raw === "string") list = [raw];
  else if (Array.isArray(raw)) list = raw.filter((x): x is string => typeof x === "string");
  const nullable = s.nullable === true || s["x-nullable"] === true || (list?.includes("null") ?? false);
  const types = list === undefined ? undefined : new Set(list.filter((x) => x !== "null"));
  return { types, nullable };
}

function covers(set: Set<string>, type: string): boolean {
  return set.has(type) || (type === "integer" && set.has("number"));
}

function compareTypes(s: Obj, t: Obj, r: SchemaReporter): void {
  const a = typeSet(s);
  const b = typeSet(t);
  const show = (x: Set<string> | undefined) => (x === undefined ? "any" : [...x].join("|") || "null");
  if (a.types === undefined && b.types !== undefined) {
    r.emit("type-narrowed", "modified", `now has type ${show(b.types)}`, undefined, t.type);
  } else if (a.types !== undefined && b.types === undefined) {
    r.emit("type-widened", "modified", `no longer restricts its type (was ${show(a.types)})`, s.type);
  } else if (a.types !== undefined && b.types !== undefined) {
    const removed = [...a.types].filter((x) => !covers(b.types!, x));
    const added = [...b.types].filter((x) => !covers(a.types!, x));
    const what = `type changed from ${show(a.types)} to ${show(b.types)}`;
    if (removed.length > 0 && added.length > 0) r.emit("type-changed", "modified", what, s.type, t.type);
    else if (removed.length > 0) r.emit("type-narrowed", "modified", what, s.type, t.type);
    else if (added.length > 0) r.emit("type-widened", "modified", what, s.type, t.type);
  }
  if (!a.nullable && b.nullable) r.emit("became-nullable", "modified", "now allows null");
  if (a.nullable && !b.nullable) r.emit("became-not-nullable", "modified", "no longer allows null");
}

/** The effective upper or lower bound of maximum/minimum, with the 3.0 boolean and 3.1 numeric exclusive forms. */
function numericBound(s: Obj, upper: boolean): { v: number; excl: boolean } | undefined {
  const k = upper ? "maximum" : "minimum";
  const ek = upper ? "exclusiveMaximum" : "exclusiveMinimum";
  let out: { v: number; excl: boolean } | undefined;
  if (typeof s[k] === "number") out = { v: s[k] as number, excl: s[ek] === true };
  if (typeof s[ek] === "number") {
    const e = { v: s[ek] as number, excl: true };
    if (out === undefined || (upper ? e.v <= out.v : e.v >= out.v)) out = e;
  }
  return out;
}

function boundOf(s: Obj, keyword: string, upper: boolean): { v: number; excl: boolean } | undefined {
  if (keyword === "maximum" || keyword === "minimum") return numericBound(s, upper);
  return typeof s[keyword] === "number" ? { v: s[keyword] as number, excl: false } : undefined;
}

function compareBounds(s: Obj, t: Obj, r: SchemaReporter): void {
  for (const [name, keyword, upper] of BOUNDS) {
    const a = boundOf(s, keyword, upper);
    const b = boundOf(t, keyword, upper);
    const show = (x: { v: number; excl: boolean }) => `${x.v}${x.excl ? " (exclusive)" : ""}`;
    if (a === undefined && b === undefined) continue;
    if (a === undefined) r.emit(`${name}-added`, "added", `now has ${keyword} ${show(b!)}`, undefined, b!.v);
    else if (b === undefined) {
      r.emit(`${name}-removed`, "removed", `no longer has ${keyword} (was ${show(a)})`, a.v);
    } else if (a.v !== b.v || a.excl !== b.excl) {
      // Stricter: an upper bound lower (or equal and now exclusive), a lower bound higher.
      const stricter = upper ? b.v < a.v || (b.v === a.v && b.excl) : b.v > a.v || (b.v === a.v && b.excl);
      const narrowed = upper ? "decreased" : "increased";
      const widened = upper ? "increased" : "decreased";
      r.emit(
        `${name}-${stricter ? narrowed : widened}`,
        "modified",
        `${keyword} changed from ${show(a)} to ${show(b)}`,
        a.v,
        b.v,
      );
    }
  }
}

function compareScalars(s: Obj, t: Obj, r: SchemaReporter): void {
  if (s.format !== t.format) {
    if (s.format === undefined) {
      r.emit("format-added", "added", `now has format ${q(t.format)}`, undefined, t.format);
    } else if (t.format === undefined) {
      r.emit("format-removed", "removed", `no longer has format ${q(s.format)}`, s.format);
    } else {r.emit(
        "format-changed",
        "modified",
        `format changed from ${q(s.format)} to ${q(t.format)}`,
        s.format,
        t.format,
      );}
  }
  const hasConst = (o: Obj) => Object.hasOwn(o, "const");
  if ((hasConst(s) || hasConst(t)) && !constAsEnum(s, t)) {
    if (!hasConst(s)) r.emit("const-added", "added", `is now fixed to ${q(t.const)}`, undefined, t.const);
    else if (!hasConst(t)) r.emit("const-removed", "removed", `is no longer fixed to ${q(s.const)}`, s.const);
    else if (!deepEqual(s.const, t.const)) {
      r.emit(
        "const-changed",
        "modified",
        `const changed from ${q(s.const)} to ${q(t.const)}`,
        s.const,
        t.const,
      );
    }
  }
  if (s.pattern !== t.pattern) {
    if (s.pattern === undefined) {
      r.emit("pattern-added", "added", `now must match ${q(t.pattern)}`, undefined, t.pattern);
    } else if (t.pattern === undefined) {
      r.emit("pattern-removed", "removed", `no longer must match ${q(s.pattern)}`, s.pattern);
    } else {r.emit(
        "pattern-changed",
        "modified",
        `pattern changed from ${q(s.pattern)} to ${q(t.pattern)}`,
        s.pattern,
        t.pattern,
      );}
  }
  if ((s.uniqueItems === true) !== (t.uniqueItems === true)) {
    if (t.uniqueItems === true) r.emit("unique-items-added", "added", "now requires unique items");
    else r.emit("unique-items-removed", "removed", "no longer requires unique items");
  }
  const ma = typeof s.multipleOf === "number" ? s.multipleOf : undefined;
  const mb = typeof t.multipleOf === "number" ? t.multipleOf : undefined;
  if (ma !== mb) {
    if (ma === undefined) {
      r.emit("multiple-of-added", "added", `must now be a multiple of ${mb}`, undefined, mb);
    } else if (mb === undefined) {
      r.emit("multiple-of-removed", "removed", `no longer must be a multiple of ${ma}`, ma);
    } else {
      const what = `multipleOf changed from ${ma} to ${mb}`;
      const isMultiple = (x: number, y: number) => Number.isInteger(x / y);
      if (isMultiple(mb, ma)) r.emit("multiple-of-narrowed", "modified", what, ma, mb);
      else if (isMultiple(ma, mb)) r.emit("multiple-of-widened", "modified", what, ma, mb);
      else r.emit("multiple-of-changed", "modified", what, ma, mb);
    }
  }
  for (
    const [flag, on, off] of [
      ["readOnly", "property-became-read-only", "property-no-longer-read-only"],
      ["writeOnly", "property-became-write-only", "property-no-longer-write-only"],
      ["deprecated", "schema-deprecated", "schema-undeprecated"],
    ] as const
  ) {
    const a = s[flag] === true;
    const b = t[flag] === true;
    if (!a && b) r.emit(on, "modified", `is now ${flag}`);
    if (a && !b) r.emit(off, "modified", `is no longer ${flag}`);
  }
  const hasDefault = (o: Obj) => Object.hasOwn(o, "default");
  if (!hasDefault(s) && hasDefault(t)) {
    r.emit("default-added", "added", `now defaults to ${q(t.default)}`, undefined, t.default);
  } else if (hasDefault(s) && !hasDefault(t)) {
    r.emit("default-removed", "removed", `no longer defaults to ${q(s.default)}`, s.default);
  } else if (hasDefault(s) && !deepEqual(s.default, t.default)) {
    r.emit(
      "default-changed",
      "modified",
      `default changed from ${q(s.default)} to ${q(t.default)}`,
      s.default,
      t.default,
    );
  }
  if (
    s.description !== t.description || s.title !== t.title || s.$comment !== t.$comment ||
    !deepEqual(s.externalDocs, t.externalDocs)
  ) {
    r.emit("schema-description-changed", "modified", "has a new description or title");
  }
  if (!deepEqual(s.example, t.example) || !deepEqual(s.examples, t.examples)) {
    r.emit("schema-example-changed", "modified", "has new examples");
  }
}

function requiredSet(s: Obj): Set<string> {
  return new Set(
    Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === "string") : [],
  );
}

function label(name: string, suffix: string): string {
  return name === "" ? suffix : `${name}.${suffix}`;
}

/** Compares two schemas (and everything under them) in one direction. */
export function compareSchemas(c: Collector, first: SchemaPair): void {
  const stack: SchemaPair[] = [first];
  const stable = c.source.stableRefs;
  while (stack.length > 0) {
    const f = stack.pop()!;
    if (same(f.s, f.t, stable)) continue;
    const sr = c.source.resolve(f.s, f.sAt);
    const tr = c.target.resolve(f.t, f.tAt);
    if (isObject(sr.value) && isObject(tr.value) && !c.firstVisit(sr.value, tr.value, f.dir)) continue;
    if ((sr.value === false) !== (tr.value === false)) {
      // A boolean `false` schema allows nothing: what else either side says is beside the point.
      const subject = f.name === "" ? "schema" : `property ${q(f.name)}`;
      const [id, what] = tr.value === false
        ? ["became-false", "now allows no value (`false`)"] as const
        : ["became-not-false", "now allows values (was `false`)"] as const;
      c.emit(`${f.dir}-${id}`, "modified", tr.at, "target", `${subject} ${what} (${f.use}).`, {
        endpoint: f.endpoint,
        from: sr.at,
      });
      continue;
    }
    let s = mergeAllOf(c.source, asSchema(sr.value), sr.at);
    let t = mergeAllOf(c.target, asSchema(tr.value), tr.at);
    // A pair of references against one schema: the pair merged (while the side's budget lasts), else that schema
    // as a one-member pair, compared member by member. Two pairs are compared member by member.
    if (isRefPair(s) !== isRefPair(t)) {
      if (isRefPair(s)) s = mergeRefPair(c.source, s, sr.at);
      else t = mergeRefPair(c.target, t, tr.at);
      if (isRefPair(t) && !isRefPair(s) && !allowsAll(sr.value)) s = asRefPair(f.s, f.sAt);
      else if (isRefPair(s) && !isRefPair(t) && !allowsAll(tr.value)) t = asRefPair(f.t, f.tAt);
    }
    const subject = f.name === "" ? "schema" : `property ${q(f.name)}`;
    const emitAt: SchemaReporter["emitAt"] = (suffix, type, at, side, what, old, now) =>
      c.emit(`${f.dir}-${suffix}`, type, at, side, `${subject} ${what} (${f.use}).`, {
        endpoint: f.endpoint,
        old,
        new: now,
        from: at === tr.at ? sr.at : undefined,
      });
    const r: SchemaReporter = {
      emitAt,
      emit: (suffix, type, what, old, now) =>
        emitAt(
          suffix,
          type,
          type === "removed" ? sr.at : tr.at,
          type === "removed" ? "source" : "target",
          what,
          old,
          now,
        ),
    };
    compareTypes(s, t, r);
    compareEnum(s, t, r);
    compareBounds(s, t, r);
    compareScalars(s, t, r);
    compareExtensions(c, {
      ...withoutExtensibleEnum(s, t),
      sAt: sr.at,
      tAt: tr.at,
      endpoint: f.endpoint,
    });
    const children: SchemaPair[] = [];
    const child: ChildFn = (sv, sAt, tv, tAt, name, dir = f.dir) =>
      children.push({ ...f, s: sv, sAt, t: tv, tAt, name, dir });
    const step: SchemaStep = { s, sAt: sr.at, t, tAt: tr.at, f, r, child };
    compareProperties(c, step);
    // additionalProperties: absent or true allow anything; false allows nothing; a schema is compared.
    const ap = (
      o: Obj,
    ) => (o.additionalProperties === false ? "none" : isObject(o.additionalProperties) ? "schema" : "any");
    const apa = ap(s);
    const apb = ap(t);
    if (apa !== "none" && apb === "none") {
      r.emit("additional-properties-disallowed", "modified", "no longer allows unlisted properties");
    } else if (apa === "none" && apb !== "none") {
      r.emit("additional-properties-allowed", "modified", "now allows unlisted properties");
    } else if (apa !== "none" && (apa === "schema" || apb === "schema")) {
      child(
        s.additionalProperties ?? {},
        placeOf(s, sr.at, "additionalProperties"),
        t.additionalProperties ?? {},
        placeOf(t, tr.at, "additionalProperties"),
        label(f.name, "*"),
      );
    }
    const itemsOf = (o: Obj) => (isObject(o.items) || typeof o.items === "boolean" ? o.items : {});
    if (isObject(s.items) || isObject(t.items) || s.items === false || t.items === false) {
      child(
        itemsOf(s),
        placeOf(s, sr.at, "items"),
        itemsOf(t),
        placeOf(t, tr.at, "items"),
        f.name === "" ? "[]" : `${f.name}[]`,
      );
    }
    compareDiscriminator(c, s, t, r);
    compareComposition(c, step);
    compareKeywords(c, step);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

function compareProperties(c: Collector, step: SchemaStep): void {
  const { s, sAt, t, tAt, f, r, child } = step;
  const sp = isObject(s.properties) ? s.properties : {};
  const tp = isObject(t.properties) ? t.properties : {};
  const sReq = requiredSet(s);
  const tReq = requiredSet(t);
  // A readOnly property is not sent in requests and a writeOnly one not returned: required does not bind there.
  const binds = (side: "source" | "target", v: unknown, at: Place) => {
    const p = asSchema((side === "source" ? c.source : c.target).resolve(v, at).value);
    return f.dir === "request" ? p.readOnly !== true : p.writeOnly !== true;
  };
  for (const name of Object.keys(tp)) {
    const at = placeOf(t, tAt, "properties", name);
    const full = label(f.name, name);
    if (!Object.hasOwn(sp, name)) {
      if (c.target.resolve(tp[name], at).value === false) {
        // A property named to forbid it: judged against what `additionalProperties` allowed for the name.
        child(s.additionalProperties ?? {}, placeOf(s, sAt, "additionalProperties"), tp[name], at, full);
        continue;
      }
      const req = tReq.has(name) && binds("target", tp[name], at);
      r.emitAt(
        req ? "required-property-added" : "optional-property-added",
        "added",
        at,
        "target",
        `has a new ${req ? "required " : ""}property ${q(full)}`,
      );
      continue;
    }
    const sAtp = placeOf(s, sAt, "properties", name);
    if (!sReq.has(name) && tReq.has(name) && binds("target", tp[name], at)) {
      r.emitAt("property-became-required", "modified", at, "target", `has property ${q(full)} now required`);
    } else if (sReq.has(name) && !tReq.has(name) && binds("source", sp[name], sAtp)) {
      r.emitAt(
        "property-became-optional",
        "modified",
        at,
        "target",
        `has property ${q(full)} no longer required`,
      );
    }
    child(sp[name], sAtp, tp[name], at, full);
  }
  for (const name of Object.keys(sp)) {
    if (Object.hasOwn(tp, name)) continue;
    const at = placeOf(s, sAt, "properties", name);
    if (c.source.resolve(sp[name], at).value === false) {
      child(
        sp[name],
        at,
        t.additionalProperties ?? {},
        placeOf(t, tAt, "additionalProperties"),
        label(f.name, name),
      );
      continue;
    }
    const req = sReq.has(name) && binds("source", sp[name], at);
    r.emitAt(
      req ? "required-property-removed" : "optional-property-removed",
      "removed",
      at,
      "source",
      `lost the ${req ? "required " : ""}property ${q(label(f.name, name))}`,
    );
  }
  // Required names without a property definition on either side.
  for (const name of tReq) {
    if (!Object.hasOwn(tp, name) && !Object.hasOwn(sp, name) && !sReq.has(name)) {
      r.emit("property-became-required", "modified", `has property ${q(label(f.name, name))} now required`);
    }
  }
  for (const name of sReq) {
    if (!Object.hasOwn(tp, name) && !Object.hasOwn(sp, name) && !tReq.has(name)) {
      r.emit(
        "property-became-optional",
        "modified",
        `has property ${q(label(f.name, name))} no longer required`,
      );
    }
  }
}

function compareDiscriminator(c: Collector, s: Obj, t: Obj, r: SchemaReporter): void {
  const a = isObject(s.discriminator) ? s.discriminator : undefined;
  const b = isObject(t.discriminator) ? t.discriminator : undefined;
  if (a === undefined && b === undefined) return;
  if (a === undefined) {
    return r.emit("discriminator-added", "added", `has a new discriminator ${q(b!.propertyName)}`);
  }
  if (b === undefined) {
    return r.emit("discriminator-removed", "removed", `lost its discriminator ${q(a.propertyName)}`);
  }
  if (a.propertyName !== b.propertyName) {
    r.emit(
      "discriminator-property-changed",
      "modified",
      `discriminator property changed from ${q(a.propertyName)} to ${q(b.propertyName)}`,
      a.propertyName,
      b.propertyName,
    );
  }
  const ma = isObject(a.mapping) ? a.mapping : {};
  const mb = isObject(b.mapping) ? b.mapping : {};
  for (const k of Object.keys(mb)) {
    if (!Object.hasOwn(ma, k)) {
      r.emit(
        "discriminator-mapping-added",
        "added",
        `discriminator maps the new value ${q(k)}`,
        undefined,
        mb[k],
      );
    } else if (ma[k] !== mb[k] && !sameTarget(c, ma[k], mb[k])) {
      r.emit(
        "discriminator-mapping-changed",
        "modified",
        `discriminator value ${q(k)} maps to ${q(mb[k])} instead of ${q(ma[k])}`,
        ma[k],
        mb[k],
      );
    }
  }
  for (const k of Object.keys(ma)) {
    if (!Object.hasOwn(mb, k)) {
      r.emit("discriminator-mapping-removed", "removed", `discriminator no longer maps ${q(k)}`, ma[k]);
    }
  }
}

/** Mapping values name schemas: a renamed component with the same content is the same target. */
function sameTarget(c: Collector, a: unknown, b: unknown): boolean {
  if (typeof a !== "string" || typeof b !== "string") return false;
  const ref = (v: string) => ({
    $ref: v.includes("/") || v.startsWith("#") ? v : `#/components/schemas/${v}`,
  });
  try {
    return equivalent(ref(a), ref(b), c.source, c.target);
  } catch {
    return false;
  }
}
