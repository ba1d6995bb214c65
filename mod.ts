/**
 * oatool: a Deno-native OpenAPI toolkit. Load, validate, join and transform OpenAPI 2.0 / 3.0 / 3.1 / 3.2
 * documents in YAML or JSON.
 *
 * @example Parse a document and count its parts
 * ```ts
 * import { parse } from "./mod.ts";
 *
 * const result = await parse({
 *   content: `
 * openapi: 3.1.0
 * info: { title: Pets, version: "1.0" }
 * paths:
 *   /pets:
 *     get:
 *       responses:
 *         "200": { description: OK }
 * `,
 * });
 * console.log(result.version, result.stats.operationCount); // 3.1.0 1
 * ```
 *
 * Run as the main module, it is the `oatool` command-line tool:
 *
 * ```sh
 * deno run -R -W -N jsr:@oatool/cli join -o merged.yaml users.yaml orders.yaml
 * ```
 *
 * @module
 */
export * from "./src/core/mod.ts";
export { BUILT, COMMIT, VERSION } from "./src/core/build_info.ts";
export * from "./src/parser/mod.ts";
export * from "./src/validator/mod.ts";
export * from "./src/format/mod.ts";
export * from "./src/jsonpath/mod.ts";
export * from "./src/overlay/mod.ts";
export * from "./src/joiner/mod.ts";
export { diff, listChecks } from "./src/differ/mod.ts";
export type {
  Change,
  ChangeType,
  Check,
  CheckCategory,
  DiffInput,
  DiffOptions,
  DiffResult,
  DiffSeverity,
  DiffStats,
  IgnoreRule,
} from "./src/differ/mod.ts";

// `deno run -R -W -N jsr:@oatool/cli join a.yaml b.yaml` runs the command-line tool. The CLI is imported only
// then, dynamically, so that importing the library never loads it.
if (import.meta.main) {
  const { main } = await import("./src/cli/main.ts");
  Deno.exit(await main(Deno.args));
}
