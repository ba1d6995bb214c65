/**
 * The lines of a document around a place, for the HTML reports: for diff, the change's pointer found in one
 * side's files (the root, or `schemas/pet.yaml#/…` in a file it references) and its line by the file's source
 * map; for validate, the finding's `file:line:column` in the file of that name. Then a few lines before and
 * after, each cut to a bounded width.
 *
 * @module
 */
import {
  type DocumentSetFile,
  getAt,
  parsePointer,
  type SourceMap,
  type SourcePosition,
} from "../core/mod.ts";
import { templateShape } from "../core/path_template.ts";

/** One side of a comparison as the report reads it: its files, the root first (a `DocumentSet` is one). */
export interface ExcerptSide {
  /** The files: the root (`root: true`) and the files it references. */
  readonly files: readonly Pick<
    DocumentSetFile,
    "key" | "source" | "document" | "text" | "root" | "sourceMap"
  >[];
}

/** One line of an excerpt. */
export interface ExcerptLine {
  /** 1-based line number. */
  n: number;
  /** The line's text, at most {@link ExcerptBounds.maxLineChars} characters. */
  text: string;
  /** Whether this is the line of the place. */
  at: boolean;
}

/** Lines of one file around one place. */
export interface Excerpt {
  /** The file for people: its source name. */
  file: string;
  /** The line of the place. */
  line: number;
  /** Whether the place itself exists in this document (else the excerpt is of its nearest existing parent). */
  exact: boolean;
  /** The lines shown. */
  lines: ExcerptLine[];
}

/** How much of a file an excerpt shows. */
export interface ExcerptBounds {
  /** Lines before and after the place's line. */
  context: number;
  /** Characters of one line (a longer line is cut around the place's column). */
  maxLineChars: number;
}

type SideFile = ExcerptSide["files"][number];

/** An excerpt maker over one side, with each file's lines split once. */
export class SideExcerpts {
  readonly #side: ExcerptSide;
  readonly #lines = new Map<SideFile, string[]>();
  readonly #maps = new Map<SideFile, SourceMap>();
  readonly #shapes = new Map<SideFile, Map<string, string>>();

  constructor(side: ExcerptSide) {
    this.#side = side;
  }

  /** The root file's parsed document (for its `info.version`). */
  get rootDocument(): unknown {
    return this.#root()?.document;
  }

  #root(): SideFile | undefined {
    return this.#side.files.find((f) => f.root) ?? this.#side.files[0];
  }

  /**
   * The file a change's pointer names: the root for `/…`, else the file named before `#` (relative to the
   * root's folder: the file whose key ends with it).
   */
  #fileOf(pointer: string): { file: SideFile; fragment: string } | undefined {
    const hash = pointer.indexOf("#");
    if (pointer === "" || pointer.startsWith("/") || hash < 0) {
      const root = this.#root();
      return root === undefined ? undefined : { file: root, fragment: pointer };
    }
    const name = pointer.slice(0, hash).replaceAll("\\", "/").replace(/^\.\//, "");
    const file = this.#side.files.find((f) => {
      const key = f.key.replaceAll("\\", "/");
      return !f.root && (key === name || key.endsWith(`/${name}`));
    });
    return file === undefined ? undefined : { file, fragment: pointer.slice(hash + 1) };
  }

  /**
   * The lines around the place of `pointer` in this side: the place itself when it exists here, else (an
   * endpoint under another template of the same shape) that endpoint's, else its nearest existing parent's.
   * Undefined when the side has no text (a document built from an object) or not that file.
   */
  excerpt(pointer: string, bounds: ExcerptBounds): Excerpt | undefined {
    const found = this.#fileOf(pointer);
    if (found === undefined || found.file.text === "") return undefined;
    const { file } = found;
    let segments: (string | number)[] | undefined = parsePointer(found.fragment);
    if (segments === undefined) return undefined;
    let exact = getAt(file.document, segments) !== undefined;
    if (!exact) {
      const renamed = this.#sameShapePath(file, segments);
      if (renamed !== undefined) [segments, exact] = [renamed, true];
    }
    let map = this.#maps.get(file);
    if (map === undefined) this.#maps.set(file, map = file.sourceMap());
    const position = map.positionOf(segments);
    if (position === undefined) return undefined;
    let lines = this.#lines.get(file);
    if (lines === undefined) this.#lines.set(file, lines = splitLines(file.text));
    return { file: file.source, line: position.line, exact, lines: linesAround(lines, position, bounds) };
  }

  /** `/paths/{template}/…` with the template replaced by the file's own of the same shape, when it has one. */
  #sameShapePath(file: SideFile, segments: (string | number)[]): (string | number)[] | undefined {
    if (segments[0] !== "paths" || typeof segments[1] !== "string") return undefined;
    let shapes = this.#shapes.get(file);
    if (shapes === undefined) {
      // Each template's shape, computed once per file (the first template of a shape wins).
      this.#shapes.set(file, shapes = new Map());
      const paths = getAt(file.document, ["paths"]);
      for (const key of paths !== null && typeof paths === "object" ? Object.keys(paths) : []) {
        const shape = templateShape(key);
        if (!shapes.has(shape)) shapes.set(shape, key);
      }
    }
    const key = shapes.get(templateShape(segments[1]));
    if (key === undefined) return undefined;
    const renamed = ["paths", key, ...segments.slice(2)];
    return getAt(file.document, renamed) === undefined ? undefined : renamed;
  }
}

/**
 * An excerpt maker over files named as findings' locations name them (`location.file`): the file of a place,
 * its lines split once. A file given with the document whose findings name it is that document's (two documents
 * outside the working directory may each name their own `pet.yaml`); one given without is every document's.
 */
export class FileExcerpts {
  readonly #texts = new Map<string, string>();
  readonly #lines = new Map<string, string[]>();

  /** Over `files`: each a name, its text and, when it is one document's, that document. */
  constructor(files: Iterable<ExcerptFile>) {
    for (const f of files) {
      const key = f.of === undefined ? f.source : `${f.of}\0${f.source}`;
      if (f.text !== "" && !this.#texts.has(key)) this.#texts.set(key, f.text);
    }
  }

  /** The lines around `place` in its file (of `document`); undefined when that file's text is not known. */
  excerpt(place: SourcePosition, bounds: ExcerptBounds, document?: string): Excerpt | undefined {
    const own = `${document}\0${place.file}`;
    const key = document !== undefined && this.#texts.has(own) ? own : place.file;
    let lines = this.#lines.get(key);
    if (lines === undefined) {
      const text = this.#texts.get(key);
      if (text === undefined) return undefined;
      this.#lines.set(key, lines = splitLines(text));
    }
    if (place.line < 1 || place.line > lines.length) return undefined;
    return { file: place.file, line: place.line, exact: true, lines: linesAround(lines, place, bounds) };
  }
}

/** A file for {@link FileExcerpts}. */
export interface ExcerptFile {
  /** Its name, as findings' locations give it. */
  readonly source: string;
  /** Its text. */
  readonly text: string;
  /** The document whose findings name it (its source), when the name is that document's only. */
  readonly of?: string;
}

function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

/** The lines around `place.line` (within the text's), each cut to the bounds around the place's column. */
function linesAround(
  lines: readonly string[],
  place: Pick<SourcePosition, "line" | "column">,
  bounds: ExcerptBounds,
): ExcerptLine[] {
  const first = Math.max(1, place.line - bounds.context);
  const last = Math.min(lines.length, place.line + bounds.context);
  const shown: ExcerptLine[] = [];
  for (let n = first; n <= last; n++) {
    const at = n === place.line;
    shown.push({ n, at, text: cutLine(lines[n - 1], at ? place.column : 1, bounds.maxLineChars) });
  }
  return shown;
}

/** A line cut to `max` characters: a window around `column` (1-based), `…` where it was cut. */
function cutLine(line: string, column: number, max: number): string {
  const text = line.replaceAll("\t", "  ");
  if (text.length <= max) return text;
  if (column <= max / 2) return text.slice(0, max - 1) + "…";
  const start = Math.min(column - 1 - Math.floor(max / 3), text.length - (max - 2));
  return "…" + text.slice(start, start + max - 2) + "…";
}
