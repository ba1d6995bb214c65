/**
 * File splitting: the units of one kind (types, client, server) go to one file while it stays within the
 * limits (lines, types or operations per file); beyond them, to one file per group (tag or first path segment,
 * when those splits are on), each cut again into numbered parts when still too large, and small groups sharing
 * files (so the file count follows the limits, not the number of groups). Names are deterministic
 * (`types.go`, `client_pets.go`, `server_pets_2.go`) and never end in a suffix Go reads as a build constraint
 * (`_test`, `_linux`, `_amd64`).
 *
 * @module
 */
import { fileGroupName } from "./naming.ts";
import { goFile, type Unit } from "./unit.ts";

/** Limits of one generated file. */
export interface SplitLimits {
  /** Most lines per file. */
  maxLines: number;
  /** Most declarations (types or operations, by unit weight) per file. */
  maxWeight: number;
}

/** A generated file. */
export interface GeneratedFile {
  /** File name inside the output directory. */
  name: string;
  /** Its content. */
  content: string;
}

const BUILD_SUFFIXES = new Set(
  ("test aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris " +
    "windows zos wasip1 386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le " +
    "mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm").split(" "),
);

/** A file-name part for a group that Go will not read as a build constraint. */
export function safeGroup(group: string): string {
  const name = fileGroupName(group);
  const last = name.slice(name.lastIndexOf("_") + 1);
  return BUILD_SUFFIXES.has(last) ? `${name}_group` : name;
}

function linesOf(u: Unit): number {
  return u.w.length + 1;
}

/**
 * The files of one kind: `core` units always in `<base>.go`; `units` with it while within `limits`, else
 * grouped by their `group` (units of group "" stay in the base file) and cut into parts.
 */
export function splitFiles(
  base: string,
  pkg: string,
  core: readonly Unit[],
  units: readonly Unit[],
  limits: SplitLimits,
): GeneratedFile[] {
  const all = [...core, ...units];
  const weight = units.reduce((n, u) => n + u.weight, 0);
  // The header, package clause and imports take at most about 30 lines; each unit its lines and a blank one.
  const lines = all.reduce((n, u) => n + linesOf(u), 0);
  if (lines + 30 <= limits.maxLines && weight <= limits.maxWeight) {
    return [{ name: `${base}.go`, content: goFile(pkg, all) }];
  }
  return groupedFiles(base, pkg, core, byFileGroup(units, (u) => u.group), (u) => u, (u) => u.weight, limits);
}

/** Items by the file-name part of their group ("" for none), each group in the items' order. */
function byFileGroup<T>(items: readonly T[], groupOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const g = groupOf(item);
    const key = g === "" ? "" : safeGroup(g);
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [item]);
    else list.push(item);
  }
  return groups;
}

/**
 * Items of one kind whose units are made one at a time, when their file is ({@link splitLazily}): the item's
 * group and weight are known before its unit is.
 */
export interface LazyUnits<T> {
  /** The items, in order. */
  items: readonly T[];
  /** An item's group (as the unit's `group` will be). */
  group(item: T): string;
  /** An item's weight (as the unit's `weight` will be); one declaration each when omitted. */
  weight?(item: T): number;
  /** The item's unit. */
  emit(item: T): Unit;
}

/**
 * {@link splitFiles} for units made on demand, with the same files. When the items weigh more than one file
 * takes, the files are made group by group and each unit is dropped as soon as its file is made, so that the
 * units of a large document never all live at once.
 */
export function splitLazily<T>(
  base: string,
  pkg: string,
  core: readonly Unit[],
  lazy: LazyUnits<T>,
  limits: SplitLimits,
): GeneratedFile[] {
  const weight = lazy.weight === undefined
    ? lazy.items.length
    : lazy.items.reduce((n, item) => n + lazy.weight!(item), 0);
  if (weight <= limits.maxWeight) return splitFiles(base, pkg, core, lazy.items.map(lazy.emit), limits);
  const weightOf = lazy.weight ?? (() => 1);
  return groupedFiles(base, pkg, core, byFileGroup(lazy.items, lazy.group), lazy.emit, weightOf, limits);
}

/**
 * A group weighing less than this share of a file's limit is small: consecutive small groups (in name order)
 * share files, so that 30,000 path segments of one operation each make about 300 files of 100 operations, not
 * 30,000. Larger groups keep a file of their own. (A tenth: the groups of small documents split by small limits
 * keep their files; the file count is at most ten times the count the limits ask for.)
 */
const SMALL_GROUP = 1 / 10;

/**
 * The files of groups of items: one stem per group (sorted), each cut into parts as its units come; runs of
 * small groups ({@link SMALL_GROUP}) share the files of the first of them.
 */
function groupedFiles<T>(
  base: string,
  pkg: string,
  core: readonly Unit[],
  groups: ReadonlyMap<string, readonly T[]>,
  emit: (item: T) => Unit,
  weightOf: (item: T) => number,
  limits: SplitLimits,
): GeneratedFile[] {
  const keys = [...groups.keys()].sort();
  const files: GeneratedFile[] = [];
  const usedNames = new Set<string>();
  /** Parts of one group (`<base>_<group>.go`, `_2.go`, …) or of a run of small groups (each named by its first). */
  const cutter = (key: string, run: boolean): PartCutter => {
    let stem = key === "" ? base : `${base}_${key}`;
    let index = 0;
    return new PartCutter(key === "" ? core : [], limits, (part) => {
      if (run && index > 0) {
        stem = `${base}_${safeGroup(part[0].group)}`;
        index = 0;
      }
      let name = index === 0 ? `${stem}.go` : `${stem}_${index + 1}.go`;
      for (let n = 2; usedNames.has(name); n++) name = `${stem}_x${n}.go`;
      usedNames.add(name);
      index++;
      files.push({ name, content: goFile(pkg, part) });
    });
  };
  /** The files of the current run of small groups. */
  let shared: PartCutter | undefined;
  for (const key of keys) {
    const items = groups.get(key)!;
    let weight = 0;
    for (const item of items) weight += weightOf(item);
    // (A group of weight 0, the middleware's validation functions, has a file of its own.)
    const small = key !== "" && weight > 0 && weight < limits.maxWeight * SMALL_GROUP;
    let parts: PartCutter;
    if (small) parts = shared ??= cutter(key, true);
    else {
      shared?.end();
      shared = undefined;
      parts = cutter(key, false);
    }
    for (const item of items) parts.add(emit(item));
    if (!small) parts.end();
  }
  shared?.end();
  if (!groups.has("")) files.unshift({ name: `${base}.go`, content: goFile(pkg, [...core]) });
  return files;
}

/**
 * Cuts units into parts within the limits as they come (the first part starts with `head`); each part is handed
 * on as soon as the next unit would not fit, so its units can be dropped.
 */
class PartCutter {
  readonly #head: readonly Unit[];
  readonly #limits: SplitLimits;
  readonly #onPart: (part: Unit[]) => void;
  #current: Unit[];
  #lines: number;
  #weight = 0;
  #parts = 0;

  constructor(head: readonly Unit[], limits: SplitLimits, onPart: (part: Unit[]) => void) {
    this.#head = head;
    this.#limits = limits;
    this.#onPart = onPart;
    this.#current = [...head];
    this.#lines = 20 + head.reduce((n, u) => n + linesOf(u), 0);
  }

  /** Adds a unit, first closing the current part when the unit would take it past a limit. */
  add(u: Unit): void {
    const l = linesOf(u);
    if (
      this.#current.length > this.#head.length &&
      (this.#lines + l > this.#limits.maxLines || this.#weight + u.weight > this.#limits.maxWeight)
    ) {
      this.#close();
      this.#lines = 20;
      this.#weight = 0;
    }
    this.#current.push(u);
    this.#lines += l;
    this.#weight += u.weight;
  }

  /** Closes the last part (an empty one when no part was made). */
  end(): void {
    if (this.#current.length > 0 || this.#parts === 0) this.#close();
  }

  #close(): void {
    const part = this.#current;
    this.#current = [];
    this.#parts++;
    this.#onPart(part);
  }
}
