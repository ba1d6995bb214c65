/**
 * TypeScript views of OpenAPI documents. They are interfaces over the plain parsed data: every object keeps
 * unknown fields (extensions, future fields), so they describe, they do not constrain.
 *
 * @module
 */

/** Any OpenAPI object: known fields plus extensions and anything else the document holds. */
export interface OpenAPIObjectBase {
  [key: string]: unknown;
}

/** A Reference Object. */
export interface ReferenceObject extends OpenAPIObjectBase {
  /** The reference: `#/components/schemas/Pet`, `other.yaml#/Pet`. */
  $ref: string;
  /** 3.1+: overrides the target's summary. */
  summary?: string;
  /** 3.1+: overrides the target's description. */
  description?: string;
}

/** Info Object (all versions). */
export interface InfoObject extends OpenAPIObjectBase {
  title: string;
  version: string;
  description?: string;
  summary?: string;
  termsOfService?: string;
  contact?: { name?: string; url?: string; email?: string; [key: string]: unknown };
  license?: { name: string; url?: string; identifier?: string; [key: string]: unknown };
}

/** Tag Object. */
export interface TagObject extends OpenAPIObjectBase {
  name: string;
  description?: string;
  /** 3.2 */
  summary?: string;
  /** 3.2: name of the parent tag. */
  parent?: string;
  /** 3.2 */
  kind?: string;
  externalDocs?: { url: string; description?: string };
}

/** A JSON Schema / Schema Object (loosely typed: JSON Schema is open). */
export interface SchemaObject extends OpenAPIObjectBase {
  type?: string | string[];
  format?: string;
  properties?: Record<string, SchemaObject | ReferenceObject>;
  items?: SchemaObject | ReferenceObject | (SchemaObject | ReferenceObject)[];
  required?: string[];
  allOf?: (SchemaObject | ReferenceObject)[];
  anyOf?: (SchemaObject | ReferenceObject)[];
  oneOf?: (SchemaObject | ReferenceObject)[];
  additionalProperties?: boolean | SchemaObject | ReferenceObject;
  enum?: unknown[];
  description?: string;
}

/** Parameter Object (2.0 and 3.x fields). */
export interface ParameterObject extends OpenAPIObjectBase {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: SchemaObject | ReferenceObject;
  /** 2.0 non-body parameters. */
  type?: string;
}

/** Response Object. */
export interface ResponseObject extends OpenAPIObjectBase {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaTypeObject>;
  /** 2.0 */
  schema?: SchemaObject | ReferenceObject;
}

/** Media Type Object (3.x). */
export interface MediaTypeObject extends OpenAPIObjectBase {
  schema?: SchemaObject | ReferenceObject;
  example?: unknown;
  examples?: Record<string, unknown>;
  encoding?: Record<string, unknown>;
}

/** Operation Object. */
export interface OperationObject extends OpenAPIObjectBase {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: (ParameterObject | ReferenceObject)[];
  requestBody?: OpenAPIObjectBase;
  responses?: Record<string, ResponseObject | ReferenceObject>;
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  callbacks?: Record<string, unknown>;
}

/** Path Item Object. */
export interface PathItemObject extends OpenAPIObjectBase {
  $ref?: string;
  summary?: string;
  description?: string;
  parameters?: (ParameterObject | ReferenceObject)[];
  get?: OperationObject;
  put?: OperationObject;
  post?: OperationObject;
  delete?: OperationObject;
  options?: OperationObject;
  head?: OperationObject;
  patch?: OperationObject;
  trace?: OperationObject;
  /** 3.2 */
  query?: OperationObject;
  /** 3.2: operations of other HTTP methods, by method name. */
  additionalOperations?: Record<string, OperationObject>;
}

/** An OpenAPI 2.0 (Swagger) document. */
export interface OpenAPIV2Document extends OpenAPIObjectBase {
  swagger: "2.0";
  info: InfoObject;
  host?: string;
  basePath?: string;
  schemes?: string[];
  consumes?: string[];
  produces?: string[];
  paths: Record<string, PathItemObject>;
  definitions?: Record<string, SchemaObject | ReferenceObject>;
  parameters?: Record<string, ParameterObject>;
  responses?: Record<string, ResponseObject>;
  securityDefinitions?: Record<string, OpenAPIObjectBase>;
  security?: Record<string, string[]>[];
  tags?: TagObject[];
  externalDocs?: { url: string; description?: string };
}

/** Components Object (3.x). */
export interface ComponentsObject extends OpenAPIObjectBase {
  schemas?: Record<string, SchemaObject | ReferenceObject>;
  responses?: Record<string, ResponseObject | ReferenceObject>;
  parameters?: Record<string, ParameterObject | ReferenceObject>;
  examples?: Record<string, unknown>;
  requestBodies?: Record<string, unknown>;
  headers?: Record<string, unknown>;
  securitySchemes?: Record<string, unknown>;
  links?: Record<string, unknown>;
  callbacks?: Record<string, unknown>;
  /** 3.1+ */
  pathItems?: Record<string, PathItemObject | ReferenceObject>;
  /** 3.2 */
  mediaTypes?: Record<string, MediaTypeObject | ReferenceObject>;
}

/** An OpenAPI 3.0, 3.1 or 3.2 document. */
export interface OpenAPIV3Document extends OpenAPIObjectBase {
  openapi: string;
  info: InfoObject;
  /** 3.1+ */
  jsonSchemaDialect?: string;
  /** 3.2 */
  $self?: string;
  servers?: {
    url: string;
    description?: string;
    variables?: Record<string, unknown>;
    [key: string]: unknown;
  }[];
  paths?: Record<string, PathItemObject>;
  /** 3.1+ */
  webhooks?: Record<string, PathItemObject | ReferenceObject>;
  components?: ComponentsObject;
  security?: Record<string, string[]>[];
  tags?: TagObject[];
  externalDocs?: { url: string; description?: string };
}

/** Any supported OpenAPI document. */
export type OpenAPIDocument = OpenAPIV2Document | OpenAPIV3Document;
