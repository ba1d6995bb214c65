import { closest } from "../core/closest.ts";
import { UsageError } from "../core/errors.ts";
import type { FlagSpec, FlagValue } from "./types.ts";

/** Result of {@link parseFlags}. */
export interface ParsedFlags {
  /** Values by long name, defaults filled in. */
  flags: Record<string, FlagValue>;
  /** Long names given explicitly. */
  given: Set<string>;
  /** Positional arguments. */
  args: string[];
  /** Whether `-h`, `-help` or `--help` was given as a flag (not as the value of another flag). */
  help: boolean;
}

const HELP_NAMES: ReadonlySet<string> = new Set(["h", "help"]);

/** Binary size suffixes of `size` flags. */
const SIZE_UNITS: Readonly<Record<string, number>> = { "": 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

/**
 * Parses a byte size: a whole number, optionally followed by `K`, `M` or `G` (binary: 1024, 1024², 1024³; `KB`,
 * `KiB`, lower case also accepted).
 *
 * @throws {UsageError} for anything else, or a size of zero or more than 2⁵³ bytes.
 */
export function parseByteSize(text: string, flag: string): number {
  const m = /^(\d{1,16})\s*([kmg]?)(?:i?b)?$/i.exec(text.trim());
  const value = m ? Number(m[1]) * SIZE_UNITS[m[2].toUpperCase()] : NaN;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new UsageError(
      `flag --${flag} takes a size in bytes, optionally with K, M or G (for example 512M), not "${text}".`,
    );
  }
  return value;
}

/**
 * Parses Go-style flags: `-flag` and `--flag` are the same; booleans are bare or `=true`/`=false`; values as
 * `--flag value` or `--flag=value`; flags may come before or after positional arguments; `--` ends flags;
 * `list` flags collect every occurrence in order. A lone `-` is a positional argument (standard input). A flag
 * that takes a value takes the next argument whatever it looks like (`-o -h` writes to a file named `-h`), as
 * Go's flag package does. `-h`, `-help` and `--help` set {@link ParsedFlags.help}; when they are given, errors in
 * the other flags are not reported (the caller shows the help).
 *
 * @throws {UsageError} for unknown flags, missing values, bad booleans or values outside `choices`.
 */
export function parseFlags(argv: readonly string[], specs: readonly FlagSpec[]): ParsedFlags {
  const byName = new Map<string, FlagSpec>();
  for (const spec of specs) {
    byName.set(spec.name, spec);
    if (spec.short) byName.set(spec.short, spec);
    for (const alias of spec.aliases ?? []) byName.set(alias, spec);
  }
  const flags: ParsedFlags["flags"] = {};
  for (const spec of specs) {
    flags[spec.name] = spec.type === "list"
      ? [...((spec.default as string[] | undefined) ?? [])]
      : spec.default ?? (spec.type === "boolean" ? false : undefined);
  }
  const given = new Set<string>();
  const args: string[] = [];
  let listReset = new Set<string>();
  let help = false;
  let failure: UsageError | undefined;
  const fail = (message: string) => {
    failure ??= new UsageError(message);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      args.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-")) {
      args.push(arg);
      continue;
    }
    const body = arg.replace(/^--?/, "");
    const eq = body.indexOf("=");
    const name = eq === -1 ? body : body.slice(0, eq);
    const inline = eq === -1 ? undefined : body.slice(eq + 1);
    const spec = byName.get(name);
    if (spec === undefined) {
      if (HELP_NAMES.has(name) && inline === undefined) {
        help = true;
        continue;
      }
      const suggestion = closest(name, specs.flatMap((s) => [s.name, ...(s.aliases ?? [])]));
      fail(
        `unknown flag "${arg}"${
          suggestion ? `; did you mean --${suggestion}?` : "; see --help for the flags."
        }`,
      );
      continue;
    }
    given.add(spec.name);
    if (spec.type === "boolean") {
      if (inline === undefined) flags[spec.name] = true;
      else if (/^(true|1|t|TRUE|True)$/.test(inline)) flags[spec.name] = true;
      else if (/^(false|0|f|FALSE|False)$/.test(inline)) flags[spec.name] = false;
      else fail(`flag --${spec.name} takes true or false, not "${inline}".`);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      if (i + 1 >= argv.length) {
        fail(`flag --${spec.name} needs a value${spec.placeholder ? ` (${spec.placeholder})` : ""}.`);
        continue;
      }
      value = argv[++i];
    }
    if (spec.choices && !spec.choices.includes(value)) {
      fail(`flag --${spec.name} takes one of ${spec.choices.join(", ")}, not "${value}".`);
      continue;
    }
    if (spec.type === "list") {
      if (!listReset.has(spec.name)) {
        flags[spec.name] = [];
        listReset = new Set(listReset).add(spec.name);
      }
      (flags[spec.name] as string[]).push(value);
    } else if (spec.type === "size") {
      try {
        flags[spec.name] = parseByteSize(value, spec.name);
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        fail(error.message);
      }
    } else flags[spec.name] = value;
  }
  if (failure !== undefined && !help) throw failure;
  return { flags, given, args, help };
}

/** A byte size as a flag value: `256M`, `1G`, `1536K`, or plain bytes. */
export function formatByteSize(bytes: number): string {
  for (const unit of ["G", "M", "K"]) {
    const n = SIZE_UNITS[unit];
    if (bytes >= n && bytes % n === 0) return `${bytes / n}${unit}`;
  }
  return String(bytes);
}

export { closest, editDistance } from "../core/closest.ts";
