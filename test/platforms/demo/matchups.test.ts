// The demo's matchups and teams' details: a schedule that fits the date, and records, points
// and standings counted from its scores.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MATCHUP_KINDS } from '../../../src/domain/league-data.ts';
import { DEMO_EXTERNAL_USER_ID } from '../../../src/platforms/demo/index.ts';
import { LAST_PERIOD, UNDER_WAY, activityOf, data, finalRegular } from './demo-activity.ts';

describe('demo league data: matchups', () => {
  it('schedules every team once a period, up to today or through the playoffs', () => {
    for (const league of data.leagues) {
      const activity = activityOf(league);
      const key = league.platformLeagueKey;
      const periods = [...new Set(activity.matchups.map((m) => m.period))];
      const current = activity.currentPeriod ?? 0;
      assert.deepEqual(
        periods,
        Array.from({ length: current }, (_, i) => i + 1),
        key,
      );
      if (UNDER_WAY.has(key)) assert.ok(current < LAST_PERIOD[league.sport]!, key);
      else if (!(league.sport === 'baseball' && league.season === 2020)) {
        assert.equal(current, LAST_PERIOD[league.sport], key);
      }
      for (const period of periods) {
        const inPeriod = activity.matchups.filter((m) => m.period === period);
        const teams = inPeriod.flatMap((m) => m.sides.map((s) => s.rosterId));
        assert.equal(teams.length, league.teams.length, `${key} ${period}`);
        assert.equal(new Set(teams).size, teams.length, `${key} ${period}`);
        assert.deepEqual(
          inPeriod.map((m) => m.matchupId),
          inPeriod.map((_, i) => String(i + 1)),
        );
      }
    }
  });

  it('has playoff and consolation games after finished regular seasons, and statuses that fit the date', () => {
    for (const league of data.leagues) {
      const { matchups } = activityOf(league);
      const key = league.platformLeagueKey;
      const kinds = new Set(matchups.map((m) => m.kind));
      for (const kind of kinds) assert.ok(kind && MATCHUP_KINDS.includes(kind));
      if (UNDER_WAY.has(key)) {
        assert.deepEqual([...kinds], ['regular'], key);
        const last = matchups.filter(
          (m) => m.period === Math.max(...matchups.map((x) => x.period)),
        );
        assert.ok(
          last.every((m) => m.status !== 'final' && m.winnerRosterId === undefined),
          key,
        );
        assert.ok(matchups.filter((m) => !last.includes(m)).every((m) => m.status === 'final'));
      } else {
        assert.ok(kinds.has('playoff') && kinds.has('consolation'), key);
        assert.ok(
          matchups.every((m) => m.status === 'final'),
          key,
        );
        // The final: one playoff game in the last period.
        const lastPeriod = Math.max(...matchups.map((m) => m.period));
        const finals = matchups.filter((m) => m.period === lastPeriod && m.kind === 'playoff');
        assert.equal(finals.length, 1, key);
        assert.ok(finals[0]?.winnerRosterId, key);
      }
    }
    const statuses = new Set(
      data.leagues.flatMap((l) => activityOf(l).matchups.map((m) => m.status)),
    );
    assert.deepEqual([...statuses].sort(), ['final', 'in_progress', 'upcoming']);
  });

  it('names the winner of every final game with one score above the other, and of no other', () => {
    let ties = 0;
    for (const league of data.leagues) {
      for (const m of activityOf(league).matchups) {
        const [a, b] = m.sides;
        assert.ok(a && b);
        if (m.status === 'upcoming') {
          assert.equal(a.score, undefined);
          continue;
        }
        assert.ok(a.score !== undefined && b.score !== undefined);
        const expected =
          m.status !== 'final' || a.score === b.score
            ? undefined
            : a.score > b.score
              ? a.rosterId
              : b.rosterId;
        assert.equal(m.winnerRosterId, expected);
        if (m.status === 'final' && a.score === b.score) ties++;
      }
    }
    assert.ok(ties >= 1, 'one tied game somewhere');
  });
});

describe('demo league data: team details', () => {
  it('counts each record and points from the final regular-season games, and ranks by them', () => {
    for (const league of data.leagues) {
      const byTeam = new Map(
        league.teams.map((t) => [t.rosterId, { w: 0, l: 0, t: 0, pf: 0, pa: 0 }]),
      );
      for (const m of finalRegular(league)) {
        const [a, b] = m.sides as [
          { rosterId: string; score: number },
          { rosterId: string; score: number },
        ];
        for (const [me, them] of [
          [a, b],
          [b, a],
        ] as const) {
          const row = byTeam.get(me.rosterId);
          assert.ok(row);
          row.pf += Math.round(me.score * 100);
          row.pa += Math.round(them.score * 100);
          if (me.score > them.score) row.w++;
          else if (me.score < them.score) row.l++;
          else row.t++;
        }
      }
      for (const team of league.teams) {
        const row = byTeam.get(team.rosterId);
        assert.ok(row);
        assert.deepEqual(team.record, { wins: row.w, losses: row.l, ties: row.t });
        assert.equal(team.pointsFor, row.pf / 100);
        assert.equal(team.pointsAgainst, row.pa / 100);
      }
      const ranked = [...league.teams].sort((x, y) => (x.standing ?? 0) - (y.standing ?? 0));
      assert.deepEqual(
        ranked.map((t) => t.standing),
        league.teams.map((_, i) => i + 1),
      );
      const share = (r = { wins: 0, losses: 0, ties: 0 }) =>
        (r.wins + r.ties / 2) / (r.wins + r.losses + r.ties);
      for (let i = 1; i < ranked.length; i++) {
        const [above, below] = [ranked[i - 1], ranked[i]];
        assert.ok(above && below);
        const diff = share(above.record) - share(below.record);
        assert.ok(diff > 0 || (diff === 0 && (above.pointsFor ?? 0) >= (below.pointsFor ?? 0)));
      }
    }
  });

  it('gives abbreviations, logos, managers and, in leagues of ten or more, two named divisions', () => {
    const displayNames = new Map<string, string>();
    for (const league of data.leagues) {
      const key = league.platformLeagueKey;
      const abbreviations = league.teams.map((t) => t.abbreviation);
      assert.equal(new Set(abbreviations).size, league.teams.length, key);
      for (const team of league.teams) {
        assert.match(team.abbreviation ?? '', /^[A-Z]{2,4}\d*$/);
        assert.equal(
          team.logoUrl,
          `https://demo.fantasy-data.invalid/avatars/${key}/teams/${team.rosterId}.png`,
        );
        if (team.ownerPlatformUserId === undefined) assert.equal(team.managers, undefined);
        else assert.equal(team.managers?.[0]?.platformUserId, team.ownerPlatformUserId);
        for (const manager of team.managers ?? []) {
          assert.ok(manager.displayName);
          const known = displayNames.get(manager.platformUserId);
          if (known !== undefined) assert.equal(manager.displayName, known, 'one name per user');
          displayNames.set(manager.platformUserId, manager.displayName);
        }
      }
      const divisions = new Map<string, Set<string>>();
      for (const team of league.teams) {
        if (team.divisionId === undefined) continue;
        assert.ok(team.divisionName);
        const names = divisions.get(team.divisionId) ?? new Set();
        names.add(team.divisionName);
        divisions.set(team.divisionId, names);
      }
      if (league.teams.length >= 10) {
        assert.deepEqual([...divisions.keys()].sort(), ['1', '2'], key);
        assert.ok(
          [...divisions.values()].every((names) => names.size === 1),
          key,
        );
        const inFirst = league.teams.filter((t) => t.divisionId === '1').length;
        assert.equal(inFirst, league.teams.length / 2, key);
      } else assert.equal(divisions.size, 0, key);
    }
    assert.equal(displayNames.get(DEMO_EXTERNAL_USER_ID), 'demo');
    assert.ok(
      data.leagues.some((l) => l.teams.some((t) => (t.managers?.length ?? 0) > 1)),
      'some team has a co-manager',
    );
    assert.ok(
      data.leagues.some((l) => l.teams.some((t) => t.managers === undefined)),
      'an orphan',
    );
  });
});
