/**
 * The generator's one way to follow a `$ref`: a value that is a Reference Object is replaced by what its
 * reference leads to (chains followed by the {@link RefIndex}), any other value stays as it is. The emitters ask
 * this module instead of testing for `$ref` and calling the index themselves.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import type { RefIndex } from "../refs/ref_index.ts";
import type { ResolvedRef, UnresolvedRef } from "../refs/ref_types.ts";

/** A value that is not a Reference Object: it stays where it is (no `segments`). */
export interface NotARef {
  /** Always true. */
  ok: true;
  /** The value itself. */
  value: unknown;
  /** The document it was read from. */
  file: string;
  /** Undefined: the value did not move. */
  segments?: undefined;
}

/** A Reference Object: an object whose `$ref` is a string (its other fields as written). */
export type RefObject = Record<string, unknown> & { $ref: string };

/** Whether `value` is a Reference Object. */
export function isRef(value: unknown): value is RefObject {
  return isObject(value) && typeof value.$ref === "string";
}

/**
 * `value` with its reference followed: for a Reference Object, the index's answer for its `$ref` written in
 * `file` (the target, its document and place; or why it cannot be resolved); any other value as it is.
 */
export function followRef(index: RefIndex, value: RefObject, file?: string): ResolvedRef | UnresolvedRef;
export function followRef(
  index: RefIndex,
  value: unknown,
  file?: string,
): ResolvedRef | UnresolvedRef | NotARef;
export function followRef(
  index: RefIndex,
  value: unknown,
  file: string = index.rootKey,
): ResolvedRef | UnresolvedRef | NotARef {
  return isRef(value) ? index.follow(value.$ref, file) : { ok: true, value, file };
}

/** `value` with its reference followed (see {@link followRef}); undefined when the reference cannot be resolved. */
export function followedValue(index: RefIndex, value: unknown, file?: string): unknown {
  const r = followRef(index, value, file);
  return r.ok ? r.value : undefined;
}

/** {@link followedValue} when it is an object; undefined otherwise. */
export function followedObject(
  index: RefIndex,
  value: unknown,
  file?: string,
): Record<string, unknown> | undefined {
  const v = followedValue(index, value, file);
  return isObject(v) ? v : undefined;
}
