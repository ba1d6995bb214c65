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
import { getAt, type OASVersion, parsePointer } from "../core/mod.ts";
import { encodeRefSegment } from "../core/rename.ts";
import { walkDocument } from "../walker/mod.ts";

function segmentsOf(ref: string): string[] | undefined {
  if (!ref.startsWith("#/")) return undefined;
  let fragment = ref.slice(1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch { /* as written */ }
  return parsePointer(fragment);
}

/** 3.x place → 2.0 place. */
function to2(out: unknown, segs: string[]): string[] | undefined {
  for (let i = 1; i + 1 < segs.length; i++) {
    if (segs[i] !== "content") continue;
    const above = segs[i - 2];
    if (above === "responses") return [...segs.slice(0, i), ...segs.slice(i + 2)];
    if (segs[i - 1] === "requestBody") {
      const op = getAt(out, segs.slice(0, i - 1));
      const params = isObject(op) && Array.isArray(op.parameters) ? op.parameters : [];
      const index = params.findIndex((p) => isObject(p) && p.in === "body");
      if (index >= 0) return [...segs.slice(0, i - 1), "parameters", String(index), ...segs.slice(i + 2)];
    }
  }
  return undefined;
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
    if (segs[i - 2] === "parameters" && segs[i - 4] === "paths") {
      const body = getAt(out, [...segs.slice(0, i - 2), "requestBody"]);
      const content = isObject(body) && isObject(body.content) ? Object.keys(body.content) : [];
      if (content.length > 0) {
        return [...segs.slice(0, i - 2), "requestBody", "content", content[0], ...segs.slice(i)];
      }
    }
  }
  return undefined;
}

/** Maps the local references of a converted document whose targets moved (see the module documentation). */
export function remapMovedReferences(out: Record<string, unknown>, version: OASVersion): void {
  const map = version === "2.0" ? to2 : to3;
  walkDocument(out, version, {
    $ref(holder, ref) {
      const segs = segmentsOf(ref);
      if (segs === undefined || segs.length < 2 || getAt(out, segs) !== undefined) return;
      const moved = map(out, segs);
      if (moved !== undefined && getAt(out, moved) !== undefined) {
        holder.$ref = "#/" + moved.map(encodeRefSegment).join("/");
      }
    },
  });
}
