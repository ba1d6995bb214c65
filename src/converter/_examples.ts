/**
 * 3.x → 2.0 examples: a 2.0 response's `examples` holds one literal value per media type, so Example Objects
 * (and references to them) are resolved to their `value`, the first per media type kept, the others reported
 * (one issue per response), and `externalValue`s, which cannot be inlined, reported and left out. References
 * written inside example data (some descriptions, GitHub's among them, point from one example into another) are
 * resolved too: 2.0 has no section they could point into.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { reportExtensions, type Segments, type Step } from "./_context.ts";

/** How deep example data is followed through references and nesting. */
const MAX_DEPTH = 64;

/** 3.x component section → its 2.0 section, for references in example data that keep a place. */
const DATA_MOVES: Readonly<Record<string, string>> = {
  schemas: "definitions",
  parameters: "parameters",
  responses: "responses",
  securitySchemes: "securityDefinitions",
};

/**
 * A copy of example data with every local reference in it resolved: into `#/components/examples/…` → the
 * Example's `value`; into a component section 2.0 keeps → the same name in its 2.0 section; anything else local
 * → a copy of its target. A reference that cannot be followed, or loops, becomes an empty object.
 */
export function resolveExampleData(
  step: Step,
  value: unknown,
  depth = 0,
  visiting = new Set<string>(),
): unknown {
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((v) => resolveExampleData(step, v, depth + 1, visiting));
  if (!isObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === "string" && ref.startsWith("#/")) {
    const m = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
    if (m !== null && m[1] !== "examples" && Object.hasOwn(DATA_MOVES, m[1])) {
      return { ...value, $ref: `#/${DATA_MOVES[m[1]]}/${m[2]}` };
    }
    if (visiting.has(ref)) return {};
    const target = step.deref({ $ref: ref });
    if (target === undefined) return {};
    visiting.add(ref);
    const data = m !== null && m[1] === "examples" ? target.value : target;
    const out = resolveExampleData(step, data, depth + 1, visiting);
    visiting.delete(ref);
    return out ?? {};
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = resolveExampleData(step, v, depth + 1, visiting);
  return out;
}

/** What the examples of one response come to in 2.0. */
export interface ResponseExamples {
  /** Media type → literal value. */
  examples: Record<string, unknown>;
  /** Names of the Example Objects left out (`media type: name`). */
  dropped: string[];
}

/**
 * The 2.0 example of one media type of a response: its `example`, or else the value of its first Example
 * Object that has one. Example Objects with an `externalValue` are reported, each; the other examples left
 * out are added to `dropped`.
 */
export function mediaTypeExample(
  step: Step,
  media: Record<string, unknown>,
  ct: string,
  at: Segments,
  into: ResponseExamples,
): void {
  let kept = false;
  if (media.example !== undefined) {
    into.examples[ct] = resolveExampleData(step, media.example);
    kept = true;
  }
  if (!isObject(media.examples)) return;
  for (const [name, raw] of Object.entries(media.examples)) {
    const ex = step.deref(raw);
    if (ex !== undefined && ex.externalValue !== undefined && ex.value === undefined) {
      step.add(
        "warning",
        [...at, "content", ct, "examples", name],
        `OpenAPI 2.0 examples are literal values; the external example "${name}" (${
          String(ex.externalValue)
        }) cannot be inlined and is left out.`,
        "convert-external-value",
      );
      continue;
    }
    if (!kept && ex !== undefined && ex.value !== undefined) {
      if (ex === raw) reportExtensions(step, ex, [...at, "content", ct, "examples", name], "example");
      into.examples[ct] = resolveExampleData(step, ex.value);
      kept = true;
      continue;
    }
    into.dropped.push(`${ct}: ${name}`);
  }
}

/** Reports the examples a response loses (one issue for the response). */
export function reportDroppedExamples(step: Step, at: Segments, dropped: readonly string[]): void {
  if (dropped.length === 0) return;
  const shown = dropped.slice(0, 5).map((d) => `"${d}"`).join(", ");
  const more = dropped.length > 5 ? ` and ${dropped.length - 5} more` : "";
  step.add(
    "warning",
    [...at],
    `OpenAPI 2.0 keeps one example per media type; ${dropped.length} example${
      dropped.length === 1 ? " is" : "s are"
    } left out: ${shown}${more}.`,
    "convert-examples-dropped",
  );
}
