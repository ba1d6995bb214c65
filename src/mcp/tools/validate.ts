/**
 * The `validate` tool.
 *
 * @module
 */
import { z } from "zod";
import { validate } from "../../validator/mod.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { loadSpec, specInput } from "../spec_input.ts";
import { boundedLists, findingItem, findingOf, omittedField, omittedFields } from "./_fields.ts";

/** `validate`: checks a document against the OpenAPI version it declares. */
export const validateTool: Tool = defineTool({
  name: "validate",
  description:
    "Validate an OpenAPI 2.0/3.0/3.1/3.2 document against the specification version it declares (official JSON Schema plus semantic rules: references, operationIds, path parameters, responses, security). Use it to check a document before or after editing it; each error and warning has a path, a message and a link to the specification. Give the document as spec.file (preferred for anything large), spec.url or spec.content.",
  input: {
    spec: specInput,
    strict: z.boolean().optional().describe("Stricter checks; warnings count as errors"),
    no_warnings: z.boolean().optional().describe("Leave warnings out"),
  },
  output: {
    valid: z.boolean(),
    version: z.string().describe("The OpenAPI version the document declares"),
    error_count: z.number().int(),
    warning_count: z.number().int(),
    errors: z.array(findingItem),
    warnings: z.array(findingItem),
    errors_omitted: omittedField("errors"),
    warnings_omitted: omittedField("warnings"),
  },
  readOnly: true,
  async run(args, ctx) {
    const parsed = await loadSpec(ctx, args.spec, { cached: true });
    const result = await validate(parsed, {
      reader: ctx.reader,
      strict: args.strict,
      noWarnings: args.no_warnings,
    });
    const [errors, warnings] = boundedLists([result.errors, result.warnings], findingOf);
    return {
      valid: result.valid,
      version: result.version,
      error_count: result.errorCount,
      warning_count: result.warningCount,
      errors: errors.items,
      warnings: warnings.items,
      ...omittedFields({ errors_omitted: errors.omitted, warnings_omitted: warnings.omitted }),
    };
  },
});
