// The MCP tools: one per question the HTTP API answers, each with the product its endpoint needs,
// an input schema a model can fill in, the schema of its structured answer (the API's own
// records), and a short text summary for models and people reading the transcript.
import { Type } from '@sinclair/typebox';
import type { Static, TObject } from '@sinclair/typebox';
import { SPORTS } from '../domain/catalog.ts';
import type { Product } from '../domain/catalog.ts';
import { MAX_PLAYER_NAME_LENGTH, normalizeName } from '../domain/names.ts';
import type { League } from '../domain/records.ts';
import type { Principal } from '../serving/auth.ts';
import { HttpProblem, invalidParameter, quoteValue } from '../serving/problems.ts';
import type { ReadModel } from '../serving/read-model.ts';
import { byFullName } from '../http/routes/all-rostered.ts';
import { MAX_PLAYER_ID_LENGTH } from '../http/routes/player-by-id.ts';
import {
  LeagueSchema,
  MAX_LEAGUE_ID,
  PlayerSchema,
  RosteredPlayersSchema,
} from '../serving/schemas.ts';
import { toLeagueBody, toPlayerBody } from '../serving/schemas.ts';
import type { PlayerBody } from '../serving/schemas.ts';
import { describeLeague, describePlayer, listed } from './summaries.ts';

/** Other players of the best tier shown by find_player_by_name (the count says how many in all). */
export const MAX_OTHER_CANDIDATES = 9;

export interface ToolContext {
  principal: Principal;
  read: ReadModel;
}

export interface ToolAnswer<O> {
  structured: O;
  summary: string;
}

export interface ToolDefinition<I extends TObject = TObject, O extends TObject = TObject> {
  name: string;
  title: string;
  description: string;
  /** The product a token needs for this tool: the same as the matching HTTP endpoint's. */
  product: Product;
  input: I;
  output: O;
  run(context: ToolContext, input: Static<I>): Promise<ToolAnswer<Static<O>>>;
}

const leagueIdInput = Type.Integer({
  minimum: 1,
  maximum: MAX_LEAGUE_ID,
  description: 'The league_id from list_leagues (the service own id, not the platform one).',
});

function define<I extends TObject, O extends TObject>(tool: ToolDefinition<I, O>): ToolDefinition {
  return tool as unknown as ToolDefinition;
}

/** The league among the user's, or the API's own 404 (whether it exists or not). */
async function leagueOf(context: ToolContext, leagueId: number): Promise<League> {
  const league = await context.read.findLeague(context.principal.userId, leagueId);
  if (league === undefined) {
    throw new HttpProblem(
      'league_not_found',
      `no league ${leagueId} among the leagues of this token's user; list_leagues lists them`,
    );
  }
  return league;
}

/** list_leagues for a service serving `seasons` (SUPPORTED_SEASONS): its season filter takes those. */
const listLeaguesTool = (seasons: readonly number[]): ToolDefinition =>
  define({
    name: 'list_leagues',
    title: "List the user's leagues",
    description:
      'Lists every fantasy league of the user (all linked platforms: Sleeper, ESPN, Yahoo, ' +
      'Fleaflicker, MFL, demo), newest season first, then sport and name. Use it first to find a ' +
      'league_id for the other tools. Optional filters narrow by sport and by season (the year ' +
      'the season starts); leave them out to list everything.',
    product: 'league',
    input: Type.Object(
      {
        sport: Type.Optional(
          Type.Array(Type.Union(SPORTS.map((sport) => Type.Literal(sport))), {
            description: 'Only these sports, e.g. ["football"]; omit for every sport.',
          }),
        ),
        season: Type.Optional(
          Type.Array(Type.Union(seasons.map((season) => Type.Literal(season))), {
            description:
              `Only these seasons (start year), e.g. [${seasons[seasons.length - 1] ?? ''}]; ` +
              'omit for every season.',
          }),
        ),
      },
      { additionalProperties: false },
    ),
    output: Type.Object({
      count: Type.Integer({ minimum: 0 }),
      leagues: Type.Array(LeagueSchema),
    }),
    async run(context, input) {
      const leagues = await context.read.findLeagues(context.principal.userId, {
        sports: [...new Set(input.sport ?? [])],
        seasons: [...new Set(input.season ?? [])],
      });
      const bodies = leagues.map(toLeagueBody);
      const summary =
        bodies.length === 0
          ? 'No leagues match.'
          : `${bodies.length} league${bodies.length === 1 ? '' : 's'}:\n${listed(bodies.map(describeLeague), 50)}`;
      return { structured: { count: bodies.length, leagues: bodies }, summary };
    },
  });

const getLeague = define({
  name: 'get_league',
  title: "One league's settings",
  description:
    "Returns one of the user's leagues by league_id: name, platform, sport, season, number of " +
    'teams, its page on the platform and avatar.',
  product: 'league',
  input: Type.Object({ league_id: leagueIdInput }, { additionalProperties: false }),
  output: LeagueSchema,
  async run(context, input) {
    const league = toLeagueBody(await leagueOf(context, input.league_id));
    return { structured: league, summary: describeLeague(league) };
  },
});

const getPlayer = define({
  name: 'get_player',
  title: 'A player by player_id',
  description:
    "Returns a player of a league's player pool (every player of the league's sport on its " +
    'platform, rostered or not) by the platform player_id, with the fantasy team holding the ' +
    'player in that league if any. To look a player up by name use find_player_by_name.',
  product: 'player',
  input: Type.Object(
    {
      league_id: leagueIdInput,
      player_id: Type.String({
        minLength: 1,
        maxLength: MAX_PLAYER_ID_LENGTH,
        description: 'The platform player id, as other answers give it (e.g. "4046").',
      }),
    },
    { additionalProperties: false },
  ),
  output: PlayerSchema,
  async run(context, input) {
    const league = await leagueOf(context, input.league_id);
    const player = await context.read.findPlayer(league, input.player_id);
    if (player === undefined) {
      throw new HttpProblem(
        'player_not_found',
        `no player with player_id ${quoteValue(input.player_id)} in the player pool of league ${input.league_id}`,
      );
    }
    const body = toPlayerBody(player);
    return { structured: body, summary: describePlayer(body) };
  },
});

const findPlayerByName = define({
  name: 'find_player_by_name',
  title: 'Find a player by name',
  description:
    "Finds a player of a league's player pool by name, forgiving case, accents, punctuation, " +
    'suffixes (Jr, III), partial names ("pat mahomes") and small misspellings. Returns the best ' +
    'match, how many players matched equally well (match_count), and when names clash the ' +
    'other candidates, so you can tell the user which one you picked or ask. Ties go to a ' +
    'player rostered in this league, then an active player.',
  product: 'player',
  input: Type.Object(
    {
      league_id: leagueIdInput,
      name: Type.String({
        minLength: 1,
        maxLength: MAX_PLAYER_NAME_LENGTH,
        description: 'The name to look for, e.g. "dj moore"; it must contain a letter or digit.',
      }),
    },
    { additionalProperties: false },
  ),
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
  async run(context, input) {
    if (normalizeName(input.name) === '') {
      throw invalidParameter('name', 'query', 'must contain at least one letter or digit');
    }
    const league = await leagueOf(context, input.league_id);
    const found = await context.read.searchPlayers(league, input.name, MAX_OTHER_CANDIDATES + 1);
    if (found.best === undefined) {
      throw new HttpProblem(
        'player_not_found',
        `no player of league ${input.league_id} matches the name ${quoteValue(input.name)}`,
      );
    }
    const best = toPlayerBody(found.best);
    const others = (found.candidates ?? [])
      .filter((player) => player.playerId !== best.player_id)
      .map(toPlayerBody);
    const summary =
      found.matchCount === 1
        ? `1 player matches: ${describePlayer(best)}`
        : `${found.matchCount} players match "${input.name}"; best: ${describePlayer(best)}\n` +
          `Others:\n${listed(others.map(describePlayer), MAX_OTHER_CANDIDATES)}`;
    return {
      structured: { match_count: found.matchCount, best, other_candidates: others },
      summary,
    };
  },
});

const listRostered = define({
  name: 'list_rostered_players',
  title: "A league's rostered players",
  description:
    'Lists every player on a fantasy team roster in the league, keyed by full name (two ' +
    'rostered players sharing a name stay two entries), each with the fantasy team ' +
    '(fantasy_team_roster_id) holding them.',
  product: 'roster',
  input: Type.Object({ league_id: leagueIdInput }, { additionalProperties: false }),
  output: Type.Object({
    league_id: Type.Integer(),
    count: Type.Integer({ minimum: 0, description: 'Rostered players (not names).' }),
    players_by_name: RosteredPlayersSchema,
  }),
  async run(context, input) {
    const league = await leagueOf(context, input.league_id);
    const byName = byFullName(await context.read.listRostered(league));
    const players: PlayerBody[] = Object.values(byName).flat();
    const summary =
      players.length === 0
        ? `No rostered players in league ${input.league_id}.`
        : `${players.length} rostered players in ${league.name} (league_id ${input.league_id}):\n` +
          listed(players.map(describePlayer), 100);
    return {
      structured: { league_id: input.league_id, count: players.length, players_by_name: byName },
      summary,
    };
  },
});

/** The tools of a service serving `seasons` (config.supportedSeasons). */
export function mcpTools(seasons: readonly number[]): readonly ToolDefinition[] {
  return [listLeaguesTool(seasons), getLeague, getPlayer, findPlayerByName, listRostered];
}
