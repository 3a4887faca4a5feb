// The page's words for what is technical elsewhere: the products an application reads, and why a
// link failed, each with what to do next. The technical text (the platform's answer, the problem
// code) goes to the log and the admin API with the request id; the page shows only these words
// and the id as a reference to quote.
import type { Platform, Product } from '../../domain/catalog.ts';
import { platformModule } from '../../platforms/registry.ts';
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

/** What the person typed, for messages that name it (never a secret field). */
export type Typed = Readonly<Record<string, string>>;

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

/** A link the platform (or the form's check) refused: the person can fix what they typed. */
function refusedMessage(
  platform: Platform,
  name: string,
  problem: HttpProblem,
  kind: string | undefined,
  typed: Typed,
): string {
  // The form's own check (a required field left empty): its words are already the person's.
  if (kind === undefined) return sentence(problem.detail);
  // Input the connector refused before or without asking the platform for leagues: its words
  // are the person's too (a SWID that is no GUID), except a login the platform turned down.
  if (kind === 'invalid' && platform === 'espn') return espnInputMessage(problem.detail);
  if (kind === 'invalid' && platform !== 'mfl') return sentence(stripPlatform(problem.detail));
  switch (platform) {
    case 'sleeper':
      return kind === 'not_found'
        ? `We couldn't find a Sleeper user named ${typed.username ?? 'that'}. Check the spelling.`
        : `Sleeper did not accept this username. Check the spelling and try again.`;
    case 'espn':
      if (kind === 'not_found') {
        return (
          "ESPN couldn't find one of these leagues. Check each league id: it is the number " +
          'after leagueId= in the address of the league on fantasy.espn.com.'
        );
      }
      return (
        "ESPN didn't accept these cookies: they end when you sign out of ESPN. Sign in again at " +
        'fantasy.espn.com, copy espn_s2 and SWID again, and paste them here.'
      );
    case 'fleaflicker':
      return (
        `We couldn't find a Fleaflicker account with the e-mail ${typed.email ?? 'you typed'}. ` +
        'Check it is the address you sign in to Fleaflicker with.'
      );
    case 'mfl':
      return kind === 'not_found'
        ? "MyFantasyLeague couldn't find one of these leagues. Check each league id."
        : "MyFantasyLeague didn't accept this username and password. Check both and try again.";
    case 'yahoo':
      return 'Yahoo did not let us read your leagues. Sign in with Yahoo again and allow access.';
    case 'fantrax':
      return kind === 'not_found' && typed.league_ids
        ? "Fantrax couldn't find one of these leagues, or it is private. Check each league id: " +
            'it is the text after /league/ in the address of the league on fantrax.com.'
        : "Fantrax didn't accept this Secret ID. Copy it again from your profile page on " +
            'fantrax.com (the user menu, then My Profile) and paste it here.';
    default:
      return `${name} did not accept what you entered. Check it and try again.`;
  }
}

/** ESPN's cookies as pasted, checked before ESPN is asked (espn/credentials.ts). */
function espnInputMessage(detail: string): string {
  if (/swid/i.test(detail)) {
    return (
      'This is not the SWID cookie: it looks like {01234567-89AB-CDEF-0123-456789ABCDEF}. ' +
      'Copy the whole value of SWID again (with or without its braces).'
    );
  }
  if (/espn_s2/i.test(detail)) {
    return (
      'This is not the espn_s2 cookie: it is one long text starting with AE, without spaces. ' +
      'Copy the whole value of espn_s2 again.'
    );
  }
  return sentence(stripPlatform(detail));
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
