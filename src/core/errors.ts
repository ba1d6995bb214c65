/**
 * Error classes of oatool. Every failure the library raises is an {@link OatoolError} with a stable
 * {@linkcode OatoolError.code}; findings (validation errors, warnings) are data, never exceptions.
 *
 * @module
 */

import { shorten } from "./bounded_text.ts";

/** Longest message of an {@link OatoolError}, in characters (longer ones keep their start and end around `…`). */
const MAX_ERROR_CHARS = 4_000;

/** Base class of every error oatool throws on purpose. */
export class OatoolError extends Error {
  /** A stable, machine-readable code such as `PARSE_ERROR`. */
  readonly code: string;

  /**
   * Creates the error.
   *
   * @param message One sentence: what went wrong, quoting the offending value, and what to do.
   * @param code Stable machine-readable code.
   */
  constructor(message: string, code: string) {
    // Bounded like every message: a value quoted whole (a path of 40,000 characters) keeps its start and end.
    super(shorten(message, MAX_ERROR_CHARS));
    this.name = new.target.name;
    this.code = code;
  }
}

/** Wrong use of a command or function: unknown flag, missing argument, bad option value. */
export class UsageError extends OatoolError {
  /**
   * Creates the error.
   *
   * @param message One sentence: what went wrong, quoting the offending value, and what to do.
   */
  constructor(message: string) {
    super(message, "USAGE_ERROR");
  }
}

/** Position details of a {@link ParseError}. */
export interface ParseErrorDetails {
  /** File or source name. */
  file?: string;
  /** 1-based line. */
  line?: number;
  /** 1-based column. */
  column?: number;
  /** The offending line(s) of text, with a caret under the column. */
  snippet?: string;
}

/** A document is not well-formed JSON or YAML, or uses YAML features oatool refuses. */
export class ParseError extends OatoolError {
  /** File or source name. */
  readonly file?: string;
  /** 1-based line, when known. */
  readonly line?: number;
  /** 1-based column, when known. */
  readonly column?: number;
  /** Excerpt of the offending text, when known. */
  readonly snippet?: string;

  /**
   * Creates the error.
   *
   * @param message One sentence: what went wrong and what to do.
   * @param details Where: file, line, column and a snippet.
   */
  constructor(message: string, details: ParseErrorDetails = {}) {
    super(message, "PARSE_ERROR");
    this.file = details.file;
    this.line = details.line;
    this.column = details.column;
    this.snippet = details.snippet;
  }
}

/** The document declares no OpenAPI version, or one oatool does not support. */
export class UnsupportedVersionError extends OatoolError {
  /**
   * Creates the error.
   *
   * @param message One sentence: what went wrong, quoting the offending value, and what to do.
   */
  constructor(message: string) {
    super(message, "UNSUPPORTED_VERSION");
  }
}

/** A document could not be read: missing file, network failure, HTTP error status, size cap, timeout. */
export class LoadError extends OatoolError {
  /**
   * Creates the error.
   *
   * @param message One sentence: what went wrong, quoting the offending value, and what to do.
   */
  constructor(message: string) {
    super(message, "LOAD_ERROR");
  }
}

/** A `$ref` cannot be followed: missing target, forbidden location, remote URL. */
export class RefResolutionError extends OatoolError {
  /**
   * Creates the error.
   *
   * @param message One sentence: what went wrong, quoting the offending value, and what to do.
   */
  constructor(message: string) {
    super(message, "REF_RESOLUTION_ERROR");
  }
}

/** Writing an output failed or was refused (for example writing over an input). */
export class WriteError extends OatoolError {
  /**
   * Creates the error.
   *
   * @param message One sentence: what went wrong, quoting the offending value, and what to do.
   */
  constructor(message: string) {
    super(message, "WRITE_ERROR");
  }
}

/** Documents of incompatible OpenAPI versions were combined (for example 2.0 with 3.x). */
export class VersionMismatchError extends OatoolError {
  /**
   * Creates the error.
   *
   * @param message One sentence: what went wrong, quoting the offending value, and what to do.
   */
  constructor(message: string) {
    super(message, "VERSION_MISMATCH");
  }
}

/** Two documents define the same name and the configured strategy does not allow it. */
export class CollisionError extends OatoolError {
  /**
   * Creates the error.
   *
   * @param message One sentence: what went wrong, quoting the offending value, and what to do.
   */
  constructor(message: string) {
    super(message, "COLLISION");
  }
}

/** Describes any thrown value in one line, without a stack trace. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
