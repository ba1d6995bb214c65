/**
 * Every rule id a conversion issue can carry: a stable interface (other tools, such as a cross-version diff,
 * may rely on the ids). `layout` marks the issues that only say where something moved, with nothing lost: a
 * comparison that normalises two documents to one version can disregard them.
 *
 * @module
 */

/** One rule of conversion issues. */
export interface ConvertRule {
  /** The stable id, as in each issue's `rule`. */
  id: string;
  /** Its severity (some rules report a lesser case as a warning and a worse one as critical: the worst here). */
  severity: "info" | "warning" | "critical";
  /** True when the issue only says where something moved; nothing of the document is lost. */
  layout: boolean;
  /** What it reports. */
  description: string;
}

const rule = (
  id: string,
  severity: ConvertRule["severity"],
  description: string,
  layout = false,
): ConvertRule => ({ id, severity, layout, description });

/** The rules, grouped by direction. */
export const CONVERT_RULES: readonly ConvertRule[] = [
  rule("convert-same-version", "info", "The document already has the target version; it is unchanged", true),
  // 2.0 → 3.x
  rule(
    "convert-definitions-moved",
    "info",
    "definitions moved to components.schemas, references rewritten",
    true,
  ),
  rule(
    "convert-parameters-moved",
    "info",
    "parameters moved to components.parameters (body ones to components.requestBodies)",
    true,
  ),
  rule(
    "convert-responses-moved",
    "info",
    "responses moved to components.responses, references rewritten",
    true,
  ),
  rule(
    "convert-security-definitions-moved",
    "info",
    "securityDefinitions moved to components.securitySchemes, references rewritten",
    true,
  ),
  rule(
    "convert-form-parameter-inlined",
    "info",
    "A reusable form parameter became a property of each request body using it",
    true,
  ),
  rule(
    "convert-external-ref",
    "info",
    "References into another file were rewritten: convert that file too",
    true,
  ),
  rule("convert-no-host", "info", "No host: the server URL is relative"),
  rule("convert-default-scheme", "info", "No scheme: https is assumed for the server"),
  rule("convert-operation-schemes", "info", "Operation schemes cannot be kept without a host"),
  rule(
    "convert-collection-format",
    "warning",
    "A collectionFormat (tsv, nested, ssv/pipes outside the query) has no style",
  ),
  rule("convert-response-examples", "warning", "A response example not keyed by a media type left out"),
  rule("convert-depth-limit", "warning", "Items nested past the depth limit are cut"),
  rule("convert-server-url", "warning", "A server URL that is not a URL left out of host and basePath"),
  rule(
    "convert-unplaceable-ref",
    "critical",
    "A reference into a section the target lacks that cannot be copied",
  ),
  rule("convert-extension-dropped", "warning", "An x- extension on an object the target has no place for"),
  // 3.x → 2.0
  rule(
    "convert-examples-dropped",
    "warning",
    "Examples beyond the first per media type left out (one per response)",
  ),
  rule("convert-external-value", "warning", "An Example's externalValue cannot be inlined in 2.0; left out"),
  rule(
    "convert-components-inlined",
    "info",
    "Reusable request bodies, headers or examples are copied where used",
    true,
  ),
  rule(
    "convert-components-dropped",
    "critical",
    "Reusable links, callbacks or path items cannot be expressed",
  ),
  rule("convert-server-variables", "warning", "Server variables replaced by their defaults"),
  rule("convert-servers", "warning", "Servers beyond the first (or on paths and operations) left out"),
  rule(
    "convert-media-types",
    "warning",
    "One schema per request or response: other media types' schemas left out",
  ),
  rule(
    "convert-parameter-schema",
    "warning",
    "A parameter or header schema 2.0 cannot express becomes a string",
  ),
  rule("convert-parameter-style", "warning", "A parameter style 2.0 has no collectionFormat for"),
  rule(
    "convert-parameter-content",
    "warning",
    "A parameter with content: the first media type's schema is used",
  ),
  rule(
    "convert-parameter-field",
    "warning",
    "A parameter field 2.0 lacks (examples, allowReserved) left out",
  ),
  rule(
    "convert-path-item-field",
    "warning",
    "A path item field 2.0 lacks (summary, description, servers) left out",
  ),
  rule("convert-schema-keyword", "warning", "oneOf, anyOf, not or writeOnly kept as an x- extension"),
  rule(
    "convert-discriminator",
    "warning",
    "A discriminator that is not a required property of its schema left out",
  ),
  rule("convert-discriminator-mapping", "warning", "A discriminator mapping left out"),
  rule("convert-security-bearer", "warning", "HTTP bearer became an API key in the Authorization header"),
  rule("convert-oauth-flows", "warning", "OAuth2 flows beyond the first (or a refreshUrl) left out"),
  rule(
    "convert-response-range",
    "critical",
    "A status code range became the default response, or was left out",
  ),
  rule(
    "convert-security-scheme",
    "critical",
    "A security scheme the target cannot express left out with its requirements",
  ),
  rule("convert-cookie-parameter", "critical", "A cookie parameter left out"),
  rule("convert-method", "critical", "An operation method 2.0 lacks (trace) left out"),
  rule("convert-callbacks", "critical", "Callbacks left out"),
  rule("convert-links", "critical", "Response links left out"),
  // 3.1 → 3.0
  rule(
    "convert-type-array",
    "warning",
    "A type list or the null type expressed with anyOf, nullable or enum",
  ),
  rule("convert-examples-first", "warning", "Schema examples: the first is kept as example"),
  rule("convert-keyword-removed", "warning", "A JSON Schema keyword 3.0 lacks left out"),
  rule("convert-info-field", "warning", "info.summary or license.identifier left out"),
  rule("convert-json-schema-dialect", "warning", "jsonSchemaDialect left out"),
  rule("convert-webhooks", "critical", "Webhooks left out"),
  rule("convert-operation-responses", "warning", "An operation without responses given a default response"),
  rule(
    "convert-security-scopes",
    "warning",
    "Roles listed for a scheme other than OAuth2/OpenID Connect left out",
  ),
  rule("convert-boolean-schema", "info", "A boolean schema written as an object ({} or {not: {}})"),
  rule("convert-array-items", "info", "An array schema without items given items: {}"),
  rule(
    "convert-path-items",
    "critical",
    "Reusable path items left out (references under paths become copies)",
  ),
  // 3.2 → 3.1
  rule("convert-3.2-field", "warning", "A 3.2-only field left out"),
  rule("convert-3.2-feature", "critical", "A 3.2-only operation or parameter left out"),
];
