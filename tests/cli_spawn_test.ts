/**
 * Runs cli.ts as a separate process with exactly the permission flags the compiled binary has (no -A), so a
 * missing permission fails here and not in users' hands.
 */
import assert from "node:assert/strict";
import { ROOT as root, spawnOatool } from "./_spawn.ts";

async function oatool(
  args: string[],
  stdin?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await spawnOatool(args, { stdin });
  assert.ok(!r.killed, `oatool ${args.join(" ")} did not finish`);
  return r;
}

Deno.test("spawned: parse a YAML file with the binary's permissions", async () => {
  const r = await oatool(["parse", "testdata/petstore/petstore-3.1.yaml"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /Operations: 4/);
  assert.equal(JSON.parse(r.stdout).openapi, "3.1.0");
});

Deno.test("spawned: parse from standard input, quiet", async () => {
  const r = await oatool(
    ["parse", "-q", "-"],
    await Deno.readTextFile(`${root}testdata/petstore/petstore-2.0.json`),
  );
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, "");
  assert.equal(JSON.parse(r.stdout).swagger, "2.0");
});

Deno.test("spawned: a malformed document exits 1 with one message and no stack trace", async () => {
  const r = await oatool(["parse", "testdata/malformed/alias-bomb.yaml"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /billion laughs/);
  assert.doesNotMatch(r.stderr, /\bat .*\.ts:\d+/);
});

Deno.test("spawned: version and help", async () => {
  const v = await oatool(["--version"]);
  assert.equal(v.code, 0);
  assert.match(v.stdout, /^oatool v\d+\.\d+\.\d+/);
  const h = await oatool(["help"]);
  assert.equal(h.code, 0);
  assert.match(h.stdout, /Commands:/);
});

Deno.test("spawned: a URL input from a local server, with credentials never printed", async () => {
  const body = await Deno.readTextFile(`${root}testdata/petstore/petstore-3.0.yaml`);
  let auth = "";
  const ac = new AbortController();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen() {} }, (req) => {
    auth = req.headers.get("authorization") ?? "";
    return new URL(req.url).pathname === "/api.yaml"
      ? new Response(body, { headers: { "content-type": "application/yaml" } })
      : new Response("no", { status: 404 });
  });
  try {
    const base = `http://user:s3cret@127.0.0.1:${server.addr.port}`;
    const ok = await oatool(["parse", `${base}/api.yaml`]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stderr, /Operations: 3/);
    assert.equal(auth, "Basic " + btoa("user:s3cret"));
    assert.doesNotMatch(ok.stderr + ok.stdout, /s3cret/);
    const missing = await oatool(["parse", `${base}/nope.yaml`]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /failed with HTTP 404/);
    assert.doesNotMatch(missing.stderr, /s3cret/);
  } finally {
    ac.abort();
    await server.finished;
  }
});

Deno.test("spawned: validate, overlay apply and join run with the binary's permissions", async () => {
  const v = await oatool(["validate", "--format", "json", "testdata/petstore/petstore-3.2.yaml"]);
  assert.equal(v.code, 0, v.stderr);
  assert.equal(JSON.parse(v.stdout).valid, true);
  const bad = await oatool(["validate", "-q", "testdata/validator/invalid.yaml"]);
  assert.equal(bad.code, 1);

  const o = await oatool([
    "overlay",
    "apply",
    "-q",
    "-s",
    "testdata/overlay/petstore.yaml",
    "testdata/overlay/overlay-1.1.yaml",
  ]);
  assert.equal(o.code, 0, o.stderr);
  assert.match(o.stdout, /^openapi: /);

  const dir = await Deno.makeTempDir();
  try {
    const out = `${dir}/merged.yaml`;
    const j = await oatool([
      "join",
      "--path-strategy=accept-left",
      "--component-strategy=accept-left",
      "--schema-strategy=rename-right",
      "-o",
      out,
      "testdata/joiner/oas3/users.yaml",
      "testdata/joiner/oas3/orders.yaml",
    ]);
    assert.equal(j.code, 0, j.stderr);
    assert.match(j.stderr, /Files Joined: 2/);
    if (Deno.build.os !== "windows") assert.equal((await Deno.stat(out)).mode! & 0o777, 0o600);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
