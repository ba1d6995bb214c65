/**
 * The statements that check one JSON kind of value (`x`, at pointer `p`, failures into `e`) against a schema's
 * keywords, for the type switch of a validation function ({@link import("./validation_code.ts")}): strings
 * (length in runes, pattern, format), numbers (bounds, multipleOf, integer and int32/int64 ranges), arrays
 * (item counts, uniqueness, prefixItems, items, contains) and objects (property counts, required,
 * properties, patternProperties, additionalProperties). Child schemas are calls through {@link CheckHost}.
 *
 * @module
 */
import { pushAll } from "../core/bounded_text.ts";
import { isObject } from "../core/json.ts";
import { goString } from "./go_writer.ts";

type Path = (string | number)[];

/** The formats checked at run time (others pass). */
export const CHECKED_FORMATS: readonly string[] = [
  "date-time",
  "date",
  "time",
  "uuid",
  "email",
  "ipv4",
  "ipv6",
  "uri",
];

/** What the checks need from the compiler. */
export interface CheckHost {
  /** The token of the function validating a child schema. */
  check(schema: unknown, at: Path, file: string): string;
  /** The variable of a compiled pattern, or undefined (with an issue) when RE2 cannot run it. */
  pattern(source: string, at: Path): string | undefined;
  /** Raises an info issue. */
  info(at: Path, message: string): void;
  /** Whether a property's schema (its reference followed) is readOnly. */
  readOnly(schema: unknown, file: string): boolean;
}

/** Where the schema is. */
export interface CheckPlace {
  /** Its path. */
  at: Path;
  /** Its document. */
  file: string;
}

/** The statements of one clause: the value is `x` (a string, json.Number, []interface{} or map). */
export function kindChecks(
  kind: "string" | "number" | "array" | "object",
  s: Record<string, unknown>,
  place: CheckPlace,
  integer: boolean,
  host: CheckHost,
): string[] {
  const out: string[] = [];
  const num = (key: string): number | undefined => {
    const v = s[key];
    if (v === undefined || typeof v === "boolean") return undefined;
    if (typeof v !== "number" || !Number.isFinite(v)) {
      host.info([...place.at, key], `${key} is not a finite number; it is not checked.`);
      return undefined;
    }
    return v;
  };
  const count = (key: string): number | undefined => {
    const v = num(key);
    if (v === undefined || !Number.isInteger(v) || v < 0) return undefined;
    // Compared with a Go int (len, rune counts): a larger constant does not compile where int has 32 bits.
    if (v > 2147483647) {
      host.info(
        [...place.at, key],
        `${key} ${v} is more than a Go int holds (2147483647); it is not checked.`,
      );
      return undefined;
    }
    return v;
  };
  const fail = (cond: string, msg: string, to = out, indent = "") =>
    to.push(`${indent}if ${cond} {`, `${indent}\te.add(p, ${goString(msg)})`, `${indent}}`);
  const tools: Tools = { s, place, host, out, fail, count, num };
  if (kind === "string") stringChecks(tools);
  else if (kind === "number") numberChecks(tools, integer);
  else if (kind === "array") arrayChecks(tools);
  else objectChecks(tools);
  return out;
}

interface Tools {
  s: Record<string, unknown>;
  place: CheckPlace;
  host: CheckHost;
  out: string[];
  fail(cond: string, msg: string, to?: string[], indent?: string): void;
  count(key: string): number | undefined;
  num(key: string): number | undefined;
}

function stringChecks({ s, place, host, out, fail, count }: Tools): void {
  const min = count("minLength");
  const max = count("maxLength");
  if (min !== undefined || max !== undefined) {
    out.push("n := utf8.RuneCountInString(x)");
    if (min !== undefined) fail(`n < ${min}`, `must be at least ${min} characters long`);
    if (max !== undefined) fail(`n > ${max}`, `must be at most ${max} characters long`);
  }
  if (typeof s.pattern === "string") {
    const name = host.pattern(s.pattern, [...place.at, "pattern"]);
    if (name !== undefined) fail(`!${name}.MatchString(x)`, "must match the pattern of the API description");
  }
  if (typeof s.format === "string" && CHECKED_FORMATS.includes(s.format)) {
    fail(`!rvFormat(${goString(s.format)}, x)`, `must be a valid ${s.format}`);
  }
}

function numberChecks({ s, out, fail, num }: Tools, integer: boolean): void {
  const checks: string[] = [];
  const bound = (key: string, exclusiveKey: string, op: string, word: string) => {
    const v = num(key);
    const ex = s[exclusiveKey];
    if (v !== undefined) {
      if (ex === true) fail(`f ${op}= ${v}`, `must be ${word} than ${v}`, checks);
      else fail(`f ${op} ${v}`, `must be ${word} than or equal to ${v}`, checks);
    }
    if (typeof ex === "number" && Number.isFinite(ex)) {
      fail(`f ${op}= ${ex}`, `must be ${word} than ${ex}`, checks);
    }
  };
  bound("minimum", "exclusiveMinimum", "<", "greater");
  bound("maximum", "exclusiveMaximum", ">", "less");
  if (s.format === "int32") fail("f < -2147483648 || f > 2147483647", "must fit in a 32-bit integer", checks);
  else if (s.format === "int64") {
    fail("f < -9223372036854775808 || f >= 9223372036854775808", "must fit in a 64-bit integer", checks);
  }
  const multiple = num("multipleOf");
  if (multiple !== undefined && multiple > 0) {
    fail(`!rvMultipleOf(f, ${multiple})`, `must be a multiple of ${multiple}`, checks);
  }
  if (integer || checks.length > 0) {
    out.push("f, ok := rvNumber(x)", "if !ok {", '\te.add(p, "must be a finite number")', "\treturn", "}");
    if (integer) fail("f != math.Trunc(f)", "must be an integer");
    pushAll(out, checks);
  }
}

function arrayChecks({ s, place, host, out, fail, count }: Tools): void {
  const min = count("minItems");
  const max = count("maxItems");
  if (min !== undefined && min > 0) fail(`len(x) < ${min}`, `must have at least ${min} items`);
  if (max !== undefined) fail(`len(x) > ${max}`, `must have at most ${max} items`);
  if (s.uniqueItems === true) fail("!rvUnique(x)", "must not have duplicate items");
  // 3.1 prefixItems (or a draft-4 tuple `items`) check the first items; `items` (or additionalItems) the rest.
  const tupleKey = Array.isArray(s.prefixItems)
    ? "prefixItems"
    : Array.isArray(s.items)
    ? "items"
    : undefined;
  const tuple = tupleKey === undefined ? [] : s[tupleKey] as unknown[];
  tuple.forEach((m, i) => {
    const t = host.check(m, [...place.at, tupleKey!, i], place.file);
    out.push(`if len(x) > ${i} {`, `\t${t}(x[${i}], rvIndex(p, ${i}), e)`, "}");
  });
  const restKey = tupleKey === "items" ? "additionalItems" : "items";
  const rest = s[restKey];
  if (rest === false && tuple.length > 0) {
    fail(`len(x) > ${tuple.length}`, `must have at most ${tuple.length} items`);
  } else if (rest !== undefined && rest !== true && !Array.isArray(rest)) {
    const t = host.check(rest, [...place.at, restKey], place.file);
    out.push(
      tuple.length === 0 ? "for i, it := range x {" : `for i := ${tuple.length}; i < len(x); i++ {`,
      "\tif e.full() {",
      "\t\treturn",
      "\t}",
      `\t${t}(${tuple.length === 0 ? "it" : "x[i]"}, rvIndex(p, i), e)`,
      "}",
    );
  }
  if (s.contains !== undefined) {
    const t = host.check(s.contains, [...place.at, "contains"], place.file);
    const least = count("minContains") ?? 1;
    const most = count("maxContains");
    out.push("c := 0", "for _, it := range x {", `\tif e.ok(it, ${t}) {`, "\t\tc++", "\t}", "}");
    if (least > 0) fail(`c < ${least}`, `must contain at least ${least} matching items`);
    if (most !== undefined) fail(`c > ${most}`, `must contain at most ${most} matching items`);
  }
}

function objectChecks({ s, place, host, out, fail, count }: Tools): void {
  const min = count("minProperties");
  const max = count("maxProperties");
  if (min !== undefined && min > 0) fail(`len(x) < ${min}`, `must have at least ${min} properties`);
  if (max !== undefined) fail(`len(x) > ${max}`, `must have at most ${max} properties`);
  const props = isObject(s.properties) ? s.properties : {};
  const names = Object.keys(props);
  if (Array.isArray(s.required)) {
    for (const r of new Set(s.required)) {
      if (typeof r !== "string" || host.readOnly(props[r], place.file)) continue;
      out.push(
        `if _, ok := x[${goString(r)}]; !ok {`,
        `\te.add(p+${goString("/" + escapePointer(r))}, "is required")`,
        "}",
      );
    }
  }
  for (const name of names) {
    const t = host.check(props[name], [...place.at, "properties", name], place.file);
    out.push(
      `if pv, ok := x[${goString(name)}]; ok {`,
      `\t${t}(pv, p+${goString("/" + escapePointer(name))}, e)`,
      "}",
    );
  }
  const patterns: [string, string][] = [];
  if (isObject(s.patternProperties)) {
    for (const [source, schema] of Object.entries(s.patternProperties)) {
      const name = host.pattern(source, [...place.at, "patternProperties", source]);
      if (name !== undefined) {
        patterns.push([name, host.check(schema, [...place.at, "patternProperties", source], place.file)]);
      }
    }
  }
  const extra = s.additionalProperties;
  const noExtra = extra === undefined || extra === true ||
    (isObject(extra) && Object.keys(extra).length === 0);
  if (noExtra && patterns.length === 0) return;
  out.push("for _, k := range rvKeys(x) {", "\tif e.full() {", "\t\treturn", "\t}");
  if (patterns.length > 0 && !noExtra) out.push("\tmatched := false");
  for (const [re, t] of patterns) {
    out.push(`\tif ${re}.MatchString(k) {`);
    if (!noExtra) out.push("\t\tmatched = true");
    out.push(`\t\t${t}(x[k], p+"/"+rvEsc(k), e)`, "\t}");
  }
  if (!noExtra) {
    const action = extra === false
      ? 'e.add(p+"/"+rvEsc(k), "is not allowed")'
      : `${host.check(extra, [...place.at, "additionalProperties"], place.file)}(x[k], p+"/"+rvEsc(k), e)`;
    const guarded = patterns.length > 0 ? ["if !matched {", "\t" + action, "}"] : [action];
    if (names.length === 0) pushAll(out, guarded.map((l) => "\t" + l));
    else {
      out.push(
        "\tswitch k {",
        `\tcase ${names.map(goString).join(", ")}:`,
        "\tdefault:",
        ...guarded.map((l) => "\t\t" + l),
        "\t}",
      );
    }
  }
  out.push("}");
}

/** A property name as a JSON pointer segment. */
export function escapePointer(name: string): string {
  return name.replaceAll("~", "~0").replaceAll("/", "~1");
}
