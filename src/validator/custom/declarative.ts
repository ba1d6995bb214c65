/**
 * Declarative rules (the policy file's `given`/`then`, Spectral's shape) as {@link Rule}s: after the walk, each
 * `given` JSONPath is evaluated on the root document (RFC 9535, our engine, within its node budget), each `then`
 * applied to the selected nodes, and each failure reported with the rule's message, its placeholders filled in
 * (escaped and bounded).
 *
 * @module
 */
import { formatPath, treeSize } from "../../core/mod.ts";
import { MAX_MESSAGE_CHARS, shorten } from "../../core/bounded_text.ts";
import { normalizeJsonPath, type RuleFunction, type RuleSetting } from "../../config/mod.ts";
import { queryJsonPath } from "../../jsonpath/mod.ts";
import type { Rule, RuleContext } from "../rule.ts";
import { CHECK_FUNCTIONS } from "./functions.ts";
import { markCustom } from "./guard.ts";
import { escapeText } from "../../core/escape.ts";

/** One `then` of a declarative rule. */
interface Then {
  field?: string;
  function: RuleFunction;
  functionOptions?: Record<string, unknown>;
}

/** A value checked: where it is (in the root file), its name, and whether it exists. */
interface Target {
  segments: (string | number)[];
  property: string | number | undefined;
  value: unknown;
}

/** Longest text one placeholder is replaced with. */
const MAX_PLACEHOLDER_CHARS = 200;

const sizes = new WeakMap<object, number>();

/** Number of values of the document (for the JSONPath budget), measured once per document. */
function sizeOf(document: Record<string, unknown>): number {
  let n = sizes.get(document);
  if (n === undefined) {
    n = treeSize(document).nodes;
    sizes.set(document, n);
  }
  return n;
}

/** A value as a message shows it: a string as it is, another scalar as JSON, an object or list by its size. */
function valueText(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return `a list of ${value.length} item(s)`;
  if (value !== null && typeof value === "object") return `an object of ${Object.keys(value).length} key(s)`;
  return JSON.stringify(value);
}

/** The message with its placeholders replaced (one pass: a value holding `{{…}}` is not expanded again). */
export function fillMessage(template: string, values: Record<string, () => string>): string {
  const filled = template.replace(/\{\{\s*([a-z]+)\s*\}\}/g, (whole, name: string) => {
    const v = Object.hasOwn(values, name) ? values[name] : undefined;
    return v === undefined ? whole : escapeText(shorten(v(), MAX_PLACEHOLDER_CHARS));
  });
  return shorten(filled, MAX_MESSAGE_CHARS);
}

function isReference(value: unknown): value is { $ref: string } {
  return value !== null && typeof value === "object" &&
    typeof (value as Record<string, unknown>).$ref === "string";
}

/** The values a `then` checks on one selected node. */
function targetsOf(
  ctx: RuleContext,
  segments: (string | number)[],
  value: unknown,
  field?: string,
): Target[] {
  // A selected Reference Object is checked as its target (in Spectral's resolved view), placed where it is written.
  const node = isReference(value) ? ctx.resolve(value, ctx.rootFile, segments)?.value : value;
  const last = segments.at(-1);
  if (field === undefined) return [{ segments, property: last, value: node }];
  if (field === "@key") {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return [];
    return Object.keys(node).map((k) => ({ segments: [...segments, k], property: k, value: k }));
  }
  if (field.startsWith("$")) {
    if (node === null || typeof node !== "object") return [{ segments, property: field, value: undefined }];
    const found = queryJsonPath(node, normalizeJsonPath(field), { documentSize: treeSize(node).nodes });
    if (found.length === 0) return [{ segments, property: field, value: undefined }];
    return found.map((n) => {
      const rest = n.segments();
      return { segments: [...segments, ...rest], property: rest.at(-1) ?? last, value: n.value };
    });
  }
  const v = node !== null && typeof node === "object" && Object.hasOwn(node, field)
    ? (node as Record<string, unknown>)[field]
    : undefined;
  // A missing field is reported at the node that lacks it.
  return [{ segments: v === undefined ? segments : [...segments, field], property: field, value: v }];
}

/**
 * A declarative rule of the policy file as a {@link Rule}. `where` says where it was written
 * (`oatool.yaml:12:3`), for the message of a rule that fails.
 */
export function declarativeRule(id: string, setting: RuleSetting, where?: string): Rule {
  const d = setting.declarative ?? {};
  const given = (typeof d.given === "string" ? [d.given] : d.given as string[]).map(normalizeJsonPath);
  const thens = (Array.isArray(d.then) ? d.then : [d.then]) as Then[];
  const description = typeof d.description === "string" ? d.description : `Declarative rule ${id}`;
  const template = typeof d.message === "string" ? d.message : "{{error}}";
  const rule: Rule = {
    id,
    severity: setting.severity === "error" ? "error" : "warning",
    description,
    anchor: "",
    create(ctx) {
      return {
        done() {
          const document = ctx.document;
          const documentSize = sizeOf(document);
          for (const query of given) {
            for (const node of queryJsonPath(document, query, { documentSize })) {
              const segments = node.segments();
              for (const then of thens) {
                for (const t of targetsOf(ctx, segments, node.value, then.field)) {
                  const label = t.property === undefined ? "the document" : `"${t.property}"`;
                  const error = CHECK_FUNCTIONS[then.function](t.value, then.functionOptions ?? {}, label);
                  if (error === undefined) continue;
                  const message = fillMessage(template, {
                    path: () => formatPath(t.segments),
                    property: () => t.property === undefined ? "" : String(t.property),
                    value: () => valueText(t.value),
                    error: () => error,
                    description: () => description,
                  });
                  ctx.report(t.segments, message, { file: ctx.rootFile });
                }
              }
            }
          }
        },
      };
    },
  };
  return markCustom(rule, `the policy file's rules${where === undefined ? "" : ` (${where})`}`);
}
