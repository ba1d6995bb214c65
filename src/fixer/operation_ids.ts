/**
 * `--fix-duplicate-operationids`: the first operation with an operationId keeps it; every later one (in paths,
 * webhooks, callbacks and component Path Items, in document order) is renamed by the operationId template.
 * A Link whose `operationId` names a renamed id and that sits in the same Path Item as the renamed operation
 * (and not in the one of the operation that kept the id) is rewritten to the new id.
 *
 * Template placeholders: `{operationId}`, `{method}` (lower case), `{path}` (the path with each run of
 * characters other than letters and digits replaced by `_`), `{tag}` (first tag), `{tags}` (all tags joined by
 * `_`), `{n}` (the occurrence: 2 for the second, 3 for the third, …); each may end in a case modifier `:pascal`,
 * `:camel`, `:snake`, `:kebab`, `:upper` or `:lower`. A result that is empty falls back to `{operationId}{n}`;
 * one that is taken tries the next `{n}` (templates with `{n}`) or appends `_2`, `_3`, … — with a warning.
 * An empty operationId is missing, not a duplicate: it is generated from {@link MISSING_OPERATION_ID_TEMPLATE}
 * (also unique), and the fix says so.
 *
 * @module
 */
import { formatPath, UsageError } from "../core/mod.ts";
import { parseTemplate } from "../core/path_template.ts";
import { CASE_STYLES, type CaseStyle, convertCase } from "../template/mod.ts";
import { type FixContext, type FixStep, q } from "./_context.ts";

/** The default operationId template: the original id followed by the occurrence (`getUser2`). */
export const DEFAULT_OPERATION_ID_TEMPLATE = "{operationId}{n}";

/** The placeholders of operationId templates. */
export const OPERATION_ID_PLACEHOLDERS: readonly string[] = [
  "operationId",
  "method",
  "path",
  "tag",
  "tags",
  "n",
];

/**
 * The template for operations whose operationId is empty: an empty id is missing, not a duplicate, so it is
 * made from the method and path (`get /users/{id}` → `getUsersId`), whatever the template for duplicates.
 */
export const MISSING_OPERATION_ID_TEMPLATE = "{method}{path:pascal}";

/** Further values of `{n}` tried when a template's result is taken, before suffixes. */
const MAX_N_TRIES = 100;

type Part = string | { name: string; style?: CaseStyle };

/** The values of the placeholders for one operation. */
export interface OperationIdValues {
  /** The original operationId. */
  operationId: string;
  /** The HTTP method, lower case. */
  method: string;
  /** The path (or webhook name, callback expression) with each run of other characters than letters and digits as `_`. */
  path: string;
  /** The first tag, or `""`. */
  tag: string;
  /** All tags joined by `_`. */
  tags: string;
  /** The occurrence of the id: 2 for the second, 3 for the third, …. */
  n: string;
}

/** A compiled operationId template. */
export type OperationIdTemplate = (values: OperationIdValues) => string;

/**
 * Compiles an operationId template. `extra` names further placeholders a caller fills in (the joiner's
 * `{source}`): their values are passed along with the {@link OperationIdValues}.
 *
 * @throws {UsageError} for an unknown placeholder or modifier, or an unclosed brace.
 */
export function compileOperationIdTemplate(
  template: string,
  extra: readonly string[] = [],
): OperationIdTemplate & { usesN: boolean } {
  const names = [...OPERATION_ID_PLACEHOLDERS, ...extra];
  const listed = `${names.slice(0, -1).map((n) => `{${n}}`).join(", ")} or {${names[names.length - 1]}}`;
  const parts: Part[] = [];
  let usesN = false;
  for (const part of parseTemplate(template)) {
    if (part.kind === "text") {
      parts.push(part.text);
      continue;
    }
    if (part.kind === "brace") {
      throw new UsageError(
        `the operationId template ${q(template)} has an unmatched "${part.brace}" at offset ${part.start}; ` +
          `write placeholders as ${listed}.`,
      );
    }
    const [name, style, extra] = part.name.split(":");
    if (!names.includes(name)) {
      throw new UsageError(
        `the operationId template ${q(template)} has the unknown placeholder {${part.name}}; use ${listed}.`,
      );
    }
    if (extra !== undefined || (style !== undefined && !Object.hasOwn(CASE_STYLES, style))) {
      throw new UsageError(
        `the operationId template ${q(template)} has the unknown modifier in {${part.name}}; ` +
          `use :${Object.keys(CASE_STYLES).join(", :")}.`,
      );
    }
    if (name === "n") usesN = true;
    parts.push({ name, style: style as CaseStyle | undefined });
  }
  const fn = (values: OperationIdValues): string => {
    let out = "";
    for (const p of parts) {
      if (typeof p === "string") out += p;
      else {
        const v = values[p.name as keyof OperationIdValues];
        out += p.style === undefined ? v : convertCase(v, p.style);
      }
    }
    return out;
  };
  return Object.assign(fn, { usesN });
}

/** `/users/{id}/posts` → `users_id_posts`. */
function sanitizePath(path: string): string {
  return path.replace(/[^\p{L}\p{Nd}]+/gu, "_").replace(/^_+|_+$/g, "");
}

interface Occurrence {
  op: Record<string, unknown>;
  path: (string | number)[];
  id: string;
  method: string;
  enclosing: string;
}

interface Link {
  link: Record<string, unknown>;
  path: (string | number)[];
  enclosing: string;
}

/** Renames duplicate operationIds and the links that name them (a step of the shared walk). */
export function fixDuplicateOperationIds(ctx: FixContext): FixStep {
  const template = compileOperationIdTemplate(
    ctx.options.operationIdTemplate ?? DEFAULT_OPERATION_ID_TEMPLATE,
  );
  const ops: Occurrence[] = [];
  const links: Link[] = [];
  const seen = new Set<object>();
  const visitors: FixStep["visitors"] = {
    operation(op, at) {
      if (typeof op.operationId !== "string" || seen.has(op)) return;
      seen.add(op);
      ops.push({
        op,
        path: [...at.path],
        id: op.operationId,
        method: (at.method ?? "").toLowerCase(),
        enclosing: at.enclosingPath ?? "",
      });
    },
    link(link, at) {
      if (typeof link.operationId === "string" && at.enclosingPath !== undefined) {
        links.push({ link, path: [...at.path], enclosing: at.enclosingPath });
      }
    },
  };
  return { visitors, apply: () => rename(ctx, template, ops, links) };
}

function rename(
  ctx: FixContext,
  template: ReturnType<typeof compileOperationIdTemplate>,
  ops: readonly Occurrence[],
  links: readonly Link[],
): void {
  const taken = new Set(ops.map((o) => o.id));
  taken.delete("");
  const nextSuffix = new Map<string, number>();
  const free = (want: string): string => {
    if (!taken.has(want)) return want;
    let k = nextSuffix.get(want) ?? 2;
    while (taken.has(`${want}_${k}`)) k++;
    nextSuffix.set(want, k + 1);
    return `${want}_${k}`;
  };
  const missing = compileOperationIdTemplate(MISSING_OPERATION_ID_TEMPLATE);
  for (const o of ops) {
    if (o.id !== "") continue;
    const made = missing({
      operationId: "",
      method: o.method,
      path: sanitizePath(o.enclosing),
      tag: "",
      tags: "",
      n: "",
    });
    const id = free(made === "" ? "operation" : made);
    taken.add(id);
    o.op.operationId = id;
    ctx.add(
      "duplicate-operation-id",
      [...o.path, "operationId"],
      `the operationId was empty, which is missing rather than a duplicate: generated ${
        q(id)
      } from the method and ` +
        `path (${MISSING_OPERATION_ID_TEMPLATE}).`,
      { before: "", after: id },
    );
  }
  const first = new Map<string, Occurrence>();
  const count = new Map<string, number>();
  // Path Item and old id → the new ids of operations renamed there.
  const renamedAt = new Map<string, string[]>();
  for (const o of ops) {
    if (o.id === "") continue;
    const kept = first.get(o.id);
    if (kept === undefined) {
      first.set(o.id, o);
      continue;
    }
    let n = (count.get(o.id) ?? 1) + 1;
    count.set(o.id, n);
    const tags = Array.isArray(o.op.tags) ? o.op.tags.filter((t): t is string => typeof t === "string") : [];
    const values = (): OperationIdValues => ({
      operationId: o.id,
      method: o.method,
      path: sanitizePath(o.enclosing),
      tag: tags[0] ?? "",
      tags: tags.join("_"),
      n: String(n),
    });
    const generated = template(values());
    let id = generated;
    const notes: string[] = [];
    if (id === "") {
      id = `${o.id}${n}`;
      notes.push(`the template gave an empty id; used ${q(id)}`);
    }
    if (taken.has(id)) {
      const was = id;
      // A few more values of {n}, then suffixes counted on from the last one used for this id: linear overall.
      if (template.usesN && generated !== "") {
        for (let i = 0; i < MAX_N_TRIES && taken.has(id); i++) id = template({ ...values(), n: String(++n) });
      }
      if (taken.has(id)) id = free(was);
      notes.push(`${q(was)} is already taken; used ${q(id)}`);
    }
    if (notes.length > 0) {
      ctx.warn(
        [...o.path, "operationId"],
        `operationId template for the duplicate ${q(o.id)}: ${notes.join("; ")}.`,
        "operationid-template-fallback",
      );
    }
    taken.add(id);
    o.op.operationId = id;
    ctx.add(
      "duplicate-operation-id",
      [...o.path, "operationId"],
      `renamed the duplicate operationId ${q(o.id)} to ${q(id)} (${q(o.id)} stays with ${
        formatPath(kept.path)
      }).`,
      { before: o.id, after: id },
    );
    if (kept.enclosing !== o.enclosing || kept.path[0] !== o.path[0]) {
      const key = `${o.path[0]}\0${o.enclosing}\0${o.id}`;
      const list = renamedAt.get(key) ?? [];
      list.push(id);
      renamedAt.set(key, list);
    }
  }
  for (const l of links) {
    const old = l.link.operationId as string;
    const key = `${l.path[0]}\0${l.enclosing}\0${old}`;
    const renamed = renamedAt.get(key);
    // Rewritten only when the Path Item holds exactly one renamed operation with that id and not the kept one.
    if (renamed === undefined || renamed.length !== 1) continue;
    const kept = first.get(old)!;
    if (kept.enclosing === l.enclosing && kept.path[0] === l.path[0]) continue;
    l.link.operationId = renamed[0];
    ctx.add(
      "link-operation-id",
      [...l.path, "operationId"],
      `pointed the link at the renamed operation: operationId ${q(old)} is now ${q(renamed[0])}.`,
      { before: old, after: renamed[0] },
    );
  }
}
