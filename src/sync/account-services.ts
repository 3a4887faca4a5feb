// What the HTTP surfaces (the admin API, the hosted connect page) may ask of the sync side:
// link an account, ask for a sync (handed to the sync jobs: a worker's with REDIS_URL). The HTTP
// layer never calls a platform itself; it is handed this, built in the composition root.
import { createHmac } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Platform } from '../domain/catalog.ts';
import type { Logger } from '../logger.ts';
import type { LinkRequest } from '../platforms/connector.ts';
import { HTTP_LINK_PLATFORMS, httpLinkOf } from '../platforms/registry.ts';
import type { PlatformSettings } from '../platforms/registry.ts';
import type { BudgetStore } from '../platforms/request-budget.ts';
import { createSecretBox, loadSecretKey } from '../secrets.ts';
import type { SecretBox } from '../secrets.ts';
import type { Store } from '../storage/db.ts';
import { MemoryAttemptStore } from './attempts.ts';
import type { AttemptStore } from './attempts.ts';
import { createConnectorRegistry } from './connectors.ts';
import type { SyncJobs } from './jobs/types.ts';
import { LinkAttempts } from './link-attempts.ts';
import type { LinkCaller } from './link-attempts.ts';
import { linkPlatformAccount, linkablePlatforms } from './linking.ts';
import type { LinkResult } from './linking.ts';
import { createSyncRequests } from './requests.ts';
import type { SyncRequests } from './requests.ts';
import type { ConnectorRegistry } from './types.ts';

export type { LinkResult } from './linking.ts';
export type { SyncRequests } from './requests.ts';
export type { LinkRequest } from '../platforms/connector.ts';

/** The path an OAuth platform sends the browser back to (under PUBLIC_BASE_URL). */
export function oauthCallbackPath(platform: Platform): string {
  return `/connect/oauth/${platform}/callback`;
}

export interface AccountServices {
  /** Platforms the admin API can link. */
  readonly platforms: readonly Platform[];
  /**
   * Platforms the hosted page can link: an OAuth platform (Yahoo) only with PUBLIC_BASE_URL and
   * its application's keys.
   */
  readonly pagePlatforms: readonly Platform[];
  /**
   * Links the account. `redirect: 'callback'` links through the hosted page's OAuth callback
   * (the redirect URI is then PUBLIC_BASE_URL + oauthCallbackPath, not the platform's configured
   * one, such as YAHOO_REDIRECT_URI).
   * Counted against the link limits (link-attempts.ts) of the user and of `caller`'s session.
   */
  link(
    userId: number,
    platform: Platform,
    request: LinkRequest,
    redirect?: 'configured' | 'callback',
    caller?: LinkCaller,
  ): Promise<LinkResult>;
  readonly syncs: SyncRequests;
  readonly secrets: SecretBox;
  /** HMAC-SHA256 under a key derived from the secret key (OAuth states, CSRF). */
  sign(purpose: string, text: string): string;
  close(): Promise<void>;
}

export interface AccountServicesOptions {
  store: Store;
  config: Config;
  logger: Logger;
  /** Where the syncs asked for go: the process's one SyncJobs (jobs/index.ts, openSyncJobs). */
  jobs: SyncJobs;
  /** For linking; default: the registry built from config. */
  connectors?: ConnectorRegistry;
  /** The registry for the hosted page's OAuth callback; default: built from config. */
  callbackConnectors?: ConnectorRegistry;
  /**
   * Where the registries built here count their platform calls: the process's one store
   * (sync/platform-budgets.ts), so links spend the budgets the syncs spend.
   */
  budgetStore?: BudgetStore;
  /** Where link attempts are counted (sync/attempts.ts, openAttemptStore); default: memory. */
  attemptStore?: AttemptStore;
}

export function createAccountServices(options: AccountServicesOptions): AccountServices {
  const { store, config, logger } = options;
  const budgets = options.budgetStore && { budgetStore: options.budgetStore };
  const connectors = options.connectors ?? createConnectorRegistry(config, budgets);
  const base = config.publicBaseUrl;
  const callbackConnectors =
    options.callbackConnectors ??
    (base === undefined
      ? undefined
      : createConnectorRegistry({ platforms: callbackSettings(config.platforms, base) }, budgets));
  const secrets = createSecretBox(config);
  let signingKey: Buffer | undefined;
  const platforms = linkablePlatforms(connectors);
  const pageReady = (platform: Platform): boolean => {
    const oauth = httpLinkOf(platform)?.oauth;
    return (
      oauth === undefined ||
      (callbackConnectors !== undefined && oauth.configured(config.platforms))
    );
  };
  const syncs = createSyncRequests({ store, jobs: options.jobs, logger });
  const attempts = new LinkAttempts(options.attemptStore ?? new MemoryAttemptStore(), {
    perSession: config.linkAttemptsPerSession,
    perUser: config.linkAttemptsPerUser,
  });
  return {
    platforms,
    pagePlatforms: platforms.filter(pageReady),
    link(userId, platform, request, redirect = 'configured', caller = {}) {
      const registry = redirect === 'callback' ? callbackConnectors : connectors;
      if (registry === undefined) {
        throw new Error('the OAuth callback needs PUBLIC_BASE_URL');
      }
      return linkPlatformAccount(store, registry, secrets, {
        userId,
        platform,
        request,
        attempts: { limits: attempts, caller },
      });
    },
    syncs,
    secrets,
    sign(purpose, text) {
      signingKey ??= createHmac('sha256', loadSecretKey(config)).update('connect-signing').digest();
      return createHmac('sha256', signingKey).update(`${purpose}\n${text}`).digest('base64url');
    },
    close: () => syncs.close(),
  };
}

/** The platforms' settings with every OAuth platform's redirect URI on the page's callback. */
function callbackSettings(settings: PlatformSettings, base: string): PlatformSettings {
  const redirects = HTTP_LINK_PLATFORMS.flatMap((platform) => {
    const oauth = httpLinkOf(platform)?.oauth;
    return oauth === undefined ? [] : [[oauth.redirectSetting, base + oauthCallbackPath(platform)]];
  });
  return { ...settings, ...Object.fromEntries(redirects) };
}
