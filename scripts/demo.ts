/**
 * `deno task demo`: joins the two bundled example services (`testdata/joiner/oas3/users.yaml` and
 * `orders.yaml`) with `oatool join`, writing into a temporary folder, and shows the report and the result.
 *
 * @module
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultReader } from "../src/core/mod.ts";
import { main } from "../src/cli/main.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const users = join(root, "testdata/joiner/oas3/users.yaml");
const orders = join(root, "testdata/joiner/oas3/orders.yaml");
const encoder = new TextEncoder();
const print = (text: string) => Deno.stdout.writeSync(encoder.encode(text));

const tmp = await Deno.makeTempDir({ prefix: "oatool-demo-" });
const output = join(tmp, "merged.yaml");
const args = [
  "join",
  "--schema-strategy",
  "rename-right",
  "--default-strategy",
  "accept-left",
  "--semantic-dedup",
  "-o",
  output,
  users,
  orders,
];
print(
  "$ oatool join --schema-strategy rename-right --default-strategy accept-left --semantic-dedup \\\n" +
    "    -o <tmp>/merged.yaml testdata/joiner/oas3/users.yaml testdata/joiner/oas3/orders.yaml\n\n",
);
let code = 1;
try {
  code = await main(args, {
    stdout: print,
    stderr: print,
    reader: defaultReader,
    color: !Deno.noColor && Deno.stdout.isTerminal(),
  });
  if (code === 0) {
    print(`\n--- ${output} ---\n`);
    print(await Deno.readTextFile(output));
  }
} finally {
  await Deno.remove(tmp, { recursive: true });
}
Deno.exit(code);
