/**
 * The operation-context reference graph of one document: which operations use each schema of the schema
 * section, directly or through other schemas.
 *
 * Direct uses are found in every operation of `paths`, of 3.1+ `webhooks` (path `webhook:<name>`) and of
 * callbacks (path `<parent path>-><callback name>:<expression>`, usage `callback`):
 *
 * | where | UsageType | StatusCode | ParamName | MediaType |
 * |---|---|---|---|---|
 * | 3.x `requestBody.content.<mt>.schema` / `itemSchema` | request | | | mt |
 * | 2.0 `in: body` parameter `schema` | request | | parameter name | |
 * | parameter `schema` / 3.x `content.<mt>.schema` | parameter | | parameter name | mt |
 * | response `schema` (2.0) / `content.<mt>.schema` (3.x) | response | code | | mt |
 * | response header `schema` / `content.<mt>.schema` | header | code | header name | mt |
 *
 * References through `components.parameters`, `responses`, `requestBodies`, `headers`, `pathItems`,
 * `callbacks` and 3.2 `mediaTypes` (2.0: `#/parameters/`, `#/responses/`) are followed. Path-level parameters
 * count for every operation of their path item (an operation parameter with the same name and location
 * overrides). A use of a schema also counts for every schema it references, through properties, items,
 * additionalProperties, allOf/anyOf/oneOf/not, prefixItems, patternProperties, dependentSchemas, if/then/else,
 * `$defs`, discriminator mappings and the other subschema keywords.
 *
 * Uses are numbered in document order (paths, then webhooks; within an operation path-level parameters
 * first, then its keys in order; within a response its content, then its headers). The graph is built once
 * per document (cached by object identity) in one pass over the document. The primary use of every schema is
 * computed in one linear pass per policy ({@link OperationGraph.primary}); the full lineage of a schema, which
 * the aggregate fields need, is computed on first request, in time proportional to the schemas that lead to
 * it and their uses, and cached.
 *
 * @module
 */

import { pushAll } from "../core/bounded_text.ts";
import { type OASVersion, operationsOf } from "../core/mod.ts";
import { RefIndex, stronglyConnected } from "../refs/ref_index.ts";
import { Walker } from "../walker/mod.ts";
import { isObject, schemaSection, schemaTargetsOf } from "./_canonical.ts";

/** Which operation gives a shared schema its operation fields. */
export type PrimaryOperationPolicy = "first" | "most-specific" | "alphabetical";

/** Where a schema is used by an operation. */
export type UsageType = "request" | "response" | "parameter" | "header" | "callback";

/** One use of a schema by an operation. */
export interface OperationUse {
  /** Position in document order; smaller comes first. */
  seq: number;
  /** API path, `webhook:<name>` or `<parent>-><callback>:<expression>`. */
  path: string;
  /** HTTP method, lower case. */
  method: string;
  /** Operation id, or `""`. */
  operationId: string;
  /** Tags of the operation. */
  tags: string[];
  /** Where the schema is used. */
  usageType: UsageType;
  /** Response status code for response and header uses, else `""`. */
  statusCode: string;
  /** Parameter name (parameter and 2.0 body uses) or header name (header uses), else `""`. */
  paramName: string;
  /** Media type, or `""`. */
  mediaType: string;
}

function specificity(u: OperationUse): number {
  return u.operationId !== "" ? 0 : u.tags.length > 0 ? 1 : 2;
}

/**
 * Whether use `a` is preferred over `b` as primary: `first` — earlier in document order; `most-specific` —
 * an operation with an operationId, then one with tags, then document order; `alphabetical` — smaller path,
 * then smaller method, then document order. Each is a total order, so the primary of a set of uses is its
 * minimum and can be combined from the minima of subsets.
 */
export function precedes(a: OperationUse, b: OperationUse, policy: PrimaryOperationPolicy): boolean {
  if (policy === "most-specific") {
    const sa = specificity(a);
    const sb = specificity(b);
    if (sa !== sb) return sa < sb;
  } else if (policy === "alphabetical") {
    if (a.path !== b.path) return a.path < b.path;
    if (a.method !== b.method) return a.method < b.method;
  }
  return a.seq < b.seq;
}

/** Limit on nested callbacks followed while building the graph. */
const MAX_NESTING = 32;

interface Slot {
  usageType: Exclude<UsageType, "callback">;
  statusCode: string;
  paramName: string;
  mediaType: string;
  targets: string[];
}

interface OperationInfo {
  path: string;
  method: string;
  operationId: string;
  tags: string[];
  callback: boolean;
}

/** The reference graph of one document; build it with {@link OperationGraph.of}. */
export class OperationGraph {
  /** Direct uses by schema name, in document order. */
  private readonly direct = new Map<string, OperationUse[]>();
  /** Schema name → names of the schemas that reference it. */
  private readonly parents = new Map<string, string[]>();
  private readonly lineages = new Map<string, OperationUse[]>();
  private readonly primaries = new Map<PrimaryOperationPolicy, Map<string, OperationUse>>();
  private readonly schemaNames: ReadonlySet<string>;
  private seq = 0;
  /** Slots of components reached through `$ref`, read once however many operations refer to them. */
  private readonly componentSlots = new Map<object, Slot[]>();
  /** The document's reference index. */
  private readonly refs: RefIndex;

  private static readonly cache = new WeakMap<object, { oasVersion: OASVersion; graph: OperationGraph }>();

  /** The graph of a document, built on first request and cached for the document object. */
  static of(doc: Record<string, unknown>, oasVersion: OASVersion): OperationGraph {
    const cached = OperationGraph.cache.get(doc);
    if (cached && cached.oasVersion === oasVersion) return cached.graph;
    const graph = new OperationGraph(doc, oasVersion);
    OperationGraph.cache.set(doc, { oasVersion, graph });
    return graph;
  }

  private constructor(
    private readonly doc: Record<string, unknown>,
    private readonly oasVersion: OASVersion,
  ) {
    this.refs = new RefIndex(doc, oasVersion);
    const section = schemaSection(doc, oasVersion) ?? {};
    this.schemaNames = new Set(Object.keys(section));
    for (const name of Object.keys(section)) {
      for (const target of this.targetsOf(section[name])) {
        const list = this.parents.get(target);
        if (list) list.push(name);
        else this.parents.set(target, [name]);
      }
    }
    // The Path Items of `paths` and `webhooks`, found by the typed walker (which skips everything below them),
    // visited paths first.
    const paths: [Record<string, unknown>, string][] = [];
    const webhooks: [Record<string, unknown>, string][] = [];
    new Walker(oasVersion, [{
      enter(node, at) {
        if (at.kind === "root" || at.kind === "paths") return;
        if (at.kind === "pathItem" && at.parentKind === "paths") paths.push([node, String(at.path[1])]);
        else if (at.kind === "pathItem" && at.inWebhook) webhooks.push([node, `webhook:${at.path[1]}`]);
        at.skip();
      },
    }]).walk(doc, "", "root");
    for (const [item, label] of [...paths, ...webhooks]) this.visitPathItem(item, label, undefined, 0);
  }

  /** Direct uses of a schema (without those through referencing schemas), in document order. */
  directUses(name: string): readonly OperationUse[] {
    return this.direct.get(name) ?? [];
  }

  /**
   * The primary use of a schema under a policy: the preferred one ({@link precedes}) among its direct uses and
   * those of every schema that references it, transitively. Computed for all schemas at once on the first call
   * per policy, in time linear in the graph (strongly connected components, then one pass from the referencing
   * schemas down to the referenced ones). Undefined for orphans and unknown names.
   */
  primary(name: string, policy: PrimaryOperationPolicy): OperationUse | undefined {
    let table = this.primaries.get(policy);
    if (!table) {
      table = this.computePrimaries(policy);
      this.primaries.set(policy, table);
    }
    return table.get(name);
  }

  private computePrimaries(policy: PrimaryOperationPolicy): Map<string, OperationUse> {
    const names = [...this.schemaNames];
    const index = new Map(names.map((n, i) => [n, i]));
    // Edges from a schema to the schemas that reference it: uses flow along them.
    const up = names.map((n) => (this.parents.get(n) ?? []).map((p) => index.get(p) ?? -1));
    const componentOf = new Int32Array(names.length);
    const best: (OperationUse | undefined)[] = [];
    const pick = (a: OperationUse | undefined, b: OperationUse | undefined): OperationUse | undefined =>
      a === undefined ? b : b === undefined ? a : precedes(b, a, policy) ? b : a;
    // Components come out after every component they point at, i.e. referencing schemas first.
    stronglyConnected(up).forEach((component, c) => {
      let chosen: OperationUse | undefined;
      for (const m of component) componentOf[m] = c;
      for (const m of component) {
        for (const use of this.direct.get(names[m]) ?? []) chosen = pick(chosen, use);
        for (const p of up[m]) {
          if (p >= 0 && componentOf[p] !== c) chosen = pick(chosen, best[componentOf[p]]);
        }
      }
      best[c] = chosen;
    });
    const table = new Map<string, OperationUse>();
    names.forEach((n, i) => {
      const use = best[componentOf[i]];
      if (use) table.set(n, use);
    });
    return table;
  }

  /**
   * All uses of a schema: its direct uses and those of every schema that references it, directly or
   * transitively, each once, in document order. Empty for orphans and unknown names.
   */
  lineage(name: string): readonly OperationUse[] {
    const cached = this.lineages.get(name);
    if (cached) return cached;
    const seen = new Set<string>([name]);
    const queue = [name];
    const uses: OperationUse[] = [];
    for (let i = 0; i < queue.length; i++) {
      const direct = this.direct.get(queue[i]);
      if (direct) pushAll(uses, direct);
      for (const parent of this.parents.get(queue[i]) ?? []) {
        if (!seen.has(parent)) {
          seen.add(parent);
          queue.push(parent);
        }
      }
    }
    uses.sort((a, b) => a.seq - b.seq);
    this.lineages.set(name, uses);
    return uses;
  }

  private targetsOf(schema: unknown): string[] {
    if (!isObject(schema)) return [];
    return schemaTargetsOf(schema, this.oasVersion).filter((t) => this.schemaNames.has(t));
  }

  /**
   * Follows a chain of local `$ref`s (through the document's reference index) to the object it ends at;
   * undefined if broken, a loop, or leading out of the document.
   */
  private resolve(value: unknown): Record<string, unknown> | undefined {
    if (!isObject(value) || typeof value.$ref !== "string") return isObject(value) ? value : undefined;
    if (!value.$ref.startsWith("#")) return undefined;
    const r = this.refs.follow(value.$ref);
    return r.ok && isObject(r.value) ? r.value : undefined;
  }

  private visitPathItem(item: unknown, path: string, parent: OperationInfo | undefined, depth: number): void {
    if (depth > MAX_NESTING) return;
    const resolved = this.resolve(item);
    if (!resolved) return;
    const shared = Array.isArray(resolved.parameters) ? resolved.parameters : [];
    for (const [method, op] of operationsOf(resolved, this.oasVersion, this.doc)) {
      const ownId = typeof op.operationId === "string" ? op.operationId : "";
      const ownTags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === "string") : [];
      const info: OperationInfo = {
        path,
        method: method.toLowerCase(),
        operationId: ownId || (parent?.operationId ?? ""),
        tags: ownTags.length > 0 || !parent ? ownTags : parent.tags,
        callback: parent !== undefined,
      };
      const own = Array.isArray(op.parameters) ? op.parameters : [];
      this.visitSharedParameters(shared, own, info);
      for (const key of Object.keys(op)) {
        const value = op[key];
        if (key === "parameters") { for (const raw of own) this.record(info, this.parameterSlots(raw)); }
        else if (key === "requestBody") this.record(info, this.requestBodySlots(value));
        else if (key === "responses") this.visitResponses(value, info);
        else if (key === "callbacks" && this.oasVersion !== "2.0") this.visitCallbacks(value, info, depth);
      }
    }
  }

  /** Path-level parameters apply to each operation unless it has its own with the same name and location. */
  private visitSharedParameters(shared: unknown[], own: unknown[], info: OperationInfo): void {
    if (shared.length === 0) return;
    const key = (p: Record<string, unknown>): string => `${String(p.in)}:${String(p.name)}`;
    const overridden = new Set<string>();
    for (const raw of own) {
      const p = this.resolve(raw);
      if (p) overridden.add(key(p));
    }
    for (const raw of shared) {
      const p = this.resolve(raw);
      if (p && !overridden.has(key(p))) this.record(info, this.parameterSlots(raw));
    }
  }

  private visitResponses(value: unknown, info: OperationInfo): void {
    if (!isObject(value)) return;
    for (const code of Object.keys(value)) {
      if (code.startsWith("x-")) continue;
      const slots = this.responseSlots(value[code]);
      this.record(info, slots.map((s) => ({ ...s, statusCode: code })));
    }
  }

  private visitCallbacks(value: unknown, info: OperationInfo, depth: number): void {
    if (!isObject(value)) return;
    for (const name of Object.keys(value)) {
      if (name.startsWith("x-")) continue;
      const callback = this.resolve(value[name]);
      if (!callback) continue;
      for (const expression of Object.keys(callback)) {
        if (expression.startsWith("x-")) continue;
        this.visitPathItem(callback[expression], `${info.path}->${name}:${expression}`, info, depth + 1);
      }
    }
  }

  private record(info: OperationInfo, slots: readonly Slot[]): void {
    for (const slot of slots) {
      for (const target of slot.targets) {
        const use: OperationUse = {
          seq: this.seq++,
          path: info.path,
          method: info.method,
          operationId: info.operationId,
          tags: info.tags,
          usageType: info.callback ? "callback" : slot.usageType,
          statusCode: slot.statusCode,
          paramName: slot.paramName,
          mediaType: slot.mediaType,
        };
        const list = this.direct.get(target);
        if (list) list.push(use);
        else this.direct.set(target, [use]);
      }
    }
  }

  /**
   * The slots of a parameter, request body or response; memoised when it was reached through a `$ref`, so a
   * shared component is read once (inline objects are read once anyway).
   */
  private cached(raw: unknown, obj: Record<string, unknown>, build: () => Slot[]): Slot[] {
    if (raw === obj) return build().filter((s) => s.targets.length > 0);
    let slots = this.componentSlots.get(obj);
    if (!slots) {
      slots = build().filter((s) => s.targets.length > 0);
      this.componentSlots.set(obj, slots);
    }
    return slots;
  }

  private contentSlots(
    content: unknown,
    base: Omit<Slot, "targets" | "mediaType">,
  ): Slot[] {
    if (!isObject(content)) return [];
    const out: Slot[] = [];
    for (const mediaType of Object.keys(content)) {
      const media = this.resolve(content[mediaType]);
      if (!media) continue;
      const targets = [...new Set([...this.targetsOf(media.schema), ...this.targetsOf(media.itemSchema)])];
      out.push({ ...base, mediaType, targets });
    }
    return out;
  }

  private parameterSlots(raw: unknown): Slot[] {
    const p = this.resolve(raw);
    if (!p) return [];
    return this.cached(raw, p, () => {
      const paramName = typeof p.name === "string" ? p.name : "";
      if (this.oasVersion === "2.0") {
        const usageType = p.in === "body" ? "request" : "parameter";
        return [{ usageType, statusCode: "", paramName, mediaType: "", targets: this.targetsOf(p.schema) }];
      }
      return [
        {
          usageType: "parameter",
          statusCode: "",
          paramName,
          mediaType: "",
          targets: this.targetsOf(p.schema),
        },
        ...this.contentSlots(p.content, { usageType: "parameter", statusCode: "", paramName }),
      ];
    });
  }

  private requestBodySlots(raw: unknown): Slot[] {
    const body = this.resolve(raw);
    if (!body) return [];
    return this.cached(
      raw,
      body,
      () => this.contentSlots(body.content, { usageType: "request", statusCode: "", paramName: "" }),
    );
  }

  private responseSlots(raw: unknown): Slot[] {
    const response = this.resolve(raw);
    if (!response) return [];
    return this.cached(raw, response, () => {
      const out: Slot[] = [];
      if (this.oasVersion === "2.0") {
        out.push({
          usageType: "response",
          statusCode: "",
          paramName: "",
          mediaType: "",
          targets: this.targetsOf(response.schema),
        });
        return out;
      }
      pushAll(
        out,
        this.contentSlots(response.content, { usageType: "response", statusCode: "", paramName: "" }),
      );
      if (isObject(response.headers)) {
        for (const name of Object.keys(response.headers)) {
          const header = this.resolve(response.headers[name]);
          if (!header) continue;
          out.push({
            usageType: "header",
            statusCode: "",
            paramName: name,
            mediaType: "",
            targets: this.targetsOf(header.schema),
          });
          pushAll(
            out,
            this.contentSlots(header.content, { usageType: "header", statusCode: "", paramName: name }),
          );
        }
      }
      return out;
    });
  }
}
