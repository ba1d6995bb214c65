/**
 * The user documentation stays true to the code: every generated part of docs/ (the command pages' references
 * from `defineCommand`'s declarations, the command list, the rules table, the diff severity page) is what
 * `deno task docs` writes now, every command has a page and every page a command, every relative link of
 * README.md and docs/ leads to a file and heading that exist, and the README fits on a screen. Runs `deno fmt`
 * (the running deno) on the generated pages.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { expectedPages, fillRegions, orphanPages, proseOf, stalePages } from "../scripts/gen_docs.ts";
import { anchorsOf, brokenLinks, linksOf } from "../scripts/_docs_links.ts";
import { commands } from "../src/cli/commands.ts";
import { spawnOatool, withTempDir } from "./_spawn.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

Deno.test("docs: every generated page is what deno task docs writes (run it when this fails)", async () => {
  const stale = await stalePages();
  assert.deepEqual(
    stale.map((p) => p.path),
    [],
    `stale pages; run deno task docs:\n${stale.map((p) => `  ${p.path}`).join("\n")}`,
  );
});

Deno.test("docs: one page per command, and no page without a command", async () => {
  const paths = (await expectedPages()).map((p) => p.path);
  for (const c of commands.filter((c) => c.name !== "help")) {
    assert.ok(paths.includes(`docs/commands/${c.name}.md`), `no page for ${c.name}`);
  }
  assert.deepEqual(await orphanPages(), []);
});

Deno.test("docs: the flags a command page's hand-written tables name are flags the command declares", async () => {
  const unknown: string[] = [];
  for (const entry of commands.filter((c) => c.name !== "help")) {
    const command = await entry.load();
    const declared = new Set(["help", "color"]);
    for (const c of [command, ...(command.subcommands ?? [])]) {
      for (const f of c.flags) for (const name of [f.name, ...(f.aliases ?? [])]) declared.add(name);
    }
    const page = proseOf(await Deno.readTextFile(`${ROOT}docs/commands/${entry.name}.md`));
    for (const row of page.matchAll(/^\|([^|\n]*)\|/gm)) {
      for (const flag of row[1].matchAll(/`--([a-z][a-z0-9-]*)/g)) {
        if (!declared.has(flag[1])) unknown.push(`docs/commands/${entry.name}.md: --${flag[1]}`);
      }
    }
  }
  assert.deepEqual(unknown, [], "flags in hand-written tables that the command does not declare");
});

Deno.test("docs: every relative link of README.md and docs/ resolves, to a file and a heading", async () => {
  const broken = await brokenLinks();
  assert.deepEqual(broken, [], `broken links:\n${broken.join("\n")}`);
});

Deno.test("docs: the README fits on a screen (at most 200 lines of at most 120 characters)", async () => {
  const lines = (await Deno.readTextFile(`${ROOT}README.md`)).trimEnd().split("\n");
  assert.ok(lines.length <= 200, `README.md has ${lines.length} lines`);
  const long = lines.map((l, i) => [i + 1, l.length] as const).filter(([, n]) => n > 120);
  assert.deepEqual(long, [], "README.md lines over 120 characters");
});

Deno.test("docs: regions are replaced and the prose around them kept; a page lacking a region is refused", () => {
  const B = (n: string) => `<!-- BEGIN GENERATED ${n}: old text -->`;
  const E = (n: string) => `<!-- END GENERATED ${n} -->`;
  const page = `${B("header")}\nold\n${E("header")}\n\nProse *kept*.\n\n${B("reference")}\nold\n${
    E("reference")
  }\n`;
  const filled = fillRegions("p.md", page, { header: "# New", reference: "## Ref" });
  assert.match(filled, /^<!-- BEGIN GENERATED header[^\n]*-->\n\n# New\n\n<!-- END GENERATED header -->/);
  assert.match(filled, /\n\nProse \*kept\*\.\n\n/);
  assert.match(filled, /\n\n## Ref\n\n<!-- END GENERATED reference -->\n$/);
  assert.ok(!filled.includes("old"));
  assert.equal(fillRegions("p.md", filled, { header: "# New", reference: "## Ref" }), filled);
  assert.throws(
    () => fillRegions("p.md", `Prose.\n${B("header")}\nx\n${E("header")}\n`, { header: "h", reference: "r" }),
    /p\.md: the generated region "reference" appears 0 times/,
  );
  assert.throws(() => fillRegions("p.md", `${B("header")}\nx\n`, { header: "h" }), /appears 0 times/);
  assert.throws(() => fillRegions("p.md", `${B("x")}\n${E("x")}\n`, {}), /unknown generated region "x"/);
});

Deno.test("docs: links are read outside code, and anchors as GitHub makes them", () => {
  const text =
    "# A `code` title\n\n## Same\n\n## Same\n\n[a](b.md#c) `[no](x.md)`\n\n```\n[no](y.md)\n```\n" +
    "[ref]: ./z.md\n";
  assert.deepEqual(linksOf(text).map((l) => l.target), ["b.md#c", "./z.md"]);
  assert.deepEqual([...anchorsOf(text)], ["a-code-title", "same", "same-1"]);
});

/** The commands of the README's tour (its `sh` block), continuation lines joined. */
async function tourCommands(): Promise<string[]> {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const tour = /^## A five-minute tour\n[\s\S]*?```sh\n([\s\S]*?)```/m.exec(readme);
  assert.ok(tour, "the README has a five-minute tour with a sh block");
  return tour[1].replace(/\\\n\s*/g, "").split("\n").filter((l) => /^(oatool|mkdir -p) /.test(l));
}

Deno.test("docs: the README's tour runs every command, each exiting as the tour says", async () => {
  const lines = await tourCommands();
  const ran = new Set(lines.filter((l) => l.startsWith("oatool ")).map((l) => l.split(/\s+/)[1]));
  for (const c of commands.filter((c) => !["help", "mcp"].includes(c.name))) {
    assert.ok(ran.has(c.name), `the tour runs oatool ${c.name}`);
  }
  await withTempDir(async (dir) => {
    await Deno.symlink(`${ROOT}testdata`, `${dir}/testdata`);
    for (const line of lines) {
      const [command, comment = ""] = line.split(/\s+#\s+/, 2);
      if (command.startsWith("mkdir -p ")) {
        await Deno.mkdir(`${dir}/${command.slice("mkdir -p ".length).trim()}`, { recursive: true });
        continue;
      }
      const [words, redirect] = command.split(/\s+>\s+/, 2);
      const r = await spawnOatool(words.trim().split(/\s+/).slice(1), { cwd: dir });
      const expected = /^exit 1\b/.test(comment) ? 1 : 0;
      assert.equal(r.code, expected, `${line}\n${r.stderr}`);
      const output = /\s-o\s+(\S+)/.exec(command)?.[1];
      if (output !== undefined) await Deno.stat(`${dir}/${output}`); // written, whatever the exit code
      if (redirect !== undefined) {
        assert.ok(r.stdout.length > 0, `${line}: output`);
        await Deno.writeTextFile(`${dir}/${redirect.trim()}`, r.stdout);
      }
    }
  });
});

Deno.test("docs: a flag's own help text does not say what the help adds (repeatable, a declared default)", async () => {
  // help.ts appends " (repeatable)" to list flags and the default; a description saying it too prints it twice.
  const doubled: string[] = [];
  const visit = (
    name: string,
    flags: readonly { description: string; default?: unknown; name: string }[],
  ) => {
    for (const f of flags) {
      const saysDefault = f.default !== undefined && /\(default[: ]/i.test(f.description);
      if (/\(repeatable\)/i.test(f.description) || saysDefault) doubled.push(`${name} --${f.name}`);
    }
  };
  for (const entry of commands) {
    const command = await entry.load();
    visit(command.name, command.flags);
    for (const sub of command.subcommands ?? []) visit(`${command.name} ${sub.name}`, sub.flags);
  }
  assert.deepEqual(doubled, []);
});
