/**
 * The readable path and the JSON pointer of a place, as findings carry them. Findings come in runs at one
 * place or at siblings (the 5,000 parameters of one operation), so the texts of the last place and of its
 * parent are kept: a place at the same parent is its parent's texts and one more step. A long path (a path
 * template of 40,000 characters) is then formatted once, not once per finding, and the findings share it.
 *
 * @module
 */
import { escapePointerSegment, formatPath, formatPointer } from "./pointer.ts";

/** Texts of a place and of its parent. */
interface PlaceTexts {
  segments: (string | number)[];
  path: string;
  pointer: string;
  parentPath: string;
  parentPointer: string;
}

let last: PlaceTexts | undefined;

/** Whether the first `n` segments of both lists are the same. */
function samePrefix(a: readonly (string | number)[], b: readonly (string | number)[], n: number): boolean {
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The readable path of `parent` and one more segment. */
function stepPath(parentPath: string, segment: string | number): string {
  return parentPath === "" ? formatPath([segment]) : parentPath + formatPath(["x", segment]).slice(1);
}

/**
 * The path and pointer of segments (`formatPath`, `formatPointer`), built on the texts of the previous call
 * when it was the same place, its parent, or a sibling.
 */
export function placeTexts(segments: readonly (string | number)[]): { path: string; pointer: string } {
  const n = segments.length;
  const prev = last;
  if (prev !== undefined && n > 0) {
    const m = prev.segments.length;
    let parentPath: string | undefined;
    let parentPointer = "";
    if (m === n && samePrefix(prev.segments, segments, n - 1)) {
      if (prev.segments[n - 1] === segments[n - 1]) return prev;
      parentPath = prev.parentPath;
      parentPointer = prev.parentPointer;
    } else if (m === n - 1 && samePrefix(prev.segments, segments, m)) {
      parentPath = prev.path;
      parentPointer = prev.pointer;
    }
    if (parentPath !== undefined) {
      const s = segments[n - 1];
      last = {
        segments: [...segments],
        path: stepPath(parentPath, s),
        pointer: parentPointer + "/" + escapePointerSegment(s),
        parentPath,
        parentPointer,
      };
      return last;
    }
  }
  const parent = segments.slice(0, Math.max(0, n - 1));
  const parentPath = formatPath(parent);
  const parentPointer = formatPointer(parent);
  last = {
    segments: [...segments],
    path: n === 0 ? "" : stepPath(parentPath, segments[n - 1]),
    pointer: n === 0 ? "" : parentPointer + "/" + escapePointerSegment(segments[n - 1]),
    parentPath,
    parentPointer,
  };
  return last;
}
