/**
 * Runtime helpers of the generated schema validators (`_schema_*.ts`): deep equality for `enum`, and the
 * duplicate pair of `uniqueItems` in one pass.
 *
 * @module
 */

import { deepEqual } from "../core/json.ts";
import { canonicalKey } from "../core/canonical_key.ts";

const NAN_EQUAL = { nanEqual: true } as const;

/** Deep equality of JSON values, without recursion; NaN equals NaN, as ajv's own `equal`. */
export function equal(a: unknown, b: unknown): boolean {
  return deepEqual(a, b, NAN_EQUAL);
}

/**
 * The pair of equal items ajv's `uniqueItems` loop reports (`[i, j]`: the last item equal to an earlier one,
 * and the last such earlier one), or undefined when the items are distinct; one pass, with scalars compared by
 * value (NaN equals NaN) and other values by canonical key.
 */
export function duplicatePair(items: readonly unknown[]): [number, number] | undefined {
  const scalars = new Map<unknown, number>();
  const objects = new Map<string, number>();
  let found: [number, number] | undefined;
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    const isObject = v !== null && typeof v === "object";
    const key = isObject ? canonicalKey(v) : v;
    const before = isObject ? objects.get(key as string) : scalars.get(key);
    if (before !== undefined) found = [i, before];
    if (isObject) objects.set(key as string, i);
    else scalars.set(key, i);
  }
  return found;
}
