import type { OASVersion } from "./version.ts";
import { type Finding, finding } from "./finding.ts";
import { isObject } from "./json.ts";

/**
 * The basic structure checks done while parsing: `info` with `title` and `version`, `paths` an object whose keys
 * start with `/`, and (3.0) `paths` present. Full validation is the validator's job.
 */
export function checkStructure(doc: Record<string, unknown>, oasVersion: OASVersion): Finding[] {
  const out: Finding[] = [];
  const rule = "structure";
  const info = doc.info;
  if (info === undefined) {
    out.push(
      finding("error", ["info"], 'the document has no "info" object; add one with title and version.', {
        rule,
      }),
    );
  } else if (!isObject(info)) {
    out.push(finding("error", ["info"], '"info" must be an object with title and version.', { rule }));
  } else {
    if (typeof info.title !== "string") {
      out.push(
        finding(
          "error",
          ["info", "title"],
          info.title === undefined
            ? '"info.title" is missing; add the API\'s title.'
            : '"info.title" must be a string.',
          { rule },
        ),
      );
    }
    if (typeof info.version !== "string") {
      out.push(
        finding(
          "error",
          ["info", "version"],
          info.version === undefined
            ? '"info.version" is missing; add the API\'s version as a string.'
            : `"info.version" must be a string, not ${JSON.stringify(info.version)}; quote it.`,
          { rule },
        ),
      );
    }
  }
  const paths = doc.paths;
  if (paths === undefined) {
    if (oasVersion === "2.0" || oasVersion === "3.0") {
      out.push(
        finding(
          "error",
          ["paths"],
          `an OpenAPI ${oasVersion} document needs a "paths" object (it may be empty).`,
          { rule },
        ),
      );
    } else if (doc.webhooks === undefined && doc.components === undefined) {
      out.push(
        finding(
          "error",
          [],
          `an OpenAPI ${oasVersion} document needs at least one of "paths", "webhooks" or "components".`,
          { rule },
        ),
      );
    }
  } else if (!isObject(paths)) {
    out.push(finding("error", ["paths"], '"paths" must be an object mapping paths to Path Items.', { rule }));
  } else {
    for (const key of Object.keys(paths)) {
      if (key.startsWith("x-")) continue;
      if (!key.startsWith("/")) {
        out.push(finding("error", ["paths", key], `path "${key}" must start with "/".`, { rule }));
      } else if (!isObject(paths[key])) {
        out.push(finding("error", ["paths", key], `path "${key}" must be a Path Item object.`, { rule }));
      }
    }
  }
  return out;
}
