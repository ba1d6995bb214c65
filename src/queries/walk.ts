/**
 * The walk queries: list the operations, schemas, parameters, responses, headers, security schemes, paths or
 * references of a document, filtered, grouped and paged; what `oatool walk` prints and the tool server's walk
 * tools return.
 *
 * @module
 */
import { formatPath } from "../core/mod.ts";
import { sourceOf, type WalkInput } from "./input.ts";
import { compileGlob, type GlobMatcher } from "./glob.ts";
import { WalkFilterError } from "./extension.ts";
import { type CommonPlan, type Entry, finish, optional, planCommon, statusMatcher } from "./_query.ts";
import {
  collectHeaders,
  collectOperations,
  collectParameters,
  collectPaths,
  collectRefs,
  collectResponses,
  collectSchemas,
  collectSecurity,
  type Source,
  typeKey,
} from "./_collect.ts";
import type {
  HeaderItem,
  OperationItem,
  ParameterItem,
  PathItem,
  RefItem,
  ResponseItem,
  SchemaItem,
  SecurityItem,
  WalkCommonOptions,
  WalkHeadersOptions,
  WalkKind,
  WalkOperationsOptions,
  WalkParametersOptions,
  WalkPathsOptions,
  WalkRefsOptions,
  WalkResponsesOptions,
  WalkResult,
  WalkSchemasOptions,
  WalkSecurityOptions,
} from "./types.ts";

const pathGlob = (p: string | undefined): GlobMatcher | undefined =>
  p === undefined || p === "" ? undefined : compileGlob(p, { segments: true });
const nameGlob = (p: string | undefined, caseInsensitive = false): GlobMatcher | undefined =>
  p === undefined || p === "" ? undefined : compileGlob(p, { caseInsensitive });
const lower = (s: string | undefined): string | undefined =>
  s === undefined || s === "" ? undefined : s.toLowerCase();

function exclusive(kind: string, a: string, b: string, x: boolean | undefined, y: boolean | undefined): void {
  if (x === true && y === true) {
    throw new WalkFilterError(`${kind}: "${a}" and "${b}" exclude each other; give one of them.`);
  }
}

async function run<T, O extends WalkCommonOptions>(
  kind: WalkKind,
  input: WalkInput,
  options: O,
  prepare: (plan: CommonPlan) => (src: Source) => WalkResult<T>,
): Promise<WalkResult<T>> {
  // Options are checked before anything is read, so a bad filter fails fast.
  const query = prepare(planCommon(kind, options));
  return query(await sourceOf(input, options));
}

/**
 * Lists the operations under `paths`, `webhooks` and callbacks (a Path Item `$ref` lists its target's operations
 * under its own path).
 *
 * @example
 * ```ts
 * import { walkOperations } from "@oatool/cli/queries";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = await walkOperations({
 *   content: '{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {' +
 *     '"/pets": {"get": {"tags": ["pets"], "responses": {}}, "post": {"deprecated": true, "responses": {}}}}}',
 * }, { deprecated: true });
 * assertEquals(r.items.map((op) => `${op.method} ${op.path}`), ["POST /pets"]);
 * ```
 * @throws {WalkFilterError} for a malformed filter or option.
 */
export function walkOperations(
  input: WalkInput,
  options: WalkOperationsOptions = {},
): Promise<WalkResult<OperationItem>> {
  return run("operations", input, options, (plan) => {
    const path = pathGlob(options.path);
    const method = lower(options.method);
    const id = nameGlob(options.operationId);
    const tag = options.tag === "" ? undefined : options.tag;
    return (src) =>
      finish(
        "operations",
        collectOperations(src),
        plan,
        ({ item }) =>
          optional(method, (m) => item.method.toLowerCase() === m) &&
          optional(path, (g) => g(item.path)) &&
          optional(tag, (t) => item.tags.includes(t)) &&
          optional(id, (g) => item.operationId !== undefined && g(item.operationId)) &&
          optional(options.deprecated, (d) => item.deprecated === d),
        (item, by) =>
          by === "method" ? [item.method] : item.tags.length > 0 ? [...new Set(item.tags)] : ["(untagged)"],
      );
  });
}

/**
 * Lists the schemas: components (`components.schemas`, 2.0 `definitions`) and every nested schema.
 *
 * @example
 * ```ts
 * import { walkSchemas } from "@oatool/cli/queries";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = await walkSchemas({
 *   content: '{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": ' +
 *     '{"Pet": {"type": "object", "properties": {"name": {"type": "string"}, "tag": {"type": ["string", "null"]}}}}}}',
 * }, { groupBy: "type" });
 * assertEquals(r.groups, [{ key: "object", count: 1 }, { key: "string", count: 1 }, { key: "string|null", count: 1 }]);
 * ```
 * @throws {WalkFilterError} for a malformed filter or option.
 */
export function walkSchemas(
  input: WalkInput,
  options: WalkSchemasOptions = {},
): Promise<WalkResult<SchemaItem>> {
  return run("schemas", input, options, (plan) => {
    exclusive("schemas", "component", "inline", options.component, options.inline);
    const name = nameGlob(options.name);
    const type = options.type === "" ? undefined : options.type;
    return (src) =>
      finish(
        "schemas",
        collectSchemas(src),
        plan,
        ({ item }) =>
          optional(name, (g) => item.name !== "" && g(item.name)) &&
          optional(type, (t) => typeKey(item.type) === t) &&
          optional(options.component, (c) => item.component === c) &&
          optional(options.inline, (i) => item.component !== i),
        (item, by) =>
          by === "type" ? [typeKey(item.type) ?? "(untyped)"] : [item.component ? "component" : "inline"],
      );
  });
}

/**
 * Lists the parameters of operations, Path Items and components. `$ref` parameters are resolved when the `name`
 * or `in` filter (or `extension`) is given; one that cannot be resolved (a loop) stays a reference.
 *
 * @example
 * ```ts
 * import { walkParameters } from "@oatool/cli/queries";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = await walkParameters({
 *   content: '{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/pets": {"get": {' +
 *     '"parameters": [{"name": "limit", "in": "query"}, {"name": "X-Trace", "in": "header"}], "responses": {}}}}}',
 * }, { in: "query" });
 * assertEquals(r.items.map((p) => p.name), ["limit"]);
 * ```
 * @throws {WalkFilterError} for a malformed filter or option.
 */
export function walkParameters(
  input: WalkInput,
  options: WalkParametersOptions = {},
): Promise<WalkResult<ParameterItem>> {
  return run("parameters", input, options, (plan) => {
    const name = nameGlob(options.name, true);
    const where = lower(options.in);
    const path = pathGlob(options.path);
    const method = options.method === undefined || options.method === ""
      ? undefined
      : options.method.toUpperCase();
    const resolve = name !== undefined || where !== undefined || plan.extension !== undefined;
    return (src) => {
      const entries = collectParameters(src, resolve);
      const methods = new Map(entries.map((e) => [e.item, e.methods]));
      return finish(
        "parameters",
        entries,
        plan,
        ({ item }) =>
          optional(name, (g) => item.name !== undefined && g(item.name)) &&
          optional(where, (w) => item.in?.toLowerCase() === w) &&
          optional(path, (g) => item.path !== undefined && g(item.path)) &&
          optional(method, (m) => methods.get(item)!.includes(m)),
        (item, by) => by === "name" ? [item.name ?? "(ref)"] : [item.in ?? "(ref)"],
      );
    };
  });
}

/**
 * Lists the responses of operations and components (`$ref` responses resolved for their description and body).
 *
 * @example
 * ```ts
 * import { walkResponses } from "@oatool/cli/queries";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = await walkResponses({
 *   content: '{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/pets": {"get": {' +
 *     '"responses": {"200": {"description": "ok"}, "404": {"description": "none"}}}}}}',
 * }, { status: "4xx" });
 * assertEquals(r.items.map((x) => `${x.status} ${x.method} ${x.path}`), ["404 GET /pets"]);
 * ```
 * @throws {WalkFilterError} for a malformed filter or option.
 */
export function walkResponses(
  input: WalkInput,
  options: WalkResponsesOptions = {},
): Promise<WalkResult<ResponseItem>> {
  return run("responses", input, options, (plan) => {
    const status = statusMatcher(options.status);
    const path = pathGlob(options.path);
    const method = lower(options.method);
    return (src) =>
      finish(
        "responses",
        collectResponses(src),
        plan,
        ({ item }) =>
          optional(status, (s) => s(item.status)) &&
          optional(path, (g) => item.path !== undefined && g(item.path)) &&
          optional(method, (m) => item.method?.toLowerCase() === m),
        (item, by) =>
          by === "method"
            ? [item.component ? "(component)" : item.method ?? "(none)"]
            : [item.component ? "(component)" : item.status ?? "(none)"],
      );
  });
}

/**
 * Lists the headers of responses, encodings and components.
 *
 * @example
 * ```ts
 * import { walkHeaders } from "@oatool/cli/queries";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = await walkHeaders({
 *   content: '{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/pets": {"get": {' +
 *     '"responses": {"200": {"description": "ok", "headers": {"X-Rate-Limit": {"schema": {"type": "integer"}}}}}}}}}',
 * }, { name: "x-rate-*" });
 * assertEquals(r.items.map((h) => `${h.name} ${h.status}`), ["X-Rate-Limit 200"]);
 * ```
 * @throws {WalkFilterError} for a malformed filter or option.
 */
export function walkHeaders(
  input: WalkInput,
  options: WalkHeadersOptions = {},
): Promise<WalkResult<HeaderItem>> {
  return run("headers", input, options, (plan) => {
    const name = nameGlob(options.name, true);
    const path = pathGlob(options.path);
    const method = lower(options.method);
    const status = statusMatcher(options.status);
    return (src) =>
      finish(
        "headers",
        collectHeaders(src),
        plan,
        ({ item }) =>
          optional(name, (g) => g(item.name)) &&
          optional(path, (g) => item.path !== undefined && g(item.path)) &&
          optional(method, (m) => item.method?.toLowerCase() === m) &&
          optional(status, (s) => s(item.status)) &&
          optional(options.component, (c) => item.component === c),
        (item, by) =>
          by === "name"
            ? [item.name.toLowerCase()]
            : [item.component ? "(component)" : item.status ?? "(none)"],
      );
  });
}

/**
 * Lists the security schemes (`components.securitySchemes`, 2.0 `securityDefinitions`).
 *
 * @example
 * ```ts
 * import { walkSecurity } from "@oatool/cli/queries";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = await walkSecurity({
 *   content: '{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {' +
 *     '"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}, "key": {"type": "apiKey", "in": "header", "name": "K"}}}}',
 * }, { type: "http" });
 * assertEquals(r.items.map((s) => s.name), ["bearer"]);
 * ```
 * @throws {WalkFilterError} for a malformed filter or option.
 */
export function walkSecurity(
  input: WalkInput,
  options: WalkSecurityOptions = {},
): Promise<WalkResult<SecurityItem>> {
  return run("security", input, options, (plan) => {
    const name = nameGlob(options.name);
    const type = lower(options.type);
    return (src) =>
      finish("security", collectSecurity(src), plan, ({ item }) =>
        optional(name, (g) => g(item.name)) &&
        optional(type, (t) => item.type?.toLowerCase() === t), () => []);
  });
}

function segmentOf(item: PathItem): string {
  if (item.webhook) return "(webhook)";
  const first = item.path.split("/").find((s) => s !== "");
  return first ?? "/";
}

/**
 * Lists the Path Items under `paths` and `webhooks`.
 *
 * @example
 * ```ts
 * import { walkPaths } from "@oatool/cli/queries";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = await walkPaths({
 *   content: '{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {' +
 *     '"/pets": {"get": {"responses": {}}}, "/pets/{id}": {"get": {"responses": {}}, "delete": {"responses": {}}}}}',
 * }, { path: "/pets/*" });
 * assertEquals(r.items.map((p) => `${p.path} ${p.methods.join(",")}`), ["/pets/{id} GET,DELETE"]);
 * ```
 * @throws {WalkFilterError} for a malformed filter or option.
 */
export function walkPaths(input: WalkInput, options: WalkPathsOptions = {}): Promise<WalkResult<PathItem>> {
  return run("paths", input, options, (plan) => {
    const path = pathGlob(options.path);
    return (src) =>
      finish("paths", collectPaths(src), plan, ({ item }) => optional(path, (g) => g(item.path)), (item) => [
        segmentOf(item),
      ]);
  });
}

/**
 * Lists the structural `$ref`s: per target with its count, most referenced first (`total`, `matched`: distinct
 * targets), or with `detail` each occurrence with where it is written, or with `groupBy: "node_type"` the
 * occurrences per kind (`total`, `matched`: occurrences). The extension filter applies to the target.
 *
 * @example
 * ```ts
 * import { walkRefs } from "@oatool/cli/queries";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = await walkRefs({
 *   content: '{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/pets": {"get": {' +
 *     '"responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}}},' +
 *     '"components": {"schemas": {"Pet": {"type": "object", "properties": {"owner": {"$ref": "#/components/schemas/Pet"}}}}}}',
 * }, { target: "#/components/schemas/*" });
 * assertEquals(r.items.map((x) => `${x.ref} ${x.count}`), ["#/components/schemas/Pet 2"]);
 * ```
 * @throws {WalkFilterError} for a malformed filter or option.
 */
export function walkRefs(input: WalkInput, options: WalkRefsOptions = {}): Promise<WalkResult<RefItem>> {
  return run("refs", input, options, (plan) => {
    const target = pathGlob(options.target);
    const nodeType = lower(options.nodeType);
    const test = ({ item }: Entry<RefItem>) =>
      optional(target, (g) => g(item.ref)) && optional(nodeType, (n) => item.nodeType.toLowerCase() === n);
    return (src) => {
      const occurrences = collectRefs(src);
      if (plan.detail || plan.groupBy !== undefined) {
        return finish("refs", occurrences, plan, test, (item) => [item.nodeType]);
      }
      // Per target: counts of the matched occurrences, most referenced first.
      const perTarget = (list: readonly Entry<RefItem>[]) => {
        const byRef = new Map<string, Entry<RefItem>>();
        for (const e of list) {
          const known = byRef.get(e.item.ref);
          if (known !== undefined) known.item.count++;
          else {
            const { file: _file, ...first } = e.item;
            byRef.set(e.item.ref, { item: { ...first, ...targetPlace(src, e.item.ref) }, node: e.node });
          }
        }
        return byRef;
      };
      const all = perTarget(occurrences);
      const order = [...perTarget(occurrences.filter(test)).values()];
      order.sort((a, b) =>
        b.item.count - a.item.count || (a.item.ref < b.item.ref ? -1 : a.item.ref > b.item.ref ? 1 : 0)
      );
      // The extension filter (in finish) applies to each target.
      return { ...finish("refs", order, plan, () => true, () => []), total: all.size };
    };
  });
}

/** Where a reference's target is, as the summary of a target states it (its fragment, as a path). */
function targetPlace(src: Source, ref: string): { location: string; pointer: string } {
  const hash = ref.indexOf("#");
  const fragment = hash === -1 ? "" : ref.slice(hash + 1);
  const r = src.index.resolve(ref);
  if (r.ok && r.file === src.index.rootKey) {
    return { location: formatPath(r.segments), pointer: fragment };
  }
  return { location: ref, pointer: fragment };
}

/** The options of any walk query. */
export type WalkOptions =
  & WalkOperationsOptions
  & WalkSchemasOptions
  & WalkParametersOptions
  & WalkResponsesOptions
  & WalkHeadersOptions
  & WalkSecurityOptions
  & WalkPathsOptions
  & WalkRefsOptions;

/** The item type of each kind. */
export interface WalkItems {
  /** Operations. */
  operations: OperationItem;
  /** Schemas. */
  schemas: SchemaItem;
  /** Parameters. */
  parameters: ParameterItem;
  /** Responses. */
  responses: ResponseItem;
  /** Headers. */
  headers: HeaderItem;
  /** Security schemes. */
  security: SecurityItem;
  /** Path Items. */
  paths: PathItem;
  /** References. */
  refs: RefItem;
}

/**
 * Runs the walk query of a kind (`walk("operations", …)` is `walkOperations(…)`); options that the kind does not
 * take are ignored.
 *
 * @example
 * ```ts
 * import { walk } from "@oatool/cli/queries";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const r = await walk("paths", {
 *   content: '{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"get": {"responses": {}}}}}',
 * });
 * assertEquals(r.total, 1);
 * ```
 * @throws {WalkFilterError} for a malformed filter or option.
 */
export function walk<K extends WalkKind>(
  kind: K,
  input: WalkInput,
  options: WalkOptions = {},
): Promise<WalkResult<WalkItems[K]>> {
  const table: { [P in WalkKind]: (i: WalkInput, o: WalkOptions) => Promise<WalkResult<WalkItems[P]>> } = {
    operations: walkOperations,
    schemas: walkSchemas,
    parameters: walkParameters,
    responses: walkResponses,
    headers: walkHeaders,
    security: walkSecurity,
    paths: walkPaths,
    refs: walkRefs,
  };
  const fn = table[kind] as ((i: WalkInput, o: WalkOptions) => Promise<WalkResult<WalkItems[K]>>) | undefined;
  if (fn === undefined) {
    return Promise.reject(
      new WalkFilterError(
        `"${kind}" is not a walk kind; use one of operations, schemas, parameters, responses, headers, security, paths, refs.`,
      ),
    );
  }
  return fn(input, options);
}
