// The MCP tools: one per operation of the HTTP API (serving/operations), derived from it by
// toolOf (input schema, product, handler); each says only how a model sees it: its name and
// words, the schema of its structured answer (the API's own records) and a short text summary
// for models and people reading the transcript.
import { Type } from '@sinclair/typebox';
import { SPORTS } from '../domain/catalog.ts';
import { publicOperations } from '../serving/operations/index.ts';
import { LeagueSchema, PlayerSchema, RosteredPlayersSchema } from '../serving/schemas.ts';
import type { PlayerBody } from '../serving/schemas.ts';
import { describeLeague, describePlayer, listed } from './summaries.ts';
import { accountTools } from './tools-account.ts';
import { gameTools } from './tools-game.ts';
import { teamTools } from './tools-teams.ts';
import { toolOf } from './tool.ts';
import { transactionTools } from './tools-transactions.ts';
import type { ToolDefinition } from './tool.ts';

export type { ToolAnswer, ToolDefinition } from './tool.ts';

/** Other players of the best tier shown by find_player_by_name (the count says how many in all). */
export const MAX_OTHER_CANDIDATES = 9;

/** What the tools' contexts ask of a name search: the best and the others shown. */
export const NAME_SEARCH_CANDIDATES = MAX_OTHER_CANDIDATES + 1;

const leagueId = {
  description: 'The league_id from list_leagues (the service own id, not the platform one).',
};

/** The tools of a service serving `seasons` (config.supportedSeasons). */
export function mcpTools(seasons: readonly number[]): readonly ToolDefinition[] {
  const operations = publicOperations(seasons);
  const listLeagues = toolOf(operations.findAllLeagues, {
    name: 'list_leagues',
    title: "List the user's leagues",
    description:
      'Lists every fantasy league of the user (all linked platforms: Sleeper, ESPN, Yahoo, ' +
      'Fleaflicker, MFL, Fantrax, demo), newest season first, then sport and name. Use it first to find a ' +
      'league_id for the other tools. Optional filters narrow by sport and by season (the year ' +
      'the season starts); leave them out to list everything.',
    fields: {
      sport: {
        schema: Type.Optional(
          Type.Array(Type.Union(SPORTS.map((sport) => Type.Literal(sport))), {
            description: 'Only these sports, e.g. ["football"]; omit for every sport.',
          }),
        ),
      },
      season: {
        description:
          `Only these seasons (start year), e.g. [${seasons[seasons.length - 1] ?? ''}]; ` +
          'omit for every season.',
      },
    },
    output: Type.Object({
      count: Type.Integer({ minimum: 0 }),
      leagues: Type.Array(LeagueSchema),
    }),
    answer(leagues) {
      const summary =
        leagues.length === 0
          ? 'No leagues match.'
          : `${leagues.length} league${leagues.length === 1 ? '' : 's'}:\n${listed(leagues.map(describeLeague), 50)}`;
      return { structured: { count: leagues.length, leagues }, summary };
    },
  });

  const getLeague = toolOf(operations.leagueSettings, {
    name: 'get_league',
    title: "One league's settings",
    description:
      "Returns one of the user's leagues by league_id: name, platform, sport, season, number of " +
      'teams, its page on the platform and avatar.',
    fields: { league_id: leagueId },
    output: LeagueSchema,
    answer: (league) => ({ structured: league, summary: describeLeague(league) }),
  });

  const getPlayer = toolOf(operations.playerById, {
    name: 'get_player',
    title: 'A player by player_id',
    description:
      "Returns a player of a league's player pool (every player of the league's sport on its " +
      'platform, rostered or not) by the platform player_id, with the fantasy team holding the ' +
      'player in that league if any. To look a player up by name use find_player_by_name.',
    fields: {
      league_id: leagueId,
      player_id: { description: 'The platform player id, as other answers give it (e.g. "4046").' },
    },
    output: PlayerSchema,
    answer: (player) => ({ structured: player, summary: describePlayer(player) }),
  });

  const findPlayerByName = toolOf(operations.playerByName, {
    name: 'find_player_by_name',
    title: 'Find a player by name',
    description:
      "Finds a player of a league's player pool by name, forgiving case, accents, punctuation, " +
      'suffixes (Jr, III), partial names ("pat mahomes") and small misspellings. Returns the best ' +
      'match, how many players matched equally well (match_count), and when names clash the ' +
      'other candidates, so you can tell the user which one you picked or ask. Ties go to a ' +
      'player rostered in this league, then an active player.',
    fields: {
      league_id: leagueId,
      player_name: {
        name: 'name',
        description: 'The name to look for, e.g. "dj moore"; it must contain a letter or digit.',
      },
    },
    output: Type.Object({
      match_count: Type.Integer({
        minimum: 1,
        description: 'Players in the best matching tier; above 1, the name is ambiguous.',
      }),
      best: PlayerSchema,
      other_candidates: Type.Array(PlayerSchema, {
        description: `The others of the best tier, best first (at most ${MAX_OTHER_CANDIDATES}).`,
      }),
    }),
    answer({ best, matchCount, others }, { player_name }) {
      const summary =
        matchCount === 1
          ? `1 player matches: ${describePlayer(best)}`
          : `${matchCount} players match "${player_name}"; best: ${describePlayer(best)}\n` +
            `Others:\n${listed(others.map(describePlayer), MAX_OTHER_CANDIDATES)}`;
      return {
        structured: { match_count: matchCount, best, other_candidates: [...others] },
        summary,
      };
    },
  });

  const searchPlayers = toolOf(operations.searchPlayers, {
    name: 'search_players',
    title: 'Every player matching a name',
    description:
      "Lists the players of a league's pool matching a name as well as the best match, best " +
      'first, with how many match; position (QB, WR, K, DEF, SP, PG...) keeps only players at it ' +
      'before matching. Use it to offer the user a choice when find_player_by_name is ambiguous.',
    fields: { league_id: leagueId },
    output: operations.searchPlayers.response,
    answer(body) {
      const summary =
        body.players.length === 0
          ? 'No player matches.'
          : `${body.match_count} players match:\n${listed(body.players.map(describePlayer), 25)}`;
      return { structured: body, summary };
    },
  });

  const listRostered = toolOf(operations.allRostered, {
    name: 'list_rostered_players',
    title: "A league's rostered players",
    description:
      'Lists every player on a fantasy team roster in the league, keyed by full name (two ' +
      'rostered players sharing a name stay two entries), each with the fantasy team ' +
      '(fantasy_team_roster_id) holding them.',
    fields: { league_id: leagueId },
    output: Type.Object({
      league_id: Type.Integer(),
      count: Type.Integer({ minimum: 0, description: 'Rostered players (not names).' }),
      players_by_name: RosteredPlayersSchema,
    }),
    answer({ league, byName }, { league_id }) {
      const players: PlayerBody[] = Object.values(byName).flat();
      const summary =
        players.length === 0
          ? `No rostered players in league ${league_id}.`
          : `${players.length} rostered players in ${league.name} (league_id ${league_id}):\n` +
            listed(players.map(describePlayer), 100);
      return {
        structured: { league_id, count: players.length, players_by_name: byName },
        summary,
      };
    },
  });

  return [
    listLeagues,
    getLeague,
    getPlayer,
    findPlayerByName,
    listRostered,
    searchPlayers,
    ...teamTools(),
    ...transactionTools(operations),
    ...gameTools(),
    ...accountTools(seasons),
  ];
}
