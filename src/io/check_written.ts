/**
 * The check every writing command runs on what it wrote: the written document is read again from where it was
 * written, with the normal loader, and each structural `$ref` that names another file (in it and in the files
 * it reaches) is resolved with the reference index from there. A reference that does not resolve is dangling:
 * the command names it and fails. Local pointers (`#/…`) resolve the same wherever a document is written: one
 * that points at nothing was so in the input, and is the validator's to report.
 *
 * @module
 */
import { documentFromObject } from "./load.ts";
import { loadDocumentSet } from "./document_set.ts";
import { createDefaultReader, type DocumentReader } from "./reader.ts";
import { DEFAULT_MAX_INPUT_SIZE, mayReferToFiles, ReadSet, readSetList } from "../core/confine.ts";
import { type RefIndex, splitRef } from "../refs/ref_index.ts";
import { formatPointer } from "../core/pointer.ts";
import { quote, shorten } from "../core/bounded_text.ts";
import type { OASVersion } from "../core/version.ts";

/** One reference of a written document that does not resolve from where it was written. */
export interface DanglingRef {
  /** The file holding the `$ref` (the written document, or a file it refers to), as shown in messages. */
  file: string;
  /** JSON pointer of the `$ref` in that file (`/paths/~1pets/$ref`). */
  pointer: string;
  /** The reference as written. */
  ref: string;
  /** Why it does not resolve (one sentence). */
  message: string;
}

/** What {@link checkWrittenFile} and {@link checkDocumentRefs} found. */
export interface RefCheck {
  /** Structural references checked. */
  checked: number;
  /** How many do not resolve. */
  danglingCount: number;
  /** The first of them ({@link MAX_DANGLING_LISTED} at most), in document order. */
  dangling: DanglingRef[];
}

/** Dangling references a check keeps (and a message lists); the others are counted. */
export const MAX_DANGLING_LISTED = 10;

/**
 * Every structural reference of an index that names another file, resolved one step; references to URLs are
 * left out (they lead to the same place from every folder, and are not followed from local documents).
 */
function checkIndex(index: RefIndex): RefCheck {
  const out: RefCheck = { checked: 0, danglingCount: 0, dangling: [] };
  for (const edge of index.edges()) {
    if (splitRef(edge.ref).filePart === "") continue;
    out.checked++;
    const target = edge.target;
    if (target.ok || target.reason === "remote") continue;
    const why = target.message;
    out.danglingCount++;
    if (out.dangling.length < MAX_DANGLING_LISTED) {
      out.dangling.push({
        file: index.document(edge.from.file)?.source ?? edge.from.file,
        pointer: shorten(formatPointer([...edge.from.segments, "$ref"]), 400),
        ref: edge.ref,
        message: why,
      });
    }
  }
  return out;
}

/**
 * Reads the document written at `path` again (the normal loader, from the file system) and resolves every
 * reference from there: the files it refers to are read relative to its folder, with the usual confinement.
 *
 * @throws {LoadError} {@link ParseError} {@link UnsupportedVersionError} when the written file cannot be read
 *   back as an OpenAPI document.
 */
export async function checkWrittenFile(
  path: string,
  options: {
    sizeBytes?: number;
    /**
     * What the run read (the read sets of its inputs): a referenced file among them is taken from there, not
     * read again (the written file itself always is read).
     */
    readSet?: ReadSet | readonly (ReadSet | undefined)[];
  } = {},
): Promise<RefCheck> {
  const maxInputSize = Math.max(DEFAULT_MAX_INPUT_SIZE, options.sizeBytes ?? 0);
  const reader = createDefaultReader({ maxInputSize });
  const readSet = new ReadSet();
  const known = readSetList(options.readSet);
  const set = await loadDocumentSet(path, {
    reader,
    readSet,
    validateStructure: false,
    lenient: false,
    known,
  });
  return checkIndex(set.index);
}

/**
 * Resolves every reference to another file of an in-memory document as if it lay in `baseDir` (standard output:
 * the working directory, where the next tool resolves it); nothing to do when its `text` names no other file.
 */
export async function checkDocumentRefs(
  document: unknown,
  oasVersion: OASVersion,
  options: {
    baseDir: string;
    source: string;
    text?: string;
    reader?: DocumentReader;
    /** What the run read: a referenced file among it is taken from there, not read again. */
    readSet?: ReadSet | readonly (ReadSet | undefined)[];
  },
): Promise<RefCheck> {
  if (options.text !== undefined && !mayReferToFiles(options.text)) {
    return { checked: 0, danglingCount: 0, dangling: [] };
  }
  const parsed = documentFromObject(document as object, {
    source: options.source,
    baseDir: options.baseDir,
    validateStructure: false,
  });
  const set = await loadDocumentSet({ ...parsed, oasVersion }, {
    reader: options.reader ?? createDefaultReader(),
    readSet: new ReadSet(),
    lenient: false,
    known: readSetList(options.readSet),
  });
  return checkIndex(set.index);
}

/**
 * The message of a check that found dangling references: which file, the pointer of each `$ref`, the reference
 * and why; where they were resolved from (`from`: "where it was written (the file stays)", "the working
 * directory"); what to do (`todo`).
 */
export function danglingMessage(
  check: RefCheck,
  where: string,
  from: string,
  todo =
    "fix them in the input, write the output next to the input, or leave out --keep-refs to bundle it into one file",
): string {
  const n = check.danglingCount;
  const lines = [
    `${where}: ${n === 1 ? "1 reference does" : `${n} references do`} not resolve from ${from}; ${todo}:`,
  ];
  for (const d of check.dangling) {
    lines.push(`  ${shorten(d.file)}#${d.pointer}: ${quote(d.ref)}: ${shorten(d.message, 400)}`);
  }
  if (n > check.dangling.length) lines.push(`  … and ${n - check.dangling.length} more`);
  return lines.join("\n") + "\n";
}
