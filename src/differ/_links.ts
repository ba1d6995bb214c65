/**
 * Response links: added, removed, and changed. A link names its operation by `operationId` or `operationRef`;
 * both are read as the operation they lead to (method and path shape), so a renamed operationId, or a switch
 * from one form to the other, that still leads to the same operation is no change.
 *
 * @module
 */
import { deepEqual, isObject, type Obj } from "../core/json.ts";
import { parsePointer } from "../core/pointer.ts";
import { templateShape } from "../core/path_template.ts";
import { pathItemOperations } from "../refs/stats.ts";
import { type Collector, type Place, q, type Side, under } from "./_context.ts";
import { compareExtensions } from "./_extensions.ts";
import type { CheckId } from "./checks.ts";

/** Operations by operationId, as `METHOD shape`, per side (built once). */
const byOperationId = new WeakMap<Side, Map<string, string>>();

function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${templateShape(path)}`;
}

function operationIds(side: Side): Map<string, string> {
  let m = byOperationId.get(side);
  if (m !== undefined) return m;
  m = new Map();
  const paths = isObject(side.document.paths) ? side.document.paths : {};
  for (const path of Object.keys(paths)) {
    if (path.startsWith("x-")) continue;
    let item: unknown;
    try {
      item = side.resolve(paths[path], { file: side.index.rootKey, segments: ["paths", path] }).value;
    } catch {
      continue;
    }
    if (!isObject(item)) continue;
    for (const { method, operation } of pathItemOperations(item, side.version)) {
      if (typeof operation.operationId === "string" && !m.has(operation.operationId)) {
        m.set(operation.operationId, operationKey(method, path));
      }
    }
  }
  byOperationId.set(side, m);
  return m;
}

/** The operation a link leads to: `METHOD shape`, or the operationId/operationRef text when it is not found. */
function target(side: Side, link: Obj): string | undefined {
  if (typeof link.operationId === "string") {
    return operationIds(side).get(link.operationId) ?? `operationId ${link.operationId}`;
  }
  if (typeof link.operationRef !== "string") return undefined;
  const ref = link.operationRef;
  const segments = ref.startsWith("#") ? parsePointer(ref) : undefined;
  if (segments?.length === 3 && segments[0] === "paths") return operationKey(segments[2], segments[1]);
  return `operationRef ${ref}`;
}

/** Compares the links of two responses. */
export function compareLinks(
  c: Collector,
  s: Obj,
  sAt: Place,
  t: Obj,
  tAt: Place,
  what: string,
  endpoint: string,
) {
  const sl = isObject(s.links) ? s.links : {};
  const tl = isObject(t.links) ? t.links : {};
  for (const k of Object.keys(tl)) {
    const lAt = under(tAt, "links", k);
    if (!Object.hasOwn(sl, k)) {
      c.emit("response-link-added", "added", lAt, "target", `${what} has the new link ${q(k)}.`, {
        endpoint,
      });
      continue;
    }
    const a = c.source.resolve(sl[k], under(sAt, "links", k));
    const b = c.target.resolve(tl[k], lAt);
    const x = isObject(a.value) ? a.value : {};
    const y = isObject(b.value) ? b.value : {};
    const emit = (id: CheckId, message: string, old?: unknown, now?: unknown) =>
      c.emit(id, "modified", b.at, "target", `${message}.`, { endpoint, old, new: now, from: a.at });
    const from = target(c.source, x);
    const to = target(c.target, y);
    if (from !== to) {
      emit(
        "response-link-operation-changed",
        `the link ${q(k)} of ${what} leads to ${q(to ?? "no operation")} instead of ${
          q(from ?? "no operation")
        }`,
        from,
        to,
      );
    }
    if (!deepEqual(x.parameters, y.parameters)) {
      emit("response-link-parameters-changed", `the parameters of the link ${q(k)} of ${what} changed`);
    }
    if (!deepEqual(x.requestBody, y.requestBody) || !deepEqual(x.server, y.server)) {
      emit("response-link-changed", `the request body or server of the link ${q(k)} of ${what} changed`);
    }
    if (x.description !== y.description) {
      emit("response-link-description-changed", `the description of the link ${q(k)} of ${what} changed`);
    }
    compareExtensions(c, { s: x, sAt: a.at, t: y, tAt: b.at, endpoint });
  }
  for (const k of Object.keys(sl)) {
    if (!Object.hasOwn(tl, k)) {
      c.emit(
        "response-link-removed",
        "removed",
        under(sAt, "links", k),
        "source",
        `${what} lost the link ${q(k)}.`,
        {
          endpoint,
        },
      );
    }
  }
}
