/**
 * The tool server's workspace: the folders a call may read files from and write files into. They are the
 * client's roots (`roots/list`) when it declares any, else the server's working directory, plus every
 * `--allow-dir` folder. {@link Workspace} checks one call's paths against a plain list of root folders (so a
 * worker can rebuild it from that list); {@link WorkspaceRoots} keeps that list current for a server session.
 *
 * @module
 */
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { RootsListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { isInside } from "../core/confine.ts";
import { ToolError } from "./tool_error.ts";

/** The refusal of a path outside every root: one sentence that names no path. */
function outside(field: string, what: string): ToolError {
  return new ToolError(
    `${field} is outside the workspace; name a ${what} under one of the client's roots (or the server's working directory) or start the server with --allow-dir.`,
  );
}

/** The real path of `path`, or undefined when it does not exist (or cannot be resolved). */
async function realPathOf(path: string): Promise<string | undefined> {
  try {
    return await Deno.realPath(path);
  } catch {
    return undefined;
  }
}

/** The information of `path` itself (a symbolic link is not followed), or undefined when there is nothing. */
async function lstatOf(path: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.lstat(path);
  } catch {
    return undefined;
  }
}

/**
 * The folders one tool call may read from and write into, and the checks of its paths. Relative paths resolve
 * against the first root. Built from a plain list of folders, so it can be rebuilt anywhere from that list.
 *
 * @example
 * ```ts
 * import { Workspace } from "./workspace.ts";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const ws = new Workspace([Deno.cwd()]);
 * // the real path of ./README.md
 * assertEquals(await ws.resolveInput("README.md", "spec.file"), await Deno.realPath("README.md"));
 * ```
 */
export class Workspace {
  /** The root folders as given (absolute; the first is where relative paths resolve). */
  readonly roots: readonly string[];
  #real: Promise<[string, string][]> | undefined;

  /** @param roots absolute folders; none means that every path is refused */
  constructor(roots: readonly string[]) {
    this.roots = roots.map((r) => resolve(r));
  }

  /** The roots that exist, each as given and as its real path. */
  #realRoots(): Promise<[string, string][]> {
    this.#real ??= Promise.all(this.roots.map(realPathOf)).then((real) =>
      this.roots.flatMap((given, i) => real[i] === undefined ? [] : [[given, real[i]!] as [string, string]])
    );
    return this.#real;
  }

  /** `path` made absolute against the first root (or refused when there is none or it is empty). */
  #absolute(path: string, field: string, what: string): string {
    if (path === "") throw new ToolError(`${field} is empty; name a ${what}.`);
    if (path.includes("\0")) throw new ToolError(`${field} holds a NUL character; name a ${what}.`);
    if (this.roots.length === 0) throw outside(field, what);
    return resolve(this.roots[0], path);
  }

  /**
   * The real path of a file to read, refused unless it lies inside a root. A path that does not exist is
   * judged by the real path of its nearest existing folder, so the answer for an outside path is the same
   * whether it exists or not.
   *
   * @throws {ToolError} when the path is empty or outside every root.
   */
  async resolveInput(path: string, field: string): Promise<string> {
    const full = this.#absolute(path, field, "file");
    // A path that is not there (or a dangling link): the real path of its nearest existing folder, plus the rest.
    let folder = full;
    const rest: string[] = [];
    let real = await realPathOf(folder);
    while (real === undefined && dirname(folder) !== folder) {
      rest.unshift(basename(folder));
      folder = dirname(folder);
      real = await realPathOf(folder);
    }
    real = join(real ?? folder, ...rest);
    const roots = await this.#realRoots();
    if (!roots.some(([, root]) => isInside(root, real!))) throw outside(field, "file");
    return real;
  }

  /**
   * The root (its real path when it has one) that a path {@link resolveOutput} gave lies in, or undefined: what
   * the writers confine a write to (`noSymlinksBelow`), so that a folder replaced by a symbolic link between the
   * check and the write is still refused.
   */
  async rootOf(full: string): Promise<string | undefined> {
    for (const [given, real] of await this.#realRoots()) {
      if (isInside(real, full)) return real;
      if (isInside(given, full)) return given;
    }
    return undefined;
  }

  /**
   * The path to write a file (`kind` "file") or to create files in (`kind` "folder"), refused unless it lies
   * inside a root and no folder between that root and it is a symbolic link. An existing symbolic link at a
   * file target is accepted: the write replaces the link itself, never what it points at. A folder target may
   * not be a symbolic link, and a file target may not be a folder.
   *
   * @throws {ToolError} when the path is empty, outside every root, or passes through a symbolic link.
   */
  async resolveOutput(path: string, field: string, kind: "file" | "folder"): Promise<string> {
    const full = this.#absolute(path, field, kind);
    // The root the path lies in, by the root's path as given or by its real path; the walk goes down the real one.
    const root =
      (await this.#realRoots()).flatMap(([given, real]) =>
        isInside(given, full) ? [[given, real]] : isInside(real, full) ? [[real, real]] : []
      )[0];
    if (root === undefined) throw outside(field, kind);
    const parts = relative(root[0], full).split(sep).filter((p) => p !== "");
    const start = root[1];
    let at = start;
    for (let i = 0; i < parts.length; i++) {
      at = join(at, parts[i]);
      const info = await lstatOf(at);
      if (info === undefined) return join(at, ...parts.slice(i + 1)); // the rest is created as plain folders
      const last = i === parts.length - 1;
      if (info.isSymlink && (!last || kind === "folder")) {
        throw new ToolError(
          last
            ? `${field} "${path}" is a symbolic link; name a folder or a new path.`
            : `${field} "${path}" passes through a symbolic link to a folder; name a path whose folders are real folders.`,
        );
      }
      if (last && kind === "file" && info.isDirectory) {
        throw new ToolError(`${field} "${path}" is a directory; name a file.`);
      }
      if (!last && !info.isDirectory) {
        throw new ToolError(`${field} "${path}" passes through a file; name a path in a folder.`);
      }
    }
    return at;
  }
}

/** How long a `roots/list` request may take before the last answer (or the default roots) is used. */
export const ROOTS_TIMEOUT_MS = 5_000;

/** Options of {@link WorkspaceRoots}. */
export interface WorkspaceRootsOptions {
  /** The server's working directory: the root when the client declares none. */
  cwd: string;
  /** Folders added to the roots in every case (`--allow-dir`). @default [] */
  allowDirs?: readonly string[];
  /** Bound of a `roots/list` request, in milliseconds. @default 5000 */
  timeoutMs?: number;
}

/** The folders of `file://` root URIs; other URIs are left out. */
export function rootFolders(roots: readonly { uri: string }[]): string[] {
  const folders: string[] = [];
  for (const root of roots) {
    if (!root.uri.startsWith("file://")) continue;
    try {
      folders.push(resolve(fileURLToPath(root.uri)));
    } catch {
      // not a local file URI (a host name, say): not a root
    }
  }
  return folders;
}

/**
 * The roots of one server session: the client's (asked with `roots/list` after initialisation and again after
 * each `notifications/roots/list_changed`, the last answer kept) or else the working directory, plus the
 * `--allow-dir` folders. A request that fails or takes longer than its bound leaves the roots as they were.
 */
export class WorkspaceRoots {
  readonly #cwd: string;
  readonly #allowDirs: readonly string[];
  readonly #timeoutMs: number;
  #client: string[] | undefined;
  #pending: Promise<void> | undefined;
  #asked = 0;
  #workspace: { key: string; workspace: Workspace } | undefined;

  /** @param options the working directory, the added folders and the bound of a request */
  constructor(options: WorkspaceRootsOptions) {
    this.#cwd = resolve(options.cwd);
    this.#allowDirs = (options.allowDirs ?? []).map((d) => resolve(this.#cwd, d));
    this.#timeoutMs = options.timeoutMs ?? ROOTS_TIMEOUT_MS;
  }

  /** Asks `server`'s client for its roots after initialisation and after each change it announces. */
  attach(server: Server): void {
    const before = server.oninitialized;
    server.oninitialized = () => {
      before?.();
      this.#ask(server);
    };
    server.setNotificationHandler(RootsListChangedNotificationSchema, () => this.#ask(server));
  }

  #ask(server: Server): void {
    if (server.getClientCapabilities()?.roots === undefined) return;
    const ask = ++this.#asked;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("roots/list took too long")), this.#timeoutMs);
    });
    const request = server.listRoots(undefined, { timeout: this.#timeoutMs }) as Promise<
      { roots: { uri: string }[] }
    >;
    this.#pending = Promise.race([request, late]).then(
      (result) => {
        // Only the latest request counts: an earlier answer arriving late does not overwrite a newer one.
        if (ask === this.#asked) this.#client = rootFolders(result.roots);
      },
      () => {/* failed or too slow: the last answer stays */},
    ).finally(() => clearTimeout(timer));
  }

  /**
   * The current roots: the client's (waiting for an answer still on its way, within its bound), else the
   * working directory, then the `--allow-dir` folders; real paths of the folders that exist, in that order.
   */
  async currentRoots(): Promise<string[]> {
    if (this.#pending !== undefined) await this.#pending;
    const declared = this.#client !== undefined && this.#client.length > 0 ? this.#client : [this.#cwd];
    const real: string[] = [];
    for (const folder of [...declared, ...this.#allowDirs]) {
      const path = await realPathOf(folder);
      if (path !== undefined && !real.includes(path)) real.push(path);
    }
    return real;
  }

  /** The {@link Workspace} of the current roots (the same object while they stay the same). */
  async currentWorkspace(): Promise<Workspace> {
    const roots = await this.currentRoots();
    const key = JSON.stringify(roots);
    if (this.#workspace?.key !== key) this.#workspace = { key, workspace: new Workspace(roots) };
    return this.#workspace.workspace;
  }
}
