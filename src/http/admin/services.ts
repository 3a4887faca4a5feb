// What admin handlers are handed: the store, and the sync side's services (linking, syncs handed
// to the sync jobs) built in the composition root, so the HTTP layer never calls a platform.
import type { Config } from '../../config.ts';
import type { Store } from '../../storage/db.ts';
import type { AccountServices } from '../../sync/account-services.ts';
import type { AuthThrottle } from '../../serving/auth-throttle.ts';

export interface AdminServices {
  store: Store;
  config: Config;
  accounts: AccountServices;
  /** Where failed admin keys, connect links and form tokens are counted, per client address. */
  authThrottle: AuthThrottle;
}
