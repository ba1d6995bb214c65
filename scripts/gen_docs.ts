/**
 * `deno task docs`: writes every generated part of docs/ from the declarations and tables it documents.
 *
 * - docs/commands/<command>.md, one page per command of src/cli/commands.ts: the regions `header` (title,
 *   summary, usage) and `reference` (description, subcommands, flags with types, defaults and value sets, exit
 *   codes) come from the command's `defineCommand` declaration; everything outside them is hand-written prose
 *   and is kept as it is. A command without a page gets one, with a line of prose to replace.
 * - docs/commands/index.md: the region `commands` (the command list).
 * - docs/rules.md: the region `rules` (every validator rule: id, severity, versions, sentence, section).
 * - docs/diff-severity.md: the whole page, from the diff checks' tables (scripts/gen_diff_severity.ts).
 *
 * A region is the text between `<!-- BEGIN GENERATED name … -->` and `<!-- END GENERATED name -->`; a page
 * that lacks one of its regions is an error naming it (nothing is overwritten). Pages are formatted with
 * `deno fmt`, so a run on an unchanged tree writes nothing, and tests/docs_drift_test.ts fails when a
 * declaration changes and its page does not.
 *
 * ```sh
 * deno task docs            # write the pages that changed
 * deno task docs --check    # list stale pages and exit 1, writing nothing
 * ```
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { commands } from "../src/cli/commands.ts";
import { commandHeader, commandList, commandReference, rulesTable } from "./_docs_render.ts";
import { formatMarkdown } from "./_markdown_fmt.ts";
import { PAGE as SEVERITY_PAGE, severityPolicyPage } from "./gen_diff_severity.ts";

const root = fileURLToPath(new URL("../", import.meta.url));

/** A page as the generator would write it. */
export interface DocPage {
  /** Path relative to the project's root. */
  path: string;
  /** The formatted text. */
  text: string;
}

/** The marker line that opens a region. */
function begin(name: string): string {
  return `<!-- BEGIN GENERATED ${name}: written by deno task docs (scripts/gen_docs.ts); edit the source, not this -->`;
}

/** The marker line that closes a region. */
function end(name: string): string {
  return `<!-- END GENERATED ${name} -->`;
}

function region(name: string, content: string): string {
  return `${begin(name)}\n\n${content.trim()}\n\n${end(name)}`;
}

const REGION = /<!-- BEGIN GENERATED ([\w-]+)\b[^>]*-->[\s\S]*?<!-- END GENERATED \1 -->/g;

/**
 * `page` with each of its regions replaced by the content of the same name; an error when a region of
 * `contents` is missing, appears twice or is not closed, or when the page has a region `contents` lacks.
 */
export function fillRegions(path: string, page: string, contents: Readonly<Record<string, string>>): string {
  const seen = new Map<string, number>();
  const filled = page.replace(REGION, (_all, name: string) => {
    seen.set(name, (seen.get(name) ?? 0) + 1);
    if (!Object.hasOwn(contents, name)) throw new Error(`${path}: unknown generated region "${name}"`);
    return region(name, contents[name]);
  });
  for (const name of Object.keys(contents)) {
    const count = seen.get(name) ?? 0;
    if (count !== 1) {
      throw new Error(
        `${path}: the generated region "${name}" appears ${count} times (once expected: ` +
          `${begin(name)} … ${end(name)}); the page is left as it is`,
      );
    }
  }
  const opened = [...filled.matchAll(/<!-- (BEGIN|END) GENERATED ([\w-]+)/g)].length;
  if (opened !== 2 * seen.size) throw new Error(`${path}: a generated region is not closed`);
  return filled;
}

/** The hand-written part of a page: the page without its generated regions. */
export function proseOf(page: string): string {
  return page.replace(REGION, "");
}

/** A new command page: its regions around a line of prose to replace. */
function seedCommandPage(name: string, guide: boolean): string {
  const prose = guide
    ? `See the guide: [${name}](../guides/${name}.md).`
    : `<!-- Hand-written: what \`oatool ${name}\` is for, and examples that run on testdata/. -->`;
  return `${region("header", "")}\n\n${prose}\n\n${region("reference", "")}\n`;
}

async function readOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(`${root}${path}`);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  }
}

async function exists(path: string): Promise<boolean> {
  return await readOrUndefined(path) !== undefined;
}

/** Every generated page, from the declarations and the pages' current prose. */
export async function expectedPages(): Promise<DocPage[]> {
  const pages: { path: string; text: Promise<string> }[] = [];
  const fill = async (path: string, contents: Record<string, string>, seed: () => Promise<string>) => {
    const current = await readOrUndefined(path) ?? await seed();
    return formatMarkdown(fillRegions(path, current, contents));
  };
  for (const entry of commands) {
    if (entry.name === "help") continue;
    const command = await entry.load();
    const path = `docs/commands/${entry.name}.md`;
    pages.push({
      path,
      text: fill(
        path,
        { header: commandHeader(command), reference: commandReference(command) },
        async () => seedCommandPage(entry.name, await exists(`docs/guides/${entry.name}.md`)),
      ),
    });
  }
  const seed = (title: string, name: string) => () => Promise.resolve(`# ${title}\n\n${region(name, "")}\n`);
  pages.push({
    path: "docs/commands/index.md",
    text: fill("docs/commands/index.md", { commands: commandList(commands) }, seed("Commands", "commands")),
  });
  pages.push({
    path: "docs/rules.md",
    text: fill("docs/rules.md", { rules: rulesTable() }, seed("Validation rules", "rules")),
  });
  pages.push({ path: SEVERITY_PAGE, text: formatMarkdown(severityPolicyPage()) });
  return await Promise.all(pages.map(async (p) => ({ path: p.path, text: await p.text })));
}

/** The pages whose file differs from what the generator writes (missing ones included). */
export async function stalePages(): Promise<DocPage[]> {
  const stale: DocPage[] = [];
  for (const page of await expectedPages()) {
    if (await readOrUndefined(page.path) !== page.text) stale.push(page);
  }
  return stale;
}

/** Command pages in docs/commands/ for which no command exists (a renamed or removed command's prose). */
export async function orphanPages(): Promise<string[]> {
  const names = new Set([...commands.map((c) => c.name), "index"]);
  const out: string[] = [];
  for await (const e of Deno.readDir(`${root}docs/commands`)) {
    if (e.isFile && e.name.endsWith(".md") && !names.has(e.name.slice(0, -3))) {
      out.push(`docs/commands/${e.name}`);
    }
  }
  return out.sort();
}

if (import.meta.main) {
  const check = Deno.args.includes("--check");
  const stale = await stalePages();
  for (const page of stale) {
    if (!check) {
      await Deno.mkdir(`${root}${page.path}`.replace(/\/[^/]+$/, ""), { recursive: true });
      await Deno.writeTextFile(`${root}${page.path}`, page.text);
    }
    console.log(`${check ? "stale" : "wrote"} ${page.path}`);
  }
  for (const orphan of await orphanPages()) {
    console.log(`${orphan}: no command of that name (move its prose)`);
  }
  if (stale.length === 0) console.log("docs: every generated page is up to date");
  if (check && stale.length > 0) Deno.exit(1);
}
