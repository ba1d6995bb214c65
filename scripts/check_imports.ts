/**
 * The floors of the code (issue 27 §1): reads the static imports of every `.ts` under `src/` (tests and benches
 * left out: they are not part of the layered library) and of `mod.ts`, `cli.ts` and `mcp.ts`, gives each file the
 * layer of its folder, and fails on
 * - an import from a lower layer to a higher one,
 * - an import from one capability into another that does not go through the other's `mod.ts` (GUIDE.md),
 * - a cycle between files.
 *
 * Each offending import or cycle is printed on its own line, then a summary line.
 *
 *   deno run --allow-read scripts/check_imports.ts
 *
 * @module
 */

import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");

/** The layers from the ground up; folders of `src/` not named here are capabilities. */
const BELOW_CAPABILITIES = ["core", "walker", "refs", "io"];
const CAPABILITY_LAYER = BELOW_CAPABILITIES.length;
const TOP: Record<string, number> = { "cli": CAPABILITY_LAYER + 1, "mcp": CAPABILITY_LAYER + 1 };
const ROOT_FILES: Record<string, number> = {
  "mod.ts": CAPABILITY_LAYER + 1,
  "cli.ts": CAPABILITY_LAYER + 2,
  "mcp.ts": CAPABILITY_LAYER + 2,
};

/** The folder a file belongs to: the first folder under `src/`, or "" for the root files. */
function folderOf(file: string): string {
  const parts = file.split("/");
  return parts[0] === "src" && parts.length > 2 ? parts[1] : "";
}

/**
 * Entry points that re-export from the floors above their folder (the `./core` entry keeps its names until the
 * public surface shrinks, issue 27 §4): they stand at the capabilities' floor, so code below may not import them.
 */
const ENTRIES: Record<string, number> = { "src/core/mod.ts": CAPABILITY_LAYER };

function layerOf(file: string): number {
  if (file in ROOT_FILES) return ROOT_FILES[file];
  if (file in ENTRIES) return ENTRIES[file];
  const folder = folderOf(file);
  const below = BELOW_CAPABILITIES.indexOf(folder);
  if (below >= 0) return below;
  return TOP[folder] ?? CAPABILITY_LAYER;
}

function isCapability(file: string): boolean {
  return folderOf(file) !== "" && layerOf(file) === CAPABILITY_LAYER;
}

async function listFiles(): Promise<string[]> {
  const files = Object.keys(ROOT_FILES).filter((f) => existsFile(join(ROOT, f)));
  async function walk(dir: string): Promise<void> {
    for await (const entry of Deno.readDir(join(ROOT, dir))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (
        entry.isFile && path.endsWith(".ts") && !/_test\.ts$|_bench\.ts$|_test_[^/]*\.ts$/.test(path)
      ) files.push(path);
    }
  }
  await walk("src");
  return files.sort();
}

function existsFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** The relative specifiers of a file's static imports and re-exports (`import … from`, `export … from`, `import "…"`). */
function importsOf(text: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;\n}])\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/g;
  for (const m of text.matchAll(re)) if (m[1].startsWith(".")) out.push(m[1]);
  return out;
}

async function main(): Promise<number> {
  const files = await listFiles();
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  const problems: string[] = [];
  let upward = 0;
  let sideways = 0;
  for (const file of files) {
    const text = await Deno.readTextFile(join(ROOT, file));
    const targets: string[] = [];
    for (const spec of importsOf(text)) {
      const target = relative(ROOT, resolve(ROOT, dirname(file), spec));
      if (!known.has(target)) continue; // tests' helpers, data files: outside the graph
      targets.push(target);
      if (layerOf(target) > layerOf(file)) {
        upward++;
        problems.push(`upward: ${file} -> ${target}`);
      } else if (
        isCapability(file) && isCapability(target) && folderOf(file) !== folderOf(target) &&
        !target.endsWith("/mod.ts")
      ) {
        sideways++;
        problems.push(`not through mod.ts: ${file} -> ${target}`);
      }
    }
    edges.set(file, [...new Set(targets)]);
  }
  const cycles = findCycles(files, edges);
  for (const cycle of cycles) problems.push(`cycle: ${cycle.join(" -> ")} -> ${cycle[0]}`);
  for (const line of problems) console.log(line);
  const perFolder = new Map<string, number>();
  for (const f of files) perFolder.set(folderOf(f) || ".", (perFolder.get(folderOf(f) || ".") ?? 0) + 1);
  const counts = [...perFolder].map(([k, v]) => `${k}=${v}`).join(" ");
  console.log(
    `${files.length} files (${counts}); ${upward} upward imports, ${sideways} imports not through mod.ts, ` +
      `${cycles.length} cycles`,
  );
  return problems.length === 0 ? 0 : 1;
}

/** The strongly connected components with more than one file (Tarjan, iterative), each as one cycle through it. */
function findCycles(files: string[], edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    while (work.length > 0) {
      const top = work[work.length - 1];
      const [node, i] = top;
      if (i === 0) {
        index.set(node, next);
        low.set(node, next++);
        stack.push(node);
        onStack.add(node);
      }
      const succ = edges.get(node) ?? [];
      if (i < succ.length) {
        top[1]++;
        const s = succ[i];
        if (!index.has(s)) work.push([s, 0]);
        else if (onStack.has(s)) low.set(node, Math.min(low.get(node)!, index.get(s)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const comp: string[] = [];
        let n: string;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          comp.push(n);
        } while (n !== node);
        if (comp.length > 1) out.push(cyclePath(new Set(comp), edges));
      }
    }
  }
  return out;
}

/** One cycle through a strongly connected component: the shortest way back to its first file. */
function cyclePath(comp: Set<string>, edges: Map<string, string[]>): string[] {
  const first = [...comp].sort()[0];
  const prev = new Map<string, string>();
  const queue = [first];
  for (let q = 0; q < queue.length; q++) {
    for (const s of edges.get(queue[q]) ?? []) {
      if (!comp.has(s)) continue;
      if (s === first) {
        const path = [queue[q]];
        while (path[0] !== first) path.unshift(prev.get(path[0])!);
        return path;
      }
      if (!prev.has(s)) {
        prev.set(s, queue[q]);
        queue.push(s);
      }
    }
  }
  return [...comp].sort();
}

if (import.meta.main) Deno.exit(await main());
