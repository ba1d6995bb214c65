/** Structural check of an Overlay document, shared by validation and application. */
import { type Finding, finding } from "../core/mod.ts";
import { isObject } from "../core/json.ts";
import { type JsonPathQuery, JsonPathSyntaxError, parseJsonPath } from "../jsonpath/mod.ts";
import type { OverlayActionKind } from "./overlay_document.ts";

/** An action as checked: its kind and parsed queries. */
export interface CheckedAction {
  kind: OverlayActionKind;
  target: string;
  targetQuery: JsonPathQuery;
  copy?: string;
  copyQuery?: JsonPathQuery;
  description?: string;
}

/** Result of {@link checkOverlay}. */
export interface OverlayCheck {
  errors: Finding[];
  /** The `overlay` field when it is a string. */
  version?: string;
  /** Minor version (0 or 1) when the version is supported. */
  minor?: number;
  title?: string;
  infoVersion?: string;
  extends?: string;
  actionCount: number;
  /** The actions, when there are no errors. */
  actions: CheckedAction[];
}

const TOP_FIELDS = new Set(["overlay", "info", "extends", "actions"]);
const INFO_FIELDS_10 = new Set(["title", "version"]);
const INFO_FIELDS_11 = new Set(["title", "version", "description"]);
const ACTION_FIELDS_10 = new Set(["target", "description", "update", "remove"]);
const ACTION_FIELDS_11 = new Set(["target", "description", "update", "remove", "copy"]);

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** Checks an Overlay document against the rules of the version it declares. Never throws. */
export function checkOverlay(overlay: unknown): OverlayCheck {
  const errors: Finding[] = [];
  const error = (segments: (string | number)[], message: string) => {
    errors.push(finding("error", segments, message));
  };
  const result: OverlayCheck = { errors, actionCount: 0, actions: [] };
  if (!isObject(overlay)) {
    error([], `an Overlay document must be an object, found ${describeType(overlay)}`);
    return result;
  }

  // overlay (version)
  let minor = 1; // rules used when the version is missing or unsupported
  if (!("overlay" in overlay)) {
    error(
      ["overlay"],
      "required field is missing; add the Overlay Specification version, such as overlay: 1.1.0",
    );
  } else if (typeof overlay.overlay !== "string") {
    error(
      ["overlay"],
      `must be a string such as "1.1.0", found ${describeType(overlay.overlay)} (quote it in YAML)`,
    );
  } else {
    result.version = overlay.overlay;
    const m = /^1\.([01])\.\d+$/.exec(overlay.overlay);
    if (m === null) {
      error(
        ["overlay"],
        `unsupported Overlay version ${
          JSON.stringify(overlay.overlay)
        }; supported versions are 1.0.x and 1.1.x`,
      );
    } else {
      minor = Number(m[1]);
      result.minor = minor;
    }
  }
  const checkUnknown = (object: Record<string, unknown>, at: (string | number)[], known: Set<string>) => {
    for (const key of Object.keys(object)) {
      if (known.has(key) || key.startsWith("x-")) continue;
      const hint = key === "copy" && minor === 0
        ? "copy is defined from Overlay 1.1.0 on; set overlay: 1.1.0 to use it"
        : `allowed fields are ${[...known].join(", ")} and x- extensions`;
      error([...at, key], `unknown field ${JSON.stringify(key)}; ${hint}`);
    }
  };
  checkUnknown(overlay, [], TOP_FIELDS);

  // info
  if (!("info" in overlay)) {
    error(["info"], "required field is missing; add info with title and version");
  } else if (!isObject(overlay.info)) {
    error(["info"], `must be an object with title and version, found ${describeType(overlay.info)}`);
  } else {
    const info = overlay.info;
    for (const field of ["title", "version"] as const) {
      if (!(field in info)) error(["info", field], "required field is missing");
      else if (typeof info[field] !== "string") {
        error(["info", field], `must be a string, found ${describeType(info[field])}`);
      }
    }
    if (typeof info.title === "string") result.title = info.title;
    if (typeof info.version === "string") result.infoVersion = info.version;
    if ("description" in info && minor === 1 && typeof info.description !== "string") {
      error(["info", "description"], `must be a string, found ${describeType(info.description)}`);
    }
    checkUnknown(info, ["info"], minor === 0 ? INFO_FIELDS_10 : INFO_FIELDS_11);
  }

  // extends
  if ("extends" in overlay) {
    if (typeof overlay.extends === "string") result.extends = overlay.extends;
    else error(["extends"], `must be a URI reference string, found ${describeType(overlay.extends)}`);
  }

  // actions
  if (!("actions" in overlay)) {
    error(["actions"], "required field is missing; add a list of at least one action");
    return result;
  }
  if (!Array.isArray(overlay.actions)) {
    error(["actions"], `must be a list of actions, found ${describeType(overlay.actions)}`);
    return result;
  }
  const actions = overlay.actions as unknown[];
  result.actionCount = actions.length;
  if (actions.length === 0) error(["actions"], "must contain at least one action");
  const checked: CheckedAction[] = [];
  actions.forEach((action, i) => {
    const at = ["actions", i];
    if (!isObject(action)) {
      error(at, `must be an object with a target, found ${describeType(action)}`);
      return;
    }
    checkUnknown(action, at, minor === 0 ? ACTION_FIELDS_10 : ACTION_FIELDS_11);
    let targetQuery: JsonPathQuery | undefined;
    if (!("target" in action)) {
      error([...at, "target"], "required field is missing; add a JSONPath expression such as $.info");
    } else if (typeof action.target !== "string") {
      error([...at, "target"], `must be a JSONPath string, found ${describeType(action.target)}`);
    } else {
      targetQuery = parseQuery(action.target, [...at, "target"], error);
    }
    if ("description" in action && typeof action.description !== "string") {
      error([...at, "description"], `must be a string, found ${describeType(action.description)}`);
    }
    if ("remove" in action && typeof action.remove !== "boolean") {
      error([...at, "remove"], `must be true or false, found ${describeType(action.remove)}`);
    }
    let copyQuery: JsonPathQuery | undefined;
    const hasCopy = minor === 1 && "copy" in action;
    if (hasCopy) {
      if (typeof action.copy !== "string") {
        error([...at, "copy"], `must be a JSONPath string, found ${describeType(action.copy)}`);
      } else {
        copyQuery = parseQuery(action.copy, [...at, "copy"], error);
      }
    }
    const kinds: OverlayActionKind[] = [];
    if ("update" in action) kinds.push("update");
    if (action.remove === true) kinds.push("remove");
    if (hasCopy) kinds.push("copy");
    const allowed = minor === 0 ? "update or remove: true" : "update, remove: true or copy";
    if (kinds.length === 0) {
      error(at, `has no change to make; give exactly one of ${allowed}`);
    } else if (kinds.length > 1) {
      error(at, `has both ${kinds.join(" and ")}; give exactly one of ${allowed}`);
    } else if (targetQuery !== undefined && (kinds[0] !== "copy" || copyQuery !== undefined)) {
      const entry: CheckedAction = { kind: kinds[0], target: action.target as string, targetQuery };
      if (copyQuery !== undefined) {
        entry.copy = action.copy as string;
        entry.copyQuery = copyQuery;
      }
      if (typeof action.description === "string") entry.description = action.description;
      checked.push(entry);
    }
  });
  if (errors.length === 0) result.actions = checked;
  return result;
}

function parseQuery(
  text: string,
  at: (string | number)[],
  error: (segments: (string | number)[], message: string) => void,
): JsonPathQuery | undefined {
  try {
    return parseJsonPath(text);
  } catch (e) {
    if (e instanceof JsonPathSyntaxError) {
      error(at, e.message);
      return undefined;
    }
    throw e;
  }
}
