/**
 * The check of a join's output: the joined document is checked for the errors a join can make — references
 * that resolve nowhere (`ref-resolves`), duplicate operationIds (`operation-id-unique`) and discriminator
 * mappings that name no schema (`discriminator-mapping`) — and an error of these that no input had is the join's
 * own fault: the join fails naming it. (Other validation errors follow from the inputs or from the strategies
 * chosen, such as a discriminator property that accept-left's schema does not require; `validateInputs` reports
 * the inputs' own.)
 *
 * An output error is an input's when an input has an error of the same rule and message (each input error
 * accounts for one output error); the rest of a rule's output errors are the inputs' too while the inputs have
 * more errors of that rule than were matched by message (renaming changes the names messages quote).
 *
 * @module
 */
import {
  deepCopy,
  documentFromObject,
  type DocumentReader,
  type Finding,
  finding,
  getAtPointer,
  type OASVersion,
  type OpenAPIDocument,
  type ParseResult,
  parseText,
} from "../core/mod.ts";
import { isObject, type Obj } from "../core/json.ts";
import { walkDocument } from "../walker/mod.ts";
import { JoinOutputError } from "./errors.ts";

/** The validator's rules whose errors a join can make. */
const JOIN_RULES: readonly string[] = ["ref-resolves", "operation-id-unique"];
/** The rule of {@link mappingErrors}. */
const MAPPING_RULE = "discriminator-mapping";

/** Whether a finding is of a rule the output check compares. */
export function isJoinRule(f: Finding): boolean {
  return JOIN_RULES.includes(f.rule ?? "");
}

/** An input to validate as it is before the merge. */
export interface CheckedInput {
  result: ParseResult;
  doc: Obj;
  version: string;
  oasVersion: OASVersion;
}

function subjectOf(p: CheckedInput): ParseResult {
  return p.doc === p.result.document ? p.result : {
    ...p.result,
    document: p.doc as OpenAPIDocument,
    version: p.version,
    oasVersion: p.oasVersion,
  };
}

/** The validation errors of an input document (as joined: bundled, overlays applied), every rule. */
export async function inputErrors(
  p: CheckedInput,
  reader: DocumentReader,
  positions = false,
): Promise<Finding[]> {
  const { validate } = await import("../validator/mod.ts");
  return (await validate(subjectOf(p), { reader, sourceMap: positions })).errors;
}

/**
 * The errors of the output check's rules in a document (`known`: its validation errors, when already found;
 * `json`: the document as `JSON.stringify` writes it, when it was serialised).
 */
export async function integrityErrors(
  subject: ParseResult,
  reader: DocumentReader,
  known?: readonly Finding[],
  json?: string,
): Promise<Finding[]> {
  let found: Finding[];
  if (known !== undefined) found = known.filter(isJoinRule);
  else {
    const { validate } = await import("../validator/mod.ts");
    found = (await validate(subject, { reader, rules: [...JOIN_RULES] })).errors;
  }
  return found.concat(mappingErrors(subject.document as unknown as Obj, subject.oasVersion, json));
}

/** The inputs' errors an output check compares with, found only when the output has some. */
export type Baseline = () => Promise<Finding[]>;

/**
 * The input as the merge finds it, for later: its text parsed again when the join works on the loaded document
 * itself (nothing was applied to it before the merge), since the merge changes that document; else undefined.
 */
function reparsable(p: CheckedInput, asLoaded: boolean): (() => CheckedInput) | undefined {
  const { result } = p;
  if (!asLoaded || p.doc !== result.document || result.text === "") return undefined;
  return () => ({
    ...p,
    doc: parseText(result.text, { format: result.format, source: result.source }).data as Obj,
  });
}

/**
 * What the output check compares with: the inputs' own errors of the check's rules, as the inputs are before the
 * merge changes them. With `validateInputs` most are known (only the mappings are looked at); otherwise each input
 * is checked only if the output has errors (the common case, none, costs nothing). An input that may have to be
 * looked at later is its text parsed again then, or (when it was changed before the merge: bundled, overlays
 * applied, or given parsed) copied or looked at now. `asLoaded`: no pre-join overlay was applied.
 */
export async function outputBaseline(
  prepared: readonly CheckedInput[],
  checks: readonly { source: string; errors: Finding[] }[],
  reader: DocumentReader,
  config: { validateInputs: boolean; asLoaded: boolean },
): Promise<Baseline> {
  const later: (() => Promise<Finding[]>)[] = [];
  for (const p of prepared) {
    const known = config.validateInputs
      ? checks.find((c) => c.source === p.result.source)?.errors ?? []
      : undefined;
    const again = reparsable(p, config.asLoaded);
    if (again !== undefined) later.push(() => integrityErrors(subjectOf(again()), reader, known));
    else if (known !== undefined) {
      const found = await integrityErrors(subjectOf(p), reader, known);
      later.push(() => Promise.resolve(found));
    } else {
      const copy = { ...p, doc: deepCopy(p.doc) as Obj };
      later.push(() => integrityErrors(subjectOf(copy), reader));
    }
  }
  return async () => {
    const found: Finding[] = [];
    for (const errorsOf of later) for (const f of await errorsOf()) found.push(f);
    return found;
  };
}

/**
 * Discriminator mapping values that name no schema of the document: a local reference (`#/…`) that resolves to
 * nothing, or a bare schema name that is not a schema. References to other files are not followed. `json`: the
 * document as `JSON.stringify` wrote it (which escapes no letter: a `mapping` key is in it as `"mapping"`).
 */
export function mappingErrors(doc: Obj, oasVersion: OASVersion, json?: string): Finding[] {
  const out: Finding[] = [];
  // Most documents have no mapping at all: the text, or a plain scan, says so faster than the typed walk.
  if (json !== undefined ? !json.includes('"mapping"') : !hasDiscriminatorMapping(doc)) return out;
  const schemas = oasVersion === "2.0"
    ? doc.definitions
    : isObject(doc.components)
    ? doc.components.schemas
    : {};
  walkDocument(doc, oasVersion, {
    schema: (node, at) => {
      const d = node.discriminator;
      if (!isObject(d) || !isObject(d.mapping)) return;
      for (const [key, value] of Object.entries(d.mapping)) {
        if (typeof value !== "string") continue;
        const local = value.startsWith("#");
        if (!local && /[/#.]/.test(value)) continue;
        const target = local
          ? getAtPointer(doc, value.slice(1))
          : isObject(schemas)
          ? schemas[value]
          : undefined;
        if (target !== undefined) continue;
        out.push(
          finding(
            "error",
            [...at.path, "discriminator", "mapping", key],
            `the discriminator mapping '${key}' names ${
              JSON.stringify(value)
            }, which is no schema of the document`,
            { rule: MAPPING_RULE },
          ),
        );
      }
    },
  });
  return out;
}

/**
 * Whether any object of the tree has a `discriminator` object with a `mapping` object: where a schema's mapping
 * could be (a superset of the schemas {@link mappingErrors} looks at). Iterative; each object is looked at once,
 * however often it is shared (or cycled back to).
 */
function hasDiscriminatorMapping(doc: Obj): boolean {
  const seen = new Set<object>();
  const stack: object[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const v of node) if (v !== null && typeof v === "object") stack.push(v);
      continue;
    }
    const d = (node as Obj).discriminator;
    if (isObject(d) && isObject(d.mapping)) return true;
    for (const v of Object.values(node)) if (v !== null && typeof v === "object") stack.push(v);
  }
  return false;
}

/** The errors of `output` that none of the inputs had (see the module's rule). */
export function newErrors(output: readonly Finding[], inputs: readonly Finding[]): Finding[] {
  const key = (f: Finding) => `${f.rule ?? ""}\0${f.message}`;
  const byKey = new Map<string, number>();
  const byRule = new Map<string, number>();
  for (const f of inputs) {
    byKey.set(key(f), (byKey.get(key(f)) ?? 0) + 1);
    byRule.set(f.rule ?? "", (byRule.get(f.rule ?? "") ?? 0) + 1);
  }
  const unmatched: Finding[] = [];
  for (const f of output) {
    const k = key(f);
    const left = byKey.get(k) ?? 0;
    if (left > 0) {
      byKey.set(k, left - 1);
      byRule.set(f.rule ?? "", (byRule.get(f.rule ?? "") ?? 0) - 1);
    } else unmatched.push(f);
  }
  const out: Finding[] = [];
  for (const f of unmatched) {
    const budget = byRule.get(f.rule ?? "") ?? 0;
    if (budget > 0) byRule.set(f.rule ?? "", budget - 1);
    else out.push(f);
  }
  return out;
}

/** The document as compact JSON; undefined when it is no JSON data (a cycle, a BigInt): it is then walked. */
function jsonText(document: Obj): string | undefined {
  try {
    return JSON.stringify(document);
  } catch {
    return undefined;
  }
}

/**
 * Checks the joined document and fails on errors of the check's rules that no input had.
 *
 * @throws {JoinOutputError} naming the first new error and how many there are.
 */
export async function checkOutput(
  document: Obj,
  source: { baseDir: string },
  inputs: Baseline,
  reader: DocumentReader,
): Promise<void> {
  const joined = documentFromObject(document, { source: "the joined document", baseDir: source.baseDir });
  // Given as JSON text, the document is scanned once (remembered) for references to other files, by the reference
  // index and by the statistics, instead of each walking its objects; the mapping check looks in the text too.
  const json = jsonText(document);
  const errors = json === undefined
    ? await integrityErrors(joined, reader)
    : await integrityErrors({ ...joined, text: json }, reader, undefined, json);
  if (errors.length === 0) return;
  const found = newErrors(errors, await inputs());
  if (found.length === 0) return;
  const first = found[0];
  const more = found.length > 1 ? ` (and ${found.length - 1} more)` : "";
  throw new JoinOutputError(
    `the joined document has ${found.length} error(s) that no input had, the first at ${
      first.path || "(root)"
    }: ${first.message.replace(/\.$/, "")}${
      first.rule ? ` [${first.rule}]` : ""
    }${more}; the join made them, so it is refused: choose other ` +
      `collision strategies (or a handler's value that keeps references whole), or keep the result anyway ` +
      `with --no-check-output (library: checkOutput: false).`,
    found,
  );
}
