/**
 * Options and results of the walk queries.
 *
 * @module
 */
import type { DocumentReader } from "../core/mod.ts";

/** The kinds the walk queries list. */
export type WalkKind =
  | "operations"
  | "schemas"
  | "parameters"
  | "responses"
  | "headers"
  | "security"
  | "paths"
  | "refs";

/** Every walk kind, in the order the help lists them. */
export const WALK_KINDS: readonly WalkKind[] = [
  "operations",
  "schemas",
  "parameters",
  "responses",
  "headers",
  "security",
  "paths",
  "refs",
];

/** The `groupBy` values of each kind (as the tool server's `group_by` names them). */
export const GROUP_BY: Readonly<Record<WalkKind, readonly string[]>> = {
  operations: ["tag", "method"],
  schemas: ["type", "location"],
  parameters: ["location", "name"],
  responses: ["status_code", "method"],
  headers: ["name", "status_code"],
  security: [],
  paths: ["segment"],
  refs: ["node_type"],
};

/** Options every walk query takes. */
export interface WalkCommonOptions {
  /** Extension filter: `x-a`, `!x-a`, `x-a=v`, `x-a!=v`, `,` OR, `+` AND (AND binds tighter). */
  extension?: string;
  /** Replace every resolvable `$ref` of the document by its target before walking (circular ones stay). @default false */
  resolveRefs?: boolean;
  /** Return each item's full node (`node`). @default false */
  detail?: boolean;
  /** Return `{key, count}` groups (of the matched items, most first) instead of items. */
  groupBy?: string;
  /** Most items (or groups) returned; 0 returns none (counts only). @default 100, or 25 with `detail` */
  limit?: number;
  /** Items (or groups) skipped first. @default 0 */
  offset?: number;
  /** Where files, URLs and standard input are read from. */
  reader?: DocumentReader;
}

/** One group of matched items. */
export interface WalkGroup {
  /** The key (`GET`, a tag, `(untyped)`, `(ref)`, `(component)`, …). */
  key: string;
  /** Matched items in the group (for `refs`, `$ref` occurrences). */
  count: number;
}

/** What every walk query returns. */
export interface WalkResult<T> {
  /** The kind listed. */
  kind: WalkKind;
  /**
   * Items of the kind in the document before any filter. For `refs` without `detail` or `groupBy`: the number of
   * distinct `$ref` targets; with either, the number of `$ref` occurrences.
   */
  total: number;
  /** Items left after the filters (same units as `total`). */
  matched: number;
  /** Items (or groups) in this page. */
  returned: number;
  /** Items (or groups) skipped. */
  offset: number;
  /** Most items (or groups) in a page. */
  limit: number;
  /** The page of items (empty with `groupBy`). */
  items: T[];
  /** With `groupBy`: the page of groups, sorted by count (most first), then by key. */
  groups?: WalkGroup[];
  /** With `groupBy`: the number of groups before paging. */
  groupCount?: number;
}

/** Where an item is: shared by every item. */
export interface WalkLocated {
  /** Readable path of the node (`paths./pets.get`). */
  location: string;
  /** JSON pointer of the node (`/paths/~1pets/get`). */
  pointer: string;
  /** With `detail`: the full node. */
  node?: unknown;
}

/** An operation. */
export interface OperationItem extends WalkLocated {
  /** HTTP method, upper case (`GET`; 3.2 `additionalOperations` as written, upper-cased). */
  method: string;
  /** The path template, webhook name or callback expression. */
  path: string;
  /** Where the operation is: under `paths`, `webhooks`, or a callback. */
  section: "paths" | "webhooks" | "callbacks";
  /** `operationId`, when given. */
  operationId?: string;
  /** `summary`, when given. */
  summary?: string;
  /** `tags` (strings only). */
  tags: string[];
  /** Whether `deprecated: true`. */
  deprecated: boolean;
}

/** Options of {@link import("./walk.ts").walkOperations}. */
export interface WalkOperationsOptions extends WalkCommonOptions {
  /** HTTP method, any case. */
  method?: string;
  /** Path glob: `*` one segment (or part of one), `**` any number of segments. */
  path?: string;
  /** Tag, exact. */
  tag?: string;
  /** operationId glob (`*` any characters), case-sensitive. */
  operationId?: string;
  /** `true`: only deprecated operations; `false`: only the others. */
  deprecated?: boolean;
  /** `tag` (an operation counts once per tag; `(untagged)`) or `method`. */
  groupBy?: "tag" | "method" | (string & Record<never, never>);
}

/** A schema: a component, or one nested in another object. */
export interface SchemaItem extends WalkLocated {
  /** The component's name, or the property name of a nested schema ("" for other nested schemas). */
  name: string;
  /** `type` as written (a string or a list); absent when the schema has none. */
  type?: string | string[];
  /** Whether it is a component (`components.schemas`, 2.0 `definitions`). */
  component: boolean;
}

/** Options of {@link import("./walk.ts").walkSchemas}. */
export interface WalkSchemasOptions extends WalkCommonOptions {
  /** Name glob (`*` any characters): component names and property names. */
  name?: string;
  /** Exact type: `string`, or a list written `string|null`; a list never matches a single type. */
  type?: string;
  /** Only component schemas. */
  component?: boolean;
  /** Only nested (inline) schemas. */
  inline?: boolean;
  /** `type` (`(untyped)` for schemas without one; lists as `string|null`) or `location` (`component`, `inline`). */
  groupBy?: "type" | "location" | (string & Record<never, never>);
}

/** A parameter (or a Reference Object standing for one). */
export interface ParameterItem extends WalkLocated {
  /** `name`; absent for an unresolved `$ref`. */
  name?: string;
  /** `in`; absent for an unresolved `$ref`. */
  in?: string;
  /** The enclosing path template, webhook name or callback expression. */
  path?: string;
  /** The operation's method (upper case); absent for path-level and component parameters. */
  method?: string;
  /** Whether it is a component (`components.parameters`, 2.0 `parameters`). */
  component: boolean;
  /** The `$ref` as written, for a Reference Object. */
  ref?: string;
}

/** Options of {@link import("./walk.ts").walkParameters}. */
export interface WalkParametersOptions extends WalkCommonOptions {
  /** Name glob, case-insensitive. Resolves `$ref` parameters. */
  name?: string;
  /** Location: `query`, `header`, `path`, `cookie`, `querystring`, 2.0 `body`/`formData`. Resolves `$ref` parameters. */
  in?: string;
  /** Path glob. */
  path?: string;
  /** Method, any case (path-level parameters count for every method of their path). */
  method?: string;
  /** `location` (the `in` value; `(ref)` for unresolved `$ref`s) or `name` (`(ref)` likewise). */
  groupBy?: "location" | "name" | (string & Record<never, never>);
}

/** A response (or a Reference Object standing for one). */
export interface ResponseItem extends WalkLocated {
  /** Status code or `default`; absent for a component response. */
  status?: string;
  /** The component's name, for a component response. */
  name?: string;
  /** Enclosing path template, webhook name or callback expression. */
  path?: string;
  /** The operation's method (upper case). */
  method?: string;
  /** `description`. */
  description?: string;
  /** Media types of the body (3.x `content` keys; 2.0: `schema` when there is one). */
  content: string[];
  /** Whether it is a component. */
  component: boolean;
  /** The `$ref` as written, for a Reference Object. */
  ref?: string;
}

/** Options of {@link import("./walk.ts").walkResponses}. */
export interface WalkResponsesOptions extends WalkCommonOptions {
  /** `200`, a class such as `4xx`, or `default`. */
  status?: string;
  /** Path glob. */
  path?: string;
  /** Method, any case. */
  method?: string;
  /** `status_code` or `method` (`(component)` for component responses). */
  groupBy?: "status_code" | "method" | (string & Record<never, never>);
}

/** A header (of a response, an encoding, or a component). */
export interface HeaderItem extends WalkLocated {
  /** The header's name. */
  name: string;
  /** Status of the enclosing response. */
  status?: string;
  /** Enclosing path template, webhook name or callback expression. */
  path?: string;
  /** The operation's method (upper case). */
  method?: string;
  /** Whether it is a component (`components.headers`) or in a component. */
  component: boolean;
  /** The `$ref` as written, for a Reference Object. */
  ref?: string;
}

/** Options of {@link import("./walk.ts").walkHeaders}. */
export interface WalkHeadersOptions extends WalkCommonOptions {
  /** Name glob, case-insensitive. */
  name?: string;
  /** Path glob. */
  path?: string;
  /** Method, any case. */
  method?: string;
  /** `200`, `4xx` or `default`. */
  status?: string;
  /** `true`: only component headers (`components.headers` and headers inside components); `false`: the others. */
  component?: boolean;
  /** `name` (lower case) or `status_code` (`(component)` for component headers, `(none)` outside responses). */
  groupBy?: "name" | "status_code" | (string & Record<never, never>);
}

/** A security scheme. */
export interface SecurityItem extends WalkLocated {
  /** Its name. */
  name: string;
  /** `type` (`apiKey`, `http`, `oauth2`, `openIdConnect`, `mutualTLS`, 2.0 `basic`). */
  type?: string;
  /** `scheme` (http), `in` (apiKey), or the flows (oauth2). */
  details?: string;
  /** `description`. */
  description?: string;
  /** The `$ref` as written, for a Reference Object. */
  ref?: string;
}

/** Options of {@link import("./walk.ts").walkSecurity}. */
export interface WalkSecurityOptions extends WalkCommonOptions {
  /** Name glob, case-sensitive. */
  name?: string;
  /** Type, any case. */
  type?: string;
}

/** A Path Item under `paths` or `webhooks`. */
export interface PathItem extends WalkLocated {
  /** The path template (or webhook name). */
  path: string;
  /** Whether it is a webhook. */
  webhook: boolean;
  /** Methods of its operations, upper case, in document order. */
  methods: string[];
  /** The `$ref` as written, when the Path Item is a reference. */
  ref?: string;
}

/** Options of {@link import("./walk.ts").walkPaths}. */
export interface WalkPathsOptions extends WalkCommonOptions {
  /** Path glob: `*` one segment (or part of one), `**` any number. */
  path?: string;
  /** `segment`: the first segment of the path (`/repos/{owner}` → `repos`; `/` for the root; `(webhook)`). */
  groupBy?: "segment" | (string & Record<never, never>);
}

/**
 * A `$ref` target with its count (summary), or one `$ref` occurrence (with `detail`: `location` and `pointer` are
 * where the reference is written, `count` is 1).
 */
export interface RefItem extends WalkLocated {
  /** The reference as written. */
  ref: string;
  /** The kind the reference's place expects (`schema`, `parameter`, `response`, `pathItem`, …). */
  nodeType: string;
  /** Occurrences (1 for an occurrence). */
  count: number;
  /** For an occurrence in another file than the root: that file. */
  file?: string;
  /** Whether the reference resolves (one step). */
  resolved: boolean;
}

/** Options of {@link import("./walk.ts").walkRefs}. */
export interface WalkRefsOptions extends WalkCommonOptions {
  /** Target glob: `#/components/schemas/*` (`*` one segment or part of one, `**` any number). */
  target?: string;
  /** The expected kind: `schema`, `parameter`, `response`, `requestBody`, `header`, `pathItem`, …, any case. */
  nodeType?: string;
  /** `node_type`: occurrences per kind. */
  groupBy?: "node_type" | (string & Record<never, never>);
}
