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
import {
  deepCopy,
  describeError,
  formatPath,
  formatPosition,
  type OASVersion,
  type SourceMap,
  type SourcePosition,
} from "../core/mod.ts";
import { RefIndex } from "../core/ref_index.ts";
import type { CollisionStrategy } from "./collision_strategy.ts";
import type { CollisionContext, CollisionResolution } from "./collision_handler.ts";
import type { CollisionDetail, CollisionOutcome, StructuredWarning, WarningCategory } from "./join_result.ts";
import { joinWarning } from "./_join_warning.ts";
import type { JoinerConfig } from "./joiner_config.ts";
import { JoinCollisionError } from "./errors.ts";
import { type Difference, findDifference } from "../core/difference.ts";
import { isObject } from "../core/json.ts";
import { renameKeys, rewriteReferences, type SectionRenames } from "../core/rename.ts";
import { sectionsOf, type SectionSpec, TYPE_LABELS } from "./_sections.ts";
import { isEmptySchema, semanticallyIdentical } from "./_canonical.ts";
import { DocumentFields } from "./_document_fields.ts";
import { ensureMapAt, mapAt, type Obj } from "./_merge_tree.ts";
import { setMember } from "../core/json.ts";
import type { NameRequest, SchemaNamer } from "./naming.ts";

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
}

interface Origin {
  input: MergeInput;
  segments: string[];
}

type Decision =
  /** Put the right value at `target` (a new name in the merged map). */
  | { kind: "add"; target: string }
  /** Keep the left value at `target`; drop the right one. */
  | { kind: "keep"; target: string }
  /** Replace the left value at `target` (in place). */
  | { kind: "replace"; target: string; value: unknown; fromRight: boolean }
  /** An extension key of the map (`x-…` in `paths`): the first value wins. */
  | { kind: "extension" };

interface RoundState {
  decisions: Map<SectionSpec, Map<string, Decision>>;
  leftRenames: Map<SectionSpec, Map<string, string>>;
  rightRenames: Map<SectionSpec, Map<string, string>>;
}

/** Folds documents into one. Create one per join. */
export class Merger {
  readonly #settings: MergerSettings;
  readonly #config: JoinerConfig;
  readonly #specs: readonly SectionSpec[];
  readonly #merged: Obj = {};
  readonly #origins = new Map<SectionSpec, Map<string, Origin>>();
  readonly #fields: DocumentFields<MergeInput>;
  readonly #warnings: StructuredWarning[] = [];
  readonly #collisions: CollisionDetail[] = [];
  #collisionCount = 0;
  #semanticConsolidated = 0;

  constructor(settings: MergerSettings) {
    this.#settings = settings;
    this.#config = settings.config;
    this.#specs = sectionsOf(settings.oasVersion);
    this.#fields = new DocumentFields(this.#merged, this.#config, {
      warn: (category, segments, message, location) => this.#warn(category, segments, message, location),
      position: (input, segments) => this.#position(input, segments),
    });
  }

  /** Merges the inputs in order and returns the merged document. */
  async merge(inputs: readonly MergeInput[]): Promise<MergeOutput> {
    for (const input of inputs) await this.#mergeOne(input);
    return {
      document: this.#merged,
      warnings: this.#warnings,
      collisionCount: this.#collisionCount,
      collisions: this.#collisions,
      semanticConsolidated: this.#semanticConsolidated,
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

  #strategyFor(spec: SectionSpec): CollisionStrategy {
    const c = this.#config;
    const own = spec.group === "schema"
      ? c.schemaStrategy
      : spec.group === "path"
      ? c.pathStrategy
      : c.componentStrategy;
    return own ?? c.defaultStrategy;
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
    for (const spec of this.#specs) await this.#decideSection(input, spec, state);
    this.#applyLeftRenames(state);
    const rightRenames = this.#toSectionRenames(state.rightRenames);
    if (rightRenames.length > 0) rewriteReferences(input.doc, input.oasVersion, rightRenames);
    const security = this.#merged.security;
    const securityBefore = Array.isArray(security) ? [...security] : security;
    this.#insert(input, state);
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
  // Decisions

  async #decideSection(input: MergeInput, spec: SectionSpec, state: RoundState): Promise<void> {
    const rightMap = mapAt(input.doc, spec.segments);
    if (rightMap === undefined) return;
    const leftMap = mapAt(this.#merged, spec.segments);
    const decisions = new Map<string, Decision>();
    const leftRenames = new Map<string, string>();
    const rightRenames = new Map<string, string>();
    state.decisions.set(spec, decisions);
    state.leftRenames.set(spec, leftRenames);
    state.rightRenames.set(spec, rightRenames);
    const planned = new Set<string>();
    const newLeftNames = new Set<string>();
    const taken = (candidate: string): boolean =>
      (leftMap !== undefined && Object.hasOwn(leftMap, candidate)) ||
      Object.hasOwn(rightMap, candidate) || planned.has(candidate) || newLeftNames.has(candidate);
    const always = this.#config.alwaysApplyPrefix && spec.type === "schema" && input.prefix !== undefined;

    for (const name of Object.keys(rightMap)) {
      if (spec.extensions && name.startsWith("x-")) {
        decisions.set(name, { kind: "extension" });
        continue;
      }
      const target = always ? `${input.prefix}_${name}` : name;
      if (planned.has(target)) {
        throw new JoinCollisionError(
          `${
            TYPE_LABELS[spec.type]
          } collision: '${target}' is produced twice in ${input.source} by its namespace ` +
            `prefix '${input.prefix}'; rename one of its schemas or choose another prefix.`,
          {
            type: spec.type,
            name: target,
            jsonPath: formatPath([...spec.segments, target], "jsonpath"),
            leftSource: input.source,
            rightSource: input.source,
          },
        );
      }
      if (leftMap === undefined || !Object.hasOwn(leftMap, target)) {
        decisions.set(name, { kind: "add", target });
        planned.add(target);
        if (target !== name) rightRenames.set(name, target);
        continue;
      }
      const decision = await this.#resolveCollision({
        input,
        spec,
        name,
        target,
        prefixed: always,
        leftMap,
        rightMap,
        taken,
        onLeftRename: (newName) => {
          leftRenames.set(target, newName);
          newLeftNames.add(newName);
        },
      });
      decisions.set(name, decision);
      if (decision.kind === "add") planned.add(decision.target);
      if (decision.target !== name) rightRenames.set(name, decision.target);
    }
  }

  #nameRequest(
    name: string,
    owner: MergeInput,
    isRight: boolean,
    taken: (candidate: string) => boolean,
  ): NameRequest {
    return {
      name,
      source: owner.source,
      index: owner.index,
      document: owner.doc,
      oasVersion: owner.oasVersion,
      isRight,
      taken,
    };
  }

  async #resolveCollision(c: {
    input: MergeInput;
    spec: SectionSpec;
    name: string;
    target: string;
    prefixed: boolean;
    leftMap: Obj;
    rightMap: Obj;
    taken: (candidate: string) => boolean;
    onLeftRename: (newName: string) => void;
  }): Promise<Exclude<Decision, { kind: "extension" }>> {
    const { input, spec, target } = c;
    const label = TYPE_LABELS[spec.type];
    const segments = [...spec.segments, target];
    const jsonPath = formatPath(segments, "jsonpath");
    const origin = this.#origins.get(spec)?.get(target);
    const leftInput = origin?.input ?? input;
    const leftSegments = origin?.segments ?? segments;
    const rightSegments = [...spec.segments, c.name];
    const leftValue = c.leftMap[target];
    const rightValue = c.rightMap[c.name];
    const leftLocation = origin ? this.#position(origin.input, origin.segments) : undefined;
    const rightLocation = this.#position(input, rightSegments);
    const strategy = this.#strategyFor(spec);
    const namer = spec.type === "schema" ? this.#settings.schemaNamer : this.#settings.componentNamer;
    const positions = leftLocation && rightLocation
      ? ` (${formatPosition(leftLocation)} and ${formatPosition(rightLocation)})`
      : "";
    const where = (inp: MergeInput, segs: readonly string[], loc: SourcePosition | undefined) =>
      loc ? formatPosition(loc) : `${inp.source} (${formatPath(segs)})`;
    const collisionError = (tail: string) =>
      new JoinCollisionError(
        `${label} collision: '${target}' defined in ${where(leftInput, leftSegments, leftLocation)} and ` +
          `${where(input, rightSegments, rightLocation)}; ${tail}`,
        {
          type: spec.type,
          name: target,
          jsonPath,
          leftSource: leftInput.source,
          rightSource: input.source,
          leftLocation,
          rightLocation,
        },
      );
    const isPath = spec.group === "path";

    let outcome: CollisionOutcome | "semantic" | undefined;
    let byHandler = false;
    let customValue: unknown;
    let newName: string | undefined;

    // 1. The handler, when registered for this type.
    const handler = this.#config.collisionHandler;
    const types = this.#config.collisionHandlerTypes;
    if (handler !== undefined && (types === undefined || types.includes(spec.type))) {
      const context: CollisionContext = {
        type: spec.type,
        name: target,
        jsonPath,
        leftSource: leftInput.source,
        leftValue,
        rightSource: input.source,
        rightValue,
        configuredStrategy: strategy,
      };
      if (leftLocation) context.leftLocation = leftLocation;
      if (rightLocation) context.rightLocation = rightLocation;
      if (!isPath) context.renameInfo = namer.context(this.#nameRequest(target, input, true, c.taken));
      let resolution: CollisionResolution | undefined;
      try {
        resolution = await handler(context);
        if (!isResolution(resolution)) {
          throw new Error(
            `it returned ${
              describeValue(resolution)
            }, not a collision resolution (use the resolution helpers)`,
          );
        }
      } catch (error) {
        resolution = undefined;
        this.#warn(
          "handler-error",
          segments,
          `collision handler failed on ${label} '${target}': ${
            describeError(error)
          }; the configured strategy ` +
            `${strategy} was used${positions}`,
          rightLocation,
        );
      }
      if (resolution !== undefined) {
        if (resolution.message !== undefined && resolution.message !== "") {
          this.#warn(
            "handler-resolution",
            segments,
            `collision handler on ${label} '${target}': ${resolution.message}${positions}`,
            rightLocation,
          );
        }
        byHandler = resolution.action !== "continue";
        switch (resolution.action) {
          case "continue":
            break;
          case "accept-left":
            outcome = "accept-left";
            break;
          case "accept-right":
            outcome = "accept-right";
            break;
          case "deduplicate":
            outcome = "deduplicate";
            break;
          case "rename":
            if (isPath) {
              throw collisionError(
                `the collision handler asked to rename it, but ${label}s cannot be renamed: return acceptLeft(), ` +
                  `acceptRight(), deduplicate(), useCustomValue() or fail() for ${label}s.`,
              );
            }
            outcome = "rename-right";
            break;
          case "fail":
            throw collisionError(
              `the collision handler failed the join${resolution.message ? `: ${resolution.message}` : "."}`,
            );
          case "custom":
            if (
              !isObject(resolution.customValue) &&
              !(spec.type === "schema" && typeof resolution.customValue === "boolean")
            ) {
              throw collisionError(
                `the collision handler's custom value is ${describeValue(resolution.customValue)}, not ` +
                  `${isPath ? "a path item" : "an object"}; return an object with useCustomValue().`,
              );
            }
            outcome = "custom";
            customValue = deepCopy(resolution.customValue);
            break;
        }
      }
    }

    // 2. Namespace prefixes resolve schema collisions by prefixing the side whose source has a prefix.
    if (outcome === undefined && spec.type === "schema" && !c.prefixed) {
      const rightPrefix = input.prefix;
      const leftPrefix = origin?.input.prefix;
      if (rightPrefix !== undefined && !c.taken(`${rightPrefix}_${target}`)) {
        outcome = "rename-right";
        newName = `${rightPrefix}_${target}`;
      } else if (
        leftPrefix !== undefined && !target.startsWith(`${leftPrefix}_`) &&
        !c.taken(`${leftPrefix}_${target}`)
      ) {
        outcome = "rename-left";
        newName = `${leftPrefix}_${target}`;
      }
    }

    // 3. Semantic deduplication consolidates identical non-empty schemas even when they share a name.
    if (
      outcome === undefined && spec.type === "schema" && this.#config.semanticDeduplication &&
      !isEmptySchema(leftValue) && !isEmptySchema(rightValue) &&
      semanticallyIdentical(
        { section: c.leftMap, name: target },
        { section: c.rightMap, name: c.name },
        this.#settings.oasVersion,
      )
    ) {
      outcome = "semantic";
    }

    // 4. The configured strategy.
    if (outcome === undefined) {
      const pathTail =
        `set a ${spec.group} strategy such as accept-left, accept-right or dedup-equivalent, or ` +
        `remove the ${label} from one of the documents.`;
      switch (strategy) {
        case "fail":
          throw collisionError(
            isPath ? pathTail : `set a ${spec.group} strategy such as accept-left, rename-right or ` +
              `dedup-equivalent, or rename the ${label} in one of the documents.`,
          );
        case "fail-on-paths":
          if (isPath) throw collisionError(`the strategy fail-on-paths does not allow it; ${pathTail}`);
          outcome = "accept-left";
          break;
        case "accept-left":
          outcome = "accept-left";
          break;
        case "accept-right":
          outcome = "accept-right";
          break;
        case "rename-left":
        case "rename-right":
          if (isPath) {
            throw collisionError(
              `${label}s cannot be renamed, so the strategy ${strategy} does not apply: ${pathTail}`,
            );
          }
          outcome = strategy;
          break;
        case "dedup-equivalent": {
          const mode = this.#config.equivalenceMode;
          const diff = this.#difference(leftValue, rightValue, input, mode);
          if (diff !== undefined) {
            throw collisionError(
              mode === "none"
                ? "the equivalence mode none never merges values; use shallow or deep, or another strategy."
                : `they differ${
                  describeDifference(diff)
                }, so dedup-equivalent (${mode}) cannot merge them: make ` +
                  `them identical or choose another strategy.`,
            );
          }
          outcome = "deduplicate";
          break;
        }
      }
    }

    // 5. The decision, its warning and its report entry.
    this.#collisionCount++;
    let decision: Exclude<Decision, { kind: "extension" }>;
    const strategyName = outcome === "deduplicate"
      ? "dedup-equivalent"
      : outcome === "custom"
      ? "custom-value"
      : outcome === "accept-left" && !byHandler && strategy === "fail-on-paths"
      ? "fail-on-paths"
      : outcome;
    switch (outcome!) {
      case "semantic":
        this.#semanticConsolidated++;
        decision = { kind: "keep", target };
        break;
      case "accept-left":
      case "deduplicate":
        decision = { kind: "keep", target };
        break;
      case "accept-right":
        decision = { kind: "replace", target, value: rightValue, fromRight: true };
        break;
      case "custom":
        decision = { kind: "replace", target, value: customValue, fromRight: false };
        break;
      case "rename-right": {
        if (newName === undefined) {
          const named = namer.newName(this.#nameRequest(target, input, true, c.taken));
          newName = named.name;
          if (named.warning) this.#warn("naming", segments, named.warning);
        }
        decision = { kind: "add", target: newName };
        break;
      }
      case "rename-left": {
        if (newName === undefined) {
          const named = namer.newName(this.#nameRequest(target, leftInput, false, c.taken));
          newName = named.name;
          if (named.warning) this.#warn("naming", segments, named.warning);
        }
        c.onLeftRename(newName);
        decision = { kind: "add", target };
        break;
      }
    }
    if (outcome === "rename-right" || outcome === "rename-left") {
      this.#warn(
        "rename",
        segments,
        `${label} '${target}' collision: ${
          outcome === "rename-right" ? "right" : "left"
        } renamed to '${newName}'` +
          positions,
        rightLocation,
      );
    } else if (outcome !== "semantic") {
      this.#warn(
        "collision",
        segments,
        `${capitalize(label)} '${target}' collision resolved with ${strategyName} strategy${positions}`,
        rightLocation,
      );
    }
    const detail: CollisionDetail = {
      type: spec.type,
      name: target,
      jsonPath,
      sources: [leftInput.source, input.source],
      resolution: outcome === "semantic" ? "deduplicate" : outcome!,
      byHandler,
    };
    if (newName !== undefined) detail.newName = newName;
    this.#collisions.push(detail);
    return decision;
  }

  #difference(left: unknown, right: unknown, input: MergeInput, mode: JoinerConfig["equivalenceMode"]) {
    // The merged document changes as inputs are inserted: a fresh index (it holds no state for pointers).
    const oasVersion = this.#settings.oasVersion;
    const leftIndex = new RefIndex(this.#merged, oasVersion);
    const rightIndex = RefIndex.of(input.doc, oasVersion);
    const lookup = (index: RefIndex, ref: string): unknown => {
      const r = index.resolve(ref);
      return r.ok ? r.value : undefined;
    };
    return findDifference(left, right, {
      mode,
      resolveLeft: (ref) => lookup(leftIndex, ref),
      resolveRight: (ref) => lookup(rightIndex, ref),
    });
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

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const ACTIONS = new Set([
  "continue",
  "accept-left",
  "accept-right",
  "rename",
  "deduplicate",
  "fail",
  "custom",
]);

function isResolution(v: unknown): v is CollisionResolution {
  return isObject(v) && typeof v.action === "string" && ACTIONS.has(v.action) &&
    (v.message === undefined || typeof v.message === "string");
}

function describeValue(v: unknown): string {
  if (v === undefined) return "undefined";
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "an object";
  return `${typeof v} ${JSON.stringify(v)}`;
}

function describeDifference(d: Difference): string {
  const at = d.segments.length > 0 ? ` at ${formatPath(d.segments)}` : "";
  return `${at} (${d.reason})`;
}
