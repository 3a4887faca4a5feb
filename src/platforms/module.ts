// What a platform module says of its platform, whole: names, sports, how a user links it (the
// connect page's form, the CLI's flags, the admin API's body, OAuth or not), its configuration
// variables, its request budget and how its connector is built. Plain data and small functions:
// the registry (registry.ts) gathers one per platform, and config, the sync side, the CLI, the
// admin API and the connect page read them instead of naming platforms themselves.
import { PLATFORM_FACTS } from '../domain/catalog.ts';
import type { Platform, PlatformFacts, Sport } from '../domain/catalog.ts';
import type { AccountSettings, LinkContext, LinkRequest, PlatformConnector } from './connector.ts';
import type { LiveSupport } from './live.ts';
import type { RequestBudget } from './request-budget.ts';

/** A configuration variable; config.ts reads it from the environment and fails naming it. */
export type SettingSpec =
  /** An http(s) address (a platform's base URL: tests point it at a fake on 127.0.0.1). */
  | { env: string; kind: 'url'; default: string }
  | { env: string; kind: 'text'; default: string }
  /** Unset or empty: undefined (an application's keys, which the operator may not have). */
  | { env: string; kind: 'optional' }
  | { env: string; kind: 'integer'; default: number; min: number; max: number };

export type SettingSpecs = Readonly<Record<string, SettingSpec>>;

type SettingValue<S extends SettingSpec> = S extends { kind: 'integer' }
  ? number
  : S extends { kind: 'optional' }
    ? string | undefined
    : string;

/** The values of a module's variables, as Config.platforms holds them. */
export type SettingsOf<S extends SettingSpecs> = { readonly [K in keyof S]: SettingValue<S[K]> };

/** What a module's functions are handed: Config.platforms, which holds every module's values. */
export type SettingValues = Readonly<Record<string, string | number | undefined>>;

/** A rule between variables that one variable breaks (config.ts names it at start-up). */
export interface SettingProblem {
  variable: string;
  message: string;
}

/** One input of the connect page's form. */
export interface LinkField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  /** Help for people, under the input. */
  hint?: string;
  /** Secrets are never put back into a re-rendered form. */
  secret?: boolean;
  autocomplete?: string;
}

/** A platform whose users sign in at the platform and come back with a code (OAuth 2.0). */
export interface OAuthLink<V> {
  /** Where the user signs in, in the page's words: "Sign in with Yahoo". */
  provider: string;
  /** The variable holding the redirect URI; the connect page's callback address replaces it. */
  redirectSetting: keyof V & string;
  /** Whether the operator set up the platform's application (its keys). */
  configured(settings: V): boolean;
  /** Where the browser is sent to sign in (the page allows that origin as a form target). */
  authorizationBase(settings: V): string;
}

/** What the person typed on the connect page, by field name (never a secret field). */
export type Typed = Readonly<Record<string, string>>;

/** The connect page's words for a link the platform refused, each saying what to do next. */
export interface RefusalWords {
  /**
   * Input the connector refused before (or without) asking the platform for leagues, given the
   * connector's message without its platform prefix; absent: that message as it is.
   */
  invalidInput?(message: string): string;
  /**
   * A link the platform refused: `kind` is the platform error's ('not_found', ...), `message`
   * the connector's, without its platform prefix (for a platform whose refusals of one kind
   * differ).
   */
  refused(kind: string, typed: Typed, message: string): string;
}

/** How a user links the platform over HTTP: the admin API's body and the connect page's form. */
export interface HttpLink<V> {
  /** The admin API's description of the platform's body, as a sentence fragment. */
  api: string;
  fields: readonly LinkField[];
  /** The form's help for people; {app} is the application the page links accounts for. */
  help: string;
  /** The form's button when not "Link <name>" (the demo's "Try with sample leagues"). */
  submitLabel?: string;
  /** The form's values as a link request; what is missing is an InvalidInputError in plain words. */
  fromForm(value: (name: string) => string | undefined): LinkRequest;
  oauth?: OAuthLink<V>;
  /** Absent: the page says "<name> did not accept what you entered". */
  refusal?: RefusalWords;
  /**
   * Offered only once the operator loaded its leagues into the store (the demo's sample
   * leagues): until then the connect page leaves it out and the admin API refuses it with
   * `notLoaded`, which says how to load them.
   */
  needsLoadedLeagues?: { notLoaded: string };
}

/**
 * How a user links the platform. The CLI's flags and the admin API's body are one set for every
 * platform (LinkRequest's parts); each connector takes the parts its platform needs.
 */
export interface PlatformLink<V> {
  /** The CLI usage lines after the platform's name: its flags; none to leave it out of the help. */
  cli: readonly string[];
  /**
   * The flags of a typical link, for hints such as "link one first, e.g. fantasy-data link
   * sleeper --user alice --username <sleeper username>"; empty when it takes none.
   */
  cliExample?: string;
  /** Absent: linked from the CLI only (the operator's demo). */
  http?: HttpLink<V>;
}

/** A linked account as a person may be shown it: never its credentials. */
export interface AccountShown {
  externalUserId: string;
  username?: string;
  settings?: AccountSettings;
}

/** One of an account's leagues as the store holds it. */
export interface LeagueShown {
  name: string;
  season: number;
}

/**
 * A platform, whole. `V` is what its functions are handed: its own values where the module is
 * written (definePlatform), every platform's where it is read (the registry).
 */
export interface PlatformModule<
  S extends SettingSpecs = SettingSpecs,
  V = SettingValues,
> extends PlatformFacts {
  readonly id: Platform;
  /** As people see it (the connect page). */
  readonly name: string;
  readonly sports: readonly Sport[];
  readonly link: PlatformLink<V>;
  /** Its configuration variables, by their name in Config.platforms (unique across platforms). */
  readonly settings: S;
  checkSettings?(settings: V): SettingProblem | undefined;
  /**
   * What the person knows a linked account by (the connect page's "Linked as ..."), given its
   * leagues the store holds, newest season first (none before its first sync has read them).
   * Absent: its username, else its id (accountNameOf in registry.ts).
   */
  accountName?(account: AccountShown, leagues: readonly LeagueShown[]): string;
  /**
   * A link stored by an earlier version whose id was personal data (Fleaflicker's e-mail
   * address), in today's form: the id a pseudonym and the data in the (clear) credentials.
   * Undefined for an id already in today's form. Run at start by sync/legacy-links.ts.
   */
  upgradeStoredId?(
    externalUserId: string,
    context: LinkContext,
  ): { externalUserId: string; credentials: string } | undefined;
  /** Calls per minute of the whole deployment; absent: no budget (it makes no calls). */
  requestsPerMinute?(settings: V): number;
  /**
   * Calls per minute any one linked account may make, within requestsPerMinute (a budget the
   * connector holds per account, keeping no links' reserve); absent: only the platform's. The
   * live scheduler paces each account's live leagues to it.
   */
  accountRequestsPerMinute?(settings: V): number;
  createConnector(settings: V, budget: RequestBudget | undefined): PlatformConnector;
  /**
   * How the platform's live refreshes work (its connector's `live`). Absent: the sport's schedule
   * says when a period is live, and a live refresh is the connector's full league fetch.
   */
  readonly live?: LiveSupport;
}

/** A module, typed against its own variables, with the facts the store keeps of it (domain). */
export function definePlatform<const S extends SettingSpecs>(
  module: Omit<PlatformModule<S, SettingsOf<S>>, keyof PlatformFacts>,
): PlatformModule<S> {
  // Its functions are only ever handed Config.platforms, which config.ts reads from every
  // module's `settings`: the values they expect are there.
  return Object.freeze({ ...module, ...PLATFORM_FACTS[module.id] }) as unknown as PlatformModule<S>;
}

/** Text of a form field, trimmed; undefined when empty. */
export function formText(value: (name: string) => string | undefined, name: string) {
  const text = value(name)?.trim();
  return text === undefined || text === '' ? undefined : text;
}

/** League ids typed in a form, separated by spaces or commas. */
export function formLeagueIds(value: (name: string) => string | undefined): string[] {
  return (formText(value, 'league_ids') ?? '').split(/[\s,]+/).filter((id) => id !== '');
}

/**
 * Leagues as a person names them, each name once with its newest season: "Goat League (2024)",
 * "Goat League (2024) and Dynasty (2023)", "Goat League (2024), Dynasty (2023) and 3 more";
 * undefined for none.
 */
export function leaguesNamed(leagues: readonly LeagueShown[]): string | undefined {
  const newest = new Map<string, number>();
  for (const { name, season } of leagues) {
    newest.set(name, Math.max(season, newest.get(name) ?? season));
  }
  const named = [...newest]
    .sort((a, b) => b[1] - a[1])
    .map(([name, season]) => `${name} (${season})`);
  if (named.length <= 2) return named.length === 0 ? undefined : named.join(' and ');
  return `${named.slice(0, 2).join(', ')} and ${named.length - 2} more`;
}

/** League ids the person typed, before their names are read: "league 54040", "leagues 1 and 2". */
export function leagueIdsNamed(ids: readonly string[]): string | undefined {
  if (ids.length === 0) return undefined;
  if (ids.length === 1) return `league ${ids[0]}`;
  return `leagues ${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
}
