/**
 * References into places that move between 2.0 and 3.x: a `$ref` may point inside an operation (GitHub-style
 * `#/paths/~1a/get/responses/200/content/application~1json/schema`), and such places are laid out differently
 * in the other version. After a conversion, each local reference that resolves nowhere in the output is mapped
 * to the place its target moved to (response `content/<type>` ↔ the response itself, a request body ↔ its body
 * parameter); references that still resolve nowhere are left as they are (the validator names them).
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { deepCopy, getAt, type OASVersion, parsePointer } from "../core/mod.ts";
import { encodeRefSegment, renameRef, type SectionRenames } from "../refs/rename.ts";
import type { Step } from "./_context.ts";
import { eachRefHolder } from "./_sections.ts";
import { type Visitors, walkDocument } from "../walker/mod.ts";

function segmentsOf(ref: string): string[] | undefined {
  if (!ref.startsWith("#/")) return undefined;
  let fragment = ref.slice(1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch { /* as written */ }
  return parsePointer(fragment);
}

/** Schema keywords 2.0 keeps as extensions (see the schema conversion). */
const AS_EXTENSION = new Set(["oneOf", "anyOf", "not"]);

/** 3.x place → 2.0 place: response and request content, and keywords kept as `x-` extensions. */
function to2(out: unknown, segs: string[]): string[] | undefined {
  let moved = segs;
  for (let i = 1; i + 1 < moved.length; i++) {
    if (moved[i] !== "content") continue;
    if (moved[i - 2] === "responses") {
      moved = [...moved.slice(0, i), ...moved.slice(i + 2)];
      break;
    }
    if (moved[i - 1] === "requestBody") {
      const op = getAt(out, moved.slice(0, i - 1));
      const params = isObject(op) && Array.isArray(op.parameters) ? op.parameters : [];
      const index = params.findIndex((p) => isObject(p) && p.in === "body");
      if (index >= 0) moved = [...moved.slice(0, i - 1), "parameters", String(index), ...moved.slice(i + 2)];
      break;
    }
  }
  if (getAt(out, moved) !== undefined) return moved;
  const renamed = moved.map((s) => AS_EXTENSION.has(s) ? `x-${s}` : s);
  return renamed.some((s, i) => s !== segs[i]) ? renamed : undefined;
}

/** 2.0 place → 3.x place. */
function to3(out: unknown, segs: string[]): string[] | undefined {
  for (let i = 2; i < segs.length; i++) {
    if (segs[i] !== "schema") continue;
    if (segs[i - 2] === "responses") {
      const response = getAt(out, segs.slice(0, i));
      const content = isObject(response) && isObject(response.content) ? Object.keys(response.content) : [];
      if (content.length > 0) return [...segs.slice(0, i), "content", content[0], ...segs.slice(i)];
    }
    if (segs[i - 2] === "parameters" && segs[i - 5] === "paths") {
      const body = getAt(out, [...segs.slice(0, i - 2), "requestBody"]);
      const content = isObject(body) && isObject(body.content) ? Object.keys(body.content) : [];
      if (content.length > 0) {
        return [...segs.slice(0, i - 2), "requestBody", "content", content[0], ...segs.slice(i)];
      }
    }
  }
  return undefined;
}

/**
 * Whether a 3.x place has no 2.0 counterpart a reference could point at: inside a parameter's or header's
 * `schema` or `content` (2.0 lifts their fields), or inside a media type that is not the first of its map
 * (2.0 keeps one schema per request or response).
 */
function unplaceable(doc: unknown, segs: readonly string[]): boolean {
  for (let i = 1; i < segs.length; i++) {
    const s = segs[i];
    if ((s === "schema" || s === "content") && (segs[i - 2] === "parameters" || segs[i - 2] === "headers")) {
      return true;
    }
    if (s === "content" && i + 1 < segs.length) {
      const map = getAt(doc, segs.slice(0, i + 1));
      if (isObject(map) && Object.keys(map)[0] !== segs[i + 1]) return true;
    }
  }
  return false;
}

/**
 * 3.x → 2.0, before converting: local references whose targets have no 2.0 place (see {@link unplaceable})
 * are replaced by copies of their targets, each once.
 */
export function inlineUnplaceable(doc: Record<string, unknown>, version: OASVersion, follow: Follow): void {
  const holders: { holder: Record<string, unknown>; segs: string[] }[] = [];
  walkDocument(doc, version, {
    $ref(holder, ref) {
      const segs = segmentsOf(ref);
      if (segs !== undefined && unplaceable(doc, segs)) holders.push({ holder, segs });
    },
  });
  for (const { holder } of holders) {
    const target = follow(holder);
    if (target === undefined) continue;
    const copy = deepCopy(target);
    delete holder.$ref;
    for (const [k, v] of Object.entries(copy)) if (!(k in holder)) holder[k] = v;
  }
}

/** Follows a Reference Object to the object it stands for (undefined when it cannot). */
export type Follow = (ref: Record<string, unknown>) => Record<string, unknown> | undefined;

/** A component section's move: references into `section` point into `to`. */
export interface SectionMove {
  /** The section's place in the input. */
  section: readonly string[];
  /** Its place in the output. */
  to: readonly string[];
  /** What it holds (see core's `SectionRenames`). */
  kind: SectionRenames["kind"];
}

/**
 * The references of a converted document, in one walk: every reference into a moved component section (here
 * and into other files, which must then be converted too: one info issue per file) is rewritten with core's
 * reference rewriting ({@link renameRef}); then each local reference that resolves nowhere is mapped to the
 * place its target moved to (see the module documentation). `also` are visitors run in the same walk. References
 * outside the places OpenAPI defines (extensions, example data) are found in a second walk of the whole tree and
 * treated the same, unless `dataRef` returns a value to put in the holder's place.
 */
export function finishReferences(
  step: Step,
  out: Record<string, unknown>,
  version: OASVersion,
  moves: readonly SectionMove[],
  also: Visitors = {},
  dataRef?: (holder: Record<string, unknown>, ref: string) => unknown,
): void {
  const renames: SectionRenames[] = moves.map((m) => ({ ...m, names: new Map() }));
  const files = new Set<string>();
  const map = version === "2.0" ? to2 : to3;
  const seen = new Set<object>();
  const finish = (holder: Record<string, unknown>, ref: string): void => {
    const renamed = renameRef(ref, renames, () => true);
    if (renamed !== undefined) {
      holder.$ref = renamed;
      const hash = ref.indexOf("#");
      if (hash > 0) return void files.add(ref.slice(0, hash));
    }
    const segs = segmentsOf(renamed ?? ref);
    if (segs === undefined || segs.length < 2 || getAt(out, segs) !== undefined) return;
    const moved = map(out, segs);
    if (moved !== undefined && getAt(out, moved) !== undefined) {
      holder.$ref = "#/" + moved.map(encodeRefSegment).join("/");
    }
  };
  walkDocument(out, version, {
    ...also,
    $ref(holder, ref) {
      if (seen.has(holder)) return;
      seen.add(holder);
      finish(holder, ref);
    },
  });
  // References outside the places OpenAPI defines (extensions such as the `x-oneOf` of a 2.0 schema, example
  // data) move the same way.
  eachRefHolder(out, (holder, ref) => {
    if (seen.has(holder)) return undefined;
    const replaced = dataRef?.(holder, ref);
    if (replaced === undefined) finish(holder, ref);
    return replaced;
  });
  const name = version === "2.0" ? "OpenAPI 2.0 sections" : "OpenAPI 3 components";
  for (const file of [...files].sort()) {
    step.add(
      "info",
      [],
      `references into "${file}" now point at its ${name}; convert that file too.`,
      "convert-external-ref",
    );
  }
}

/** How many rounds {@link inlineSection} makes (references inside copied targets are copied in the next). */
const INLINE_ROUNDS = 8;

/**
 * Replaces every reference into a section the target version does not have (`#/components/pathItems/…`,
 * `#/components/mediaTypes/…`) by a copy of its target, siblings kept over the copy's members. A reference that
 * cannot be followed, or still loops after a bounded number of rounds, becomes an empty object with a critical
 * issue.
 */
export function inlineSection(step: Step, prefixes: readonly string[], what: string): void {
  for (let round = 0; round <= INLINE_ROUNDS; round++) {
    let left = false;
    eachRefHolder(step.doc, (holder, ref) => {
      if (!prefixes.some((p) => ref.startsWith(p))) return undefined;
      const target = round < INLINE_ROUNDS ? step.deref({ $ref: ref }) : undefined;
      if (target === undefined) {
        step.add(
          "critical",
          [],
          `the reference "${ref}" points at a ${what} the target version has no place for, and it cannot be ` +
            "copied where it is used (missing, or referring to itself); it is left out.",
          "convert-unplaceable-ref",
        );
        delete holder.$ref;
        return undefined;
      }
      left = true;
      const copy = deepCopy(target) as Record<string, unknown>;
      for (const [k, v] of Object.entries(holder)) if (k !== "$ref") copy[k] = v;
      return copy;
    });
    if (!left) return;
  }
}
