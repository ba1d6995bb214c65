/**
 * The shapes of reference resolution: the root and documents of a set, resolved and unresolved references,
 * places, edges and component entries. Built and answered by `RefIndex` (ref_index.ts).
 *
 * @module
 */
import type { OASVersion } from "../core/version.ts";
import type { SourceMap } from "../core/source_map.ts";
import type { ReadSet } from "../core/confine.ts";
import type { OasKind } from "../walker/mod.ts";
import type { DocumentFormat } from "../core/parse_text.ts";

/** The root of a reference tree: a loaded document. */
export interface RefRoot {
  /** The root document. */
  document: unknown;
  /** Version family (decides where `$ref` is structure and where it is data). */
  oasVersion: OASVersion;
  /** Name for messages. */
  source: string;
  /** Absolute real path of the root file, when it is a file. */
  path?: string;
  /** Directory relative references resolve against and may not leave. */
  baseDir: string;
  /** The URL of a root loaded from one: its references resolve against it and never name local files. */
  url?: string;
  /** Where the files read are recorded. */
  readSet?: ReadSet;
  /** Source positions of the root text. */
  sourceMap(): SourceMap;
}

/** A document taking part in resolution (the root, or a referenced file). */
export interface RefDocument {
  /** Key: the absolute path, or the root's source name when it is not a file. */
  key: string;
  /** Name for messages: path relative to the current directory, or the root's source name. */
  source: string;
  /** The parsed data. */
  data: unknown;
  /** Its text, when it was read from a file or URL. */
  text?: string;
  /** The format of its text, when it was read from a file or URL. */
  format?: DocumentFormat;
  /** Source positions of its text. */
  sourceMap(): SourceMap;
}

/** A successfully resolved reference. */
export interface ResolvedRef {
  /** Resolved. */
  ok: true;
  /** The target value. */
  value: unknown;
  /** Key of the document holding the target. */
  file: string;
  /** Pointer segments of the target inside that document. */
  segments: string[];
}

/** Why a reference cannot be resolved. */
export type UnresolvedReason =
  | "remote"
  | "outside"
  | "missing-file"
  | "bad-file"
  | "missing-target"
  | "bad-pointer"
  | "missing-anchor"
  | "loop";

/** A reference that cannot be resolved, with the reason. */
export interface UnresolvedRef {
  /** Not resolved. */
  ok: false;
  /** One sentence: why. */
  message: string;
  /** `remote`, `outside`, `missing-file`, `bad-file`, `missing-target`, `bad-pointer`, `missing-anchor`, `loop`. */
  reason: UnresolvedReason;
  /** The local file a refused reference names (`outside`): the run must not write over it. */
  path?: string;
}

/** A place in a document of the set. */
export interface RefPlace {
  /** Key of the document. */
  file: string;
  /** Path inside it. */
  segments: readonly (string | number)[];
}

/** One structural `$ref`: where it is written, what it says, the kind its place expects, where it leads. */
export interface RefEdge {
  /** The Reference Object's place. */
  from: RefPlace;
  /** The reference as written. */
  ref: string;
  /** The kind the reference's place expects. */
  expected: OasKind;
  /** Its target (one step, no chains). */
  target: ResolvedRef | UnresolvedRef;
}

/** One reusable component. */
export interface ComponentEntry {
  /** Section name as 3.x calls it (`schemas`, `securitySchemes`, …). */
  section: string;
  /** Kind of the component. */
  kind: OasKind;
  /** Its name. */
  name: string;
  /** Its path from the root (`["components", "schemas", "Pet"]`, `["definitions", "Pet"]`). */
  segments: string[];
  /** The component. */
  value: unknown;
}
