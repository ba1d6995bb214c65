/**
 * Structure-aware traversal of OpenAPI documents: which values are OpenAPI/JSON Schema structure (where `$ref`
 * means a reference) and which are user data (examples, defaults, enums, constants, extension values) where a
 * `$ref` key is just data and must never be followed.
 *
 * @module
 */
import type { OASVersion } from "./version.ts";

/** How the keys of an object are to be read. */
export type NodeKind =
  /** Keys are fixed field names of an OpenAPI object or JSON Schema keywords. */
  | "object"
  /** Keys are user-chosen names (paths, properties, component names, status codes); values are structure. */
  | "map";

/** A link in the chain from the root to a node; `segments()` turns it into a path. */
export interface PathLink {
  /** The link of the parent container, undefined at the root. */
  readonly parent: PathLink | undefined;
  /** The key (object) or index (array) of this node in its parent. */
  readonly key: string | number;
}

/** The segments from the root to a node. */
export function pathSegments(link: PathLink | undefined): (string | number)[] {
  const out: (string | number)[] = [];
  for (let l = link; l !== undefined; l = l.parent) out.push(l.key);
  return out.reverse();
}

/**
 * Called for every structural object. `kind` tells how its keys read. Return `false` to skip its children.
 */
export type StructureVisitor = (
  node: Record<string, unknown>,
  link: PathLink | undefined,
  kind: NodeKind,
) => boolean | void;

const DATA_KEYS = new Set(["example", "default", "enum", "const", "value", "dataValue", "serializedValue"]);

/** Keys whose value is a map of names; the value says how the map's own values read. */
const MAP_KEYS: Readonly<Record<string, { child: NodeKind; extensions: boolean }>> = {
  properties: { child: "object", extensions: false },
  patternProperties: { child: "object", extensions: false },
  definitions: { child: "object", extensions: false },
  $defs: { child: "object", extensions: false },
  dependentSchemas: { child: "object", extensions: false },
  dependencies: { child: "object", extensions: false },
  paths: { child: "object", extensions: true },
  webhooks: { child: "object", extensions: false },
  responses: { child: "object", extensions: true },
  callbacks: { child: "map", extensions: false },
  content: { child: "object", extensions: false },
  encoding: { child: "object", extensions: false },
  headers: { child: "object", extensions: false },
  links: { child: "object", extensions: false },
  variables: { child: "object", extensions: false },
  securityDefinitions: { child: "object", extensions: false },
  schemas: { child: "object", extensions: false },
  parameters: { child: "object", extensions: false },
  requestBodies: { child: "object", extensions: false },
  securitySchemes: { child: "object", extensions: false },
  pathItems: { child: "object", extensions: false },
  mediaTypes: { child: "object", extensions: false },
  examples: { child: "object", extensions: false },
  additionalOperations: { child: "object", extensions: false },
  flows: { child: "object", extensions: false },
};

interface Frame {
  node: unknown;
  link: PathLink | undefined;
  kind: NodeKind;
  /** For maps: whether `x-` keys are extensions (data) rather than names. */
  extensions: boolean;
  /** For maps: how the map's values read. */
  childKind: NodeKind;
}

/**
 * Visits every structural object of an OpenAPI document, root first, in document order, without recursion.
 * Data positions are skipped: `example`, `default`, `enum`, `const`, Example Object values, schema `examples`
 * lists, 2.0 `examples` maps, Link `parameters`/`requestBody`, and every `x-` extension value.
 */
export function walkStructure(root: unknown, oasVersion: OASVersion, visit: StructureVisitor): void {
  if (root === null || typeof root !== "object") return;
  const stack: Frame[] = [{
    node: root,
    link: undefined,
    kind: "object",
    extensions: false,
    childKind: "object",
  }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const node = frame.node;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        const v = node[i];
        if (v !== null && typeof v === "object") {
          stack.push({
            node: v,
            link: { parent: frame.link, key: i },
            kind: "object",
            extensions: false,
            childKind: "object",
          });
        }
      }
      continue;
    }
    const obj = node as Record<string, unknown>;
    if (visit(obj, frame.link, frame.kind) === false) continue;
    const keys = Object.keys(obj);
    const isLink = frame.kind === "object" &&
      (typeof obj.operationRef === "string" ||
        (typeof obj.operationId === "string" && !("responses" in obj)));
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      const value = obj[key];
      if (value === null || typeof value !== "object") continue;
      const link: PathLink = { parent: frame.link, key };
      if (frame.kind === "map") {
        if (frame.extensions && key.startsWith("x-")) continue;
        // A Callback Object (a value of `callbacks`) is itself a map of expressions to Path Items, unless it is
        // a Reference Object.
        const kind = frame.childKind === "map" && !Array.isArray(value) &&
            typeof (value as Record<string, unknown>).$ref === "string"
          ? "object"
          : frame.childKind;
        stack.push({
          node: value,
          link,
          kind,
          extensions: kind === "map",
          childKind: "object",
        });
        continue;
      }
      if (key.startsWith("x-") || DATA_KEYS.has(key)) continue;
      if (key === "$ref") continue;
      if (key === "examples") {
        if (Array.isArray(value) || oasVersion === "2.0") continue;
        stack.push({ node: value, link, kind: "map", extensions: false, childKind: "object" });
        continue;
      }
      if (isLink && (key === "parameters" || key === "requestBody")) continue;
      const mapInfo = MAP_KEYS[key];
      if (mapInfo !== undefined && !Array.isArray(value)) {
        stack.push({
          node: value,
          link,
          kind: "map",
          extensions: mapInfo.extensions,
          childKind: mapInfo.child,
        });
        continue;
      }
      stack.push({ node: value, link, kind: "object", extensions: false, childKind: "object" });
    }
  }
}

/** Called for each reference found by {@link forEachRef}. */
export type RefVisitor = (ref: string, holder: Record<string, unknown>, link: PathLink | undefined) => void;

/** Visits every `$ref` string in structural positions (never inside examples, defaults, enums or extensions). */
export function forEachRef(root: unknown, oasVersion: OASVersion, visit: RefVisitor): void {
  walkStructure(root, oasVersion, (node, link, kind) => {
    if (kind === "object" && typeof node.$ref === "string") visit(node.$ref, node, link);
  });
}
