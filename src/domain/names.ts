// Player names for "player by name" (docs/api.md): normalisation, the query's check, what a
// candidate is and the player_id order of tie-breaks. The index that ranks a pool's candidates
// for a query is name-index.ts.
import { InvalidInputError } from './errors.ts';

/** Longer names are refused (the HTTP layer answers 400) before any matching work is done. */
export const MAX_PLAYER_NAME_LENGTH = 100;

const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v']);
// Letters that NFKD does not split into base letter + accent.
// prettier-ignore
const FOLDED: Record<string, string> = {
  ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h',
};

/**
 * Lower-case, accents stripped, periods and apostrophes dropped (so "D.J." is "dj" and "O'Neil"
 * is "oneil"), other punctuation read as a space, suffixes dropped (any word but the first, so
 * "Beckham Jr., Odell" also loses it), and runs of single letters joined ("d j moore" is
 * "dj moore", the same as "D.J. Moore"). Words are separated by single spaces.
 */
export function normalizeName(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþıħ]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/[.'’‘`´ʼ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
  const words = folded
    .split(' ')
    .filter((word) => word !== '')
    .filter((word, i) => i === 0 || !SUFFIXES.has(word));
  const joined: string[] = [];
  let inInitials = false;
  for (const word of words) {
    const initial = word.length === 1 && /\p{L}/u.test(word);
    if (initial && inInitials) joined[joined.length - 1] += word;
    else joined.push(word);
    inInitials = initial;
  }
  return joined.join(' ');
}

/**
 * Checks a name query as the API receives it and returns its normalised form. Throws
 * InvalidInputError (a 400 naming `player_name`) when it is longer than MAX_PLAYER_NAME_LENGTH
 * characters or nothing is left once normalised.
 */
export function validatePlayerNameQuery(query: string): string {
  if ([...query].length > MAX_PLAYER_NAME_LENGTH) {
    throw new InvalidInputError(
      `player_name must be at most ${MAX_PLAYER_NAME_LENGTH} characters long`,
    );
  }
  const normalized = normalizeName(query);
  if (normalized === '') {
    throw new InvalidInputError('player_name must contain at least one letter or digit');
  }
  return normalized;
}

/** What the index needs of a player; `rostered` is "on a fantasy team in the league asked about". */
export interface NameCandidate {
  playerId: string;
  fullName: string;
  rostered: boolean;
  active: boolean;
}

/**
 * Orders player ids the way people read them: integers ("-16033", "99", "4046") by value, then
 * every other id ("DET") by code unit. Never converts to a number, so ids above 2^53 still order.
 */
export function comparePlayerIds(a: string, b: string): number {
  const aNumeric = INTEGER.test(a);
  const bNumeric = INTEGER.test(b);
  if (aNumeric !== bNumeric) return aNumeric ? -1 : 1;
  if (aNumeric) {
    const byValue = compareIntegers(a, b);
    if (byValue !== 0) return byValue;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

const INTEGER = /^-?\d+$/;

function compareIntegers(a: string, b: string): number {
  const aNegative = a.startsWith('-');
  const bNegative = b.startsWith('-');
  if (aNegative !== bNegative) return aNegative ? -1 : 1;
  const aDigits = a.replace(/^-?0*/, '');
  const bDigits = b.replace(/^-?0*/, '');
  const magnitude =
    aDigits.length !== bDigits.length
      ? aDigits.length - bDigits.length
      : aDigits < bDigits
        ? -1
        : aDigits > bDigits
          ? 1
          : 0;
  return aNegative ? -magnitude : magnitude;
}
