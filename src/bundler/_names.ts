/**
 * Names of the components a bundle adds: derived from the file and pointer of their target, and made unique
 * per section with `_2`, `_3`, ….
 *
 * @module
 */
import { basename } from "node:path";

/** Characters a component name may hold (3.x: `^[a-zA-Z0-9.\-_]+$`). */
const NOT_NAME = /[^A-Za-z0-9._-]+/g;

/** `pet-store.v2.yaml` → `PetStoreV2`: the words of a file name (extension dropped), each capitalised. */
export function fileStem(fileKey: string): string {
  let name = basename(fileKey.replace(/[?#].*$/, ""));
  name = name.replace(/\.(ya?ml|json)$/i, "");
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
  const stem = words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
  return stem === "" ? "Component" : stem;
}

/**
 * The name a target gets from its file and pointer: the last pointer segment when it holds a letter
 * (`defs.yaml#/Pet` → `Pet`), else the file's stem (`schemas/pet.yaml` → `Pet`), followed by the pointer when
 * there is one (`paths.yaml#/~1a/get/responses/200` → `Paths_200`).
 */
export function derivedName(fileKey: string, segments: readonly (string | number)[]): string {
  if (segments.length === 0) return fileStem(fileKey);
  const last = String(segments[segments.length - 1]).replace(NOT_NAME, "_");
  if (/[A-Za-z]/.test(last)) return last.slice(0, 100);
  return `${fileStem(fileKey)}_${last}`.slice(0, 100);
}

/** The names taken in one section of components; hands out `name`, `name_2`, `name_3`, … (linear overall). */
export class SectionNames {
  readonly #taken = new Set<string>();
  readonly #next = new Map<string, number>();

  /** Records a name already used (a component of the root document). */
  add(name: string): void {
    this.#taken.add(name);
  }

  /** The first of `name`, `name_2`, `name_3`, … not taken yet, now taken. */
  take(name: string): string {
    let candidate = name;
    let n = this.#next.get(name) ?? 2;
    while (this.#taken.has(candidate)) candidate = `${name}_${n++}`;
    this.#next.set(name, n);
    this.#taken.add(candidate);
    return candidate;
  }
}
