/**
 * Schema pieces the tools share.
 *
 * @module
 */
import { z } from "zod";
import type { Finding } from "../../core/mod.ts";
import { limitsText, type PlacedText, reportedFindings, reportedLists } from "../../core/finding_limits.ts";

/** A finding as tools report it: where, what, how bad. */
export const findingItem: z.ZodObject<{
  path: z.ZodString;
  message: z.ZodString;
  severity: z.ZodString;
  spec_link: z.ZodOptional<z.ZodString>;
}> = z.object({
  path: z.string().describe("Where, as a readable path such as paths./pets.get.responses"),
  message: z.string(),
  severity: z.string().describe("error, warning or info"),
  spec_link: z.string().optional().describe("Link to the relevant section of the specification"),
});

/** A finding in the shape of {@link findingItem}. */
export type FindingItem = z.infer<typeof findingItem>;

/** Converts a finding to the tools' shape. */
export function findingOf(f: Finding): FindingItem {
  const item: FindingItem = { path: f.path, message: f.message, severity: f.severity };
  if (f.specLink !== undefined) item.spec_link = f.specLink;
  return item;
}

/** A problem without severity: a path and a message. */
export const problemItem: z.ZodObject<{ path: z.ZodString; message: z.ZodString }> = z.object({
  path: z.string(),
  message: z.string(),
});

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
  const { shown, omitted } = reportedFindings(list);
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
    `How many ${list} were left out of the reply (present only when some were: a reply lists ${limitsText()}); the counts cover them all`,
  );
}

/** Several lists within one bound (errors, then warnings), as {@link boundedItems} does for one. */
export function boundedLists<T extends PlacedText & { rule?: string }, I>(
  lists: readonly (readonly T[])[],
  convert: (item: T) => I,
): { items: I[]; omitted: number }[] {
  return reportedLists(lists).map(({ shown, omitted }) => ({ items: shown.map(convert), omitted }));
}
