/**
 * Endpoints and operations: paths matched by template shape (`/users/{id}` is `/users/{userId}`), webhooks by
 * name, every HTTP method of the version and 3.2 `additionalOperations`, and callbacks (whose operations are
 * requests the API sends, so their directions are flipped). Nested callbacks go on an explicit work list.
 *
 * @module
 */
import { pushAll } from "../core/bounded_text.ts";
import { isObject, type Obj } from "../core/json.ts";
import { pathItemOperations } from "../refs/stats.ts";
import { templateShape } from "../core/path_template.ts";
import { type Collector, type Direction, flip, type Place, q, under } from "./_context.ts";
import { same } from "./_same.ts";
import type { CheckId } from "./checks.ts";
import { compareExtensions } from "./_extensions.ts";
import { compareParameters } from "./_parameters.ts";
import { compareRequestBody, compareResponses } from "./_bodies.ts";
import { parametersOf, requestBodyOf } from "./_views.ts";
import { compareServers } from "./_document.ts";
import { compareSecurity } from "./_security.ts";

/** A pair of path items to compare. */
interface ItemTask {
  s: unknown;
  sAt: Place;
  t: unknown;
  tAt: Place;
  /** The source and target path templates (for path parameters). */
  sPath: string;
  tPath: string;
  /** How operations are named in messages: `${METHOD} ${label}`. */
  label: string;
  /** Direction of requests (flipped in webhooks and callbacks). */
  dir: Direction;
  /** A callback's path item: compared once per pair, so callbacks that lead back to themselves end. */
  callback?: boolean;
}

/** The operations of a path item, in document order: `[key, operation, place]` (`additionalOperations/NAME`). */
function operationsOf(c: Collector, item: Obj, at: Place): [string, Obj, Place][] {
  return pathItemOperations(item, c.target.version).map(({ method, operation, additional }) =>
    additional
      ? [`additionalOperations/${method}`, operation, under(at, "additionalOperations", method)]
      : [method, operation, under(at, method)]
  );
}

function methodName(key: string): string {
  return key.startsWith("additionalOperations/")
    ? key.slice("additionalOperations/".length)
    : key.toUpperCase();
}

/** Compares the paths and webhooks of both documents, and the callbacks of their operations. */
export function compareEndpoints(c: Collector): void {
  const work: ItemTask[] = [];
  const sd = c.source.document;
  const td = c.target.document;
  const sPaths = isObject(sd.paths) ? sd.paths : {};
  const tPaths = isObject(td.paths) ? td.paths : {};
  const sRoot = c.source.root;
  const tRoot = c.target.root;
  const byShape = new Map<string, string>();
  for (const k of Object.keys(sPaths)) {
    if (!k.startsWith("x-") && !byShape.has(templateShape(k))) byShape.set(templateShape(k), k);
  }
  const matched = new Set<string>();
  const run = (task: ItemTask) => {
    work.push(task);
    while (work.length > 0) {
      const callbacks = comparePathItem(c, work.pop()!);
      for (let i = callbacks.length - 1; i >= 0; i--) work.push(callbacks[i]);
    }
  };
  for (const tk of Object.keys(tPaths)) {
    if (tk.startsWith("x-")) continue;
    const sk = Object.hasOwn(sPaths, tk) ? tk : byShape.get(templateShape(tk));
    const tAt = under(tRoot, "paths", tk);
    if (sk === undefined || matched.has(sk)) {
      wholePath(c, "target", tPaths[tk], tAt, tk);
      continue;
    }
    matched.add(sk);
    run({
      s: sPaths[sk],
      sAt: under(sRoot, "paths", sk),
      t: tPaths[tk],
      tAt,
      sPath: sk,
      tPath: tk,
      label: tk,
      dir: "request",
    });
  }
  for (const sk of Object.keys(sPaths)) {
    if (sk.startsWith("x-") || matched.has(sk)) continue;
    wholePath(c, "source", sPaths[sk], under(sRoot, "paths", sk), sk);
  }
  compareExtensions(c, { s: sPaths, sAt: under(sRoot, "paths"), t: tPaths, tAt: under(tRoot, "paths") });
  const sHooks = isObject(sd.webhooks) ? sd.webhooks : {};
  const tHooks = isObject(td.webhooks) ? td.webhooks : {};
  for (const k of Object.keys(tHooks)) {
    const tAt = under(tRoot, "webhooks", k);
    const label = `webhook ${q(k)}`;
    if (!Object.hasOwn(sHooks, k)) {
      c.emit("webhook-added", "added", tAt, "target", `the ${label} was added.`, { endpoint: label });
      continue;
    }
    run({
      s: sHooks[k],
      sAt: under(sRoot, "webhooks", k),
      t: tHooks[k],
      tAt,
      sPath: "",
      tPath: "",
      label,
      dir: "response",
    });
  }
  for (const k of Object.keys(sHooks)) {
    if (!Object.hasOwn(tHooks, k)) {
      c.emit(
        "webhook-removed",
        "removed",
        under(sRoot, "webhooks", k),
        "source",
        `the webhook ${q(k)} was removed.`,
        { endpoint: `webhook ${q(k)}` },
      );
    }
  }
}

/** A path only one side has: one `endpoint-added` (or `-removed`) per operation, or one for a path without any. */
function wholePath(c: Collector, side: "source" | "target", raw: unknown, at: Place, path: string): void {
  const r = (side === "source" ? c.source : c.target).resolve(raw, at);
  const ops = isObject(r.value) ? operationsOf(c, r.value, r.at) : [];
  const [id, type, verb] = side === "target"
    ? ["endpoint-added", "added", "added"] as const
    : ["endpoint-removed", "removed", "removed"] as const;
  if (ops.length === 0) {
    c.emit(id, type, at, side, `the path ${q(path)} was ${verb}.`, { endpoint: path });
    return;
  }
  for (const [key, op, opAt] of ops) {
    const name = `${methodName(key)} ${path}`;
    // Removing what was announced as deprecated is the expected end of a deprecation, not a surprise.
    const check = type === "removed" && op.deprecated === true ? "deprecated-endpoint-removed" : id;
    c.emit(check, type, opAt, side, `the endpoint ${name} was ${verb} (with its path).`, { endpoint: name });
  }
}

function comparePathItem(c: Collector, task: ItemTask): ItemTask[] {
  if (task.sPath === task.tPath && !c.rootMediaChanged && same(task.s, task.t, c.source.stableRefs)) {
    return [];
  }
  const sr = c.source.resolve(task.s, task.sAt);
  const tr = c.target.resolve(task.t, task.tAt);
  const s = isObject(sr.value) ? sr.value : {};
  const t = isObject(tr.value) ? tr.value : {};
  if (task.callback && !c.firstVisit(s, t, task.dir)) return [];
  const endpoint = task.label;
  if (s.summary !== t.summary) {
    c.emit("endpoint-summary-changed", "modified", tr.at, "target", `the summary of ${endpoint} changed.`, {
      endpoint,
    });
  }
  if (s.description !== t.description) {
    c.emit(
      "endpoint-description-changed",
      "modified",
      tr.at,
      "target",
      `the description of ${endpoint} changed.`,
      { endpoint },
    );
  }
  compareExtensions(c, { s: s, sAt: sr.at, t: t, tAt: tr.at, endpoint: endpoint });
  compareServers(c, {
    s: s.servers,
    sAt: under(sr.at, "servers"),
    t: t.servers,
    tAt: under(tr.at, "servers"),
    endpoint: endpoint,
  });
  const sOps = new Map(operationsOf(c, s, sr.at).map((o) => [o[0], o]));
  const callbacks: ItemTask[] = [];
  const seen = new Set<string>();
  for (const [key, tOp, tOpAt] of operationsOf(c, t, tr.at)) {
    seen.add(key);
    const name = `${methodName(key)} ${endpoint}`;
    const so = sOps.get(key);
    if (so === undefined) {
      c.emit("operation-added", "added", tOpAt, "target", `the operation ${name} was added.`, {
        endpoint: name,
      });
      continue;
    }
    pushAll(
      callbacks,
      compareOperation(c, { ...task, s, sAt: sr.at, t, tAt: tr.at }, so[1], so[2], tOp, tOpAt, name),
    );
  }
  for (const [key, sOp, sOpAt] of sOps.values()) {
    if (seen.has(key)) continue;
    const name = `${methodName(key)} ${endpoint}`;
    const check = sOp.deprecated === true ? "deprecated-operation-removed" : "operation-removed";
    c.emit(check, "removed", sOpAt, "source", `the operation ${name} was removed.`, {
      endpoint: name,
    });
  }
  return callbacks;
}

function compareOperation(
  c: Collector,
  item: ItemTask & { s: Obj; t: Obj },
  s: Obj,
  sAt: Place,
  t: Obj,
  tAt: Place,
  endpoint: string,
): ItemTask[] {
  const pathLevelSame = same(item.s.parameters, item.t.parameters, c.source.stableRefs);
  if (item.sPath === item.tPath && pathLevelSame && !c.rootMediaChanged && same(s, t, c.source.stableRefs)) {
    return [];
  }
  const emit = (
    id: CheckId,
    type: "added" | "removed" | "modified",
    message: string,
    old?: unknown,
    now?: unknown,
  ) =>
    c.emit(id, type, type === "removed" ? sAt : tAt, type === "removed" ? "source" : "target", message, {
      endpoint,
      old,
      new: now,
      from: sAt,
    });
  if (s.deprecated !== true && t.deprecated === true) {
    emit("operation-deprecated", "modified", `the operation ${endpoint} is deprecated.`);
  }
  if (s.deprecated === true && t.deprecated !== true) {
    emit("operation-undeprecated", "modified", `the operation ${endpoint} is no longer deprecated.`);
  }
  if (s.operationId !== t.operationId) {
    if (s.operationId === undefined) {
      emit(
        "operation-id-added",
        "added",
        `${endpoint} has the operationId ${q(t.operationId)}.`,
        undefined,
        t.operationId,
      );
    } else if (t.operationId === undefined) {
      emit(
        "operation-id-removed",
        "removed",
        `${endpoint} lost the operationId ${q(s.operationId)}.`,
        s.operationId,
      );
    } else {emit(
        "operation-id-changed",
        "modified",
        `the operationId of ${endpoint} changed from ${q(s.operationId)} to ${q(t.operationId)}.`,
        s.operationId,
        t.operationId,
      );}
  }
  if (s.summary !== t.summary) {
    emit(
      "operation-summary-changed",
      "modified",
      `the summary of ${endpoint} changed.`,
      s.summary,
      t.summary,
    );
  }
  if (s.description !== t.description) {
    emit("operation-description-changed", "modified", `the description of ${endpoint} changed.`);
  }
  const tags = (o: Obj) => new Set(Array.isArray(o.tags) ? o.tags.map(String) : []);
  const sTags = tags(s);
  const tTags = tags(t);
  for (const tag of tTags) {
    if (!sTags.has(tag)) {
      emit("operation-tag-added", "added", `${endpoint} has the new tag ${q(tag)}.`, undefined, tag);
    }
  }
  for (const tag of sTags) {
    if (!tTags.has(tag)) {
      emit("operation-tag-removed", "removed", `${endpoint} lost the tag ${q(tag)}.`, tag);
    }
  }
  if (JSON.stringify(s.externalDocs) !== JSON.stringify(t.externalDocs)) {
    emit("operation-external-docs-changed", "modified", `the external documentation of ${endpoint} changed.`);
  }
  compareExtensions(c, { s: s, sAt: sAt, t: t, tAt: tAt, endpoint: endpoint });
  const sParams = parametersOf(c.source, item.s, item.sAt, s, sAt, item.sPath);
  const tParams = parametersOf(c.target, item.t, item.tAt, t, tAt, item.tPath);
  compareParameters(c, sParams, tParams, endpoint, item.dir);
  compareRequestBody(
    c,
    requestBodyOf(c.source, s, sAt, sParams),
    requestBodyOf(c.target, t, tAt, tParams),
    tAt,
    endpoint,
    item.dir,
  );
  compareResponses(c, s, sAt, t, tAt, endpoint, item.dir);
  if (s.security !== undefined || t.security !== undefined) {
    compareSecurity(c, {
      s: s.security ?? c.source.document.security,
      sAt: under(sAt, "security"),
      t: t.security ?? c.target.document.security,
      tAt: under(tAt, "security"),
      endpoint: endpoint,
    });
  }
  compareServers(c, {
    s: s.servers,
    sAt: under(sAt, "servers"),
    t: t.servers,
    tAt: under(tAt, "servers"),
    endpoint: endpoint,
  });
  return callbacksOf(c, s, sAt, t, tAt, endpoint, item.dir);
}

function callbacksOf(
  c: Collector,
  s: Obj,
  sAt: Place,
  t: Obj,
  tAt: Place,
  endpoint: string,
  dir: Direction,
): ItemTask[] {
  const sc = isObject(s.callbacks) ? s.callbacks : {};
  const tc = isObject(t.callbacks) ? t.callbacks : {};
  const out: ItemTask[] = [];
  for (const name of Object.keys(tc)) {
    const tcAt = under(tAt, "callbacks", name);
    if (!Object.hasOwn(sc, name)) {
      c.emit("callback-added", "added", tcAt, "target", `${endpoint} has the new callback ${q(name)}.`, {
        endpoint,
      });
      continue;
    }
    const a = c.source.resolve(sc[name], under(sAt, "callbacks", name));
    const b = c.target.resolve(tc[name], tcAt);
    const ao = isObject(a.value) ? a.value : {};
    const bo = isObject(b.value) ? b.value : {};
    for (const expr of Object.keys(bo)) {
      if (expr.startsWith("x-")) continue;
      if (!Object.hasOwn(ao, expr)) {
        c.emit(
          "callback-expression-added",
          "added",
          under(b.at, expr),
          "target",
          `the callback ${q(name)} of ${endpoint} calls the new URL ${q(expr)}.`,
          { endpoint },
        );
        continue;
      }
      out.push({
        s: ao[expr],
        sAt: under(a.at, expr),
        t: bo[expr],
        tAt: under(b.at, expr),
        sPath: expr,
        tPath: expr,
        label: `${expr} (callback ${q(name)} of ${endpoint})`,
        dir: flip(dir),
        callback: true,
      });
    }
    for (const expr of Object.keys(ao)) {
      if (!expr.startsWith("x-") && !Object.hasOwn(bo, expr)) {
        c.emit(
          "callback-expression-removed",
          "removed",
          under(a.at, expr),
          "source",
          `the callback ${q(name)} of ${endpoint} no longer calls ${q(expr)}.`,
          { endpoint },
        );
      }
    }
    compareExtensions(c, { s: ao, sAt: a.at, t: bo, tAt: b.at, endpoint: endpoint });
  }
  for (const name of Object.keys(sc)) {
    if (!Object.hasOwn(tc, name)) {
      c.emit(
        "callback-removed",
        "removed",
        under(sAt, "callbacks", name),
        "source",
        `${endpoint} lost the callback ${q(name)}.`,
        { endpoint },
      );
    }
  }
  return out;
}
