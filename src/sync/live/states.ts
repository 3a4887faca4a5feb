// What the live scheduler asks a platform before planning: whether a sport's season is live and
// which period (a connector's livePeriod), through one of the league's linked accounts. Asked for
// every (platform, sport, season) at once and waited on for at most STATE_WAIT_MS: a state call
// waits on its platform's budget, and one platform's spent budget must not hold the others'
// refreshes.
import type { LiveState } from '../../platforms/live.ts';
import type { Logger } from '../../logger.ts';
import type { SecretBox } from '../../secrets.ts';
import type { Store } from '../../storage/db.ts';
import { findAccount } from '../../storage/repositories/accounts.ts';
import type { LiveCandidate } from '../../storage/repositories/live.ts';
import { toPlatformAccount } from '../engine.ts';
import { describeError } from '../errors.ts';
import type { ConnectorRegistry } from '../types.ts';

/** How long a plan waits for a platform's state before going on with its last one. */
const STATE_WAIT_MS = 2_000;

export interface LiveStatesOptions {
  store: Store;
  connectors: ConnectorRegistry;
  signal: AbortSignal;
  secrets?: SecretBox;
  logger?: Logger;
}

export function createLiveStates(options: LiveStatesOptions) {
  const { store, connectors, logger } = options;
  /** Each (platform, sport, season)'s last answered state, and the reads of them under way. */
  const knownStates = new Map<string, LiveState | undefined>();
  const asking = new Map<string, Promise<void>>();

  /** The account a league is read through, credentials opened; undefined: unlinked meanwhile. */
  async function accountFor(league: LiveCandidate) {
    const account = await findAccount(store.db, league.accountId);
    if (account === undefined) return undefined;
    return toPlatformAccount(store, account, {
      ...(options.secrets && { secrets: options.secrets }),
    });
  }

  /** The platform's word on a sport's season, or undefined to go by the schedule. */
  async function platformState(league: LiveCandidate): Promise<LiveState | undefined> {
    const ask = connectors[league.platform]?.live?.livePeriod;
    if (ask === undefined) return undefined;
    try {
      const account = await accountFor(league);
      if (account === undefined) return undefined;
      return await ask(league.sport, league.season, account, options.signal);
    } catch (error) {
      logger?.warn(
        { platform: league.platform, sport: league.sport, err: describeError(error) },
        'live state not read; going by the schedule',
      );
      return undefined;
    }
  }

  /**
   * The states of these (platform, sport, season)s, each asked through the league given for it.
   * A state not answered within STATE_WAIT_MS is its last answer meanwhile (none yet: the
   * schedule decides), its call left to finish for the next plan.
   */
  async function statesOf(
    keys: ReadonlyMap<string, LiveCandidate>,
  ): Promise<Map<string, LiveState | undefined>> {
    await Promise.all(
      [...keys].map(async ([key, league]) => {
        let pending = asking.get(key);
        if (pending === undefined) {
          pending = platformState(league)
            .then((state) => void knownStates.set(key, state))
            .finally(() => asking.delete(key));
          asking.set(key, pending);
        }
        let timer: NodeJS.Timeout | undefined;
        const waited = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, STATE_WAIT_MS);
          timer.unref();
        });
        await Promise.race([pending, waited]);
        clearTimeout(timer);
      }),
    );
    return new Map([...keys.keys()].map((key) => [key, knownStates.get(key)]));
  }

  return { accountFor, statesOf };
}
