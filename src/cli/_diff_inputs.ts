/**
 * The sides of `oatool diff` as the user names them (a file, a URL, `-` for standard input, or `rev:path`, a
 * document of a git revision whose references resolve in the same revision), and what the pull-request gate
 * checks after the comparison: paths relative to the working directory, breaking changes first, and the
 * version bump that breaking changes require.
 *
 * @module
 */
import { isAbsolute, relative, resolve } from "node:path";
import { type DocumentReader, LoadError, UsageError } from "../core/mod.ts";
import { type DocumentSet, loadDocumentSet } from "../io/document_set.ts";
import { openRevision, parseRevisionPath } from "../io/git_reader.ts";
import type { Change, DiffResult } from "../differ/mod.ts";
import { severityRank } from "../differ/mod.ts";
import { inputArgument } from "./_common.ts";

/** Whether a path names something that exists (for the reader). */
async function exists(reader: DocumentReader, path: string): Promise<boolean> {
  try {
    await reader.realPath(resolve(reader.cwd(), path));
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads one side. An existing file always wins over `rev:path` (a file name may hold a colon); so do URLs and
 * Windows drive letters (`C:\api.yaml`). `-` reads standard input (one side at most: see {@link loadSides}).
 */
async function loadSide(
  value: string,
  what: string,
  options: { reader: DocumentReader; maxInputSize?: number },
): Promise<DocumentSet> {
  const { reader, maxInputSize } = options;
  const load = (input: string) => loadDocumentSet(input, { reader, maxInputSize });
  if (value === "-" || /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || await exists(reader, value)) {
    return await load(inputArgument(value, what));
  }
  const at = parseRevisionPath(value);
  if (at === undefined) return await load(inputArgument(value, what));
  if (at.path === "") {
    throw new UsageError(
      `${what} "${value}" names revision "${at.revision}" but no file; write ${at.revision}:path.`,
    );
  }
  try {
    const cwd = reader.cwd();
    const revision = await openRevision(at.revision, { cwd, maxInputSize });
    return await loadDocumentSet({ file: revision.input(at.path, cwd) }, {
      reader: revision.reader,
      maxInputSize,
    });
  } catch (error) {
    if (error instanceof LoadError) {
      throw new LoadError(
        `${what} "${value}" is not a file, so it was read as revision:path: ${error.message}`,
      );
    }
    throw error;
  }
}

/** Loads both sides; standard input may be one of them. */
export async function loadSides(
  source: string,
  target: string,
  options: { reader: DocumentReader; maxInputSize?: number },
): Promise<[DocumentSet, DocumentSet]> {
  if (source === "-" && target === "-") {
    throw new UsageError(
      "the source and the target are both - (standard input); one of them must be a file.",
    );
  }
  return [await loadSide(source, "the source", options), await loadSide(target, "the target", options)];
}

/**
 * The result with every position (and the documents' names) relative to the working directory, and with
 * `breakingFirst` its changes ordered by severity, the most serious first (otherwise in their order).
 */
export function arrangeResult(result: DiffResult, cwd: string, breakingFirst: boolean): DiffResult {
  const fromCwd = (file: string) => isAbsolute(file) ? relative(cwd, file) || file : file;
  for (const c of result.changes) {
    if (c.location !== undefined) c.location = { ...c.location, file: fromCwd(c.location.file) };
  }
  result.source = fromCwd(result.source);
  result.target = fromCwd(result.target);
  if (breakingFirst) {
    const rank = new Map<Change, number>(result.changes.map((c, i) => [c, i]));
    result.changes.sort((a, b) =>
      severityRank(a.severity) - severityRank(b.severity) || rank.get(a)! - rank.get(b)!
    );
  }
  return result;
}

/** `major.minor.patch` of a version string (`v2`, `2.1`, `2.1.0-rc.1`), or undefined when it has none. */
function semver(version: unknown): [number, number, number] | undefined {
  if (typeof version !== "string" && typeof version !== "number") return undefined;
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:[-+].*)?$/.exec(String(version).trim());
  return m === null ? undefined : [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

/**
 * With breaking changes, whether the target's `info.version` raised the major version of the source's (for
 * 0.x, the minor): `raised`, or the one-sentence refusal naming both versions. Undefined when nothing breaks.
 */
export function versionBump(
  result: DiffResult,
  source: DocumentSet,
  target: DocumentSet,
): { raised: true } | { raised: false; message: string } | undefined {
  if (!result.hasBreakingChanges) return undefined;
  const info = (set: DocumentSet) => (set.root.document as { info?: { version?: unknown } }).info?.version;
  const [was, now] = [info(source), info(target)];
  const shown = (v: unknown) => v === undefined ? "(none)" : JSON.stringify(v);
  const [a, b] = [semver(was), semver(now)];
  const breaking = `${result.breakingCount} breaking change${result.breakingCount === 1 ? "" : "s"}`;
  if (a === undefined || b === undefined) {
    return {
      raised: false,
      message:
        `--require-version-bump: with ${breaking}, info.version must be a semantic version on both sides; ` +
        `the source has ${shown(was)} and the target ${shown(now)}.`,
    };
  }
  if (a[0] === 0 ? b[0] > 0 || b[1] > a[1] : b[0] > a[0]) return { raised: true };
  const needed = a[0] === 0 ? `0.${a[1] + 1}.0` : `${a[0] + 1}.0.0`;
  return {
    raised: false,
    message: `--require-version-bump: ${breaking} need a new ${
      a[0] === 0 ? "minor (0.x)" : "major"
    } version, but info.version went from ${shown(was)} (source) to ${
      shown(now)
    } (target); use ${needed} or later.`,
  };
}
