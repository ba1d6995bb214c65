/**
 * How many findings a report shows, and how long each of its texts may be: one mechanism for every report
 * (validate, diff, fix, convert, generate, join, the MCP tools), so that a small document with thousands of
 * findings, or with a path of 40,000 characters, cannot make a report of hundreds of megabytes. The counts a
 * report gives stay those of every finding; the list says how many it left out.
 *
 * @module
 */
import { formatCount, MAX_MESSAGE_CHARS, MAX_PLACE_CHARS, shorten } from "./bounded_text.ts";

/** Findings a report shows at most, by default; the rest are counted. */
export const DEFAULT_MAX_FINDINGS = 10_000;
/**
 * Characters of findings a report shows at most, by default (their message, path, pointer and hint, as
 * bounded, and 200 for the rest of each): with the report's own text, under 10 MB in every format.
 */
export const DEFAULT_MAX_REPORT_CHARS = 5 * 1024 * 1024;
/** Findings of one rule at one place a report shows at most, by default; the rest are counted. */
export const DEFAULT_MAX_FINDINGS_PER_PLACE = 10;

/** How many findings a report shows (see {@link limitFindings}). */
export interface FindingLimits {
  /** Most findings shown in all (0: no limit). @default DEFAULT_MAX_FINDINGS */
  maxFindings?: number;
  /** Most findings of the same rule at the same place (0: no limit). @default DEFAULT_MAX_FINDINGS_PER_PLACE */
  maxPerPlace?: number;
  /** Most characters of findings shown (0: no limit). @default DEFAULT_MAX_REPORT_CHARS */
  maxChars?: number;
}

/**
 * The key of a pointer in a map: the pointer itself, or for a long one its length, start and end. (V8 hashes
 * strings past 16,383 characters by their length alone, so thousands of long pointers of one length in a map
 * are compared one by one: 10 s for 5,000 pointers of 40,000 characters.) Two long pointers of one length,
 * start and end count as one place, which only groups their findings.
 */
function placeKey(pointer: string): string {
  return pointer.length <= 1_024
    ? pointer
    : `${pointer.length}\0${pointer.slice(0, 256)}\0${pointer.slice(-512)}`;
}

/** The findings a report shows, and how many it leaves out. */
export interface LimitedFindings<T> {
  /** The findings shown, in their order. */
  shown: T[];
  /** How many were left out. */
  omitted: number;
}

/** Characters a finding takes in a report, as bounded by {@link boundTexts}, and 200 for the rest of it. */
function charsOf(f: PlacedText): number {
  return Math.min(f.message.length, MAX_MESSAGE_CHARS) + Math.min(f.path.length, MAX_PLACE_CHARS) +
    Math.min(f.pointer.length, MAX_PLACE_CHARS) + Math.min(f.hint?.length ?? 0, MAX_MESSAGE_CHARS) + 200;
}

/**
 * The findings a report shows: at most `maxPerPlace` of one rule at one pointer (5,000 undeclared parameters of
 * one operation show as a few and a count), then at most `maxFindings` in all and `maxChars` of their text.
 * Order is kept; the counts of the report stay those of every finding.
 */
export function limitFindings<T extends PlacedText & { rule?: string }>(
  findings: readonly T[],
  limits: FindingLimits = {},
): LimitedFindings<T> {
  const max = limits.maxFindings ?? DEFAULT_MAX_FINDINGS;
  const perPlace = limits.maxPerPlace ?? DEFAULT_MAX_FINDINGS_PER_PLACE;
  const maxChars = limits.maxChars ?? DEFAULT_MAX_REPORT_CHARS;
  const total = max > 0 ? max : Infinity;
  let room = maxChars > 0 ? maxChars : Infinity;
  const shown: T[] = [];
  // Counts per rule, then per pointer (no key made by joining them: a pointer may be long).
  const seen = new Map<string, Map<string, number>>();
  for (const f of findings) {
    if (shown.length >= total) break;
    if (perPlace > 0) {
      const rule = f.rule ?? "";
      let places = seen.get(rule);
      if (places === undefined) seen.set(rule, places = new Map());
      const place = placeKey(f.pointer);
      const n = places.get(place) ?? 0;
      places.set(place, n + 1);
      if (n >= perPlace) continue;
    }
    room -= charsOf(f);
    if (room < 0) break;
    shown.push(f);
  }
  return { shown, omitted: findings.length - shown.length };
}

/** What a report prints of a finding or a change: the texts {@link boundTexts} shortens. */
export interface PlacedText {
  /** One sentence. */
  message: string;
  /** Readable path. */
  path: string;
  /** JSON pointer. */
  pointer: string;
  /** What to do, when known. */
  hint?: string;
}

/**
 * A finding (or a change) as reports print it: its message and hint at most {@link MAX_MESSAGE_CHARS}
 * characters, its path and pointer at most {@link MAX_PLACE_CHARS} (start and end kept around `…`). The
 * finding itself when nothing is long.
 */
export function boundTexts<T extends PlacedText>(f: T): T {
  const long = f.message.length > MAX_MESSAGE_CHARS || (f.hint?.length ?? 0) > MAX_MESSAGE_CHARS ||
    f.path.length > MAX_PLACE_CHARS || f.pointer.length > MAX_PLACE_CHARS;
  if (!long) return f;
  const out: T = {
    ...f,
    message: shorten(f.message, MAX_MESSAGE_CHARS),
    path: shorten(f.path, MAX_PLACE_CHARS),
    pointer: shorten(f.pointer, MAX_PLACE_CHARS),
  };
  if (f.hint !== undefined) out.hint = shorten(f.hint, MAX_MESSAGE_CHARS);
  return out;
}

/** The findings a report shows ({@link limitFindings}), each with its texts bounded ({@link boundTexts}). */
export function reportedFindings<T extends PlacedText & { rule?: string }>(
  findings: readonly T[],
  limits: FindingLimits = {},
): LimitedFindings<T> {
  const { shown, omitted } = limitFindings(findings, limits);
  return { shown: shown.map(boundTexts), omitted };
}

/**
 * The findings a report shows of several lists (errors, then warnings) within one bound: as
 * {@link reportedFindings} of the lists one after the other, split back into one result per list.
 */
export function reportedLists<T extends PlacedText & { rule?: string }>(
  lists: readonly (readonly T[])[],
  limits: FindingLimits = {},
): LimitedFindings<T>[] {
  const all: T[] = [];
  for (const list of lists) for (const f of list) all.push(f);
  const { shown } = limitFindings(all, limits);
  const kept = new Set(shown);
  return lists.map((list) => {
    const mine = list.filter((f) => kept.has(f));
    return { shown: mine.map(boundTexts), omitted: list.length - mine.length };
  });
}

/** How a report says which findings it shows: `at most 10 per rule and place, 10,000 in all, 5 MB of text`. */
export function limitsText(limits: FindingLimits = {}): string {
  const max = limits.maxFindings ?? DEFAULT_MAX_FINDINGS;
  const perPlace = limits.maxPerPlace ?? DEFAULT_MAX_FINDINGS_PER_PLACE;
  const maxChars = limits.maxChars ?? DEFAULT_MAX_REPORT_CHARS;
  const parts: string[] = [];
  if (perPlace > 0) parts.push(`${formatCount(perPlace)} per rule and place`);
  if (max > 0) parts.push(`${formatCount(max)} in all`);
  if (maxChars > 0) parts.push(`${formatCount(Math.round(maxChars / (1024 * 1024)))} MB of text`);
  return parts.length === 0 ? "every one" : `at most ${parts.join(", ")}`;
}

/**
 * `… and 4,990 more findings (a report shows at most 10 per rule and place, 10,000 in all, 5 MB of text)`: the line a
 * report ends a list with when it left some out.
 */
export function omittedLine(
  omitted: number,
  noun: string = "finding",
  limits: FindingLimits = {},
  plural: string = `${noun}s`,
): string {
  return `… and ${formatCount(omitted)} more ${omitted === 1 ? noun : plural} (a report shows ${
    limitsText(limits)
  })`;
}
