/**
 * Structure-aware traversal of OpenAPI documents in the shape of the first API (`walkStructure`,
 * `forEachRef`), now a thin layer over the typed walker of `src/walker` in its lenient mode: OpenAPI and JSON
 * Schema structure is walked by kind, objects in places the layout does not describe are walked too, and data
 * (examples, defaults, enums, constants, extension values, Link parameters) never is, so a `$ref` inside data
 * is never reported.
 *
 * @module
 */
import type { OASVersion } from "./version.ts";
import { Walker } from "../walker/mod.ts";

/** How the keys of an object are to be read. */
export type NodeKind =
  /** Keys are fixed field names of an OpenAPI object or JSON Schema keywords. */
  | "object"
  /** Keys are user-chosen names (paths, status codes, callback expressions); values are structure. */
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

/**
 * Visits every structural object of an OpenAPI document, root first, in document order, without recursion.
 * Data positions are skipped: `example`, `default`, `enum`, `const`, Example Object values, schema `examples`
 * lists, 2.0 `examples` maps, Link `parameters`/`requestBody`, and every `x-` extension value. The Paths,
 * Responses and Callback Objects (whose keys are names) are visited as `map`, every other object as `object`.
 */
export function walkStructure(root: unknown, oasVersion: OASVersion, visit: StructureVisitor): void {
  if (root === null || typeof root !== "object") return;
  // The link of each path length, and the node that set it: a node's parent object set the link of its own
  // length, one or two levels up (two when the node is an entry of a map or list field).
  const links: (PathLink | undefined)[] = [undefined];
  const owners: (object | undefined)[] = [root];
  const walker = new Walker(oasVersion, [{
    enter(node, at) {
      const path = at.path;
      const n = path.length;
      let link: PathLink | undefined = undefined;
      if (n > 0) {
        let parentLink: PathLink | undefined;
        if (owners[n - 1] === at.parent) parentLink = links[n - 1];
        else {
          parentLink = { parent: links[n - 2], key: path[n - 2] };
          links[n - 1] = parentLink;
          owners[n - 1] = undefined;
        }
        link = { parent: parentLink, key: path[n - 1] };
      }
      links[n] = link;
      owners[n] = node;
      const kind: NodeKind = at.kind === "paths" || at.kind === "responses" ||
          (at.kind === "callback" && typeof node.$ref !== "string")
        ? "map"
        : "object";
      if (visit(node, link, kind) === false) at.skip();
    },
  }], { lenient: true });
  walker.walk(root, "", "root");
}

/** Called for each reference found by {@link forEachRef}. */
export type RefVisitor = (ref: string, holder: Record<string, unknown>, link: PathLink | undefined) => void;

/** Visits every `$ref` string in structural positions (never inside examples, defaults, enums or extensions). */
export function forEachRef(root: unknown, oasVersion: OASVersion, visit: RefVisitor): void {
  walkStructure(root, oasVersion, (node, link, kind) => {
    if (kind === "object" && typeof node.$ref === "string") visit(node.$ref, node, link);
  });
}
