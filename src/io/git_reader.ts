/**
 * Documents read from a git revision (`main:api/openapi.yaml`) with no subprocess: the repository is found
 * from the working directory, the revision resolved from its refs (loose and packed, `HEAD`, branches, tags,
 * remote branches, full or short object names, `rev~N`, `rev^N`), and the files of that commit's tree are
 * given to the loader through a {@link DocumentReader}, so `$ref`s of a document resolve in the same tree.
 *
 * The files of revision `R` appear under a folder `<work tree>/R:` that exists only for this reader: a file
 * `api/pet.yaml` of `main` is named `main:/api/pet.yaml` in messages.
 *
 * @module
 */
import { dirname, isAbsolute, join, posix, relative, resolve, sep } from "node:path";
import { LoadError } from "../core/errors.ts";
import {
  DEFAULT_MAX_INPUT_SIZE,
  type DocumentReader,
  formatSize,
  type ReadOptions,
} from "../core/confine.ts";
import { type GitObject, GitStore, hexOf, readOptional } from "./git_store.ts";

/** A repository found on disk. */
export interface GitRepository {
  /** The folder whose `.git` it is (the top of the work tree). */
  workTree: string;
  /** The git folder of this work tree (`HEAD`, per-worktree refs). */
  gitDir: string;
  /** The folder shared by every work tree (objects, refs, packed-refs). */
  commonDir: string;
  /** Its objects. */
  store: GitStore;
}

const SMALL_FILE = 1024 * 1024;
const MAX_PACKED_REFS = 256 * 1024 * 1024;
const decoder = new TextDecoder();

/** The repository containing `start` (its nearest `.git`), or undefined when there is none. */
export async function findRepository(
  start: string,
  limits: { maxObjectBytes?: number } = {},
): Promise<GitRepository | undefined> {
  let dir = resolve(start);
  for (let up = 0; up < 512; up++) {
    const dotGit = join(dir, ".git");
    let gitDir: string | undefined;
    try {
      const info = await Deno.stat(dotGit);
      if (info.isDirectory) gitDir = dotGit;
      else if (info.isFile) {
        const text = decoder.decode(await readOptional(dotGit, SMALL_FILE) ?? new Uint8Array());
        const m = /^gitdir:\s*(.+?)\s*$/m.exec(text);
        if (m !== null) gitDir = resolve(dir, m[1]);
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) {
        throw new LoadError(`${dotGit} cannot be read: ${error instanceof Error ? error.message : error}.`);
      }
    }
    if (gitDir !== undefined) {
      const common = await readOptional(join(gitDir, "commondir"), SMALL_FILE);
      const commonDir = common === undefined ? gitDir : resolve(gitDir, decoder.decode(common).trim());
      const config = decoder.decode(
        await readOptional(join(commonDir, "config"), SMALL_FILE) ?? new Uint8Array(),
      );
      if (/^\s*objectformat\s*=\s*sha256\s*$/im.test(config)) {
        throw new LoadError(
          `the repository at ${dir} uses SHA-256 object names; only SHA-1 repositories are read.`,
        );
      }
      const store = new GitStore(join(commonDir, "objects"), {
        maxObjectBytes: limits.maxObjectBytes ?? DEFAULT_MAX_INPUT_SIZE,
      });
      return { workTree: dir, gitDir, commonDir, store };
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

/** Whether a ref name is safe to read as a file below the git folder. */
function safeRefName(name: string): boolean {
  return name !== "" && !name.startsWith("/") && !name.startsWith("-") && !name.includes("..") &&
    !name.includes("\\") && !name.includes("//") && !/[ :?*[~^]/.test(name) &&
    ![...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) &&
    !name.endsWith("/");
}

const packedRefsOf = new WeakMap<GitRepository, Map<string, string>>();

async function packedRefs(repo: GitRepository): Promise<Map<string, string>> {
  const known = packedRefsOf.get(repo);
  if (known !== undefined) return known;
  const refs = new Map<string, string>();
  const bytes = await readOptional(join(repo.commonDir, "packed-refs"), MAX_PACKED_REFS);
  for (const line of decoder.decode(bytes ?? new Uint8Array()).split("\n")) {
    const m = /^([0-9a-f]{40}) (\S+)$/.exec(line);
    if (m !== null) refs.set(m[2], m[1]);
  }
  packedRefsOf.set(repo, refs);
  return refs;
}

/** The object a ref names (following symbolic refs), or undefined when the ref does not exist. */
async function readRef(repo: GitRepository, name: string, depth = 0): Promise<string | undefined> {
  if (!safeRefName(name) || depth > 10) return undefined;
  for (const dir of repo.gitDir === repo.commonDir ? [repo.gitDir] : [repo.gitDir, repo.commonDir]) {
    const bytes = await readOptional(join(dir, name), SMALL_FILE);
    if (bytes === undefined) continue;
    const text = decoder.decode(bytes).trim();
    const sym = /^ref:\s*(\S+)$/.exec(text);
    if (sym !== null) return await readRef(repo, sym[1], depth + 1);
    if (/^[0-9a-f]{40}$/.test(text)) return text;
  }
  return (await packedRefs(repo)).get(name);
}

function headerLines(object: GitObject): string[] {
  const text = decoder.decode(object.data.subarray(0, Math.min(object.data.byteLength, SMALL_FILE)));
  const end = text.indexOf("\n\n");
  return (end < 0 ? text : text.slice(0, end)).split("\n");
}

/** The commit an object leads to (tags peeled), or why it does not lead to one. */
async function peelToCommit(repo: GitRepository, sha: string, revision: string): Promise<string> {
  for (let hops = 0; hops < 16; hops++) {
    const object = await repo.store.read(sha);
    if (object.type === "commit") return sha;
    if (object.type !== "tag") {
      throw new LoadError(
        `revision "${revision}" names a ${object.type}, not a commit; name a commit, branch or tag.`,
      );
    }
    const target = headerLines(object).find((l) => l.startsWith("object "))?.slice(7);
    if (target === undefined || !/^[0-9a-f]{40}$/.test(target)) {
      throw new LoadError(`revision "${revision}": tag object ${sha} is damaged.`);
    }
    sha = target;
  }
  throw new LoadError(`revision "${revision}": tags point to tags more than 16 times.`);
}

async function commitFields(repo: GitRepository, sha: string): Promise<{ tree: string; parents: string[] }> {
  const lines = headerLines(await repo.store.read(sha));
  const tree = lines.find((l) => l.startsWith("tree "))?.slice(5);
  if (tree === undefined || !/^[0-9a-f]{40}$/.test(tree)) throw new LoadError(`commit ${sha} is damaged.`);
  return { tree, parents: lines.filter((l) => l.startsWith("parent ")).map((l) => l.slice(7)) };
}

/** The object a revision's name (before `~` and `^`) names. */
async function resolveName(repo: GitRepository, name: string, revision: string): Promise<string> {
  if (/^[0-9a-f]{40}$/i.test(name)) return name.toLowerCase();
  const base = name === "@" ? "HEAD" : name;
  const candidates = /^[A-Z_]+$/.test(base) || base.startsWith("refs/") ? [base] : [];
  candidates.push(`refs/${base}`, `refs/tags/${base}`, `refs/heads/${base}`, `refs/remotes/${base}`);
  candidates.push(`refs/remotes/${base}/HEAD`);
  for (const ref of candidates) {
    const sha = await readRef(repo, ref);
    if (sha !== undefined) return sha;
  }
  if (/^[0-9a-f]{4,39}$/i.test(name)) {
    const found = await repo.store.withPrefix(name.toLowerCase());
    if (found.length === 1) return found[0];
    if (found.length > 1) {
      throw new LoadError(
        `revision "${revision}": the short object name ${name} is ambiguous; give more digits.`,
      );
    }
  }
  throw new LoadError(
    `revision "${revision}" is not a branch, tag or commit of the repository at ${repo.workTree}.`,
  );
}

/** The commit a revision names: `HEAD`, a branch, tag or object name, then any `~N` and `^N` steps. */
export async function resolveRevision(repo: GitRepository, revision: string): Promise<string> {
  const m = /^(.*?)((?:[~^]\d*)*)$/.exec(revision)!;
  if (m[1] === "") throw new LoadError(`revision "${revision}" names no branch, tag or commit.`);
  let sha = await peelToCommit(repo, await resolveName(repo, m[1], revision), revision);
  for (const step of m[2].match(/[~^]\d*/g) ?? []) {
    const n = step.length === 1 ? 1 : Number(step.slice(1));
    if (!Number.isSafeInteger(n) || n > 100_000) {
      throw new LoadError(`revision "${revision}": ${step} is too far.`);
    }
    if (step[0] === "^") {
      if (n === 0) continue;
      const parent = (await commitFields(repo, sha)).parents[n - 1];
      if (parent === undefined) {
        throw new LoadError(`revision "${revision}": commit ${sha} has no parent ${n}.`);
      }
      sha = parent;
    } else {
      for (let k = 0; k < n; k++) {
        const parent = (await commitFields(repo, sha)).parents[0];
        if (parent === undefined) {
          throw new LoadError(`revision "${revision}": commit ${sha} has fewer than ${n} ancestors.`);
        }
        sha = parent;
      }
    }
  }
  return sha;
}

/** One entry of a tree. */
interface TreeEntry {
  mode: string;
  sha: string;
}

function parseTree(data: Uint8Array, sha: string): Map<string, TreeEntry> {
  const entries = new Map<string, TreeEntry>();
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const nul = data.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 21 > data.length) throw new LoadError(`tree ${sha} is damaged.`);
    const mode = decoder.decode(data.subarray(at, space));
    const name = decoder.decode(data.subarray(space + 1, nul));
    entries.set(name, { mode, sha: hexOf(data.subarray(nul + 1, nul + 21)) });
    at = nul + 21;
  }
  return entries;
}

/** What a revision argument (`rev:path`) names: the revision and the path (`""` for the root folder). */
export interface RevisionPath {
  revision: string;
  path: string;
}

/**
 * Reads `rev:path` (a document of a git revision) from a command-line argument, or undefined when the argument
 * is not one: no colon, a URL (`https://…`), a Windows drive (`C:\…`, `C:/…`), or an empty revision. The caller
 * decides first whether a file of that name exists (an existing file always wins).
 */
export function parseRevisionPath(argument: string): RevisionPath | undefined {
  const colon = argument.indexOf(":");
  if (colon <= 0) return undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(argument) || /^[a-z]:[\\/]/i.test(argument)) return undefined;
  const revision = argument.slice(0, colon);
  if (/[\s\\]/.test(revision) || revision.includes("..") || revision.startsWith("/")) return undefined;
  return { revision, path: argument.slice(colon + 1) };
}

/** A revision opened for reading: its commit, and a reader of its tree. */
export interface GitRevision {
  /** The repository. */
  repository: GitRepository;
  /** The revision as given. */
  revision: string;
  /** The commit it names (40 hex digits). */
  commit: string;
  /** The reader of the commit's files, under {@link GitRevision.root}. */
  reader: DocumentReader;
  /** The folder the commit's files appear under for the reader (`<work tree>/<revision>:`); it does not exist. */
  root: string;
  /** The name of a path of the revision for the loader, from the reader's working directory: `main:/api/a.yaml`. */
  input(path: string, cwd: string): string;
}

/** Options of {@link openRevision}. */
export interface OpenRevisionOptions {
  /** Where to look for the repository (and what `./` paths are relative to). */
  cwd: string;
  /** Largest file read, in bytes. @default 256 MiB */
  maxInputSize?: number;
}

/**
 * Opens a revision of the repository that contains `cwd`. The reader reads only that commit's files (regular
 * files; symbolic links and submodules are refused), never the work tree, the network or standard input.
 *
 * @throws {LoadError} when there is no repository, or the revision names no commit.
 */
export async function openRevision(revision: string, options: OpenRevisionOptions): Promise<GitRevision> {
  const maxInputSize = options.maxInputSize ?? DEFAULT_MAX_INPUT_SIZE;
  const repository = await findRepository(options.cwd, { maxObjectBytes: maxInputSize });
  if (repository === undefined) {
    throw new LoadError(
      `revision "${revision}" cannot be read: ${options.cwd} is not inside a git repository.`,
    );
  }
  const commit = await resolveRevision(repository, revision);
  const { tree } = await commitFields(repository, commit);
  const root = join(repository.workTree, `${revision}:`);
  const shortCommit = commit.slice(0, 12);
  const trees = new Map<string, Map<string, TreeEntry>>();
  const treeOf = async (sha: string): Promise<Map<string, TreeEntry>> => {
    let t = trees.get(sha);
    if (t === undefined) {
      const object = await repository.store.read(sha);
      if (object.type !== "tree") {
        throw new LoadError(`object ${sha} of revision "${revision}" is not a tree.`);
      }
      t = parseTree(object.data, sha);
      if (trees.size > 4096) trees.clear();
      trees.set(sha, t);
    }
    return t;
  };
  const where = (path: string) => `"${path}" of revision "${revision}" (commit ${shortCommit})`;
  /** The tree entry at a path below the root, or why there is none. */
  const lookup = async (absolute: string): Promise<{ entry: TreeEntry; shown: string }> => {
    const rel = relative(root, absolute);
    if (rel === ".." || rel.startsWith(".." + sep) || isAbsolute(rel)) {
      throw new LoadError(`"${absolute}" lies outside revision "${revision}"; only its files are read.`);
    }
    const parts = rel === "" ? [] : rel.split(sep);
    const shown = parts.join("/") || ".";
    let entry: TreeEntry = { mode: "40000", sha: tree };
    for (const part of parts) {
      if (entry.mode !== "40000") {
        throw new LoadError(`${where(shown)} does not exist: a part of it is a file.`);
      }
      const next = (await treeOf(entry.sha)).get(part);
      if (next === undefined) throw new LoadError(`${where(shown)} does not exist; check the path.`);
      entry = next;
    }
    return { entry, shown };
  };
  const refuse = (what: string) => Promise.reject(new LoadError(what));
  const reader: DocumentReader = {
    async readFile(path: string, read: ReadOptions = {}): Promise<string> {
      const { entry, shown } = await lookup(resolve(root, path));
      if (entry.mode === "40000") throw new LoadError(`${where(shown)} is a directory, not a document file.`);
      if (entry.mode === "120000") {
        throw new LoadError(`${where(shown)} is a symbolic link; links are not followed.`);
      }
      if (entry.mode === "160000") {
        throw new LoadError(`${where(shown)} is a submodule, not a document file.`);
      }
      const object = await repository.store.read(entry.sha);
      const max = read.maxBytes ?? maxInputSize;
      if (object.data.byteLength > max) {
        throw new LoadError(
          `${where(shown)} is larger than ${
            formatSize(max)
          }, the input size limit; raise it with --max-input-size.`,
        );
      }
      try {
        return new TextDecoder("utf-8", { fatal: true }).decode(object.data);
      } catch {
        throw new LoadError(`${where(shown)} is not UTF-8 text.`);
      }
    },
    async realPath(path: string): Promise<string> {
      const full = resolve(root, path);
      await lookup(full);
      return full;
    },
    fetchText: (url: string) =>
      refuse(
        `"${url}" is not read: a document of revision "${revision}" refers only to files of that revision.`,
      ),
    readStdin: () => refuse(`standard input is not read through revision "${revision}".`),
    cwd: () => repository.workTree,
  };
  return {
    repository,
    revision,
    commit,
    reader,
    root,
    input(path: string, cwd: string): string {
      // As in git: a path starting with ./ or ../ is relative to the working directory, else to the top.
      const fromTop = /^\.\.?(\/|$)/.test(path)
        ? relative(repository.workTree, resolve(cwd, path)).split(sep).join("/")
        : posix.normalize(path.replace(/^\/+/, "") || ".");
      if (fromTop === ".." || fromTop.startsWith("../") || isAbsolute(fromTop)) {
        throw new LoadError(`"${path}" lies outside the repository at ${repository.workTree}.`);
      }
      return relative(repository.workTree, join(root, fromTop));
    },
  };
}
