// The page's words for what is technical elsewhere: the products an application reads, and why a
// link failed, each with what to do next. The technical text (the platform's answer, the problem
// code) goes to the log and the admin API with the request id; the page shows only these words
// and the id as a reference to quote.
import type { Platform, Product } from '../../domain/catalog.ts';
import type { Typed } from '../../platforms/module.ts';
import { httpLinkOf, platformModule } from '../../platforms/registry.ts';
import type { HttpProblem } from '../../serving/problems.ts';

/** What each product lets the application read, in the words of someone who plays. */
const PRODUCT_WORDS: Readonly<Record<Product, string>> = {
  league: 'your leagues and their settings',
  roster: 'who is on each roster',
  player: 'player names, positions and teams',
  team: 'the teams, managers, standings and matchups',
  transaction: 'adds, drops, waiver claims and trades',
  user: 'the accounts you linked (never their passwords or cookies)',
  meta: 'when your leagues were last read',
};

/** The products as a list a person reads; undefined when the session did not say. */
export function productWords(products: readonly Product[] | undefined): string[] | undefined {
  if (products === undefined || products.length === 0) return undefined;
  return products.map((product) => PRODUCT_WORDS[product]);
}

/**
 * Why a link failed, worded for the person with what to do next. `problem` is the admin API's
 * problem for the same failure (admin/routes/common.ts linkProblem), `kind` the platform's
 * error kind when the platform answered.
 */
export function peopleMessage(
  platform: Platform,
  problem: HttpProblem,
  kind: string | undefined,
  typed: Typed,
): string {
  const name = platformModule(platform).name;
  const wait = problem.headers['Retry-After'] ?? '30';
  switch (problem.code) {
    case 'platform_busy':
      return `${name} is busy answering other requests. Wait ${wait} seconds, then try again.`;
    case 'link_attempts_exceeded':
      return `Too many tries in a short time. Wait ${wait} seconds, then try again.`;
    case 'queue_unavailable':
      return (
        'Your account is linked, but reading its leagues could not start just now. ' +
        `Wait ${wait} seconds and press the button again.`
      );
    case 'platform_unavailable':
      return (
        `${name} is not answering properly right now, so nothing was linked. ` +
        'Try again in a few minutes.'
      );
    default:
      return refusedMessage(platform, name, problem, kind, typed);
  }
}

/**
 * A link the platform (or the form's check) refused: the person can fix what they typed. What
 * each platform says is in its module (link.http.refusal).
 */
function refusedMessage(
  platform: Platform,
  name: string,
  problem: HttpProblem,
  kind: string | undefined,
  typed: Typed,
): string {
  // The form's own check (a required field left empty): its words are already the person's.
  if (kind === undefined) return sentence(problem.detail);
  const words = httpLinkOf(platform)?.refusal;
  // Input the connector refused before or without asking the platform for leagues: its words
  // are the person's too (a SWID that is no GUID), unless the platform words them its own way.
  if (kind === 'invalid') {
    const message = stripPlatform(problem.detail);
    return sentence(words?.invalidInput?.(message) ?? message);
  }
  return (
    words?.refused(kind, typed, stripPlatform(problem.detail)) ??
    `${name} did not accept what you entered. Check it and try again.`
  );
}

/** A platform error's text starts with its platform's id ("espn: ..."): not for people. */
function stripPlatform(text: string): string {
  return text.replace(/^[a-z]+: /, '');
}

/** "enter your Sleeper username" as a sentence: "Enter your Sleeper username." */
function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
