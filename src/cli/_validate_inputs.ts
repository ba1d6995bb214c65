/**
 * The inputs of `oatool validate` with several documents: globs expanded by oatool (bounded walk of the file
 * system), the policy file's `apis:` roots when no input is given, and `--shard I/N` slices.
 *
 * @module
 */
import { relative, resolve } from "node:path";
import { UsageError } from "../core/mod.ts";
import type { PolicyConfig } from "../config/mod.ts";
import { compileGlob } from "../queries/mod.ts";

/** Files one glob may match, at most. */
export const MAX_GLOB_FILES = 10_000;
/** Directory entries one glob may look at, at most. */
const MAX_GLOB_ENTRIES = 200_000;
/** Folders below a glob's fixed part that `**` descends into, at most. */
const MAX_GLOB_DEPTH = 32;
/** Folders a glob never descends into. */
const SKIPPED_DIRS: ReadonlySet<string> = new Set(["node_modules", ".git"]);

/** Whether an argument is a glob oatool expands: a path (not a URL, not `-`) with a `*`. */
export function isGlob(arg: string): boolean {
  return arg.includes("*") && !/^[a-z][a-z0-9+.-]*:\/\//i.test(arg);
}

/**
 * The files a glob matches, sorted: `*` matches within one path segment, a `**` segment any number of folders.
 * The walk starts at the pattern's fixed leading folders, never follows a symbolic link to a folder, skips
 * `node_modules` and `.git`, and is bounded ({@link MAX_GLOB_FILES} matches, 200,000 entries looked at, 32
 * levels). Paths are given as the pattern writes its fixed part (relative stays relative).
 *
 * @throws {UsageError} when the glob matches no file or too many.
 */
export async function expandGlob(pattern: string, cwd: string): Promise<string[]> {
  const segments = pattern.replaceAll("\\", "/").split("/");
  const firstWild = segments.findIndex((s) => s.includes("*"));
  const fixed = segments.slice(0, firstWild).join("/");
  const rest = segments.slice(firstWild);
  const base = firstWild === 0 ? "." : fixed === "" ? "/" : fixed;
  const matches = compileGlob(rest.join("/"), { segments: true });
  const depth = rest.includes("**") ? MAX_GLOB_DEPTH : rest.length - 1;
  const found: string[] = [];
  let entries = 0;
  const walk = async (dir: string, rel: string, level: number): Promise<void> => {
    let list: Deno.DirEntry[];
    try {
      list = await Array.fromAsync(Deno.readDir(resolve(cwd, base, dir)));
    } catch {
      return; // an unreadable folder matches nothing
    }
    list.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    for (const entry of list) {
      if (++entries > MAX_GLOB_ENTRIES) {
        throw new UsageError(
          `the glob "${pattern}" looks at more than ${MAX_GLOB_ENTRIES} files and folders; narrow its fixed part.`,
        );
      }
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      let isFile = entry.isFile;
      if (entry.isSymlink) {
        // A link to a file is a file; a link to a folder is not followed (it may lead out of the tree).
        isFile = await Deno.stat(resolve(cwd, base, path)).then((s) => s.isFile, () => false);
      }
      if (entry.isDirectory && !SKIPPED_DIRS.has(entry.name) && level < depth) {
        await walk(path, path, level + 1);
      } else if (isFile && matches(path)) {
        found.push(path);
        if (found.length > MAX_GLOB_FILES) {
          throw new UsageError(`the glob "${pattern}" matches more than ${MAX_GLOB_FILES} files; narrow it.`);
        }
      }
    }
  };
  await walk("", "", 0);
  if (found.length === 0) throw new UsageError(`the glob "${pattern}" matches no file; check it (quote it).`);
  found.sort();
  return found.map((p) => base === "." ? p : base === "/" ? `/${p}` : `${base}/${p}`);
}

/**
 * The documents to validate: each argument (globs expanded, in place), or with none, the `apis:` roots of the
 * policy file (none without them); a file named twice is validated once (its first place).
 *
 * @throws {UsageError} when a glob matches nothing or too many files.
 */
export async function expandInputs(
  args: readonly string[],
  cwd: string,
  config: PolicyConfig | undefined,
): Promise<string[]> {
  const out: string[] = [];
  if (args.length === 0) {
    for (const api of Object.values(config?.apis ?? {})) {
      const rel = relative(cwd, api.root);
      out.push(rel.startsWith("..") || rel === "" ? api.root : rel);
    }
  }
  for (const arg of args) {
    if (arg === "-" && args.length > 1) {
      throw new UsageError("standard input (-) can only be validated alone; name files instead.");
    }
    out.push(...isGlob(arg) ? await expandGlob(arg, cwd) : [arg]);
  }
  const seen = new Set<string>();
  return out.filter((p) => {
    const key = /^[a-z][a-z0-9+.-]*:\/\//i.test(p) || p === "-" ? p : resolve(cwd, p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A `--shard` value: the `index`-th (1-based) of `count` slices. */
export interface Shard {
  index: number;
  count: number;
}

/** Parses `--shard I/N` (1 ≤ I ≤ N ≤ 100,000). @throws {UsageError} */
export function parseShard(text: string): Shard {
  const m = /^([0-9]{1,6})\/([0-9]{1,6})$/.exec(text);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (m === null || count < 1 || count > 100_000 || index < 1 || index > count) {
    throw new UsageError(
      `--shard "${text}" is not I/N with 1 ≤ I ≤ N (at most 100000); write for example --shard 2/4.`,
    );
  }
  return { index, count };
}

/**
 * The inputs of one shard: the list is sorted (by code unit), cut into `count` contiguous slices whose sizes
 * differ by at most one, and the `index`-th slice kept; the inputs keep their given order. The slices of
 * 1/N … N/N are disjoint and cover the list, and a slice depends only on the list, not on the given order.
 */
export function shardInputs(inputs: readonly string[], shard: Shard): string[] {
  const sorted = [...inputs].sort();
  const from = Math.floor((shard.index - 1) * sorted.length / shard.count);
  const to = Math.floor(shard.index * sorted.length / shard.count);
  const kept = new Set(sorted.slice(from, to));
  return inputs.filter((i) => kept.has(i));
}
