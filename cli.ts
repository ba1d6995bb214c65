/**
 * The `oatool` command-line tool.
 *
 * ```sh
 * deno run --allow-read --allow-write --allow-net --ignore-env=LOG_TOKENS,LOG_STREAM jsr:@oatool/cli/cli parse api.yaml
 * ```
 *
 * @module
 */
import { main } from "./src/cli/main.ts";

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
