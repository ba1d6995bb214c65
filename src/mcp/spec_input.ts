/**
 * The tool server's specification input object `{file | url | content}`, loading it through the session cache,
 * and the checks on output paths.
 *
 * @module
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { z } from "zod";
import {
  type DocumentReader,
  loadDocument,
  OatoolError,
  type ParseResult,
  type ReadSet,
  writeDocument,
} from "../core/mod.ts";
import { byteLength } from "../core/load.ts";
import { formatSize } from "../core/confine.ts";
import { type LoadedOverlay, loadOverlay } from "../overlay/mod.ts";
import type { SpecCache } from "./spec_cache.ts";

/** The JSON Schema (zod) of a specification input object. */
export const specInput: z.ZodObject<{
  file: z.ZodOptional<z.ZodString>;
  url: z.ZodOptional<z.ZodString>;
  content: z.ZodOptional<z.ZodString>;
}, "strict"> = z.object({
  file: z.string().optional().describe(
    "Path to a document on disk; relative paths resolve against the server's working directory.",
  ),
  url: z.string().optional().describe("http(s) URL of a document."),
  content: z.string().optional().describe(
    "The document itself as JSON or YAML text (small documents only; use file for large ones).",
  ),
}).strict().describe("The document: exactly one of file, url or content.");

/** A specification input object as received. */
export type SpecInput = z.infer<typeof specInput>;

/** A failure of a tool call with a message for the client (one sentence). */
export class ToolError extends OatoolError {
  /** @param message One sentence saying what is wrong and what to do. */
  constructor(message: string) {
    super(message, "TOOL_ERROR");
    this.name = "ToolError";
  }
}

/** What the tools of one server share: where they read, the cache and the limits. */
export interface ToolContext {
  /** Reads files and URLs (URLs through the guard unless private addresses are allowed). */
  reader: DocumentReader;
  /** The session cache. */
  cache: SpecCache;
  /** The working directory relative `file` and output paths resolve against. */
  cwd: string;
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

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The cache key of a file input (absolute path plus modification time), or undefined when it has none. */
async function fileKey(path: string): Promise<string | undefined> {
  try {
    const info = await Deno.stat(path);
    if (!info.isFile || info.mtime === null) return undefined;
    return `file:${path}:${info.mtime.getTime()}`;
  } catch {
    return undefined; // the load reports why it cannot be read
  }
}

/**
 * Loads the OpenAPI document a specification input object names. With `cached` (behaviour rule 5), file inputs
 * are looked up by absolute path and modification time and content inputs by their SHA-256; URL inputs are
 * always fetched. Cached results are shared: never change them.
 */
export async function loadSpec(
  ctx: ToolContext,
  spec: SpecInput,
  options: { field?: string; cached?: boolean } = {},
): Promise<ParseResult> {
  const field = options.field ?? "spec";
  const kind = sourceOf(spec, field);
  const load = (input: { file: string } | { url: string } | { content: string }) =>
    loadDocument(input, { reader: ctx.reader });
  if (kind === "url") return await load({ url: spec.url! });
  let key: string | undefined;
  let input: { file: string } | { content: string };
  if (kind === "content") {
    checkContent(ctx, spec.content!, field);
    input = { content: spec.content! };
    key = `content:${await sha256(spec.content!)}`;
  } else {
    input = { file: spec.file! }; // the loader resolves it against the working directory; messages name it so
    key = await fileKey(resolve(ctx.cwd, spec.file!));
  }
  if (options.cached && key !== undefined) {
    const hit = ctx.cache.get(key);
    if (hit !== undefined) return hit;
  }
  const result = await load(input);
  if (options.cached && key !== undefined) {
    if (kind === "file") ctx.cache.dropPrefix(key.slice(0, key.lastIndexOf(":") + 1));
    ctx.cache.set(key, result);
  }
  return result;
}

/** Loads an Overlay document named by a specification input object (never cached). */
export function loadOverlaySpec(ctx: ToolContext, spec: SpecInput, field: string): Promise<LoadedOverlay> {
  const kind = sourceOf(spec, field);
  if (kind === "content") checkContent(ctx, spec.content!, field);
  const input = kind === "file"
    ? { file: spec.file! }
    : kind === "url"
    ? { url: spec.url! }
    : { content: spec.content! };
  return loadOverlay(input, { reader: ctx.reader, role: kind === "file" ? "referenced" : "input" });
}

/**
 * Resolves an output path against the working directory and refuses a symbolic link (the target it points at
 * is not something the client named) and a directory.
 */
export async function outputPath(ctx: ToolContext, path: string, field = "output"): Promise<string> {
  if (path === "") throw new ToolError(`${field} is empty; name a file to write.`);
  const full = resolve(ctx.cwd, path);
  let info: Deno.FileInfo | undefined;
  try {
    info = await Deno.lstat(full);
  } catch {
    info = undefined; // does not exist yet: fine
  }
  if (info?.isSymlink) {
    const what = field === "output" ? "a regular file" : "a folder";
    throw new ToolError(`${field} "${path}" is a symbolic link; name ${what} or a new path.`);
  }
  if (info?.isDirectory && field === "output") {
    throw new ToolError(`${field} "${path}" is a directory; name a file.`);
  }
  return full;
}

/** Writes a document to an output path, never over a file the call read; returns the path as given. */
export async function writeOutput(
  ctx: ToolContext,
  path: string,
  document: unknown,
  format: "json" | "yaml",
  readSets: readonly (ReadSet | undefined)[],
): Promise<string> {
  const full = await outputPath(ctx, path);
  await writeDocument(full, document, { format, readSet: readSets });
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
