/**
 * Documents read from git revisions with no subprocess, on a repository the test makes with `git` (needs the
 * `git` program; skipped without it): commits, a rename, a multi-file specification at an older revision, tags
 * and short names, then the same after `git gc` (packed objects with OFS_DELTA, packed refs) and after a repack
 * with REF_DELTA; and the caps on delta chains and object sizes.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { LoadError } from "../core/errors.ts";
import { loadDocumentSet } from "./document_set.ts";
import { findRepository, openRevision, parseRevisionPath } from "./git_reader.ts";
import { applyDelta, GitStore } from "./git_store.ts";
import { git, hasGit } from "./git_test_util.ts";

const gitPresent = hasGit();
const skipped = gitPresent ? "" : " (skipped: the git program is not installed)";

/** A pet schema of `n` properties (long enough for git to store later versions as deltas). */
function petSchema(n: number, extra = ""): string {
  let out = "type: object\nproperties:\n";
  for (let i = 0; i < n; i++) {
    out += `  field${i}:\n    type: string\n    description: Field number ${i} of a pet\n`;
  }
  return out + extra;
}

const ROOT = `openapi: 3.1.0
info: {title: Pets, version: "1.0.0"}
paths:
  /pets:
    get:
      responses:
        "200":
          description: OK
          content:
            application/json:
              schema: {$ref: "./schemas/pet.yaml"}
`;

/** Makes the repository: c1 (two files), c2 (pet gains `name`), c3 (root renamed), tag v1 on c1. */
async function makeRepository(): Promise<{ dir: string; c1: string; c2: string; c3: string }> {
  const dir = await Deno.makeTempDir({ prefix: "oatool-git-" });
  git(dir, "init", "-q", "-b", "main");
  await Deno.mkdir(join(dir, "api/schemas"), { recursive: true });
  await Deno.writeTextFile(join(dir, "api/openapi.yaml"), ROOT);
  await Deno.writeTextFile(join(dir, "api/schemas/pet.yaml"), petSchema(60));
  git(dir, "add", ".");
  git(dir, "commit", "-q", "-m", "one");
  const c1 = git(dir, "rev-parse", "HEAD");
  git(dir, "tag", "-a", "v1", "-m", "first");
  await Deno.writeTextFile(join(dir, "api/schemas/pet.yaml"), petSchema(60, "required: [field1]\n"));
  git(dir, "commit", "-q", "-am", "two");
  const c2 = git(dir, "rev-parse", "HEAD");
  git(dir, "mv", "api/openapi.yaml", "api/spec.yaml");
  git(dir, "commit", "-q", "-m", "three");
  const c3 = git(dir, "rev-parse", "HEAD");
  return { dir, c1, c2, c3 };
}

/** The pet schema's `required`, read through the root at `revision:path`. */
async function requiredAt(cwd: string, revision: string, path: string): Promise<unknown> {
  const opened = await openRevision(revision, { cwd });
  const set = await loadDocumentSet({ file: opened.input(path, cwd) }, { reader: opened.reader });
  assert.equal(set.files.length, 2, `both files of ${revision}:${path} are loaded`);
  const pet = set.files[1].document as { required?: unknown; properties: Record<string, unknown> };
  assert.equal(Object.keys(pet.properties).length, 60);
  return pet.required ?? null;
}

async function checkRevisions(dir: string, c: { c1: string; c2: string; c3: string }): Promise<void> {
  // The multi-file specification at an older revision: its $ref resolves in the same (old) tree.
  assert.equal(await requiredAt(dir, "HEAD~2", "api/openapi.yaml"), null);
  assert.equal(await requiredAt(dir, "v1", "api/openapi.yaml"), null);
  assert.equal(await requiredAt(dir, c.c1.slice(0, 7), "api/openapi.yaml"), null);
  assert.deepEqual(await requiredAt(dir, "main^", "api/openapi.yaml"), ["field1"]);
  assert.deepEqual(await requiredAt(dir, c.c2, "/api/openapi.yaml"), ["field1"]);
  // The rename: the new name at HEAD, the old one no longer there.
  assert.deepEqual(await requiredAt(dir, "main", "api/spec.yaml"), ["field1"]);
  assert.deepEqual(await requiredAt(join(dir, "api"), "HEAD", "./spec.yaml"), ["field1"]);
  const head = await openRevision("HEAD", { cwd: dir });
  assert.equal(head.commit, c.c3);
  await assert.rejects(
    () => loadDocumentSet({ file: head.input("api/openapi.yaml", dir) }, { reader: head.reader }),
    (e: unknown) =>
      e instanceof LoadError && e.message.includes('"api/openapi.yaml" of revision "HEAD"') &&
      e.message.includes("does not exist"),
  );
  await assert.rejects(
    () => openRevision("no-such-branch", { cwd: dir }),
    (e: unknown) => e instanceof LoadError && e.message.includes('revision "no-such-branch"'),
  );
  // The files of the revision are named `rev:/path` (from the work tree's top).
  const set = await loadDocumentSet({ file: head.input("api/spec.yaml", dir) }, { reader: head.reader });
  assert.deepEqual(set.files.map((f) => f.source), ["HEAD:/api/spec.yaml", "HEAD:/api/schemas/pet.yaml"]);
}

function objectKinds(dir: string): string {
  const pack = [...Deno.readDirSync(join(dir, ".git/objects/pack"))].find((e) => e.name.endsWith(".idx"))!;
  return git(dir, "verify-pack", "-v", join(".git/objects/pack", pack.name));
}

Deno.test({
  name:
    `git revisions: loose objects, commits, a rename, tags, a multi-file spec at an older revision${skipped}`,
  ignore: !gitPresent,
  async fn() {
    const repo = await makeRepository();
    try {
      await checkRevisions(repo.dir, repo);
    } finally {
      await Deno.remove(repo.dir, { recursive: true });
    }
  },
});

Deno.test({
  name: `git revisions: packed objects (OFS_DELTA, then REF_DELTA) and packed refs${skipped}`,
  ignore: !gitPresent,
  async fn() {
    const repo = await makeRepository();
    try {
      git(repo.dir, "gc", "-q", "--aggressive", "--prune=now");
      assert.equal(
        git(repo.dir, "count-objects", "-v").match(/^count: (\d+)/m)?.[1],
        "0",
        "no loose objects",
      );
      assert.ok(
        !(await Deno.stat(join(repo.dir, ".git/refs/tags/v1")).catch(() => undefined)),
        "packed refs",
      );
      assert.match(objectKinds(repo.dir), /chain length = 1/, "some objects are deltas");
      await checkRevisions(repo.dir, repo);
      // A linked work tree (.git is a file naming its git folder, whose commondir holds objects and refs).
      const linked = `${repo.dir}-linked`;
      git(repo.dir, "worktree", "add", "-q", "--detach", linked, "HEAD~1");
      try {
        assert.equal((await openRevision("HEAD", { cwd: linked })).commit, repo.c2);
        assert.deepEqual(await requiredAt(linked, "main~2", "api/openapi.yaml"), null);
      } finally {
        await Deno.remove(linked, { recursive: true });
      }
      git(repo.dir, "-c", "repack.useDeltaBaseOffset=false", "repack", "-q", "-a", "-d", "-f");
      await checkRevisions(repo.dir, repo);
      // A chain of deltas longer than the cap, and an object larger than it, are refused.
      const found = await findRepository(repo.dir);
      const objects = join(found!.commonDir, "objects");
      const pet = git(repo.dir, "rev-parse", "HEAD~2:api/schemas/pet.yaml");
      const pet2 = git(repo.dir, "rev-parse", "HEAD:api/schemas/pet.yaml");
      const deltified = objectKinds(repo.dir).split("\n").find((l) =>
        (l.startsWith(pet) || l.startsWith(pet2)) && / [0-9a-f]{40}$/.test(l)
      )!.slice(0, 40);
      await assert.rejects(
        () => new GitStore(objects, { maxDeltaDepth: 0 }).read(deltified),
        (e: unknown) => e instanceof LoadError && /chain of more than 0 deltas/.test(e.message),
      );
      await assert.rejects(
        () => new GitStore(objects, { maxObjectBytes: 1000 }).read(pet),
        (e: unknown) => e instanceof LoadError && /larger than 1000 bytes/.test(e.message),
      );
      await assert.rejects(
        () => new GitStore(objects, { maxTotalBytes: 1000 }).read(pet),
        (e: unknown) => e instanceof LoadError && /more than 1000 bytes of git objects/.test(e.message),
      );
    } finally {
      await Deno.remove(repo.dir, { recursive: true });
    }
  },
});

Deno.test("parseRevisionPath: rev:path, not URLs, Windows drives or an empty revision", () => {
  assert.deepEqual(parseRevisionPath("main:api/openapi.yaml"), {
    revision: "main",
    path: "api/openapi.yaml",
  });
  assert.deepEqual(parseRevisionPath("origin/main~2:a.yaml"), { revision: "origin/main~2", path: "a.yaml" });
  assert.equal(parseRevisionPath("https://example.com/a.yaml"), undefined);
  assert.equal(parseRevisionPath("C:\\api\\a.yaml"), undefined);
  assert.equal(parseRevisionPath("c:/api/a.yaml"), undefined);
  assert.equal(parseRevisionPath(":a.yaml"), undefined);
  assert.equal(parseRevisionPath("a.yaml"), undefined);
  assert.equal(parseRevisionPath("../x:a.yaml"), undefined);
});

Deno.test("applyDelta: a hostile delta is refused (a copy outside its base, a size over the cap, a bad opcode)", () => {
  const base = new TextEncoder().encode("hello world");
  const ok = applyDelta(base, Uint8Array.of(11, 5, 0x91, 6, 5), 100, "d");
  assert.equal(new TextDecoder().decode(ok), "world");
  const refused = (delta: number[], pattern: RegExp, max = 100) =>
    assert.throws(
      () => applyDelta(base, Uint8Array.from(delta), max, "d"),
      (e: unknown) => e instanceof LoadError && pattern.test(e.message),
    );
  refused([11, 5, 0x91, 8, 5], /copies outside its base/);
  refused([11, 0xff, 0xff, 0x7f, 0x91, 6, 5], /larger than 100 bytes/);
  refused([11, 5, 0], /reserved instruction/);
  refused([12, 5, 0x91, 6, 5], /does not fit its base/);
  refused([11, 6, 0x91, 6, 5], /does not rebuild the size/);
});
