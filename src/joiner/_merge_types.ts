/**
 * The types the merger's parts share: an input, the settings, where a merged value came from, and the
 * decisions taken for one incoming document.
 *
 * @module
 */
import type { OASVersion, SourceMap, SourcePosition } from "../core/mod.ts";
import type { JoinerConfig } from "./joiner_config.ts";
import type { CollisionDetail, StructuredWarning, WarningCategory } from "./join_result.ts";
import type { SchemaNamer } from "./naming.ts";
import type { SectionSpec } from "./_sections.ts";
import type { Obj } from "../core/json.ts";

/** Where the merger's parts send their messages: warnings, and the source position of a place in an input. */
export interface MergeReporter<I> {
  /** Records a warning. */
  warn(
    category: WarningCategory,
    segments: readonly (string | number)[],
    message: string,
    location?: SourcePosition,
  ): void;
  /** The position of `segments` in `input`'s source, when known. */
  position(input: I, segments: readonly string[]): SourcePosition | undefined;
  /** The position of `segments` in `input`'s source for a failure's report: from its text even without source maps. */
  failurePosition(input: I, segments: readonly string[]): SourcePosition | undefined;
}

/** One input as the merger sees it. */
export interface MergeInput {
  /** Position among the inputs, 0-based. */
  index: number;
  /** Name for messages. */
  source: string;
  /** The document: a private copy the merger may change. */
  doc: Obj;
  /** Exact version string. */
  version: string;
  /** Version family. */
  oasVersion: OASVersion;
  /** Source positions (only when source maps were given). */
  sourceMap?: SourceMap;
  /** Source positions from the input's own text, computed on demand (for the report of a failed join). */
  textSourceMap?: () => SourceMap | undefined;
  /** Namespace prefix of this source, if any. */
  prefix?: string;
}

/** What the merger needs besides the inputs. */
export interface MergerSettings {
  config: JoinerConfig;
  /** Names renamed schemas. */
  schemaNamer: SchemaNamer;
  /** Names renamed components (operation context does not apply to them). */
  componentNamer: SchemaNamer;
  /** Family of the result (the first document's). */
  oasVersion: OASVersion;
}

/** What the merger produces. */
export interface MergeOutput {
  document: Obj;
  warnings: StructuredWarning[];
  collisionCount: number;
  collisions: CollisionDetail[];
  /** Same-named identical schemas consolidated under semantic deduplication. */
  semanticConsolidated: number;
  /** Same-named identical components merged into one (not counted as collisions). */
  identicalMerged: number;
}

/** Where a value of the merged document came from. */
export interface Origin {
  /** The input. */
  input: MergeInput;
  /** Where in it. */
  segments: string[];
}

/** What happens to one name of an incoming map. */
export type Decision =
  /** Put the right value at `target` (a new name in the merged map). */
  | { kind: "add"; target: string }
  /** Keep the left value at `target`; drop the right one. */
  | { kind: "keep"; target: string }
  /** Replace the left value at `target` (in place). */
  | { kind: "replace"; target: string; value: unknown; fromRight: boolean }
  /** An extension key of the map (`x-…` in `paths`): the first value wins. */
  | { kind: "extension" };

/** The decisions for one incoming document, per section. */
export interface RoundState {
  decisions: Map<SectionSpec, Map<string, Decision>>;
  leftRenames: Map<SectionSpec, Map<string, string>>;
  rightRenames: Map<SectionSpec, Map<string, string>>;
}
