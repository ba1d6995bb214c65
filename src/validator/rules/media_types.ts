import type { Rule } from "../rule.ts";
import { isObject, q } from "./_helpers.ts";

const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
const MEDIA_RANGE = new RegExp(
  `^(?:\\*/\\*|${TOKEN}/\\*|${TOKEN}/${TOKEN})(?:\\s*;\\s*${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))*$`,
);

/**
 * `media-types` (3.x): the keys of `content` maps are media types or media ranges (`application/json`,
 * `image/*`, `text/plain; charset=utf-8`), and a request body's `content` is not empty.
 */
export const mediaTypes: Rule = {
  id: "media-types",
  severity: "error",
  description: "content keys are media types or ranges; request bodies have content",
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
        if (isObject(body.content) && Object.keys(body.content).length === 0) {
          ctx.report(
            [...at.path, "content"],
            "a request body's content must describe at least one media type.",
            {
              anchor: "request-body-object",
            },
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
