/**
 * `--stub-missing-refs`: every local `$ref` that names a missing component (`#/components/schemas/Pet`,
 * `#/definitions/Pet`, …) gets a stub of the component's kind, valid for that kind: schemas `{}`, responses a
 * description, parameters a query parameter of the referenced name, and so on. One stub per target, created
 * in the order the references are met.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { formatPath, parsePointer } from "../core/mod.ts";
import { RefIndex } from "../refs/ref_index.ts";
import { type ComponentSection, componentSections, type OasKind } from "../walker/mod.ts";
import { type FixContext, q } from "./_context.ts";

/** A stub valid for a component kind (undefined for kinds that cannot be stubbed). */
function stubOf(kind: OasKind, name: string, ctx: FixContext): Record<string, unknown> | undefined {
  const v2 = ctx.v2;
  switch (kind) {
    case "schema":
    case "example":
    case "link":
    case "callback":
    case "pathItem":
    case "mediaType":
      return {};
    case "response":
      return {
        description: ctx.options.stubResponseDescription ??
          `Stub for the missing response "${name}" (added by oatool fix).`,
      };
    case "parameter":
      return v2 ? { name, in: "query", type: "string" } : { name, in: "query", schema: {} };
    case "requestBody":
      return { content: {} };
    case "header":
      return v2 ? { type: "string" } : { schema: {} };
    case "securityScheme":
      return v2 ? { type: "basic" } : { type: "http", scheme: "bearer" };
    default:
      return undefined;
  }
}

/** The component section a pointer names an entry of, with the entry's name. */
function componentAt(
  segments: readonly string[],
  sections: readonly ComponentSection[],
): { section: ComponentSection; name: string } | undefined {
  for (const section of sections) {
    const s = section.segments;
    if (segments.length !== s.length + 1) continue;
    if (s.every((seg, i) => segments[i] === seg)) return { section, name: segments[s.length] };
  }
  return undefined;
}

/** `requestBodies` → `request body`. */
function singular(section: string): string {
  return section.replace(/ies$/, "y").replace(/s$/, "").replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
}

/** Adds the stubs. */
export function stubMissingRefs(ctx: FixContext): void {
  const index = RefIndex.of(ctx.doc, ctx.oasVersion);
  const sections = componentSections(ctx.oasVersion);
  const done = new Set<string>();
  for (const edge of index.edges()) {
    if (edge.target.ok || edge.target.reason !== "missing-target") continue;
    if (edge.from.file !== index.rootKey || !edge.ref.startsWith("#/")) continue;
    const segments = parsePointer(edge.ref);
    if (segments === undefined) continue;
    const at = componentAt(segments, sections);
    if (at === undefined) continue;
    const key = segments.join("\0");
    if (done.has(key)) continue;
    done.add(key);
    const stub = stubOf(at.section.kind, at.name, ctx);
    if (stub === undefined) continue;
    // Create the section's maps where they are missing; give up where something else stands in the way.
    let parent: Record<string, unknown> = ctx.doc;
    let blocked = false;
    for (const seg of at.section.segments) {
      if (!Object.hasOwn(parent, seg)) parent[seg] = {};
      const next = parent[seg];
      if (!isObject(next)) {
        blocked = true;
        break;
      }
      parent = next;
    }
    if (blocked || at.name === "" || Object.hasOwn(parent, at.name)) continue;
    // Defined, not assigned: a component named `__proto__` is a key like any other.
    Object.defineProperty(parent, at.name, {
      value: stub,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    ctx.add(
      "stub-missing-ref",
      segments,
      `added a stub ${singular(at.section.name)} ${q(at.name)} for the unresolved reference at ${
        formatPath(edge.from.segments)
      }.`,
      { after: stub, at: [...edge.from.segments, "$ref"] },
    );
  }
}
