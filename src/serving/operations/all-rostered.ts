// Every rostered player of the league, keyed by full_name. Two rostered players sharing a name
// stay two entries of one array.
import { Type } from '@sinclair/typebox';
import { comparePlayerIds } from '../../domain/names.ts';
import { compareText } from '../../domain/order.ts';
import type { League, Player } from '../../domain/records.ts';
import { defineOperation } from '../operation.ts';
import { RosteredPlayersSchema, toPlayerBody } from '../schemas.ts';
import type { PlayerBody, RosteredPlayersBody } from '../schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from './common.ts';

export interface RosteredAnswer {
  league: League;
  byName: RosteredPlayersBody;
}

export const allRostered = defineOperation({
  id: 'getAllRosteredByName',
  path: '/players/getAllRostered/{league_id}/names',
  product: 'roster',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: NoQuery,
  response: RosteredPlayersSchema,
  async handle(context, { league_id }): Promise<RosteredAnswer> {
    const league = await leagueOrNotFound(context, league_id);
    return { league, byName: byFullName(await context.read.listRostered(league)) };
  },
  body: (answer) => answer.byName,
});

export function byFullName(players: readonly Player[]): RosteredPlayersBody {
  const groups = new Map<string, Player[]>();
  for (const player of players) {
    const group = groups.get(player.fullName);
    if (group === undefined) groups.set(player.fullName, [player]);
    else group.push(player);
  }
  const names = [...groups.keys()].sort(compareText);
  // fromEntries defines own properties, so a player named "__proto__" is just a key.
  return Object.fromEntries(
    names.map((name): [string, PlayerBody[]] => [
      name,
      (groups.get(name) as Player[])
        .sort((a, b) => comparePlayerIds(a.playerId, b.playerId))
        .map(toPlayerBody),
    ]),
  );
}

/**
 * The map as JSON with its keys in code-unit order. JSON.stringify would put integer-like keys
 * ("9", "10") first, in numeric order, whatever order they were inserted in.
 */
export function rosteredJson(body: RosteredPlayersBody): string {
  const names = Object.keys(body).sort(compareText);
  let text = '{';
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (i > 0) text += ',';
    text += `${JSON.stringify(name)}:${JSON.stringify(body[name])}`;
  }
  return `${text}}`;
}
