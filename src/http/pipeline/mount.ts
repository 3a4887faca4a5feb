// What app.ts mounts per path prefix: a surface (the public API, the admin API, the connect page)
// that serves an exchange through its own named steps and answers a failure in its own way (a
// JSON problem, or a page). The steps the surfaces share are beside this file.
import type { HttpProblem } from '../../serving/problems.ts';
import type { Exchange } from '../wire/exchange.ts';

export interface Mount {
  /** The paths it serves start with this; '/' takes whatever no other mount took. */
  readonly prefix: string;
  /** Answers, or returns a promise when a step had to wait; throws (or rejects) on a failure. */
  serve(ex: Exchange, rawQuery: string | undefined): void | Promise<void>;
  /** Answers a failure of this surface, which failure.ts made a problem. */
  answer(ex: Exchange, problem: HttpProblem): void;
}

/** The first mount whose prefix the path starts with; the table ends with '/'. */
export function mountFor(mounts: readonly Mount[], path: string): Mount {
  for (let i = 0; i < mounts.length - 1; i++) {
    const mount = mounts[i] as Mount;
    if (path.startsWith(mount.prefix)) return mount;
  }
  return mounts[mounts.length - 1] as Mount;
}
