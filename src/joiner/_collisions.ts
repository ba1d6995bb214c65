/**
 * Collision decisions of a join: for each name of an incoming map that the merged map already has, the
 * collision handler (when registered) or the configured strategy decides — keep, replace, rename either side,
 * deduplicate when equivalent, or fail — and each collision is recorded.
 *
 * @module
 */
import { deepCopy, describeError, formatPath, formatPosition, type SourcePosition } from "../core/mod.ts";
import type { CollisionStrategy } from "./collision_strategy.ts";
import type { CollisionContext, CollisionResolution } from "./collision_handler.ts";
import type { CollisionDetail, CollisionOutcome } from "./join_result.ts";
import type { JoinerConfig } from "./joiner_config.ts";
import { JoinCollisionError } from "./errors.ts";
import { RoundEquivalence } from "./_equivalence.ts";
import { capitalize, describeDifference, describeValue, isResolution } from "./_collision_text.ts";
import type { JoinCollisionDetails } from "./errors.ts";
import { isObject } from "../core/json.ts";
import { type SectionSpec, TYPE_LABELS } from "./_sections.ts";
import { isEmptySchema, semanticallyIdentical } from "./_canonical.ts";
import type { NameRequest } from "./naming.ts";
import { mapAt } from "./_merge_tree.ts";
import type { Obj } from "../core/json.ts";
import type {
  Decision,
  MergeInput,
  MergeReporter,
  MergerSettings,
  Origin,
  RoundState,
} from "./_merge_types.ts";

/** Decides the collisions of each incoming document against the merged one. */
export class CollisionResolver {
  /** Every collision resolved so far. */
  readonly collisions: CollisionDetail[] = [];
  /** Number of collisions. */
  collisionCount = 0;
  /** Same-named identical schemas consolidated under semantic deduplication. */
  semanticConsolidated = 0;
  /** Same-named identical components merged into one (not collisions). */
  identicalMerged = 0;
  /** The collisions that fail the join, each with its one-sentence error, in the order met. */
  readonly failures: JoinCollisionError[] = [];
  readonly #equivalence: RoundEquivalence;
  readonly #settings: MergerSettings;
  readonly #config: JoinerConfig;
  readonly #merged: Obj;
  readonly #origins: Map<SectionSpec, Map<string, Origin>>;
  readonly #reporter: MergeReporter<MergeInput>;

  constructor(
    settings: MergerSettings,
    merged: Obj,
    origins: Map<SectionSpec, Map<string, Origin>>,
    reporter: MergeReporter<MergeInput>,
  ) {
    this.#settings = settings;
    this.#config = settings.config;
    this.#merged = merged;
    this.#origins = origins;
    this.#reporter = reporter;
    this.#equivalence = new RoundEquivalence(
      merged,
      settings.oasVersion,
      settings.config.equivalenceIgnoreDocs,
    );
  }

  /** Call after a round changed the merged document. */
  endRound(): void {
    this.#equivalence.endRound();
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

  /** Decides every name of the incoming section `spec` of `input` into `state`. */

  async decideSection(input: MergeInput, spec: SectionSpec, state: RoundState): Promise<void> {
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
    const leftLocation = origin ? this.#reporter.position(origin.input, origin.segments) : undefined;
    const rightLocation = this.#reporter.position(input, rightSegments);
    const strategy = this.#strategyFor(spec);
    const namer = spec.type === "schema" ? this.#settings.schemaNamer : this.#settings.componentNamer;
    const positions = leftLocation && rightLocation
      ? ` (${formatPosition(leftLocation)} and ${formatPosition(rightLocation)})`
      : "";
    const where = (inp: MergeInput, segs: readonly string[], loc: SourcePosition | undefined) =>
      loc ? formatPosition(loc) : `${inp.source} (${formatPath(segs)})`;
    const collisionError = (tail: string) => {
      const details: JoinCollisionDetails = {
        type: spec.type,
        name: target,
        jsonPath,
        leftSource: leftInput.source,
        rightSource: input.source,
      };
      const leftAt = leftLocation ?? this.#reporter.failurePosition(leftInput, leftSegments);
      const rightAt = rightLocation ?? this.#reporter.failurePosition(input, rightSegments);
      if (leftAt) details.leftLocation = leftAt;
      if (rightAt) details.rightLocation = rightAt;
      return new JoinCollisionError(
        `${label} collision: '${target}' defined in ${where(leftInput, leftSegments, leftLocation)} and ` +
          `${where(input, rightSegments, rightLocation)}; ${tail}`,
        details,
      );
    };
    const isPath = spec.group === "path";
    /** A collision that fails the join: recorded (the join goes on to find the others); the left value stays. */
    const failure = (tail: string): Exclude<Decision, { kind: "extension" }> => {
      this.failures.push(collisionError(tail));
      return { kind: "keep", target };
    };

    // 0. Identical values are one component, under every strategy: not a collision (equivalence mode none: no
    // comparison at all, every same name collides).
    if (
      !isPath && this.#config.equivalenceMode !== "none" &&
      this.#equivalence.difference(leftValue, rightValue, input.doc, "deep") === undefined
    ) {
      this.identicalMerged++;
      return { kind: "keep", target };
    }

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
        this.#reporter.warn(
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
          this.#reporter.warn(
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
            return failure(
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
          return failure(
            isPath ? pathTail : `set a ${spec.group} strategy such as accept-left, rename-right or ` +
              `dedup-equivalent, or rename the ${label} in one of the documents.`,
          );
        case "fail-on-paths":
          if (isPath) return failure(`the strategy fail-on-paths does not allow it; ${pathTail}`);
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
            return failure(
              `${label}s cannot be renamed, so the strategy ${strategy} does not apply: ${pathTail}`,
            );
          }
          outcome = strategy;
          break;
        case "dedup-equivalent": {
          const mode = this.#config.equivalenceMode;
          const diff = this.#equivalence.difference(leftValue, rightValue, input.doc, mode);
          if (diff !== undefined) {
            return failure(
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
        case "dedup-or-rename": {
          const mode = this.#config.equivalenceMode;
          if (this.#equivalence.difference(leftValue, rightValue, input.doc, mode) === undefined) {
            outcome = "deduplicate";
          } else if (isPath) {
            return failure(
              `they differ and ${label}s cannot be renamed, so dedup-or-rename cannot resolve it: ${pathTail}`,
            );
          } else {
            outcome = "rename-right";
          }
          break;
        }
      }
    }

    // 5. The decision, its warning and its report entry.
    this.collisionCount++;
    let decision: Exclude<Decision, { kind: "extension" }>;
    const strategyName = outcome === "deduplicate"
      ? (strategy === "dedup-or-rename" && !byHandler ? strategy : "dedup-equivalent")
      : outcome === "custom"
      ? "custom-value"
      : outcome === "accept-left" && !byHandler && strategy === "fail-on-paths"
      ? "fail-on-paths"
      : outcome;
    switch (outcome!) {
      case "semantic":
        this.semanticConsolidated++;
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
          if (named.warning) this.#reporter.warn("naming", segments, named.warning);
        }
        decision = { kind: "add", target: newName };
        break;
      }
      case "rename-left": {
        if (newName === undefined) {
          const named = namer.newName(this.#nameRequest(target, leftInput, false, c.taken));
          newName = named.name;
          if (named.warning) this.#reporter.warn("naming", segments, named.warning);
        }
        c.onLeftRename(newName);
        decision = { kind: "add", target };
        break;
      }
    }
    if (outcome === "rename-right" || outcome === "rename-left") {
      this.#reporter.warn(
        "rename",
        segments,
        `${label} '${target}' collision: ${
          outcome === "rename-right" ? "right" : "left"
        } renamed to '${newName}'` +
          positions,
        rightLocation,
      );
    } else if (outcome !== "semantic") {
      this.#reporter.warn(
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
    this.collisions.push(detail);
    return decision;
  }
}
