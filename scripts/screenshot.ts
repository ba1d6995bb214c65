/**
 * `deno run -A scripts/screenshot.ts [--out DIR]`: PNGs of oatool's HTML pages on the bundled examples, for a
 * quick look: the diff report (`testdata/diff/base.yaml` → `breaking.yaml`), the validate report of
 * `testdata/validator/invalid.yaml` (grouped by rule), the validate report of that and a two-file document
 * (`testdata/validator/external_invalid/api.yaml`) with only the errors, grouped by location, and, when this
 * tree's `oatool graph` has `--format html`, the graph page of the petstore. Each page is written next to its PNG (`diff.html`, `diff.png`, …) in DIR (default
 * /tmp/oatool-shots), taken by headless Chromium (Debian's `chromium`: `--headless --screenshot`).
 *
 * Exit 0 when every PNG was written, 1 when one was not, 2 for a wrong flag or without Chromium.
 *
 * @module
 */
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const CHROMIUM = "chromium";
/** The browser window: wide enough for the code frames, tall enough for a page's first findings. */
const WINDOW = "1280,1800";

/** One page to take: how oatool writes it, and the address suffix (filters) it is opened with. */
interface Shot {
  name: string;
  args: string[];
  /** Exit codes of oatool that mean the page was written. */
  codes: number[];
  query?: string;
  /** What it shows, printed with the PNG's path. */
  what: string;
}

const SHOTS: Shot[] = [
  {
    name: "diff",
    args: ["diff", "--format", "html", "testdata/diff/base.yaml", "testdata/diff/breaking.yaml"],
    codes: [0, 1],
    what: "diff report: summary, breaking changes first, each with both documents' lines",
  },
  {
    name: "validate",
    args: ["validate", "--quiet", "--format", "html", "testdata/validator/invalid.yaml"],
    codes: [0, 1],
    what: "validate report: errors and warnings grouped by rule, each with its lines and spec link",
  },
  {
    name: "validate-by-location",
    args: [
      "validate",
      "--quiet",
      "--format",
      "html",
      "testdata/validator/invalid.yaml",
      "testdata/validator/external_invalid/api.yaml",
    ],
    codes: [0, 1],
    query: "?group=location&show=ERROR",
    what: "validate report of two documents: only the errors, grouped by file and line (from the address)",
  },
];

const GRAPH: Shot = {
  name: "graph",
  args: ["graph", "--format", "html", "--operations", "testdata/petstore/petstore-3.1.yaml"],
  codes: [0],
  what: "graph page: the petstore's operations and schemas",
};

/** Runs this tree's oatool (`cli.ts`) from the project's folder. */
async function oatool(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "cli.ts"), ...args],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

async function chromiumFound(): Promise<boolean> {
  try {
    return (await new Deno.Command(CHROMIUM, { args: ["--version"], stdout: "null", stderr: "null" })
      .output())
      .success;
  } catch {
    return false;
  }
}

/** Writes `url`'s screenshot to `png`; Chromium's own error text when it could not. */
async function screenshot(url: string, png: string, profile: string): Promise<string | undefined> {
  const out = await new Deno.Command(CHROMIUM, {
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--hide-scrollbars",
      `--user-data-dir=${profile}`,
      `--window-size=${WINDOW}`,
      `--screenshot=${png}`,
      url,
    ],
    stdout: "null",
    stderr: "piped",
    // A guard against a browser that never exits.
    signal: AbortSignal.timeout(120_000),
  }).output();
  const written = await Deno.stat(png).then((s) => s.size > 0, () => false);
  return out.success && written ? undefined : new TextDecoder().decode(out.stderr).slice(-1_000);
}

async function main(): Promise<number> {
  let out: string;
  try {
    const { values } = parseArgs({
      args: Deno.args,
      options: {
        out: { type: "string", default: "/tmp/oatool-shots" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log("Usage: deno run -A scripts/screenshot.ts [--out DIR]   (default DIR: /tmp/oatool-shots)");
      return 0;
    }
    out = resolve(values.out);
  } catch (error) {
    console.error(`screenshot: ${(error as Error).message}`);
    return 2;
  }
  if (!await chromiumFound()) {
    console.error(`screenshot: needs Chromium ("${CHROMIUM}" is not on PATH): apt-get install chromium`);
    return 2;
  }
  await Deno.mkdir(out, { recursive: true });
  const shots = [...SHOTS];
  const graphHelp = await oatool(["graph", "--help"]);
  if (graphHelp.code === 0 && /--format\b.*\bhtml\b/.test(graphHelp.stdout)) shots.push(GRAPH);
  else console.log("graph: skipped (this tree's oatool graph has no --format html)");

  const profile = await Deno.makeTempDir({ prefix: "oatool-shots-profile-" });
  let failed = 0;
  try {
    for (const shot of shots) {
      const r = await oatool(shot.args);
      if (!shot.codes.includes(r.code) || !r.stdout.startsWith("<!DOCTYPE html>")) {
        console.error(
          `${shot.name}: oatool ${shot.args.join(" ")} exited ${r.code}\n${r.stderr.slice(-1_000)}`,
        );
        failed++;
        continue;
      }
      const page = join(out, `${shot.name}.html`);
      await Deno.writeTextFile(page, r.stdout);
      const png = join(out, `${shot.name}.png`);
      const error = await screenshot(`file://${page}${shot.query ?? ""}`, png, profile);
      if (error !== undefined) {
        console.error(`${shot.name}: Chromium wrote no screenshot\n${error}`);
        failed++;
        continue;
      }
      console.log(`${png}: ${shot.what}`);
    }
  } finally {
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
  return failed === 0 ? 0 : 1;
}

Deno.exit(await main());
