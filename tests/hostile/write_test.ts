/**
 * Writing (issue 25): no output replaces a file the run read, standard input redirected from a file included,
 * nor a file a `$ref` named that the run refused to read; no temporary file is left by a failed or interrupted
 * write, and stale ones of ours are removed by the next run (never look-alikes of others); a symbolic link at a
 * target is replaced, never written through; `generate` refuses a folder of another Go package. Every run is
 * spawned with the binary's permissions and bounded by a kill.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { PERMISSIONS, ROOT, spawnOatool, type SpawnResult, withTempDir } from "../_spawn.ts";

/** Runs `oatool <args>` in `cwd` after the shell commands `shell` (see `SpawnOptions.shell`). */
function spawnWithShell(shell: string, args: readonly string[], cwd: string): Promise<SpawnResult> {
  return spawnOatool(args, { shell, cwd });
}

/** Names in a folder, sorted. */
function names(dir: string): string[] {
  return [...Deno.readDirSync(dir)].map((e) => e.name).sort();
}

/** Names of temporary files (ours or anything ending in .tmp) in a folder. */
function temps(dir: string): string[] {
  return names(dir).filter((n) => n.endsWith(".tmp"));
}

/** Every file of a folder with its content (a snapshot to compare). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names(dir)) {
    const info = Deno.lstatSync(join(dir, n));
    out[n] = info.isSymlink ? `-> ${Deno.readLinkSync(join(dir, n))}` : Deno.readTextFileSync(join(dir, n));
  }
  return out;
}

const DOC30 = 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\n';

Deno.test("standard input redirected from a file is a file the run read: no command writes over it", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "api.yaml"), DOC30);
    const overlay = 'overlay: 1.0.0\ninfo: {title: o, version: "1"}\nactions:\n  - target: $.info\n' +
      "    update: {description: d}\n";
    await Deno.writeTextFile(join(dir, "overlay.yaml"), overlay);
    const refused =
      /refusing to write over the file given on standard input \(read by this run\): the output "(api|overlay)\.yaml" is the same file; choose another output file\.\n$/;
    for (
      const args of [
        ["convert", "-q", "-t", "2.0", "-o", "api.yaml", "-"],
        ["fix", "-o", "api.yaml", "-"],
        ["overlay", "apply", "-q", "-s", "-", "-o", "api.yaml", "overlay.yaml"],
      ]
    ) {
      const r = await spawnWithShell("exec <api.yaml", args, dir);
      assert.equal(r.killed, false);
      assert.equal(r.code, 1, args.join(" ") + r.stderr);
      assert.match(r.stderr, refused, args.join(" "));
    }
    const o = await spawnWithShell(
      "exec <overlay.yaml",
      ["overlay", "apply", "-q", "-s", "api.yaml", "-o", "overlay.yaml", "-"],
      dir,
    );
    assert.equal(o.code, 1, o.stderr);
    assert.match(o.stderr, refused);
    assert.equal(await Deno.readTextFile(join(dir, "api.yaml")), DOC30);
    assert.equal(await Deno.readTextFile(join(dir, "overlay.yaml")), overlay);

    // generate: the embedded document's file in the output folder is the file on standard input.
    await Deno.mkdir(join(dir, "out"));
    await Deno.writeTextFile(join(dir, "out", "server_embed_spec.yaml"), DOC30);
    const g = await spawnWithShell(
      "exec <out/server_embed_spec.yaml",
      ["generate", "--server", "--server-embed-spec", "-o", "out", "-"],
      dir,
    );
    assert.equal(g.code, 1, g.stderr);
    assert.match(g.stderr, /refusing to write over the file given on standard input \(read by this run\)/);
    assert.deepEqual(snapshot(join(dir, "out")), { "server_embed_spec.yaml": DOC30 });

    // The same text through a pipe is no file: it is written.
    const piped = await spawnOatool(["convert", "-q", "-t", "2.0", "-o", "api.yaml", "-"], {
      cwd: dir,
      stdin: DOC30,
    });
    assert.equal(piped.code, 0, piped.stderr);
    assert.match(await Deno.readTextFile(join(dir, "api.yaml")), /^swagger: '2\.0'/);
  });
});

Deno.test("a file a $ref names that the run refused to read is never written over", async () => {
  await withTempDir(async (dir) => {
    await Deno.mkdir(join(dir, "base"));
    const secret = "Pet: {type: object}\n";
    await Deno.writeTextFile(join(dir, "secret.yaml"), secret);
    await Deno.writeTextFile(join(dir, "secret2.yaml"), secret);
    await Deno.symlink(join(dir, "secret2.yaml"), join(dir, "base", "link.yaml"));
    const big = `Big: {type: object, description: ${"x".repeat(5000)}}\n`;
    await Deno.writeTextFile(join(dir, "base", "big.yaml"), big);
    const fifo = await new Deno.Command("mkfifo", { args: [join(dir, "base", "pipe.yaml")] }).output();
    assert.ok(fifo.success);
    await Deno.writeTextFile(
      join(dir, "base", "api.yaml"),
      DOC30 + "components:\n  schemas:\n    A: {$ref: '../secret.yaml#/Pet'}\n" +
        "    B: {$ref: 'link.yaml#/Pet'}\n    C: {$ref: 'big.yaml#/Big'}\n    D: {$ref: 'pipe.yaml#/P'}\n",
    );
    for (const out of ["secret.yaml", "secret2.yaml", "base/big.yaml", "base/pipe.yaml"]) {
      const r = await spawnOatool(
        ["convert", "-q", "--max-input-size", "2K", "-t", "3.1", "-o", out, "base/api.yaml"],
        { cwd: dir },
      );
      assert.equal(r.killed, false);
      assert.equal(r.code, 1, r.stderr);
      assert.match(
        r.stderr,
        new RegExp(
          `refusing to write over "${
            out.replace(".", "\\.")
          }" \\(a file this run refused to read\\): the output "${out}" is the same file`,
        ),
      );
    }
    assert.equal(await Deno.readTextFile(join(dir, "secret.yaml")), secret);
    assert.equal(await Deno.readTextFile(join(dir, "secret2.yaml")), secret);
    assert.equal(await Deno.readTextFile(join(dir, "base", "big.yaml")), big);
    assert.ok((await Deno.lstat(join(dir, "base", "pipe.yaml"))).isFifo);
  });
});

Deno.test("a write that fails after its temporary file exists leaves none behind", async () => {
  await withTempDir(async (dir) => {
    const big = DOC30.replace("title: t", `title: t, description: ${"y".repeat(20_000)}`);
    await Deno.writeTextFile(join(dir, "api.yaml"), big);
    await Deno.writeTextFile(join(dir, "out.json"), "old\n");
    // The file size limit makes the write fail half-way (EFBIG, for root too); SIGXFSZ is ignored.
    for (let run = 0; run < 2; run++) {
      const r = await spawnWithShell('trap "" XFSZ; ulimit -f 16', [
        "convert",
        "-q",
        "-t",
        "3.1",
        "-o",
        "out.json",
        "api.yaml",
      ], dir);
      assert.equal(r.killed, false);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /^oatool convert: cannot write "out\.json": File too large/);
    }
    assert.deepEqual(names(dir), ["api.yaml", "out.json"]);
    assert.equal(await Deno.readTextFile(join(dir, "out.json")), "old\n");

    // generate: every file of the set fails the same way; none leaves a temporary file.
    const g = await spawnWithShell('trap "" XFSZ; ulimit -f 4', [
      "generate",
      "--client",
      "--server",
      "-o",
      "gen",
      "api.yaml",
    ], dir);
    assert.equal(g.code, 3, g.stderr);
    assert.match(g.stderr, /cannot write ".*": File too large/);
    assert.deepEqual(temps(join(dir, "gen")), []);

    // A target that is a folder holding files: refused before any temporary file exists.
    await Deno.mkdir(join(dir, "gen2", "types.go"), { recursive: true });
    await Deno.writeTextFile(join(dir, "gen2", "types.go", "keep.txt"), "keep");
    const d = await spawnOatool(["generate", "-o", "gen2", "api.yaml"], { cwd: dir });
    assert.equal(d.code, 1, d.stderr);
    assert.match(d.stderr, /cannot write "gen2\/types\.go": a folder of that name is in the way/);
    assert.deepEqual(names(join(dir, "gen2")), ["types.go"]);
  });
});

Deno.test("a write whose rename fails (immutable target) leaves no temporary file", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "api.yaml"), DOC30);
    await Deno.writeTextFile(join(dir, "out.yaml"), "old\n");
    const lock = await new Deno.Command("chattr", { args: ["+i", join(dir, "out.yaml")] }).output()
      .catch(() => undefined);
    if (lock === undefined || !lock.success) {
      console.log("skipped: chattr +i is not available here (needs e2fsprogs and CAP_LINUX_IMMUTABLE)");
      return;
    }
    try {
      for (let run = 0; run < 2; run++) {
        const r = await spawnOatool(["convert", "-q", "-t", "3.1", "-o", "out.yaml", "api.yaml"], {
          cwd: dir,
        });
        assert.equal(r.code, 1, r.stderr);
        assert.match(r.stderr, /^oatool convert: cannot write "out\.yaml": permission denied\.\n$/);
      }
      assert.deepEqual(names(dir), ["api.yaml", "out.yaml"]);
    } finally {
      await new Deno.Command("chattr", { args: ["-i", join(dir, "out.yaml")] }).output();
    }
  });
});

/** Spawns `oatool <args>` and sends SIGTERM as soon as a temporary file appears in `dir` (or gives up). */
async function termDuringWrite(
  args: string[],
  dir: string,
  cwd = dir,
): Promise<{ seen: boolean; status: Deno.CommandStatus; stderr: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...PERMISSIONS, `${ROOT}cli.ts`, ...args],
    cwd,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  let ended = false;
  const status = child.status.then((s) => {
    ended = true;
    return s;
  });
  let seen = false;
  while (!ended && !seen) {
    seen = temps(dir).length > 0;
    if (!seen) await new Promise((r) => setTimeout(r, 1));
  }
  if (seen) child.kill("SIGTERM");
  const s = await status;
  clearTimeout(killer);
  const stderr = new TextDecoder().decode(await new Response(child.stderr).arrayBuffer());
  return { seen, status: s, stderr };
}

Deno.test("SIGTERM during a large write leaves no temporary file and the old file as it was", async () => {
  await withTempDir(async (dir) => {
    let seen = false;
    for (let mb = 64; mb <= 192 && !seen; mb *= 2) {
      const doc = { openapi: "3.0.3", info: { title: "t", version: "1", description: "z".repeat(mb << 20) } };
      await Deno.writeTextFile(join(dir, "big.json"), JSON.stringify(doc));
      await Deno.writeTextFile(join(dir, "out.json"), "old\n");
      const r = await termDuringWrite(["convert", "-q", "-t", "3.1", "-o", "out.json", "big.json"], dir);
      seen = r.seen;
      if (!seen) continue;
      assert.equal(r.status.success, false, r.stderr);
      assert.match(r.stderr, /writing "out\.json" was interrupted by SIGTERM; the old file is unchanged/);
      assert.deepEqual(names(dir), ["big.json", "out.json"]);
      assert.equal(await Deno.readTextFile(join(dir, "out.json")), "old\n");
    }
    assert.ok(seen, "the write always ended before a temporary file could be seen");

    // A set of files (generate): the writes under way all settle and clean up before the run exits.
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 4000; i++) {
      schemas[`S${i}`] = {
        type: "object",
        description: "d".repeat(2000),
        properties: { a: { type: "string" } },
      };
    }
    const doc = { openapi: "3.0.3", info: { title: "t", version: "1" }, paths: {}, components: { schemas } };
    await Deno.writeTextFile(join(dir, "many.json"), JSON.stringify(doc));
    let interrupted = 0;
    for (let run = 0; run < 3; run++) {
      const out = join(dir, `gen${run}`);
      await Deno.mkdir(out);
      const r = await termDuringWrite(
        ["generate", "--max-types-per-file", "10", "-o", out, "many.json"],
        out,
        dir,
      );
      if (!r.seen) continue;
      interrupted++;
      assert.equal(r.status.code, 3, r.stderr);
      assert.match(
        r.stderr,
        /writing into ".*" was interrupted by SIGTERM; each file there is either as it was or complete/,
      );
      assert.deepEqual(temps(out), []);
    }
    assert.ok(interrupted > 0, "generate always ended before a temporary file could be seen");
  });
});

Deno.test("stale temporary files of ours are removed by the next run; look-alikes and live ones are kept", async () => {
  await withTempDir(async (dir) => {
    const child = new Deno.Command("true").spawn();
    await child.status; // reaped: no process has its pid any more
    const gone = child.pid;
    const live = Deno.pid;
    // Old ones, whoever made them (the binary may not ask whether a process is alive: the age decides).
    const stale = [`.out.json.oatool-${gone}-0123abcd.tmp`, `.types.go.oatool-${live}-89abcdef.tmp`];
    const kept = [
      `.x.json.oatool-${live}-0123abcd.tmp`, // a live run's, recent
      ".out.json.0123abcd.tmp", // not our pattern (another tool, or an old run)
      `out.json.oatool-${gone}-0123abcd.tmp`,
      `.out.json.oatool-${gone}-0123abcd.tmp.keep`,
      `.out.json.oatool-${gone}-0123ABCD.tmp`,
      `.out.json.oatool-x${gone}-0123abcd.tmp`,
    ];
    await Deno.writeTextFile(join(dir, "api.yaml"), DOC30);
    for (const folder of [dir, join(dir, "gen")]) {
      await Deno.mkdir(folder, { recursive: true });
      for (const n of [...stale, ...kept]) await Deno.writeTextFile(join(folder, n), "partial");
      const hourAgo = new Date(Date.now() - 3600_000);
      for (const n of [...stale, ...kept.slice(1)]) await Deno.utime(join(folder, n), hourAgo, hourAgo);
      await Deno.mkdir(join(folder, `.d.oatool-${gone}-0123abcd.tmp`)); // a folder is never ours
    }
    const c = await spawnOatool(["convert", "-q", "-t", "3.1", "-o", "out.json", "api.yaml"], { cwd: dir });
    assert.equal(c.code, 0, c.stderr);
    const g = await spawnOatool(["generate", "--no-readme", "-o", "gen", "api.yaml"], { cwd: dir });
    assert.equal(g.code, 0, g.stderr);
    const dotD = `.d.oatool-${gone}-0123abcd.tmp`;
    assert.deepEqual(names(dir), [...kept, dotD, "api.yaml", "gen", "out.json"].sort());
    assert.deepEqual(names(join(dir, "gen")), [...kept, dotD, "types.go"].sort());
  });
});

Deno.test("a symbolic link at a target is replaced by the file, never written through", async () => {
  await withTempDir(async (dir) => {
    await Deno.mkdir(join(dir, "elsewhere"));
    const victim = join(dir, "elsewhere", "victim.txt");
    await Deno.writeTextFile(victim, "victim\n");
    await Deno.writeTextFile(join(dir, "api.yaml"), DOC30);
    await Deno.symlink(victim, join(dir, "out.yaml"));
    await Deno.symlink(join(dir, "elsewhere", "none.txt"), join(dir, "dangling.yaml"));
    for (const out of ["out.yaml", "dangling.yaml"]) {
      const r = await spawnOatool(["convert", "-q", "-t", "3.1", "-o", out, "api.yaml"], { cwd: dir });
      assert.equal(r.code, 0, r.stderr);
      const info = await Deno.lstat(join(dir, out));
      assert.ok(info.isFile && !info.isSymlink, out);
      assert.match(await Deno.readTextFile(join(dir, out)), /^openapi: 3\.1\.\d/);
    }
    assert.deepEqual(names(join(dir, "elsewhere")), ["victim.txt"]);

    // generate: links at a Go file's place and at the embedded document's place (the --server-embed-spec hole).
    await Deno.mkdir(join(dir, "gen"));
    await Deno.symlink(victim, join(dir, "gen", "types.go"));
    await Deno.symlink(victim, join(dir, "gen", "server_embed_spec.yaml"));
    const g = await spawnOatool(
      ["generate", "--server", "--server-embed-spec", "-o", "gen", "api.yaml"],
      { cwd: dir },
    );
    assert.equal(g.code, 0, g.stderr);
    for (const n of ["types.go", "server_embed_spec.yaml"]) {
      const info = await Deno.lstat(join(dir, "gen", n));
      assert.ok(info.isFile && !info.isSymlink, n);
    }
    assert.equal(await Deno.readTextFile(join(dir, "gen", "server_embed_spec.yaml")), DOC30);
    assert.equal(await Deno.readTextFile(victim), "victim\n");
    assert.deepEqual(names(join(dir, "elsewhere")), ["victim.txt"]);
  });
});

Deno.test("generate refuses a folder holding another Go package or hand-written files at its names", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "api.yaml"), DOC30);
    const out = join(dir, "internal", "api");
    await Deno.mkdir(out, { recursive: true });
    const mine = {
      "handlers.go": "package api\n\n// Handlers are written by hand.\ntype Handlers struct{}\n",
      "api_test.go": "// Copyright.\n\n/* block */ package api_test\n",
      "gen.go": "//go:build ignore\n\npackage main\n",
      "_old.go": "package old\n",
      "notes.txt": "notes\n",
    };
    for (const [n, text] of Object.entries(mine)) await Deno.writeTextFile(join(out, n), text);

    const other = "// Command tool.\npackage main\n\nfunc main() {}\n";
    await Deno.writeTextFile(join(out, "main.go"), other);
    const before = snapshot(out);
    const r = await spawnOatool(["generate", "-o", "internal/api", "api.yaml"], { cwd: dir });
    assert.equal(r.killed, false);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(
      r.stderr,
      'oatool generate: refusing to generate package "api" into the output directory "internal/api": "main.go" there is package "main" and a folder holds one Go package; choose another output directory.\n',
    );
    assert.deepEqual(snapshot(out), before);
    // A package we could generate is named as the way out.
    await Deno.writeTextFile(join(out, "main.go"), "package models\n");
    const models = await spawnOatool(["generate", "-o", "internal/api", "api.yaml"], { cwd: dir });
    assert.equal(models.code, 1, models.stderr);
    assert.match(
      models.stderr,
      /"main\.go" there is package "models" and .*; choose another output directory, or -p models\.\n$/,
    );

    // A hand-written file at one of our names is not replaced.
    await Deno.remove(join(out, "main.go"));
    await Deno.writeTextFile(join(out, "types.go"), "package api\n\ntype Pet struct{}\n");
    const before2 = snapshot(out);
    const h = await spawnOatool(["generate", "-o", "internal/api", "api.yaml"], { cwd: dir });
    assert.equal(h.code, 1, h.stderr);
    assert.match(
      h.stderr,
      /^oatool generate: refusing to replace "types\.go" in the output directory "internal\/api": it has no "Code generated … DO NOT EDIT\." line, so it was not generated; move it, or choose another output directory\.\n$/,
    );
    assert.deepEqual(snapshot(out), before2);

    // Once it is gone, the package is generated beside the files of the same package, which stay as they were.
    await Deno.remove(join(out, "types.go"));
    const ok = await spawnOatool(["generate", "-o", "internal/api", "api.yaml"], { cwd: dir });
    assert.equal(ok.code, 0, ok.stderr);
    const after = snapshot(out);
    for (const [n, text] of Object.entries(mine)) assert.equal(after[n], text, n);
    assert.match(after["types.go"], /^\/\/ Code generated by oatool\. DO NOT EDIT\.\n\npackage api\n/);
    // Regenerating replaces our own files (they carry the mark).
    const again = await spawnOatool(["generate", "--client", "-o", "internal/api", "api.yaml"], { cwd: dir });
    assert.equal(again.code, 0, again.stderr);
    assert.ok(names(out).includes("client.go"));
  });
});
