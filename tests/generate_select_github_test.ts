/**
 * A slice of GitHub's REST description (when it is installed at the path below; the tests say they are skipped
 * otherwise): each selection option generates exactly the operations an independent count of the JSON finds,
 * and `--include-tags repos` with the client, the server and every server extension builds, vets and is
 * gofmt-clean with Go 1.19 (skipped, saying so, without Go).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { generate, type GenerateOptions } from "../src/generator/mod.ts";
import { loadDocumentSet } from "../src/io/document_set.ts";
import { checkBuild } from "../src/generator/_ext_test_util.ts";
import { writeModule } from "../src/generator/_go_toolchain_test_util.ts";
import { testWith } from "./_tools.ts";

const GITHUB = "/tmp/octo/node_modules/@octokit/openapi/generated/api.github.com.json";
const present = await Deno.stat(GITHUB).then((s) => s.isFile, () => false);
const skipped = present ? "" : ` (skipped: GitHub's description is not installed at ${GITHUB})`;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Every operation of the JSON as [operationId, tags], by a plain scan of `paths`. */
async function operations(): Promise<[string, string[]][]> {
  const doc = JSON.parse(await Deno.readTextFile(GITHUB));
  const out: [string, string[]][] = [];
  for (const item of Object.values(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const m of METHODS) {
      const op = item[m] as { operationId?: string; tags?: string[] } | undefined;
      if (op !== undefined) out.push([op.operationId ?? "", op.tags ?? []]);
    }
  }
  return out;
}

/** The exported methods of the generated client. */
function clientMethods(files: readonly { name: string; content: string }[]): number {
  let n = 0;
  for (const f of files) {
    if (f.name.startsWith("client")) {
      n += [...f.content.matchAll(/^func \(c \*Client\) [A-Z]\w*\(ctx /gm)].length;
    }
  }
  return n;
}

const FULL: GenerateOptions = { client: true, server: true, serverAll: true, noReadme: true };

Deno.test({
  name:
    `generate selection on GitHub: each option selects the operations an independent count finds${skipped}`,
  ignore: !present,
  async fn() {
    const ops = await operations();
    const set = await loadDocumentSet(GITHUB);
    const count = (options: GenerateOptions) => generate(set, { client: true, noReadme: true, ...options });
    const repos = ops.filter(([, tags]) => tags.includes("repos")).length;
    assert.ok(repos > 100, `${repos} repos operations`);

    const tagged = await count({ includeTags: ["repos"] });
    assert.equal(tagged.operations, repos);
    assert.equal(clientMethods(tagged.files), repos);

    const notTagged = await count({ excludeTags: ["repos"] });
    assert.equal(notTagged.operations, ops.length - repos);

    const issues = ops.filter(([id]) => /^issues\/.*comment/.test(id)).length;
    const byId = await count({ includeOperations: ["issues/*comment*"] });
    assert.equal(byId.operations, issues);

    const reposNotGet = ops.filter(([id, tags]) =>
      tags.includes("repos") && !id.startsWith("repos/get")
    ).length;
    const both = await count({ includeTags: ["repos"], excludeOperations: ["repos/get*"] });
    assert.equal(both.operations, reposNotGet);
    // The slice's types are fewer than the whole description's.
    const whole = await count({});
    assert.ok(tagged.types < whole.types, `${tagged.types} < ${whole.types}`);

    const models = await count({ client: false, typesOnlyFrom: ["repository"] });
    assert.equal(models.operations, 0);
    assert.deepEqual(models.files.map((f) => f.name), ["types.go"]);
    assert.match(models.files[0].content, /^type Repository struct/m);
  },
});

await testWith(
  ["go"],
  `generate --include-tags repos on GitHub with the client, the server and every server extension builds${skipped}`,
  async () => {
    if (!present) return;
    const result = await generate(GITHUB, { ...FULL, includeTags: ["repos"], packageName: "repos" });
    const dir = await Deno.makeTempDir({ prefix: "oatool-gen-github-repos-" });
    try {
      await writeModule(dir, { repos: result.files });
      await checkBuild(dir);
      assert.ok((await Deno.stat(join(dir, "repos", "server_router.go"))).isFile);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);
