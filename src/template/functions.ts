/**
 * The functions rename templates (and later operation-id templates) may call, with the semantics of the joiner
 * specification:
 *
 * | function | result |
 * |---|---|
 * | `pathSegment <path> <n>` | n-th non-parameter segment, 0-based; negative `n` counts from the end; `""` when out of range |
 * | `pathResource <path>` | first non-parameter segment (`/users/{id}/orders` → `users`) |
 * | `pathLast <path>` | last non-parameter segment (`/users/{id}/orders` → `orders`) |
 * | `pathClean <path>` | all segments joined by `_`, parameter braces removed, every run of characters other than ASCII letters, digits and `_` replaced by `_` (`/users/{user-id}` → `users_user_id`) |
 * | `firstTag <tags>` | first tag or `""` |
 * | `joinTags <tags> <sep>` | tags joined with the separator |
 * | `hasTag <tags> <tag>` | whether the tag is present |
 * | `pascalCase`, `camelCase`, `snakeCase`, `kebabCase` | case conversion of snake_case, kebab-case, camelCase, PascalCase or space separated input |
 * | `default <fallback> <value>` | `value` unless it is empty (Go truth rules), else `fallback`; `{{.OperationID \| default "op"}}` |
 * | `coalesce <a> <b> …` | the first non-empty argument, else `""` |
 *
 * Path functions skip `{param}` segments, except `pathClean`. Webhook paths (`webhook:<name>`) read as the
 * single segment `<name>`; callback paths (`<parent>-><name>:<callback path>`) read as the parent path.
 *
 * @module
 */

import { camelCase, kebabCase, pascalCase, snakeCase } from "./case.ts";
import { TemplateLimitError } from "./template_error.ts";
import type { TemplateFunc, TemplateValue } from "./types.ts";
import { isTrue } from "./values.ts";

function isParam(segment: string): boolean {
  return segment.startsWith("{") && segment.endsWith("}");
}

/** The path a path function reads: webhooks are `webhook:<name>`, callbacks `<parent>-><name>:<path>`. */
function pathOf(path: string): string {
  const arrow = path.indexOf("->");
  if (arrow >= 0) return path.slice(0, arrow);
  if (path.startsWith("webhook:")) return "/" + path.slice("webhook:".length);
  return path;
}

/** Non-empty segments of a path, in order. */
function segmentsOf(path: string): string[] {
  return pathOf(path).split("/").filter((s) => s !== "");
}

/** Non-parameter segments of a path. */
export function resourceSegments(path: string): string[] {
  return segmentsOf(path).filter((s) => !isParam(s));
}

/** `pathSegment`: the n-th non-parameter segment, negative from the end, `""` when out of range. */
export function pathSegment(path: string, n: number): string {
  const segs = resourceSegments(path);
  const i = n < 0 ? segs.length + n : n;
  return i >= 0 && i < segs.length ? segs[i] : "";
}

/** `pathResource`: the first non-parameter segment. */
export function pathResource(path: string): string {
  return resourceSegments(path)[0] ?? "";
}

/** `pathLast`: the last non-parameter segment. */
export function pathLast(path: string): string {
  const segs = resourceSegments(path);
  return segs[segs.length - 1] ?? "";
}

/** `pathClean`: a path as a name part; parameter names are kept (`/users/{id}` → `users_id`). */
export function pathClean(path: string): string {
  return segmentsOf(path)
    .map((s) => (isParam(s) ? s.slice(1, -1) : s).replace(/[^A-Za-z0-9_]+/g, "_"))
    .join("_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
}

function str(v: TemplateValue): string {
  return v as string;
}

function list(v: TemplateValue): string[] {
  return v as string[];
}

/** The functions of rename templates, as the template engine takes them. */
export const RENAME_FUNCS: Readonly<Record<string, TemplateFunc>> = {
  pathSegment: {
    params: ["string", "int"],
    result: "string",
    call: ([p, n]) => pathSegment(str(p), n as number),
  },
  pathResource: { params: ["string"], result: "string", call: ([p]) => pathResource(str(p)) },
  pathLast: { params: ["string"], result: "string", call: ([p]) => pathLast(str(p)) },
  pathClean: { params: ["string"], result: "string", call: ([p]) => pathClean(str(p)) },
  firstTag: { params: ["strings"], result: "string", call: ([t]) => list(t)[0] ?? "" },
  joinTags: {
    params: ["strings", "string"],
    result: "string",
    call: ([t, sep], { maxLength }) => {
      const tags = list(t);
      let length = Math.max(0, tags.length - 1) * str(sep).length;
      for (const tag of tags) length += tag.length;
      if (length > maxLength) {
        throw new TemplateLimitError(
          `joinTags result longer than ${maxLength} characters, the output limit of a template`,
        );
      }
      return tags.join(str(sep));
    },
  },
  hasTag: { params: ["strings", "string"], result: "bool", call: ([t, tag]) => list(t).includes(str(tag)) },
  pascalCase: { params: ["string"], result: "string", call: ([s]) => pascalCase(str(s)) },
  camelCase: { params: ["string"], result: "string", call: ([s]) => camelCase(str(s)) },
  snakeCase: { params: ["string"], result: "string", call: ([s]) => snakeCase(str(s)) },
  kebabCase: { params: ["string"], result: "string", call: ([s]) => kebabCase(str(s)) },
  default: {
    params: ["any"],
    variadic: "any",
    maxArgs: 2,
    result: "any",
    call: (args) => {
      const [fallback, given] = args;
      const value = args.length > 1 ? given : null;
      return isTrue(value) ? value : fallback;
    },
  },
  coalesce: {
    params: [],
    variadic: "any",
    result: "any",
    call: (args) => args.find(isTrue) ?? "",
  },
};
