/**
 * Validation of an Overlay document, shared by `validateOverlay` and `applyOverlay`: the structure is checked
 * by the official Overlay JSON Schema of the declared version (1.0 or 1.1, compiled ahead of time by
 * `scripts/gen_schemas.ts`), with ajv's errors turned into one readable finding each; then the rules a schema
 * cannot say: targets and `copy` are RFC 9535 JSONPath queries, actions are unique (the schema's `uniqueItems`,
 * checked here in one pass), and what each action will do (remove wins over copy, copy over update; an action
 * with none of them is a legal no-op, reported as a warning).
 *
 * @module
 */
import { type Finding, finding, parsePointer, typedSegments } from "../core/mod.ts";
import { isObject } from "../core/json.ts";
import { quote } from "../core/bounded_text.ts";
import { type JsonPathQuery, JsonPathSyntaxError, parseJsonPath } from "../jsonpath/mod.ts";
import type { OverlayActionKind } from "./overlay_document.ts";
import { validate as validate10 } from "./_schema_1_0.ts";
import { validate as validate11 } from "./_schema_1_1.ts";

/** Options of {@link checkOverlay}. */
export interface CheckOverlayOptions {
  /** Report what is accepted with a warning (hyphenated names in dot notation) as an error. */
  strict?: boolean;
}

/** An action as checked: its kind and parsed queries. */
export interface CheckedAction {
  kind: OverlayActionKind;
  target: string;
  targetQuery: JsonPathQuery;
  copy?: string;
  copyQuery?: JsonPathQuery;
  description?: string;
}

/** Result of {@link checkOverlay}. */
export interface OverlayCheck {
  errors: Finding[];
  warnings: Finding[];
  /** The `overlay` field when it is a string. */
  version?: string;
  /** Minor version (0 or 1) when the version is supported. */
  minor?: number;
  title?: string;
  infoVersion?: string;
  extends?: string;
  actionCount: number;
  /** The actions, when there are no errors. */
  actions: CheckedAction[];
}

/** One error of a compiled (ajv standalone) validator, as produced with `verbose: true`. */
interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  data?: unknown;
}

type Validator = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

const VALIDATORS: Validator[] = [validate10 as Validator, validate11 as Validator];

const SPEC_LINK = [
  "https://spec.openapis.org/overlay/v1.0.0.html",
  "https://spec.openapis.org/overlay/v1.1.0.html",
];

/** The fields each object may have besides `x-` extensions, per minor version, in the order messages list them. */
const ALLOWED: Record<"root" | "info" | "action", [string[], string[]]> = {
  root: [["overlay", "info", "extends", "actions"], ["overlay", "info", "extends", "actions"]],
  info: [["title", "version"], ["title", "version", "description"]],
  action: [["target", "description", "update", "remove"], [
    "target",
    "description",
    "update",
    "remove",
    "copy",
  ]],
};

/** Order of findings: by section of the document, then action index, then field (see {@link sortKey}). */
const ROOT_ORDER: Record<string, number> = { overlay: 0, info: 2, extends: 3, actions: 4 };
const INFO_ORDER: Record<string, number> = { title: 1, version: 2, description: 3 };
const ACTION_ORDER: Record<string, number> = { target: 2, description: 3, remove: 4, copy: 5, update: 6 };

/** A finding with the key it is sorted by. */
interface Entry {
  finding: Finding;
  key: number[];
}

/**
 * Longest document-supplied text an overlay message quotes: the file may be no overlay at all (a private key,
 * say), so a message quotes a token of it, never a line.
 */
const QUOTE_MAX = 40;

/** A document-supplied string for a message: quoted, and shortened past 40 characters (with `…`). */
export function quoted(text: string): string {
  return quote(text, QUOTE_MAX);
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `${typeof value} ${quote(value, QUOTE_MAX)}`;
}

/**
 * Where a finding sorts: the version, unknown top-level fields, info, extends, actions (each action by index:
 * its own type, unknown fields, target, description, remove, copy, update, then action-level rules).
 */
function sortKey(segments: readonly (string | number)[], last = false): number[] {
  if (segments.length === 0) return [-1];
  const [first, second, third] = segments;
  const top = ROOT_ORDER[first as string] ?? 1;
  if (first === "info") return [top, segments.length === 1 ? 0 : INFO_ORDER[second as string] ?? 4];
  if (first === "actions" && typeof second === "number") {
    if (segments.length === 2) return [top, second, last ? 7 : 0];
    return [top, second, ACTION_ORDER[third as string] ?? 1];
  }
  if (first === "actions") return [top, -1];
  return [top];
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/**
 * Checks an Overlay document against the official schema of the version it declares (1.1 when the version is
 * missing or unsupported) and the rules on top of it. Never throws.
 */
export function checkOverlay(overlay: unknown, options: CheckOverlayOptions = {}): OverlayCheck {
  const errors: Entry[] = [];
  const warnings: Entry[] = [];
  const result: OverlayCheck = { errors: [], warnings: [], actionCount: 0, actions: [] };

  let minor = 1; // the rules used when the version is missing or unsupported
  if (isObject(overlay) && typeof overlay.overlay === "string") {
    result.version = overlay.overlay;
    const m = /^1\.([01])\.\d+$/.exec(overlay.overlay);
    if (m !== null) minor = result.minor = Number(m[1]);
  }
  const note = (
    list: Entry[],
    segments: (string | number)[],
    message: string,
    rule: string,
    last = false,
  ) => {
    const severity = list === errors ? "error" : "warning";
    list.push({
      finding: finding(severity, segments, message, { rule, specLink: SPEC_LINK[minor] }),
      key: sortKey(segments, last),
    });
  };

  const validate = VALIDATORS[minor];
  if (!validate(overlay)) {
    for (const error of validate.errors ?? []) {
      const translated = translate(error, overlay, minor);
      if (translated !== undefined) note(errors, translated[0], translated[1], "overlay-schema");
    }
  }

  if (isObject(overlay)) {
    const info = overlay.info;
    if (isObject(info)) {
      if (typeof info.title === "string") result.title = info.title;
      if (typeof info.version === "string") result.infoVersion = info.version;
    }
    if (typeof overlay.extends === "string") result.extends = overlay.extends;
    if (Array.isArray(overlay.actions)) {
      const actions = overlay.actions as unknown[];
      result.actionCount = actions.length;
      const checked: CheckedAction[] = [];
      const seen = new Map<string, number>();
      actions.forEach((action, i) => {
        const key = canonicalJson(action);
        const first = seen.get(key);
        if (first === undefined) seen.set(key, i);
        else {
          note(
            errors,
            ["actions", i],
            `is identical to actions[${first}]; actions must be unique (uniqueItems), remove the duplicate`,
            "overlay-unique-actions",
            true,
          );
        }
        if (!isObject(action)) return;
        const entry = checkAction(
          action,
          ["actions", i],
          minor,
          options.strict === true,
          note,
          errors,
          warnings,
        );
        if (entry !== undefined) checked.push(entry);
      });
      if (errors.length === 0) result.actions = checked;
    }
  }
  const sorted = (list: Entry[]) => list.sort((a, b) => compareKeys(a.key, b.key)).map((e) => e.finding);
  result.errors = sorted(errors);
  result.warnings = sorted(warnings);
  return result;
}

/** The semantic rules of one action object; returns the checked action when its queries parse. */
function checkAction(
  action: Record<string, unknown>,
  at: (string | number)[],
  minor: number,
  strict: boolean,
  note: (list: Entry[], segments: (string | number)[], message: string, rule: string, last?: boolean) => void,
  errors: Entry[],
  warnings: Entry[],
): CheckedAction | undefined {
  const query = (field: "target" | "copy"): JsonPathQuery | undefined => {
    const text = action[field];
    if (typeof text !== "string") return undefined;
    const parsed = parseQuery(text);
    if (parsed.error !== undefined) {
      note(errors, [...at, field], parsed.error, "overlay-jsonpath");
      return undefined;
    }
    for (const [name, position] of parsed.hyphenated) {
      note(
        strict ? errors : warnings,
        [...at, field],
        `member name ${quoted(name)} at position ${position} of ${
          quoted(text)
        } uses "-" in dot notation, which RFC 9535 does not allow${
          strict ? "" : " (accepted, as the Overlay Specification's examples write it)"
        }; write it as ['${name}']`,
        "overlay-jsonpath-hyphenated-name",
      );
    }
    return parsed.query;
  };
  const targetQuery = query("target");
  const hasCopy = minor === 1 && Object.hasOwn(action, "copy");
  const copyQuery = hasCopy ? query("copy") : undefined;
  const hasUpdate = Object.hasOwn(action, "update");
  const removes = action.remove === true;

  const kind: OverlayActionKind = removes ? "remove" : hasCopy ? "copy" : hasUpdate ? "update" : "none";
  const ignored = [hasUpdate && kind !== "update" ? "update" : "", hasCopy && kind !== "copy" ? "copy" : ""]
    .filter((s) => s !== "");
  if (kind === "none") {
    note(
      warnings,
      at,
      `does nothing: it has no update, ${minor === 1 ? "no copy " : ""}and no remove: true (a legal no-op)`,
      "overlay-action-no-op",
      true,
    );
  } else if (ignored.length > 0) {
    const winner = kind === "remove" ? "remove: true" : "copy";
    note(
      warnings,
      at,
      `has ${winner} and ${ignored.join(" and ")}; ${winner} wins, as the Overlay Specification says, so ${
        ignored.join(" and ")
      } ${ignored.length > 1 ? "are" : "is"} ignored`,
      "overlay-action-ignored-field",
      true,
    );
  }
  if (targetQuery === undefined || (kind === "copy" && copyQuery === undefined)) return undefined;
  const entry: CheckedAction = { kind, target: action.target as string, targetQuery };
  if (kind === "copy") {
    entry.copy = action.copy as string;
    entry.copyQuery = copyQuery;
  }
  if (typeof action.description === "string") entry.description = action.description;
  return entry;
}

/** Parses strictly; when that fails, tries again accepting hyphenated dot-notation names. */
function parseQuery(
  text: string,
): { query?: JsonPathQuery; error?: string; hyphenated: [string, number][] } {
  const hyphenated: [string, number][] = [];
  try {
    return { query: parseJsonPath(text), hyphenated };
  } catch (e) {
    if (!(e instanceof JsonPathSyntaxError)) throw e;
    try {
      const query = parseJsonPath(text, {
        allowHyphenatedNames: true,
        onHyphenatedName: (name, position) => hyphenated.push([name, position]),
      });
      return { query, hyphenated };
    } catch {
      // The expression quoted shortened: the overlay may be a file that is no overlay at all.
      return {
        error: `invalid JSONPath at position ${e.position} in ${quoted(e.expression)}: ${e.reason}`,
        hyphenated: [],
      };
    }
  }
}

/** One schema error as the segments of its place and a message; undefined when another check reports it. */
function translate(
  error: SchemaError,
  overlay: unknown,
  minor: number,
): [(string | number)[], string] | undefined {
  const at = typedSegments(overlay, parsePointer(error.instancePath) ?? []);
  const last = at[at.length - 1];
  const inAction = at.length >= 2 && at[0] === "actions" && typeof at[1] === "number";
  switch (error.keyword) {
    case "type": {
      const found = describeType(error.data);
      if (at.length === 0) return [at, `an Overlay document must be an object, found ${found}`];
      if (at.length === 1 && last === "overlay") {
        return [at, `must be a string such as "1.1.0", found ${found} (quote it in YAML)`];
      }
      if (at.length === 1 && last === "info") {
        return [at, `must be an object with title and version, found ${found}`];
      }
      if (at.length === 1 && last === "actions") return [at, `must be a list of actions, found ${found}`];
      if (at.length === 1 && last === "extends") {
        return [at, `must be a URI reference string, found ${found}`];
      }
      if (at.length === 2 && inAction) return [at, `must be an object with a target, found ${found}`];
      if (inAction && (last === "target" || last === "copy")) {
        return [at, `must be a JSONPath string, found ${found}`];
      }
      if (inAction && last === "remove") return [at, `must be true or false, found ${found}`];
      return [at, `must be ${article(String(error.params.type))}, found ${found}`];
    }
    case "required": {
      const field = String(error.params.missingProperty);
      const hint = at.length > 0
        ? (inAction && field === "target" ? "add a JSONPath expression such as $.info" : "")
        : {
          overlay: "add the Overlay Specification version, such as overlay: 1.1.0",
          info: "add info with title and version",
          actions: "add a list of at least one action",
        }[field] ?? "";
      return [[...at, field], `required field is missing${hint === "" ? "" : `; ${hint}`}`];
    }
    case "pattern":
      if (at.length === 1 && last === "overlay") {
        return [
          at,
          `unsupported Overlay version ${quoted(String(error.data))}; supported versions are 1.0.x and 1.1.x`,
        ];
      }
      // A target not starting with "$" is reported by the JSONPath check, with the position.
      if (inAction && last === "target") return undefined;
      return [
        at,
        `must match the pattern ${String(error.params.pattern)}, found ${describeType(error.data)}`,
      ];
    case "minItems":
      if (at.length === 1 && last === "actions") return [at, "must contain at least one action"];
      return [at, `must have at least ${error.params.limit} items`];
    case "unevaluatedProperties": {
      const field = String(error.params.unevaluatedProperty);
      const kind = at.length === 0 ? "root" : at.length === 1 && last === "info" ? "info" : "action";
      const hint = kind === "action" && field === "copy" && minor === 0
        ? "copy is defined from Overlay 1.1.0 on; set overlay: 1.1.0 to use it"
        : `allowed fields are ${ALLOWED[kind][minor].join(", ")} and x- extensions`;
      return [[...at, field], `unknown field ${quoted(field)}; ${hint}`];
    }
    default:
      return [at, error.message ?? `does not match the Overlay schema (${error.keyword})`];
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** Marks text written as is by {@link canonicalJson}. */
class Raw {
  constructor(readonly text: string) {}
}

/**
 * A JSON text of a value with object keys sorted, so that two values are equal in the JSON Schema sense
 * (`uniqueItems`) exactly when their texts are equal. Iterative; linear apart from sorting keys.
 */
function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v instanceof Raw) parts.push(v.text);
    else if (v === null || typeof v !== "object") parts.push(JSON.stringify(v) ?? "null");
    else if (Array.isArray(v)) {
      stack.push(new Raw("]"));
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push(v[i]);
        if (i > 0) stack.push(new Raw(","));
      }
      stack.push(new Raw("["));
    } else {
      const keys = Object.keys(v).sort();
      stack.push(new Raw("}"));
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push((v as Record<string, unknown>)[keys[i]]);
        stack.push(new Raw(`${i > 0 ? "," : ""}${JSON.stringify(keys[i])}:`));
      }
      stack.push(new Raw("{"));
    }
  }
  return parts.join("");
}
