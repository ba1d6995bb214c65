/**
 * Document-level fields of a join (everything outside the component maps and paths): the first document's
 * value wins with a warning for later different ones; `servers`, `tags` and top-level `security` are merged
 * (unless `mergeArrays` is off); 2.0 `host`/`basePath` and `schemes`/`consumes`/`produces` have their own rules.
 *
 * @module
 */
import { ValueSet } from "../core/canonical_key.ts";
import { formatPath, formatPosition } from "../core/mod.ts";
import { sampleList } from "../core/bounded_text.ts";
import { isObject, setMember } from "../core/json.ts";
import type { JoinerConfig } from "./joiner_config.ts";
import { ensureMapAt, equal } from "./_merge_tree.ts";
import type { Obj } from "../core/json.ts";
import type { MergeReporter } from "./_merge_types.ts";

/** The part of an input the field rules read. */
export interface FieldInput {
  /** Position in the list of inputs (0: the first document). */
  index: number;
  /** Name of the source, for messages. */
  source: string;
  /** The (renamed) document. */
  doc: Obj;
}

/** The merged document's document-level fields and where each came from. */
export class DocumentFields<I extends FieldInput> {
  /** The document that wrote each field, by pointer (`/openapi`, `/security`). */
  readonly origins: Map<string, I> = new Map();
  readonly #merged: Obj;
  readonly #config: JoinerConfig;
  readonly #reporter: MergeReporter<I>;
  /** The input that gave each tag the result keeps. */
  readonly #tagSources = new Map<string, I>();

  constructor(merged: Obj, config: JoinerConfig, reporter: MergeReporter<I>) {
    this.#merged = merged;
    this.#config = config;
    this.#reporter = reporter;
  }

  /** Document-level fields: the first document that has one wins; a later different value is a warning. */
  firstWins(input: I, segments: readonly string[], value: unknown): void {
    const parent = segments.length === 1 ? this.#merged : ensureMapAt(this.#merged, segments.slice(0, -1));
    const key = segments[segments.length - 1];
    const pointer = "/" + segments.join("/");
    if (!Object.hasOwn(parent, key)) {
      setMember(parent, key, value);
      this.origins.set(pointer, input);
      return;
    }
    if (input.index === 0 || equal(parent[key], value)) return;
    const from = this.origins.get(pointer);
    this.#reporter.warn(
      "metadata",
      segments,
      `${formatPath(segments)} of ${input.source} differs from the result's; the value from ` +
        `${from?.source ?? "the first document"} is kept${this.at(input, segments, from)}${
          droppedEntries(parent[key], value)
        }`,
      this.#reporter.position(input, segments),
    );
  }

  /** ` (<left position> and <right position>)` with source maps; only the right one when there is no left. */
  at(input: I, segments: readonly string[], left?: I): string {
    const pos = this.#reporter.position(input, segments);
    if (pos === undefined) return "";
    const leftPos = left === undefined || left === input
      ? undefined
      : this.#reporter.position(left, segments);
    return leftPos ? ` (${formatPosition(leftPos)} and ${formatPosition(pos)})` : ` (${formatPosition(pos)})`;
  }

  /** 2.0 `host` / `basePath`: the first document's is kept; a different one is a warning saying what follows. */
  mergeServerField(input: I, key: "host" | "basePath", value: unknown): void {
    const merged = this.#merged;
    if (input.index === 0) {
      this.firstWins(input, [key], value);
      return;
    }
    const from = this.origins.get("/" + key);
    if (!Object.hasOwn(merged, key)) {
      setMember(merged, key, value);
      this.origins.set("/" + key, input);
      this.#reporter.warn(
        "metadata",
        [key],
        `${key} '${
          String(value)
        }' of ${input.source} now applies to the whole result (the earlier documents had ` +
          `none)${this.at(input, [key])}`,
        this.#reporter.position(input, [key]),
      );
      return;
    }
    if (merged[key] === value) return;
    const kept = String(merged[key]);
    const consequence = key === "host"
      ? `so ${input.source}'s operations are described as served by '${kept}'`
      : `so ${input.source}'s paths are now under '${kept}'; give the inputs the same basePath, or move the ` +
        `difference into ${input.source}'s paths, before joining`;
    this.#reporter.warn(
      "metadata",
      [key],
      `${key} '${String(value)}' of ${input.source} is ignored: the result keeps ${key} '${kept}' (from ` +
        `${from?.source ?? "the first document"}), ${consequence}${this.at(input, [key], from)}`,
      this.#reporter.position(input, [key]),
    );
  }

  /** `servers`, `tags`, top-level `security`: merged unless `mergeArrays` is off; tags deduplicated by name. */
  mergeArray(input: I, key: "servers" | "tags" | "security", value: unknown[]): void {
    const merged = this.#merged;
    if (input.index > 0 && !this.#config.mergeArrays) return;
    let list = merged[key];
    if (!Array.isArray(list)) {
      list = [];
      setMember(merged, key, list);
      this.origins.set("/" + key, input);
    }
    const out = list as unknown[];
    // What the list holds, as sets (one look-up per item, not a comparison with every item before it).
    const names = new Map<unknown, unknown>();
    const values = new ValueSet();
    for (const x of out) {
      if (isObject(x) && !names.has(x.name)) names.set(x.name, x);
      values.add(x);
    }
    for (const item of value) {
      if (key === "tags" && this.#config.deduplicateTags && isObject(item) && typeof item.name === "string") {
        const kept = names.get(item.name);
        if (kept === undefined) {
          names.set(item.name, item);
          this.#tagSources.set(item.name, input);
          out.push(item);
        } else if (isObject(kept) && kept.description !== item.description) {
          this.#warnTag(input, item.name, kept, item);
        }
        continue;
      }
      if (key === "tags" || input.index === 0 || !values.has(item)) {
        out.push(item);
        values.add(item);
        if (isObject(item) && !names.has(item.name)) names.set(item.name, item);
      }
    }
  }

  /** A tag defined again with another description: the first is kept, with a warning naming both sources. */
  #warnTag(input: I, name: string, kept: Obj, item: Obj): void {
    const from = this.#tagSources.get(name);
    const describe = (v: unknown) => v === undefined ? "no description" : `description ${JSON.stringify(v)}`;
    const show = (v: unknown) => {
      const text = describe(v);
      return text.length > 80 ? `${text.slice(0, 77)}…` : text;
    };
    this.#reporter.warn(
      "metadata",
      ["tags"],
      `tag '${name}' of ${input.source} has ${
        show(item.description)
      }, but the result keeps the first one's ` +
        `(${show(kept.description)}${from ? `, from ${from.source}` : ""})`,
      this.#reporter.position(input, ["tags"]),
    );
  }

  /** Warns when a later document's top-level security differs from the result's before it was merged. */
  checkSecurity(input: I, before: unknown): void {
    const mine = Array.isArray(input.doc.security) ? input.doc.security : [];
    const theirs = Array.isArray(before) ? before : [];
    const mineSet = new ValueSet(mine);
    const theirSet = new ValueSet(theirs);
    const same = mine.length === theirs.length && mine.every((r) => theirSet.has(r)) &&
      theirs.every((t) => mineSet.has(t));
    if (same) return;
    this.#reporter.warn(
      "security",
      ["security"],
      `the top-level security of ${input.source} differs from the result's; ${
        this.#config.mergeArrays
          ? "the merged requirements now apply to the operations of every joined document"
          : "the result keeps the first document's, which now applies to its operations too"
      }; set security on the operations where it must differ${
        this.at(input, ["security"], this.origins.get("/security"))
      }`,
      this.#reporter.position(input, ["security"]),
    );
  }

  /** 2.0 `schemes`, `consumes`, `produces`: the union, with a warning when a document's set differs. */
  mergeStringSet(input: I, key: string, value: unknown[]): void {
    const merged = this.#merged;
    if (input.index === 0 || !Object.hasOwn(merged, key) || !Array.isArray(merged[key])) {
      if (input.index === 0 || this.#config.mergeArrays) this.firstWins(input, [key], [...value]);
      return;
    }
    const list = merged[key] as unknown[];
    const before = [...list];
    if (this.#config.mergeArrays) {
      for (const v of value) if (!list.includes(v)) list.push(v);
    }
    const differs = value.some((v) => !before.includes(v)) || before.some((v) => !value.includes(v));
    if (!differs) return;
    this.#reporter.warn(
      "metadata",
      [key],
      `${key} of ${input.source} (${value.join(", ")}) differ from the result's (${before.join(", ")}); ${
        this.#config.mergeArrays
          ? `the result has their union (${list.join(", ")}), which applies to every operation`
          : "the result keeps the first document's"
      }${this.at(input, [key], this.origins.get("/" + key))}`,
      this.#reporter.position(input, [key]),
    );
  }
}

/**
 * What a kept map loses of a later one (`x-webhooks`, any map-valued extension): `; dropped: its entries A, B
 * that the result does not have, and its different C`, or "" when either value is not a map.
 */
function droppedEntries(kept: unknown, dropped: unknown): string {
  if (!isObject(kept) || !isObject(dropped) || Array.isArray(kept) || Array.isArray(dropped)) return "";
  const missing: string[] = [];
  const different: string[] = [];
  for (const [k, v] of Object.entries(dropped)) {
    if (!Object.hasOwn(kept, k)) missing.push(k);
    else if (!equal(kept[k], v)) different.push(k);
  }
  const parts: string[] = [];
  const entries = (n: number) => n === 1 ? "entry" : "entries";
  if (missing.length > 0) {
    parts.push(`its ${entries(missing.length)} ${sampleList(missing)} that the result does not have`);
  }
  if (different.length > 0) parts.push(`its different ${sampleList(different)}`);
  return parts.length === 0 ? "" : `; dropped: ${parts.join(", and ")}`;
}
