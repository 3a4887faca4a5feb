// Every platform the service may call while the admin API and the connect page are fuzzed, as one
// fake on 127.0.0.1: Sleeper knows any user whose name starts with "fuzz" (in no league, so a
// sync ends at once); ESPN, MFL, Fleaflicker, Fantrax and Yahoo know no one. The service under test gets
// only these addresses, and `assertLoopbackPlatforms` refuses to start a fuzz with any other.
import type { Config } from '../src/config.ts';
import { reply, startFakePlatform } from '../test/helpers/fake-platform.ts';
import type { FakeReply, FakeRequest } from '../test/helpers/fake-platform.ts';

export interface FuzzPlatforms {
  /** The service's environment: every platform address on this fake, Yahoo's application keys. */
  env: Record<string, string>;
  /** Secrets of that environment, which no answer and no log line may show. */
  secrets: string[];
  calls(): number;
  close(): Promise<void>;
}

/** Sleeper's answers: a "fuzz..." user by name or id, and no league in any sport or season. */
function sleeper(path: string): FakeReply {
  const user = /^\/user\/(fuzz[a-z0-9]{0,20}|7\d{1,20})$/i.exec(path)?.[1];
  if (user !== undefined) {
    const id = /^7\d+$/.test(user) ? user : `7${[...user].map((c) => c.charCodeAt(0)).join('')}`;
    return reply.json({ user_id: id.slice(0, 20), username: user, display_name: user });
  }
  if (/^\/user\/7\d+\/leagues\/[a-z]+\/\d{4}$/.test(path)) return reply.json([]);
  if (/^\/players\/[a-z]+$/.test(path)) return reply.json({});
  return reply.raw('null', 404);
}

export async function startFuzzPlatforms(): Promise<FuzzPlatforms> {
  const fake = await startFakePlatform(
    {},
    {
      fallback: (request: FakeRequest) =>
        request.path.startsWith('/sleeper/')
          ? sleeper(request.path.slice('/sleeper'.length))
          : reply.status(404),
    },
  );
  const yahooSecret = 'fuzz-yahoo-client-secret-never-shown';
  return {
    env: {
      SLEEPER_BASE_URL: `${fake.url}/sleeper`,
      ESPN_BASE_URL: `${fake.url}/espn`,
      ESPN_FAN_BASE_URL: `${fake.url}/espn-fan`,
      YAHOO_BASE_URL: `${fake.url}/yahoo`,
      YAHOO_AUTH_BASE_URL: `${fake.url}/yahoo-auth`,
      YAHOO_CLIENT_ID: 'fuzz-yahoo-client',
      YAHOO_CLIENT_SECRET: yahooSecret,
      MFL_BASE_URL: `${fake.url}/mfl`,
      FLEAFLICKER_BASE_URL: `${fake.url}/fleaflicker`,
      FANTRAX_BASE_URL: `${fake.url}/fantrax`,
    },
    secrets: [yahooSecret],
    calls: () => fake.totalHits(),
    close: () => fake.close(),
  };
}

/** Throws unless every platform address of the config is on 127.0.0.1. */
export function assertLoopbackPlatforms(platforms: Config['platforms']): void {
  for (const [name, value] of Object.entries(platforms)) {
    if (typeof value !== 'string' || !/^https?:\/\//.test(value)) continue;
    if (new URL(value).hostname !== '127.0.0.1') {
      throw new Error(`the fuzz only calls platforms on 127.0.0.1; ${name} is ${value}`);
    }
  }
}
