/**
 * `oatool completion`: the scripts complete what the command declarations declare. The bash script is sourced in
 * bash and its function is called with COMP_WORDS/COMP_CWORD set, as bash does on Tab; zsh and fish, which CI does
 * not install, are run where present (their test names say when they are skipped). The expected words come from the
 * declarations themselves (commands.ts and each command's flags), never from a list written here.
 */
import assert from "node:assert/strict";
import { commands } from "../src/cli/commands.ts";
import { completionTree } from "../src/cli/completion.ts";
import { run as captureRun } from "../src/cli/_test_io.ts";
import type { Command } from "../src/cli/types.ts";
import { ROOT } from "./_spawn.ts";

async function script(shell: string): Promise<string> {
  const run = await captureRun(["completion", shell]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, "");
  return run.stdout;
}

async function has(tool: string): Promise<boolean> {
  try {
    return (await new Deno.Command(tool, { args: ["--version"], stdout: "null", stderr: "null" }).output())
      .success;
  } catch {
    return false;
  }
}

/**
 * Asks the bash script for the completions of each line of words (the last word is the one at the cursor), in
 * one bash process run in `cwd`; returns the sorted candidates of each.
 */
async function bashComplete(lines: string[][], cwd: string): Promise<string[][]> {
  const file = await Deno.makeTempFile({ suffix: ".bash" });
  await Deno.writeTextFile(file, await script("bash"));
  const cases = lines.map((words) => words.map((w) => `'${w}'`).join(" "));
  const body = [
    `source "${file}"`,
    "complete -p oatool",
    ...cases.map((c) =>
      `COMP_WORDS=(${c}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _oatool; ` +
      `echo "@@ \${COMPREPLY[*]}"`
    ),
  ].join("\n");
  const out = await new Deno.Command("bash", {
    args: ["--norc", "-c", body],
    cwd,
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  await Deno.remove(file);
  const text = new TextDecoder().decode(out.stdout);
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  assert.match(text, /^complete -F _oatool oatool$/m, "complete -p names the function");
  const results = text.split("\n").filter((l) => l.startsWith("@@ ")).map((l) =>
    l.slice(3).split(" ").filter((w) => w !== "").sort()
  );
  assert.equal(results.length, lines.length);
  return results;
}

const sorted = (words: readonly string[]) => [...words].sort();

/** Every command loaded, with the words of its path. */
async function allCommands(): Promise<{ path: string[]; command: Command }[]> {
  const out: { path: string[]; command: Command }[] = [];
  const visit = (command: Command, path: string[]) => {
    out.push({ path, command });
    for (const sub of command.subcommands ?? []) visit(sub, [...path, sub.name]);
  };
  for (const entry of commands) visit(await entry.load(), [entry.name]);
  return out;
}

Deno.test("completion bash: commands, subcommands, flags and every flag's fixed values, as declared", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/petstore.yaml`, "openapi: 3.1.0\n");
  const all = await allCommands();
  const lines: string[][] = [["oatool", ""], ["oatool", "ov"], ["oatool", "help", ""], [
    "oatool",
    "help",
    "w",
  ]];
  const others = commands.map((c) => c.name).filter((c) => c !== "help");
  const expected: string[][] = [
    sorted(commands.map((c) => c.name)),
    ["overlay"],
    sorted(others),
    sorted(others.filter((c) => c.startsWith("w"))),
  ];
  for (const { path, command } of all.filter((c) => c.path[0] !== "help")) {
    if (command.subcommands?.length) {
      lines.push(["oatool", ...path, ""]);
      expected.push(sorted(command.subcommands.map((s) => s.name)));
      continue;
    }
    // The flags after "--": every long name and alias, and --help.
    lines.push(["oatool", ...path, "--"]);
    expected.push(sorted([
      ...command.flags.flatMap((f) => [`--${f.name}`, ...(f.aliases ?? []).map((a) => `--${a}`)]),
      "--help",
    ]));
    // A positional argument: the files here, not command names.
    lines.push(["oatool", ...path, "pet"]);
    expected.push(["petstore.yaml"]);
    for (const flag of command.flags.filter((f) => f.choices)) {
      lines.push(["oatool", ...path, `--${flag.name}`, ""]);
      expected.push(sorted(flag.choices!));
      // --flag=value reaches the function as three words: --flag, "=" and the value.
      lines.push(["oatool", ...path, `--${flag.name}`, "=", ""]);
      expected.push(sorted(flag.choices!));
      if (flag.short) {
        lines.push(["oatool", ...path, `-${flag.short}`, flag.choices![0]]);
        expected.push(sorted(flag.choices!.filter((c) => c.startsWith(flag.choices![0]))));
      }
      // After the value, a positional argument again.
      lines.push(["oatool", ...path, `--${flag.name}`, flag.choices![0], "pet"]);
      expected.push(["petstore.yaml"]);
    }
    const file = command.flags.find((f) => f.type !== "boolean" && !f.choices);
    if (file) {
      lines.push(["oatool", ...path, `--${file.name}`, "pet"]);
      expected.push(["petstore.yaml"]);
    }
  }
  assert.ok(lines.length > 60, `${lines.length} cases`);
  const got = await bashComplete(lines, dir);
  for (let i = 0; i < lines.length; i++) {
    assert.deepEqual(got[i], expected[i], `completing: ${lines[i].join(" ")}|`);
  }
  await Deno.remove(dir, { recursive: true });
});

Deno.test("completion bash: one word --flag=value (COMP_WORDBREAKS without =) completes with the flag", async () => {
  const diff = (await allCommands()).find((c) => c.path.join(" ") === "diff")!.command;
  const formats = diff.flags.find((f) => f.name === "format")!.choices!;
  const [got] = await bashComplete([["oatool", "diff", "--format=m"]], ROOT);
  assert.deepEqual(got, sorted(formats.filter((f) => f.startsWith("m")).map((f) => `--format=${f}`)));
  assert.ok(got.length > 0);
});

Deno.test("completion: the tree has every command of the table and the flags of each", async () => {
  const tree = await completionTree();
  assert.deepEqual(tree.subcommands.map((n) => n.path.join(" ")), commands.map((c) => c.name));
  for (const { path, command } of await allCommands()) {
    let node = tree;
    for (let i = 0; i < path.length; i++) node = node.subcommands.find((n) => n.path[i] === path[i])!;
    assert.ok(node, path.join(" "));
    for (const flag of command.flags) {
      const f = node.flags.find((g) => g.names[0] === `--${flag.name}`);
      assert.ok(f, `${path.join(" ")} --${flag.name}`);
      assert.deepEqual(f.choices, [...flag.choices ?? []]);
      assert.equal(f.takesValue, flag.type !== "boolean");
    }
  }
});

Deno.test("completion: an unknown or missing shell is a usage error (exit 2) naming the shells", async () => {
  const bad = await captureRun(["completion", "tcsh"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /unknown shell "tcsh"; use one of bash, zsh, fish, powershell/);
  assert.equal((await captureRun(["completion"])).code, 2);
  const help = await captureRun(["completion", "--help"]);
  assert.match(help.stdout, /source <\(oatool completion bash\)/);
});

Deno.test("completion: every script names every command, and the PowerShell one registers a completer", async () => {
  for (const shell of ["bash", "zsh", "fish", "powershell"]) {
    const text = await script(shell);
    for (const c of commands) assert.ok(text.includes(c.name), `${shell} names ${c.name}`);
  }
  assert.match(
    await script("powershell"),
    /^Register-ArgumentCompleter -Native -CommandName oatool, oatool\.exe/m,
  );
});

Deno.test("completion: the completion command is not among the modules oatool evaluates at start-up", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", `${ROOT}cli.ts`],
    stdout: "piped",
    stderr: "null",
  }).output();
  const graph = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    roots: string[];
    modules: { specifier: string; dependencies?: { code?: { specifier: string }; isDynamic?: boolean }[] }[];
  };
  // What Deno evaluates at start: the static code dependencies (dynamic ones run when imported), not type-only ones.
  const bySpecifier = new Map(graph.modules.map((m) => [m.specifier, m]));
  const loaded = new Set<string>(graph.roots);
  for (const s of loaded) {
    for (const d of bySpecifier.get(s)?.dependencies ?? []) {
      if (d.code?.specifier && !d.isDynamic) loaded.add(d.code.specifier);
    }
  }
  const specifiers = [...loaded];
  assert.ok(specifiers.some((s) => s.endsWith("/src/cli/commands.ts")));
  assert.ok(!specifiers.some((s) => /\/src\/cli\/_?completion(_shells)?\.ts$/.test(s)), "completion is lazy");
});

const zsh = await has("zsh");
Deno.test({
  name: "completion zsh: _oatool hands zsh the commands, subcommands, flags, fixed values and files" +
    (zsh ? "" : " (skipped: zsh is not installed; apt-get install zsh)"),
  ignore: !zsh,
  fn: async () => {
    const file = await Deno.makeTempFile({ suffix: ".zsh" });
    await Deno.writeTextFile(file, await script("zsh"));
    // zsh's completion builtins stand in: each prints what it was given; zsh itself filters by the prefix.
    const cases: string[][] = [
      ["oatool", ""],
      ["oatool", "overlay", ""],
      ["oatool", "diff", "--format", ""],
      ["oatool", "diff", "--format=m"],
      ["oatool", "version", "--"],
      ["oatool", "diff", "--format", "json", "pet"],
    ];
    const body = [
      `compdef() { :; }; source "${file}"`,
      `compadd() { [[ $1 == -- ]] && shift; print -r -- "@@ $*"; }`,
      `_files() { print -r -- "@@ <files>"; }`,
      `compset() { :; }`,
      ...cases.map((c) => `words=(${c.map((w) => `'${w}'`).join(" ")}); CURRENT=${c.length}; _oatool`),
    ].join("\n");
    const out = await new Deno.Command("zsh", { args: ["-f", "-c", body], stdout: "piped", stderr: "piped" })
      .output();
    await Deno.remove(file);
    assert.ok(out.success, new TextDecoder().decode(out.stderr));
    const got = new TextDecoder().decode(out.stdout).split("\n").filter((l) => l.startsWith("@@ ")).map((l) =>
      l.slice(3).split(" ").sort()
    );
    const all = await allCommands();
    const flag = (path: string, name: string) =>
      all.find((c) => c.path.join(" ") === path)!.command.flags.find((f) => f.name === name)!;
    const version = all.find((c) => c.path.join(" ") === "version")!.command;
    assert.deepEqual(got, [
      sorted(commands.map((c) => c.name)),
      sorted(all.find((c) => c.path.join(" ") === "overlay")!.command.subcommands!.map((c) => c.name)),
      sorted(flag("diff", "format").choices!),
      sorted(flag("diff", "format").choices!),
      sorted([
        ...version.flags.flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])]),
        "--help",
        "-h",
      ]),
      ["<files>"],
    ]);
  },
});

const fish = await has("fish");
Deno.test({
  name: "completion fish: complete -C gives the commands and a flag's fixed values" +
    (fish ? "" : " (skipped: fish is not installed; apt-get install fish)"),
  ignore: !fish,
  fn: async () => {
    const file = await Deno.makeTempFile({ suffix: ".fish" });
    await Deno.writeTextFile(file, await script("fish"));
    const ask = async (line: string) => {
      const out = await new Deno.Command("fish", {
        args: ["--no-config", "-c", `source ${file}; complete -C '${line}'`],
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.ok(out.success, new TextDecoder().decode(out.stderr));
      return new TextDecoder().decode(out.stdout).split("\n").filter((l) => l).map((l) => l.split("\t")[0])
        .sort();
    };
    assert.deepEqual(await ask("oatool "), sorted(commands.map((c) => c.name)));
    const diff = (await allCommands()).find((c) => c.path.join(" ") === "diff")!.command;
    assert.deepEqual(
      await ask("oatool diff --format "),
      sorted(diff.flags.find((f) => f.name === "format")!.choices!),
    );
    await Deno.remove(file);
  },
});
