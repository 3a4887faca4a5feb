// GET /players/getAllRostered/{league_id}/names: every rostered player of the league, keyed by
// full_name. Two rostered players sharing a name stay two entries of one array.
import { Type } from '@sinclair/typebox';
import { comparePlayerIds } from '../../domain/names.ts';
import { compareText } from '../../domain/order.ts';
import type { Player } from '../../domain/records.ts';
import { requireProduct } from '../../serving/auth.ts';
import { defineRoute } from '../route.ts';
import { RosteredPlayersSchema, toPlayerBody } from '../../serving/schemas.ts';
import type { PlayerBody, RosteredPlayersBody } from '../../serving/schemas.ts';
import { LeagueIdParam, NoQuery, leagueOrNotFound } from '../../serving/operations/common.ts';

export const allRostered = defineRoute({
  operationId: 'getAllRosteredByName',
  path: '/players/getAllRostered/{league_id}/names',
  tag: 'roster',
  summary: "List the league's rostered players by name",
  description:
    'An object keyed by full_name, keys in ascending code-point order; each value is an array ' +
    'of the rostered players with that name, ordered by player_id. Nothing rostered gives `{}`.',
  product: 'roster',
  contractHeader: 'auth_token',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: NoQuery,
  response: RosteredPlayersSchema,
  responseDescription: 'The rostered players by name.',
  produces: ['application/json'],
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/players/getAllRostered/11/names',
  json: rosteredJson,
  async handler(context) {
    requireProduct(context.principal, 'roster');
    const { league_id } = context.params();
    const league = await leagueOrNotFound(context, league_id);
    return byFullName(await context.read.listRostered(league));
  },
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
