/**
 * The tool server's specification input object `{file | url | content}`, loading it through the session cache,
 * and the checks on output paths.
 *
 * @module
 */
import { isAbsolute, relative, sep } from "node:path";
import { z } from "zod";
import {
  detectVersion,
  type DocumentFormat,
  type DocumentReader,
  type DocumentSet,
  formatFromName,
  loadDocumentSet,
  OatoolError,
  type ParseResult,
  type ReadSet,
  serializeDocument,
  writeFileAtomic,
} from "../core/mod.ts";
import { byteLength } from "../io/load.ts";
import { DEFAULT_MAX_INPUT_SIZE, formatSize, mayReferToFiles } from "../core/confine.ts";
import {
  chooseRefHandling,
  outputFolder,
  placeDocument,
  type RefHandling,
  withDocument,
} from "../io/rebase_refs.ts";
import { checkWrittenFile, danglingMessage } from "../io/check_written.ts";
import { bundle } from "../bundler/mod.ts";
import { type LoadedOverlay, loadOverlay } from "../overlay/mod.ts";
import type { SpecCache } from "./spec_cache.ts";
import type { Workspace } from "./workspace.ts";
import { ToolError } from "./tool_error.ts";

export { ToolError } from "./tool_error.ts";

/** The zod type of a specification input object. */
export type SpecInputSchema = z.ZodObject<{
  file: z.ZodOptional<z.ZodString>;
  url: z.ZodOptional<z.ZodString>;
  content: z.ZodOptional<z.ZodString>;
}, "strict">;

/**
 * A fresh specification input object. A tool with two documents (diff's base and revision) takes one each:
 * zod's JSON Schema writes a schema met twice as a `$ref`, which some model providers refuse in tool inputs.
 * What its fields mean (exactly one of them) is said once, in the server's instructions (server.ts).
 */
export function specInputSchema(): SpecInputSchema {
  return z.object({ file: z.string().optional(), url: z.string().optional(), content: z.string().optional() })
    .strict();
}

/** The JSON Schema (zod) of a specification input object. */
export const specInput: SpecInputSchema = specInputSchema();

/** A specification input object as received. */
export type SpecInput = z.infer<typeof specInput>;

/** What the tools of one server share: where they read, the cache and the limits. */
export interface ToolContext {
  /** Reads files and URLs (URLs through the guard unless private addresses are allowed). */
  reader: DocumentReader;
  /** The session cache. */
  cache: SpecCache;
  /** The working directory relative `file` and output paths resolve against (the workspace's first root). */
  cwd: string;
  /** The folders this call may read files from and write into: every `file` input and output is checked here. */
  workspace: Workspace;
  /**
   * Where the current workspace comes from (the client's roots, kept current for the session); when present,
   * each call runs with `workspace` set to its current value.
   */
  workspaceRoots?: {
    /** The current roots, real paths (the first is where relative paths resolve). */
    currentRoots(): Promise<string[]>;
    /** The workspace of the current roots. */
    currentWorkspace(): Promise<Workspace>;
  };
  /** Largest `content` accepted, in bytes. */
  maxContentSize: number;
  /** Walk tools: results per page by default. */
  walkLimit: number;
  /** Walk tools: results per page by default with `detail`. */
  walkDetailLimit: number;
}

/** Checks that exactly one of file, url and content is given; returns which. */
function sourceOf(spec: SpecInput, field: string): "file" | "url" | "content" {
  const given = (["file", "url", "content"] as const).filter((k) => spec[k] !== undefined);
  if (given.length !== 1) {
    throw new ToolError(
      given.length === 0
        ? `${field} needs exactly one of file, url or content; none was given.`
        : `${field} needs exactly one of file, url or content; ${given.join(" and ")} were given.`,
    );
  }
  return given[0];
}

/** Refuses inline content over the limit. */
function checkContent(ctx: ToolContext, content: string, field: string): void {
  const size = byteLength(content);
  if (size > ctx.maxContentSize) {
    throw new ToolError(
      `${field}.content is ${formatSize(size)}, more than the ${
        formatSize(ctx.maxContentSize)
      } allowed inline; save the document to a file and pass ${field}.file instead.`,
    );
  }
}

async function sha256(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A file modified this recently (ms) may be rewritten within the same modification time: its key has a hash. */
const RECENT_MS = 2000;

/**
 * The cache key of a file input, or undefined when it has none: the absolute path, modification time, size,
 * device and inode, plus the SHA-256 of the content when the file was modified within the last 2 seconds or
 * has a time in the future (a rewrite within the same modification time must not find the older document). A
 * file larger than `maxBytes` has no key (the load refuses it).
 */
export async function fileKey(
  path: string,
  maxBytes: number = DEFAULT_MAX_INPUT_SIZE,
): Promise<string | undefined> {
  try {
    const info = await Deno.stat(path);
    if (!info.isFile || info.mtime === null || info.size > maxBytes) return undefined;
    const mtime = info.mtime.getTime();
    const key = `file:${path}:${mtime}:${info.size}:${info.dev}:${info.ino ?? ""}`;
    if (mtime < Date.now() - RECENT_MS) return key; // a time in the future counts as recent
    const bytes = await Deno.readFile(path);
    return bytes.length === info.size ? `${key}:${await sha256(bytes)}` : undefined; // changing now: no key
  } catch {
    return undefined; // the load reports why it cannot be read
  }
}

/**
 * The keys ({@link fileKey}) of the files other than the root of a cached set, as they were just after it was
 * loaded; `undefined` for a file that has none (then the set is never taken from the cache again).
 */
const referencedKeys = new WeakMap<DocumentSet, (readonly [string, string | undefined])[]>();

/** The keys of a set's files other than the root (files only: a URL is never cached). */
async function keysOfReferenced(set: DocumentSet): Promise<(readonly [string, string | undefined])[]> {
  const out: (readonly [string, string | undefined])[] = [];
  for (const f of set.files) {
    if (f.root || /^https?:/i.test(f.key)) continue;
    out.push([f.key, await recentSafeKey(f.key)]);
  }
  return out;
}

/**
 * {@link fileKey} of a referenced file, or undefined when it changed within the last 2 seconds: its key is
 * taken after its text was read, so a change in between would be keyed but not loaded (the set is loaded again).
 */
async function recentSafeKey(path: string): Promise<string | undefined> {
  try {
    const info = await Deno.stat(path);
    if (info.mtime === null || info.mtime.getTime() >= Date.now() - RECENT_MS) return undefined;
  } catch {
    return undefined;
  }
  return await fileKey(path);
}

/** Whether every referenced file of a cached set is as it was when the set was loaded. */
async function referencedUnchanged(set: DocumentSet): Promise<boolean> {
  const known = referencedKeys.get(set);
  if (known === undefined) return false;
  for (const [path, key] of known) {
    if (key === undefined || await fileKey(path) !== key) return false;
  }
  return set.index.failureCount === 0; // a file it could not read (missing then) may be there now
}

/**
 * Loads the document set (`loadDocumentSet`: the root and every file it reaches) a specification input object
 * names. With `cached` (behaviour rule 5), file inputs are looked up by {@link fileKey} of the root (path,
 * modification time, size, device and inode, and a content hash when the file is recent) and content inputs by
 * their SHA-256; a set found is used only when each of its referenced files still has the key it had after
 * the load, else it is loaded again. URL inputs are always fetched. Concurrent calls with the same key share one
 * load. Cached sets are shared: never change them.
 */
export async function loadSpecSet(
  ctx: ToolContext,
  spec: SpecInput,
  options: { field?: string; cached?: boolean } = {},
): Promise<DocumentSet> {
  const field = options.field ?? "spec";
  const kind = sourceOf(spec, field);
  const load = (input: { file: string } | { url: string } | { content: string }) =>
    loadDocumentSet(input, { reader: ctx.reader });
  if (kind === "url") return await load({ url: spec.url! });
  let key: string | undefined;
  let input: { file: string } | { content: string };
  let path = "";
  if (kind === "content") {
    checkContent(ctx, spec.content!, field);
    input = { content: spec.content! };
    if (options.cached) key = `content:${await sha256(spec.content!)}`;
  } else {
    path = await ctx.workspace.resolveInput(spec.file!, `${field}.file`); // its real path, inside a root
    input = { file: path };
    if (options.cached) key = await fileKey(path);
  }
  if (key === undefined) return await load(input);
  return await ctx.cache.getOrLoad(key, async () => {
    const result = await load(input);
    referencedKeys.set(result, await keysOfReferenced(result));
    if (kind === "file") ctx.cache.dropPrefix(`file:${path}:`); // an older version of the same file
    return result;
  }, referencedUnchanged);
}

/**
 * Loads the OpenAPI document a specification input object names: the root of its document set
 * ({@link loadSpecSet}, cached with `cached`). Verbs given it with the server's reader take that set, so its
 * referenced files are not read again.
 */
export async function loadSpec(
  ctx: ToolContext,
  spec: SpecInput,
  options: { field?: string; cached?: boolean } = {},
): Promise<ParseResult> {
  return (await loadSpecSet(ctx, spec, options)).root;
}

/** Loads an Overlay document named by a specification input object (never cached). */
export async function loadOverlaySpec(
  ctx: ToolContext,
  spec: SpecInput,
  field: string,
): Promise<LoadedOverlay> {
  const kind = sourceOf(spec, field);
  if (kind === "content") checkContent(ctx, spec.content!, field);
  const input = kind === "file"
    ? { file: await ctx.workspace.resolveInput(spec.file!, `${field}.file`) }
    : kind === "url"
    ? { url: spec.url! }
    : { content: spec.content! };
  return await loadOverlay(input, { reader: ctx.reader, role: kind === "file" ? "referenced" : "input" });
}

/**
 * Resolves an output path (`output`, a file, or `output_dir`, a folder) inside the workspace: refused outside
 * every root, through a symbolic link to a folder, or when an `output_dir` is itself a symbolic link. A symbolic
 * link at an `output` file is replaced by the written file, never written through.
 */
export function outputPath(ctx: ToolContext, path: string, field = "output"): Promise<string> {
  return ctx.workspace.resolveOutput(path, field, field === "output_dir" ? "folder" : "file");
}

/** How a tool writes its document to `output`: the full path, and what it does with references to files. */
export interface OutputPlan {
  /** The output path inside the workspace. */
  full: string;
  /** Real path of its folder. */
  dir: string;
  /** Keep the references, bundle the document into one file, or rebase them (`keep_refs`). */
  handling: RefHandling;
}

/**
 * Resolves `output` inside the workspace and decides how the document made from `inputs` keeps its references
 * valid there: kept when every input that refers to files lies in the output's folder, else bundled into one
 * file, or with `keepRefs` rebased against the output's folder.
 */
export async function outputPlan(
  ctx: ToolContext,
  output: string,
  inputs: readonly ParseResult[],
  keepRefs = false,
): Promise<OutputPlan> {
  const full = await outputPath(ctx, output);
  const dir = await outputFolder(full, ctx.cwd);
  return { full, dir, handling: await chooseRefHandling(inputs, dir, { keepRefs, reader: ctx.reader }) };
}

/** The input as one document (its referenced files bundled in), at the input's place. */
export async function bundledSpec(ctx: ToolContext, parsed: ParseResult): Promise<ParseResult> {
  const plan = { handling: "bundle" as const, dir: "" };
  return withDocument(
    parsed,
    await placeDocument(plan, parsed, parsed.document, { reader: ctx.reader, bundle }),
  );
}

/** A tool's output document made ready for the plan's folder: bundled, rebased, or as it is. */
export function placeOutput(
  ctx: ToolContext,
  plan: OutputPlan,
  parsed: ParseResult,
  document: unknown,
): Promise<unknown> {
  return placeDocument(plan, parsed, document, { reader: ctx.reader, bundle });
}

/**
 * Writes a document to an output path, never over a file the call read, as YAML or JSON by the path's extension
 * (else `format`, the input's); then reads it again and resolves every `$ref` from where it was written.
 * Returns the path as given.
 *
 * @throws {ToolError} naming the first references that do not resolve from there (the file stays written).
 */
export async function writeOutput(
  ctx: ToolContext,
  path: string,
  document: unknown,
  format: DocumentFormat,
  readSets: readonly (ReadSet | undefined)[],
  plan?: OutputPlan,
): Promise<string> {
  const full = plan?.full ?? await outputPath(ctx, path);
  const text = serializeDocument(document, formatFromName(full) ?? format);
  await writeFileAtomic(full, text, { readSet: readSets, noSymlinksBelow: await ctx.workspace.rootOf(full) });
  // Only references naming other files depend on where the document is.
  if (!mayReferToFiles(text)) return path;
  try {
    detectVersion(document, "the output");
  } catch {
    return path; // not an OpenAPI document: no references to check
  }
  const check = await checkWrittenFile(full, { sizeBytes: byteLength(text) });
  if (check.danglingCount > 0) {
    const message = danglingMessage(
      check,
      `output "${path}"`,
      "where it was written (the file was written and stays)",
      "fix them in the input, write the output next to the input, or leave out keep_refs to bundle it into one file",
    );
    throw new ToolError(message.trimEnd().split("\n").map((l) => l.trim()).join(" "));
  }
  return path;
}

/**
 * The message of a failed call: the error's own sentence (or "internal error: …" for an unexpected one), with
 * absolute paths outside the working directory reduced to their last part, so nothing of the server's machine
 * outside it is echoed back.
 */
export function errorMessage(error: unknown, cwd: string): string {
  const raw = error instanceof OatoolError
    ? error.message
    : `internal error: ${error instanceof Error ? error.message : String(error)}`;
  const firstLine = raw.split("\n")[0];
  return scrubPaths(firstLine, cwd);
}

let rootEntries: ReadonlySet<string> | undefined;

/** The names in the file system's root folder (`home`, `etc`, `tmp`, ...), read once. */
function fileSystemRoots(): ReadonlySet<string> {
  if (rootEntries === undefined) {
    const names = new Set<string>();
    try {
      for (const entry of Deno.readDirSync("/")) names.add(entry.name);
    } catch {
      // not readable: only paths inside the working directory are recognised then
    }
    rootEntries = names;
  }
  return rootEntries;
}

/**
 * Replaces absolute file paths in a message: inside `cwd` by their relative path, elsewhere by `…/<name>`. A
 * path counts as a file path when its first part is an entry of the file system's root (`roots`) or it lies
 * inside `cwd`, so that API paths such as `/pets/{id}` in a message stay as they are.
 */
export function scrubPaths(
  text: string,
  cwd: string,
  roots: ReadonlySet<string> = fileSystemRoots(),
): string {
  return text.replace(/(?<![\w.:/\\-])\/[^\s"'`,;()<>]*/g, (path) => {
    const trail = /[.:]+$/.exec(path)?.[0] ?? "";
    const bare = trail === "" ? path : path.slice(0, -trail.length);
    if (bare === "/" || bare === "") return path;
    const rel = relative(cwd, bare);
    if (rel === "") return "." + trail;
    if (!rel.startsWith("..") && !isAbsolute(rel)) return rel + trail;
    const parts = bare.split(sep).filter((p) => p !== "");
    if (!roots.has(parts[0])) return path;
    return `…/${parts[parts.length - 1]}${trail}`;
  });
}

/**
 * `ctx` working in its workspace: relative paths, and the base folder of the references of inline content,
 * are the first root's (the server's working directory may lie outside the client's roots).
 */
export function inWorkspace(ctx: ToolContext): ToolContext {
  const base = ctx.workspace.roots[0];
  if (base === undefined || (base === ctx.cwd && base === ctx.reader.cwd())) return ctx;
  // The reader as it is in every other respect (whatever it holds).
  const reader = Object.assign(Object.create(ctx.reader) as DocumentReader, { cwd: () => base });
  return { ...ctx, cwd: base, reader };
}
