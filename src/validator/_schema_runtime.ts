/**
 * Runtime helper of the generated schema validators (`_schema_*.ts`): deep equality for `enum`/`uniqueItems`.
 *
 * @module
 */

import { deepEqual } from "../core/json.ts";

const NAN_EQUAL = { nanEqual: true } as const;

/** Deep equality of JSON values, without recursion; NaN equals NaN, as ajv's own `equal`. */
export function equal(a: unknown, b: unknown): boolean {
  return deepEqual(a, b, NAN_EQUAL);
}
