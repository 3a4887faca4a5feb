// The service's ids of leagues already stored, by platform key and season. The sync engine needs
// them for leagues whose fetch failed: their earlier snapshot must stay attached to the user, and
// the failure is recorded against the id.
import type { Platform } from '../../domain/catalog.ts';
import type { Tx } from '../db.ts';

export function leagueKey(platformLeagueKey: string, season: number): string {
  return `${platformLeagueKey}@${season}`;
}

export async function findKnownLeagueIds(
  db: Tx,
  platform: Platform,
  refs: readonly { platformLeagueKey: string; season: number }[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const keys = [...new Set(refs.map((ref) => ref.platformLeagueKey))];
  // Chunked so a large account never exceeds a backend's bound-parameter limit.
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await db
      .selectFrom('leagues')
      .select(['id', 'platform_league_key', 'season'])
      .where('platform', '=', platform)
      .where('platform_league_key', 'in', keys.slice(start, start + 500))
      .execute();
    for (const row of rows) {
      found.set(leagueKey(row.platform_league_key, Number(row.season)), Number(row.id));
    }
  }
  return found;
}
