/**
 * Schemas compiled to Go validation functions for server_middleware.go: one function per schema place (a
 * component schema is `rvSchema<Name>`, others `rvValue<n>`), each checking the JSON value `v` (as
 * encoding/json decodes it with UseNumber) at pointer `p` and adding failures to `e`. Children are other
 * functions, so `$ref`s and recursive schemas are calls (found with a work list, never by recursion in the
 * generator), and functions with the same body are emitted once. No document is read at run time.
 *
 * Here: the type switch (`type` with 3.0 `nullable`, 2.0 `x-nullable`, 3.1 type lists), `enum`/`const`,
 * `allOf`, `anyOf` (at least one), `oneOf` (exactly one), `not` and `$ref` (3.1 siblings kept); the checks of
 * each kind of value are in {@link import("./validation_checks.ts")}.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import type { RefIndex } from "../refs/ref_index.ts";
import { CELL, goString, GoWriter } from "./go_writer.ts";
import { goName, NameRegistry } from "./naming.ts";
import type { TypeModel } from "./type_model.ts";
import { type Unit, unit } from "./unit.ts";
import { ecmaToRe2 } from "./ecma_regexp.ts";
import { type CheckHost, kindChecks } from "./validation_checks.ts";
import { followedObject, followRef, isRef } from "./follow_ref.ts";

type Path = (string | number)[];

// Tokens use U+0001, which goString always escapes: document text can never form one.
// deno-lint-ignore no-control-regex
const TOKEN = /\u0001(\d+)\u0001/g;
const KINDS = ["nil", "string", "number", "bool", "array", "object"] as const;
type Kind = typeof KINDS[number];
const GO_CASE: Record<Kind, string> = {
  nil: "nil",
  string: "string",
  number: "json.Number",
  bool: "bool",
  array: "[]interface{}",
  object: "map[string]interface{}",
};

interface Pending {
  id: number;
  schema: unknown;
  file: string;
  at: Path;
  /** What the function validates, for messages (the first caller's, when both share it). */
  purpose: Purpose;
}

/** What a validation function checks: a request (the server middleware) or a response (the client). */
export type Purpose = "request" | "response";

/** Compiles schemas into Go validation functions (see the module documentation). */
export class ValidationCompiler {
  readonly #index: RefIndex;
  readonly #model: TypeModel;
  readonly #siblingsWithRef: boolean;
  /** Place (file and path, long segments by their number in #long) → token. */
  readonly #byPlace = new Map<string, string>();
  /** Long path segments (path templates) → their number. */
  readonly #long = new Map<string, number>();
  readonly #names: string[] = [];
  readonly #bodies: string[] = [];
  readonly #queue: Pending[] = [];
  /** The function being compiled: the schemas it calls check what it checks. */
  #current: Pending | undefined;
  readonly #registry = new NameRegistry();
  readonly #patterns = new Map<string, string>();
  readonly #enums = new Map<string, string>();

  /** A compiler over the documents of `index`, raising issues in `model`. */
  constructor(index: RefIndex, model: TypeModel) {
    this.#index = index;
    this.#model = model;
    this.#siblingsWithRef = index.oasVersion !== "2.0" && index.oasVersion !== "3.0";
  }

  /**
   * A token standing for the function that validates `schema` (found at `at` in `file`); {@link resolve}
   * turns it into the function's name once {@link finish} has run.
   */
  check(schema: unknown, at: Path, file: string = this.#index.rootKey, purpose?: Purpose): string {
    const why = purpose ?? this.#current?.purpose ?? "request";
    let s = schema;
    let f = file;
    let place = at;
    // A bare reference (or, before 3.1, any reference: its siblings are ignored) is its target's function.
    for (let hops = 0; isRef(s) && hops < 2; hops++) {
      if (this.#siblingsWithRef && Object.keys(s).some((k) => k !== "$ref" && CONSTRAINTS.has(k))) break;
      // Before 3.1 the siblings of a reference are ignored, except `nullable` (as tools read it).
      if (!this.#siblingsWithRef && (s.nullable === true || s["x-nullable"] === true)) break;
      const r = followRef(this.#index, s, f);
      if (!r.ok) {
        this.#model.issue(
          "warning",
          place,
          `reference "${s.$ref}" cannot be resolved; the ${why} validation does not check it.`,
          "generate-ref",
        );
        s = true;
        break;
      }
      s = r.value;
      f = r.file;
      place = r.segments;
    }
    const key = `${f}\0${this.#placeKey(place)}`;
    const known = this.#byPlace.get(key);
    if (known !== undefined) return known;
    const id = this.#names.length;
    const token = `\u0001${id}\u0001`;
    this.#byPlace.set(key, token);
    this.#names.push(this.#nameOf(f, place, id));
    this.#bodies.push("");
    this.#queue.push({ id, schema: s, file: f, at: place, purpose: why });
    return token;
  }

  /**
   * The key of a place. A long segment (a path template of thousands of parameters) stands as its number: the
   * key of each of its parameters' places would otherwise copy it (quadratic), and V8 hashes a string over
   * 16,383 characters by its length alone (every lookup then a linear search: 5,000 parameters took 99 s).
   */
  #placeKey(place: Path): string {
    let key = "";
    for (let i = 0; i < place.length; i++) {
      let seg = place[i];
      if (typeof seg === "string" && seg.length > 64) {
        let n = this.#long.get(seg);
        if (n === undefined) {
          n = this.#long.size;
          this.#long.set(seg, n);
        }
        seg = `\u0003${n}`;
      }
      key += i === 0 ? seg : `\u0002${seg}`;
    }
    return key;
  }

  #nameOf(file: string, at: Path, id: number): string {
    const component = file === this.#index.rootKey &&
      ((at.length === 3 && at[0] === "components" && at[1] === "schemas") ||
        (at.length === 2 && at[0] === "definitions"));
    return component
      ? this.#registry.take("rvSchema" + goName(String(at[at.length - 1]), "Schema"))
      : `rvValue${id}`;
  }

  /**
   * Compiles every function asked for (and those they call), merges functions with the same body, and returns
   * the units: the pattern and allowed-value variables, then the functions in creation order.
   */
  finish(group: string): Unit[] {
    for (let i = 0; i < this.#queue.length; i++) {
      const p = this.#queue[i];
      this.#current = p;
      this.#bodies[p.id] = this.#compile(p);
    }
    this.#current = undefined;
    const canon = this.#dedupe();
    this.#canon = canon;
    const units: Unit[] = [];
    const vars = unit(group, 0);
    if (this.#patterns.size > 0) {
      vars.imports.add("regexp");
      vars.w.open("var (");
      for (const [pattern, name] of this.#patterns) {
        vars.w.line(`${name}${CELL}= regexp.MustCompile(${goString(pattern)})`);
      }
      vars.w.close(")");
    }
    if (this.#enums.size > 0) {
      if (vars.w.length > 0) vars.w.line();
      vars.w.open("var (");
      for (const [json, name] of this.#enums) vars.w.line(`${name}${CELL}= rvValues(${goString(json)})`);
      vars.w.close(")");
    }
    if (vars.w.length > 0) units.push(vars);
    for (let id = 0; id < this.#names.length; id++) {
      if (canon[id] !== this.#names[id]) continue;
      const u = unit(group, 0);
      const text = this.resolve(
        `func ${this.#names[id]}(v interface{}, p string, e *rvErrs) {\n${this.#bodies[id]}}`,
      );
      for (const [pkg, path] of IMPORTS) if (text.includes(pkg)) u.imports.add(path);
      u.w.raw(text);
      units.push(u);
    }
    return units;
  }

  #canon: string[] = [];

  /** Replaces the tokens of {@link check} in `text` by function names (after {@link finish}). */
  resolve(text: string): string {
    return text.replace(TOKEN, (_m, id) => this.#canon[Number(id)] ?? this.#names[Number(id)]);
  }

  /**
   * Each function's canonical name: functions whose bodies are equal once their callees are canonical share
   * the first one's name. Callees are settled first (Kahn's order); functions on a call cycle keep their own.
   */
  #dedupe(): string[] {
    const n = this.#names.length;
    const canon: string[] = new Array(n);
    const callees: number[][] = this.#bodies.map((
      b,
    ) => [...new Set([...b.matchAll(TOKEN)].map((m) => Number(m[1])))]);
    const callers: number[][] = Array.from({ length: n }, () => []);
    const waiting = new Array<number>(n).fill(0);
    callees.forEach((list, id) => {
      for (const c of list) {
        if (c === id) continue;
        callers[c].push(id);
        waiting[id]++;
      }
    });
    const seen = new Map<string, string>();
    const ready: number[] = [];
    for (let id = 0; id < n; id++) if (waiting[id] === 0) ready.push(id);
    for (let k = 0; k < ready.length; k++) {
      const id = ready[k];
      if (callees[id].includes(id)) canon[id] = this.#names[id];
      else {
        const text = this.#bodies[id].replace(TOKEN, (_m, c) => canon[Number(c)]);
        const same = seen.get(text);
        if (same !== undefined && !isComponentName(this.#names[id])) canon[id] = same;
        else {
          canon[id] = this.#names[id];
          if (same === undefined) seen.set(text, this.#names[id]);
        }
      }
      for (const caller of callers[id]) if (--waiting[caller] === 0) ready.push(caller);
    }
    for (let id = 0; id < n; id++) canon[id] ??= this.#names[id];
    return canon;
  }

  #compile(p: Pending): string {
    const w = new GoWriter();
    w.line("\tdefer e.leave()");
    w.line("\tif !e.enter(p) {").line("\t\treturn").line("\t}");
    let s = p.schema;
    if (!this.#siblingsWithRef && isRef(s)) {
      s = { $ref: s.$ref, nullable: true };
    }
    if (s === false) {
      w.line('\te.add(p, "is not allowed")');
      return w.toString();
    }
    if (!isObject(s)) return w.toString();
    const types = typesOf(s);
    if (types === undefined && (s.nullable === true || s["x-nullable"] === true)) {
      // `nullable` without `type` (next to allOf or a reference): null is allowed.
      w.line("\tif v == nil {").line("\t\treturn").line("\t}");
    }
    const host = this.#host();
    const clauses: [Kind, string[]][] = [];
    for (const kind of KINDS) {
      const allowed = types === undefined || kind === "nil" && types.has("null") ||
        kind === "number" && (types.has("integer") || types.has("number")) ||
        kind === "bool" && types.has("boolean") || types.has(kind);
      if (!allowed) continue;
      if (kind === "nil") {
        if (types !== undefined) clauses.push([kind, ["return"]]);
        continue;
      }
      const integer = types !== undefined && types.has("integer") && !types.has("number");
      const body = kind === "bool" ? [] : kindChecks(kind, s, p, integer, host);
      if (body.length > 0 || types !== undefined) clauses.push([kind, body]);
    }
    if (clauses.length > 0 || types !== undefined) {
      const usesX = clauses.some(([, b]) => b.some((l) => /\bx\b/.test(l)));
      w.line(`\tswitch ${usesX ? "x := " : ""}v.(type) {`);
      for (const [kind, body] of clauses) {
        w.line(`\tcase ${GO_CASE[kind]}:`);
        for (const l of body) w.line(l === "" ? "" : "\t\t" + l);
      }
      if (types !== undefined) {
        const names = [...types].map((t) => t === "null" ? "null" : t);
        w.line("\tdefault:");
        w.line(`\t\te.add(p, ${goString(`must be of type ${names.join(" or ")}`)})`);
        w.line("\t\treturn");
      }
      w.line("\t}");
    }
    const list = (key: string): string[] =>
      Array.isArray(s[key])
        ? (s[key] as unknown[]).map((m, i) => this.check(m, [...p.at, key, i], p.file))
        : [];
    for (const t of list("allOf")) w.line(`\t${t}(v, p, e)`);
    const anyOf = list("anyOf");
    if (anyOf.length > 0) {
      w.line(`\tif e.count(v, ${anyOf.join(", ")}) == 0 {`);
      w.line('\t\te.add(p, "must match at least one schema of anyOf")').line("\t}");
    }
    const oneOf = list("oneOf");
    if (oneOf.length > 0) {
      w.line(`\tif e.count(v, ${oneOf.join(", ")}) != 1 {`);
      w.line('\t\te.add(p, "must match exactly one schema of oneOf")').line("\t}");
    }
    if (s.not !== undefined) {
      w.line(`\tif e.ok(v, ${this.check(s.not, [...p.at, "not"], p.file)}) {`);
      w.line('\t\te.add(p, "must not match the schema of not")').line("\t}");
    }
    const values = Array.isArray(s.enum)
      ? s.enum
      : "const" in s && this.#siblingsWithRef
      ? [s.const]
      : undefined;
    if (values !== undefined && values.length > 0) {
      const json = JSON.stringify(values);
      let name = this.#enums.get(json);
      if (name === undefined) {
        name = `rvEnum${this.#enums.size}`;
        this.#enums.set(json, name);
      }
      w.line(`\tif !${name}[rvCanon(v)] {`);
      w.line('\t\te.add(p, "must be one of the allowed values")').line("\t}");
    }
    if (isRef(s)) {
      w.line(`\t${this.check({ $ref: s.$ref }, [...p.at, "$ref"], p.file)}(v, p, e)`);
    }
    return w.toString();
  }

  /** The compiler as the per-kind checks see it. */
  #host(): CheckHost {
    return {
      check: (schema, at, file) => this.check(schema, at, file),
      pattern: (source, at) => {
        const re = ecmaToRe2(source);
        if (!re.ok) {
          this.#model.issue(
            "warning",
            at,
            `the pattern cannot be checked with Go's regexp (RE2): ${re.reason}; the middleware does not check it.`,
            "generate-pattern",
          );
          return undefined;
        }
        let name = this.#patterns.get(re.pattern);
        if (name === undefined) {
          name = `rvPattern${this.#patterns.size}`;
          this.#patterns.set(re.pattern, name);
        }
        return name;
      },
      info: (at, message) => this.#model.issue("info", at, message, "generate-validation"),
      readOnly: (schema, file) => {
        if (!isObject(schema)) return false;
        return schema.readOnly === true || followedObject(this.#index, schema, file)?.readOnly === true;
      },
    };
  }
}

/** The compiler of each run, by its type model (one per run). */
const SHARED = new WeakMap<TypeModel, ValidationCompiler>();

/**
 * The one compiler of a run: the server middleware and the client's response validation share it, so a schema
 * both check is one function in the package (registered by both before the first {@link ValidationCompiler.finish}).
 */
export function sharedCompiler(index: RefIndex, model: TypeModel): ValidationCompiler {
  let compiler = SHARED.get(model);
  if (compiler === undefined) {
    compiler = new ValidationCompiler(index, model);
    SHARED.set(model, compiler);
  }
  return compiler;
}

/** The keywords that make a schema check something (a `$ref` with one of them is more than its target). */
const CONSTRAINTS = new Set([
  "type",
  "enum",
  "const",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "items",
  "minItems",
  "maxItems",
  "uniqueItems",
  "properties",
  "required",
  "additionalProperties",
  "minProperties",
  "maxProperties",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
]);

const IMPORTS: [string, string][] = [
  ["json.", "encoding/json"],
  ["math.", "math"],
  ["utf8.", "unicode/utf8"],
];

function isComponentName(name: string): boolean {
  return name.startsWith("rvSchema");
}

/** The JSON types a schema allows (with `null` for nullable ones); undefined when it says none. */
function typesOf(s: Record<string, unknown>): Set<string> | undefined {
  const out = new Set<string>();
  const known = new Set(["string", "number", "integer", "boolean", "array", "object", "null"]);
  if (typeof s.type === "string" && known.has(s.type)) out.add(s.type);
  else if (Array.isArray(s.type)) {
    for (const t of s.type) if (typeof t === "string" && known.has(t)) out.add(t);
  }
  if (out.size === 0) return undefined;
  if (s.nullable === true || s["x-nullable"] === true) out.add("null");
  return out;
}
