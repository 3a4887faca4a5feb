// The connectors this build can run, built from Config. Platforms missing here cannot be linked
// or synced yet; the CLI says so.
import type { Config } from '../config.ts';
import { createDemoConnector } from '../platforms/demo/index.ts';
import { createEspnConnector } from '../platforms/espn/index.ts';
import { createFleaflickerConnector } from '../platforms/fleaflicker/index.ts';
import { createMflConnector } from '../platforms/mfl/index.ts';
import { createSleeperConnector } from '../platforms/sleeper/index.ts';
import { createYahooConnector } from '../platforms/yahoo/index.ts';
import type { ConnectorRegistry } from './types.ts';

export type { ConnectorRegistry } from './types.ts';

export function createConnectorRegistry(config: Pick<Config, 'platforms'>): ConnectorRegistry {
  return Object.freeze({
    demo: createDemoConnector(),
    sleeper: createSleeperConnector({ baseUrl: config.platforms.sleeperBaseUrl }),
    espn: createEspnConnector({
      baseUrl: config.platforms.espnBaseUrl,
      fanBaseUrl: config.platforms.espnFanBaseUrl,
    }),
    mfl: createMflConnector({ baseUrl: config.platforms.mflBaseUrl }),
    fleaflicker: createFleaflickerConnector({ baseUrl: config.platforms.fleaflickerBaseUrl }),
    yahoo: createYahooConnector(yahooOptions(config.platforms)),
  });
}

/** Yahoo's connector options from config; without the application's keys it only explains. */
function yahooOptions(p: Config['platforms']): Parameters<typeof createYahooConnector>[0] {
  return {
    baseUrl: p.yahooBaseUrl,
    authBaseUrl: p.yahooAuthBaseUrl,
    clientId: p.yahooClientId,
    clientSecret: p.yahooClientSecret,
    redirectUri: p.yahooRedirectUri,
    requestsPerMinute: p.yahooRequestsPerMinute,
    accountRequestsPerMinute: p.yahooAccountRequestsPerMinute,
    throttleBackoffMs: p.yahooThrottleBackoffMinutes * 60_000,
  };
}
