/**
 * `deno task demo`: runs oatool on the bundled example documents and shows what it prints.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { main } from "../src/cli/main.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const petstore = `${root}testdata/petstore/petstore-3.1.yaml`;

console.log(
  "$ oatool parse testdata/petstore/petstore-3.1.yaml  (statistics and summary; the JSON goes to stdout)\n",
);
let json = "";
const code = await main(["parse", petstore], {
  stdout: (s) => json += s,
  stderr: (s) => Deno.stderr.writeSync(new TextEncoder().encode(s)),
  reader: (await import("../src/core/mod.ts")).defaultReader,
  color: !Deno.noColor && Deno.stdout.isTerminal(),
});
console.log(`(the document as JSON: ${json.length} characters, exit code ${code})`);
Deno.exit(code);
