// The demo's league data beside its rosters: teams' details, matchups, transactions, drafts and
// future picks, checked for agreeing with each other and with the rosters the league has.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DRAFT_TYPES, MATCHUP_KINDS, TRANSACTION_TYPES } from '../../../src/domain/league-data.ts';
import type {
  LeagueActivity,
  MatchupRecord,
  TransactionRecord,
} from '../../../src/domain/league-data.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import {
  DEFAULT_DEMO_SEED,
  DEMO_EXTERNAL_USER_ID,
  generateDemoData,
} from '../../../src/platforms/demo/index.ts';

const data = generateDemoData(DEFAULT_DEMO_SEED);
/** The leagues whose season is under way on the demo's date (30 November 2021). */
const UNDER_WAY = new Set(['fb-2021-1', 'fb-2021-2', 'nba-2021-1']);
const LAST_PERIOD: Record<string, number> = { football: 17, baseball: 20, basketball: 19 };

function activityOf(league: LeagueSnapshot): LeagueActivity {
  assert.ok(league.activity, league.platformLeagueKey);
  return league.activity;
}

function poolIds(league: LeagueSnapshot): Set<string> {
  const pool = data.pools.find((p) => p.sport === league.sport);
  assert.ok(pool);
  return new Set(pool.players.map((p) => p.playerId));
}

function finalRegular(league: LeagueSnapshot): MatchupRecord[] {
  return activityOf(league).matchups.filter((m) => m.kind === 'regular' && m.status === 'final');
}

/** Oldest first, as they happened. */
function chronological(transactions: readonly TransactionRecord[]): TransactionRecord[] {
  return [...transactions].sort(
    (a, b) =>
      a.occurredAt.localeCompare(b.occurredAt) || Number(a.transactionId) - Number(b.transactionId),
  );
}

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

describe('demo league data: transactions and drafts', () => {
  it('ends, replayed from the draft, at exactly the rosters the league has', () => {
    for (const league of data.leagues) {
      const key = league.platformLeagueKey;
      const { drafts, transactions } = activityOf(league);
      const teamOf = new Map<string, string>();
      for (const pick of drafts[0]?.picks ?? []) {
        assert.ok(pick.playerId && !teamOf.has(pick.playerId), `${key} drafted once`);
        teamOf.set(pick.playerId, pick.rosterId);
      }
      const atEnd = new Map<string, string>();
      for (const t of chronological(transactions)) {
        const where = `${key} ${t.transactionId}`;
        for (const move of t.playerMoves) {
          const holder = teamOf.get(move.playerId);
          // Every move starts where the player is: on the team it leaves, or (a pickup) on none.
          assert.equal(holder, move.fromRosterId, where);
        }
        if (t.status !== 'complete') continue;
        for (const move of t.playerMoves) teamOf.delete(move.playerId);
        for (const move of t.playerMoves) {
          if (move.toRosterId !== undefined) teamOf.set(move.playerId, move.toRosterId);
        }
      }
      for (const [player, team] of teamOf) atEnd.set(player, team);
      assert.deepEqual(
        atEnd,
        new Map(league.rosterEntries.map((e) => [e.playerId, e.rosterId])),
        key,
      );
    }
  });

  it('has every kind of move in every league, with ids, times and periods that fit', () => {
    const pool = (league: LeagueSnapshot) => poolIds(league);
    for (const league of data.leagues) {
      const key = league.platformLeagueKey;
      const { transactions, currentPeriod } = activityOf(league);
      const ids = new Set(pool(league));
      const teams = new Set(league.teams.map((t) => t.rosterId));
      assert.equal(new Set(transactions.map((t) => t.transactionId)).size, transactions.length);
      for (const t of transactions) {
        assert.ok(TRANSACTION_TYPES.includes(t.type));
        assert.match(t.occurredAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        assert.ok(t.occurredAt < '2021-11-30T12:00:00Z', `${key} before the demo's today`);
        assert.ok(t.period !== undefined && t.period >= 1 && t.period <= (currentPeriod ?? 0));
        assert.ok(t.rosterIds.every((id) => teams.has(id)));
        assert.ok(t.playerMoves.length > 0 && t.playerMoves.every((m) => ids.has(m.playerId)));
      }
      const has = (what: string, test: (t: TransactionRecord) => boolean) =>
        assert.ok(transactions.some(test), `${key}: ${what}`);
      const moves = (t: TransactionRecord) => t.playerMoves.length;
      has('a pickup with a drop', (t) => t.type === 'add' && moves(t) === 2);
      has('a lone pickup', (t) => t.type === 'add' && moves(t) === 1);
      has('a release', (t) => t.type === 'drop');
      has(
        'a waiver claim with a bid',
        (t) => t.type === 'waiver' && t.status === 'complete' && t.faabBid !== undefined,
      );
      has('a commissioner move', (t) => t.type === 'commissioner');
      has('a trade with FAAB', (t) => t.type === 'trade' && (t.budgetMoves?.length ?? 0) > 0);
      // The failed claim lost the player to a higher bid of another team at the same time.
      const failed = transactions.filter((t) => t.status === 'failed');
      assert.ok(failed.length >= 1, key);
      for (const lost of failed) {
        const player = lost.playerMoves.find((m) => m.toRosterId !== undefined)?.playerId;
        const winner = transactions.find(
          (t) =>
            t.status === 'complete' &&
            t.occurredAt === lost.occurredAt &&
            t.playerMoves.some((m) => m.playerId === player && m.toRosterId !== undefined),
        );
        assert.ok(winner && (winner.faabBid ?? 0) > (lost.faabBid ?? 0), key);
        assert.notDeepEqual(winner.rosterIds, lost.rosterIds);
      }
      const pending = transactions.filter((t) => t.status === 'pending');
      assert.equal(pending.length, UNDER_WAY.has(key) ? 1 : 0, key);
      for (const trade of transactions.filter((t) => t.type === 'trade')) {
        const sides = new Set(trade.playerMoves.flatMap((m) => [m.fromRosterId, m.toRosterId]));
        assert.deepEqual([...sides].sort(), [...trade.rosterIds].sort(), `${key} both sides`);
      }
    }
  });

  it('drafts snake in most leagues, one auction within budget, and keepers in one', () => {
    const types = data.leagues.map((l) => activityOf(l).drafts[0]?.type);
    assert.ok(types.every((t) => t && DRAFT_TYPES.includes(t)));
    assert.equal(types.filter((t) => t === 'auction').length, 1);
    assert.equal(types.filter((t) => t === 'snake').length, data.leagues.length - 1);
    const keeperLeagues = data.leagues.filter((l) =>
      activityOf(l).drafts[0]?.picks.some((p) => p.keeper === true),
    );
    assert.deepEqual(
      keeperLeagues.map((l) => l.platformLeagueKey),
      ['fb-2020-1'],
    );
    for (const league of data.leagues) {
      const draft = activityOf(league).drafts[0];
      assert.ok(draft && draft.status === 'complete' && draft.startedAt);
      const firstMove =
        activityOf(league)
          .transactions.map((t) => t.occurredAt)
          .sort()[0] ?? '';
      assert.ok(draft.startedAt < firstMove, league.platformLeagueKey);
      const pool = poolIds(league);
      const n = league.teams.length;
      draft.picks.forEach((pick, i) => {
        assert.equal(pick.overall, i + 1);
        assert.equal(pick.round, Math.floor(i / n) + 1);
        assert.equal(pick.pickInRound, (i % n) + 1);
        assert.ok(pick.playerId && pool.has(pick.playerId));
      });
      assert.equal(draft.picks.length, draft.rounds! * n);
      if (draft.type === 'snake') {
        const first = draft.picks.slice(0, n).map((p) => p.rosterId);
        const second = draft.picks.slice(n, 2 * n).map((p) => p.rosterId);
        assert.deepEqual(second, [...first].reverse());
      } else {
        for (const team of league.teams) {
          const spent = draft.picks
            .filter((p) => p.rosterId === team.rosterId)
            .reduce((sum, p) => sum + (p.price ?? 0), 0);
          assert.ok(spent > 150 && spent <= 200, `${team.rosterId} spent ${spent}`);
        }
        assert.ok(draft.picks.every((p) => (p.price ?? 0) >= 1));
      }
    }
  });

  it('lists future picks in dynasty leagues only, with the traded ones held by their new team', () => {
    for (const league of data.leagues) {
      const key = league.platformLeagueKey;
      const { futurePicks, transactions } = activityOf(league);
      const dynasty = key === 'fb-2021-1' || key === 'nba-2021-1';
      if (!dynasty) {
        assert.deepEqual(futurePicks, [], key);
        continue;
      }
      assert.equal(futurePicks.length, 2 * 4 * league.teams.length);
      const owner = new Map(
        futurePicks.map((p) => [
          `${p.season}:${p.round}:${p.originalRosterId}`,
          p.originalRosterId,
        ]),
      );
      assert.equal(owner.size, futurePicks.length);
      let traded = 0;
      for (const t of chronological(transactions)) {
        if (t.status !== 'complete') continue;
        for (const move of t.pickMoves ?? []) {
          const pick = `${move.season}:${move.round}:${move.originalRosterId}`;
          assert.equal(owner.get(pick), move.fromRosterId, `${key} ${pick}`);
          owner.set(pick, move.toRosterId);
          traded++;
        }
      }
      assert.ok(traded >= 1, key);
      for (const pick of futurePicks) {
        assert.equal(
          pick.ownerRosterId,
          owner.get(`${pick.season}:${pick.round}:${pick.originalRosterId}`),
        );
      }
      assert.ok(futurePicks.some((p) => p.ownerRosterId !== p.originalRosterId));
    }
  });
});
