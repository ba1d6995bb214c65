/**
 * The readable path and the JSON pointer of a place, as findings carry them, shared between consecutive
 * findings at the same place.
 *
 * @module
 */
import { formatPath, formatPointer } from "./pointer.ts";

/** The last place formatted, kept: findings at one place come together, and share its (maybe long) texts. */
let lastPlace: { segments: (string | number)[]; path: string; pointer: string } | undefined;

/**
 * The path and pointer of segments, the same strings as the previous call's when the segments are the same:
 * 5,000 findings at a path of 40,000 characters share one copy of it instead of making 5,000.
 */
export function placeTexts(segments: readonly (string | number)[]): { path: string; pointer: string } {
  const last = lastPlace;
  if (last !== undefined && last.segments.length === segments.length) {
    let same = true;
    for (let i = 0; i < segments.length && same; i++) same = last.segments[i] === segments[i];
    if (same) return last;
  }
  lastPlace = { segments: [...segments], path: formatPath(segments), pointer: formatPointer(segments) };
  return lastPlace;
}
