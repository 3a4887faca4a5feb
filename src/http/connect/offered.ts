// The platforms a session's page offers: those the session allows that the deployment can link
// now (an OAuth platform only with its application's keys, accounts.pagePlatforms; the demo only
// once its sample leagues are loaded).
import type { Platform } from '../../domain/catalog.ts';
import { hasLeaguesOf } from '../../storage/repositories/leagues.ts';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import type { ConnectContext } from './context.ts';

export async function offeredPlatforms(
  ctx: ConnectContext,
  session: ConnectSession,
): Promise<Platform[]> {
  const ready = ctx.services.accounts.pagePlatforms;
  const offered = session.platforms.filter((platform) => ready.includes(platform));
  if (offered.includes('demo') && !(await hasLeaguesOf(ctx.services.store.db, 'demo'))) {
    return offered.filter((platform) => platform !== 'demo');
  }
  return offered;
}

export async function isOffered(
  ctx: ConnectContext,
  session: ConnectSession,
  platform: Platform,
): Promise<boolean> {
  return (await offeredPlatforms(ctx, session)).includes(platform);
}
