/**
 * One small pair of documents per check outside schemas: a base document, an edit of the source and/or the
 * target, and the exact changes (id and severity) expected. A last test makes sure every check of the table is
 * exercised here or in schema_checks_test.ts.
 */
import assert from "node:assert/strict";
import { diffDocs, type Doc, edit, idsOf } from "./_test_helpers.ts";
import { listChecks } from "./mod.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const USER = { $ref: "#/components/schemas/User" };
const json = (schema: unknown) => ({ "application/json": { schema } });

/** The base document every case edits. */
export const BASE: Doc = {
  openapi: "3.1.0",
  info: { title: "T", version: "1", description: "d" },
  servers: [{ url: "https://api.example.com/v1", variables: {} }],
  tags: [{ name: "users", description: "u" }],
  security: [{ key: [] }],
  paths: {
    "/users/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      get: {
        operationId: "getUser",
        summary: "s",
        description: "d",
        tags: ["users"],
        parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }],
        responses: {
          "200": {
            description: "OK",
            headers: { "X-Rate": { schema: { type: "integer" } } },
            content: json(USER),
          },
          "404": { description: "nf" },
        },
      },
      post: {
        requestBody: { required: false, content: json(USER) },
        responses: { "201": { description: "Created" } },
        callbacks: {
          onEvent: {
            "{$request.body#/url}": {
              post: {
                requestBody: { content: json({ type: "object" }) },
                responses: { "200": { description: "ok" } },
              },
            },
          },
        },
      },
    },
  },
  webhooks: { ping: { post: { responses: { "200": { description: "ok" } } } } },
  components: {
    schemas: { User: { type: "object", properties: { name: { type: "string" } } } },
    securitySchemes: {
      key: { type: "apiKey", name: "X-Key", in: "header" },
      bearer: { type: "http", scheme: "bearer" },
      oauth: {
        type: "oauth2",
        flows: {
          authorizationCode: { authorizationUrl: "https://a", tokenUrl: "https://t", scopes: { read: "r" } },
        },
      },
    },
  },
};

type Edit = (d: Any) => void;
const none: Edit = () => {};
const P = (d: Any) => d.paths["/users/{id}"];
const GET = (d: Any) => P(d).get;
const POST = (d: Any) => P(d).post;
const R200 = (d: Any) => GET(d).responses["200"];
const CB = (d: Any) => POST(d).callbacks.onEvent["{$request.body#/url}"].post;
const OAUTH = (d: Any) => d.components.securitySchemes.oauth.flows.authorizationCode;

/** `[name, edit of the source, edit of the target, expected "id SEVERITY" list]`. */
export const CASES: [string, Edit, Edit, string[]][] = [
  // document
  ["openapi-version-changed", none, (d) => d.openapi = "3.1.1", ["openapi-version-changed info"]],
  ["component-added", none, (d) => d.components.schemas.Extra = { type: "string" }, ["component-added info"]],
  ["component-removed", (d) => d.components.schemas.Extra = { type: "string" }, none, [
    "component-removed info",
  ]],
  [
    "component-renamed",
    (d) => d.components.schemas.Old = { type: "string" },
    (d) => d.components.schemas.New = { type: "string" },
    ["component-renamed info"],
  ],
  [
    "component-changed",
    (d) => d.components.schemas.Extra = { type: "string" },
    (d) => d.components.schemas.Extra = { type: "integer" },
    ["component-changed info"],
  ],
  // endpoint
  ["endpoint-added", none, (d) => d.paths["/b"] = { get: { responses: {} }, put: { responses: {} } }, [
    "endpoint-added info",
    "endpoint-added info",
  ]],
  ["endpoint-removed", (d) => d.paths["/b"] = { get: { responses: {} } }, none, [
    "endpoint-removed critical",
  ]],
  ["deprecated-endpoint-removed", (d) => d.paths["/b"] = { get: { deprecated: true, responses: {} } }, none, [
    "deprecated-endpoint-removed warning",
  ]],
  ["deprecated-operation-removed", (d) => POST(d).deprecated = true, (d) => delete P(d).post, [
    "deprecated-operation-removed warning",
  ]],
  ["endpoint-summary-changed", none, (d) => P(d).summary = "new", ["endpoint-summary-changed info"]],
  ["endpoint-description-changed", none, (d) => P(d).description = "new", [
    "endpoint-description-changed info",
  ]],
  ["webhook-added", none, (d) => d.webhooks.pong = { post: { responses: {} } }, ["webhook-added info"]],
  ["webhook-removed", none, (d) => delete d.webhooks.ping, ["webhook-removed error"]],
  // operation
  ["operation-added", none, (d) => P(d).delete = { responses: {} }, ["operation-added info"]],
  ["operation-removed", none, (d) => delete P(d).post, ["operation-removed critical"]],
  ["operation-deprecated", none, (d) => GET(d).deprecated = true, ["operation-deprecated warning"]],
  ["operation-undeprecated", (d) => GET(d).deprecated = true, none, ["operation-undeprecated info"]],
  ["operation-id-changed", none, (d) => GET(d).operationId = "fetchUser", ["operation-id-changed warning"]],
  ["operation-id-added", none, (d) => POST(d).operationId = "createUser", ["operation-id-added info"]],
  ["operation-id-removed", none, (d) => delete GET(d).operationId, ["operation-id-removed warning"]],
  ["operation-summary-changed", none, (d) => GET(d).summary = "new", ["operation-summary-changed info"]],
  ["operation-description-changed", none, (d) => GET(d).description = "x", [
    "operation-description-changed info",
  ]],
  ["operation-tag-added", none, (d) => GET(d).tags.push("admin"), ["operation-tag-added info"]],
  ["operation-tag-removed", none, (d) => GET(d).tags = [], ["operation-tag-removed info"]],
  ["operation-external-docs-changed", none, (d) => GET(d).externalDocs = { url: "https://d" }, [
    "operation-external-docs-changed info",
  ]],
  ["callback-added", none, (d) => POST(d).callbacks.other = {}, ["callback-added info"]],
  ["callback-removed", none, (d) => delete POST(d).callbacks.onEvent, ["callback-removed error"]],
  ["callback-expression-added", none, (d) => POST(d).callbacks.onEvent["{$request.body#/other}"] = {}, [
    "callback-expression-added info",
  ]],
  ["callback-expression-removed", none, (d) => POST(d).callbacks.onEvent = {}, [
    "callback-expression-removed error",
  ]],
  [
    "callback request bodies are judged as responses",
    none,
    (d) =>
      POST(d).callbacks.onEvent["{$request.body#/url}"].post.requestBody.content = json({ type: "string" }),
    ["response-type-changed error"],
  ],
  // webhooks and callbacks: the API sends the request, so the receiving client breaks the other way round
  [
    "callback-parameter-added",
    none,
    (d) => CB(d).parameters = [{ name: "sig", in: "header", required: true }],
    [
      "callback-parameter-added info",
    ],
  ],
  ["callback-parameter-removed", (d) => CB(d).parameters = [{ name: "sig", in: "header" }], none, [
    "callback-parameter-removed error",
  ]],
  [
    "callback-parameter-became-optional",
    (d) => {
      CB(d).parameters = [{ name: "sig", in: "header", required: true }];
    },
    (d) => CB(d).parameters = [{ name: "sig", in: "header" }],
    ["callback-parameter-became-optional error"],
  ],
  ["callback-parameter-became-required", (d) => CB(d).parameters = [{ name: "sig", in: "header" }], (d) => {
    CB(d).parameters = [{ name: "sig", in: "header", required: true }];
  }, ["callback-parameter-became-required info"]],
  ["callback-request-body-added", (d) => delete CB(d).requestBody, none, [
    "callback-request-body-added info",
  ]],
  ["callback-request-body-removed", none, (d) => delete CB(d).requestBody, [
    "callback-request-body-removed error",
  ]],
  ["callback-request-body-became-optional", (d) => CB(d).requestBody.required = true, none, [
    "callback-request-body-became-optional error",
  ]],
  ["callback-request-body-became-required", none, (d) => CB(d).requestBody.required = true, [
    "callback-request-body-became-required info",
  ]],
  ["webhook requests are sent by the API too", none, (d) => {
    d.webhooks.ping.post.parameters = [{ name: "sig", in: "header", required: true }];
  }, ["callback-parameter-added info"]],
  // parameter
  [
    "new-required-request-parameter",
    none,
    (d) => GET(d).parameters.push({ name: "q", in: "query", required: true }),
    [
      "new-required-request-parameter error",
    ],
  ],
  ["new-optional-request-parameter", none, (d) => GET(d).parameters.push({ name: "q", in: "query" }), [
    "new-optional-request-parameter info",
  ]],
  ["request-parameter-removed", none, (d) => GET(d).parameters = [], ["request-parameter-removed warning"]],
  ["request-parameter-became-required", none, (d) => GET(d).parameters[0].required = true, [
    "request-parameter-became-required error",
  ]],
  ["request-parameter-became-optional", (d) => GET(d).parameters[0].required = true, none, [
    "request-parameter-became-optional info",
  ]],
  ["request-parameter-deprecated", none, (d) => GET(d).parameters[0].deprecated = true, [
    "request-parameter-deprecated warning",
  ]],
  ["request-parameter-undeprecated", (d) => GET(d).parameters[0].deprecated = true, none, [
    "request-parameter-undeprecated info",
  ]],
  ["request-path-parameter-renamed", none, (d) => {
    d.paths["/users/{userId}"] = P(d);
    delete d.paths["/users/{id}"];
    d.paths["/users/{userId}"].parameters[0].name = "userId";
  }, ["request-path-parameter-renamed info", "request-path-parameter-renamed info"]],
  [
    "request-parameter-style-changed",
    none,
    (d) => Object.assign(GET(d).parameters[0], { style: "spaceDelimited", explode: true }),
    [
      "request-parameter-style-changed error",
    ],
  ],
  ["request-parameter-explode-changed", none, (d) => GET(d).parameters[0].explode = false, [
    "request-parameter-explode-changed error",
  ]],
  ["request-parameter-allow-empty-value-removed", (d) => GET(d).parameters[0].allowEmptyValue = true, none, [
    "request-parameter-allow-empty-value-removed error",
  ]],
  ["request-parameter-allow-empty-value-added", none, (d) => GET(d).parameters[0].allowEmptyValue = true, [
    "request-parameter-allow-empty-value-added info",
  ]],
  ["request-parameter-allow-reserved-changed", none, (d) => GET(d).parameters[0].allowReserved = true, [
    "request-parameter-allow-reserved-changed warning",
  ]],
  ["request-parameter-description-changed", none, (d) => GET(d).parameters[0].description = "x", [
    "request-parameter-description-changed info",
  ]],
  ["request-parameter-example-changed", none, (d) => GET(d).parameters[0].example = 3, [
    "request-parameter-example-changed info",
  ]],
  ["request-parameter-media-type-added", (d) => {
    GET(d).parameters[0] = { name: "limit", in: "query", content: json({ type: "object" }) };
  }, (d) => {
    GET(d).parameters[0] = {
      name: "limit",
      in: "query",
      content: { ...json({ type: "object" }), "text/plain": { schema: { type: "string" } } },
    };
  }, ["request-parameter-media-type-added info"]],
  ["request-parameter-media-type-removed", (d) => {
    GET(d).parameters[0] = { name: "limit", in: "query", content: json({ type: "object" }) };
  }, (d) => {
    GET(d).parameters[0] = {
      name: "limit",
      in: "query",
      content: { "text/plain": { schema: { type: "object" } } },
    };
  }, ["request-parameter-media-type-added info", "request-parameter-media-type-removed error"]],
  // request-body
  ["new-required-request-body", none, (d) => GET(d).requestBody = { required: true, content: json(USER) }, [
    "new-required-request-body error",
  ]],
  ["new-optional-request-body", none, (d) => GET(d).requestBody = { content: json(USER) }, [
    "new-optional-request-body info",
  ]],
  ["request-body-removed", none, (d) => delete POST(d).requestBody, ["request-body-removed error"]],
  ["request-body-became-required", none, (d) => POST(d).requestBody.required = true, [
    "request-body-became-required error",
  ]],
  ["request-body-became-optional", (d) => POST(d).requestBody.required = true, none, [
    "request-body-became-optional info",
  ]],
  ["request-body-description-changed", none, (d) => POST(d).requestBody.description = "x", [
    "request-body-description-changed info",
  ]],
  [
    "request-media-type-added",
    none,
    (d) => POST(d).requestBody.content["application/xml"] = { schema: USER },
    [
      "request-media-type-added info",
    ],
  ],
  [
    "request-media-type-removed",
    (d) => POST(d).requestBody.content["application/xml"] = { schema: USER },
    none,
    [
      "request-media-type-removed error",
    ],
  ],
  [
    "request-media-type-encoding-changed",
    none,
    (d) => POST(d).requestBody.content["application/json"].encoding = { name: { contentType: "text/plain" } },
    ["request-media-type-encoding-changed warning"],
  ],
  [
    "request-media-type-example-changed",
    none,
    (d) => POST(d).requestBody.content["application/json"].example = {},
    [
      "request-media-type-example-changed info",
    ],
  ],
  // response
  ["response-success-status-added", none, (d) => GET(d).responses["202"] = { description: "x" }, [
    "response-success-status-added warning",
  ]],
  ["response-non-success-status-added", none, (d) => GET(d).responses["5XX"] = { description: "x" }, [
    "response-non-success-status-added info",
  ]],
  ["response-success-status-removed", none, (d) => delete GET(d).responses["200"], [
    "response-success-status-removed error",
  ]],
  ["response-non-success-status-removed", none, (d) => delete GET(d).responses["404"], [
    "response-non-success-status-removed warning",
  ]],
  ["a code replaced by its range is no status change", none, (d) => {
    GET(d).responses["2XX"] = R200(d);
    delete GET(d).responses["200"];
  }, []],
  [
    "a range replaced by codes is no status change",
    (d) => {
      GET(d).responses["2XX"] = R200(d);
      delete GET(d).responses["200"];
    },
    none,
    [],
  ],
  ["a range compared with the code it stands for", none, (d) => {
    GET(d).responses["2XX"] = { ...R200(d), description: "any success" };
    delete GET(d).responses["200"];
  }, ["response-description-changed info"]],
  ["status ranges match regardless of case", (d) => GET(d).responses["5xx"] = { description: "x" }, (d) => {
    GET(d).responses["5XX"] = { description: "x" };
  }, []],
  ["response-description-changed", none, (d) => R200(d).description = "x", [
    "response-description-changed info",
  ]],
  ["response-media-type-added", none, (d) => R200(d).content["application/xml"] = { schema: USER }, [
    "response-media-type-added info",
  ]],
  ["response-media-type-removed", none, (d) => R200(d).content = {}, ["response-media-type-removed error"]],
  ["response-media-type-example-changed", none, (d) => R200(d).content["application/json"].example = {}, [
    "response-media-type-example-changed info",
  ]],
  ["response-required-header-added", none, (d) => R200(d).headers["X-New"] = { required: true }, [
    "response-required-header-added info",
  ]],
  ["response-optional-header-added", none, (d) => R200(d).headers["X-New"] = {}, [
    "response-optional-header-added info",
  ]],
  [
    "response-required-header-removed",
    (d) => R200(d).headers["X-Rate"].required = true,
    (d) => R200(d).headers = {},
    [
      "response-required-header-removed error",
    ],
  ],
  ["response-optional-header-removed", none, (d) => R200(d).headers = {}, [
    "response-optional-header-removed warning",
  ]],
  ["response-header-became-optional", (d) => R200(d).headers["X-Rate"].required = true, none, [
    "response-header-became-optional error",
  ]],
  ["response-header-became-required", none, (d) => R200(d).headers["X-Rate"].required = true, [
    "response-header-became-required info",
  ]],
  ["response-header-deprecated", none, (d) => R200(d).headers["X-Rate"].deprecated = true, [
    "response-header-deprecated warning",
  ]],
  ["response-header-description-changed", none, (d) => R200(d).headers["X-Rate"].description = "x", [
    "response-header-description-changed info",
  ]],
  [
    "header names are case-insensitive",
    none,
    (d) => R200(d).headers = { "x-rate": R200(d).headers["X-Rate"] },
    [],
  ],
  ["response-link-added", none, (d) => R200(d).links = { self: { operationId: "getUser" } }, [
    "response-link-added info",
  ]],
  ["response-link-removed", (d) => R200(d).links = { self: { operationId: "getUser" } }, none, [
    "response-link-removed warning",
  ]],
  [
    "response-link-operation-changed",
    (d) => R200(d).links = { next: { operationId: "getUser" } },
    (d) => R200(d).links = { next: { operationRef: "#/paths/~1users~1{id}/post" } },
    ["response-link-operation-changed warning"],
  ],
  [
    "a link whose operationId was renamed with its operation leads to the same operation",
    (d) => R200(d).links = { self: { operationId: "getUser" } },
    (d) => {
      GET(d).operationId = "fetchUser";
      R200(d).links = { self: { operationId: "fetchUser" } };
    },
    ["operation-id-changed warning"],
  ],
  [
    "a link written with operationRef instead of operationId leads to the same operation",
    (d) => R200(d).links = { self: { operationId: "getUser" } },
    (d) => R200(d).links = { self: { operationRef: "#/paths/~1users~1{id}/get" } },
    [],
  ],
  [
    "response-link-parameters-changed",
    (d) => R200(d).links = { self: { operationId: "getUser", parameters: { id: "$response.body#/id" } } },
    (d) => R200(d).links = { self: { operationId: "getUser", parameters: { id: "$request.path.id" } } },
    ["response-link-parameters-changed warning"],
  ],
  [
    "response-link-changed",
    (d) => R200(d).links = { self: { operationId: "getUser" } },
    (d) => R200(d).links = { self: { operationId: "getUser", server: { url: "https://other.example.com" } } },
    ["response-link-changed warning"],
  ],
  [
    "response-link-description-changed",
    (d) => R200(d).links = { self: { operationId: "getUser", description: "a" } },
    (d) => R200(d).links = { self: { operationId: "getUser", description: "b" } },
    ["response-link-description-changed info"],
  ],
  ["response-header-style-changed", none, (d) => R200(d).headers["X-Rate"].style = "form", [
    "response-header-style-changed error",
  ]],
  ["response-header-explode-changed", none, (d) => R200(d).headers["X-Rate"].explode = true, [
    "response-header-explode-changed error",
  ]],
  // security
  ["security-added", (d) => delete d.security, none, ["security-added error"]],
  ["security-removed", none, (d) => delete d.security, ["security-removed info"]],
  ["security-alternative-added", none, (d) => d.security.push({ bearer: [] }), [
    "security-alternative-added info",
  ]],
  ["security-alternative-removed", (d) => d.security.push({ bearer: [] }), none, [
    "security-alternative-removed error",
  ]],
  ["anonymous access removed from an operation", (d) => GET(d).security = [{}, { key: [] }], (d) => {
    GET(d).security = [{ key: [] }];
  }, ["security-alternative-removed error"]],
  ["security-scope-added", (d) => GET(d).security = [{ oauth: ["read"] }], (d) => {
    GET(d).security = [{ oauth: ["read", "write"] }];
  }, ["security-scope-added error"]],
  ["security-scope-removed", (d) => GET(d).security = [{ oauth: ["read", "write"] }], (d) => {
    GET(d).security = [{ oauth: ["read"] }];
  }, ["security-scope-removed info"]],
  [
    "security-scheme-added",
    none,
    (d) => d.components.securitySchemes.basic = { type: "http", scheme: "basic" },
    [
      "security-scheme-added info",
    ],
  ],
  ["security-scheme-removed", none, (d) => delete d.components.securitySchemes.bearer, [
    "security-scheme-removed warning",
  ]],
  [
    "security-scheme-type-changed",
    none,
    (d) => d.components.securitySchemes.key = { type: "http", scheme: "basic" },
    [
      "security-scheme-type-changed error",
    ],
  ],
  ["security-scheme-api-key-changed", none, (d) => d.components.securitySchemes.key.in = "query", [
    "security-scheme-api-key-changed error",
  ]],
  ["security-scheme-http-scheme-changed", none, (d) => d.components.securitySchemes.bearer.scheme = "basic", [
    "security-scheme-http-scheme-changed error",
  ]],
  [
    "security-scheme-bearer-format-changed",
    none,
    (d) => d.components.securitySchemes.bearer.bearerFormat = "JWT",
    [
      "security-scheme-bearer-format-changed info",
    ],
  ],
  ["security-scheme-url-changed", none, (d) => OAUTH(d).tokenUrl = "https://t2", [
    "security-scheme-url-changed error",
  ]],
  ["security-scheme-oauth-flow-added", none, (d) => {
    d.components.securitySchemes.oauth.flows.clientCredentials = { tokenUrl: "https://t", scopes: {} };
  }, ["security-scheme-oauth-flow-added info"]],
  ["security-scheme-oauth-flow-removed", none, (d) => {
    d.components.securitySchemes.oauth.flows = { clientCredentials: { tokenUrl: "https://t", scopes: {} } };
  }, ["security-scheme-oauth-flow-added info", "security-scheme-oauth-flow-removed error"]],
  ["security-scheme-oauth-scope-added", none, (d) => OAUTH(d).scopes.write = "w", [
    "security-scheme-oauth-scope-added info",
  ]],
  ["security-scheme-oauth-scope-removed", none, (d) => OAUTH(d).scopes = {}, [
    "security-scheme-oauth-scope-removed warning",
  ]],
  ["security-scheme-description-changed", none, (d) => d.components.securitySchemes.key.description = "x", [
    "security-scheme-description-changed info",
  ]],
  // server
  ["server-added", none, (d) => d.servers.push({ url: "https://eu.example.com" }), ["server-added info"]],
  ["server-removed", none, (d) => d.servers = [], ["server-removed warning"]],
  ["a trailing slash does not change a server", none, (d) => d.servers[0].url += "/", []],
  ["server-description-changed", none, (d) => d.servers[0].description = "x", [
    "server-description-changed info",
  ]],
  ["server-variable-added", none, (d) => d.servers[0].variables.region = { default: "eu" }, [
    "server-variable-added info",
  ]],
  ["server-variable-removed", (d) => d.servers[0].variables.region = { default: "eu" }, none, [
    "server-variable-removed warning",
  ]],
  ["server-variable-default-changed", (d) => d.servers[0].variables.region = { default: "eu" }, (d) => {
    d.servers[0].variables.region = { default: "us" };
  }, ["server-variable-default-changed warning"]],
  [
    "server-variable-enum-value-added",
    (d) => d.servers[0].variables.region = { default: "eu", enum: ["eu"] },
    (d) => {
      d.servers[0].variables.region = { default: "eu", enum: ["eu", "us"] };
    },
    ["server-variable-enum-value-added info"],
  ],
  [
    "server-variable-enum-value-removed",
    (d) => {
      d.servers[0].variables.region = { default: "eu", enum: ["eu", "us"] };
    },
    (d) => d.servers[0].variables.region = { default: "eu", enum: ["eu"] },
    ["server-variable-enum-value-removed warning"],
  ],
  ["operation servers", none, (d) => GET(d).servers = [{ url: "https://x" }], ["server-added info"]],
  // info
  ["info-title-changed", none, (d) => d.info.title = "U", ["info-title-changed info"]],
  ["info-summary-changed", none, (d) => d.info.summary = "x", ["info-summary-changed info"]],
  ["info-description-changed", none, (d) => d.info.description = "x", ["info-description-changed info"]],
  ["info-version-changed", none, (d) => d.info.version = "2", ["info-version-changed info"]],
  ["info-terms-of-service-changed", none, (d) => d.info.termsOfService = "https://tos", [
    "info-terms-of-service-changed info",
  ]],
  ["info-contact-changed", none, (d) => d.info.contact = { name: "x" }, ["info-contact-changed info"]],
  ["info-license-changed", none, (d) => d.info.license = { name: "MIT" }, ["info-license-changed info"]],
  ["tag-added", none, (d) => d.tags.push({ name: "admin" }), ["tag-added info"]],
  ["tag-removed", none, (d) => d.tags = [], ["tag-removed info"]],
  ["tag-description-changed", none, (d) => d.tags[0].description = "x", ["tag-description-changed info"]],
  ["external-docs-changed", none, (d) => d.externalDocs = { url: "https://docs" }, [
    "external-docs-changed info",
  ]],
  // extension
  ["extension-added", none, (d) => GET(d)["x-internal"] = true, ["extension-added info"]],
  ["extension-removed", (d) => GET(d)["x-internal"] = true, none, ["extension-removed info"]],
  ["extension-changed", (d) => d.info["x-logo"] = "a", (d) => d.info["x-logo"] = "b", [
    "extension-changed info",
  ]],
];

/** A 2.0 document: body parameters, consumes/produces, host/basePath/schemes and definitions. */
export const BASE_2: Doc = {
  swagger: "2.0",
  info: { title: "T", version: "1" },
  host: "api.example.com",
  basePath: "/v1",
  schemes: ["https"],
  consumes: ["application/json"],
  produces: ["application/json"],
  paths: {
    "/users/{id}": {
      get: {
        parameters: [
          { name: "id", in: "path", required: true, type: "string" },
          { name: "tags", in: "query", type: "array", items: { type: "string" }, collectionFormat: "csv" },
        ],
        responses: {
          "200": {
            description: "OK",
            schema: { $ref: "#/definitions/User" },
            headers: { "X-Rate": { type: "integer" } },
          },
        },
      },
      post: {
        parameters: [
          { name: "id", in: "path", required: true, type: "string" },
          { name: "body", in: "body", schema: { $ref: "#/definitions/User" } },
        ],
        responses: { "201": { description: "Created" } },
      },
    },
  },
  definitions: { User: { type: "object", properties: { name: { type: "string" } } } },
  securityDefinitions: {
    oauth: {
      type: "oauth2",
      flow: "accessCode",
      authorizationUrl: "https://a",
      tokenUrl: "https://t",
      scopes: { read: "r" },
    },
  },
};

const GET2 = (d: Any) => d.paths["/users/{id}"].get;
const POST2 = (d: Any) => d.paths["/users/{id}"].post;

/** 2.0 cases, on {@link BASE_2}. */
export const CASES_2: [string, Edit, Edit, string[]][] = [
  [
    "request-parameter-collection-format-changed",
    none,
    (d) => GET2(d).parameters[1].collectionFormat = "multi",
    [
      "request-parameter-collection-format-changed error",
    ],
  ],
  ["2.0 parameter types", none, (d) => GET2(d).parameters[1].items.type = "integer", [
    "request-type-changed error",
  ]],
  ["2.0 body parameter required", none, (d) => POST2(d).parameters[1].required = true, [
    "request-body-became-required error",
  ]],
  ["2.0 consumes", none, (d) => d.consumes.push("application/xml"), ["request-media-type-added info"]],
  ["2.0 produces", none, (d) => GET2(d).produces = ["application/xml"], [
    "response-media-type-added info",
    "response-media-type-removed error",
  ]],
  ["2.0 response headers", none, (d) => GET2(d).responses["200"].headers["X-Rate"].type = "string", [
    "response-type-changed error",
  ]],
  ["2.0 host", none, (d) => d.host = "api2.example.com", ["server-added info", "server-removed warning"]],
  ["2.0 definitions renamed with their references", none, (d) => {
    d.definitions = { Person: d.definitions.User };
    GET2(d).responses["200"].schema.$ref = "#/definitions/Person";
    POST2(d).parameters[1].schema.$ref = "#/definitions/Person";
  }, ["component-renamed info"]],
  ["2.0 OAuth flow", none, (d) => d.securityDefinitions.oauth.flow = "implicit", [
    "security-scheme-oauth-flow-added info",
    "security-scheme-oauth-flow-removed error",
  ]],
];

for (const [name, before, after, expected] of CASES_2) {
  Deno.test(`check (2.0) ${name}`, async () => {
    const r = await diffDocs(edit(BASE_2, before), edit(BASE_2, after));
    assert.deepEqual(idsOf(r), expected);
  });
}

for (const [name, before, after, expected] of CASES) {
  Deno.test(`check ${name}`, async () => {
    const r = await diffDocs(edit(BASE, before), edit(BASE, after));
    assert.deepEqual(idsOf(r), expected);
  });
}

Deno.test("checks: every check outside the schema category has a case above", () => {
  const covered = new Set(
    [...CASES, ...CASES_2].flatMap(([, , , expected]) => expected.map((e) => e.split(" ")[0])),
  );
  // Cross-version checks are covered by the test of 2.0 against 3.0 below.
  covered.add("format-structure-changed");
  covered.add("format-conversion-issue");
  // Schema checks are covered by schema_checks_test.ts, lifecycle ones by policy_checks_test.ts.
  const elsewhere = new Set(["schema", "lifecycle"]);
  const missing = listChecks().filter((c) => !elsewhere.has(c.category) && !covered.has(c.id)).map((c) =>
    c.id
  );
  assert.deepEqual(missing, []);
});

Deno.test("checks: ids are unique, kebab-case, and every category has a file's worth", () => {
  const checks = listChecks();
  assert.equal(new Set(checks.map((c) => c.id)).size, checks.length);
  for (const c of checks) assert.match(c.id, /^[a-z0-9]+(-[a-z0-9]+)*$/);
  assert.ok(checks.every((c) => c.description.endsWith(".")));
});

Deno.test("ignore rules: ids, paths with their subtrees, pointers and endpoint globs", async () => {
  const a = edit(BASE, () => {});
  const b = edit(BASE, (d: Any) => {
    d.info.title = "U";
    GET(d).parameters.push({ name: "q", in: "query", required: true });
  });
  const all = await diffDocs(a, b);
  assert.deepEqual(idsOf(all), ["info-title-changed info", "new-required-request-parameter error"]);
  for (
    const ignore of [
      ["new-required-request-parameter"],
      [{ path: "paths./users/{id}.get" }],
      [{ path: "/paths/~1users~1{id}" }],
      [{ path: "GET /users/*", reason: "accepted" }],
      [{ id: "new-required-request-parameter", path: "paths.*" }],
    ]
  ) {
    const r = await diffDocs(a, b, { ignore });
    assert.deepEqual(idsOf(r), ["info-title-changed info"], JSON.stringify(ignore));
    assert.equal(r.stats.ignoredCount, 1);
  }
  const notThis = await diffDocs(a, b, { ignore: [{ id: "info-title-changed", path: "paths.*" }] });
  assert.equal(notThis.changes.length, 2);
});

Deno.test("check operation-added/removed: 3.2 query and additionalOperations", async () => {
  const v32 = edit(BASE, (d: Any) => d.openapi = "3.2.0");
  const added = edit(v32, (d: Any) => {
    P(d).query = { responses: { "200": { description: "OK" } } };
    P(d).additionalOperations = { COPY: { responses: { "201": { description: "Copied" } } } };
  });
  const r = await diffDocs(v32, added);
  assert.deepEqual(idsOf(r), ["operation-added info", "operation-added info"]);
  assert.deepEqual(r.changes.map((c) => c.endpoint), ["QUERY /users/{id}", "COPY /users/{id}"]);
  const removed = await diffDocs(added, v32);
  assert.deepEqual(idsOf(removed), ["operation-removed critical", "operation-removed critical"]);
  const changed = edit(added, (d: Any) => P(d).additionalOperations.COPY.responses["201"].description = "x");
  assert.deepEqual(idsOf(await diffDocs(added, changed)), ["response-description-changed info"]);
});

Deno.test("check format-structure-changed and format-conversion-issue: 2.0 against 3.0", async () => {
  const v2 = edit(BASE_2, (d: Any) => {
    d.paths["/users/{id}"].get.responses["200"].examples = { "not a media type": { a: 1 } };
  });
  const v3 = {
    openapi: "3.0.3",
    info: { title: "T", version: "1" },
    servers: [{ url: "https://api.example.com/v1" }],
    paths: {},
  };
  const r = await diffDocs(v2, v3);
  const ids = idsOf(r).filter((x) => x.startsWith("format-"));
  assert.ok(ids.includes("format-structure-changed error"));
  assert.ok(ids.includes("format-conversion-issue warning"), ids.join(", "));
  assert.ok(r.changes.filter((c) => c.category === "document").length >= ids.length);
});
