/**
 * "Did you mean" suggestions: the edit distance between two words and the closest of a list of candidates (unknown
 * flags and commands, unknown keys and rule ids of the policy file).
 *
 * @module
 */

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

/**
 * The closest candidate within a small edit distance (a prefix of two or more characters counts as one edit), or
 * undefined; with `anyDistance`, the closest however far.
 */
export function closest(
  word: string,
  candidates: readonly string[],
  anyDistance = false,
): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = c.startsWith(word) && word.length >= 2 ? 1 : editDistance(word, c);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return anyDistance || bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}
