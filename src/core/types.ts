/**
 * TypeScript views of OpenAPI documents. They are interfaces over the plain parsed data: every object keeps
 * unknown fields (extensions, future fields), so they describe, they do not constrain.
 *
 * @module
 */

/** Any OpenAPI object: known fields plus extensions and anything else the document holds. */
export interface OpenAPIObjectBase {
  /** Any field: fixed fields, `x-` extensions, fields of later versions. */
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
  /** Title of the API (or of the object). */
  title: string;
  /** Version of the API document (not the OpenAPI version). */
  version: string;
  /** Description; CommonMark. */
  description?: string;
  /** Short summary. */
  summary?: string;
  /** URL of the terms of service. */
  termsOfService?: string;
  /** Contact information. */
  contact?: { name?: string; url?: string; email?: string; [key: string]: unknown };
  /** License information. */
  license?: { name: string; url?: string; identifier?: string; [key: string]: unknown };
}

/** Tag Object. */
export interface TagObject extends OpenAPIObjectBase {
  /** Name. */
  name: string;
  /** Description; CommonMark. */
  description?: string;
  /** 3.2 */
  summary?: string;
  /** 3.2: name of the parent tag. */
  parent?: string;
  /** 3.2 */
  kind?: string;
  /** Additional external documentation. */
  externalDocs?: { url: string; description?: string };
}

/** A JSON Schema / Schema Object (loosely typed: JSON Schema is open). */
export interface SchemaObject extends OpenAPIObjectBase {
  /** JSON type (a list of types in 3.1+). */
  type?: string | string[];
  /** Format hint, like `int64` or `date-time`. */
  format?: string;
  /** Properties by name. */
  properties?: Record<string, SchemaObject | ReferenceObject>;
  /** Schema of array items. */
  items?: SchemaObject | ReferenceObject | (SchemaObject | ReferenceObject)[];
  /** Names of the required properties (on a schema) or whether it is required (on a parameter). */
  required?: string[];
  /** Schemas that all apply. */
  allOf?: (SchemaObject | ReferenceObject)[];
  /** Schemas of which at least one applies. */
  anyOf?: (SchemaObject | ReferenceObject)[];
  /** Schemas of which exactly one applies. */
  oneOf?: (SchemaObject | ReferenceObject)[];
  /** Schema of properties not listed, or whether they are allowed. */
  additionalProperties?: boolean | SchemaObject | ReferenceObject;
  /** The allowed values. */
  enum?: unknown[];
  /** Description; CommonMark. */
  description?: string;
}

/** Parameter Object (2.0 and 3.x fields). */
export interface ParameterObject extends OpenAPIObjectBase {
  /** Name. */
  name: string;
  /** Where the parameter is: `query`, `header`, `path`, `cookie` (2.0: also `body`, `formData`). */
  in: string;
  /** Names of the required properties (on a schema) or whether it is required (on a parameter). */
  required?: boolean;
  /** Description; CommonMark. */
  description?: string;
  /** Schema of the value. */
  schema?: SchemaObject | ReferenceObject;
  /** 2.0 non-body parameters. */
  type?: string;
}

/** Response Object. */
export interface ResponseObject extends OpenAPIObjectBase {
  /** Description; CommonMark. */
  description?: string;
  /** Headers by name. */
  headers?: Record<string, unknown>;
  /** Content by media type. */
  content?: Record<string, MediaTypeObject>;
  /** 2.0 */
  schema?: SchemaObject | ReferenceObject;
}

/** Media Type Object (3.x). */
export interface MediaTypeObject extends OpenAPIObjectBase {
  /** Schema of the value. */
  schema?: SchemaObject | ReferenceObject;
  /** An example value. */
  example?: unknown;
  /** Examples by name. */
  examples?: Record<string, unknown>;
  /** Encoding of properties in form bodies. */
  encoding?: Record<string, unknown>;
}

/** Operation Object. */
export interface OperationObject extends OpenAPIObjectBase {
  /** Unique identifier of the operation. */
  operationId?: string;
  /** Short summary. */
  summary?: string;
  /** Description; CommonMark. */
  description?: string;
  /** Tags of the operation. */
  tags?: string[];
  /** Parameters. */
  parameters?: (ParameterObject | ReferenceObject)[];
  /** Request body. */
  requestBody?: OpenAPIObjectBase;
  /** Responses by status code. */
  responses?: Record<string, ResponseObject | ReferenceObject>;
  /** Whether it is deprecated. */
  deprecated?: boolean;
  /** Security requirements. */
  security?: Record<string, string[]>[];
  /** Callbacks by name. */
  callbacks?: Record<string, unknown>;
}

/** Path Item Object. */
export interface PathItemObject extends OpenAPIObjectBase {
  /** Reference to a Path Item defined elsewhere. */
  $ref?: string;
  /** Short summary. */
  summary?: string;
  /** Description; CommonMark. */
  description?: string;
  /** Parameters. */
  parameters?: (ParameterObject | ReferenceObject)[];
  /** GET operation. */
  get?: OperationObject;
  /** PUT operation. */
  put?: OperationObject;
  /** POST operation. */
  post?: OperationObject;
  /** DELETE operation. */
  delete?: OperationObject;
  /** OPTIONS operation. */
  options?: OperationObject;
  /** HEAD operation. */
  head?: OperationObject;
  /** PATCH operation. */
  patch?: OperationObject;
  /** TRACE operation. */
  trace?: OperationObject;
  /** 3.2 */
  query?: OperationObject;
  /** 3.2: operations of other HTTP methods, by method name. */
  additionalOperations?: Record<string, OperationObject>;
}

/** An OpenAPI 2.0 (Swagger) document. */
export interface OpenAPIV2Document extends OpenAPIObjectBase {
  /** The version marker, always `"2.0"`. */
  swagger: "2.0";
  /** Metadata: title, version, description. */
  info: InfoObject;
  /** Host (and port) serving the API. */
  host?: string;
  /** Path prefix of every operation. */
  basePath?: string;
  /** Transfer protocols: `http`, `https`, `ws`, `wss`. */
  schemes?: string[];
  /** Media types the operations accept. */
  consumes?: string[];
  /** Media types the operations return. */
  produces?: string[];
  /** The operations, by path template. */
  paths: Record<string, PathItemObject>;
  /** Schemas by name. */
  definitions?: Record<string, SchemaObject | ReferenceObject>;
  /** Reusable parameters by name. */
  parameters?: Record<string, ParameterObject>;
  /** Reusable responses by name. */
  responses?: Record<string, ResponseObject>;
  /** Security schemes by name. */
  securityDefinitions?: Record<string, OpenAPIObjectBase>;
  /** Security requirements that apply to every operation. */
  security?: Record<string, string[]>[];
  /** Tags with their descriptions. */
  tags?: TagObject[];
  /** Additional external documentation. */
  externalDocs?: { url: string; description?: string };
}

/** Components Object (3.x). */
export interface ComponentsObject extends OpenAPIObjectBase {
  /** Schemas by name. */
  schemas?: Record<string, SchemaObject | ReferenceObject>;
  /** Responses by status code. */
  responses?: Record<string, ResponseObject | ReferenceObject>;
  /** Parameters. */
  parameters?: Record<string, ParameterObject | ReferenceObject>;
  /** Examples by name. */
  examples?: Record<string, unknown>;
  /** Request bodies by name. */
  requestBodies?: Record<string, unknown>;
  /** Headers by name. */
  headers?: Record<string, unknown>;
  /** Security schemes by name. */
  securitySchemes?: Record<string, unknown>;
  /** Links by name. */
  links?: Record<string, unknown>;
  /** Callbacks by name. */
  callbacks?: Record<string, unknown>;
  /** 3.1+ */
  pathItems?: Record<string, PathItemObject | ReferenceObject>;
  /** 3.2 */
  mediaTypes?: Record<string, MediaTypeObject | ReferenceObject>;
}

/** An OpenAPI 3.0, 3.1 or 3.2 document. */
export interface OpenAPIV3Document extends OpenAPIObjectBase {
  /** The OpenAPI version, like `3.1.0`. */
  openapi: string;
  /** Metadata: title, version, description. */
  info: InfoObject;
  /** 3.1+ */
  jsonSchemaDialect?: string;
  /** 3.2 */
  $self?: string;
  /** Servers the API is reached at. */
  servers?: {
    url: string;
    description?: string;
    variables?: Record<string, unknown>;
    [key: string]: unknown;
  }[];
  /** The operations, by path template. */
  paths?: Record<string, PathItemObject>;
  /** 3.1+ */
  webhooks?: Record<string, PathItemObject | ReferenceObject>;
  /** Reusable objects by kind. */
  components?: ComponentsObject;
  /** Security requirements that apply to every operation. */
  security?: Record<string, string[]>[];
  /** Tags with their descriptions. */
  tags?: TagObject[];
  /** Additional external documentation. */
  externalDocs?: { url: string; description?: string };
}

/** Any supported OpenAPI document. */
export type OpenAPIDocument = OpenAPIV2Document | OpenAPIV3Document;
