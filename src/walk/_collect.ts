/**
 * Collectors of the walk queries: each lists every item of its kind in a document, in document order, with
 * the typed walker (`src/walker`) and the reference index (`RefIndex`), which resolves Reference Objects
 * without loops. Only structural places are walked, so a `$ref` inside data is data. Private to the walk folder.
 *
 * @module
 */
import { formatPointer, type OASVersion, type RefIndex } from "../core/mod.ts";
import { isObject } from "../core/json.ts";
import { HTTP_METHODS, type Visitors, Walker, type Walker as At } from "../walker/mod.ts";
import type { Entry } from "./_query.ts";
import type {
  HeaderItem,
  OperationItem,
  ParameterItem,
  PathItem,
  RefItem,
  ResponseItem,
  SchemaItem,
  SecurityItem,
} from "./types.ts";

/** A document to collect from, with its reference index. */
export interface Source {
  /** The document. */
  doc: unknown;
  /** Its version family. */
  version: OASVersion;
  /** Its reference index (resolutions are relative to the root, `index.rootKey`). */
  index: RefIndex;
  /** Name of a file of the set for messages (the root's source for the root). */
  sourceOf(file: string): string;
}

type Obj = Record<string, unknown>;

function walkRoot(src: Source, visitors: Visitors): void {
  new Walker(src.version, [visitors]).walkDocument(src.doc, src.index.rootKey);
}

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

function upper(method: string | undefined): string | undefined {
  return method === undefined ? undefined : method.toUpperCase();
}

/**
 * Where an item is: filled in (from the entry's segments) only for the items a page returns, since formatting
 * every path of a large document costs more than the walk.
 */
const UNPLACED = { location: "", pointer: "" } as const;

/** The target of a reference (chains followed), when it resolves to an object. */
function follow(src: Source, ref: string, file: string): Obj | undefined {
  const r = src.index.follow(ref, file);
  return r.ok && isObject(r.value) ? r.value : undefined;
}

/** Whether a path is the entry of a component section: `components.<section>.X` (3.x) or `<section2>.X` (2.0). */
function isComponent(
  path: readonly (string | number)[],
  version: OASVersion,
  section: string,
  section2: string,
) {
  return version === "2.0"
    ? path.length === 2 && path[0] === section2
    : path.length === 3 && path[0] === "components" && path[1] === section;
}

/** Which part of the document an operation (or path item) is in. */
function sectionOf(path: readonly (string | number)[]): OperationItem["section"] {
  if (path.includes("callbacks")) return "callbacks";
  return path[0] === "webhooks" ? "webhooks" : "paths";
}

/** Where the API part of a walk is: the path an item belongs to, its section, whether to leave it out. */
interface Api<E> {
  /** Adds an entry (in document order; a referenced Path Item's entries where its reference is). */
  push(entry: E): void;
  /** The path template, webhook name or callback expression the node belongs to. */
  path(at: At): string | undefined;
  /** Which part of the document the node is in, for its path. */
  section(at: At): OperationItem["section"];
  /**
   * Whether to leave the node out: it is inside a Path Item that is only a component (3.1
   * `components.pathItems`), whose contents are listed under the paths that reference it instead.
   */
  hidden(at: At): boolean;
}

/**
 * Walks the document for the parts of its API: the collector's visitors see the nodes under `paths`, `webhooks`,
 * callbacks and components, and a Path Item that is a `$ref` has its target walked as if it stood there (each
 * target place once per path, from a queue after the document: no recursion, and reference loops end).
 */
function walkApi<E>(src: Source, visitors: (api: Api<E>) => Visitors): E[] {
  type Slot = { entry: E } | Slot[];
  type Override = { path: string; section: OperationItem["section"] };
  const root: Slot[] = [];
  const seen = new Set<string>();
  const queue: {
    value: Obj;
    file: string;
    segments: readonly (string | number)[];
    over: Override;
    into: Slot[];
  }[] = [];
  const apiOf = (into: Slot[], over?: Override): Visitors[] => {
    const api: Api<E> = {
      push: (entry) => into.push({ entry }),
      path: (at) => at.enclosingPath ?? over?.path,
      section: (at) =>
        at.enclosingPath !== undefined || over === undefined ? sectionOf(at.path) : over.section,
      hidden: (at) =>
        over === undefined && at.path[0] === "components" && at.path[1] === "pathItems" &&
        at.enclosingPath === undefined,
    };
    const refs: Visitors = {
      $ref(_holder, ref, expected, at) {
        if (expected !== "pathItem") return;
        const path = api.path(at);
        if (path === undefined) return;
        const r = src.index.follow(ref, at.file);
        if (!r.ok || !isObject(r.value)) return;
        const section = api.section(at);
        const key = `${r.file}\0${formatPointer(r.segments)}\0${path}\0${section}`;
        if (seen.has(key)) return;
        seen.add(key);
        const slot: Slot[] = [];
        into.push(slot);
        queue.push({
          value: r.value,
          file: r.file,
          segments: r.segments,
          over: { path, section },
          into: slot,
        });
      },
    };
    return [visitors(api), refs];
  };
  new Walker(src.version, apiOf(root)).walkDocument(src.doc, src.index.rootKey);
  for (let i = 0; i < queue.length; i++) {
    const q = queue[i];
    new Walker(src.version, apiOf(q.into, q.over)).walk(q.value, q.file, "pathItem", q.segments);
  }
  // Flatten the nested lists iteratively.
  const out: E[] = [];
  const stack: { list: Slot[]; i: number }[] = [{ list: root, i: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.i >= top.list.length) {
      stack.pop();
      continue;
    }
    const s = top.list[top.i++];
    if (Array.isArray(s)) stack.push({ list: s, i: 0 });
    else out.push(s.entry);
  }
  return out;
}

/**
 * Operations under `paths`, `webhooks` and callbacks, in document order. A Path Item that is a `$ref` lists the
 * operations of its target under its own path (each target once per path); operations of Path Items that are
 * only components (3.1 `components.pathItems`) are not listed on their own.
 */
export function collectOperations(src: Source): Entry<OperationItem>[] {
  return walkApi<Entry<OperationItem>>(src, (api) => ({
    operation(node, at) {
      const path = api.path(at);
      if (path === undefined || api.hidden(at)) return;
      const op: OperationItem = {
        method: at.method!.toUpperCase(),
        path,
        section: api.section(at),
        tags: Array.isArray(node.tags) ? node.tags.filter((t): t is string => typeof t === "string") : [],
        deprecated: node.deprecated === true,
        ...UNPLACED,
      };
      if (typeof node.operationId === "string") op.operationId = node.operationId;
      if (typeof node.summary === "string") op.summary = node.summary;
      api.push({ item: op, node, segments: [...at.path] });
    },
  }));
}

/** The type of a schema as a key: the string, a list joined with `|`, undefined without one. */
export function typeKey(type: unknown): string | undefined {
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.map(String).join("|");
  return undefined;
}

/**
 * Schemas of the document: components and every nested schema (Reference Objects are not schemas and are not
 * listed). A schema under `properties` is named after its property.
 */
export function collectSchemas(src: Source): Entry<SchemaItem>[] {
  const out: Entry<SchemaItem>[] = [];
  walkRoot(src, {
    schema(node, at) {
      if (typeof node.$ref === "string") return;
      const path = at.path;
      const component = isComponent(path, src.version, "schemas", "definitions");
      const n = path.length;
      const name = component || (n >= 2 && path[n - 2] === "properties" && at.parentKind === "schema")
        ? String(path[n - 1])
        : "";
      const item: SchemaItem = { name, component, ...UNPLACED };
      if (typeof node.type === "string") item.type = node.type;
      else if (Array.isArray(node.type)) item.type = node.type.map(String);
      out.push({ item, node, segments: [...at.path] });
    },
  });
  return out;
}

/** A parameter entry with the methods it applies to (path-level parameters: every method of their Path Item). */
export interface ParameterEntry extends Entry<ParameterItem> {
  /** Methods (upper case) the parameter applies to. */
  methods: string[];
}

/**
 * Parameters: of operations, of Path Items, and components. A Reference Object is resolved (chains followed)
 * when `resolve` is set; one that does not resolve (a loop, a missing target) stays a reference.
 */
export function collectParameters(src: Source, resolve: boolean): ParameterEntry[] {
  return walkApi<ParameterEntry>(src, (api) => {
    const methodsOf = (at: At): string[] => {
      const m = upper(at.method);
      if (m !== undefined) return [m];
      const parent = at.parent;
      if (at.parentKind !== "pathItem" || !isObject(parent)) return [];
      return HTTP_METHODS[src.version].filter((k) => isObject(parent[k])).map((k) => k.toUpperCase());
    };
    const base = (at: At): ParameterItem => {
      const item: ParameterItem = {
        component: isComponent(at.path, src.version, "parameters", "parameters"),
        ...UNPLACED,
      };
      const path = api.path(at);
      if (path !== undefined) item.path = path;
      const method = upper(at.method);
      if (method !== undefined) item.method = method;
      return item;
    };
    const fill = (item: ParameterItem, node: Obj) => {
      if (typeof node.name === "string") item.name = node.name;
      if (typeof node.in === "string") item.in = node.in;
    };
    return {
      parameter(node, at) {
        if (api.hidden(at)) return;
        const item = base(at);
        fill(item, node);
        api.push({ item, node, methods: methodsOf(at), segments: [...at.path] });
      },
      $ref(holder, ref, expected, at) {
        if (expected !== "parameter" || api.hidden(at)) return;
        const item = { ...base(at), ref };
        const target = resolve ? follow(src, ref, at.file) : undefined;
        if (target !== undefined) fill(item, target);
        api.push({ item, node: target ?? holder, methods: methodsOf(at), segments: [...at.path] });
      },
    };
  });
}

function contentOf(node: Obj, version: OASVersion): string[] {
  if (version === "2.0") return isObject(node.schema) ? ["schema"] : [];
  return isObject(node.content) ? Object.keys(node.content) : [];
}

/** Responses of operations and components; Reference Objects resolved (chains followed) where they can be. */
export function collectResponses(src: Source): Entry<ResponseItem>[] {
  return walkApi<Entry<ResponseItem>>(src, (api) => {
    const add = (node: Obj, at: At, ref?: string) => {
      if (api.hidden(at)) return;
      const component = isComponent(at.path, src.version, "responses", "responses");
      const item: ResponseItem = { content: [], component, ...UNPLACED };
      const status = at.status;
      if (status !== undefined) item.status = status;
      if (component) item.name = String(at.path[at.path.length - 1]);
      const path = api.path(at);
      if (path !== undefined) item.path = path;
      const method = upper(at.method);
      if (method !== undefined) item.method = method;
      if (ref !== undefined) item.ref = ref;
      const description = str(node.description);
      if (description !== undefined) item.description = description;
      item.content = contentOf(node, src.version);
      api.push({ item, node, segments: [...at.path] });
    };
    return {
      response: (node, at) => add(node, at),
      $ref(holder, ref, expected, at) {
        if (expected === "response") add(follow(src, ref, at.file) ?? holder, at, ref);
      },
    };
  });
}

/** Headers of responses, encodings and components; Reference Objects resolved where they can be. */
export function collectHeaders(src: Source): Entry<HeaderItem>[] {
  return walkApi<Entry<HeaderItem>>(src, (api) => {
    const add = (node: Obj, at: At, ref?: string) => {
      if (api.hidden(at)) return;
      const path = api.path(at);
      const item: HeaderItem = {
        name: String(at.path[at.path.length - 1]),
        component: path === undefined &&
          (at.path[0] === "components" || (src.version === "2.0" && at.path[0] === "responses")),
        ...UNPLACED,
      };
      const status = at.status;
      if (status !== undefined) item.status = status;
      if (path !== undefined) item.path = path;
      const method = upper(at.method);
      if (method !== undefined) item.method = method;
      if (ref !== undefined) item.ref = ref;
      api.push({ item, node, segments: [...at.path] });
    };
    return {
      header: (node, at) => add(node, at),
      $ref(holder, ref, expected, at) {
        if (expected === "header") add(follow(src, ref, at.file) ?? holder, at, ref);
      },
    };
  });
}

function securityDetails(node: Obj): string | undefined {
  switch (node.type) {
    case "http":
      return [str(node.scheme), str(node.bearerFormat)].filter((s) => s !== undefined).join(" ") || undefined;
    case "apiKey":
      return node.in !== undefined || node.name !== undefined
        ? `${str(node.in) ?? "?"}: ${str(node.name) ?? "?"}`
        : undefined;
    case "oauth2":
      return isObject(node.flows)
        ? Object.keys(node.flows).filter((k) => !k.startsWith("x-")).join(", ")
        : str(node.flow);
    case "openIdConnect":
      return str(node.openIdConnectUrl);
    default:
      return undefined;
  }
}

/** Security schemes (`components.securitySchemes`, 2.0 `securityDefinitions`). */
export function collectSecurity(src: Source): Entry<SecurityItem>[] {
  const out: Entry<SecurityItem>[] = [];
  const add = (node: Obj, at: At, ref?: string) => {
    const item: SecurityItem = { name: String(at.path[at.path.length - 1]), ...UNPLACED };
    const type = str(node.type);
    if (type !== undefined) item.type = type;
    const details = securityDetails(node);
    if (details !== undefined) item.details = details;
    const description = str(node.description);
    if (description !== undefined) item.description = description;
    if (ref !== undefined) item.ref = ref;
    out.push({ item, node, segments: [...at.path] });
  };
  walkRoot(src, {
    securityScheme: (node, at) => add(node, at),
    $ref(holder, ref, expected, at) {
      if (expected === "securityScheme") add(follow(src, ref, at.file) ?? holder, at, ref);
    },
  });
  return out;
}

/** Path Items under `paths` and `webhooks`, with the methods of their operations (references followed). */
export function collectPaths(src: Source): Entry<PathItem>[] {
  const out: Entry<PathItem>[] = [];
  const methods = HTTP_METHODS[src.version];
  walkRoot(src, {
    components: (_node, at) => at.skip(),
    pathItem(node, at) {
      const webhook = at.path.length === 2 && at.path[0] === "webhooks";
      if (at.parentKind !== "paths" && !webhook) return;
      at.skip();
      const ref = str(node.$ref);
      const target = ref === undefined ? node : { ...follow(src, ref, at.file), ...node };
      const list = Object.keys(target).filter((m) => methods.includes(m) && isObject(target[m]))
        .map((m) => m.toUpperCase());
      if (src.version === "3.2" && isObject(target.additionalOperations)) {
        for (const [m, op] of Object.entries(target.additionalOperations)) {
          if (isObject(op)) list.push(m.toUpperCase());
        }
      }
      const item: PathItem = { path: String(at.path[1]), webhook, methods: list, ...UNPLACED };
      if (ref !== undefined) item.ref = ref;
      out.push({ item, node: target, segments: [...at.path] });
    },
  });
  return out;
}

/**
 * Every structural `$ref` of the document set, as occurrences in the order of `RefIndex.edges()` (the root in
 * document order, then places in other files); `node` is the target (one step), when it resolves.
 */
export function collectRefs(src: Source): Entry<RefItem>[] {
  const out: Entry<RefItem>[] = [];
  for (const e of src.index.edges()) {
    const item: RefItem = {
      ref: e.ref,
      nodeType: e.expected,
      count: 1,
      ...UNPLACED,
      resolved: e.target.ok,
    };
    if (e.from.file !== src.index.rootKey) item.file = src.sourceOf(e.from.file);
    out.push({ item, node: e.target.ok ? e.target.value : undefined, segments: e.from.segments });
  }
  return out;
}
