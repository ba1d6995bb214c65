/** Assertions for tests, over node:assert/strict. */
import assertModule from "node:assert/strict";

export function assert(value: unknown, message?: string): asserts value {
  assertModule.ok(value, message);
}

export function assertEquals<T>(actual: T, expected: T, message?: string): void {
  assertModule.deepStrictEqual(actual, expected, message);
}

export function assertThrows<E extends Error>(
  fn: () => unknown,
  type: new (...args: never[]) => E,
  includes?: string,
): E {
  try {
    fn();
  } catch (error) {
    assertModule.ok(error instanceof type, `expected ${type.name}, got ${error}`);
    if (includes) assertModule.ok((error as Error).message.includes(includes), (error as Error).message);
    return error as E;
  }
  throw new assertModule.AssertionError({ message: `expected ${type.name} to be thrown` });
}

export async function assertRejects<E extends Error>(
  fn: () => Promise<unknown>,
  type: new (...args: never[]) => E,
  includes?: string,
): Promise<E> {
  try {
    await fn();
  } catch (error) {
    assertModule.ok(error instanceof type, `expected ${type.name}, got ${error}`);
    if (includes) assertModule.ok((error as Error).message.includes(includes), (error as Error).message);
    return error as E;
  }
  throw new assertModule.AssertionError({ message: `expected ${type.name} to be thrown` });
}
