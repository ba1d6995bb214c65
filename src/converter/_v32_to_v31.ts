/**
 * 3.2 → 3.1: every 3.2-only field left out with an issue naming its path (`query` and `additionalOperations`,
 * `in: querystring`, `itemSchema` and the item encodings, tag `parent`/`kind`/`summary`, `$self`, the device
 * authorization flow, `defaultMapping`, `nodeType`, example `dataValue`/`serializedValue`, …).
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import type { OasKind } from "../walker/mod.ts";
import { collect, rebuild, type Segments, type Step } from "./_context.ts";

/** Fields 3.1 does not have, per kind: severity and what is said. */
const DROPPED: Partial<Record<OasKind, Readonly<Record<string, "warning" | "critical">>>> = {
  pathItem: { query: "critical", additionalOperations: "critical" },
  mediaType: { itemSchema: "warning", prefixEncoding: "warning", itemEncoding: "warning" },
  encoding: { prefixEncoding: "warning", itemEncoding: "warning" },
  tag: { parent: "warning", kind: "warning", summary: "warning" },
  oauthFlows: { deviceAuthorization: "warning" },
  securityScheme: { oauth2MetadataUrl: "warning", deprecated: "warning" },
  discriminator: { defaultMapping: "warning" },
  xml: { nodeType: "warning" },
  example: { serializedValue: "warning" },
  response: { summary: "warning" },
  server: { name: "warning" },
  components: { mediaTypes: "critical" },
};

/** 3.2 → 3.1, in place on the step's document. */
export function down32to31(step: Step): void {
  const kinds = [...Object.keys(DROPPED), "parameter", "operation"] as OasKind[];
  const found = collect(step.doc, step.from, kinds);
  const drop = (at: Segments, field: string, severity: "warning" | "critical", what: string) =>
    step.add(
      severity,
      [...at, field],
      `OpenAPI 3.1 ${what} have no "${field}"; it is left out.`,
      severity === "critical" ? "convert-3.2-feature" : "convert-3.2-field",
    );
  for (
    const [kind, fields] of Object.entries(DROPPED) as [OasKind, Record<string, "warning" | "critical">][]
  ) {
    for (const { node, path } of found.get(kind) ?? []) {
      let change = false;
      for (const f in fields) if (f in node) change = true;
      if (!change) continue;
      rebuild(node, (k, v) => {
        const severity = fields[k];
        if (severity === undefined) return undefined;
        if (kind === "xml" && k === "nodeType") {
          if (v === "attribute") return [["attribute", true]];
          if (v === "element") return [];
        }
        if (kind === "example" && k === "dataValue") return undefined;
        drop(path, k, severity, `${kind === "pathItem" ? "path item" : kind}s`);
        return [];
      });
    }
  }
  for (const { node } of found.get("example") ?? []) {
    if (node.dataValue !== undefined) {
      rebuild(node, (k, v) => k === "dataValue" ? ("value" in node ? [] : [["value", v]]) : undefined);
    }
  }
  // `in: querystring` parameters have no 3.1 place.
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
  if ("$self" in step.doc) {
    step.add(
      "warning",
      ["$self"],
      'OpenAPI 3.1 documents have no "$self"; it is left out.',
      "convert-3.2-field",
    );
    delete step.doc.$self;
  }
}
