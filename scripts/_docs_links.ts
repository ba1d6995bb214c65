/**
 * The relative links of the user documentation (README.md and every Markdown file under docs/): each must lead
 * to a file that exists and, when it names a `#fragment` of a Markdown file, to a heading of that file (GitHub's
 * anchors). Links in code blocks and code spans are text, not links; absolute URLs are not followed.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { dirname, join, normalize, relative } from "node:path";
import { slug } from "./_docs_render.ts";

const root = fileURLToPath(new URL("../", import.meta.url));

/** The Markdown files whose links are checked, relative to the project's root, sorted. */
export async function documentationFiles(): Promise<string[]> {
  const out = ["README.md"];
  const walk = async (dir: string): Promise<void> => {
    for await (const e of Deno.readDir(join(root, dir))) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (e.isFile && e.name.endsWith(".md")) out.push(path);
    }
  };
  await walk("docs");
  return out.sort();
}

/** The lines of a Markdown text outside fenced code blocks, with code spans blanked. */
function proseLines(text: string): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of text.split("\n")) {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m !== null && (fence === undefined || m[1].startsWith(fence))) {
      fence = fence === undefined ? m[1] : undefined;
      out.push("");
      continue;
    }
    out.push(fence === undefined ? line.replace(/(`+)[\s\S]*?\1/g, "") : "");
  }
  return out;
}

/** The anchors GitHub gives the headings of a Markdown text (a repeated heading gets `-1`, `-2`, …). */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let fence: string | undefined;
  for (const line of text.split("\n")) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f !== null && (fence === undefined || f[1].startsWith(fence))) {
      fence = fence === undefined ? f[1] : undefined;
      continue;
    }
    const h = fence === undefined ? /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line) : null;
    if (h === null) continue;
    const base = slug(h[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"));
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The link targets of a Markdown text: inline links and images, and reference definitions. */
export function linksOf(text: string): { line: number; target: string }[] {
  const out: { line: number; target: string }[] = [];
  proseLines(text).forEach((line, i) => {
    for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
      out.push({ line: i + 1, target: m[1] });
    }
    const def = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (def !== null) out.push({ line: i + 1, target: def[1] });
  });
  return out;
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.IsADirectory) return undefined;
    throw e;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}

/** Every relative link of the documentation that leads nowhere, as `file:line: target (why)`. */
export async function brokenLinks(): Promise<string[]> {
  const broken: string[] = [];
  for (const file of await documentationFiles()) {
    const text = await Deno.readTextFile(join(root, file));
    for (const { line, target } of linksOf(text)) {
      if (target === "" || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [pathPart, fragment] = target.split("#", 2) as [string, string | undefined];
      const path = pathPart === ""
        ? join(root, file)
        : normalize(join(root, dirname(file), decodeURI(pathPart)));
      const at = `${file}:${line}: ${target}`;
      if (relative(root, path).startsWith("..")) {
        broken.push(`${at} (outside the repository)`);
      } else if (!await exists(path)) {
        broken.push(`${at} (no such file)`);
      } else if (fragment !== undefined && path.endsWith(".md")) {
        const linked = await readText(path);
        if (linked !== undefined && !anchorsOf(linked).has(fragment)) broken.push(`${at} (no such heading)`);
      }
    }
  }
  return broken;
}
