import { assert, assertEquals, assertRejects } from "../core/_assert_test.ts";
import { join } from "node:path";
import { rootFolders, Workspace, WorkspaceRoots } from "./workspace.ts";
import { ToolError, writeOutput } from "./spec_input.ts";
import { SpecCache } from "./spec_cache.ts";
import { toolContext } from "./tool_context.ts";

async function withLayout(fn: (root: string, outside: string) => Promise<void>): Promise<void> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "oatool-ws-" }));
  try {
    const root = join(dir, "root");
    const outside = join(dir, "outside");
    await Deno.mkdir(join(root, "sub"), { recursive: true });
    await Deno.mkdir(outside);
    await Deno.writeTextFile(join(root, "a.yaml"), "a: 1");
    await Deno.writeTextFile(join(outside, "s.yaml"), "s: 1");
    await Deno.symlink(join(outside, "s.yaml"), join(root, "link.yaml"));
    await Deno.symlink(outside, join(root, "linkdir"));
    await Deno.symlink(join(root, "sub"), join(root, "inner"));
    await fn(root, outside);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const OUTSIDE =
  "spec.file is outside the workspace; name a file under one of the client's roots (or the server's working directory) or start the server with --allow-dir.";

Deno.test("Workspace.resolveInput: the real path inside a root; outside refused alike whether it exists or not", async () => {
  await withLayout(async (root, outside) => {
    const ws = new Workspace([root]);
    assertEquals(await ws.resolveInput("a.yaml", "spec.file"), join(root, "a.yaml"));
    assertEquals(await ws.resolveInput(join(root, "a.yaml"), "spec.file"), join(root, "a.yaml"));
    assertEquals(await ws.resolveInput("sub/new.yaml", "spec.file"), join(root, "sub/new.yaml"));
    assertEquals(await ws.resolveInput("inner/x.yaml", "spec.file"), join(root, "sub/x.yaml")); // a link inside
    for (
      const path of [
        "../outside/s.yaml",
        join(outside, "s.yaml"),
        "../outside/none.yaml",
        "link.yaml",
        "linkdir/s.yaml",
        "linkdir/none/x",
      ]
    ) {
      const error = await assertRejects(() => ws.resolveInput(path, "spec.file"), ToolError);
      assertEquals(error.message, OUTSIDE, path);
    }
    await assertRejects(() => ws.resolveInput("", "spec.file"), ToolError, "spec.file is empty");
    await assertRejects(
      () => new Workspace([]).resolveInput("a.yaml", "spec.file"),
      ToolError,
      "outside the workspace",
    );
    // A second root.
    assertEquals(
      await new Workspace([root, outside]).resolveInput(join(outside, "s.yaml"), "f"),
      join(outside, "s.yaml"),
    );
  });
});

Deno.test("Workspace.resolveOutput: inside a root, through no linked folder; a link at a file target is accepted", async () => {
  await withLayout(async (root) => {
    const ws = new Workspace([root]);
    assertEquals(await ws.resolveOutput("out.yaml", "output", "file"), join(root, "out.yaml"));
    assertEquals(
      await ws.resolveOutput("new/deeper/out.yaml", "output", "file"),
      join(root, "new/deeper/out.yaml"),
    );
    assertEquals(await ws.resolveOutput("link.yaml", "output", "file"), join(root, "link.yaml")); // replaced
    assertEquals(await ws.resolveOutput("go", "output_dir", "folder"), join(root, "go"));
    await assertRejects(
      () => ws.resolveOutput("../x.yaml", "output", "file"),
      ToolError,
      "output is outside the workspace",
    );
    await assertRejects(() => ws.resolveOutput("/x.yaml", "output", "file"), ToolError, "output is outside");
    await assertRejects(
      () => ws.resolveOutput("linkdir/x.yaml", "output", "file"),
      ToolError,
      'output "linkdir/x.yaml" passes through a symbolic link to a folder',
    );
    await assertRejects(
      () => ws.resolveOutput("inner/x.yaml", "output", "file"),
      ToolError,
      "passes through a symbolic link",
    );
    await assertRejects(
      () => ws.resolveOutput("linkdir", "output_dir", "folder"),
      ToolError,
      "is a symbolic link",
    );
    await assertRejects(() => ws.resolveOutput("sub", "output", "file"), ToolError, "is a directory");
    await assertRejects(
      () => ws.resolveOutput("a.yaml/x", "output", "file"),
      ToolError,
      "passes through a file",
    );
  });
});

Deno.test("rootFolders: file URIs only; WorkspaceRoots without a client: the working directory plus --allow-dir", async () => {
  assertEquals(
    rootFolders([{ uri: "file:///home/me/p" }, { uri: "https://x/y" }, { uri: "file://host/x" }]),
    [
      "/home/me/p",
    ],
  );
  await withLayout(async (root, outside) => {
    const roots = new WorkspaceRoots({ cwd: root, allowDirs: [outside, join(root, "missing")] });
    assertEquals(await roots.currentRoots(), [root, outside]);
    const ws = await roots.currentWorkspace();
    assertEquals(ws.roots, [root, outside]);
    assert(ws === await roots.currentWorkspace());
  });
});

/** A stand-in for the SDK's Server: a client with the roots capability whose `roots/list` answers `answer()`. */
function fakeServer(answer: () => Promise<{ roots: { uri: string }[] }>) {
  const handlers: (() => void)[] = [];
  const server = {
    oninitialized: undefined as (() => void) | undefined,
    getClientCapabilities: () => ({ roots: { listChanged: true } }),
    setNotificationHandler: (_schema: unknown, handler: () => void) => handlers.push(handler),
    listRoots: answer,
  };
  return { server, initialized: () => server.oninitialized?.(), changed: () => handlers.forEach((h) => h()) };
}

Deno.test("WorkspaceRoots: the client's answer is kept; a failing or silent roots/list leaves the last one", async () => {
  await withLayout(async (root, outside) => {
    let next: () => Promise<{ roots: { uri: string }[] }> = () =>
      Promise.resolve({ roots: [{ uri: `file://${outside}` }] });
    const fake = fakeServer(() => next());
    const roots = new WorkspaceRoots({ cwd: root, timeoutMs: 50 });
    roots.attach(fake.server as unknown as Parameters<WorkspaceRoots["attach"]>[0]);
    assertEquals(await roots.currentRoots(), [root]); // not asked yet: the working directory
    fake.initialized();
    assertEquals(await roots.currentRoots(), [outside]);
    next = () => Promise.reject(new Error("no"));
    fake.changed();
    assertEquals(await roots.currentRoots(), [outside]);
    next = () => new Promise(() => {}); // never answers: the bound ends the wait
    fake.changed();
    assertEquals(await roots.currentRoots(), [outside]);
    next = () => Promise.resolve({ roots: [] }); // none declared: the working directory
    fake.changed();
    assertEquals(await roots.currentRoots(), [root]);
  });
});

Deno.test("writeOutput: a folder swapped for a link after the check is still refused at the write", async () => {
  await withLayout(async (root, outside) => {
    const settings = {
      cwd: root,
      maxContentSize: 1024,
      walkLimit: 10,
      walkDetailLimit: 10,
      cacheSize: 0,
      cacheMaxBytes: 0,
    };
    const ctx = toolContext(settings, new SpecCache(0), [root]);
    assertEquals(await ctx.workspace.rootOf(join(root, "sub", "x.json")), root);
    assertEquals(await ctx.workspace.rootOf(join(outside, "x.json")), undefined);
    // What resolveOutput gave for sub/out.json, then sub/ is replaced by a link to the outside folder.
    const plan = { full: join(root, "sub", "out.json"), dir: join(root, "sub"), handling: "keep" as const };
    await Deno.remove(join(root, "sub"), { recursive: true });
    await Deno.symlink(outside, join(root, "sub"));
    await assertRejects(
      () => writeOutput(ctx, "sub/out.json", { a: 1 }, "json", [], plan),
      Error,
      "symbolic link",
    );
    const written = [];
    for await (const e of Deno.readDir(outside)) written.push(e.name);
    assertEquals(written.sort(), ["s.yaml"]);
  });
});
