// String search pieces behind NameIndex: binary search over sorted text, bigram sets for
// candidate filtering, word-to-word assignment, and a bounded edit distance.

/** First position in a code-unit-sorted array whose value is not below `value`. */
export function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as string) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Distinct bigrams of a word padded at both ends, so first and last letters count too. */
export function bigrams(text: string): Set<string> {
  const padded = `\u0001${text}\u0002`;
  const found = new Set<string>();
  for (let i = 0; i + 1 < padded.length; i++) found.add(padded.slice(i, i + 2));
  return found;
}

/** Whether each query word can take a different name word that it prefixes (small backtracking). */
export function assignWords(queryWords: readonly string[], nameWords: readonly string[]): boolean {
  const used = new Array<boolean>(nameWords.length).fill(false);
  const place = (q: number): boolean => {
    if (q === queryWords.length) return true;
    const word = queryWords[q] as string;
    for (let n = 0; n < nameWords.length; n++) {
      if (used[n] || !(nameWords[n] as string).startsWith(word)) continue;
      used[n] = true;
      if (place(q + 1)) return true;
      used[n] = false;
    }
    return false;
  };
  return queryWords.length <= nameWords.length && place(0);
}

// Rows of the distance table, reused by every call (search is synchronous): no allocation per
// candidate, which dominated close-spelling lookups on large pools.
let rows = [new Int32Array(128), new Int32Array(128), new Int32Array(128)] as const;

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), giving up with
 * `limit + 1` as soon as every alignment already costs more than `limit`. Only the diagonal band
 * of width 2 * limit + 1 is computed: a cell outside it already costs more than `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  const cap = limit + 1;
  if (Math.abs(a.length - b.length) > limit) return cap;
  const width = b.length + 1;
  if (rows[0].length < width + 1) {
    rows = [new Int32Array(width * 2), new Int32Array(width * 2), new Int32Array(width * 2)];
  }
  let [before, previous, current] = rows;
  for (let j = 0; j <= width; j++) previous[j] = j < cap ? j : cap;
  for (let i = 1; i <= a.length; i++) {
    const ai = a.charCodeAt(i - 1);
    const aBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    const low = i - limit > 1 ? i - limit : 1;
    const high = i + limit < b.length ? i + limit : b.length;
    let rowMin = low === 1 && i < cap ? i : cap;
    current[low - 1] = rowMin;
    for (let j = low; j <= high; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = (previous[j] as number) + 1;
      const insert = (current[j - 1] as number) + 1;
      if (insert < value) value = insert;
      const replace = (previous[j - 1] as number) + (ai === bj ? 0 : 1);
      if (replace < value) value = replace;
      if (j > 1 && ai === b.charCodeAt(j - 2) && aBefore === bj) {
        const transpose = (before[j - 2] as number) + 1;
        if (transpose < value) value = transpose;
      }
      if (value > cap) value = cap;
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // The next row reads one cell past this row's band: outside it, so already too costly.
    current[high + 1] = cap;
    if (rowMin > limit) return cap;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  return previous[b.length] as number;
}
