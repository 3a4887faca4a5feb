// What the ESPN recorded-response and fault tests start from: a fake ESPN on 127.0.0.1 serving
// a data set (the recordings by default), a connector wired to it, and the fan's account linked
// with its cookies.
import assert from 'node:assert/strict';
import type {
  LeagueFetchContext,
  PlatformAccount,
  PlatformConnector,
} from '../../../src/platforms/connector.ts';
import { createEspnConnector } from '../../../src/platforms/espn/index.ts';
import type { EspnConnectorOptions } from '../../../src/platforms/espn/index.ts';
import { linkWith, storeHolding } from '../../helpers/connectors.ts';
import { RECORDED_ESPN_DATA } from '../../helpers/espn-data.ts';
import type { EspnDataSet } from '../../helpers/espn-data.ts';
import { ESPN_FAN } from '../../helpers/fake-espn.ts';
import type { FakeEspn } from '../../helpers/fake-espn.ts';
import { rejection } from '../../helpers/failure.ts';

/** The fan's cookies, as a credentials file holds them. */
export const FAN_COOKIES = { espn_s2: ESPN_FAN.espnS2, swid: ESPN_FAN.swid };

export interface EspnWorld {
  fake: FakeEspn;
  espn: PlatformConnector;
  /** The fan, linked with FAN_COOKIES. */
  account: PlatformAccount;
}

/** Retries back off 1 ms so that the fault tests cost no real time. */
export async function espnWorld(
  options: Partial<EspnConnectorOptions> = {},
  data: EspnDataSet = RECORDED_ESPN_DATA,
): Promise<EspnWorld> {
  const fake = await data.start();
  const espn = createEspnConnector({
    baseUrl: fake.baseUrl,
    fanBaseUrl: fake.fanBaseUrl,
    backoffBaseMs: 1,
    ...options,
  });
  const account = await linkWith(espn, { credentials: FAN_COOKIES });
  return { fake, espn, account };
}

/** The error a call fails with, an instance of `type`; no message ever shows espn_s2. */
export async function espnRejection<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const error = await rejection(promise, type);
  assert.ok(!error.message.includes(ESPN_FAN.espnS2), 'a message never shows espn_s2');
  return error;
}

/** A fetch context whose store holds no players and these periods' lineups as final. */
export function lineupsHeld(periods: Iterable<number>): LeagueFetchContext {
  const held = new Set(periods);
  return { ...storeHolding(), finalLineupPeriods: async () => held };
}

/** Football 2020 league 899513's matchup periods 1 to 14 (its whole season). */
export const WHOLE_2020_SEASON = Array.from({ length: 14 }, (_, index) => index + 1);
