/**
 * Collectors of the walk queries: each lists every item of its kind in a document, in document order, with
 * the typed walker (`src/walker`) and the reference index (`RefIndex`), which resolves Reference Objects
 * without loops. Only structural places are walked, so a `$ref` inside data is data. Private to the walk folder.
 *
 * @module
 */
import { formatPointer, type OASVersion, type RefIndex } from "../core/mod.ts";
import { isObject, type Obj } from "../core/json.ts";
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

/**
 * Walks the document set: the root, then every place its references lead to in other files (or to places the
 * layout does not describe), each once, with the place that referred to it (`at.via`). With `perPath`, a Path
 * Item referenced under `paths`, `webhooks` or a callback is walked at each path referring to it (its API is
 * listed there), local components included.
 */
function walkSet(src: Source, visitors: readonly Visitors[], perPath = false): void {
  const index = src.index;
  new Walker(src.version, visitors, {
    follow(ref, file) {
      const r = index.resolve(ref, file);
      return r.ok ? { file: r.file, segments: r.segments, value: r.value } : undefined;
    },
    pathItemsPerPath: perPath,
  }).walkDocument(src.doc, index.rootKey);
}

/** The name of a file of the set in locations: undefined for the root. */
function fileOf(src: Source, at: At): string | undefined {
  return at.file === src.index.rootKey ? undefined : src.sourceOf(at.file);
}

/**
 * Whether the node is a component of a section: in the root at `components.<section>.X` (2.0 `<section2>.X`),
 * or the target of a reference into another file, which the bundled document holds as a component.
 */
function componentAt(src: Source, at: At, section: string, section2: string): boolean {
  return at.file === src.index.rootKey
    ? isComponent(at.path, src.version, section, section2)
    : isFollowedComponent(src, at);
}

/** The name of a component in another file: the last segment of its pointer, else the file's base name. */
function followedName(src: Source, at: At): string {
  const n = at.path.length;
  if (n > 0) return String(at.path[n - 1]);
  const base = src.sourceOf(at.file).split(/[\\/]/).pop() ?? "";
  return base.replace(/\.(ya?ml|json)$/i, "");
}

/**
 * Whether the node is the target of a reference from another place that the bundled document would hold as a
 * component: the root of a followed walk (not a Path Item inlined under a path).
 */
function isFollowedComponent(src: Source, at: At): boolean {
  const via = at.via;
  return via !== undefined && at.file !== src.index.rootKey && at.path.length === via.target.length &&
    !(via.expected === "pathItem" && via.enclosingPath !== undefined);
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

/** Which part of the document an operation (or path item) is in (or the place that referred to it). */
function sectionOf(at: At): OperationItem["section"] {
  return at.inCallback ? "callbacks" : at.inWebhook ? "webhooks" : "paths";
}

/** Where the API part of a walk is: the path an item belongs to, its section, whether to leave it out. */
interface Api<E> {
  /** Adds an entry (in document order; a referenced Path Item's entries where its reference is). */
  push(entry: E, at: At): void;
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
 * Walks the document set for the parts of its API (see {@link walkSet}): the entries of a Path Item that is a
 * `$ref` under a path are listed where its reference is; those of other followed places (in other files) after
 * the root's, in the order they were reached.
 */
function walkApi<E>(src: Source, visitors: (api: Api<E>) => Visitors): E[] {
  type Slot = { entry: E } | Slot[];
  const root: Slot[] = [];
  const tail: Slot[] = [];
  /** The slot of each Path Item reference under a path, by its place. */
  const slots = new Map<string, Slot[]>();
  const placeKey = (file: string, path: readonly (string | number)[]) => `${file}\0${formatPointer(path)}`;
  const intoByVia = new Map<object, Slot[]>();
  const into = (at: At): Slot[] => {
    const via = at.via;
    if (via === undefined) return root;
    let list = intoByVia.get(via);
    if (list === undefined) {
      list = slots.get(placeKey(via.file, via.path)) ?? tail;
      intoByVia.set(via, list);
    }
    return list;
  };
  const api: Api<E> = {
    push: (entry, at) => into(at).push({ entry }),
    path: (at) => at.enclosingPath,
    section: (at) => sectionOf(at),
    hidden: (at) =>
      at.via === undefined && at.path[0] === "components" && at.path[1] === "pathItems" &&
      at.enclosingPath === undefined,
  };
  const refs: Visitors = {
    $ref(_holder, _ref, expected, at) {
      if (expected !== "pathItem" || at.enclosingPath === undefined) return;
      const key = placeKey(at.file, at.path);
      if (slots.has(key)) return;
      const slot: Slot[] = [];
      into(at).push(slot);
      slots.set(key, slot);
    },
  };
  // The slot is made before the follower queues the target (visitors run in order, the follower last).
  walkSet(src, [refs, visitors(api)], true);
  root.push(tail);
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
      api.push({ item: op, node, segments: [...at.path], file: fileOf(src, at) }, at);
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
  walkSet(src, [{
    schema(node, at) {
      if (typeof node.$ref === "string") return;
      const path = at.path;
      const component = componentAt(src, at, "schemas", "definitions");
      const n = path.length;
      const name = component
        ? followedName(src, at)
        : n >= 2 && path[n - 2] === "properties" && at.parentKind === "schema"
        ? String(path[n - 1])
        : "";
      const item: SchemaItem = { name, component, ...UNPLACED };
      if (typeof node.type === "string") item.type = node.type;
      else if (Array.isArray(node.type)) item.type = node.type.map(String);
      out.push({ item, node, segments: [...at.path], file: fileOf(src, at) });
    },
  }]);
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
      const component = componentAt(src, at, "parameters", "parameters");
      const item: ParameterItem = { component, ...UNPLACED };
      if (component) return item;
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
        api.push({ item, node, methods: methodsOf(at), segments: [...at.path], file: fileOf(src, at) }, at);
      },
      $ref(holder, ref, expected, at) {
        if (expected !== "parameter" || api.hidden(at)) return;
        const item = { ...base(at), ref };
        const target = resolve ? follow(src, ref, at.file) : undefined;
        if (target !== undefined) fill(item, target);
        api.push({
          item,
          node: target ?? holder,
          methods: methodsOf(at),
          segments: [...at.path],
          file: fileOf(src, at),
        }, at);
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
      const component = componentAt(src, at, "responses", "responses");
      const item: ResponseItem = { content: [], component, ...UNPLACED };
      if (component) item.name = followedName(src, at);
      else {
        const status = at.status;
        if (status !== undefined) item.status = status;
        const path = api.path(at);
        if (path !== undefined) item.path = path;
        const method = upper(at.method);
        if (method !== undefined) item.method = method;
      }
      if (ref !== undefined) item.ref = ref;
      const description = str(node.description);
      if (description !== undefined) item.description = description;
      item.content = contentOf(node, src.version);
      api.push({ item, node, segments: [...at.path], file: fileOf(src, at) }, at);
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
      const followed = isFollowedComponent(src, at);
      const path = followed ? undefined : api.path(at);
      const item: HeaderItem = {
        name: followedName(src, at),
        component: followed || (at.file === src.index.rootKey && path === undefined &&
          (at.path[0] === "components" || (src.version === "2.0" && at.path[0] === "responses"))),
        ...UNPLACED,
      };
      if (!followed) {
        const status = at.status;
        if (status !== undefined) item.status = status;
        if (path !== undefined) item.path = path;
        const method = upper(at.method);
        if (method !== undefined) item.method = method;
      }
      if (ref !== undefined) item.ref = ref;
      api.push({ item, node, segments: [...at.path], file: fileOf(src, at) }, at);
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
    const item: SecurityItem = { name: followedName(src, at), ...UNPLACED };
    const type = str(node.type);
    if (type !== undefined) item.type = type;
    const details = securityDetails(node);
    if (details !== undefined) item.details = details;
    const description = str(node.description);
    if (description !== undefined) item.description = description;
    if (ref !== undefined) item.ref = ref;
    out.push({ item, node, segments: [...at.path], file: fileOf(src, at) });
  };
  walkSet(src, [{
    securityScheme: (node, at) => add(node, at),
    $ref(holder, ref, expected, at) {
      if (expected === "securityScheme") add(follow(src, ref, at.file) ?? holder, at, ref);
    },
  }]);
  return out;
}

/** Path Items under `paths` and `webhooks`, with the methods of their operations (references followed). */
export function collectPaths(src: Source): Entry<PathItem>[] {
  const out: Entry<PathItem>[] = [];
  const methods = HTTP_METHODS[src.version];
  // The root's paths and webhooks only: a Path Item `$ref` is resolved in place.
  new Walker(src.version, [{
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
      out.push({ item, node: target, segments: [...at.path], file: fileOf(src, at) });
    },
  }]).walkDocument(src.doc, src.index.rootKey);
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
