/**
 * OpenAPI object kinds described as data, one table per version family: for each kind, which fields hold which
 * other kinds (one, a list, or a map of them). The walker, the classification of pointers, the reference index
 * and the component sections all read these tables; nothing else describes the shape of a document.
 *
 * This module depends only on core's leaf modules (versions and schema keywords), so `src/core` may use it
 * without an import cycle.
 *
 * @module
 */
import {
  LIST_SCHEMA_KEYWORDS,
  MAP_SCHEMA_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
} from "../core/schema_keywords.ts";
import type { OASVersion } from "../core/version.ts";

/**
 * The kinds of OpenAPI objects. `unknown` is an object in a place no table describes (walked only by a lenient
 * walk). Webhooks and callback entries are `pathItem`s; each component section holds its own kind.
 */
export type OasKind =
  | "root"
  | "info"
  | "contact"
  | "license"
  | "server"
  | "serverVariable"
  | "paths"
  | "pathItem"
  | "operation"
  | "parameter"
  | "items"
  | "requestBody"
  | "mediaType"
  | "encoding"
  | "responses"
  | "response"
  | "header"
  | "example"
  | "link"
  | "callback"
  | "schema"
  | "components"
  | "securityScheme"
  | "oauthFlows"
  | "oauthFlow"
  | "securityRequirement"
  | "tag"
  | "externalDocs"
  | "discriminator"
  | "xml"
  | "unknown";

/** How a field holds its kind. */
export type Shape = "one" | "list" | "map";

/** A field of a kind: the kind it holds and how. `schema` fields may also be a list (tuple `items`). */
export interface FieldSpec {
  /** The kind the field holds. */
  kind: OasKind;
  /** How it holds it. */
  shape: Shape;
}

/** One kind: its fields, and for map-like kinds (paths, responses, callbacks) the kind of every other key. */
export interface KindSpec {
  /** The fixed fields that hold OpenAPI objects, by name. */
  fields: Readonly<Record<string, FieldSpec>>;
  /** Kind of each key that is not a field and not an `x-` extension. */
  additional?: OasKind;
  /** Whether a `$ref` may stand beside other fields that still count (3.1+ schemas, path items). */
  refWithSiblings?: boolean;
}

const one = (kind: OasKind): FieldSpec => ({ kind, shape: "one" });
const list = (kind: OasKind): FieldSpec => ({ kind, shape: "list" });
const map = (kind: OasKind): FieldSpec => ({ kind, shape: "map" });

/** HTTP methods that are fixed fields of a Path Item, per version family (3.2 adds `query`). */
export const HTTP_METHODS: Readonly<Record<OASVersion, readonly string[]>> = {
  "2.0": ["get", "put", "post", "delete", "options", "head", "patch"],
  "3.0": ["get", "put", "post", "delete", "options", "head", "patch", "trace"],
  "3.1": ["get", "put", "post", "delete", "options", "head", "patch", "trace"],
  "3.2": ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"],
};

function operations(methods: readonly string[]): Record<string, FieldSpec> {
  const out: Record<string, FieldSpec> = {};
  for (const m of methods) out[m] = one("operation");
  return out;
}

const SCHEMA_ONE = SINGLE_SCHEMA_KEYWORDS;
const SCHEMA_LIST = LIST_SCHEMA_KEYWORDS;
// `dependencies` values may also be lists of property names: the walker walks only the objects of a map.
const SCHEMA_MAP = MAP_SCHEMA_KEYWORDS;

function schemaFields(version: OASVersion): Record<string, FieldSpec> {
  const out: Record<string, FieldSpec> = {};
  for (const k of SCHEMA_ONE) out[k] = one("schema");
  for (const k of SCHEMA_LIST) out[k] = list("schema");
  for (const k of SCHEMA_MAP) out[k] = map("schema");
  out.externalDocs = one("externalDocs");
  out.xml = one("xml");
  if (version !== "2.0") out.discriminator = one("discriminator");
  return out;
}

function table2(): Record<OasKind, KindSpec> {
  const t = base("2.0");
  t.root = {
    fields: {
      info: one("info"),
      paths: one("paths"),
      definitions: map("schema"),
      parameters: map("parameter"),
      responses: map("response"),
      securityDefinitions: map("securityScheme"),
      security: list("securityRequirement"),
      tags: list("tag"),
      externalDocs: one("externalDocs"),
    },
  };
  t.pathItem = {
    fields: { ...operations(HTTP_METHODS["2.0"]), parameters: list("parameter") },
    refWithSiblings: true,
  };
  t.operation = {
    fields: {
      parameters: list("parameter"),
      responses: one("responses"),
      security: list("securityRequirement"),
      externalDocs: one("externalDocs"),
    },
  };
  t.parameter = { fields: { schema: one("schema"), items: one("items") } };
  t.response = { fields: { schema: one("schema"), headers: map("header") } };
  t.header = { fields: { items: one("items") } };
  t.securityScheme = { fields: {} };
  return t;
}

function base(version: OASVersion): Record<OasKind, KindSpec> {
  const none: KindSpec = { fields: {} };
  return {
    root: none,
    info: { fields: { contact: one("contact"), license: one("license") } },
    contact: none,
    license: none,
    server: { fields: { variables: map("serverVariable") } },
    serverVariable: none,
    paths: { fields: {}, additional: "pathItem" },
    pathItem: none,
    operation: none,
    parameter: none,
    items: { fields: { items: one("items") } },
    requestBody: { fields: { content: map("mediaType") } },
    mediaType: none,
    encoding: { fields: { headers: map("header") } },
    responses: { fields: { default: one("response") }, additional: "response" },
    response: none,
    header: none,
    example: none,
    link: { fields: { server: one("server") } },
    callback: { fields: {}, additional: "pathItem" },
    schema: { fields: schemaFields(version), refWithSiblings: version === "3.1" || version === "3.2" },
    components: none,
    securityScheme: { fields: { flows: one("oauthFlows") } },
    oauthFlows: {
      fields: {
        implicit: one("oauthFlow"),
        password: one("oauthFlow"),
        clientCredentials: one("oauthFlow"),
        authorizationCode: one("oauthFlow"),
        deviceAuthorization: one("oauthFlow"),
      },
    },
    oauthFlow: none,
    securityRequirement: none,
    tag: { fields: { externalDocs: one("externalDocs") } },
    externalDocs: none,
    discriminator: none,
    xml: none,
    unknown: none,
  };
}

function table3(version: OASVersion): Record<OasKind, KindSpec> {
  const t = base(version);
  const methods = HTTP_METHODS[version];
  t.root = {
    fields: {
      info: one("info"),
      servers: list("server"),
      paths: one("paths"),
      webhooks: map("pathItem"),
      components: one("components"),
      security: list("securityRequirement"),
      tags: list("tag"),
      externalDocs: one("externalDocs"),
    },
  };
  t.pathItem = {
    fields: {
      ...operations(methods),
      // A 3.2 field: in a 3.0 or 3.1 document it is an unknown field (the validator reports it), not operations.
      ...(version === "3.2" ? { additionalOperations: map("operation") } : {}),
      parameters: list("parameter"),
      servers: list("server"),
    },
    refWithSiblings: true,
  };
  t.operation = {
    fields: {
      parameters: list("parameter"),
      requestBody: one("requestBody"),
      responses: one("responses"),
      callbacks: map("callback"),
      security: list("securityRequirement"),
      servers: list("server"),
      externalDocs: one("externalDocs"),
    },
  };
  t.parameter = { fields: { schema: one("schema"), content: map("mediaType"), examples: map("example") } };
  // Media Types and (3.2) Encoding Objects hold encodings the same three ways.
  const encodings = {
    encoding: map("encoding"),
    prefixEncoding: list("encoding"),
    itemEncoding: one("encoding"),
  };
  t.mediaType = {
    fields: { schema: one("schema"), itemSchema: one("schema"), examples: map("example"), ...encodings },
  };
  t.encoding = { fields: { headers: map("header"), ...encodings } };
  t.response = { fields: { headers: map("header"), content: map("mediaType"), links: map("link") } };
  t.header = { fields: { schema: one("schema"), content: map("mediaType"), examples: map("example") } };
  t.components = {
    fields: {
      schemas: map("schema"),
      responses: map("response"),
      parameters: map("parameter"),
      examples: map("example"),
      requestBodies: map("requestBody"),
      headers: map("header"),
      securitySchemes: map("securityScheme"),
      links: map("link"),
      callbacks: map("callback"),
      pathItems: map("pathItem"),
      mediaTypes: map("mediaType"),
    },
  };
  return t;
}

const TABLES: Record<OASVersion, Record<OasKind, KindSpec>> = {
  "2.0": table2(),
  "3.0": table3("3.0"),
  "3.1": table3("3.1"),
  "3.2": table3("3.2"),
};

/** The kind table of a version family. */
export function kindTable(version: OASVersion): Readonly<Record<OasKind, KindSpec>> {
  return TABLES[version];
}

/**
 * The kind of the object at a path from the document root (or from an object of kind `from`), or undefined when
 * the path does not lead to an OpenAPI object (a container such as `components.schemas`, data, or an unknown
 * place).
 */
export function classify(
  segments: readonly (string | number)[],
  version: OASVersion,
  from: OasKind = "root",
): OasKind | undefined {
  const table = TABLES[version];
  let kind: OasKind = from;
  let pending: Shape | undefined;
  let pendingKind: OasKind = "root";
  for (const raw of segments) {
    const seg = String(raw);
    if (pending !== undefined) {
      if (pending === "list" && !/^\d+$/.test(seg)) return undefined;
      kind = pendingKind;
      pending = undefined;
      continue;
    }
    const spec: KindSpec = table[kind];
    const field: FieldSpec | undefined = Object.hasOwn(spec.fields, seg) ? spec.fields[seg] : undefined;
    if (field !== undefined) {
      if (field.shape === "one") kind = field.kind;
      else {
        pending = field.shape;
        pendingKind = field.kind;
      }
      continue;
    }
    if (spec.additional !== undefined && !seg.startsWith("x-")) {
      kind = spec.additional;
      continue;
    }
    return undefined;
  }
  return pending === undefined ? kind : undefined;
}

const ANCHORS: Record<OasKind, string> = {
  root: "openapi-object",
  info: "info-object",
  contact: "contact-object",
  license: "license-object",
  server: "server-object",
  serverVariable: "server-variable-object",
  paths: "paths-object",
  pathItem: "path-item-object",
  operation: "operation-object",
  parameter: "parameter-object",
  items: "items-object",
  requestBody: "request-body-object",
  mediaType: "media-type-object",
  encoding: "encoding-object",
  responses: "responses-object",
  response: "response-object",
  header: "header-object",
  example: "example-object",
  link: "link-object",
  callback: "callback-object",
  schema: "schema-object",
  components: "components-object",
  securityScheme: "security-scheme-object",
  oauthFlows: "oauth-flows-object",
  oauthFlow: "oauth-flow-object",
  securityRequirement: "security-requirement-object",
  tag: "tag-object",
  externalDocs: "external-documentation-object",
  discriminator: "discriminator-object",
  xml: "xml-object",
  unknown: "openapi-object",
};

/** The section anchor of a kind in the specification of a version. */
export function anchorOf(kind: OasKind, version: OASVersion): string {
  if (version === "2.0" && kind === "root") return "swagger-object";
  return ANCHORS[kind];
}

/** Sections that 2.0 names differently (or folds into another object). */
const ANCHORS_2: Readonly<Record<string, string>> = {
  "openapi-object": "swagger-object",
  "components-object": "definitions-object",
  "discriminator-object": "schema-object",
};

/** Link to a section of the specification version a document declares, e.g. `…/v3.1.0.html#operation-object`. */
export function specLink(version: string, anchor: string): string {
  const a = version === "2.0" ? ANCHORS_2[anchor] ?? anchor : anchor;
  return `https://spec.openapis.org/oas/v${version}.html#${a}`;
}

/** Readable names of kinds, for messages. */
export const KIND_NAMES: Readonly<Record<OasKind, string>> = {
  root: "OpenAPI document",
  info: "Info Object",
  contact: "Contact Object",
  license: "License Object",
  server: "Server Object",
  serverVariable: "Server Variable Object",
  paths: "Paths Object",
  pathItem: "Path Item Object",
  operation: "Operation Object",
  parameter: "Parameter Object",
  items: "Items Object",
  requestBody: "Request Body Object",
  mediaType: "Media Type Object",
  encoding: "Encoding Object",
  responses: "Responses Object",
  response: "Response Object",
  header: "Header Object",
  example: "Example Object",
  link: "Link Object",
  callback: "Callback Object",
  schema: "Schema Object",
  components: "Components Object",
  securityScheme: "Security Scheme Object",
  oauthFlows: "OAuth Flows Object",
  oauthFlow: "OAuth Flow Object",
  securityRequirement: "Security Requirement Object",
  tag: "Tag Object",
  externalDocs: "External Documentation Object",
  discriminator: "Discriminator Object",
  xml: "XML Object",
  unknown: "object",
};

/** One section of reusable components: where it is, the kind of its entries. */
export interface ComponentSection {
  /** Name of the section as 3.x calls it (`schemas`, `securitySchemes`, …), also for 2.0's sections. */
  name: string;
  /** Location of the section's map from the document root (`["components", "schemas"]`, `["definitions"]`). */
  segments: readonly string[];
  /** Kind of each entry. */
  kind: OasKind;
}

/** The 3.x names of 2.0's top-level sections of reusable objects. */
const SECTION_NAMES_2: Readonly<Record<string, string>> = {
  definitions: "schemas",
  parameters: "parameters",
  responses: "responses",
  securityDefinitions: "securitySchemes",
};

function sections(version: OASVersion): readonly ComponentSection[] {
  if (version === "2.0") {
    const root = TABLES["2.0"].root.fields;
    return Object.keys(SECTION_NAMES_2).map((key) => ({
      name: SECTION_NAMES_2[key],
      segments: [key],
      kind: root[key].kind,
    }));
  }
  const fields = TABLES[version].components.fields;
  return Object.keys(fields).map((name) => ({
    name,
    segments: ["components", name],
    kind: fields[name].kind,
  }));
}

const SECTIONS: Readonly<Record<OASVersion, readonly ComponentSection[]>> = {
  "2.0": sections("2.0"),
  "3.0": sections("3.0"),
  "3.1": sections("3.1"),
  "3.2": sections("3.2"),
};

/**
 * The sections of reusable components of a version family, in the order the specification lists them
 * (3.x: `components.schemas` … `components.mediaTypes`; 2.0: `definitions`, `parameters`, `responses`,
 * `securityDefinitions`). The one list every part of oatool uses.
 */
export function componentSections(version: OASVersion): readonly ComponentSection[] {
  return SECTIONS[version];
}
