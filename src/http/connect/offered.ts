// The platforms a session's page offers: those the session allows that the deployment can link
// now (an OAuth platform only with its application's keys, accounts.pagePlatforms; one whose
// module needs its leagues loaded, the demo, only once they are).
import type { Platform } from '../../domain/catalog.ts';
import { httpLinkOf } from '../../platforms/registry.ts';
import { hasLeaguesOf } from '../../storage/repositories/leagues.ts';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import type { ConnectContext } from './context.ts';

export async function offeredPlatforms(
  ctx: ConnectContext,
  session: ConnectSession,
): Promise<Platform[]> {
  const ready = ctx.services.accounts.pagePlatforms;
  const offered = session.platforms.filter((platform) => ready.includes(platform));
  const loaded = await Promise.all(
    offered.map(
      async (platform) =>
        httpLinkOf(platform)?.needsLoadedLeagues === undefined ||
        (await hasLeaguesOf(ctx.services.store.db, platform)),
    ),
  );
  return offered.filter((_, index) => loaded[index]);
}

export async function isOffered(
  ctx: ConnectContext,
  session: ConnectSession,
  platform: Platform,
): Promise<boolean> {
  return (await offeredPlatforms(ctx, session)).includes(platform);
}
