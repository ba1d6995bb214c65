/**
 * Imports a module only when it is needed. Deno loads the module graph of every dynamic import whose specifier it
 * can read in the source (`import("./x.ts")`) when the program starts, executed or not; a specifier built at run
 * time (`new URL(...)`) is loaded when the import runs. Every command and heavy engine is imported this way, so
 * `oatool --version` does not load the validator's schemas, the MCP SDK or anything else it does not use.
 *
 * A module imported with {@link importLazily} is not followed by `deno compile` either: scripts/compile.ts
 * names each in `--include`, and tests/module_graph_test.ts checks that every call site is in that list.
 *
 * @module
 */

/**
 * Imports `specifier` (relative to `base`, the caller's `import.meta.url`) when called. Write the module's type
 * as `T` (`typeof import("./x.ts")`, which loads nothing) and the specifier as a string literal, so that the
 * compile script's check finds it.
 *
 * @example
 * ```ts
 * import { importLazily } from "./lazy_import.ts";
 * const errors = await importLazily<typeof import("./errors.ts")>("./errors.ts", import.meta.url);
 * console.log(new errors.UsageError("a").code);
 * ```
 */
export function importLazily<T>(specifier: string, base: string): Promise<T> {
  return import(new URL(specifier, base).href);
}
