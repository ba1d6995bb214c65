import type { Rule } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
const MEDIA_RANGE = new RegExp(
  `^(?:\\*/\\*|${TOKEN}/\\*|${TOKEN}/${TOKEN})(?:\\s*;\\s*${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))*$`,
);

/**
 * The versions whose text says a request body's `content` "SHOULD have at least one entry" (3.1.2 and 3.2.0);
 * earlier ones only make `content` REQUIRED, so an empty map is legal there.
 */
const NON_EMPTY_CONTENT = new Set(["3.1.2", "3.2.0"]);

/**
 * `media-types` (3.x): the keys of `content` maps are media types or media ranges (`application/json`,
 * `image/*`, `text/plain; charset=utf-8`); in 3.1.2 and 3.2.0 a request body's `content` is not empty (warning).
 */
export const mediaTypes: Rule = {
  id: "media-types",
  severity: "error",
  description: "content keys are media types or ranges; a request body has content (3.1.2, 3.2.0)",
  anchor: "media-type-object",
  versions: ["3.0", "3.1", "3.2"],
  create(ctx) {
    const checkContent = (node: Record<string, unknown>, path: readonly (string | number)[]) => {
      if (!isObject(node.content)) return;
      for (const key of Object.keys(node.content)) {
        if (!MEDIA_RANGE.test(key.trim())) {
          ctx.report(
            [...path, "content", key],
            `${q(key)} is not a media type or media range (type/subtype).`,
          );
        }
      }
    };
    return {
      requestBody(body, at) {
        checkContent(body, at.path);
        if (
          NON_EMPTY_CONTENT.has(ctx.version) && isObject(body.content) &&
          Object.keys(body.content).length === 0
        ) {
          ctx.report(
            [...at.path, "content"],
            `the request body's content is empty; the specification ${ctx.version} says: "The map SHOULD have ` +
              `at least one entry; if it does not, the behavior is implementation-defined."`,
            { anchor: "request-body-object", severity: "warning" },
          );
        }
      },
      response(response, at) {
        checkContent(response, at.path);
      },
      parameter(parameter, at) {
        checkContent(parameter, at.path);
      },
      header(header, at) {
        checkContent(header, at.path);
      },
    };
  },
};
