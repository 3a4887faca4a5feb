// What a platform module says of its platform, whole: names, sports, how a user links it (the
// connect page's form, the CLI's flags, the admin API's body, OAuth or not), its configuration
// variables, its request budget and how its connector is built. Plain data and small functions:
// the registry (registry.ts) gathers one per platform, and config, the sync side, the CLI, the
// admin API and the connect page read them instead of naming platforms themselves.
import { PLATFORM_FACTS } from '../domain/catalog.ts';
import type { Platform, PlatformFacts, Sport } from '../domain/catalog.ts';
import type { LinkRequest, PlatformConnector } from './connector.ts';
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
}

/**
 * How a user links the platform. The CLI's flags and the admin API's body are one set for every
 * platform (LinkRequest's parts); each connector takes the parts its platform needs.
 */
export interface PlatformLink<V> {
  /** The CLI usage lines after the platform's name: its flags; none to leave it out of the help. */
  cli: readonly string[];
  /** Absent: linked from the CLI only (the operator's demo). */
  http?: HttpLink<V>;
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
  /** Calls per minute of the whole deployment; absent: no budget (it makes no calls). */
  requestsPerMinute?(settings: V): number;
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
