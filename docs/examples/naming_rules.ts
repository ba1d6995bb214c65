/**
 * An oatool plugin (docs/custom-rules.md): naming rules. Name it in oatool.yaml under `plugins:`.
 * Outside this repository, import `defineRule` from "jsr:@oatool/cli/validator" instead.
 */
import { defineRule } from "../../src/validator/mod.ts";

/** camelCase: a lowercase letter, then letters and digits. */
const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
/** PascalCase: an uppercase letter, then letters and digits. */
const PASCAL = /^[A-Z][a-zA-Z0-9]*$/;

export const rules = [
  defineRule({
    id: "operation-id-camel-case",
    severity: "warning",
    description: "Every operationId is camelCase",
    anchor: "operation-object",
    create(ctx) {
      return {
        operation(op, at) {
          const id = op.operationId;
          if (typeof id === "string" && !CAMEL.test(id)) {
            ctx.report([...at.path, "operationId"], `operationId "${id}" is not camelCase.`);
          }
        },
      };
    },
  }),
  defineRule({
    id: "schema-name-pascal-case",
    severity: "warning",
    description: "Every schema component has a PascalCase name",
    anchor: "components-object",
    create(ctx) {
      return {
        components(components, at) {
          const schemas = components.schemas;
          if (schemas === null || typeof schemas !== "object") return;
          for (const name of Object.keys(schemas)) {
            if (!PASCAL.test(name)) {
              ctx.report([...at.path, "schemas", name], `the schema name "${name}" is not PascalCase.`);
            }
          }
        },
      };
    },
  }),
];
