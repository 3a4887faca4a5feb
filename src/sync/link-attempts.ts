// How many link attempts the admin API and the connect page may make, so that no connect link
// (and no user) can spend a platform's call budget for the whole deployment, nor guess passwords
// through it: per connect session and per user, each per platform in a 15-minute window, and
// after each refusal of what the user gave (a wrong password, an unknown username) but the first,
// a wait before that user's next attempt on that platform, doubling from 1 s up to 5 minutes
// (refusals are remembered for an hour, or until a link goes through). A refused attempt
// calls nothing. The operator's `fantasy-data link` is not limited.
import type { Platform } from '../domain/catalog.ts';
import { DomainError } from '../domain/errors.ts';
import { PlatformError } from '../platforms/connector.ts';
import type { AttemptRule, AttemptStore } from './attempts.ts';
import { SyncError } from './errors.ts';

export const LINK_ATTEMPT_WINDOW_MS = 15 * 60_000;
export const LINK_BACKOFF_FIRST_MS = 1_000;
export const LINK_BACKOFF_MAX_MS = 5 * 60_000;
/** How long refusals are remembered (from the first) for the doubling of the wait. */
const REFUSALS_KEPT_MS = 60 * 60_000;

export interface LinkAttemptLimits {
  /** Attempts per connect session per platform per window; 0: no limit. */
  perSession: number;
  /** Attempts per user per platform per window (connect sessions and admin API together); 0: none. */
  perUser: number;
}

/** Who asked for a link: a connect session's page, or (without one) the admin API. */
export interface LinkCaller {
  connectSessionId?: number;
}

/** A link refused before calling the platform: too many attempts; try after retryAfterSeconds. */
export class LinkAttemptsError extends SyncError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(`Too many tries. Wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`);
    this.name = 'LinkAttemptsError';
    this.retryAfterSeconds = seconds;
  }
}

/** Whether a link failed because the platform or the service refused what the user gave. */
export function isRefusedLink(error: unknown): boolean {
  if (error instanceof PlatformError) {
    return ['credentials_rejected', 'not_found', 'forbidden'].includes(error.kind);
  }
  // InvalidInputError included: MFL's "Invalid Password" is one.
  return error instanceof DomainError;
}

export class LinkAttempts {
  constructor(
    private readonly store: AttemptStore,
    private readonly limits: LinkAttemptLimits,
  ) {}

  /** Counts one attempt, or throws LinkAttemptsError (nothing counted) when one must wait. */
  async begin(userId: number, platform: Platform, caller: LinkCaller): Promise<void> {
    const window = LINK_ATTEMPT_WINDOW_MS;
    const rules: AttemptRule[] = [
      { key: keys.held(userId, platform), limit: 1, windowMs: window, count: false },
    ];
    if (this.limits.perUser > 0) {
      rules.push({
        key: keys.user(userId, platform),
        limit: this.limits.perUser,
        windowMs: window,
      });
    }
    const session = caller.connectSessionId;
    if (session !== undefined && this.limits.perSession > 0) {
      rules.push({
        key: keys.session(session, platform),
        limit: this.limits.perSession,
        windowMs: window,
      });
    }
    const wait = await this.store.take(rules);
    if (wait > 0) throw new LinkAttemptsError(wait);
  }

  /**
   * After a refusal of what the user gave: the next attempt waits, twice as long as after the
   * refusal before. The first refusal is free: a person who mistyped corrects it at once.
   */
  async refused(userId: number, platform: Platform): Promise<void> {
    const { count } = await this.store.add(keys.failures(userId, platform), REFUSALS_KEPT_MS);
    if (count < 2) return;
    const wait = Math.min(
      LINK_BACKOFF_FIRST_MS * 2 ** Math.min(count - 2, 30),
      LINK_BACKOFF_MAX_MS,
    );
    await this.store.hold(keys.held(userId, platform), wait);
  }

  /** After a link: the refusals before it are forgiven (the window's attempts still count). */
  async linked(userId: number, platform: Platform): Promise<void> {
    await this.store.clear([keys.failures(userId, platform), keys.held(userId, platform)]);
  }
}

const keys = {
  session: (id: number, platform: Platform) => `link:session:${id}:${platform}`,
  user: (id: number, platform: Platform) => `link:user:${id}:${platform}`,
  failures: (id: number, platform: Platform) => `link:refused:${id}:${platform}`,
  held: (id: number, platform: Platform) => `link:wait:${id}:${platform}`,
};
