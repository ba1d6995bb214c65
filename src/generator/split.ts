/**
 * File splitting: the units of one kind (types, client, server) go to one file while it stays within the
 * limits (lines, types or operations per file); beyond them, to one file per group (tag or first path segment,
 * when those splits are on), each cut again into numbered parts when still too large. Names are deterministic
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
  const groups = new Map<string, Unit[]>();
  for (const u of units) {
    const key = u.group === "" ? "" : safeGroup(u.group);
    const list = groups.get(key) ?? [];
    list.push(u);
    groups.set(key, list);
  }
  const keys = [...groups.keys()].sort();
  const files: GeneratedFile[] = [];
  const usedNames = new Set<string>();
  for (const key of keys) {
    const stem = key === "" ? base : `${base}_${key}`;
    const parts = cut(groups.get(key)!, key === "" ? core : [], limits);
    parts.forEach((part, i) => {
      let name = i === 0 ? `${stem}.go` : `${stem}_${i + 1}.go`;
      for (let n = 2; usedNames.has(name); n++) name = `${stem}_x${n}.go`;
      usedNames.add(name);
      files.push({ name, content: goFile(pkg, part) });
    });
  }
  if (!groups.has("")) files.unshift({ name: `${base}.go`, content: goFile(pkg, [...core]) });
  return files;
}

/** Cuts units into parts within the limits (the first part starts with `head`). */
function cut(units: readonly Unit[], head: readonly Unit[], limits: SplitLimits): Unit[][] {
  const parts: Unit[][] = [];
  let current: Unit[] = [...head];
  let lines = 20 + head.reduce((n, u) => n + linesOf(u), 0);
  let weight = 0;
  for (const u of units) {
    const l = linesOf(u);
    if (
      current.length > head.length && (lines + l > limits.maxLines || weight + u.weight > limits.maxWeight)
    ) {
      parts.push(current);
      current = [];
      lines = 20;
      weight = 0;
    }
    current.push(u);
    lines += l;
    weight += u.weight;
  }
  if (current.length > 0 || parts.length === 0) parts.push(current);
  return parts;
}
