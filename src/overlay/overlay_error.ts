import { type Finding, OatoolError } from "../core/mod.ts";

/** Applying an overlay failed: incompatible values, mixed target kinds, a `copy` source that is not one node. */
export class OverlayError extends OatoolError {
  /** Index of the failing action in `actions`, when the failure belongs to one. */
  readonly actionIndex?: number;

  /**
   * Creates it.
   *
   * @param message One sentence naming the action, the offending value and what to do.
   * @param actionIndex Index of the failing action.
   */
  constructor(message: string, actionIndex?: number) {
    super(message, "OVERLAY_ERROR");
    this.actionIndex = actionIndex;
  }
}

/** The overlay document is not valid; {@linkcode InvalidOverlayError.errors} lists every problem. */
export class InvalidOverlayError extends OatoolError {
  /** The validation errors, each with a readable path such as `actions[2].target`. */
  readonly errors: Finding[];

  /**
   * Creates it.
   *
   * @param errors The validation errors (at least one).
   * @param source Name of the overlay for the message.
   */
  constructor(errors: Finding[], source = "the overlay") {
    const first = errors[0];
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    super(
      `${source} is not a valid Overlay document: ${
        first ? `${first.path || "(root)"}: ${first.message}` : "unknown error"
      }${more}; run \`oatool overlay validate\` to list every problem.`,
      "OVERLAY_INVALID",
    );
    this.errors = errors;
  }
}
