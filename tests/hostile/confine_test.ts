/**
 * Hostile inputs against data loss and confinement (issue 11, "Data loss and confinement"): outputs that would
 * replace a file the run read, FIFOs and devices, references outside the base directory, documents from URLs,
 * secrets in URLs, size caps and signals during a write. Every run is spawned with the binary's permissions and
 * bounded by a kill; every test asserts the exact outcome and leaves no file behind.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT, spawnOatool, type SpawnResult, withTempDir } from "../_spawn.ts";

const API = `openapi: 3.1.0
info: {title: A, version: "1"}
paths:
  /a:
    get:
      description: a
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "schemas/pet.yaml#/Pet"}
`;
const OTHER = 'openapi: 3.1.0\ninfo: {title: B, version: "1"}\n' +
  'paths: {/b: {get: {description: b, responses: {"200": {description: ok}}}}}\n';
const PET = "Pet: {type: object, title: from-disk}\n";
const OVERLAY = `overlay: 1.0.0
info: {title: o, version: "1"}
actions:
  - target: $.info
    update: {x-changed: true}
`;

async function run(args: string[], cwd: string, options: { stdin?: string } = {}): Promise<SpawnResult> {
  const r = await spawnOatool(args, { cwd, timeoutMs: 30_000, ...options });
  assert.ok(!r.killed, `oatool ${args.join(" ")} hung and was killed`);
  return r;
}

/** Names of every entry under `dir`, recursively, sorted. */
async function listing(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(join(dir, prefix))) {
    const name = prefix === "" ? e.name : `${prefix}/${e.name}`;
    out.push(name);
    if (e.isDirectory) out.push(...await listing(dir, name));
  }
  return out.sort();
}

/** A folder with api.yaml referring to schemas/pet.yaml, other.yaml, an overlay, a hard link and a symlink. */
async function project(dir: string): Promise<void> {
  await Deno.mkdir(join(dir, "schemas"));
  await Deno.writeTextFile(join(dir, "api.yaml"), API);
  await Deno.writeTextFile(join(dir, "other.yaml"), OTHER);
  await Deno.writeTextFile(join(dir, "schemas", "pet.yaml"), PET);
  await Deno.writeTextFile(join(dir, "overlay.yaml"), OVERLAY);
  await Deno.link(join(dir, "schemas", "pet.yaml"), join(dir, "hard.yaml"));
  await Deno.symlink(join(dir, "schemas", "pet.yaml"), join(dir, "sym.yaml"));
}

Deno.test("hostile: join -o and overlay apply -o never replace a file an input reaches through $ref", async () => {
  await withTempDir(async (dir) => {
    await project(dir);
    const before = await listing(dir);
    for (const out of ["schemas/pet.yaml", "hard.yaml", "sym.yaml"]) {
      const refusal =
        `refusing to write over the input "schemas/pet.yaml" (read by this run): the output "${out}" is the same file; choose another output file.`;
      for (
        const args of [
          ["join", "-o", out, "api.yaml", "other.yaml"],
          ["join", "--no-validate", "-o", out, "api.yaml", "other.yaml"],
          ["overlay", "apply", "-s", "api.yaml", "-o", out, "overlay.yaml"],
        ]
      ) {
        const r = await run(args, dir);
        assert.equal(r.code, 1, `${args.join(" ")}: ${r.stderr}`);
        assert.ok(r.stderr.includes(refusal), `${args.join(" ")}: ${r.stderr}`);
        assert.equal(await Deno.readTextFile(join(dir, "schemas", "pet.yaml")), PET);
        assert.deepEqual(await listing(dir), before, "nothing added, nothing removed");
      }
    }
    // Overlays are files the run read too.
    const r = await run([
      "join",
      "--pre-overlay",
      "overlay.yaml",
      "-o",
      "overlay.yaml",
      "api.yaml",
      "other.yaml",
    ], dir);
    assert.equal(r.code, 1, r.stderr);
    assert.ok(r.stderr.includes('refusing to write over the input "overlay.yaml"'), r.stderr);
    assert.equal(await Deno.readTextFile(join(dir, "overlay.yaml")), OVERLAY);
    // Another name is written, with mode 0600, and nothing else is left.
    const ok = await run(["join", "-o", "joined.yaml", "api.yaml", "other.yaml"], dir);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal((await Deno.stat(join(dir, "joined.yaml"))).mode! & 0o777, 0o600);
    assert.deepEqual(await listing(dir), [...before, "joined.yaml"].sort());
  });
});

Deno.test("hostile: a FIFO reached by $ref or given as an overlay is refused, never opened", async () => {
  await withTempDir(async (dir) => {
    await project(dir);
    await Deno.remove(join(dir, "schemas", "pet.yaml"));
    await new Deno.Command("mkfifo", {
      args: [join(dir, "schemas", "pet.yaml"), join(dir, "fifo-overlay.yaml")],
    })
      .output();
    const fifo = `"${join(dir, "schemas", "pet.yaml")}" is a named pipe (FIFO), not a regular file; ` +
      "only regular files are read through references and overlays.";
    const v = await run(["validate", "-q", "api.yaml"], dir);
    assert.equal(v.code, 1, v.stderr);
    assert.ok(v.stdout.includes(`reference "schemas/pet.yaml#/Pet": ${fifo}`), v.stdout);
    const p = await run(["parse", "--resolve-refs", "api.yaml"], dir);
    assert.equal(p.code, 0, p.stderr);
    assert.ok(p.stderr.includes(fifo), p.stderr);
    const j = await run(["join", "-o", "out.yaml", "api.yaml", "other.yaml"], dir);
    assert.equal(j.code, 1, j.stderr);
    assert.ok(j.stderr.includes(fifo), j.stderr);
    const o = await run(["overlay", "apply", "-s", "other.yaml", "fifo-overlay.yaml"], dir);
    assert.equal(o.code, 1, o.stderr);
    assert.ok(
      o.stderr.includes(
        `oatool overlay apply: "${
          join(dir, "fifo-overlay.yaml")
        }" is a named pipe (FIFO), not a regular file; only regular files are read through references and overlays.`,
      ),
      o.stderr,
    );
    assert.ok(!(await listing(dir)).includes("out.yaml"));
  });
});

Deno.test("hostile: devices are refused as inputs and as references; pipes named as inputs still work", async () => {
  await withTempDir(async (dir) => {
    await project(dir);
    const r = await run(["validate", "/dev/zero"], dir);
    assert.equal(r.code, 2); // validate could not read its input (issue 32)
    assert.ok(
      r.stderr.includes(
        'oatool validate: "/dev/zero" is a character device, not a regular file; only regular files are read.',
      ),
      r.stderr,
    );
    // A symbolic link inside the base that leads to a device: its real path leaves the base.
    await Deno.remove(join(dir, "schemas", "pet.yaml"));
    await Deno.symlink("/dev/urandom", join(dir, "schemas", "pet.yaml"));
    const v = await run(["validate", "-q", "api.yaml"], dir);
    assert.equal(v.code, 1);
    assert.ok(v.stdout.includes('reference "schemas/pet.yaml#/Pet" leaves the base directory'), v.stdout);
    // /dev/stdin given a pipe is an input like any other; its references resolve against the current directory.
    await Deno.remove(join(dir, "schemas", "pet.yaml"));
    await Deno.writeTextFile(join(dir, "schemas", "pet.yaml"), PET);
    // (Reading /dev/stdin by name needs more than the binary's --allow-read: Deno asks for --allow-all.)
    const s = await spawnOatool(["validate", "-q", "/dev/stdin"], {
      cwd: dir,
      stdin: API,
      permissions: ["-A"],
    });
    assert.ok(!s.killed);
    assert.equal(s.code, 0, s.stdout + s.stderr);
    assert.ok(s.stdout.includes("/dev/stdin is valid"), s.stdout);
  });
});

Deno.test("hostile: a $ref outside the base directory gets the same message whether or not it exists", async () => {
  await withTempDir(async (outer) => {
    const dir = join(outer, "base");
    await Deno.mkdir(dir);
    await Deno.writeTextFile(join(outer, "exists.yaml"), PET);
    const messages: string[] = [];
    for (const name of ["exists", "missing"]) {
      await Deno.writeTextFile(
        join(dir, `${name}-api.yaml`),
        API.replace("schemas/pet.yaml", `../${name}.yaml`),
      );
      const r = await run(["validate", "-q", `${name}-api.yaml`], dir);
      assert.equal(r.code, 1);
      const line = r.stdout.split("\n").find((l) => l.includes(`../${name}.yaml`)) ?? "";
      messages.push(line.replace(name, "NAME"));
    }
    assert.equal(messages[0], messages[1]);
    assert.ok(
      messages[0].includes(
        `reference "../NAME.yaml#/Pet" leaves the base directory ${await Deno.realPath(
          dir,
        )}; only files inside it`,
      ),
      messages[0],
    );
  });
});

/** Starts a server on 127.0.0.1 with the given routes; stops it after `fn`. */
async function withServer(
  routes: Record<string, (req: Request) => Response | Promise<Response>>,
  fn: (base: string) => Promise<void>,
): Promise<void> {
  const ac = new AbortController();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen() {} }, (req) => {
    const route = routes[new URL(req.url).pathname];
    return route ? route(req) : new Response("not found", { status: 404 });
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    ac.abort();
    await server.finished;
  }
}

Deno.test("hostile: a document from a URL resolves refs against its URL and never reads local files", async () => {
  const yaml = (text: string) => () =>
    new Response(text, { headers: { "content-type": "application/yaml" } });
  await withTempDir(async (dir) => {
    await project(dir);
    await withServer({
      "/v1/api.yaml": yaml(API),
      "/v1/schemas/pet.yaml": yaml("Pet: {type: object, title: from-url}\n"),
      "/v1/redirect.yaml": yaml(API.replace("schemas/pet.yaml", "moved.yaml")),
      // A redirect to another origin (localhost is not 127.0.0.1): a reference may not leave by it.
      "/v1/moved.yaml": (req) =>
        Response.redirect(
          new URL("/v1/schemas/pet.yaml", req.url).href.replace("127.0.0.1", "localhost"),
          302,
        ),
      "/v1/escape.yaml": yaml(
        API.replace("schemas/pet.yaml#/Pet", `file://${join(dir, "schemas", "pet.yaml")}#/Pet`)
          .replace("description: a\n", 'description: a\n      parameters: [{$ref: "/etc/hostname"}]\n'),
      ),
    }, async (base) => {
      const p = await run(["parse", "-q", "--resolve-refs", `${base}/v1/api.yaml`], dir);
      assert.equal(p.code, 0, p.stderr);
      assert.ok(p.stdout.includes("from-url"), p.stdout);
      assert.ok(!p.stdout.includes("from-disk"), p.stdout);
      const moved = await run(["parse", "--resolve-refs", `${base}/v1/redirect.yaml`], dir);
      assert.equal(moved.code, 0, moved.stderr);
      assert.ok(!moved.stdout.includes("from-url") && !moved.stdout.includes("from-disk"), moved.stdout);
      assert.ok(
        moved.stderr.includes(
          `${base}/v1/moved.yaml redirects to another origin (${
            base.replace("127.0.0.1", "localhost")
          }/v1/schemas/pet.yaml); a referenced document is only read from the origin of the document that refers to it.`,
        ),
        moved.stderr,
      );
      const e = await run(["parse", "--resolve-refs", `${base}/v1/escape.yaml`], dir);
      assert.equal(e.code, 0, e.stderr);
      assert.ok(!e.stdout.includes("from-disk"), e.stdout);
      assert.ok(
        e.stderr.includes(
          `reference "file://${
            join(dir, "schemas", "pet.yaml")
          }#/Pet" leaves the origin ${base} of the document; a document loaded from a URL never reads local files.`,
        ),
        e.stderr,
      );
      assert.ok(
        e.stderr.includes(
          'reference "/etc/hostname" is an absolute path in a document loaded from a URL; such a document may only refer to relative paths or URLs of its own origin.',
        ),
        e.stderr,
      );
      const v = await run(["validate", "-q", `${base}/v1/escape.yaml`], dir);
      assert.equal(v.code, 1, v.stdout);
      assert.ok(v.stdout.includes('reference "/etc/hostname" is an absolute path'), v.stdout);
    });
  });
});

Deno.test("hostile: credentials and query strings of URLs are never echoed", async () => {
  await withTempDir(async (dir) => {
    await withServer({
      "/api.yaml": () =>
        new Response(
          API.replace("schemas/pet.yaml#/Pet", "https://u:hunter2@elsewhere.example/p.yaml?key=hunter3#/P"),
        ),
    }, async (base) => {
      const host = base.slice("http://".length);
      const missing = await run(["validate", `http://user:hunter2@${host}/missing.yaml?token=hunter3`], dir);
      assert.equal(missing.code, 2); // validate could not read its input (issue 32)
      assert.ok(
        missing.stderr.includes(`http://***@${host}/missing.yaml?*** failed with HTTP 404`),
        missing.stderr,
      );
      const r = await run(["validate", `http://user:hunter2@${host}/api.yaml?token=hunter3`], dir);
      assert.equal(r.code, 0, r.stdout);
      const p = await run(
        ["parse", "--resolve-refs", `http://user:hunter2@${host}/api.yaml?token=hunter3`],
        dir,
      );
      assert.equal(p.code, 0, p.stderr);
      assert.ok(
        p.stderr.includes('reference "https://***@elsewhere.example/p.yaml?***#/P" leaves the origin'),
      );
      const all = r.stdout + r.stderr;
      assert.ok(all.includes(`Specification: http://***@${host}/api.yaml?***`), all);
      assert.ok(all.includes('"https://***@elsewhere.example/p.yaml?***#/P"'), all);
      await Deno.writeTextFile(
        join(dir, "ext.yaml"),
        OVERLAY.replace("info:", "extends: https://u:hunter2@h.example/api.yaml?key=hunter3\ninfo:"),
      );
      const o = await run(["overlay", "validate", "ext.yaml"], dir);
      assert.equal(o.code, 0, o.stdout);
      assert.ok(o.stdout.includes("Extends: https://***@h.example/api.yaml?*** (not fetched)"), o.stdout);
      for (const x of [missing.stdout, missing.stderr, all, p.stderr, o.stdout]) {
        assert.ok(!/hunter/.test(x), x);
      }
    });
  });
});

Deno.test("hostile: a gzip bomb served over HTTP stops at the input size limit", async () => {
  // 300 MiB of zeros, about 300 KB compressed.
  const chunk = new Uint8Array(1024 * 1024);
  let n = 0;
  const zeros = new ReadableStream<BufferSource>({
    pull(c) {
      if (n++ < 300) c.enqueue(chunk);
      else c.close();
    },
  });
  const bomb = new Uint8Array(
    await new Response(zeros.pipeThrough(new CompressionStream("gzip"))).arrayBuffer(),
  );
  await withTempDir(async (dir) => {
    await withServer({
      "/bomb.yaml": () => new Response(bomb, { headers: { "content-encoding": "gzip" } }),
    }, async (base) => {
      const r = await run(["validate", `${base}/bomb.yaml`], dir);
      assert.equal(r.code, 2); // validate could not read its input (issue 32)
      assert.ok(
        r.stderr.includes(
          `oatool validate: ${base}/bomb.yaml is larger than 268435456 bytes (256 MiB), the input size limit; raise it with --max-input-size`,
        ),
        r.stderr,
      );
    });
  });
});

Deno.test("hostile: SIGINT or SIGTERM during a write leaves the old output and no temporary file", async () => {
  for (const signal of ["SIGINT", "SIGTERM"]) {
    await withTempDir(async (dir) => {
      const out = join(dir, "out.json");
      await Deno.writeTextFile(out, "old\n");
      const script = join(dir, "writer.ts");
      await Deno.writeTextFile(
        script,
        `import { writeDocument } from ${JSON.stringify(`${ROOT}src/io/write.ts`)};
const doc = { items: Array.from({ length: 100000 }, (_, i) => ({ name: "item" + i, tags: ["a", "b"] })) };
const done = writeDocument(${JSON.stringify(out)}, doc, { format: "yaml" });
// The signal arrives while the write is under way (as from Ctrl-C or a kill from another process).
Deno.kill(Deno.pid, ${JSON.stringify(signal)});
try {
  await done;
  await Deno.stdout.write(new TextEncoder().encode("written\\n"));
} catch (error) {
  await Deno.stdout.write(new TextEncoder().encode((error as Error).message + "\\n"));
}
`,
      );
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--quiet",
          "--config",
          `${ROOT}deno.json`,
          "--allow-read",
          "--allow-write",
          "--allow-run",
          script,
        ],
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      const output = await child.output().finally(() => clearTimeout(timer));
      const text = new TextDecoder().decode(output.stdout);
      assert.equal(
        text,
        `writing "${out}" was interrupted by ${signal}; the old file is unchanged and no temporary file is left.\n`,
      );
      assert.equal(await Deno.readTextFile(out), "old\n");
      assert.deepEqual(await listing(dir), ["out.json", "writer.ts"]);
    });
  }
});
