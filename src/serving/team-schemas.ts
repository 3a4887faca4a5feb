// The `team` product's response records (issue 29): Team, Standing and Matchup as TypeBox schemas,
// and the only mappers from the domain's records to them. A team is named by `roster_id`
// everywhere, the same value as a Player's `fantasy_team_roster_id`. Optional members are absent
// when the platform does not give them, never null.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { MATCHUP_KINDS, MATCHUP_STATUSES } from '../domain/league-data.ts';
import type { MatchupRecord, TeamManagerRecord } from '../domain/league-data.ts';
import type { FantasyTeamRecord, Player } from '../domain/records.ts';
import type { InjuryRecord } from '../domain/game.ts';
import { InjurySchema, toInjuryBody } from './game-schemas.ts';
import { PlayerSchema, literals, toPlayerBody } from './schemas.ts';

const RosterId = Type.String({
  description:
    "The platform's id of the fantasy team within the league: the same value as a Player's " +
    '`fantasy_team_roster_id`.',
});

export const ManagerSchema = Type.Object(
  {
    platform_user_id: Type.String({ description: "The platform's id of the user." }),
    display_name: Type.Optional(Type.String({ description: 'The name the platform shows.' })),
  },
  // No XML name: bodyXml writes a nested list's entries as <item>.
  { additionalProperties: false },
);

export const WinLossSchema = Type.Object(
  {
    wins: Type.Integer({ minimum: 0 }),
    losses: Type.Integer({ minimum: 0 }),
    ties: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false, description: 'Head-to-head record as the platform counts it.' },
);

const teamMembers = {
  roster_id: RosterId,
  name: Type.Optional(Type.String({ description: 'The team name as the platform shows it.' })),
  abbreviation: Type.Optional(Type.String()),
  logo_url: Type.Optional(Type.String({ format: 'uri' })),
  managers: Type.Array(ManagerSchema, {
    description:
      "The team's managers, the owner first; only the owner where the platform names no others, " +
      'empty for an orphan team.',
  }),
  record: Type.Optional(WinLossSchema),
  points_for: Type.Optional(Type.Number()),
  points_against: Type.Optional(Type.Number()),
  standing: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: "1 for the league's leader, as the platform ranks it (ties may share a rank).",
    }),
  ),
  division_id: Type.Optional(Type.String({ description: "The platform's id of the division." })),
  division_name: Type.Optional(Type.String()),
};

export const TeamSchema = Type.Object(teamMembers, {
  additionalProperties: false,
  xml: { name: 'Team' },
});
export type TeamBody = Static<typeof TeamSchema>;

export const TeamListSchema = Type.Array(TeamSchema, {
  description: 'The teams of the league, ordered by roster_id (integers by value, then text).',
  xml: { name: 'Teams', wrapped: true },
});

/** A Player record with the player's injury, where the platform lists one. */
const TeamPlayerSchema = Type.Object(
  { ...PlayerSchema.properties, injury: Type.Optional(InjurySchema) },
  { additionalProperties: false },
);

export const TeamWithPlayersSchema = Type.Object(
  {
    ...teamMembers,
    players: Type.Array(TeamPlayerSchema, {
      description:
        'The players on the team, ordered by full_name, then player_id, each with its injury ' +
        'where the platform lists one.',
    }),
  },
  { additionalProperties: false, xml: { name: 'Team' } },
);
export type TeamWithPlayersBody = Static<typeof TeamWithPlayersSchema>;

export const StandingSchema = Type.Object(
  {
    standing: teamMembers.standing,
    roster_id: RosterId,
    name: teamMembers.name,
    record: teamMembers.record,
    points_for: teamMembers.points_for,
    points_against: teamMembers.points_against,
    division_id: teamMembers.division_id,
    division_name: teamMembers.division_name,
  },
  { additionalProperties: false, xml: { name: 'Standing' } },
);
export type StandingBody = Static<typeof StandingSchema>;

export const StandingsSchema = Type.Array(StandingSchema, {
  description: 'Every team, ordered by standing (teams without one last), then roster_id.',
  xml: { name: 'Standings', wrapped: true },
});

export const MatchupSchema = Type.Object(
  {
    week: Type.Integer({
      minimum: 1,
      description: 'The week or matchup period the platform numbers its schedule by.',
    }),
    matchup_id: Type.String({
      description: "The platform's id of the matchup within its week, or its position there.",
    }),
    status: Type.Optional(literals(MATCHUP_STATUSES)),
    kind: Type.Optional(literals(MATCHUP_KINDS)),
    teams: Type.Array(
      Type.Object(
        {
          roster_id: RosterId,
          score: Type.Optional(
            Type.Number({
              description: 'Points scored (categories won, in category leagues that count them).',
            }),
          ),
        },
        { additionalProperties: false },
      ),
      { description: 'The two teams (one: a bye), home first where the platform says.' },
    ),
    winner_roster_id: Type.Optional(RosterId),
  },
  { additionalProperties: false, xml: { name: 'Matchup' } },
);
export type MatchupBody = Static<typeof MatchupSchema>;

export const MatchupListSchema = Type.Array(MatchupSchema, {
  description: 'Ordered by week, then matchup_id (integers by value, then text).',
  xml: { name: 'Matchups', wrapped: true },
});

/** Named in the OpenAPI document's components. */
export const TEAM_NAMED_SCHEMAS = [
  ['Team', TeamSchema],
  ['TeamWithPlayers', TeamWithPlayersSchema],
  ['Standing', StandingSchema],
  ['Matchup', MatchupSchema],
] as const;

/**
 * The team's managers as the platform lists them; a platform that names only an owner
 * (FantasyTeamRecord.ownerPlatformUserId) gives that one manager.
 */
function managersOf(team: FantasyTeamRecord): TeamManagerRecord[] {
  if (team.managers !== undefined) return team.managers;
  return team.ownerPlatformUserId === undefined
    ? []
    : [{ platformUserId: team.ownerPlatformUserId }];
}

export function toTeamBody(team: FantasyTeamRecord): TeamBody {
  return {
    roster_id: team.rosterId,
    name: team.name,
    abbreviation: team.abbreviation,
    logo_url: team.logoUrl,
    managers: managersOf(team).map((m) => ({
      platform_user_id: m.platformUserId,
      display_name: m.displayName,
    })),
    record: team.record && { ...team.record },
    points_for: team.pointsFor,
    points_against: team.pointsAgainst,
    standing: team.standing,
    division_id: team.divisionId,
    division_name: team.divisionName,
  };
}

export function toTeamWithPlayersBody(
  team: FantasyTeamRecord,
  players: readonly Player[],
  injuries: ReadonlyMap<string, InjuryRecord> = new Map(),
): TeamWithPlayersBody {
  return {
    ...toTeamBody(team),
    players: players.map((player) => {
      const injury = injuries.get(player.playerId);
      return { ...toPlayerBody(player), injury: injury && toInjuryBody(injury) };
    }),
  };
}

export function toStandingBody(team: FantasyTeamRecord): StandingBody {
  return {
    standing: team.standing,
    roster_id: team.rosterId,
    name: team.name,
    record: team.record && { ...team.record },
    points_for: team.pointsFor,
    points_against: team.pointsAgainst,
    division_id: team.divisionId,
    division_name: team.divisionName,
  };
}

export function toMatchupBody(matchup: MatchupRecord): MatchupBody {
  return {
    week: matchup.period,
    matchup_id: matchup.matchupId,
    status: matchup.status,
    kind: matchup.kind,
    teams: matchup.sides.map((side) => ({ roster_id: side.rosterId, score: side.score })),
    winner_roster_id: matchup.winnerRosterId,
  };
}
