/**
 * The library calls scripts/snapshot_all.ts fingerprints for one document: each command's library function
 * (from `src/*\/mod.ts`), with its result serialised.
 *
 * @module
 */

/** One library call: its name, option set and how to run it. */
export interface LibraryCase {
  /** The command whose library function runs. */
  command: string;
  /** The option set's name. */
  options: string;
  /** Runs the call: `ok` or the error's class, and the text to fingerprint. */
  run(): Promise<{ code: string; text: string }>;
}

/** The library calls for one document. */
export function libraryCases(_doc: string): LibraryCase[] {
  return [];
}
