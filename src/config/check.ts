/**
 * Checks a parsed value against a {@link SchemaNode}: the subset of JSON Schema 2020-12 the policy file's schema
 * uses. Each problem is a path and one sentence; unknown keys name the closest known one.
 *
 * @module
 */
import { closest } from "../core/closest.ts";
import type { SchemaNode } from "./schema.ts";

/** One problem found: where (path segments) and what. */
export interface SchemaIssue {
  /** Path of the offending value (of the key, for an unknown key). */
  segments: (string | number)[];
  /** One sentence. */
  message: string;
}

/** Most problems reported for one file. */
const MAX_ISSUES = 50;
/** Deepest nesting checked. */
const MAX_DEPTH = 64;

/** Checks `value` against `schema` (whose `$ref`s point into `root.$defs`); returns the problems, in order. */
export function checkAgainst(value: unknown, schema: SchemaNode, root: SchemaNode = schema): SchemaIssue[] {
  const checker = new Checker(root);
  checker.check(value, schema, [], 0);
  return checker.out.slice(0, MAX_ISSUES);
}

function deref(schema: SchemaNode, root: SchemaNode): SchemaNode {
  let s = schema;
  for (let i = 0; i < 8 && s.$ref !== undefined; i++) {
    const name = s.$ref.replace(/^#\/\$defs\//, "");
    const next = root.$defs?.[name];
    if (next === undefined) throw new Error(`schema reference ${s.$ref} is not defined`);
    s = next;
  }
  return s;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function typeMatches(value: unknown, type: SchemaNode["type"]): boolean {
  if (type === undefined) return true;
  const t = typeOf(value);
  return t === type || (type === "number" && t === "integer");
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function describe(schema: SchemaNode, root: SchemaNode): string {
  const s = deref(schema, root);
  if (s.title !== undefined) return s.title;
  if (s.enum !== undefined) return `one of ${s.enum.join(", ")}`;
  return s.type === undefined ? "a value" : article(s.type);
}

/** Walks a value and its schema, collecting the problems. */
class Checker {
  readonly root: SchemaNode;
  readonly out: SchemaIssue[];

  constructor(root: SchemaNode, out: SchemaIssue[] = []) {
    this.root = root;
    this.out = out;
  }

  check(value: unknown, schema: SchemaNode, at: (string | number)[], depth: number): void {
    if (this.out.length >= MAX_ISSUES) return;
    if (depth > MAX_DEPTH) {
      this.out.push({ segments: at, message: `nested more than ${MAX_DEPTH} levels deep.` });
      return;
    }
    const s = deref(schema, this.root);
    if (s.anyOf !== undefined) {
      this.checkAnyOf(value, s.anyOf, at, depth);
      return;
    }
    if (!typeMatches(value, s.type)) {
      const expected = s.type === undefined ? describe(s, this.root) : article(s.type);
      this.out.push({
        segments: at,
        message: `${shown(value)} is ${article(typeOf(value))}; expected ${expected}.`,
      });
      return;
    }
    if (s.enum !== undefined && !s.enum.includes(value as string)) {
      const guess = typeof value === "string" ? closest(value, s.enum) : undefined;
      this.out.push({
        segments: at,
        message: `${shown(value)} is not one of ${s.enum.join(", ")}${
          guess ? `; did you mean "${guess}"?` : "."
        }`,
      });
      return;
    }
    if (s.const !== undefined && value !== s.const) {
      this.out.push({ segments: at, message: `${shown(value)} must be ${shown(s.const)}.` });
      return;
    }
    if (typeof value === "number" && s.minimum !== undefined && value < s.minimum) {
      this.out.push({
        segments: at,
        message: `${shown(value)} is less than ${s.minimum}; give at least ${s.minimum}.`,
      });
      return;
    }
    if (typeof value === "string") this.checkString(value, s, at);
    else if (Array.isArray(value)) this.checkArray(value, s, at, depth);
    else if (value !== null && typeof value === "object") {
      this.checkObject(value as Record<string, unknown>, s, at, depth);
    }
  }

  checkString(value: string, s: SchemaNode, at: (string | number)[]): void {
    if (s.minLength !== undefined && value.length < s.minLength) {
      this.out.push({ segments: at, message: "an empty string is not allowed here." });
    } else if (s.pattern !== undefined && !new RegExp(s.pattern, "u").test(value)) {
      this.out.push({ segments: at, message: `${shown(value)} does not match the pattern ${s.pattern}.` });
    }
  }

  checkArray(value: unknown[], s: SchemaNode, at: (string | number)[], depth: number): void {
    if (s.minItems !== undefined && value.length < s.minItems) {
      this.out.push({ segments: at, message: `the list needs at least ${s.minItems} item(s).` });
    }
    const prefix = s.prefixItems ?? [];
    value.forEach((item, i) => {
      const itemSchema = i < prefix.length ? prefix[i] : s.items;
      if (itemSchema === false) {
        this.out.push({ segments: [...at, i], message: `the list has at most ${prefix.length} item(s).` });
      } else if (itemSchema !== undefined && itemSchema !== true) {
        this.check(item, itemSchema, [...at, i], depth + 1);
      }
    });
  }

  checkObject(value: Record<string, unknown>, s: SchemaNode, at: (string | number)[], depth: number): void {
    const known = Object.keys(s.properties ?? {});
    for (const name of s.required ?? []) {
      if (!(name in value)) {
        this.out.push({ segments: at, message: `the required key "${name}" is missing.` });
      }
    }
    for (const [key, item] of Object.entries(value)) {
      const here = [...at, key];
      if (s.propertyNames !== undefined) {
        const before = this.out.length;
        this.check(key, s.propertyNames, here, depth + 1);
        for (let i = before; i < this.out.length; i++) this.out[i].message = `the key ${this.out[i].message}`;
        if (this.out.length > before) continue;
      }
      const declared = s.properties?.[key];
      if (declared !== undefined) this.check(item, declared, here, depth + 1);
      else if (s.additionalProperties === false) {
        const guess = closest(key, known);
        this.out.push({
          segments: here,
          message: `unknown key "${key}"${
            guess ? `; did you mean "${guess}"?` : `; known keys: ${known.join(", ")}.`
          }`,
        });
      } else if (typeof s.additionalProperties === "object") {
        this.check(item, s.additionalProperties, here, depth + 1);
      }
    }
  }

  /** The branch whose type fits reports its problems; when none or several fit, one sentence lists the forms. */
  checkAnyOf(value: unknown, branches: readonly SchemaNode[], at: (string | number)[], depth: number): void {
    const fitting: SchemaIssue[][] = [];
    for (const branch of branches) {
      const issues: SchemaIssue[] = [];
      new Checker(this.root, issues).check(value, branch, at, depth + 1);
      if (issues.length === 0) return;
      if (typeMatches(value, deref(branch, this.root).type)) fitting.push(issues);
    }
    if (fitting.length === 1) {
      this.out.push(...fitting[0]);
      return;
    }
    const forms = branches.map((b) => describe(b, this.root));
    this.out.push({
      segments: at,
      message: `${shown(value)} is not ${forms.slice(0, -1).join(", ")} or ${forms.at(-1)}.`,
    });
  }
}
