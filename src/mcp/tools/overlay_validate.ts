/**
 * The `overlay_validate` tool.
 *
 * @module
 */
import { z } from "zod";
import { shorten } from "../../core/bounded_text.ts";
import { MAX_SNIPPET_CHARS } from "../../core/text_position.ts";
import { defineTool, type Tool } from "../define_tool.ts";
import { loadOverlaySpec, specInputSchema } from "../spec_input.ts";
import { boundedItems, findingItem, findingOf, omittedField, omittedFields } from "./_fields.ts";

/** `overlay_validate`: checks an Overlay document. */
export const overlayValidateTool: Tool = defineTool({
  name: "overlay_validate",
  description:
    "Validate an Overlay document (1.0 or 1.1): the required fields, a non-empty actions list and every target a valid JSONPath. Here spec is the overlay itself.",
  input: { spec: specInputSchema() },
  output: {
    valid: z.boolean(),
    version: z.string().optional().describe("The overlay's `overlay` version"),
    title: z.string().optional().describe("The overlay's info.title"),
    action_count: z.number().int(),
    errors: z.array(findingItem),
    errors_omitted: omittedField("errors"),
  },
  readOnly: true,
  async run(args, ctx) {
    const loaded = await loadOverlaySpec(ctx, args.spec, "spec");
    const v = loaded.validation;
    // A file that is no valid overlay may be anything (a private key, say): quote at most a token of it.
    const shown = (text: string) => v.valid ? text : shorten(text, MAX_SNIPPET_CHARS);
    const errors = boundedItems(
      v.errors,
      (e) => ({ ...findingOf(e), path: shown(e.path), pointer: shown(e.pointer) }),
    );
    return {
      valid: v.valid,
      ...(v.version === undefined ? {} : { version: shown(v.version) }),
      ...(v.title === undefined ? {} : { title: shown(v.title) }),
      action_count: v.actionCount,
      errors: errors.items,
      ...omittedFields({ errors_omitted: errors.omitted }),
    };
  },
});
