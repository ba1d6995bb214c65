/**
 * Structural validation: the document against the official JSON Schema of its version (precompiled by
 * `scripts/gen_schemas.ts`), with ajv's raw errors turned into one readable finding per real problem.
 *
 * @module
 */
import { type OASVersion, typedSegments, unescapePointerSegment } from "../core/mod.ts";
import { anchorOf, classify, type OasKind } from "../walker/mod.ts";
import { uniqueValues } from "../core/canonical_key.ts";
import { pushAll } from "../core/bounded_text.ts";

/** One raw ajv error (with `verbose`). */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  schema?: unknown;
  data?: unknown;
}

/** A compiled validator as the generated modules export it. */
export type SchemaValidator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

const loaded = new Map<OASVersion, SchemaValidator>();

/** The schema validator of a version family, loaded once per process. */
export async function schemaValidator(version: OASVersion): Promise<SchemaValidator> {
  let v = loaded.get(version);
  if (v !== undefined) return v;
  const mod = version === "2.0"
    ? await import("./_schema_2_0.ts")
    : version === "3.0"
    ? await import("./_schema_3_0.ts")
    : version === "3.1"
    ? await import("./_schema_3_1.ts")
    : await import("./_schema_3_2.ts");
  v = (mod as unknown as { validate: SchemaValidator }).validate;
  loaded.set(version, v);
  return v;
}

/**
 * How a draft-04 schema (2.0, 3.0) chooses between the alternatives of a kind: by the value of `field` (down a
 * chain of fields, as `type` then `flow` of a 2.0 security scheme), or the Reference alternative for a `$ref`.
 * Generated with the kind validators by `scripts/gen_schemas.ts`.
 */
interface Choice {
  field: string;
  ref?: SchemaValidator;
  values: Record<string, SchemaValidator | Choice>;
}

/** The lazily loaded module of kind validators of a version family. */
interface KindsModule {
  kinds: Partial<Record<OasKind, SchemaValidator>>;
  branches: Partial<Record<OasKind, Choice>>;
}

const kindModules = new Map<OASVersion, KindsModule>();

/** The validators of single objects by kind (for objects in referenced files), loaded once when first needed. */
async function kindsModule(version: OASVersion): Promise<KindsModule> {
  let v = kindModules.get(version);
  if (v !== undefined) return v;
  const mod = version === "2.0"
    ? await import("./_schema_2_0_kinds.ts")
    : version === "3.0"
    ? await import("./_schema_3_0_kinds.ts")
    : version === "3.1"
    ? await import("./_schema_3_1_kinds.ts")
    : await import("./_schema_3_2_kinds.ts");
  v = mod as unknown as KindsModule;
  kindModules.set(version, v);
  return v;
}

/** The kind alternatives of a version, loaded only when errors hold a failed oneOf/anyOf to explain. */
async function branchesFor(
  version: OASVersion,
  errors: readonly AjvError[],
): Promise<Partial<Record<OasKind, Choice>>> {
  if (version !== "2.0" && version !== "3.0") return {};
  if (!errors.some((e) => e.keyword === "oneOf" || e.keyword === "anyOf")) return {};
  return (await kindsModule(version)).branches;
}

/**
 * Validates one object of a kind (from a referenced file) against its definition in the version's schema;
 * paths in the issues are relative to the object. Kinds without a definition of their own pass.
 */
export async function checkObject(
  node: unknown,
  kind: OasKind,
  version: OASVersion,
): Promise<StructuralIssue[]> {
  const validate = (await kindsModule(version)).kinds[kind];
  if (validate === undefined || validate(node)) return [];
  const errors = validate.errors ?? [];
  return structuralIssues(errors, node, version, kind, await branchesFor(version, errors));
}

/** A structural problem, before it becomes a finding. */
export interface StructuralIssue {
  /** Path of the object or value concerned. */
  segments: (string | number)[];
  /** Path of the field concerned (for `required`/unknown fields: the field's own path), for de-duplication. */
  fieldSegments: (string | number)[];
  message: string;
  /** Spec section anchor. */
  anchor: string;
}

function pathOf(instancePath: string): string[] {
  return instancePath === "" ? [] : instancePath.slice(1).split("/").map(unescapePointerSegment);
}

function within(path: string, parent: string): boolean {
  return path === parent || (path.startsWith(parent) && path.charCodeAt(parent.length) === 0x2f);
}

function quote(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 80 ? s.slice(0, 77) + "…" : s;
}

function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "an object";
  if (typeof v === "number") return Number.isInteger(v) ? "an integer" : "a number";
  return `a ${typeof v}`;
}

function getChild(root: unknown, path: string): unknown {
  let cur = root;
  for (const s of pathOf(path)) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[s];
  }
  return cur;
}

/** Which alternative of a oneOf/anyOf an error belongs to. */
function branchOf(error: AjvError, compositeSchemaPath: string): string {
  const prefix = compositeSchemaPath + "/";
  if (error.schemaPath.startsWith(prefix)) return error.schemaPath.slice(prefix.length).split("/")[0];
  const m = /^#\/(?:definitions|\$defs)\/([^/]+)/.exec(error.schemaPath);
  return m ? m[1] : "?";
}

/** Whether an error says the data is of another alternative: a mismatched `in`/`type`-like discriminating value. */
function isSelectorMismatch(error: AjvError, compositePath: string): boolean {
  if (error.keyword === "required" && error.params.missingProperty === "$ref") return true;
  if (error.keyword !== "enum" && error.keyword !== "const") return false;
  const rest = error.instancePath.slice(compositePath.length);
  return /^\/[^/]+$/.test(rest);
}

/**
 * Resolves the errors of a failed oneOf/anyOf: keeps the alternative the data most plausibly meant (the one
 * that does not fail on a discriminating field like `in`, `type` or `$ref`, then the one with the fewest errors).
 */
function pickBranch(all: AjvError[], composite: AjvError, root: unknown): AjvError[] {
  // "Missing $ref" is the Reference alternative failing on data that is not a reference: never the problem.
  const notRef = all.filter((e) =>
    !(e.keyword === "required" && e.params.missingProperty === "$ref" &&
      e.instancePath === composite.instancePath)
  );
  const block = notRef.length > 0 ? notRef : all;
  const branches = new Map<string, AjvError[]>();
  for (const e of block) {
    const b = branchOf(e, composite.schemaPath);
    const list = branches.get(b) ?? [];
    list.push(e);
    branches.set(b, list);
  }
  if (branches.size === 0) {
    const passing = composite.params.passingSchemas;
    return [{
      ...composite,
      message: Array.isArray(passing)
        ? "matches more than one of the allowed forms; make it match exactly one"
        : "does not match any of the allowed forms",
    }];
  }
  const alternatives = [...branches.values()];
  const candidates = alternatives.filter((errs) =>
    !errs.some((e) => isSelectorMismatch(e, composite.instancePath))
  );
  if (candidates.length === 0) {
    // Every alternative rejects a discriminating field: report that field once, with every allowed value.
    const byPath = new Map<string, unknown[]>();
    for (const errs of alternatives) {
      for (const e of errs) {
        if (!isSelectorMismatch(e, composite.instancePath) || e.keyword === "required") continue;
        const values = byPath.get(e.instancePath) ?? [];
        if (e.keyword === "enum") pushAll(values, e.params.allowedValues as unknown[]);
        else values.push(e.params.allowedValue);
        byPath.set(e.instancePath, values);
      }
    }
    if (byPath.size === 0) return alternatives[0];
    const out: AjvError[] = [];
    for (const [path, values] of byPath) {
      out.push({
        instancePath: path,
        schemaPath: composite.schemaPath,
        keyword: "enum",
        params: {
          allowedValues: uniqueValues(values),
        },
        data: getChild(root, path),
      });
    }
    return out;
  }
  // Alternatives that each only miss one required field: "needs one of a or b".
  if (
    candidates.length > 1 &&
    candidates.every((errs) =>
      errs.length === 1 && errs[0].keyword === "required" && errs[0].instancePath === composite.instancePath
    )
  ) {
    const names = candidates.map((errs) => errs[0].params.missingProperty as string);
    return [{ ...composite, keyword: "requiredOneOf", params: { names } }];
  }
  let best = candidates[0];
  for (const c of candidates) if (c.length < best.length) best = c;
  return best;
}

/**
 * The errors of an object against the alternative its discriminating field says it is meant to be (`in`,
 * `type`, `flow`, or `$ref` for a reference), with paths from the document root; a missing or unknown
 * discriminating value is the one error. Undefined when the kind has no such choice or that alternative passes.
 */
function intendedErrors(
  path: string,
  root: unknown,
  version: OASVersion,
  from: OasKind,
  branches: Partial<Record<OasKind, Choice>>,
): AjvError[] | undefined {
  const kind = classify(typedSegments(root, pathOf(path)), version, from);
  const first = kind === undefined ? undefined : branches[kind];
  const node = getChild(root, path);
  if (first === undefined || node === null || typeof node !== "object" || Array.isArray(node)) {
    return undefined;
  }
  let choice: Choice = first;
  const obj = node as Record<string, unknown>;
  let validate: SchemaValidator | undefined = Object.hasOwn(obj, "$ref") ? choice.ref : undefined;
  // Chains are two fields deep at most (generated data); the bound keeps a bad table from looping.
  for (let depth = 0; validate === undefined && depth < 4; depth++) {
    const value: unknown = obj[choice.field];
    if (value === undefined) {
      return [{
        instancePath: path,
        schemaPath: "#/required",
        keyword: "required",
        params: { missingProperty: choice.field },
      }];
    }
    const next: SchemaValidator | Choice | undefined = typeof value === "string" &&
        Object.hasOwn(choice.values, value)
      ? choice.values[value]
      : undefined;
    if (next === undefined) {
      return [{
        instancePath: `${path}/${choice.field}`,
        schemaPath: `#/properties/${choice.field}/enum`,
        keyword: "enum",
        params: { allowedValues: Object.keys(choice.values) },
        data: value,
      }];
    }
    if (typeof next === "function") validate = next;
    else choice = next;
  }
  if (validate === undefined || validate(node)) return undefined;
  return (validate.errors ?? []).map((e) => ({ ...e, instancePath: path + e.instancePath }));
}

/**
 * Replaces the errors of every object whose oneOf/anyOf failed and whose kind chooses its alternative by a
 * field's value (2.0, 3.0) with its errors against that alternative: one pass, so the replacement is final.
 */
function narrowToIntent(
  errors: readonly AjvError[],
  root: unknown,
  version: OASVersion,
  from: OasKind,
  branches: Partial<Record<OasKind, Choice>>,
): readonly AjvError[] {
  if (Object.keys(branches).length === 0) return errors;
  const out: AjvError[] = [];
  let i = 0;
  while (i < errors.length) {
    const e = errors[i];
    const replacement = e.keyword === "oneOf" || e.keyword === "anyOf"
      ? intendedErrors(e.instancePath, root, version, from, branches)
      : undefined;
    if (replacement === undefined) {
      out.push(e);
      i++;
      continue;
    }
    // The object's errors are contiguous: those before the composite error and those after it (an outer
    // oneOf, the Reference alternative) all go.
    let start = out.length;
    while (start > 0 && within(out[start - 1].instancePath, e.instancePath)) start--;
    out.splice(start);
    pushAll(out, replacement);
    i++;
    while (i < errors.length && within(errors[i].instancePath, e.instancePath)) i++;
  }
  return out;
}

/** Reduces raw ajv errors to the ones that say what is wrong: one per real problem. */
export function reduceErrors(errors: readonly AjvError[], root: unknown): AjvError[] {
  const out: AjvError[] = [];
  for (const e of errors) {
    if (e.keyword === "oneOf" || e.keyword === "anyOf") {
      let start = out.length;
      while (start > 0 && within(out[start - 1].instancePath, e.instancePath)) start--;
      const block = out.splice(start);
      pushAll(out, pickBranch(block, e, root));
      continue;
    }
    if (e.keyword === "if" || e.keyword === "allOf") continue;
    out.push(e);
  }
  // A field that failed its own subschema is also "unevaluated" to the object around it: keep only the cause.
  const failed = out.filter((e) => e.keyword !== "unevaluatedProperties");
  // "Matches more than one form" beside another error of the same object (3.0 `http` without `scheme`, where
  // both the bearer and the non-bearer forms hold): the other error is the cause.
  const ambiguous = (e: AjvError) =>
    (e.keyword === "oneOf" || e.keyword === "anyOf") && e.message !== undefined &&
    e.message.startsWith("matches more than one");
  return out.filter((e) =>
    (e.keyword !== "unevaluatedProperties" || !failed.some((f) => within(f.instancePath, e.instancePath))) &&
    (!ambiguous(e) || !out.some((f) => f !== e && f.instancePath === e.instancePath))
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** The message and field path of one reduced error. */
function describe(
  e: AjvError,
  root: unknown,
  version: OASVersion,
  from: OasKind,
): { message: string; field?: string } {
  const p = e.params;
  switch (e.keyword) {
    case "required":
      return {
        message: `missing required field ${quote(p.missingProperty)}.`,
        field: String(p.missingProperty),
      };
    case "requiredOneOf": {
      const names = (p.names as string[]).map(quote);
      return { message: `needs one of ${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}.` };
    }
    case "additionalProperties":
    case "unevaluatedProperties": {
      const name = String(p.additionalProperty ?? p.unevaluatedProperty);
      const container = classify(typedSegments(root, pathOf(e.instancePath)), version, from);
      if (container === "paths") return { message: `path ${quote(name)} must start with "/".`, field: name };
      if (container === "responses") {
        return {
          message: `response key ${
            quote(name)
          } is not a status code; use 100-599, a range 1XX-5XX, or "default".`,
          field: name,
        };
      }
      return {
        message: `unknown field ${quote(name)}${
          name.startsWith("x") ? "" : " (extensions must start with x-)"
        }.`,
        field: name,
      };
    }
    case "type": {
      const expected = Array.isArray(p.type) ? (p.type as string[]).join(" or ") : String(p.type);
      return {
        message: `must be ${/^[aeiou]/.test(expected) ? "an" : "a"} ${expected}, not ${
          describeValue(e.data)
        }.`,
      };
    }
    case "enum":
      return {
        message: `must be one of ${(p.allowedValues as unknown[]).map(quote).join(", ")}; found ${
          quote(e.data)
        }.`,
      };
    case "const":
      return { message: `must be ${quote(p.allowedValue)}; found ${quote(e.data)}.` };
    case "pattern":
      return { message: `${quote(e.data)} does not match the pattern ${p.pattern}.` };
    case "format":
      return { message: `${quote(e.data)} is not a valid ${p.format}.` };
    case "minItems":
      return { message: `must have at least ${plural(p.limit as number, "item")}.` };
    case "maxItems":
      return { message: `must have at most ${plural(p.limit as number, "item")}.` };
    case "minProperties":
      return {
        message: classify(typedSegments(root, pathOf(e.instancePath)), version, from) === "responses"
          ? "must have at least one response."
          : `must have at least ${plural(p.limit as number, "entry")}.`,
      };
    case "maxProperties":
      return { message: `must have at most ${plural(p.limit as number, "entry")}.` };
    case "minLength":
      return { message: `must not be shorter than ${plural(p.limit as number, "character")}.` };
    case "contains": {
      const s = e.schema as Record<string, unknown> | undefined;
      const where = (s?.properties as Record<string, Record<string, unknown>> | undefined)?.in?.const;
      if (p.maxContains !== undefined) {
        return {
          message: where !== undefined
            ? `at most ${plural(p.maxContains as number, "parameter")} may be "in: ${where}".`
            : `must contain at most ${plural(p.maxContains as number, "matching item")}.`,
        };
      }
      return { message: `must contain at least ${plural((p.minContains as number) ?? 1, "matching item")}.` };
    }
    case "uniqueItems":
      return { message: `items ${p.j} and ${p.i} are identical; list each only once.` };
    case "dependencies":
    case "dependentRequired":
      return { message: `${quote(p.property)} requires ${quote(p.missingProperty)}.` };
    case "false schema": {
      const segs = pathOf(e.instancePath);
      return { message: `field ${quote(segs[segs.length - 1])} is not allowed here.` };
    }
    case "not": {
      const s = e.schema as Record<string, unknown> | undefined;
      if (s && Array.isArray(s.required) && s.required.length > 1) {
        return { message: `${(s.required as unknown[]).map(quote).join(" and ")} cannot be used together.` };
      }
      return { message: "has a combination of fields that is not allowed here." };
    }
    case "oneOf":
    case "anyOf":
      return { message: `${e.message ?? "does not match any of the allowed forms"}.` };
    default:
      return { message: `${e.message ?? "is not valid"}.` };
  }
}

/** Turns raw ajv errors into structural issues, in the order ajv found them, without duplicates. */
export function structuralIssues(
  errors: readonly AjvError[],
  root: unknown,
  version: OASVersion,
  from: OasKind = "root",
  branches: Partial<Record<OasKind, Choice>> = {},
): StructuralIssue[] {
  const out: StructuralIssue[] = [];
  const seen = new Set<string>();
  for (const e of reduceErrors(narrowToIntent(errors, root, version, from, branches), root)) {
    const segments = typedSegments(root, pathOf(e.instancePath));
    const { message, field } = describe(e, root, version, from);
    const key = `${e.instancePath}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let kindPath = segments;
    let kind = classify(kindPath, version, from);
    while (kind === undefined && kindPath.length > 0) {
      kindPath = kindPath.slice(0, -1);
      kind = classify(kindPath, version, from);
    }
    const named = field ?? (typeof e.params.propertyName === "string" ? e.params.propertyName : undefined);
    const fieldSegments = named === undefined ? segments : [...segments, named];
    const onField = e.keyword === "additionalProperties" || e.keyword === "unevaluatedProperties";
    out.push({
      segments: onField ? fieldSegments : segments,
      fieldSegments,
      message,
      anchor: anchorOf(kind ?? from, version),
    });
  }
  return out;
}

/** Validates a document's structure against its version's schema. */
export async function checkSchema(root: unknown, version: OASVersion): Promise<StructuralIssue[]> {
  const validate = await schemaValidator(version);
  if (validate(root)) return [];
  const errors = validate.errors ?? [];
  return structuralIssues(errors, root, version, "root", await branchesFor(version, errors));
}
