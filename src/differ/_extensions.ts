/**
 * Specification extensions (`x-…`) of any compared object: added, removed, changed.
 *
 * @module
 */
import { deepEqual, isObject } from "../core/json.ts";
import { type Collector, type Pair, q, under } from "./_context.ts";

/** Compares the `x-` fields of two objects (source, target) at their places. */
export function compareExtensions(c: Collector, pair: Pair): void {
  const { s, sAt, t, tAt, endpoint } = pair;
  const so = isObject(s) ? s : {};
  const to = isObject(t) ? t : {};
  for (const k of Object.keys(to)) {
    if (!k.startsWith("x-")) continue;
    if (!Object.hasOwn(so, k)) {
      c.emit("extension-added", "added", under(tAt, k), "target", `extension ${q(k)} was added.`, {
        endpoint,
        new: to[k],
      });
    } else if (!deepEqual(so[k], to[k])) {
      c.emit("extension-changed", "modified", under(tAt, k), "target", `extension ${q(k)} changed.`, {
        endpoint,
        old: so[k],
        new: to[k],
      });
    }
  }
  for (const k of Object.keys(so)) {
    if (k.startsWith("x-") && !Object.hasOwn(to, k)) {
      c.emit("extension-removed", "removed", under(sAt, k), "source", `extension ${q(k)} was removed.`, {
        endpoint,
        old: so[k],
      });
    }
  }
}
