/**
 * The documents of the corpus tests of issue 31: every YAML or JSON file under testdata/ and the conformance
 * suites of /work/shared/testsuites (absent on some machines: the tests say so in one line and check testdata/).
 */
import { join } from "node:path";

/** Where the conformance suites are. */
export const SUITES = "/work/shared/testsuites";

/** The project's testdata folder. */
export const TESTDATA: string = new URL("../testdata/", import.meta.url).pathname;

/** Every `.yaml`/`.yml`/`.json` file below `dir` that `pick` keeps, in sorted order (none when `dir` is absent). */
export function listDocs(
  dir: string,
  pick: (path: string) => boolean = () => true,
  out: string[] = [],
): string[] {
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return out;
  }
  for (const e of entries.sort((a, b) => a.name < b.name ? -1 : 1)) {
    const p = join(dir, e.name);
    if (e.isDirectory) listDocs(p, pick, out);
    else if (/\.(ya?ml|json)$/.test(e.name) && pick(p)) out.push(p);
  }
  return out;
}

/** Whether the suites are there; warns in one line, naming `what`, when not. */
export function suitesPresent(what: string): boolean {
  try {
    Deno.statSync(SUITES);
    return true;
  } catch {
    console.warn(`${what}: ${SUITES} is absent; only testdata/ is checked.`);
    return false;
  }
}
