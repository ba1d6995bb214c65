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

/** A collision the configuration does not allow (or a handler failed the join); names both sources. */
export class JoinCollisionError extends CollisionError {
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
   * @param details What collided, where, and with which positions.
   */
  constructor(message: string, details: JoinCollisionDetails) {
    super(message);
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
