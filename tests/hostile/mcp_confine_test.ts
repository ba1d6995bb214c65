/**
 * Hostile tool calls (an assistant steered by a hostile document): reads and writes outside the workspace,
 * through `../`, absolute paths and symbolic links. Over the real transport, spawned with the binary's
 * permissions, with the SDK client. Every refusal is one sentence that names no outside path and quotes none
 * of the outside file; nothing is written outside; the client's roots (`roots/list`, and a change announced
 * with `notifications/roots/list_changed`) and `--allow-dir` decide what the workspace is.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { withTempDir } from "../_spawn.ts";
import { startMcp, type StdioSession } from "../_mcp_client.ts";

const SECRET = "SECRET-7f3a9c-hunter2-do-not-echo";
const DOC = (title: string) => `openapi: 3.1.0\ninfo: {title: ${title}, version: "1"}\npaths: {}\n`;
const OVERLAY =
  "overlay: 1.1.0\ninfo: {title: o, version: '1'}\nactions: [{target: $.info, update: {x-a: 1}}]\n";

/** A workspace `ws` (the server's working directory) beside a folder `elsewhere-q8z` it must never reach. */
async function layout(dir: string): Promise<{ ws: string; out: string }> {
  const ws = join(dir, "ws");
  const out = join(dir, "elsewhere-q8z");
  await Deno.mkdir(ws);
  await Deno.mkdir(out);
  await Deno.writeTextFile(join(ws, "api.yaml"), DOC("inside"));
  await Deno.writeTextFile(join(out, "secret.yaml"), `${DOC("outside")}x-secret: ${SECRET}\n`);
  await Deno.writeTextFile(join(out, "key.pem"), `-----BEGIN KEY-----\n${SECRET}\n-----END KEY-----\n`);
  await Deno.writeTextFile(join(out, "overlay.yaml"), OVERLAY);
  await Deno.writeTextFile(join(out, "victim.yaml"), "VICTIM\n");
  await Deno.symlink(join(out, "secret.yaml"), join(ws, "link.yaml"));
  await Deno.symlink(out, join(ws, "linkdir"));
  return { ws, out };
}

/** Fails unless the call was refused as outside the workspace, naming no outside path and none of its text. */
function assertRefused(r: { isError: boolean; text: string }, field: string, dir: string): void {
  assert.equal(r.isError, true, r.text);
  assert.match(
    r.text,
    new RegExp(`^${field.replace(/[.[\]]/g, "\\$&")} is outside the workspace; [^\n]*\\.$`),
  );
  for (const leak of [dir, "elsewhere-q8z", "secret.yaml", "key.pem", "victim", SECRET, "BEGIN KEY"]) {
    assert.ok(!r.text.includes(leak), `${r.text} names ${leak}`);
  }
}

async function session(
  ws: string,
  fn: (s: StdioSession) => Promise<void>,
  flags: string[] = [],
): Promise<void> {
  const s = await startMcp({ cwd: ws, flags });
  try {
    await fn(s);
  } finally {
    await s.close();
  }
}

Deno.test("hostile mcp confine: reads outside the workspace are refused, naming nothing outside", async () => {
  await withTempDir(async (dir) => {
    const { ws, out } = await layout(dir);
    await session(ws, async (s) => {
      const reads: [string, Record<string, unknown>, string][] = [
        ["validate", { spec: { file: "../elsewhere-q8z/secret.yaml" } }, "spec.file"],
        ["validate", { spec: { file: join(out, "secret.yaml") } }, "spec.file"],
        ["validate", { spec: { file: "../elsewhere-q8z/missing.yaml" } }, "spec.file"], // the same answer
        ["parse", { spec: { file: "link.yaml" } }, "spec.file"], // a link inside, pointing outside
        ["parse", { spec: { file: "linkdir/secret.yaml" } }, "spec.file"], // a linked folder
        ["overlay_validate", { spec: { file: join(out, "key.pem") } }, "spec.file"],
        [
          "overlay_apply",
          { spec: { file: "api.yaml" }, overlay: { file: "linkdir/overlay.yaml" } },
          "overlay.file",
        ],
        ["overlay_apply", { spec: { file: "link.yaml" }, overlay: { content: OVERLAY } }, "spec.file"],
        [
          "join",
          { specs: [{ file: "api.yaml" }, { file: "../elsewhere-q8z/secret.yaml" }] },
          "specs[1].file",
        ],
        [
          "diff",
          { base: { file: "api.yaml" }, revision: { file: join(out, "secret.yaml") } },
          "revision.file",
        ],
        ["diff", { base: { file: "linkdir/secret.yaml" }, revision: { file: "api.yaml" } }, "base.file"],
        ["walk_paths", { spec: { file: "/etc/passwd" } }, "spec.file"],
        ["fix", { spec: { file: "../elsewhere-q8z/secret.yaml" }, dry_run: true }, "spec.file"],
        ["convert", { spec: { file: "link.yaml" }, target: "3.0" }, "spec.file"],
        ["generate", { spec: { file: "link.yaml" }, output_dir: "go" }, "spec.file"],
      ];
      for (const [tool, args, field] of reads) assertRefused(await s.call(tool, args), field, dir);
      // Inside the workspace all is as before.
      const ok = await s.call("validate", { spec: { file: join(ws, "api.yaml") } });
      assert.equal(ok.structured?.valid, true, ok.text);
      // The $ref rule still holds inside the root: a reference out of the document's folder is refused.
      await Deno.mkdir(join(ws, "sub"));
      await Deno.writeTextFile(
        join(ws, "sub/ref.yaml"),
        `${DOC("ref")}components: {schemas: {A: {$ref: "../../elsewhere-q8z/secret.yaml#/info"}}}\n`,
      );
      const ref = await s.call("validate", { spec: { file: "sub/ref.yaml" } });
      assert.ok(!JSON.stringify(ref).includes(SECRET), ref.text);
    });
  });
});

Deno.test("hostile mcp confine: writes outside the workspace or through links are refused; a link at the target is replaced", async () => {
  await withTempDir(async (dir) => {
    const { ws, out } = await layout(dir);
    await session(ws, async (s) => {
      const spec = { file: "api.yaml" };
      for (const output of [join(out, "new.yaml"), "../elsewhere-q8z/new.yaml", join(dir, "new.yaml")]) {
        assertRefused(await s.call("convert", { spec, target: "3.0", output }), "output", dir);
      }
      for (const output_dir of [join(out, "go"), "../elsewhere-q8z/go", "../go"]) {
        assertRefused(await s.call("generate", { spec, output_dir }), "output_dir", dir);
      }
      // A symbolic link to a folder anywhere below the root is refused, as the target or on the way to it.
      const through = await s.call("fix", { spec, output: "linkdir/new.yaml" });
      assert.equal(through.isError, true);
      assert.equal(
        through.text,
        'output "linkdir/new.yaml" passes through a symbolic link to a folder; name a path whose folders are real folders.',
      );
      const linkedDir = await s.call("generate", { spec, output_dir: "linkdir" });
      assert.equal(linkedDir.text, 'output_dir "linkdir" is a symbolic link; name a folder or a new path.');
      const below = await s.call("generate", { spec, output_dir: "linkdir/go" });
      assert.match(below.text, /^output_dir "linkdir\/go" passes through a symbolic link to a folder; /);
      for (const name of ["new.yaml", "go"]) {
        assert.equal(await Deno.lstat(join(out, name)).catch(() => "absent"), "absent", name);
      }
      assert.equal(await Deno.lstat(join(dir, "go")).catch(() => "absent"), "absent");
      // A link at the output file itself is replaced by the written file, never written through.
      await Deno.symlink(join(out, "victim.yaml"), join(ws, "target.yaml"));
      const replaced = await s.call("convert", { spec, target: "3.0", output: "target.yaml" });
      assert.equal(replaced.structured?.written_to, "target.yaml", replaced.text);
      assert.ok((await Deno.lstat(join(ws, "target.yaml"))).isFile);
      assert.equal(await Deno.readTextFile(join(out, "victim.yaml")), "VICTIM\n");
      // Links inside an output folder are replaced too, never followed.
      await Deno.mkdir(join(ws, "gen"));
      await Deno.symlink(join(out, "victim.yaml"), join(ws, "gen/types.go"));
      const gen = await s.call("generate", { spec: { content: DOC("gen") }, output_dir: "gen" });
      assert.equal(gen.isError, false, gen.text);
      assert.ok((gen.structured?.files as string[]).includes("types.go"));
      assert.ok((await Deno.lstat(join(ws, "gen/types.go"))).isFile);
      assert.equal(await Deno.readTextFile(join(out, "victim.yaml")), "VICTIM\n");
    });
  });
});

Deno.test("hostile mcp confine: the client's roots are the workspace, and a change of them takes effect", async () => {
  await withTempDir(async (dir) => {
    const { ws } = await layout(dir);
    const declared = join(dir, "declared");
    await Deno.mkdir(declared);
    await Deno.writeTextFile(join(declared, "a.yaml"), DOC("declared"));
    const s = await startMcp({ cwd: ws, roots: [declared] });
    try {
      // Relative paths resolve against the first root; the working directory is not part of the workspace.
      const inRoot = await s.call("parse", { spec: { file: "a.yaml" } });
      assert.equal((inRoot.structured?.summary as { title: string }).title, "declared", inRoot.text);
      const absolute = await s.call("parse", { spec: { file: join(declared, "a.yaml") } });
      assert.equal(absolute.isError, false, absolute.text);
      assertRefused(await s.call("parse", { spec: { file: join(ws, "api.yaml") } }), "spec.file", dir);
      assertRefused(
        await s.call("convert", { spec: { file: "a.yaml" }, target: "3.0", output: join(ws, "x.yaml") }),
        "output",
        dir,
      );
      // Inline content's references resolve in the first root too, not in the server's working directory.
      const refDoc = (target: string) => `${DOC("c")}components: {schemas: {A: {$ref: "${target}#/info"}}}\n`;
      const inside = await s.call("validate", { spec: { content: refDoc("a.yaml") } });
      assert.equal(inside.structured?.valid, true, inside.text);
      const cwdFile = await s.call("validate", { spec: { content: refDoc("api.yaml") } });
      assert.equal(cwdFile.structured?.valid, false, cwdFile.text);
      assert.match(cwdFile.text, /declared\/api\.yaml\\" does not exist/);
      // The client changes its roots: the next call sees the new ones.
      await s.setRoots([ws]);
      const now = await s.call("parse", { spec: { file: "api.yaml" } });
      assert.equal((now.structured?.summary as { title: string }).title, "inside", now.text);
      assertRefused(await s.call("parse", { spec: { file: join(declared, "a.yaml") } }), "spec.file", dir);
    } finally {
      await s.close();
    }
  });
});

Deno.test("hostile mcp confine: --allow-dir adds a root, with or without the client's roots", async () => {
  await withTempDir(async (dir) => {
    const { ws } = await layout(dir);
    const extra = join(dir, "extra");
    await Deno.mkdir(extra);
    await Deno.writeTextFile(join(extra, "e.yaml"), DOC("extra"));
    await session(ws, async (s) => {
      const r = await s.call("parse", { spec: { file: join(extra, "e.yaml") } });
      assert.equal((r.structured?.summary as { title: string }).title, "extra", r.text);
      const w = await s.call("convert", {
        spec: { file: "api.yaml" },
        target: "3.0",
        output: join(extra, "out.yaml"),
      });
      assert.equal(w.isError, false, w.text);
      assert.ok((await Deno.readTextFile(join(extra, "out.yaml"))).includes("openapi: 3.0"));
      assertRefused(
        await s.call("parse", { spec: { file: "../elsewhere-q8z/secret.yaml" } }),
        "spec.file",
        dir,
      );
    }, ["--allow-dir", extra]);
    // Without the flag the same folder is outside.
    await session(ws, async (s) => {
      assertRefused(await s.call("parse", { spec: { file: join(extra, "e.yaml") } }), "spec.file", dir);
    });
    const s = await startMcp({
      cwd: ws,
      roots: [join(dir, "declared-missing")],
      flags: ["--allow-dir", extra],
    });
    try {
      const r = await s.call("parse", { spec: { file: join(extra, "e.yaml") } });
      assert.equal(r.isError, false, r.text);
    } finally {
      await s.close();
    }
  });
});
