/**
 * Writing generated files to disk, through core's writer: the directory is created, each file written
 * atomically, never over a file the run read, never through a symbolic link. A folder that holds Go files of
 * another package, or a file at one of our names that was not generated, is refused before anything is written.
 *
 * @module
 */
import { type ReadSet, writeFilesInto } from "../core/mod.ts";
import type { GeneratedFile } from "./split.ts";
import { isGoPackageName } from "./naming.ts";

/** Options of {@link writeGenerated}. */
export interface WriteGeneratedOptions {
  /** What the run read (`ParseResult.readSet`): never written over. */
  readSet?: ReadSet;
  /**
   * Refuse an output folder outside this folder or reached through a symbolic link below it (the MCP server's
   * workspace root). @default none
   */
  noSymlinksBelow?: string;
}

/** Go's mark of a generated file (`// Code generated … DO NOT EDIT.`), or the same in an HTML comment. */
const GENERATED = /^(?:\/\/|<!--) Code generated .* DO NOT EDIT\./m;

/**
 * The package clause of Go source: the name after `package` once comments and blank space are skipped, and
 * whether a build constraint (`//go:build`, `// +build`) comes first (such a file may not be built at all).
 * Undefined when no clause is found in the text given.
 */
export function goPackageOf(source: string): { name: string; constrained: boolean } | undefined {
  let constrained = false;
  let i = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < source.length) {
    const c = source[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
    } else if (source.startsWith("//", i)) {
      const end = source.indexOf("\n", i);
      const line = source.slice(i, end < 0 ? source.length : end);
      if (/^\/\/go:build\s|^\/\/ \+build\s/.test(line)) constrained = true;
      i = end < 0 ? source.length : end + 1;
    } else if (source.startsWith("/*", i)) {
      const end = source.indexOf("*/", i + 2);
      if (end < 0) return undefined;
      i = end + 2;
    } else {
      const m = /^package[ \t]+([\p{L}_][\p{L}\p{Nd}_]*)/u.exec(source.slice(i, i + 300));
      return m === null ? undefined : { name: m[1], constrained };
    }
  }
  return undefined;
}

/** A name for messages: at most 80 characters, control characters shown as `?`. */
function shortName(name: string): string {
  // deno-lint-ignore no-control-regex -- replacing control characters is the point
  const plain = name.replace(/[\x00-\x1f\x7f]/g, "?");
  return plain.length > 80 ? plain.slice(0, 79) + "…" : plain;
}

/**
 * The check of the files already in the output folder: a Go file of another package (a folder holds one Go
 * package; `<pkg>_test` in a `_test.go` file and files under a build constraint are accepted), and a file we
 * would replace that does not carry Go's "Code generated … DO NOT EDIT." mark (hand-written code), refuse the
 * whole write. Files Go ignores (names starting with `.` or `_`) and files we do not write are left alone.
 */
function vetFolder(dir: string, files: readonly GeneratedFile[]): {
  select(name: string, replaced: boolean): boolean;
  vet(file: { name: string; replaced: boolean; head: string }): string | undefined;
} {
  const ours = new Map(files.map((f) => [f.name, f.content]));
  const goFile = files.find((f) => f.name.endsWith(".go"));
  const pkg = goFile === undefined ? undefined : goPackageOf(goFile.content)?.name;
  const where = shortName(dir);
  return {
    select: (name, replaced) =>
      (name.endsWith(".go") && !name.startsWith(".") && !name.startsWith("_")) || replaced,
    vet(file) {
      const name = shortName(file.name);
      if (file.replaced) {
        const marked = GENERATED.test((ours.get(file.name) ?? "").slice(0, 4096));
        if (marked && file.head.trim() !== "" && !GENERATED.test(file.head)) {
          return `refusing to replace "${name}" in the output directory "${where}": it has no ` +
            `"Code generated … DO NOT EDIT." line, so it was not generated; move it, or choose another output directory.`;
        }
        return undefined;
      }
      if (pkg === undefined) return undefined;
      const found = goPackageOf(file.head);
      if (found === undefined || found.constrained) return undefined;
      if (found.name === pkg || (file.name.endsWith("_test.go") && found.name === `${pkg}_test`)) {
        return undefined;
      }
      const theirs = shortName(found.name);
      const or = isGoPackageName(found.name) ? `, or -p ${theirs}` : "";
      return `refusing to generate package "${pkg}" into the output directory "${where}": "${name}" there is ` +
        `package "${theirs}" and a folder holds one Go package; choose another output directory${or}.`;
    },
  };
}

/**
 * Writes generated files into `dir` (created when missing), each atomically; a file that already holds the same
 * content is left untouched (its time stamp kept, so build tools see no change). A symbolic link at a file's
 * place is replaced, never written through. Before anything is written, the folder is checked: a Go file of
 * another package there, or a file at one of our names without Go's "Code generated … DO NOT EDIT." mark, refuses
 * the whole write (nothing is changed). Files of the same package that we do not write are kept. Returns the
 * paths of the files.
 *
 * @example
 * ```ts
 * import { generate, writeGenerated } from "@oatool/cli/generator";
 * import { deepStrictEqual as assertEquals } from "node:assert/strict";
 * const result = await generate({ content: '{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {}}' });
 * const dir = await Deno.makeTempDir();
 * const written = await writeGenerated(dir, result.files);
 * assertEquals(written.length, result.files.length);
 * await Deno.remove(dir, { recursive: true });
 * ```
 * @throws {WriteError} when the directory cannot be created, holds another package or a hand-written file at
 *   one of our names, or a file cannot be written.
 */
export function writeGenerated(
  dir: string,
  files: readonly GeneratedFile[],
  options: WriteGeneratedOptions = {},
): Promise<string[]> {
  return writeFilesInto(dir, files, {
    readSet: options.readSet,
    keepUnchanged: true,
    noSymlinksBelow: options.noSymlinksBelow,
    vetExisting: vetFolder(dir, files),
  });
}
