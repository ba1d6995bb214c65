/**
 * Deno's permission flags as the outer fence: `cli.ts` runs in a child process with narrow grants
 * (`--allow-read=./api,./out --allow-write=./out`, relative to a temporary working folder), the way the README's
 * strict command runs it. What the fence allows works; what it refuses fails with one sentence naming the path
 * and the exact flag that would allow it, exit 1, no stack trace, nothing written.
 *
 * The grants name only the temporary folder, not the project: Deno loads `cli.ts` and its statically imported
 * modules (and npm packages from its cache) without read permission, so the fence under test is exactly the one
 * a user would give.
 */
import assert from "node:assert/strict";
import { createMemoryReader } from "../src/core/mod.ts";
import { main } from "../src/cli/main.ts";
import { PERMISSIONS, ROOT, spawnOatool, type SpawnResult, withTempDir } from "./_spawn.ts";

/** The strict grants of the README, for documents in ./api and results in ./out. */
const FENCE = ["--allow-read=./api,./out", "--allow-write=./out"];

/** A one-operation OpenAPI 3.1 document whose 200 response is `response` (YAML flow text). */
function spec(title: string, path: string, response: string): string {
  return `openapi: 3.1.0\ninfo: { title: ${title}, version: "1" }\npaths:\n  ${path}:\n    get:\n` +
    `      responses:\n        "200": ${response}\n`;
}

const A = spec(
  "A",
  "/pets",
  `{ description: ok, content: { application/json: { schema: { $ref: "./schemas/pet.yaml#/Pet" } } } }`,
);
const PET = "Pet:\n  type: object\n  properties:\n    name: { type: string }\n";
const B = spec("B", "/stores", "{ description: ok }");
const SECRET = "R:\n  description: TOP-SECRET-VALUE\n";

/** A working folder with api/ (a.yaml → schemas/pet.yaml, b.yaml), an empty out/, and secret/ beside them. */
async function project(dir: string): Promise<void> {
  await Deno.mkdir(`${dir}/api/schemas`, { recursive: true });
  await Deno.mkdir(`${dir}/out`);
  await Deno.mkdir(`${dir}/secret`);
  await Deno.writeTextFile(`${dir}/api/a.yaml`, A);
  await Deno.writeTextFile(`${dir}/api/schemas/pet.yaml`, PET);
  await Deno.writeTextFile(`${dir}/api/b.yaml`, B);
  await Deno.writeTextFile(`${dir}/secret/x.yaml`, SECRET);
}

async function run(
  args: string[],
  dir: string,
  permissions: readonly string[] = FENCE,
): Promise<SpawnResult> {
  const r = await spawnOatool(args, { cwd: dir, permissions });
  assert.ok(!r.killed, `oatool ${args.join(" ")} did not finish`);
  return r;
}

/** A literal for a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The names in a folder, sorted (hidden temporary files included). */
async function names(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
}

/** One line on standard error, exit 1, no stack trace, and never the advice to allow everything. */
function assertRefused(r: SpawnResult, message: RegExp): void {
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, message);
  assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+|NotCapable|PermissionDenied|internal error/);
  assert.doesNotMatch(r.stderr, /--allow-all|\s-A\b/);
  assert.equal(r.stdout, "");
}

Deno.test("fence: a join inside the grants succeeds and writes only its output", async () => {
  await withTempDir(async (dir) => {
    await project(dir);
    const r = await run(["join", "-o", "out/all.yaml", "api/a.yaml", "api/b.yaml"], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(await names(`${dir}/out`), ["all.yaml"]);
    const joined = await Deno.readTextFile(`${dir}/out/all.yaml`);
    assert.match(joined, /\/pets:/);
    assert.match(joined, /\/stores:/);
  });
});

Deno.test("fence: an overlay apply inside the grants succeeds", async () => {
  await withTempDir(async (dir) => {
    await project(dir);
    await Deno.writeTextFile(
      `${dir}/api/overlay.yaml`,
      `overlay: 1.0.0\ninfo: { title: T, version: "1" }\nactions:\n` +
        `  - target: $.info\n    update: { description: "from the overlay" }\n`,
    );
    const r = await run(
      ["overlay", "apply", "-s", "api/b.yaml", "-o", "out/b.yaml", "api/overlay.yaml"],
      dir,
    );
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(await names(`${dir}/out`), ["b.yaml"]);
    assert.match(await Deno.readTextFile(`${dir}/out/b.yaml`), /description: from the overlay/);
  });
});

Deno.test("fence: a $ref to a file outside the read grant is refused by Deno and named with its flag", async () => {
  await withTempDir(async (dir) => {
    await project(dir);
    // The grant names the two inputs only; api/schemas/pet.yaml lies inside oatool's own base directory, so
    // only Deno's fence stands between the document and the file.
    const grants = ["--allow-read=./api/a.yaml,./api/b.yaml,./out", "--allow-write=./out"];
    const r = await run(["join", "-o", "out/all.yaml", "api/a.yaml", "api/b.yaml"], dir, grants);
    const pet = `${await Deno.realPath(dir)}/api/schemas/pet.yaml`;
    assertRefused(
      r,
      new RegExp(
        `"${literal(pet)}" is not allowed by Deno's permissions; run with --allow-read=${literal(pet)} `,
      ),
    );
    assert.deepEqual(await names(`${dir}/out`), []);
  });
});

Deno.test("fence: a $ref leaving ./api never reads the file and writes nothing", async () => {
  await withTempDir(async (dir) => {
    await project(dir);
    await Deno.writeTextFile(
      `${dir}/api/c.yaml`,
      B.replace("{ description: ok }", '{ $ref: "../secret/x.yaml#/R" }'),
    );
    const r = await run(["join", "-o", "out/all.yaml", "api/c.yaml", "api/a.yaml"], dir);
    // Deno's fence or oatool's own base-directory check (whichever looks first) refuses it.
    const secret = `${await Deno.realPath(dir)}/secret/x.yaml`;
    assertRefused(r, new RegExp(`--allow-read=${literal(secret)} to allow it|leaves the base directory`));
    assert.doesNotMatch(r.stderr, /TOP-SECRET-VALUE/);
    assert.deepEqual(await names(`${dir}/out`), []);
  });
});

Deno.test("fence: an output outside --allow-write is refused with the folder to allow, nothing written", async () => {
  await withTempDir(async (dir) => {
    await project(dir);
    await Deno.mkdir(`${dir}/elsewhere`);
    const w = await run(["join", "-o", "elsewhere/all.yaml", "api/a.yaml", "api/b.yaml"], dir);
    const real = await Deno.realPath(dir);
    assertRefused(
      w,
      new RegExp(
        `writing "elsewhere/all.yaml" is not allowed by Deno's permissions; run with --allow-write=${
          literal(real)
        }/elsewhere `,
      ),
    );
    assert.deepEqual(await names(`${dir}/elsewhere`), []);
    assert.deepEqual(await names(`${dir}/out`), []);
  });
});

Deno.test("fence: write access without read access to the output folder names --allow-read for it", async () => {
  await withTempDir(async (dir) => {
    await project(dir);
    // The first form of the strict command: Deno renames a file only with read access to it, and
    // oatool writes through a temporary file in the output's folder, so that folder needs reading too.
    const r = await run(["join", "-o", "out/all.yaml", "api/a.yaml", "api/b.yaml"], dir, [
      "--allow-read=./api",
      "--allow-write=./out",
    ]);
    const real = await Deno.realPath(dir);
    assertRefused(
      r,
      new RegExp(`writing "out/all.yaml" needs read access .* run with --allow-read=${literal(real)}/out `),
    );
    assert.deepEqual(await names(`${dir}/out`), [], "the temporary file is removed");
  });
});

Deno.test("fence: a URL input without --allow-net is refused before any request, naming the host", async () => {
  let requests = 0;
  const ac = new AbortController();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen() {} }, () => {
    requests++;
    return new Response(B, { headers: { "content-type": "application/yaml" } });
  });
  try {
    await withTempDir(async (dir) => {
      await project(dir);
      const url = `http://user:s3cret@127.0.0.1:${server.addr.port}/api.yaml`;
      const r = await run(["parse", url], dir);
      assertRefused(
        r,
        new RegExp(
          `^oatool parse: fetching http://(\\S*@)?127\\.0\\.0\\.1:${server.addr.port}/api\\.yaml is not allowed by Deno's ` +
            `permissions; run with --allow-net=127\\.0\\.0\\.1 to allow it\\.\\n$`,
        ),
      );
      assert.doesNotMatch(r.stderr, /s3cret/);
    });
  } finally {
    ac.abort();
    await server.finished;
  }
  assert.equal(requests, 0);
});

Deno.test("main: a refusal that escapes the reader is still one sentence with the flag, exit 1", async () => {
  const memory = createMemoryReader({
    "/w/api.yaml": "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n",
  });
  const reader = {
    ...memory,
    // A reader that lets Deno's error through unchanged, as any new file access outside the reader would.
    readFile: (path: string) =>
      Promise.reject(
        new Deno.errors.NotCapable(`Requires read access to "${path}", run again with the --allow-read flag`),
      ),
  };
  let out = "";
  let err = "";
  const code = await main(["parse", "/w/api.yaml"], {
    stdout: (t) => out += t,
    stderr: (t) => err += t,
    reader,
    color: false,
  });
  assert.equal(code, 1);
  assert.equal(out, "");
  assert.equal(
    err,
    `oatool parse: reading "/w/api.yaml" is not allowed by Deno's permissions; run with --allow-read=/w/api.yaml to allow it.\n`,
  );
});

Deno.test("FORCE_COLOR: read under the binary's grants, ignored without a prompt elsewhere", async () => {
  const petstore = `${ROOT}testdata/petstore/petstore-3.0.yaml`;
  const colour = new RegExp("\u001b\\[\\d+m");
  // The binaries' flags (and the oatool task's) grant the two colour variables: FORCE_COLOR=1 wins over NO_COLOR
  const granted = await spawnOatool(["validate", "-q", petstore], { env: { FORCE_COLOR: "1" } });
  assert.equal(granted.code, 0, granted.stderr);
  assert.match(granted.stdout, colour, "FORCE_COLOR=1 colours the report under the binary's grants");
  const task = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`)).tasks.oatool as string;
  for (const flag of PERMISSIONS) {
    assert.ok(task.split(/\s+/).includes(flag), `the oatool task grants ${flag}`);
  }
  // Without the grant: no prompt, no refusal, no colour; the run is the same otherwise
  const plain = await spawnOatool(["validate", "-q", petstore], {
    env: { FORCE_COLOR: "1" },
    permissions: PERMISSIONS.filter((f) => !f.startsWith("--allow-env")),
  });
  assert.equal(plain.code, 0, plain.stderr);
  assert.doesNotMatch(plain.stdout + plain.stderr, colour);
  assert.doesNotMatch(plain.stderr, /env access|NotCapable|FORCE_COLOR/);
  assert.equal(plain.stdout, granted.stdout.replace(new RegExp(colour.source, "g"), ""));
});
