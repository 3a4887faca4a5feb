// Text a person reads on a page (the application's name on the connect page): refused when it
// holds characters that are not shown as themselves. Control characters break the line or hide
// in it; the bidirectional controls reorder what follows them, so "Acme\u202Eetis.live" reads
// as "Acmeevil.site" and a name can pass itself off as another (Unicode TR 36, section 2.3).
import { InvalidInputError } from './errors.ts';

/**
 * C0 and C1 controls and DEL; the Arabic letter mark; left-to-right and right-to-left marks;
 * the line and paragraph separators; the embeddings, overrides and isolates.
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** Whether the text holds a character that is not shown as itself. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}

/** Throws an InvalidInputError saying what is wrong when the text holds such a character. */
export function assertShownText(text: string): void {
  const found = HIDDEN.exec(text)?.[0];
  if (found === undefined) return;
  const code = `U+${found.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;
  throw new InvalidInputError(
    `must not contain control or text-direction characters (found ${code} at character ` +
      `${text.indexOf(found) + 1}): they are not shown as themselves`,
  );
}
