// The response records of the API as TypeBox schemas. The same objects type the handlers'
// results, feed the OpenAPI document and check the test responses; the mappers below are the
// only place domain records become wire records.
import { FormatRegistry, Type } from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { PLATFORMS, SPORTS } from '../domain/catalog.ts';
import type { League, Player } from '../domain/records.ts';
import { PROBLEM_CODES } from './problems.ts';

export const MAX_LEAGUE_ID = Number.MAX_SAFE_INTEGER;

// TypeBox checks string formats only once they are registered.
if (!FormatRegistry.Has('uri')) FormatRegistry.Set('uri', (value) => URL.canParse(value));

export const literals = <T extends string>(values: readonly T[], options: object = {}) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  );

export const SportSchema = literals(SPORTS, { description: 'The sport the league plays.' });

export const LeagueSchema = Type.Object(
  {
    league_id: Type.Integer({
      format: 'int64',
      minimum: 1,
      maximum: MAX_LEAGUE_ID,
      description:
        "The service's own id of the league: stable across re-syncs, never above 2^53-1.",
    }),
    name: Type.String({ description: 'The league name as the platform shows it.' }),
    platform: literals(PLATFORMS, { description: 'The fantasy platform the league lives on.' }),
    num_teams: Type.Optional(Type.Integer({ format: 'int64', minimum: 0 })),
    sport: Type.Optional(SportSchema),
    league_url: Type.Optional(
      Type.String({ format: 'uri', description: "The league's page on its platform." }),
    ),
    season: Type.Optional(
      Type.Integer({ format: 'int64', description: 'The year the season starts.' }),
    ),
    league_avatar: Type.Optional(Type.String({ format: 'uri' })),
  },
  { additionalProperties: false, xml: { name: 'League' } },
);
export type LeagueBody = Static<typeof LeagueSchema>;

export const LeagueListSchema = Type.Array(LeagueSchema, {
  xml: { name: 'Leagues', wrapped: true },
});

export const PlayerSchema = Type.Object(
  {
    player_id: Type.String({ description: "The platform's own player id." }),
    position: Type.Optional(Type.String({ description: 'Primary position, e.g. QB, SS, PG.' })),
    sport: Type.String(),
    first_name: Type.Optional(Type.String()),
    last_name: Type.Optional(Type.String()),
    full_name: Type.String(),
    irl_team: Type.Optional(
      Type.String({ description: 'Real-life team abbreviation, upper case.' }),
    ),
    fantasy_team_roster_id: Type.Optional(
      Type.String({ description: 'The fantasy team in this league holding the player.' }),
    ),
    uniform_number: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type PlayerBody = Static<typeof PlayerSchema>;

export const RosteredPlayersSchema = Type.Record(Type.String(), Type.Array(PlayerSchema), {
  description:
    'Every rostered player of the league keyed by full_name, keys sorted; each value lists the ' +
    'players with that name (usually one), ordered by player_id.',
});
export type RosteredPlayersBody = Static<typeof RosteredPlayersSchema>;

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'URI reference of the problem type (a /docs anchor).' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: literals(PROBLEM_CODES, { description: 'The problem type as a short code.' }),
    request_id: Type.String({ description: 'Also in the X-Request-Id header and the log line.' }),
    invalid_params: Type.Optional(
      Type.Array(
        Type.Object({
          name: Type.String(),
          in: literals(['path', 'query', 'header', 'body']),
          reason: Type.String(),
        }),
      ),
    ),
    required_product: Type.Optional(Type.String()),
    required_scope: Type.Optional(Type.String()),
  },
  { description: 'RFC 9457 problem details.' },
);

export const HealthSchema = Type.Object({ status: Type.Literal('ok') });

/** Named schemas: the OpenAPI document lists these under components and refers to them by name. */
export const NAMED_SCHEMAS: ReadonlyArray<readonly [string, TSchema]> = [
  ['League', LeagueSchema],
  ['Player', PlayerSchema],
  ['RosteredPlayers', RosteredPlayersSchema],
  ['Problem', ProblemSchema],
];

export function toLeagueBody(league: League): LeagueBody {
  // Undefined members are dropped by JSON.stringify and by the XML writer: absent, never null.
  return {
    league_id: league.leagueId,
    name: league.name,
    platform: league.platform,
    num_teams: league.numTeams ?? undefined,
    sport: league.sport,
    league_url: league.leagueUrl ?? undefined,
    season: league.season,
    league_avatar: league.leagueAvatar ?? undefined,
  };
}

export function toPlayerBody(player: Player): PlayerBody {
  return {
    player_id: player.playerId,
    position: player.position ?? undefined,
    sport: player.sport,
    first_name: player.firstName ?? undefined,
    last_name: player.lastName ?? undefined,
    full_name: player.fullName,
    irl_team: player.irlTeam ?? undefined,
    fantasy_team_roster_id: player.fantasyTeamRosterId ?? undefined,
    uniform_number: player.uniformNumber ?? undefined,
  };
}
