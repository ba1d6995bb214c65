/**
 * Applies the accepted findings of a run: the policy's `ignore:` entries, then the baseline. Findings are keyed
 * by rule, file, JSON pointer and the hash of their node, computed only when something needs them.
 *
 * @module
 */
import { resolve } from "node:path";
import { getAt } from "../core/pointer.ts";
import { placeTexts } from "../core/place_texts.ts";
import type { DocumentReader } from "../core/mod.ts";
import type { IgnoreEntry } from "../config/mod.ts";
import type { Raw, RuleRun } from "./_rule_engine.ts";
import {
  baselineEntries,
  BaselineMatch,
  type FindingKey,
  ignoreMatches,
  nodeHash,
  readBaseline,
} from "./baseline.ts";

/** What {@link matchFindings} needs. */
export interface MatchOptions {
  /** The policy's accepted findings. */
  ignore: readonly IgnoreEntry[];
  /** The baseline file or its entries. */
  baseline?: string | readonly IgnoreEntry[];
  /** Return the baseline entries of every finding the policy does not accept (the baseline is then not applied). */
  generate: boolean;
  /** Reads the baseline file. */
  reader: DocumentReader;
  /** Absolute path of the document validated (entries naming it count as naming the root). */
  rootPath?: string;
  /** The rule run: file data, the root's key. */
  run: RuleRun;
  /** Whether a rule ran (a baseline entry of a rule that did not is not stale). */
  ran(rule: string): boolean;
  /** Checks the baseline path before it is read. */
  confine?: (path: string) => Promise<string>;
}

/** What is left after the accepted findings are taken out. */
export interface MatchResult {
  /** The findings kept, in order. */
  kept: Raw[];
  /** How many were accepted. */
  ignoredCount: number;
  /** Baseline entries no finding matched. */
  stale: IgnoreEntry[];
  /** The baseline file read. */
  baselineFile?: string;
  /** With `generate`: the entries. */
  entries?: IgnoreEntry[];
}

/** Takes the findings the policy and the baseline accept out of `raws`. */
export async function matchFindings(raws: readonly Raw[], options: MatchOptions): Promise<MatchResult> {
  const root = options.rootPath === undefined ? undefined : resolve(options.rootPath);
  const forRoot = (file: string | undefined) =>
    file !== undefined && resolve(file) === root ? undefined : file;
  // The policy's entries by rule: a finding is compared with its rule's entries only.
  const ignore = new Map<string, IgnoreEntry[]>();
  for (const e of options.ignore) {
    const list = ignore.get(e.rule) ?? [];
    list.push({ ...e, file: forRoot(e.file) });
    ignore.set(e.rule, list);
  }
  const baselineFile = typeof options.baseline === "string" ? options.baseline : undefined;
  let match: BaselineMatch | undefined;
  if (!options.generate && options.baseline !== undefined) {
    const entries = typeof options.baseline === "string"
      ? await readBaseline(
        options.confine === undefined ? options.baseline : await options.confine(options.baseline),
        options.reader,
      )
      : options.baseline;
    match = new BaselineMatch(entries, (e) => ({ ...e, file: forRoot(e.file) }));
  }
  if (ignore.size === 0 && match === undefined && !options.generate) {
    return { kept: [...raws], ignoredCount: 0, stale: [] };
  }
  const { run } = options;
  const hashes = new Map<string, Promise<string>>();
  const keyOf = async (r: Raw): Promise<FindingKey> => {
    const pointer = placeTexts(r.segments).pointer;
    const file = r.file === run.rootFile ? undefined : r.file;
    const memo = `${r.file}\0${pointer}`;
    let hash = hashes.get(memo);
    if (hash === undefined) {
      hash = nodeHash(getAt(run.data(r.file), r.segments));
      hashes.set(memo, hash);
    }
    return { rule: r.rule, file, pointer, hash: await hash, message: r.message };
  };
  const kept: Raw[] = [];
  const keys: FindingKey[] = [];
  let ignoredCount = 0;
  for (const r of raws) {
    const key = await keyOf(r);
    if (ignore.get(key.rule)?.some((e) => ignoreMatches(e, key)) === true || match?.accepts(key) === true) {
      ignoredCount++;
      continue;
    }
    kept.push(r);
    keys.push(key);
  }
  const result: MatchResult = { kept, ignoredCount, stale: match?.stale(options.ran) ?? [] };
  if (baselineFile !== undefined && !options.generate) result.baselineFile = baselineFile;
  if (options.generate) result.entries = baselineEntries(keys);
  return result;
}
