/**
 * 3.1 → 3.0: schema keywords back to 3.0's dialect, and the 3.1-only document fields (webhooks, reusable path
 * items, `jsonSchemaDialect`, `info.summary`, `license.identifier`, mutual TLS) left out with an issue each.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { deepCopy } from "../core/mod.ts";
import { collect, rebuild, type Step } from "./_context.ts";
import { schemasDown } from "./_schema.ts";
import { dropSchemes } from "./_security.ts";

/** 3.1 → 3.0, in place on the step's document. */
export function down31to30(step: Step): void {
  const doc = step.doc;
  // Path items referring to reusable path items get copies of them: 3.0 has no components.pathItems.
  if (isObject(doc.paths)) {
    for (const [p, item] of Object.entries(doc.paths)) {
      if (
        !isObject(item) || typeof item.$ref !== "string" || !item.$ref.startsWith("#/components/pathItems/")
      ) {
        continue;
      }
      const target = step.deref(item);
      if (target !== undefined) doc.paths[p] = deepCopy(target);
    }
  }
  schemasDown(step);
  const removedSchemes = new Set<string>();
  const components = doc.components;
  if (isObject(components)) {
    if (isObject(components.securitySchemes)) {
      for (const [name, s] of Object.entries(components.securitySchemes)) {
        if (isObject(s) && s.type === "mutualTLS") {
          removedSchemes.add(name);
          step.add(
            "critical",
            ["components", "securitySchemes", name],
            "OpenAPI 3.0 has no mutual TLS schemes; the scheme and the requirements naming it are left out.",
            "convert-security-scheme",
          );
        }
      }
      for (const name of removedSchemes) delete components.securitySchemes[name];
    }
    if (isObject(components.pathItems)) {
      if (Object.keys(components.pathItems).length > 0) {
        step.add(
          "critical",
          ["components", "pathItems"],
          "OpenAPI 3.0 has no reusable path items; references to them under paths are replaced by copies, the rest is left out.",
          "convert-path-items",
        );
      }
      delete components.pathItems;
    }
  }
  if (removedSchemes.size > 0) {
    for (const { node } of collect(doc, step.from, ["operation"]).get("operation")!) {
      if (node.security !== undefined) node.security = dropSchemes(node.security, removedSchemes);
    }
    if (doc.security !== undefined) doc.security = dropSchemes(doc.security, removedSchemes);
  }
  const info = doc.info;
  if (isObject(info)) {
    if (info.summary !== undefined) {
      step.add(
        "warning",
        ["info", "summary"],
        "OpenAPI 3.0 info has no summary; it is left out.",
        "convert-info-field",
      );
      delete info.summary;
    }
    const license = info.license;
    if (isObject(license) && license.identifier !== undefined) {
      step.add(
        "warning",
        ["info", "license", "identifier"],
        "OpenAPI 3.0 licenses have no SPDX identifier; it is left out.",
        "convert-info-field",
        "give the license's url instead.",
      );
      delete license.identifier;
    }
  }
  rebuild(doc, (k, v) => {
    if (k === "webhooks") {
      if (isObject(v) && Object.keys(v).length > 0) {
        step.add("critical", [k], "OpenAPI 3.0 has no webhooks; they are left out.", "convert-webhooks");
      }
      return [];
    }
    if (k === "jsonSchemaDialect") {
      step.add(
        "warning",
        [k],
        "OpenAPI 3.0 has no jsonSchemaDialect; it is left out.",
        "convert-json-schema-dialect",
      );
      return [];
    }
    return undefined;
  });
  if (!("paths" in doc)) doc.paths = {};
}
