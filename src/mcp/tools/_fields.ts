/**
 * Schema pieces the tools share.
 *
 * @module
 */
import { z } from "zod";
import type { Finding, SourcePosition } from "../../core/mod.ts";
import {
  type FindingLimits,
  limitsText,
  type PlacedText,
  reportedFindings,
  reportedLists,
} from "../../core/finding_limits.ts";

/** Where in a source text a finding is: the same fields as the CLI's json report. */
export const locationItem: z.ZodOptional<
  z.ZodObject<{ file: z.ZodString; line: z.ZodNumber; column: z.ZodNumber }>
> = z.object({ file: z.string(), line: z.number().int(), column: z.number().int() }).optional()
  .describe("file:line:column of the node, when known");

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
  severity: z.string().describe("critical, error, warning or info"),
  rule: z.string().optional().describe("Stable id of the rule or kind of finding, like operation-id-unique"),
  path: z.string().describe("Where, as a readable path such as paths./pets.get.responses"),
  pointer: z.string().describe("The same place as an RFC 6901 JSON pointer"),
  message: z.string(),
  location: locationItem,
  spec_link: z.string().optional().describe("Link to the relevant section of the specification"),
  hint: z.string().optional().describe("What to do about it"),
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

/** An output file path field. */
export const outputField: z.ZodOptional<z.ZodString> = z.string().optional().describe(
  "File to write the resulting document to inside the workspace (relative paths resolve against its first root); a symbolic link there is replaced, never followed; never a file the call read. Without it the document is returned in the result.",
);

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
export function omittedField(list: string): z.ZodOptional<z.ZodNumber> {
  return z.number().int().optional().describe(
    `How many ${list} were left out of the reply (present only when some were: a reply lists ${
      limitsText(REPLY_LIMITS)
    }); the counts cover them all`,
  );
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
