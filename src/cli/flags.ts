import { UsageError } from "../core/errors.ts";
import type { FlagSpec } from "./types.ts";

/** Result of {@link parseFlags}. */
export interface ParsedFlags {
  /** Values by long name, defaults filled in. */
  flags: Record<string, boolean | string | string[] | undefined>;
  /** Long names given explicitly. */
  given: Set<string>;
  /** Positional arguments. */
  args: string[];
}

/**
 * Parses Go-style flags: `-flag` and `--flag` are the same; booleans are bare or `=true`/`=false`; values as
 * `--flag value` or `--flag=value`; flags may come before or after positional arguments; `--` ends flags;
 * `list` flags collect every occurrence in order. A lone `-` is a positional argument (standard input).
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
      const suggestion = closest(name, specs.flatMap((s) => [s.name, ...(s.aliases ?? [])]));
      throw new UsageError(
        `unknown flag "${arg}"${
          suggestion ? `; did you mean --${suggestion}?` : "; see --help for the flags."
        }`,
      );
    }
    given.add(spec.name);
    if (spec.type === "boolean") {
      if (inline === undefined) flags[spec.name] = true;
      else if (/^(true|1|t|TRUE|True)$/.test(inline)) flags[spec.name] = true;
      else if (/^(false|0|f|FALSE|False)$/.test(inline)) flags[spec.name] = false;
      else throw new UsageError(`flag --${spec.name} takes true or false, not "${inline}".`);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      if (i + 1 >= argv.length) {
        throw new UsageError(
          `flag --${spec.name} needs a value${spec.placeholder ? ` (${spec.placeholder})` : ""}.`,
        );
      }
      value = argv[++i];
    }
    if (spec.choices && !spec.choices.includes(value)) {
      throw new UsageError(`flag --${spec.name} takes one of ${spec.choices.join(", ")}, not "${value}".`);
    }
    if (spec.type === "list") {
      if (!listReset.has(spec.name)) {
        flags[spec.name] = [];
        listReset = new Set(listReset).add(spec.name);
      }
      (flags[spec.name] as string[]).push(value);
    } else flags[spec.name] = value;
  }
  return { flags, given, args };
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

/** The closest candidate within a small edit distance, or undefined. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = c.startsWith(word) && word.length >= 2 ? 1 : editDistance(word, c);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}
