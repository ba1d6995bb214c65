/**
 * Up within 3.x: 3.0 → 3.1 (schema keywords as JSON Schema 2020-12 has them; binary request content as
 * `contentMediaType`), 3.1 → 3.2 (nothing to change but the version).
 *
 * @module
 */
import { isObject } from "../core/json.ts";
import { collect, rebuild, type Step } from "./_context.ts";
import { schemasUp } from "./_schema.ts";

function isFormType(ct: string): boolean {
  return ct.startsWith("multipart/") || ct.startsWith("application/x-www-form-urlencoded");
}

/** 3.0 → 3.1, in place on the step's document. */
export function up30to31(step: Step): void {
  // One walk finds the request bodies, parameters and schemas.
  const found = collect(step.doc, step.from, ["requestBody", "parameter", "schema"], { refs: true });
  // Binary request content first (its `format: binary` is what is replaced), then every schema.
  for (const { node } of found.get("requestBody")!) {
    if (!isObject(node.content)) continue;
    for (const [ct, media] of Object.entries(node.content)) {
      if (!isObject(media) || !isObject(media.schema) || isFormType(ct) || ct.includes("*")) continue;
      const schema = media.schema;
      if (schema.type !== "string" || schema.format !== "binary") continue;
      rebuild(schema, (k) => k === "format" ? [["contentMediaType", ct]] : undefined);
    }
  }
  // 3.1's schema allows `allowEmptyValue` and `allowReserved` only on query parameters (3.0 ignores them elsewhere).
  for (const { node } of found.get("parameter")!) {
    if (node.in !== "query") {
      delete node.allowEmptyValue;
      delete node.allowReserved;
    }
  }
  schemasUp(found.get("schema")!);
}
