// A Yahoo connector wired to a fake Yahoo serving a data set (the recordings by default), sharing
// one clock the test moves.
import type {
  CredentialStore,
  PlatformAccount,
  PlatformConnector,
} from '../../../src/platforms/connector.ts';
import { createYahooConnector } from '../../../src/platforms/yahoo/index.ts';
import type { YahooConnectorOptions } from '../../../src/platforms/yahoo/index.ts';
import { FAKE_CLIENT, startFakeYahoo } from '../../helpers/fake-yahoo.ts';
import type { FakeYahoo } from '../../helpers/fake-yahoo.ts';
import { RECORDED_YAHOO_DATA } from '../../helpers/yahoo-data.ts';
import type { YahooDataSet } from '../../helpers/yahoo-data.ts';

export interface YahooWorld {
  fake: FakeYahoo;
  clock: { now: number };
  connector(options?: Partial<YahooConnectorOptions>): PlatformConnector;
  /** Links through the fake's OAuth flow and returns the account as the store would keep it. */
  linked(connector: PlatformConnector): Promise<PlatformAccount>;
  close(): Promise<void>;
}

export async function yahooWorld(data: YahooDataSet = RECORDED_YAHOO_DATA): Promise<YahooWorld> {
  const clock = { now: Date.parse('2026-01-10T12:00:00Z') };
  const fake = await startFakeYahoo({ now: () => clock.now, world: data.world() });
  return {
    fake,
    clock,
    connector: (options = {}) =>
      createYahooConnector({
        baseUrl: fake.baseUrl,
        authBaseUrl: fake.authBaseUrl,
        clientId: FAKE_CLIENT.id,
        clientSecret: FAKE_CLIENT.secret,
        redirectUri: 'oob',
        requestsPerMinute: 10_000,
        accountRequestsPerMinute: 10_000,
        now: () => clock.now,
        sleep: async () => {},
        ...options,
      }),
    async linked(connector) {
      const outcome = await connector.link({ code: fake.issueCode() });
      if (outcome.status !== 'linked') throw new Error(outcome.message);
      return outcome.account;
    },
    close: () => fake.close(),
  };
}

/** The engine's compare-and-swap credential store, in memory. */
export function memoryCredentials(initial: string): CredentialStore & { current(): string } {
  let value = initial;
  return {
    current: () => value,
    async load() {
      return value;
    },
    async replace(previous, next) {
      if (previous !== value) return false;
      value = next;
      return true;
    },
  };
}

export const ALL_SPORTS = ['baseball', 'football', 'basketball'] as const;
