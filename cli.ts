/**
 * The `oatool` command-line tool.
 *
 * ```sh
 * deno run -R -W -N jsr:@oatool/cli/cli parse api.yaml   # or jsr:@oatool/cli, the root module
 * ```
 *
 * @module
 */
import { main } from "./src/cli/main.ts";

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
