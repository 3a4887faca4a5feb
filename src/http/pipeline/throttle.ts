// The auth-throttle step of the admin API and the connect page (the public API's token check has
// its own, synchronous for a cached token: serving/auth.ts): a secret not seen to work lately is
// refused unlooked-at once its client address is past the limit, and each refusal is counted.
import type { AuthClient, AuthSurface, AuthThrottle } from '../../serving/auth-throttle.ts';

/**
 * What `find` finds for a secret (an admin key, a connect link's token) by its hash, counting the answers
 * `isRefusal` takes for a failure against the client: past the limit, the throttle's 429.
 */
export async function throttled<T>(
  throttle: AuthThrottle,
  surface: AuthSurface,
  client: AuthClient,
  secretHash: string,
  find: () => Promise<T>,
  isRefusal: (error: unknown) => boolean,
): Promise<T> {
  if (!throttle.isKnown(surface, secretHash)) {
    const refusal = throttle.refusal(surface, client);
    if (refusal !== undefined) throw refusal;
  }
  try {
    const found = await find();
    throttle.remember(surface, secretHash);
    return found;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    throttle.forget(surface, secretHash);
    throw (await throttle.failed(surface, client)) ?? error;
  }
}
