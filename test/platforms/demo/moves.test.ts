// The demo's transactions, drafts and future picks: every move agrees with the rosters the
// league has, the draft with the rosters before the first move, the future picks with the trades.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DRAFT_TYPES, TRANSACTION_TYPES } from '../../../src/domain/league-data.ts';
import type { TransactionRecord } from '../../../src/domain/league-data.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import { UNDER_WAY, activityOf, chronological, data, poolIds } from './demo-activity.ts';

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
