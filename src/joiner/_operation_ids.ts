/**
 * operationIds across the inputs of a join: an operation of the incoming document whose operationId an
 * operation of the merged document already has is a collision of type `operationId`. Under `fail` it fails the
 * join (with the others); under every other strategy the incoming operation is renamed with the operationId
 * template, and the incoming document's links that name the old id follow.
 *
 * Which strategy applies: the path strategy (operations live in paths), else the default strategy.
 *
 * @module
 */
import { formatPath, formatPosition, type OASVersion, type SourcePosition } from "../core/mod.ts";
import type { Obj } from "../core/json.ts";
import { type KindVisitor, type OasKind, walkDocument } from "../walker/mod.ts";
import {
  compileOperationIdTemplate,
  type OperationIdTemplate,
  type OperationIdValues,
} from "../fixer/mod.ts";
import type { CollisionDetail } from "./join_result.ts";
import type { JoinerConfig } from "./joiner_config.ts";
import { JoinCollisionError } from "./errors.ts";
import { sanitizeSource } from "./naming.ts";
import type { MergeInput, MergeReporter } from "./_merge_types.ts";

/** The placeholder the joiner adds to the fix command's operationId placeholders. */
const SOURCE_PLACEHOLDER = "source";

/** The source named for an operation no input gave (a collision handler's value). */
const UNKNOWN_SOURCE = "the merged document";

/** Further `{n}` values tried when a template's result is taken, before `_2`, `_3`, … suffixes. */
const MAX_N_TRIES = 100;

/** Compiles a join's operationId template (the fixer's placeholders and `{source}`). @throws {UsageError} */
export function compileJoinOperationIdTemplate(template: string): OperationIdTemplate & { usesN: boolean } {
  return compileOperationIdTemplate(template, [SOURCE_PLACEHOLDER]);
}

/** Where an operation came from: its input and its place there. */
interface OperationOrigin {
  input: MergeInput;
  segments: string[];
  method: string;
  enclosing: string;
}

/** Kinds that hold no operation and no link: their subtrees are not walked (schemas are most of a document). */
const NO_OPERATION_OR_LINK: readonly OasKind[] = ["schema", "parameter", "requestBody", "example", "header"];

/** Visitors that skip the subtrees of `kinds`. */
function skipping(kinds: readonly OasKind[]): Partial<Record<OasKind, KindVisitor>> {
  const skip: KindVisitor = (_node, at) => at.skip();
  return Object.fromEntries(kinds.map((k) => [k, skip]));
}

/** Walks the incoming document for operations and links. */
const SKIP_FOR_LINKS = skipping(NO_OPERATION_OR_LINK);
/** Walks the merged document for operations only: responses (which hold links) are not walked either. */
const SKIP_FOR_OPERATIONS = skipping([...NO_OPERATION_OR_LINK, "responses"]);

/** `/users/{id}` → `users_id`. */
function sanitizePath(path: string): string {
  return path.replace(/[^\p{L}\p{Nd}]+/gu, "_").replace(/^_+|_+$/g, "");
}

/** Finds and resolves operationId collisions, one incoming document at a time. */
export class OperationIdChecker {
  /** Collisions resolved by renaming. */
  readonly collisions: CollisionDetail[] = [];
  readonly #config: JoinerConfig;
  readonly #oasVersion: OASVersion;
  readonly #reporter: MergeReporter<MergeInput>;
  readonly #template: ReturnType<typeof compileJoinOperationIdTemplate>;
  readonly #origins = new WeakMap<object, OperationOrigin>();
  #incoming = new Set<object>();
  #links: Obj[] = [];

  constructor(config: JoinerConfig, oasVersion: OASVersion, reporter: MergeReporter<MergeInput>) {
    this.#config = config;
    this.#oasVersion = oasVersion;
    this.#reporter = reporter;
    this.#template = compileJoinOperationIdTemplate(config.operationIdTemplate);
  }

  /** Before `input` is inserted: notes its operations (and where they are) and its links. */
  noteIncoming(input: MergeInput): void {
    const incoming = new Set<object>();
    const links: Obj[] = [];
    walkDocument(input.doc, input.oasVersion, {
      ...SKIP_FOR_LINKS,
      operation: (op, at) => {
        incoming.add(op);
        this.#origins.set(op, {
          input,
          segments: at.path.map(String),
          method: (at.method ?? "").toLowerCase(),
          enclosing: at.enclosingPath ?? "",
        });
      },
      link: (link) => {
        if (typeof link.operationId === "string") links.push(link);
      },
    });
    this.#incoming = incoming;
    this.#links = links;
  }

  /**
   * After `input` was inserted into `merged`: every incoming operation whose id an earlier operation has is a
   * collision, failed (returned) under `fail`, renamed otherwise.
   */
  check(merged: Obj, input: MergeInput): JoinCollisionError[] {
    if (input.index === 0) return [];
    const earlier = new Map<string, object>();
    const taken = new Set<string>();
    const mine: Obj[] = [];
    const seen = new Set<object>();
    walkDocument(merged, this.#oasVersion, {
      ...SKIP_FOR_OPERATIONS,
      operation: (op) => {
        if (seen.has(op) || typeof op.operationId !== "string") return;
        seen.add(op);
        taken.add(op.operationId);
        if (this.#incoming.has(op)) mine.push(op);
        else if (!earlier.has(op.operationId)) earlier.set(op.operationId, op);
      },
    });
    const failures: JoinCollisionError[] = [];
    const strategy = this.#config.pathStrategy ?? this.#config.defaultStrategy;
    const renamed = new Map<string, string>();
    const counts = new Map<string, number>();
    for (const op of mine) {
      const id = op.operationId as string;
      const left = earlier.get(id);
      if (left === undefined) continue;
      const leftOrigin = this.#origins.get(left);
      const rightOrigin = this.#origins.get(op)!;
      if (strategy === "fail") {
        failures.push(this.#failure(id, leftOrigin, rightOrigin));
        continue;
      }
      const n = (counts.get(id) ?? 1) + 1;
      counts.set(id, n);
      const newId = this.#newId(op, id, n, rightOrigin, taken);
      taken.add(newId);
      op.operationId = newId;
      if (!renamed.has(id)) renamed.set(id, newId);
      const segments = [...rightOrigin.segments, "operationId"];
      this.#reporter.warn(
        "rename",
        segments,
        `operationId '${id}' collision: right renamed to '${newId}' in ${rightOrigin.input.source}${
          this.#positions(leftOrigin, rightOrigin)
        }`,
        this.#reporter.position(rightOrigin.input, segments),
      );
      this.collisions.push({
        type: "operationId",
        name: id,
        jsonPath: formatPath(segments, "jsonpath"),
        sources: [leftOrigin?.input.source ?? UNKNOWN_SOURCE, input.source],
        resolution: "rename-right",
        newName: newId,
        byHandler: false,
      });
    }
    // The incoming document's links name its own operations: they follow the renames.
    for (const link of this.#links) {
      const to = renamed.get(link.operationId as string);
      if (to !== undefined) link.operationId = to;
    }
    return failures;
  }

  #newId(op: Obj, id: string, n: number, origin: OperationOrigin, taken: ReadonlySet<string>): string {
    const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === "string") : [];
    const values = (k: number): OperationIdValues & Record<string, string> => ({
      operationId: id,
      method: origin.method,
      path: sanitizePath(origin.enclosing),
      tag: tags[0] ?? "",
      tags: tags.join("_"),
      n: String(k),
      [SOURCE_PLACEHOLDER]: sanitizeSource(origin.input.source) || String(origin.input.index),
    });
    let k = n;
    let candidate = this.#template(values(k)) || `${id}_${origin.input.index}`;
    if (this.#template.usesN) {
      for (let i = 0; i < MAX_N_TRIES && taken.has(candidate); i++) candidate = this.#template(values(++k));
    }
    const base = candidate;
    for (let s = 2; taken.has(candidate); s++) candidate = `${base}_${s}`;
    return candidate;
  }

  /** `file:line:column` with source maps, else the source and the place in it. */
  #where(origin: OperationOrigin | undefined): string {
    if (origin === undefined) return `${UNKNOWN_SOURCE} (a collision handler's value)`;
    const at = this.#reporter.position(origin.input, [...origin.segments, "operationId"]);
    return at ? formatPosition(at) : `${origin.input.source} (${formatPath(origin.segments)})`;
  }

  #positions(left: OperationOrigin | undefined, right: OperationOrigin): string {
    const seg = (o: OperationOrigin) => [...o.segments, "operationId"];
    const l = left && this.#reporter.position(left.input, seg(left));
    const r = this.#reporter.position(right.input, seg(right));
    return l && r ? ` (${formatPosition(l)} and ${formatPosition(r)})` : "";
  }

  #failure(id: string, left: OperationOrigin | undefined, right: OperationOrigin): JoinCollisionError {
    const position = (o: OperationOrigin | undefined): SourcePosition | undefined =>
      o && this.#reporter.failurePosition(o.input, [...o.segments, "operationId"]);
    const leftAt = position(left);
    const rightAt = position(right);
    return new JoinCollisionError(
      `operationId collision: '${id}' defined in ${this.#where(left)} and ${
        this.#where(right)
      }; set a path ` +
        `strategy other than fail (the later operation is then renamed with the operationId template), or change the ` +
        `operationId in one of the documents.`,
      {
        type: "operationId",
        name: id,
        jsonPath: formatPath([...right.segments, "operationId"], "jsonpath"),
        leftSource: left?.input.source ?? UNKNOWN_SOURCE,
        rightSource: right.input.source,
        ...(leftAt ? { leftLocation: leftAt } : {}),
        ...(rightAt ? { rightLocation: rightAt } : {}),
      },
    );
  }
}
