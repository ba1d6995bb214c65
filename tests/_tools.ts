/**
 * Outside tools some tests need (Go 1.19+, chi v5's source, Chromium): found, or the test is declared with Deno's `ignore`
 * and a name ending "(skipped: <tool> … ; <install command>)", which `.ci/run` counts as a failure. When
 * OATOOL_REQUIRE_TOOLS names the tool, the test is never ignored: it runs and fails clearly. When a test file
 * ends, what it skipped goes to the file OATOOL_SKIP_REPORT names (set by scripts/test.ts, `deno task test`,
 * which ends the run with one line for all files); without it (a plain `deno test`), one line per missing tool
 * says how many of the file's tests were skipped and how to install the tool.
 *
 * @module
 */

/** Whether a tool is there, and how a test that needs it is declared. */
export interface Tool {
  /** The tool's short name ("go", "chi"). */
  name: string;
  /** Found on this machine. */
  present: boolean;
  /** Absent and not required by OATOOL_REQUIRE_TOOLS: tests needing it are ignored. */
  ignore: boolean;
  /** " (skipped: … ; apt-get install …)" when ignored, else "". */
  suffix: string;
  /** What installs it. */
  install: string;
}

/** The folders where Debian's golang-github-go-chi-chi-dev puts chi v5's source. */
export const CHI_FOLDERS = [
  "/usr/share/gocode/src/github.com/go-chi/chi/v5",
  "/usr/share/gocode/src/github.com/go-chi/chi",
];

/** Whether `command --version` runs. */
async function runs(command: string): Promise<boolean> {
  try {
    return (await new Deno.Command(command, { args: ["--version"], stdout: "null", stderr: "null" }).output())
      .success;
  } catch {
    return false;
  }
}

async function goFound(): Promise<boolean> {
  try {
    const out = await new Deno.Command("go", { args: ["version"], stdout: "piped", stderr: "null" }).output();
    const m = /go1\.(\d+)/.exec(new TextDecoder().decode(out.stdout));
    return out.success && m !== null && Number(m[1]) >= 19;
  } catch {
    return false;
  }
}

/** The folder of chi v5's source, or undefined. */
export function chiFolder(): string | undefined {
  for (const dir of CHI_FOLDERS) {
    try {
      const mod = Deno.readTextFileSync(`${dir}/go.mod`);
      if (/^module github\.com\/go-chi\/chi\/v5\s*$/m.test(mod)) return dir;
    } catch {
      // not this one
    }
  }
  return undefined;
}

const KNOWN = {
  go: { what: "go is not installed", install: "apt-get install golang-go", found: goFound },
  chi: {
    what: "chi is not installed (chi v5's source)",
    install: "apt-get install golang-github-go-chi-chi-dev",
    found: () => Promise.resolve(chiFolder() !== undefined),
  },
  chromium: {
    what: "chromium is not installed",
    install: "apt-get install chromium",
    found: () => runs("chromium"),
  },
} as const;

const required = (Deno.env.get("OATOOL_REQUIRE_TOOLS") ?? "").split(/[\s,]+/);
const tools = new Map<string, Promise<Tool>>();
const skipped = new Map<string, number>();

const skipReport = Deno.env.get("OATOOL_SKIP_REPORT");

globalThis.addEventListener("unload", () => {
  const lines = [...skipped].map(([name, count]) => {
    const k = KNOWN[name as keyof typeof KNOWN];
    return skipReport
      ? `${name}\t${count}\t${k.install}\n`
      : `${count} test(s) skipped: ${k.what} (${k.install})\n`;
  });
  if (lines.length === 0) return;
  if (skipReport) Deno.writeTextFileSync(skipReport, lines.join(""), { append: true });
  else console.log(lines.join("").trimEnd());
});

/** The tool `name`, looked for once per test file. */
export function tool(name: keyof typeof KNOWN): Promise<Tool> {
  let t = tools.get(name);
  if (t === undefined) {
    const k = KNOWN[name];
    t = k.found().then((present) => {
      const ignore = !present && !required.includes(name);
      const suffix = ignore ? ` (skipped: ${k.what}; ${k.install})` : "";
      return { name, present, ignore, suffix, install: k.install };
    });
    tools.set(name, t);
  }
  return t;
}

/** Declares a test that needs `needs`: ignored (and counted) when one of them is absent and not required. */
export async function testWith(
  needs: readonly (keyof typeof KNOWN)[],
  name: string,
  fn: () => Promise<void> | void,
): Promise<void> {
  const found = await Promise.all(needs.map(tool));
  const missing = found.filter((t) => t.ignore);
  for (const t of missing) skipped.set(t.name, (skipped.get(t.name) ?? 0) + 1);
  Deno.test({ name: name + missing.map((t) => t.suffix).join(""), ignore: missing.length > 0, fn });
}
