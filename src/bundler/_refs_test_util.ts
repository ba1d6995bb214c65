/**
 * Test helper shared by the bundle tests: every `$ref` string of a tree, wherever it is.
 *
 * @module
 */

/** Every `$ref` string of a tree (a document, or a part of one), in no particular order. */
export function refsOf(root: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object") continue;
    const ref = (v as Record<string, unknown>).$ref;
    if (typeof ref === "string") out.push(ref);
    stack.push(...Object.values(v));
  }
  return out;
}
