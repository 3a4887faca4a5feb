// Every process sharing a store must encrypt with the same secret key: one with another key would
// store credentials the others cannot read, and fail to read theirs, account by account and long
// after it started. `serve` and `worker` check their key against the value the store recorded
// when first used (recording it then), and refuse to start on a mismatch.
import { timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { ConfigError } from './config.ts';
import type { Config } from './config.ts';
import { KEY_FILE_NAME, loadSecretKey, secretKeyCheckValue } from './secrets.ts';
import { nowIso } from './storage/db.ts';
import type { Store } from './storage/db.ts';
import { recordSecretKeyCheck } from './storage/repositories/secret-key-check.ts';

/** Throws a ConfigError naming FANTASY_SECRET_KEY when this key is not the store's. */
export async function checkSecretKey(
  store: Store,
  config: Pick<Config, 'secretKey' | 'dataDir'>,
): Promise<void> {
  const mine = secretKeyCheckValue(loadSecretKey(config));
  const recorded = await recordSecretKeyCheck(store.db, mine, nowIso());
  const same =
    recorded.length === mine.length && timingSafeEqual(Buffer.from(recorded), Buffer.from(mine));
  if (same) return;
  const source =
    config.secretKey === undefined
      ? `the key file ${join(config.dataDir, KEY_FILE_NAME)} (FANTASY_SECRET_KEY is not set)`
      : 'FANTASY_SECRET_KEY';
  throw new ConfigError(
    'FANTASY_SECRET_KEY',
    `the secret key from ${source} is not the key of the store at ${store.location}, which ` +
      'another instance or worker recorded when it first used the store. Every process sharing ' +
      'a store needs the same key: set FANTASY_SECRET_KEY to the key the others use (or copy ' +
      `their ${KEY_FILE_NAME}), then start again. Nothing was changed.`,
  );
}
