// Every platform's module, one line each. `satisfies Record<Platform, PlatformModule>` makes the
// compiler name a platform of domain/catalog.ts without a module here; everything that differs
// by platform (config, connectors, the CLI's link, the admin API's link body, the connect page)
// reads it from here. The order is the one links list platforms in (admin API, connect page).
import type { Platform } from '../domain/catalog.ts';
import { demo } from './demo/module.ts';
import { espn } from './espn/module.ts';
import { fantrax } from './fantrax/module.ts';
import { fleaflicker } from './fleaflicker/module.ts';
import type {
  AccountShown,
  HttpLink,
  LeagueShown,
  PlatformModule,
  SettingValues,
  SettingsOf,
} from './module.ts';
import { mfl } from './mfl/module.ts';
import { sleeper } from './sleeper/module.ts';
import { yahoo } from './yahoo/module.ts';

export const PLATFORM_MODULES = {
  demo,
  sleeper,
  espn,
  fleaflicker,
  yahoo,
  mfl,
  fantrax,
} as const satisfies Record<Platform, PlatformModule>;

type Modules = typeof PLATFORM_MODULES;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;

/** Every platform's configuration values together (Config.platforms). */
export type PlatformSettings = UnionToIntersection<
  { [P in Platform]: SettingsOf<Modules[P]['settings']> }[Platform]
>;

/** The modules in the registry's order. */
export const MODULES: readonly PlatformModule[] = Object.values(PLATFORM_MODULES);

export function platformModule(platform: Platform): PlatformModule {
  return PLATFORM_MODULES[platform];
}

/** How users link the platform over HTTP; undefined for one linked from the CLI only. */
export function httpLinkOf(platform: Platform): HttpLink<SettingValues> | undefined {
  return platformModule(platform).link.http;
}

export function isLinkedOverHttp(platform: Platform): boolean {
  return httpLinkOf(platform) !== undefined;
}

/** The platforms users link over HTTP (admin API, connect page), in the registry's order. */
export const HTTP_LINK_PLATFORMS: readonly Platform[] = MODULES.map((module) => module.id).filter(
  isLinkedOverHttp,
);

/** What the person knows a linked account by, as its platform says (the connect page). */
export function accountNameOf(
  platform: Platform,
  account: AccountShown,
  leagues: readonly LeagueShown[],
): string {
  const named = platformModule(platform).accountName?.(account, leagues);
  return named ?? account.username ?? account.externalUserId;
}
