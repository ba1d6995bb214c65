/**
 * The walk fixtures (testdata/walk), loaded once per test module. For tests only.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { loadDocument, type ParseResult } from "../core/mod.ts";

/** The folder of the walk fixtures, ending in a slash. */
export const FIXTURES: string = fileURLToPath(new URL("../../testdata/walk/", import.meta.url));

const docs = new Map<string, ParseResult>();

/** A fixture by name (`v20`, `v30`, `v31`, `v32`), loaded once. */
export async function fixture(name: string): Promise<ParseResult> {
  let r = docs.get(name);
  if (r === undefined) docs.set(name, r = await loadDocument(`${FIXTURES}${name}.yaml`));
  return r;
}
