/**
 * Baselines: every finding of a run written as an accepted entry, keyed by rule and a stable location (the JSON
 * pointer plus a short hash of the node's canonical JSON), so that later runs fail only on new findings. Also the
 * matching of the policy file's `ignore:` entries.
 *
 * @module
 */
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { canonicalKey } from "../core/canonical_key.ts";
import { type DocumentReader, formatFromName, ParseError, parseText } from "../core/mod.ts";
import { createSourceMap } from "../core/source_map.ts";
import { writeDocument } from "../io/write.ts";
import type { ReadSet } from "../core/confine.ts";
import { BASELINE_SCHEMA, checkAgainst, ConfigError, type IgnoreEntry } from "../config/mod.ts";

/** Version of the baseline format. */
const BASELINE_FORMAT = 1;

/** Hex digits of a node's hash. */
const HASH_DIGITS = 12;

/** A finding's stable key: rule, file (absolute; undefined for the document validated), pointer, node hash. */
export interface FindingKey {
  rule: string;
  file?: string;
  pointer: string;
  hash: string;
  message?: string;
}

/** The short hash of a node: the first hex digits of the SHA-256 of its canonical JSON. */
export async function nodeHash(node: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalKey(node));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.subarray(0, HASH_DIGITS / 2), (b) => b.toString(16).padStart(2, "0")).join("");
}

function keyText(k: { rule: string; file?: string; pointer: string; hash?: string }): string {
  return `${k.rule}\0${k.file ?? ""}\0${k.pointer}\0${k.hash ?? ""}`;
}

/** Whether a policy `ignore:` entry accepts a finding (its pointer or one below; the hash, when the entry has one). */
export function ignoreMatches(entry: IgnoreEntry, key: FindingKey): boolean {
  return entry.rule === key.rule && entry.file === key.file &&
    (key.pointer === entry.pointer || key.pointer.startsWith(`${entry.pointer}/`)) &&
    (entry.hash === undefined || entry.hash === key.hash);
}

/** Matches findings against baseline entries: which findings are accepted, and which entries matched nothing. */
export class BaselineMatch {
  readonly #entries = new Map<string, IgnoreEntry>();
  readonly #used = new Set<string>();

  /** Indexes the entries, each under the key `keyed` gives it (the entry itself as read is what `stale` returns). */
  constructor(entries: readonly IgnoreEntry[], keyed: (e: IgnoreEntry) => IgnoreEntry = (e) => e) {
    for (const e of entries) this.#entries.set(keyText(keyed(e)), e);
  }

  /** Whether a finding is in the baseline (and records that its entry still holds). */
  accepts(key: FindingKey): boolean {
    const k = keyText(key);
    if (!this.#entries.has(k)) return false;
    this.#used.add(k);
    return true;
  }

  /** The entries no finding matched, in file order; `ran` says whether the entry's rule ran at all. */
  stale(ran: (rule: string) => boolean): IgnoreEntry[] {
    return [...this.#entries].filter(([k, e]) => !this.#used.has(k) && ran(e.rule)).map(([, e]) => e);
  }
}

/**
 * Rewrites a baseline file without its stale entries (`--prune-baseline`); returns how many were removed.
 * @throws {ConfigError} when the file is malformed. @throws {WriteError} when it cannot be written.
 */
export async function pruneBaseline(
  path: string,
  stale: readonly IgnoreEntry[],
  options: { reader: DocumentReader; readSet?: ReadSet },
): Promise<number> {
  const gone = new Set(stale.map(keyText));
  const entries = await readBaseline(path, options.reader);
  const held = entries.filter((e) => !gone.has(keyText(e)));
  await writeBaseline(path, held, { readSet: options.readSet, cwd: options.reader.cwd() });
  return entries.length - held.length;
}

/** Reads a baseline file; its entries' files are made absolute. @throws {ConfigError} at the line of a problem. */
export async function readBaseline(path: string, reader: DocumentReader): Promise<IgnoreEntry[]> {
  const full = resolve(reader.cwd(), path);
  const text = await reader.readFile(full, { role: "referenced" });
  const format = formatFromName(full) ?? "yaml";
  let data: unknown;
  try {
    data = parseText(text, { format, source: path }).data;
  } catch (error) {
    if (error instanceof ParseError) {
      throw new ConfigError(`${path}:${error.line ?? 1}:${error.column ?? 1}: ${error.message}`);
    }
    throw error;
  }
  const issues = checkAgainst(data, BASELINE_SCHEMA);
  if (issues.length > 0) {
    const map = createSourceMap(text, format, path);
    throw new ConfigError(
      issues.map((i) => {
        const p = map.positionOf(i.segments.map(String));
        return `${p ? `${p.file}:${p.line}:${p.column}` : path}: ${i.message}`;
      }),
    );
  }
  const dir = dirname(full);
  return (data as { ignore: IgnoreEntry[] }).ignore.map((e) =>
    e.file === undefined ? e : {
      ...e,
      file: /^[a-z][a-z0-9+.-]*:/i.test(e.file) ? e.file : resolve(dir, e.file),
    }
  );
}

/** Baseline entries of findings, one per distinct key, in the findings' order. */
export function baselineEntries(keys: readonly FindingKey[]): IgnoreEntry[] {
  const seen = new Set<string>();
  const out: IgnoreEntry[] = [];
  for (const k of keys) {
    const text = keyText(k);
    if (seen.has(text)) continue;
    seen.add(text);
    const entry: IgnoreEntry = { rule: k.rule, pointer: k.pointer, hash: k.hash };
    if (k.file !== undefined) entry.file = k.file;
    if (k.message !== undefined) entry.message = k.message;
    out.push(entry);
  }
  return out;
}

/**
 * Writes a baseline file (YAML, or JSON for a `.json` name) with the one document writer: entries' files
 * relative to the baseline's folder, each distinct key once (a file that several documents of a run reference
 * gives the same entries), never over a file the run read.
 */
export async function writeBaseline(
  path: string,
  entries: readonly IgnoreEntry[],
  options: { readSet?: ReadSet; inputs?: readonly string[]; cwd?: string } = {},
): Promise<void> {
  const full = resolve(options.cwd ?? Deno.cwd(), path);
  const dir = dirname(full);
  const seen = new Set<string>();
  const distinct = entries.filter((e) => !seen.has(keyText(e)) && seen.add(keyText(e)));
  const ignore = distinct.map((e) => {
    const out: Record<string, string> = { rule: e.rule };
    if (e.file !== undefined) out.file = isAbsolute(e.file) ? relative(dir, e.file) : e.file;
    out.pointer = e.pointer;
    if (e.hash !== undefined) out.hash = e.hash;
    if (e.message !== undefined) out.message = e.message;
    return out;
  });
  await writeDocument(full, { oatoolBaseline: BASELINE_FORMAT, ignore }, {
    format: formatFromName(full) ?? "yaml",
    readSet: options.readSet,
    inputs: options.inputs,
  });
}
