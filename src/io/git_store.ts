/**
 * A small, bounded reader of a git object database, with no subprocess: loose objects (zlib, inflated with
 * `DecompressionStream`) and packs (`.idx` version 2 and `.pack` version 2 or 3, with `OFS_DELTA` and
 * `REF_DELTA` objects). Every read is capped: an object's size, the length of a delta chain, and the bytes
 * inflated by one store in all. Only SHA-1 repositories are read.
 *
 * @module
 */
import { join } from "node:path";
import { LoadError } from "../core/errors.ts";
import { formatSize } from "../core/confine.ts";
import { permissionMessage } from "./permission.ts";

/** The kinds of git object. */
export type GitObjectType = "commit" | "tree" | "blob" | "tag";

/** One object: its kind and its content (the bytes after git's header). */
export interface GitObject {
  type: GitObjectType;
  data: Uint8Array;
}

/** Caps of a {@link GitStore}. */
export interface GitStoreLimits {
  /** Largest object, in bytes (after inflating and applying deltas). */
  maxObjectBytes: number;
  /** Bytes inflated by the store in all, across every object read. */
  maxTotalBytes: number;
  /** Longest chain of deltas followed to rebuild one object. */
  maxDeltaDepth: number;
}

/** The caps used when none are given: 256 MiB objects, 2 GiB inflated, chains of 1000 deltas (git's --depth ≤ 4095). */
export const DEFAULT_GIT_LIMITS: GitStoreLimits = {
  maxObjectBytes: 256 * 1024 * 1024,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
  maxDeltaDepth: 1000,
};

const TYPES: Record<number, GitObjectType> = { 1: "commit", 2: "tree", 3: "blob", 4: "tag" };
const OFS_DELTA = 6;
const REF_DELTA = 7;
/** Objects kept after reading (bases of delta chains, trees), in bytes. */
const CACHE_BYTES = 64 * 1024 * 1024;

/** Hex of 20 bytes. */
export function hexOf(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}

function fsError(what: string, error: unknown): LoadError {
  if (error instanceof LoadError) return error;
  const refused = permissionMessage(error, { read: what });
  if (refused !== undefined) return new LoadError(refused);
  return new LoadError(
    `the git object database cannot be read at ${what}: ${error instanceof Error ? error.message : error}.`,
  );
}

/** Reads a whole small file, or undefined when it does not exist. */
export async function readOptional(path: string, maxBytes: number): Promise<Uint8Array | undefined> {
  try {
    const info = await Deno.stat(path);
    if (!info.isFile) return undefined;
    if (info.size > maxBytes) {
      throw new LoadError(`${path} is larger than ${formatSize(maxBytes)}; it is not read.`);
    }
    return await Deno.readFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory) return undefined;
    throw fsError(path, error);
  }
}

/** Inflates zlib data, refusing more than `max` bytes of output. */
async function inflate(bytes: Uint8Array, max: number, what: string): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(
    new DecompressionStream("deflate"),
  );
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > max) {
        await reader.cancel();
        throw new LoadError(`${what} inflates to more than ${formatSize(max)}; it is not read.`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof LoadError) throw error;
    throw new LoadError(`${what} is damaged: its compressed data cannot be inflated.`);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** One pack: its index (read whole) and the pack file (read by ranges). */
interface Pack {
  packPath: string;
  count: number;
  idx: Uint8Array;
  view: DataView;
  /** Every object's offset, sorted, and the pack's data end: where an object's compressed bytes stop. */
  ends?: number[];
  packSize: number;
}

const NAMES_AT = 8 + 256 * 4;

function packOffset(pack: Pack, i: number): number {
  const offsetsAt = NAMES_AT + pack.count * 24;
  const v = pack.view.getUint32(offsetsAt + i * 4);
  if ((v & 0x80000000) === 0) return v;
  const largeAt = offsetsAt + pack.count * 4 + (v & 0x7fffffff) * 8;
  if (largeAt + 8 > pack.idx.byteLength) throw new LoadError(`${pack.packPath}: its index is damaged.`);
  return Number(pack.view.getBigUint64(largeAt));
}

function compareName(idx: Uint8Array, at: number, sha: Uint8Array): number {
  for (let k = 0; k < 20; k++) {
    const d = idx[at + k] - sha[k];
    if (d !== 0) return d;
  }
  return 0;
}

function shaBytes(sha: string): Uint8Array {
  const out = new Uint8Array(20);
  for (let k = 0; k < 20; k++) out[k] = parseInt(sha.slice(k * 2, k * 2 + 2), 16);
  return out;
}

/** The git object database of one repository (`.git/objects`). */
export class GitStore {
  readonly #dir: string;
  readonly #limits: GitStoreLimits;
  #packs?: Pack[];
  #inflated = 0;
  readonly #cache = new Map<string, GitObject>();
  #cached = 0;

  constructor(objectsDir: string, limits: Partial<GitStoreLimits> = {}) {
    this.#dir = objectsDir;
    this.#limits = { ...DEFAULT_GIT_LIMITS, ...limits };
  }

  /** Reads an object by its full SHA-1 (40 hex digits). */
  async read(sha: string): Promise<GitObject> {
    return await this.#read(sha, 0);
  }

  /** Every object whose SHA-1 starts with `prefix` (4 to 40 lower-case hex digits), at most `max`. */
  async withPrefix(prefix: string, max = 2): Promise<string[]> {
    const found = new Set<string>();
    try {
      for await (const e of Deno.readDir(join(this.#dir, prefix.slice(0, 2)))) {
        const sha = prefix.slice(0, 2) + e.name;
        if (e.isFile && /^[0-9a-f]{40}$/.test(sha) && sha.startsWith(prefix)) found.add(sha);
        if (found.size >= max) return [...found];
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw fsError(this.#dir, error);
    }
    for (const pack of await this.#allPacks()) {
      const first = parseInt(prefix.slice(0, 2), 16);
      const lo = first === 0 ? 0 : pack.view.getUint32(8 + (first - 1) * 4);
      const hi = pack.view.getUint32(8 + first * 4);
      for (let i = lo; i < hi && found.size < max; i++) {
        const sha = hexOf(pack.idx.subarray(NAMES_AT + i * 20, NAMES_AT + i * 20 + 20));
        if (sha.startsWith(prefix)) found.add(sha);
      }
    }
    return [...found].slice(0, max);
  }

  #loosePath(sha: string): string {
    return join(this.#dir, sha.slice(0, 2), sha.slice(2));
  }

  /** Keeps a read object (by SHA-1, or by pack and offset) while the cache has room. */
  #keep(key: string, object: GitObject): GitObject {
    const size = object.data.byteLength;
    if (size > CACHE_BYTES / 4) return object;
    while (this.#cached + size > CACHE_BYTES && this.#cache.size > 0) {
      const [oldest, dropped] = this.#cache.entries().next().value!;
      this.#cache.delete(oldest);
      this.#cached -= dropped.data.byteLength;
    }
    this.#cache.set(key, object);
    this.#cached += size;
    return object;
  }

  #count(bytes: number, what: string): void {
    this.#inflated += bytes;
    if (this.#inflated > this.#limits.maxTotalBytes) {
      throw new LoadError(
        `reading ${what} would inflate more than ${
          formatSize(this.#limits.maxTotalBytes)
        } of git objects in all; the repository is not read further.`,
      );
    }
  }

  async #read(sha: string, depth: number): Promise<GitObject> {
    const known = this.#cache.get(sha);
    if (known !== undefined) return known;
    const max = this.#limits.maxObjectBytes;
    const loose = await readOptional(this.#loosePath(sha), max + 1024);
    if (loose !== undefined) {
      const what = `git object ${sha}`;
      const raw = await inflate(loose, max + 64, what);
      this.#count(raw.byteLength, what);
      const nul = raw.indexOf(0);
      const header = new TextDecoder().decode(raw.subarray(0, nul < 0 ? 0 : nul));
      const m = /^(commit|tree|blob|tag) (\d+)$/.exec(header);
      if (m === null || Number(m[2]) !== raw.byteLength - nul - 1) {
        throw new LoadError(`${what} is damaged: its header is not a git object header.`);
      }
      return this.#keep(sha, { type: m[1] as GitObjectType, data: raw.subarray(nul + 1) });
    }
    const bytes = shaBytes(sha);
    for (const pack of await this.#allPacks()) {
      const i = this.#find(pack, bytes);
      if (i >= 0) return await this.#readPacked(pack, packOffset(pack, i), depth);
    }
    throw new LoadError(`git object ${sha} is not in the repository.`);
  }

  #find(pack: Pack, sha: Uint8Array): number {
    let lo = sha[0] === 0 ? 0 : pack.view.getUint32(8 + (sha[0] - 1) * 4);
    let hi = pack.view.getUint32(8 + sha[0] * 4);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareName(pack.idx, NAMES_AT + mid * 20, sha);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return -1;
  }

  async #allPacks(): Promise<Pack[]> {
    if (this.#packs !== undefined) return this.#packs;
    const packs: Pack[] = [];
    const dir = join(this.#dir, "pack");
    const names: string[] = [];
    try {
      for await (const e of Deno.readDir(dir)) if (e.isFile && e.name.endsWith(".idx")) names.push(e.name);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw fsError(dir, error);
    }
    for (const name of names.sort()) {
      const idxPath = join(dir, name);
      const packPath = idxPath.slice(0, -4) + ".pack";
      const idx = await readOptional(idxPath, 1024 * 1024 * 1024);
      let packSize: number;
      try {
        packSize = (await Deno.stat(packPath)).size;
      } catch {
        continue; // an index without its pack (being written or removed): git skips it too
      }
      if (idx === undefined) continue;
      const view = new DataView(idx.buffer, idx.byteOffset, idx.byteLength);
      if (idx.byteLength < NAMES_AT + 40 || view.getUint32(0) !== 0xff744f63 || view.getUint32(4) !== 2) {
        throw new LoadError(`${idxPath} is not a pack index of version 2; it cannot be read.`);
      }
      const count = view.getUint32(NAMES_AT - 4);
      if (NAMES_AT + count * 28 + 40 > idx.byteLength) {
        throw new LoadError(`${idxPath}: its index is damaged.`);
      }
      packs.push({ packPath, count, idx, view, packSize });
    }
    this.#packs = packs;
    return packs;
  }

  /** Where the compressed bytes of the object at `offset` end: the next object's offset, or the pack's end. */
  #endOf(pack: Pack, offset: number): number {
    if (pack.ends === undefined) {
      const ends: number[] = [];
      for (let i = 0; i < pack.count; i++) ends.push(packOffset(pack, i));
      ends.sort((a, b) => a - b);
      ends.push(pack.packSize - 20);
      pack.ends = ends;
    }
    const ends = pack.ends;
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ends[mid] <= offset) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= ends.length) throw new LoadError(`${pack.packPath}: an object lies past the pack's end.`);
    return ends[lo];
  }

  async #range(pack: Pack, start: number, end: number): Promise<Uint8Array> {
    const out = new Uint8Array(end - start);
    let file: Deno.FsFile | undefined;
    try {
      file = await Deno.open(pack.packPath, { read: true });
      await file.seek(start, Deno.SeekMode.Start);
      let at = 0;
      while (at < out.byteLength) {
        const n = await file.read(out.subarray(at));
        if (n === null) throw new LoadError(`${pack.packPath} ends early; the pack is damaged.`);
        at += n;
      }
      return out;
    } catch (error) {
      throw fsError(pack.packPath, error);
    } finally {
      file?.close();
    }
  }

  async #readPacked(pack: Pack, offset: number, depth: number): Promise<GitObject> {
    // Bases of delta chains are found by offset: kept under it, so a chain is rebuilt from what was read.
    const key = `${pack.packPath}@${offset}`;
    const known = this.#cache.get(key);
    if (known !== undefined) return known;
    return this.#keep(key, await this.#unpack(pack, offset, depth));
  }

  async #unpack(pack: Pack, offset: number, depth: number): Promise<GitObject> {
    const what = `the object at ${offset} of ${pack.packPath}`;
    if (depth > this.#limits.maxDeltaDepth) {
      throw new LoadError(
        `${what} is a chain of more than ${this.#limits.maxDeltaDepth} deltas; it is not read.`,
      );
    }
    const end = this.#endOf(pack, offset);
    if (end - offset > this.#limits.maxObjectBytes * 1.01 + 1024) {
      throw new LoadError(
        `${what} is larger than ${formatSize(this.#limits.maxObjectBytes)}; it is not read.`,
      );
    }
    const raw = await this.#range(pack, offset, end);
    let at = 0;
    let c = raw[at++];
    const kind = (c >> 4) & 7;
    let size = c & 15;
    let shift = 4;
    while (c & 0x80) {
      if (at >= raw.length || shift > 49) throw new LoadError(`${what} is damaged.`);
      c = raw[at++];
      size += (c & 0x7f) * 2 ** shift;
      shift += 7;
    }
    if (size > this.#limits.maxObjectBytes) {
      throw new LoadError(
        `${what} is larger than ${formatSize(this.#limits.maxObjectBytes)}; it is not read.`,
      );
    }
    let base: Promise<GitObject> | undefined;
    if (kind === OFS_DELTA) {
      c = raw[at++];
      let back = c & 0x7f;
      while (c & 0x80) {
        if (at >= raw.length || back > 2 ** 45) throw new LoadError(`${what} is damaged.`);
        c = raw[at++];
        back = (back + 1) * 128 + (c & 0x7f);
      }
      if (back <= 0 || back > offset) {
        throw new LoadError(`${what} is damaged: its base lies outside the pack.`);
      }
      base = this.#readPacked(pack, offset - back, depth + 1);
    } else if (kind === REF_DELTA) {
      const baseSha = hexOf(raw.subarray(at, at + 20));
      at += 20;
      base = this.#read(baseSha, depth + 1);
    } else if (TYPES[kind] === undefined) {
      throw new LoadError(`${what} has an unknown type ${kind}; the pack is damaged.`);
    }
    const data = await inflate(raw.subarray(at), size, what);
    this.#count(data.byteLength, what);
    if (data.byteLength !== size) {
      throw new LoadError(`${what} is damaged: its size is not the one declared.`);
    }
    if (base === undefined) return { type: TYPES[kind], data };
    const b = await base;
    const rebuilt = applyDelta(b.data, data, this.#limits.maxObjectBytes, what);
    this.#count(rebuilt.byteLength, what);
    return { type: b.type, data: rebuilt };
  }
}

/** Applies a git delta to its base, refusing a result larger than `max` and any copy outside the base. */
export function applyDelta(base: Uint8Array, delta: Uint8Array, max: number, what: string): Uint8Array {
  let at = 0;
  const varint = (): number => {
    let value = 0;
    let shift = 0;
    let c: number;
    do {
      if (at >= delta.length || shift > 49) throw new LoadError(`${what}: its delta is damaged.`);
      c = delta[at++];
      value += (c & 0x7f) * 2 ** shift;
      shift += 7;
    } while (c & 0x80);
    return value;
  };
  const baseSize = varint();
  const size = varint();
  if (baseSize !== base.byteLength) throw new LoadError(`${what}: its delta does not fit its base.`);
  if (size > max) throw new LoadError(`${what} is larger than ${formatSize(max)}; it is not read.`);
  const out = new Uint8Array(size);
  let o = 0;
  while (at < delta.length) {
    const op = delta[at++];
    if (op & 0x80) {
      let offset = 0;
      let length = 0;
      for (let k = 0; k < 4; k++) if (op & (1 << k)) offset += delta[at++] * 2 ** (8 * k);
      for (let k = 0; k < 3; k++) if (op & (0x10 << k)) length += delta[at++] * 2 ** (8 * k);
      if (length === 0) length = 0x10000;
      if (offset + length > base.byteLength || o + length > size || at > delta.length) {
        throw new LoadError(`${what}: its delta copies outside its base.`);
      }
      out.set(base.subarray(offset, offset + length), o);
      o += length;
    } else if (op !== 0) {
      if (at + op > delta.length || o + op > size) throw new LoadError(`${what}: its delta is damaged.`);
      out.set(delta.subarray(at, at + op), o);
      at += op;
      o += op;
    } else {
      throw new LoadError(`${what}: its delta has a reserved instruction.`);
    }
  }
  if (o !== size) throw new LoadError(`${what}: its delta does not rebuild the size it declares.`);
  return out;
}
