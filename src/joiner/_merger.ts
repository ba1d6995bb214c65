/**
 * The merge engine: folds documents one by one into the merged document, detecting and resolving collisions,
 * renaming and rewriting references, and merging document-level fields and arrays.
 *
 * For each incoming (right) document the work is done in four steps, so that references are rewritten only
 * where they came from the document whose value was renamed:
 * 1. decide every collision of every map (handlers are asked here; failures are raised here);
 * 2. apply left renames to the merged document (every reference in it was written by earlier documents);
 * 3. apply right renames to the incoming document (a private copy);
 * 4. insert the incoming document's content, in its key order.
 *
 * @module
 */
import type { SourcePosition } from "../core/mod.ts";
import { pushAll } from "../core/bounded_text.ts";
import type { StructuredWarning, WarningCategory } from "./join_result.ts";
import { joinWarning } from "./_join_warning.ts";
import type { JoinerConfig } from "./joiner_config.ts";
import { isObject, setMember } from "../core/json.ts";
import { renameKeys, rewriteReferences, type SectionRenames } from "../refs/rename.ts";
import { sectionsOf, type SectionSpec } from "./_sections.ts";
import { DocumentFields } from "./_document_fields.ts";
import { CollisionResolver } from "./_collisions.ts";
import { combinedCollisionError } from "./_collision_text.ts";
import { OperationIdChecker } from "./_operation_ids.ts";
import { ensureMapAt, mapAt } from "./_merge_tree.ts";
import type { Obj } from "../core/json.ts";
import type { MergeInput, MergeOutput, MergerSettings, Origin, RoundState } from "./_merge_types.ts";

/** Folds documents into one. Create one per join. */
export class Merger {
  readonly #settings: MergerSettings;
  readonly #config: JoinerConfig;
  readonly #specs: readonly SectionSpec[];
  readonly #merged: Obj = {};
  readonly #origins = new Map<SectionSpec, Map<string, Origin>>();
  readonly #fields: DocumentFields<MergeInput>;
  readonly #warnings: StructuredWarning[] = [];
  readonly #resolver: CollisionResolver;
  readonly #operationIds: OperationIdChecker;

  constructor(settings: MergerSettings) {
    this.#settings = settings;
    this.#config = settings.config;
    this.#specs = sectionsOf(settings.oasVersion);
    this.#fields = new DocumentFields(this.#merged, this.#config, {
      warn: (category, segments, message, location) => this.#warn(category, segments, message, location),
      position: (input, segments) => this.#position(input, segments),
      failurePosition: (input, segments) => this.#failurePosition(input, segments),
    });
    this.#resolver = new CollisionResolver(settings, this.#merged, this.#origins, {
      warn: (category, segments, message, location) => this.#warn(category, segments, message, location),
      position: (input, segments) => this.#position(input, segments),
      failurePosition: (input, segments) => this.#failurePosition(input, segments),
    });
    this.#operationIds = new OperationIdChecker(this.#config, settings.oasVersion, {
      warn: (category, segments, message, location) => this.#warn(category, segments, message, location),
      position: (input, segments) => this.#position(input, segments),
      failurePosition: (input, segments) => this.#failurePosition(input, segments),
    });
  }

  /** Merges the inputs in order and returns the merged document. */
  async merge(inputs: readonly MergeInput[]): Promise<MergeOutput> {
    for (const input of inputs) await this.#mergeOne(input);
    const failures = this.#resolver.failures;
    if (failures.length > 0) throw combinedCollisionError(failures);
    return {
      document: this.#merged,
      warnings: this.#warnings,
      collisionCount: this.#resolver.collisionCount + this.#operationIds.collisions.length,
      collisions: [...this.#resolver.collisions, ...this.#operationIds.collisions],
      semanticConsolidated: this.#resolver.semanticConsolidated,
      identicalMerged: this.#resolver.identicalMerged,
    };
  }

  // ---------------------------------------------------------------------------------------------------------
  // Messages

  #warn(
    category: WarningCategory,
    segments: readonly (string | number)[],
    message: string,
    location?: SourcePosition,
  ): void {
    this.#warnings.push(joinWarning(category, segments, message, location));
  }

  #position(input: MergeInput, segments: readonly string[]): SourcePosition | undefined {
    return input.sourceMap?.positionOf(segments);
  }

  #failurePosition(input: MergeInput, segments: readonly string[]): SourcePosition | undefined {
    return (input.sourceMap ?? input.textSourceMap?.())?.positionOf(segments);
  }

  // ---------------------------------------------------------------------------------------------------------
  // One document

  async #mergeOne(input: MergeInput): Promise<void> {
    const state: RoundState = { decisions: new Map(), leftRenames: new Map(), rightRenames: new Map() };
    if (input.index > 0 && input.oasVersion !== this.#settings.oasVersion) {
      const first = this.#fields.origins.get("/openapi");
      this.#warn(
        "version",
        [],
        `${input.source} is OpenAPI ${input.version} and the result is ${this.#merged.openapi}` +
          `${
            first ? ` (from ${first.source})` : ""
          }; features of ${input.oasVersion} it uses may not be valid in ` +
          `the result: convert the inputs to one version first if the result must validate` +
          this.#fields.at(input, ["openapi"], first) + ".",
      );
    }
    for (const spec of this.#specs) await this.#resolver.decideSection(input, spec, state);
    this.#applyLeftRenames(state);
    const rightRenames = this.#toSectionRenames(state.rightRenames);
    if (rightRenames.length > 0) rewriteReferences(input.doc, input.oasVersion, rightRenames);
    const security = this.#merged.security;
    const securityBefore = Array.isArray(security) ? [...security] : security;
    this.#operationIds.noteIncoming(input);
    this.#insert(input, state);
    this.#resolver.endRound();
    pushAll(this.#resolver.failures, this.#operationIds.check(this.#merged, input));
    if (input.index > 0) this.#fields.checkSecurity(input, securityBefore);
  }

  #toSectionRenames(map: Map<SectionSpec, Map<string, string>>): SectionRenames[] {
    const out: SectionRenames[] = [];
    for (const [spec, names] of map) {
      if (names.size > 0) out.push({ section: spec.segments, names, kind: spec.refKind });
    }
    return out;
  }

  #applyLeftRenames(state: RoundState): void {
    const renames = this.#toSectionRenames(state.leftRenames);
    if (renames.length === 0) return;
    rewriteReferences(this.#merged, this.#settings.oasVersion, renames);
    for (const [spec, names] of state.leftRenames) {
      if (names.size === 0) continue;
      const map = mapAt(this.#merged, spec.segments)!;
      const parent = spec.segments.length === 1
        ? this.#merged
        : mapAt(this.#merged, spec.segments.slice(0, -1))!;
      setMember(parent, spec.segments[spec.segments.length - 1], renameKeys(map, names));
      const origins = this.#origins.get(spec);
      if (origins) {
        for (const [from, to] of names) {
          const o = origins.get(from);
          if (o) {
            origins.delete(from);
            origins.set(to, o);
          }
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Insertion

  #insert(input: MergeInput, state: RoundState): void {
    const merged = this.#merged;
    const doc = input.doc;
    const family2 = this.#settings.oasVersion === "2.0";
    const first = input.index === 0;
    for (const key of Object.keys(doc)) {
      const value = doc[key];
      const spec = this.#specs.find((s) => s.segments.length === 1 && s.segments[0] === key);
      if (spec !== undefined && isObject(value)) {
        this.#insertSection(input, spec, state);
        continue;
      }
      if (key === "components" && !family2 && isObject(value)) {
        ensureMapAt(merged, ["components"]);
        for (const ck of Object.keys(value)) {
          const cspec = this.#specs.find((s) => s.segments.length === 2 && s.segments[1] === ck);
          if (cspec !== undefined && isObject(value[ck])) this.#insertSection(input, cspec, state);
          else this.#fields.firstWins(input, ["components", ck], value[ck]);
        }
        continue;
      }
      switch (key) {
        case "openapi":
        case "swagger":
        case "info":
          if (first) this.#fields.firstWins(input, [key], value);
          break;
        case "servers":
        case "tags":
        case "security":
          if (Array.isArray(value)) this.#fields.mergeArray(input, key, value);
          else this.#fields.firstWins(input, [key], value);
          break;
        case "schemes":
        case "consumes":
        case "produces":
          if (family2 && Array.isArray(value)) this.#fields.mergeStringSet(input, key, value);
          else this.#fields.firstWins(input, [key], value);
          break;
        case "host":
        case "basePath":
          if (family2) this.#fields.mergeServerField(input, key, value);
          else this.#fields.firstWins(input, [key], value);
          break;
        default:
          this.#fields.firstWins(input, [key], value);
      }
    }
  }

  #insertSection(input: MergeInput, spec: SectionSpec, state: RoundState): void {
    const rightMap = mapAt(input.doc, spec.segments)!;
    const map = ensureMapAt(this.#merged, spec.segments);
    const decisions = state.decisions.get(spec)!;
    let origins = this.#origins.get(spec);
    if (origins === undefined) this.#origins.set(spec, origins = new Map());
    for (const name of Object.keys(rightMap)) {
      const d = decisions.get(name)!;
      const value = rightMap[name];
      switch (d.kind) {
        case "extension":
          this.#fields.firstWins(input, [...spec.segments, name], value);
          break;
        case "add":
          setMember(map, d.target, value);
          origins.set(d.target, { input, segments: [...spec.segments, name] });
          break;
        case "keep":
          break;
        case "replace":
          map[d.target] = d.value;
          if (d.fromRight) origins.set(d.target, { input, segments: [...spec.segments, name] });
          break;
      }
    }
  }
}

export type { MergeInput, MergeOutput, MergerSettings } from "./_merge_types.ts";
