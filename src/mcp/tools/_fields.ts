/**
 * Schema pieces the tools share.
 *
 * @module
 */
import { z } from "zod";
import type { Finding } from "../../core/mod.ts";

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
