/**
 * Errors of the joiner.
 *
 * @module
 */
import { CollisionError, type Finding, OatoolError, type SourcePosition } from "../core/mod.ts";
import type { CollisionType } from "./collision_handler.ts";

/** Details of a {@link JoinCollisionError}. */
export interface JoinCollisionDetails {
  /** What collided. */
  type: CollisionType;
  /** The colliding name. */
  name: string;
  /** JSON path in the merged document. */
  jsonPath: string;
  /** Source of the left value. */
  leftSource: string;
  /** Source of the right value. */
  rightSource: string;
  /** Position of the left value, when source maps were given. */
  leftLocation?: SourcePosition;
  /** Position of the right value, when source maps were given. */
  rightLocation?: SourcePosition;
}

/**
 * The collisions the configuration does not allow (or that a handler failed), every one of the join: a join
 * under `fail` meets them all before it fails, once. {@link JoinCollisionError.collisions} lists them in the
 * order they were met; the single-collision fields (`type`, `collidedName`, …) describe the first.
 */
export class JoinCollisionError extends CollisionError {
  /** Every collision that failed the join, in the order met (the first is the one the other fields describe). */
  readonly collisions: JoinCollisionDetails[];
  /** What collided. */
  readonly type: CollisionType;
  /** The colliding name. */
  readonly collidedName: string;
  /** JSON path in the merged document. */
  readonly jsonPath: string;
  /** Source of the left value. */
  readonly leftSource: string;
  /** Source of the right value. */
  readonly rightSource: string;
  /** Position of the left value, when source maps were given. */
  readonly leftLocation?: SourcePosition;
  /** Position of the right value, when source maps were given. */
  readonly rightLocation?: SourcePosition;

  /**
   * Creates it.
   *
   * @param message One sentence: the collision and what to do.
   * @param details What collided, where, and with which positions (the first collision).
   * @param collisions Every collision of the join; `[details]` when not given.
   */
  constructor(message: string, details: JoinCollisionDetails, collisions?: readonly JoinCollisionDetails[]) {
    super(message);
    this.collisions = collisions === undefined || collisions.length === 0 ? [details] : [...collisions];
    this.type = details.type;
    this.collidedName = details.name;
    this.jsonPath = details.jsonPath;
    this.leftSource = details.leftSource;
    this.rightSource = details.rightSource;
    if (details.leftLocation) this.leftLocation = details.leftLocation;
    if (details.rightLocation) this.rightLocation = details.rightLocation;
  }
}

/** An input document has errors that make it impossible to join (no basic structure, unresolvable references). */
export class InvalidInputError extends OatoolError {
  /** The input with errors. */
  readonly source: string;
  /** Its errors. */
  readonly findings: Finding[];

  /**
   * Creates it.
   *
   * @param message One sentence: which input cannot be joined and why.
   * @param source The input's name.
   * @param findings Its errors.
   */
  constructor(message: string, source: string, findings: Finding[]) {
    super(message, "INVALID_INPUT");
    this.source = source;
    this.findings = findings;
  }
}

/**
 * The joined document has validation errors that none of the inputs had: the join itself broke it (a reference
 * left dangling, a duplicate operationId, a discriminator mapping that resolves nowhere).
 */
export class JoinOutputError extends OatoolError {
  /** The new errors, at their places in the joined document. */
  readonly findings: Finding[];

  /**
   * Creates it.
   *
   * @param message One sentence: how many new errors, the first one, and what to do.
   * @param findings The new errors.
   */
  constructor(message: string, findings: Finding[]) {
    super(message, "JOIN_OUTPUT_INVALID");
    this.findings = findings;
  }
}
