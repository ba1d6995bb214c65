/**
 * Runtime helper of the generated schema validators (`_schema_*.ts`): deep equality for `enum`/`uniqueItems`.
 *
 * @module
 */

/** Deep equality of JSON values, without recursion. */
export function equal(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (x === null || y === null || typeof x !== "object" || typeof y !== "object") {
      if (typeof x === "number" && typeof y === "number" && Number.isNaN(x) && Number.isNaN(y)) continue;
      return false;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x)) {
      const ya = y as unknown[];
      if (x.length !== ya.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], ya[i]]);
      continue;
    }
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    const keys = Object.keys(xo);
    if (keys.length !== Object.keys(yo).length) return false;
    for (const k of keys) {
      if (!Object.hasOwn(yo, k)) return false;
      stack.push([xo[k], yo[k]]);
    }
  }
  return true;
}
