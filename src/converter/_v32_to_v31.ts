/**
 * 3.2 → 3.1: every 3.2-only field gets an issue naming it and its path. Fields 3.1 can say another way are
 * mapped (an XML `nodeType` → `attribute`/`wrapped`, an example's `dataValue` → `value`, a reusable media type
 * → a copy where it is used, a response without a description → an empty one); the rest (`query` and
 * `additionalOperations`, `in: querystring`, `itemSchema` and the item encodings, nested encodings, tag
 * `parent`/`kind`/`summary`, `$self`, the device authorization flow, `defaultMapping`, `serializedValue`, the
 * `cookie` style, …) are left out.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import type { OasKind } from "../walker/mod.ts";
import { collect, rebuild, type Segments, type Step } from "./_context.ts";
import { inlineSection } from "./_pointers.ts";

type Severity = "info" | "warning" | "critical";

/** Fields 3.1 does not have, per kind: severity and what is said. */
const DROPPED: Partial<Record<OasKind, Readonly<Record<string, Severity>>>> = {
  pathItem: { query: "critical", additionalOperations: "critical" },
  mediaType: {
    itemSchema: "warning",
    prefixEncoding: "warning",
    itemEncoding: "warning",
    description: "warning",
  },
  encoding: { encoding: "warning", prefixEncoding: "warning", itemEncoding: "warning" },
  tag: { parent: "warning", kind: "warning", summary: "warning" },
  oauthFlows: { deviceAuthorization: "warning" },
  securityScheme: { oauth2MetadataUrl: "warning", deprecated: "warning" },
  discriminator: { defaultMapping: "warning" },
  xml: { nodeType: "warning" },
  example: { dataValue: "warning", serializedValue: "warning" },
  response: { summary: "warning" },
  server: { name: "warning" },
  components: { mediaTypes: "warning" },
};

const KIND_NAMES: Partial<Record<OasKind, string>> = {
  pathItem: "path items",
  mediaType: "media types",
  encoding: "encodings",
  oauthFlows: "OAuth flows objects",
  securityScheme: "security schemes",
  xml: "XML objects",
};

/** An XML `nodeType` in 3.1's terms: the members replacing it and what is said. */
function nodeType(value: unknown, schema: Record<string, unknown> | undefined): {
  members: [string, unknown][];
  said: string;
} {
  const array = schema !== undefined && (schema.type === "array" || isObject(schema.items));
  if (value === "attribute") return { members: [["attribute", true]], said: 'it becomes "attribute: true"' };
  if (value === "element" && array) {
    return { members: [["wrapped", true]], said: 'it becomes "wrapped: true"' };
  }
  if (value === "element" || (value === "none" && array)) {
    return { members: [], said: "3.1's default says the same; it is left out" };
  }
  return { members: [], said: "3.1 has no way to say it; it is left out" };
}

/** 3.2 → 3.1, in place on the step's document. */
export function down32to31(step: Step): void {
  // Reusable media types: copies where they are used (3.1 has no components.mediaTypes).
  inlineSection(step, ["#/components/mediaTypes/"], "media type");
  const kinds = [...Object.keys(DROPPED), "parameter", "header", "operation", "schema"] as OasKind[];
  const found = collect(step.doc, step.from, kinds);
  const what = (kind: OasKind) => KIND_NAMES[kind] ?? `${kind}s`;
  const drop = (at: Segments, field: string, severity: Severity, whose: string, said = "it is left out") =>
    step.add(
      severity,
      [...at, field],
      `OpenAPI 3.1 ${whose} have no "${field}"; ${said}.`,
      severity === "critical" ? "convert-3.2-feature" : "convert-3.2-field",
    );
  // The schema holding each XML Object (for nodeType on arrays).
  const xmlOwner = new Map<object, Record<string, unknown>>();
  for (const { node } of found.get("schema") ?? []) if (isObject(node.xml)) xmlOwner.set(node.xml, node);
  for (
    const [kind, fields] of Object.entries(DROPPED) as [OasKind, Record<string, Severity>][]
  ) {
    for (const { node, path } of found.get(kind) ?? []) {
      let change = false;
      for (const f in fields) if (f in node) change = true;
      if (!change) continue;
      rebuild(node, (k, v) => {
        const severity = fields[k];
        if (severity === undefined) return undefined;
        if (kind === "xml" && k === "nodeType") {
          const mapped = nodeType(v, xmlOwner.get(node));
          const taken = mapped.members.filter(([m]) => !(m in node));
          drop(path, k, taken.length > 0 ? "info" : severity, what(kind), mapped.said);
          return taken;
        }
        if (kind === "example" && k === "dataValue") {
          if ("value" in node) {
            drop(path, k, severity, what(kind), 'the example has a "value"; it is left out');
          } else drop(path, k, "info", what(kind), 'it becomes "value"');
          return "value" in node ? [] : [["value", v]];
        }
        if (kind === "oauthFlows" && k === "deviceAuthorization") {
          const url = isObject(v) && typeof v.deviceAuthorizationUrl === "string"
            ? ` (its deviceAuthorizationUrl "${v.deviceAuthorizationUrl}" with it)`
            : "";
          drop(path, k, severity, what(kind), `the device authorization flow is left out${url}`);
          return [];
        }
        if (kind === "components" && k === "mediaTypes") {
          drop(path, k, severity, what(kind), "each is copied where it is used");
          return [];
        }
        drop(path, k, severity, what(kind));
        return [];
      });
    }
  }
  // Parameters: `in: querystring` has no 3.1 place; `style: cookie` none either.
  const dropQuerystring = (list: unknown, at: Segments): unknown => {
    if (!Array.isArray(list)) return list;
    return list.filter((p, i) => {
      const resolved = step.deref(p);
      if (resolved?.in !== "querystring") return true;
      if (p === resolved) {
        step.add(
          "critical",
          [...at, i],
          'OpenAPI 3.1 has no "querystring" parameters; this one is left out.',
          "convert-3.2-feature",
        );
      }
      return false;
    });
  };
  for (const kind of ["pathItem", "operation"] as const) {
    for (const { node, path } of found.get(kind) ?? []) {
      if (node.parameters !== undefined) {
        node.parameters = dropQuerystring(node.parameters, [...path, "parameters"]);
      }
    }
  }
  for (const { node, path } of found.get("parameter") ?? []) {
    if (node.allowReserved !== undefined && node.in !== "query") {
      drop(path, "allowReserved", "warning", `${String(node.in)} parameters`);
      delete node.allowReserved;
    }
    if (node.style === "cookie") {
      drop(
        path,
        "style",
        "warning",
        "parameters",
        'the "cookie" style is 3.2\'s; the default "form" is used',
      );
      delete node.style;
    }
  }
  for (const { node, path } of found.get("header") ?? []) {
    if (node.allowReserved !== undefined) {
      drop(path, "allowReserved", "warning", "headers");
      delete node.allowReserved;
    }
  }
  const params = isObject(step.doc.components) ? step.doc.components.parameters : undefined;
  if (isObject(params)) {
    for (const [name, p] of Object.entries(params)) {
      if (isObject(p) && p.in === "querystring") {
        step.add(
          "critical",
          ["components", "parameters", name],
          'OpenAPI 3.1 has no "querystring" parameters; this one is left out.',
          "convert-3.2-feature",
        );
        delete params[name];
      }
    }
  }
  // 3.2 responses may go without a description; 3.1 requires one.
  for (const { node, path } of found.get("response") ?? []) {
    if (typeof node.$ref === "string" || "description" in node) continue;
    step.add(
      "info",
      path,
      "OpenAPI 3.1 responses require a description; an empty one is added.",
      "convert-3.2-field",
    );
    node.description = "";
  }
  if ("$self" in step.doc) {
    drop([], "$self", "warning", "documents");
    delete step.doc.$self;
  }
}
