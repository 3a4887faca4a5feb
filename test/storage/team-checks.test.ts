// The checks of a snapshot's `team` data (storage/repositories/team-checks.ts), through
// checkLeagueSnapshot as the write path calls it: each bad snapshot is refused naming its problem.
// Snapshots come from connectors parsing foreign payloads: `as never` builds what the types forbid.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MatchupRecord } from '../../src/domain/league-data.ts';
import { InvalidInputError } from '../../src/domain/errors.ts';
import type { FantasyTeamRecord, LeagueSnapshot } from '../../src/domain/records.ts';
import { checkLeagueSnapshot } from '../../src/storage/repositories/snapshot-checks.ts';
import { buildActivity, buildTeamLeagueSnapshot } from '../helpers/team-data.ts';

function withTeam(team: Partial<FantasyTeamRecord>): LeagueSnapshot {
  const s = buildTeamLeagueSnapshot();
  s.teams = s.teams.map((t) => (t.rosterId === '2' ? ({ ...t, ...team } as FantasyTeamRecord) : t));
  return s;
}

function withMatchup(matchup: Partial<MatchupRecord>): LeagueSnapshot {
  const base: MatchupRecord = { period: 1, matchupId: '9', sides: [{ rosterId: '1' }] };
  return buildTeamLeagueSnapshot({
    activity: buildActivity({ matchups: [...buildActivity().matchups, { ...base, ...matchup }] }),
  });
}

describe('team data checks', () => {
  it('accepts the test league, and one with no activity or details', () => {
    checkLeagueSnapshot(buildTeamLeagueSnapshot());
    checkLeagueSnapshot(buildTeamLeagueSnapshot({ activity: undefined }));
    checkLeagueSnapshot(withMatchup({ sides: [{ rosterId: '1', score: 0 }], winnerRosterId: '1' }));
  });

  const invalid: Array<[string, () => LeagueSnapshot, RegExp]> = [
    ['a non-string abbreviation', () => withTeam({ abbreviation: 5 as never }), /abbreviation/],
    ['a manager without an id', () => withTeam({ managers: [{} as never] }), /platformUserId/],
    [
      'a manager listed twice',
      () => withTeam({ managers: [{ platformUserId: '9' }, { platformUserId: '9' }] }),
      /manager "9" is listed twice/,
    ],
    [
      'a fractional win count',
      () => withTeam({ record: { wins: 1.5, losses: 0, ties: 0 } }),
      /record\.wins/,
    ],
    [
      'a record without ties',
      () => withTeam({ record: { wins: 1, losses: 0 } as never }),
      /record\.ties/,
    ],
    ['points that are not finite', () => withTeam({ pointsFor: Number.NaN }), /pointsFor/],
    ['points as text', () => withTeam({ pointsAgainst: '12' as never }), /pointsAgainst/],
    ['a standing of 0', () => withTeam({ standing: 0 }), /standing/],
    [
      'a current period of 0',
      () => buildTeamLeagueSnapshot({ activity: buildActivity({ currentPeriod: 0 }) }),
      /currentPeriod/,
    ],
    [
      'matchups that are not a list',
      () => buildTeamLeagueSnapshot({ activity: buildActivity({ matchups: {} as never }) }),
      /matchups must be a list/,
    ],
    ['a matchup in week 0', () => withMatchup({ period: 0 }), /period/],
    ['a matchup without an id', () => withMatchup({ matchupId: ' ' }), /no matchupId/],
    ['a matchup with no team', () => withMatchup({ sides: [] }), /has no teams/],
    [
      'a matchup naming a team not in teams',
      () => withMatchup({ sides: [{ rosterId: '7' }] }),
      /names team "7", which is not among the league's teams/,
    ],
    [
      'a matchup naming a team twice',
      () => withMatchup({ sides: [{ rosterId: '1' }, { rosterId: '1' }] }),
      /names team "1" twice/,
    ],
    [
      'an infinite score',
      () => withMatchup({ sides: [{ rosterId: '1', score: Number.POSITIVE_INFINITY }] }),
      /score must be a finite number/,
    ],
    ['an unknown status', () => withMatchup({ status: 'done' as never }), /unknown status "done"/],
    ['an unknown kind', () => withMatchup({ kind: 'friendly' as never }), /unknown kind/],
    [
      'a winner not among its teams',
      () => withMatchup({ winnerRosterId: '2' }),
      /the winner "2" is not one of its teams/,
    ],
    [
      'a matchup listed twice',
      () => withMatchup({ period: 1, matchupId: '1' }),
      /matchup "1" of week 1 is listed twice/,
    ],
  ];
  for (const [what, build, message] of invalid) {
    it(`refuses ${what}`, () => {
      assert.throws(
        () => checkLeagueSnapshot(build()),
        (error: unknown) => error instanceof InvalidInputError && message.test(error.message),
      );
    });
  }
});
