/**
 * 3.1 → 3.0: schema keywords back to 3.0's dialect, and the 3.1-only document fields (webhooks, reusable path
 * items, `jsonSchemaDialect`, `info.summary`, `license.identifier`, mutual TLS) left out with an issue each.
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { collect, rebuild, type Segments, type Step } from "./_context.ts";
import { schemasDown } from "./_schema.ts";
import { dropSchemes } from "./_security.ts";
import { inlineSection } from "./_pointers.ts";

/** 3.1 → 3.0, in place on the step's document. */
export function down31to30(step: Step): void {
  const doc = step.doc;
  // References to reusable path items and to webhooks (under paths, in callbacks) get copies of them: 3.0 has
  // neither components.pathItems nor webhooks.
  inlineSection(step, ["#/components/pathItems/", "#/webhooks/"], "path item");
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
          "OpenAPI 3.0 has no reusable path items; references to them are replaced by copies, the rest is left out.",
          "convert-path-items",
        );
      }
      delete components.pathItems;
    }
  }
  const operations = collect(doc, step.from, ["operation"]).get("operation")!;
  if (removedSchemes.size > 0) {
    for (const { node } of operations) {
      if (node.security !== undefined) node.security = dropSchemes(node.security, removedSchemes);
    }
    if (doc.security !== undefined) doc.security = dropSchemes(doc.security, removedSchemes);
  }
  const roleSchemes = new Set<string>();
  if (isObject(components) && isObject(components.securitySchemes)) {
    for (const [name, s] of Object.entries(components.securitySchemes)) {
      const scheme = step.deref(s);
      if (scheme !== undefined && scheme.type !== "oauth2" && scheme.type !== "openIdConnect") {
        roleSchemes.add(name);
      }
    }
  }
  for (const { node, path } of operations) {
    if (node.security !== undefined) {
      node.security = emptyRoles(step, node.security, [...path, "security"], roleSchemes);
    }
    // 3.1 operations may go without responses; 3.0 requires them.
    if (node.responses === undefined) {
      step.add(
        "warning",
        [...path, "responses"],
        'OpenAPI 3.0 operations require responses; a "default" response without a description is added.',
        "convert-operation-responses",
      );
      node.responses = { default: { description: "" } };
    }
  }
  if (doc.security !== undefined) doc.security = emptyRoles(step, doc.security, ["security"], roleSchemes);
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

/**
 * Security requirements with the role lists of schemes other than OAuth2 and OpenID Connect emptied (3.1 lets
 * them name roles; 3.0 requires an empty list), one issue per requirement entry.
 */
function emptyRoles(step: Step, security: unknown, at: Segments, roleSchemes: ReadonlySet<string>): unknown {
  if (!Array.isArray(security) || roleSchemes.size === 0) return security;
  security.forEach((req, i) => {
    if (!isObject(req)) return;
    for (const [name, roles] of Object.entries(req)) {
      if (!roleSchemes.has(name) || !Array.isArray(roles) || roles.length === 0) continue;
      step.add(
        "warning",
        [...at, i, name],
        `OpenAPI 3.0 lists scopes for OAuth2 and OpenID Connect schemes only; the roles of "${name}" are left out.`,
        "convert-security-scopes",
      );
      req[name] = [];
    }
  });
  return security;
}
