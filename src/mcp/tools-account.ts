// The MCP tools of the `user`, `meta` and cross-platform id operations (serving/operations).
import { getMeta } from '../serving/operations/meta.ts';
import { MetaSchema } from '../serving/operations/meta.ts';
import { PlayerIdsSchema, playerIds } from '../serving/operations/player-ids.ts';
import { UserSchema, getUser } from '../serving/operations/user.ts';
import { listed } from './summaries.ts';
import { toolOf } from './tool.ts';
import type { ToolDefinition } from './tool.ts';

const leagueId = {
  description: 'The league_id from list_leagues (the service own id, not the platform one).',
};

export function accountTools(seasons: readonly number[]): readonly ToolDefinition[] {
  const user = toolOf(getUser, {
    name: 'get_user',
    title: 'The user and their linked accounts',
    description:
      'Who the user is and which fantasy platform accounts they linked (platform, user id on the ' +
      'platform, display name, linked since, whether it must be linked again, last sync).',
    output: UserSchema,
    answer(body) {
      const lines = body.accounts.map(
        (account) =>
          `${account.platform}: ${account.display_name ?? account.platform_user_id}, ` +
          `${account.leagues} leagues` +
          (account.needs_linking_again ? ', NEEDS LINKING AGAIN' : '') +
          (account.last_sync === undefined ? '' : `, last sync ${account.last_sync.outcome}`),
      );
      const summary =
        lines.length === 0
          ? `${body.name} has linked no platform account.`
          : `${body.name}'s linked accounts:\n${listed(lines, 20)}`;
      return { structured: body, summary };
    },
  });

  const meta = toolOf(getMeta(seasons), {
    name: 'get_meta',
    title: 'What the service serves and how fresh the leagues are',
    description:
      'The platforms, sports, seasons and products this service serves, the products this ' +
      "connection holds, and for each of the user's leagues when it was last synced and " +
      'whether its season is finished.',
    output: MetaSchema,
    answer(body) {
      const stale = body.leagues.filter((league) => league.last_synced_at === undefined).length;
      const summary =
        `Platforms: ${body.platforms.join(', ')}. Seasons: ${body.seasons.join(', ')}. ` +
        `Products held: ${body.token_products.join(', ')}. ${body.leagues.length} leagues` +
        (stale === 0 ? '.' : ` (${stale} never synced through this user's accounts).`);
      return { structured: body, summary };
    },
  });

  const ids = toolOf(playerIds, {
    name: 'get_player_ids',
    title: "A player's ids on other platforms",
    description:
      "Returns a player's ids on the other fantasy platforms and at data providers (Sportradar, " +
      'GSIS, RotoWire...), to find the same person in another league or data source.',
    fields: {
      league_id: leagueId,
      player_id: { description: 'The platform player id, as other answers give it (e.g. "4046").' },
    },
    output: PlayerIdsSchema,
    answer(body) {
      const lines = body.ids.map((id) => `${id.id_type}: ${id.id}`);
      const summary =
        lines.length === 0
          ? `No ids elsewhere are known for ${body.full_name} (player_id ${body.player_id}).`
          : `${body.full_name} (player_id ${body.player_id}) elsewhere:\n${listed(lines, 30)}`;
      return { structured: body, summary };
    },
  });

  return [user, meta, ids];
}
