// The index behind "player by name" (docs/api.md): ranking tiers and deterministic tie-breaks
// over one player pool, never scanning the whole pool for a query. Names are normalised and
// player_ids ordered as names.ts says.
import { MAX_PLAYER_NAME_LENGTH, comparePlayerIds, normalizeName } from './names.ts';
import type { NameCandidate } from './names.ts';
import { compareText } from './order.ts';
import { assignWords, bigrams, editDistance, lowerBound } from './text-search.ts';

/**
 * Says whether a candidate is rostered in the league asked about. An index shared by every league
 * of a pool is built once and takes the league's roster at search time instead of `rostered`.
 */
export type RosteredTest<T extends NameCandidate> = (candidate: T) => boolean;

const ownRosteredFlag: RosteredTest<NameCandidate> = (candidate) => candidate.rostered;

/** The tie-break of docs/api.md: rostered in this league, then active, then lowest player_id. */
function compareCandidates<T extends NameCandidate>(
  a: T,
  b: T,
  isRostered: RosteredTest<T>,
): number {
  const aRostered = isRostered(a);
  const bRostered = isRostered(b);
  if (aRostered !== bRostered) return aRostered ? -1 : 1;
  if (a.active !== b.active) return a.active ? -1 : 1;
  return comparePlayerIds(a.playerId, b.playerId);
}

/** Edits allowed for a close spelling: none under 4 characters, so "joe" does not find "jon". */
function maxEdits(length: number): number {
  return length < 4 ? 0 : length < 6 ? 1 : length < 11 ? 2 : 3;
}

/**
 * Answers name queries over one league's player pool.
 *
 * Tiers, best first; the first tier with any player answers:
 *   1. exact: the normalised query equals the normalised full name;
 *   2. prefix: the normalised full name starts with the query ("patrick mah");
 *   3. word prefix: every query word is a prefix of a different name word, in any order
 *      ("pat mahomes", "mahomes p");
 *   4. close spelling: the query is within a few edits (optimal-string-alignment Damerau-
 *      Levenshtein, allowance growing with its length) of the full name or one of its words
 *      ("mahommes", "patrik mahomes"); the fewest edits win before the tie-break.
 * Within a tier: rostered first, then active, then the lowest player_id (comparePlayerIds).
 * "Rostered" is each candidate's own `rostered` flag, or the `isRostered` test given to `search`,
 * so one index per player pool can serve every league of that pool.
 *
 * `matchCount` is the number of players in the tier that produced the answer (for tier 4, every
 * player within the allowance, not only those at the fewest edits): it says how ambiguous the
 * answer is without mixing in weaker matches the client never sees. 0 when nothing matched.
 *
 * Lookups never walk the whole pool: exact is a map lookup, prefix a binary search over the
 * sorted distinct names, word prefix a binary search over the sorted distinct words starting from
 * the query word with the fewest players, and close spelling a count filter over the bigrams of
 * the names and words (an edit changes at most three bigrams) before any distance is computed.
 */
export interface NameSearchResult<T> {
  best?: T;
  matchCount: number;
  /** When asked for: the tier's players, best first, at most as many as asked. */
  ranked?: T[];
}

export class NameIndex<T extends NameCandidate> {
  private readonly players: readonly T[];
  private readonly normalized: string[];
  private readonly byName: Map<string, number[]>;
  private readonly sortedNames: string[];
  private readonly sortedWords: string[];
  private readonly wordPlayers: number[][];
  /** wordPlayersBefore[i] = players listed under sortedWords[0..i): sizes a word range in O(1). */
  private readonly wordPlayersBefore: Int32Array;
  /** Full names and name words, each with its players, for close-spelling lookups. */
  private readonly keys: string[];
  private readonly keyPlayers: number[][];
  /** Bigram -> keys holding it, shortest key first: a query only walks keys of a usable length. */
  private readonly keysByBigram: Map<string, number[]>;
  private readonly keyLengths: Int32Array;
  private readonly sharedBigrams: Int32Array;

  /** `tables` come from `NameIndex.inSteps`; without them the index is built at once. */
  constructor(players: readonly T[], tables: IndexTables = completed(buildTables(players))) {
    this.players = players;
    this.normalized = tables.normalized;
    this.byName = tables.byName;
    this.sortedNames = tables.sortedNames;
    this.sortedWords = tables.sortedWords;
    this.wordPlayers = tables.wordPlayers;
    this.wordPlayersBefore = tables.wordPlayersBefore;
    this.keys = tables.keys;
    this.keyPlayers = tables.keyPlayers;
    this.keysByBigram = tables.keysByBigram;
    this.keyLengths = tables.keyLengths;
    this.sharedBigrams = new Int32Array(tables.keys.length);
  }

  /**
   * The same index built in steps of a few milliseconds: each `next()` runs one, the last one
   * returns the index. Building at once takes 70-110 ms for 10,000 players on the 2-core VM, so
   * the snapshots (serving/cache/snapshots.ts) run the steps on separate event-loop turns.
   */
  static *inSteps<T extends NameCandidate>(
    players: readonly T[],
  ): Generator<void, NameIndex<T>, void> {
    return new NameIndex(players, yield* buildTables(players));
  }

  /**
   * The best match and the size of its tier; with `ranked` > 0 also up to that many players of
   * the tier, best first (the answer's `best` among them), for callers that show the other
   * candidates when names clash. The API's own search asks for none, and sorts nothing.
   */
  search(
    query: string,
    isRostered: RosteredTest<T> = ownRosteredFlag,
    ranked = 0,
    /** Only these players count (a position asked for): a tier none of them is in is passed over. */
    accept?: (candidate: T) => boolean,
  ): NameSearchResult<T> {
    if ([...query].length > MAX_PLAYER_NAME_LENGTH) return { matchCount: 0 };
    const normalized = normalizeName(query);
    if (normalized === '') return { matchCount: 0 };
    const keep = (indexes: readonly number[]): readonly number[] =>
      accept === undefined ? indexes : indexes.filter((i) => accept(this.players[i] as T));
    const exact = keep(this.byName.get(normalized) ?? []);
    if (exact.length > 0) return this.pick(exact, isRostered, ranked);
    const prefixed = keep(this.prefixMatches(normalized));
    if (prefixed.length > 0) return this.pick(prefixed, isRostered, ranked);
    const wordPrefixed = keep(this.wordPrefixMatches(normalized.split(' ')));
    if (wordPrefixed.length > 0) return this.pick(wordPrefixed, isRostered, ranked);
    return this.closeSpellingMatch(normalized, isRostered, ranked, accept);
  }

  private pick(
    indexes: readonly number[],
    isRostered: RosteredTest<T>,
    ranked: number,
  ): NameSearchResult<T> {
    if (ranked > 0 && indexes.length > 0) {
      const tier = indexes
        .map((index) => this.players[index] as T)
        .sort((a, b) => compareCandidates(a, b, isRostered))
        .slice(0, ranked);
      return { best: tier[0] as T, matchCount: indexes.length, ranked: tier };
    }
    let best: T | undefined;
    for (const index of indexes) {
      const player = this.players[index] as T;
      if (best === undefined || compareCandidates(player, best, isRostered) < 0) best = player;
    }
    return best === undefined ? { matchCount: 0 } : { best, matchCount: indexes.length };
  }

  private prefixMatches(query: string): number[] {
    const found: number[] = [];
    for (let i = lowerBound(this.sortedNames, query); i < this.sortedNames.length; i++) {
      const name = this.sortedNames[i] as string;
      if (!name.startsWith(query)) break;
      found.push(...(this.byName.get(name) ?? []));
    }
    return found;
  }

  private wordPrefixMatches(queryWords: string[]): number[] {
    // Start from the query word whose prefix range lists the fewest players, then check each of
    // those players' own words; the other words' ranges are never expanded.
    let narrowest: { from: number; to: number } | undefined;
    for (const word of queryWords) {
      const from = lowerBound(this.sortedWords, word);
      const to = lowerBound(this.sortedWords, word + '\uffff');
      if (from === to) return [];
      const size = (this.wordPlayersBefore[to] ?? 0) - (this.wordPlayersBefore[from] ?? 0);
      const narrowestSize = narrowest
        ? (this.wordPlayersBefore[narrowest.to] ?? 0) -
          (this.wordPlayersBefore[narrowest.from] ?? 0)
        : Infinity;
      if (size < narrowestSize) narrowest = { from, to };
    }
    if (!narrowest) return [];
    const candidates = new Set<number>();
    for (let i = narrowest.from; i < narrowest.to; i++) {
      for (const index of this.wordPlayers[i] ?? []) candidates.add(index);
    }
    return [...candidates].filter((index) =>
      assignWords(queryWords, (this.normalized[index] as string).split(' ')),
    );
  }

  private closeSpellingMatch(
    query: string,
    isRostered: RosteredTest<T>,
    ranked: number,
    accept: ((candidate: T) => boolean) | undefined,
  ): NameSearchResult<T> {
    const allowed = maxEdits(query.length);
    if (allowed === 0) return { matchCount: 0 };
    const queryBigrams = bigrams(query);
    // q-gram lemma: each edit (a transposition included) breaks at most 3 bigrams of the query.
    const needed = queryBigrams.size - 3 * allowed;
    // A key more than `allowed` characters longer or shorter is never within reach.
    const shortest = query.length - allowed;
    const longest = query.length + allowed;
    const lengths = this.keyLengths;
    const touched: number[] = [];
    for (const bigram of queryBigrams) {
      const list = this.keysByBigram.get(bigram);
      if (list === undefined) continue;
      let low = 0;
      let high = list.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((lengths[list[mid] as number] as number) < shortest) low = mid + 1;
        else high = mid;
      }
      for (let i = low; i < list.length; i++) {
        const keyId = list[i] as number;
        if ((lengths[keyId] as number) > longest) break;
        if (this.sharedBigrams[keyId] === 0) touched.push(keyId);
        this.sharedBigrams[keyId] = (this.sharedBigrams[keyId] ?? 0) + 1;
      }
    }
    const distances = new Map<number, number>();
    for (const keyId of touched) {
      const shared = this.sharedBigrams[keyId] ?? 0;
      this.sharedBigrams[keyId] = 0;
      const key = this.keys[keyId] as string;
      if (shared < needed || Math.abs(key.length - query.length) > allowed) continue;
      const distance = editDistance(query, key, allowed);
      if (distance > allowed) continue;
      for (const index of this.keyPlayers[keyId] ?? []) {
        if (accept !== undefined && !accept(this.players[index] as T)) continue;
        distances.set(index, Math.min(distance, distances.get(index) ?? Infinity));
      }
    }
    if (ranked > 0 && distances.size > 0) {
      const tier = [...distances]
        .sort(
          ([a, aDistance], [b, bDistance]) =>
            aDistance - bDistance ||
            compareCandidates(this.players[a] as T, this.players[b] as T, isRostered),
        )
        .slice(0, ranked)
        .map(([index]) => this.players[index] as T);
      return { best: tier[0] as T, matchCount: distances.size, ranked: tier };
    }
    let best: { index: number; distance: number } | undefined;
    for (const [index, distance] of distances) {
      if (
        best === undefined ||
        distance < best.distance ||
        (distance === best.distance &&
          compareCandidates(this.players[index] as T, this.players[best.index] as T, isRostered) <
            0)
      ) {
        best = { index, distance };
      }
    }
    return best === undefined
      ? { matchCount: 0 }
      : { best: this.players[best.index] as T, matchCount: distances.size };
  }
}

/** What a NameIndex searches (its fields, described there). */
interface IndexTables {
  normalized: string[];
  byName: Map<string, number[]>;
  sortedNames: string[];
  sortedWords: string[];
  wordPlayers: number[][];
  wordPlayersBefore: Int32Array;
  keys: string[];
  keyPlayers: number[][];
  keysByBigram: Map<string, number[]>;
  keyLengths: Int32Array;
}

/** Players per step of a stepwise build: about 2 ms on the 2-core VM. */
const PLAYERS_PER_STEP = 250;
/** Bigram postings sorted per step (a step sorts whole lists, so one long list is one step). */
const POSTINGS_PER_STEP = 8192;

/** Builds the tables, pausing (`yield`) between steps of bounded work. */
function* buildTables(players: readonly NameCandidate[]): Generator<void, IndexTables, void> {
  const normalized: string[] = [];
  const byName = new Map<string, number[]>();
  const byWord = new Map<string, number[]>();
  const keyIds = new Map<string, number>();
  const keys: string[] = [];
  const keyPlayers: number[][] = [];
  const keysByBigram = new Map<string, number[]>();
  for (let index = 0; index < players.length; index++) {
    if (index > 0 && index % PLAYERS_PER_STEP === 0) yield;
    const name = normalizeName((players[index] as NameCandidate).fullName);
    normalized.push(name);
    if (name === '') continue;
    pushTo(byName, name, index);
    const words = new Set(name.split(' '));
    for (const word of words) pushTo(byWord, word, index);
    for (const key of new Set([name, ...words])) {
      let keyId = keyIds.get(key);
      if (keyId === undefined) {
        keyId = keys.length;
        keyIds.set(key, keyId);
        keys.push(key);
        keyPlayers.push([]);
        for (const bigram of bigrams(key)) pushTo(keysByBigram, bigram, keyId);
      }
      keyPlayers[keyId]?.push(index);
    }
  }
  yield;
  const sortedNames = [...byName.keys()].sort(compareText);
  const sortedWords = [...byWord.keys()].sort(compareText);
  const wordPlayers = sortedWords.map((word) => byWord.get(word) ?? []);
  const wordPlayersBefore = new Int32Array(sortedWords.length + 1);
  wordPlayers.forEach((list, i) => {
    wordPlayersBefore[i + 1] = (wordPlayersBefore[i] ?? 0) + list.length;
  });
  const keyLengths = Int32Array.from(keys, (key) => key.length);
  let sorted = 0;
  for (const list of keysByBigram.values()) {
    if (sorted >= POSTINGS_PER_STEP) {
      yield;
      sorted = 0;
    }
    list.sort((a, b) => (keyLengths[a] as number) - (keyLengths[b] as number) || a - b);
    sorted += list.length;
  }
  return {
    normalized,
    byName,
    sortedNames,
    sortedWords,
    wordPlayers,
    wordPlayersBefore,
    keys,
    keyPlayers,
    keysByBigram,
    keyLengths,
  };
}

/** Runs a stepwise build to its end at once. */
function completed<R>(steps: Generator<void, R, void>): R {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function pushTo<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
