// The players a league's snapshot brings that the season's stored pool lacks: rostered ones
// (a placeholder for any MFL cannot describe) and those its transactions and drafts name.
import type { LeagueSnapshot, PlayerRecord } from '../../domain/records.ts';
import type { LeagueFetchContext } from '../connector.ts';
import { activityPlayerIds } from './activity.ts';
import { compareIds, mapPlayerList, placeholderPlayer } from './mapping.ts';
import { asList, exportError, responses, validate } from './schemas.ts';

/** Player ids per TYPE=players&PLAYERS= request (they go in the URL). */
const PLAYER_ID_CHUNK = 100;

/** One TYPE=players export of the league with the given query, as parsed JSON. */
export type PlayersReader = (query: Record<string, string>) => Promise<unknown>;

/**
 * The records to add to the snapshot: none once the season's pool has been fetched, but for a
 * league's own players. A rostered player MFL cannot describe gets a placeholder; one named only
 * in the activity is left to the pool (nothing is made up for him).
 */
export async function playersTheLeagueNeeds(
  snapshot: LeagueSnapshot,
  context: LeagueFetchContext,
  read: PlayersReader,
  season: number,
): Promise<PlayerRecord[]> {
  const rostered = snapshot.rosterEntries.map((entry) => entry.playerId);
  const onRosters = new Set(rostered);
  const named = activityPlayerIds(snapshot.activity).filter((id) => !onRosters.has(id));
  const stored = await context.storedPlayerIds([...rostered, ...named]);
  const missing = rostered.filter((id) => !stored.has(id));
  const missingNamed = named.filter((id) => !stored.has(id));
  if (missing.length === 0 && missingNamed.length === 0) return [];
  const found = await playersById(read, season, [...missing, ...missingNamed]);
  const players = [
    ...missing.map((id) => found.get(id) ?? placeholderPlayer(id)),
    ...missingNamed.flatMap((id) => found.get(id) ?? []),
  ];
  return players.sort((a, b) => compareIds(a.playerId, b.playerId));
}

/**
 * https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=players
 * TYPE=players&PLAYERS=: the given players (and the league's own custom players).
 */
async function playersById(
  read: PlayersReader,
  season: number,
  ids: readonly string[],
): Promise<Map<string, PlayerRecord>> {
  const found = new Map<string, PlayerRecord>();
  for (let start = 0; start < ids.length; start += PLAYER_ID_CHUNK) {
    const chunk = ids.slice(start, start + PLAYER_ID_CHUNK).join(',');
    const body = await read({ TYPE: 'players', PLAYERS: chunk, DETAILS: '1' });
    const refused = exportError(body);
    if (refused !== undefined) continue; // the placeholders stand in; the pool has the rest
    const list = validate(responses.players, body, `GET /${season}/export?TYPE=players`);
    for (const player of mapPlayerList(asList(list.players.player)).players) {
      found.set(player.playerId, player);
    }
  }
  return found;
}
