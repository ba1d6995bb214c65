/**
 * Schema pieces the tools share.
 *
 * @module
 */
import { z } from "zod";
import type { Finding, SourcePosition } from "../../core/mod.ts";
import {
  boundTexts,
  type FindingLimits,
  limitFindings,
  limitsText,
  type PlacedText,
  reportedFindings,
  reportedLists,
} from "../../core/finding_limits.ts";

/** Where in a source text a finding is: the same fields as the CLI's json report. */
export const locationItem: z.ZodOptional<
  z.ZodObject<{ file: z.ZodString; line: z.ZodNumber; column: z.ZodNumber }>
> = z.object({ file: z.string(), line: z.number().int(), column: z.number().int() }).optional()
  .describe("file:line:column, when known");

/**
 * A finding as tools report it: the one shape of every tool (validate, convert, fix, generate, join, bundle,
 * overlay), as the CLI's reports have it: how bad, which rule, where (readable path, JSON pointer,
 * file:line:column) and what.
 */
export const findingItem: z.ZodObject<{
  severity: z.ZodString;
  rule: z.ZodOptional<z.ZodString>;
  path: z.ZodString;
  pointer: z.ZodString;
  message: z.ZodString;
  location: typeof locationItem;
  spec_link: z.ZodOptional<z.ZodString>;
  hint: z.ZodOptional<z.ZodString>;
}> = z.object({
  severity: z.string(),
  rule: z.string().optional().describe("Rule id"),
  path: z.string(),
  pointer: z.string(),
  message: z.string(),
  location: locationItem,
  spec_link: z.string().optional(),
  hint: z.string().optional(),
});

/** A finding in the shape of {@link findingItem}. */
export type FindingItem = z.infer<typeof findingItem>;

/** The location of a finding in the tools' shape (absent when unknown). */
export function locationOf(
  at: SourcePosition | undefined,
): { file: string; line: number; column: number } | undefined {
  return at === undefined ? undefined : { file: at.file, line: at.line, column: at.column };
}

/** Converts a finding to the tools' shape. */
export function findingOf(f: Finding): FindingItem {
  const item: FindingItem = {
    severity: f.severity,
    ...(f.rule === undefined ? {} : { rule: f.rule }),
    path: f.path,
    pointer: f.pointer,
    message: f.message,
  };
  if (f.location !== undefined) item.location = locationOf(f.location);
  if (f.specLink !== undefined) item.spec_link = f.specLink;
  if (f.hint !== undefined) item.hint = f.hint;
  return item;
}

/**
 * How many findings a reply lists: as every report, but at most 4 MB of text. A reply carries its result twice
 * (as text and as structured content), and MCP clients read at most 10 MiB a message (the SDK's stdio buffer),
 * so with the JSON pointer and position of each finding a report's 5 MB would not arrive.
 */
export const REPLY_LIMITS: FindingLimits = { maxChars: 4 * 1024 * 1024 };

/** An output file path field (the rules of output files are said once, in the server's instructions). */
export const outputField: z.ZodOptional<z.ZodString> = z.string().optional();

/** The `keep_refs` input of the tools that write a document (said once, in the server's instructions). */
export const keepRefsField: z.ZodOptional<z.ZodBoolean> = z.boolean().optional();

/** The document, returned when it is not written to a file. */
export const documentField: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>> = z.record(z.unknown())
  .optional().describe("The resulting document (when no output file was given)");

/**
 * The items of a list a tool returns, bounded like every report ({@link reportedFindings}: a few per rule and
 * place, a number in all and a size of text, each text shortened), converted with `convert`; `omitted` counts
 * the rest, so a small document with thousands of findings cannot make a reply of hundreds of megabytes.
 */
export function boundedItems<T extends PlacedText & { rule?: string }, I>(
  list: readonly T[],
  convert: (item: T) => I,
): { items: I[]; omitted: number } {
  const { shown, omitted } = reportedFindings(list, REPLY_LIMITS);
  return { items: shown.map(convert), omitted };
}

/** The fields that say how many items a bounded list left out, present only when it left some out. */
export function omittedFields(counts: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, n] of Object.entries(counts)) if (n > 0) out[name] = n;
  return out;
}

/** An output field counting the items of a list left out of the reply. */
export function omittedField(list: string, paged = false): z.ZodOptional<z.ZodNumber> {
  if (paged) {
    return z.number().int().optional().describe(
      `${list} not in this page (other pages; over ${REPEATS} per rule and place); counts cover all`,
    );
  }
  return z.number().int().optional().describe(`${list} left out (over ${limitsText(REPLY_LIMITS)})`);
}

/** Several lists within one bound (errors, then warnings), as {@link boundedItems} does for one. */
export function boundedLists<T extends PlacedText & { rule?: string }, I>(
  lists: readonly (readonly T[])[],
  convert: (item: T) => I,
): { items: I[]; omitted: number }[] {
  return reportedLists(lists, REPLY_LIMITS).map(({ shown, omitted }) => ({
    items: shown.map(convert),
    omitted,
  }));
}

/** Most items of one rule at one place a paged list keeps (the default of every report). */
const REPEATS = 10;

/** Most items one page of a paged list (validate's findings, diff's changes) may ask for. */
export const MAX_PAGE = 1_000;

/** The `limit` and `offset` inputs of a paged list (paging is said once, in the server's instructions). */
export function pageInput(): {
  limit: z.ZodOptional<z.ZodNumber>;
  offset: z.ZodOptional<z.ZodNumber>;
} {
  return {
    limit: z.number().int().min(1).max(MAX_PAGE).optional(),
    offset: z.number().int().min(0).optional(),
  };
}

/** The output fields of a paged list: how many this reply returned and where the next page starts. */
export const pageOutput: { returned: z.ZodNumber; next_offset: z.ZodOptional<z.ZodNumber> } = {
  returned: z.number().int().describe("Items in this reply"),
  next_offset: z.number().int().optional().describe("The offset of the next page; absent on the last"),
};

/** One page of several lists paged as one (errors, then warnings). */
export interface Paged<I> {
  /** Each list's items in this page, and how many of it the page left out (other pages, repeats). */
  lists: { items: I[]; omitted: number }[];
  /** Items in this page. */
  returned: number;
  /** Where the next page starts, when more remain. */
  next_offset?: number;
}

/**
 * A page of several lists taken as one, in their order: a few per rule and place as every report lists them
 * ({@link limitFindings}; 5,000 findings of one rule at one place page as 10), then `limit` (default 100) from
 * `offset`, and no more than {@link REPLY_LIMITS}' text, each item's texts shortened. The counts a tool reports
 * stay those of every item; `next_offset` says where the next page starts.
 */
export function pagedLists<T extends PlacedText & { rule?: string }, I>(
  lists: readonly (readonly T[])[],
  convert: (item: T) => I,
  page: { limit?: number; offset?: number },
): Paged<I> {
  const all: { list: number; item: T }[] = [];
  lists.forEach((list, n) => {
    for (const item of list) all.push({ list: n, item });
  });
  const listed = limitFindings(all.map((e) => ({ ...e, ...placed(e.item) })), {
    maxFindings: 0,
    maxPerPlace: REPEATS,
    maxChars: 0,
  }).shown;
  const offset = page.offset ?? 0;
  const slice = listed.slice(offset, offset + (page.limit ?? 100));
  const fits =
    limitFindings(slice, { maxFindings: 0, maxPerPlace: 0, maxChars: REPLY_LIMITS.maxChars }).shown;
  const out = lists.map(() => ({ items: [] as I[], omitted: 0 }));
  for (const e of fits) out[e.list].items.push(convert(boundTexts(e.item)));
  lists.forEach((list, n) => out[n].omitted = list.length - out[n].items.length);
  const next = offset + fits.length;
  return { lists: out, returned: fits.length, ...(next < listed.length ? { next_offset: next } : {}) };
}

/** The texts and rule of an item, by which {@link limitFindings} places and measures it. */
function placed(f: PlacedText & { rule?: string }): PlacedText & { rule?: string } {
  return {
    message: f.message,
    path: f.path,
    pointer: f.pointer,
    ...(f.hint === undefined ? {} : { hint: f.hint }),
    ...(f.rule === undefined ? {} : { rule: f.rule }),
  };
}

/** The {@link pageOutput} fields of a page: how many it returned, and the next offset when more remain. */
export function pageFields(page: Paged<unknown>): { returned: number; next_offset?: number } {
  return {
    returned: page.returned,
    ...(page.next_offset === undefined ? {} : { next_offset: page.next_offset }),
  };
}
