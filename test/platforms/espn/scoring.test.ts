// ESPN's points worked out by the service (scorePlayer, the live shared read) against ESPN's own:
// the recorded football box scores of league 899513, weeks 1 and 2 (../shared/fixtures/espn,
// read at test time, never copied), hold the league's scoring settings and every lineup entry's
// player with his raw stats of the week and the total ESPN applied. The rules are the project's
// own mapping of those settings, the entries its own lineups (slot as ESPN names it), the
// positions its own player mapping.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { LeagueRules } from '../../../src/domain/game.ts';
import { espnLive } from '../../../src/platforms/espn/live.ts';
import type { EspnApi } from '../../../src/platforms/espn/api.ts';
import { EspnStatLine, boxScoreResponse } from '../../../src/platforms/espn/game-schemas.ts';
import { mapMatchups } from '../../../src/platforms/espn/league-activity.ts';
import { mapLineups } from '../../../src/platforms/espn/lineups.ts';
import { mapPlayer } from '../../../src/platforms/espn/mapping.ts';
import { periodLine } from '../../../src/platforms/espn/period-stats.ts';
import { mapRules } from '../../../src/platforms/espn/rules.ts';
import { responses, validate } from '../../../src/platforms/espn/schemas.ts';
import { statOf } from '../../../src/platforms/espn/stats.ts';
import type { ScoredEntry } from '../../../src/platforms/live.ts';
import { ESPN_FIXTURES_DIR, ESPN_FIXTURES_SKIP } from '../../helpers/fake-espn.ts';

// The API is never called: scorePlayer is pure.
const scorePlayer = espnLive({} as EspnApi).scorePlayer;

/** ESPN's every-N stats: [its id, the id of the stat it counts, N] (RY5, RY10, REY5, PY5, PY25). */
const UNIT_STATS: readonly (readonly [number, number, number])[] = [
  [27, 24, 5],
  [28, 24, 10],
  [47, 42, 5],
  [5, 3, 5],
  [8, 3, 25],
];

interface RecordedEntry {
  entry: ScoredEntry;
  stats: Readonly<Record<string, number>> | undefined;
  /** ESPN's applied total, as the project's lineups record it. */
  espnPoints: number | undefined;
}

const statLines = TypeCompiler.Compile(Type.Array(EspnStatLine));

interface RawEntry {
  playerId: number;
  playerPoolEntry: { player: { stats?: unknown } };
}

/** Every lineup entry of the body's box scores, as recorded. */
function rawEntries(body: unknown): RawEntry[] {
  const { schedule } = body as {
    schedule: { home?: RawSide; away?: RawSide }[];
  };
  return schedule.flatMap((matchup) =>
    [matchup.home, matchup.away].flatMap(
      (side) => side?.rosterForCurrentScoringPeriod?.entries ?? [],
    ),
  );
}

interface RawSide {
  rosterForCurrentScoringPeriod?: { entries: RawEntry[] };
}

interface RecordedWeek {
  rules: LeagueRules;
  entries: RecordedEntry[];
}

function recordedWeek(week: 1 | 2): RecordedWeek {
  const name = `ffl-2020-league-899513-week${week}-mMatchupScore-mBoxscore-mSettings-mRosterSettings.json`;
  const body: unknown = JSON.parse(readFileSync(join(ESPN_FIXTURES_DIR, name), 'utf8'));
  const league = validate(responses.league, body, 'recorded box score');
  const box = validate(boxScoreResponse, body, 'recorded box score');
  const rules = mapRules(league, 'football');
  assert.ok(rules, 'the recording carries mSettings');
  const teams = new Set((league.teams ?? []).map((team) => team.id));
  const asked = { period: week, scoringPeriod: week, span: 1 };
  const lineups = mapLineups(box, 'football', asked, mapMatchups(league, teams));
  // Each player's raw stats of the week and position, as the box score describes him.
  const described = new Map<string, { stats?: Record<string, number>; position?: string }>();
  for (const raw of rawEntries(body)) {
    const [player] = validate(responses.players, [raw.playerPoolEntry.player], 'recorded player');
    assert.ok(player);
    const lines = validate(statLines, raw.playerPoolEntry.player.stats ?? [], 'recorded stats');
    const stats = periodLine(lines, 2020, week);
    const position = mapPlayer(player, 'football', 2020).position;
    described.set(String(raw.playerId), {
      ...(stats !== undefined && { stats }),
      ...(position !== undefined && { position }),
    });
  }
  const entries = lineups.flatMap((lineup) =>
    lineup.entries.map((entry): RecordedEntry => {
      const player = described.get(entry.playerId);
      return {
        entry: {
          playerId: entry.playerId,
          platformSlot: entry.platformSlot,
          period: week,
          ...(player?.position !== undefined && { position: player.position }),
        },
        stats: player?.stats,
        espnPoints: entry.points,
      };
    }),
  );
  return { rules, entries };
}

describe(
  'ESPN scorePlayer on the recorded football box scores',
  { skip: ESPN_FIXTURES_SKIP },
  () => {
    test('every lineup entry of weeks 1 and 2 scores ESPN applied total, within 0.01', () => {
      assert.ok(scorePlayer, 'ESPN offers scorePlayer');
      let scored = 0;
      let benchedDefences = 0;
      for (const week of [1, 2] as const) {
        const { rules, entries } = recordedWeek(week);
        assert.ok(entries.length >= 200, `week ${week}: every team's lineup (${entries.length})`);
        for (const { entry, stats, espnPoints } of entries) {
          assert.ok(espnPoints !== undefined, `week ${week} ${entry.playerId}: ESPN's points`);
          const points = scorePlayer(stats ?? {}, rules, entry);
          assert.ok(points !== undefined, `week ${week} ${entry.playerId} can be scored`);
          assert.ok(
            Math.abs(points - espnPoints) <= 0.01,
            `week ${week} player ${entry.playerId} (${entry.position} in ${entry.platformSlot}): ` +
              `${points}, ESPN ${espnPoints}`,
          );
          if (stats) scored += 1;
          if (entry.position === 'DEF' && entry.platformSlot !== 'D/ST') benchedDefences += 1;
        }
      }
      assert.ok(scored >= 400, `players with a line scored: ${scored}`);
      // ESPN's D/ST items (pointsOverrides on slot 16) follow the position, not the slot: a D/ST
      // on the bench scores its D/ST points too.
      assert.ok(benchedDefences >= 10, `benched D/ST scored: ${benchedDefences}`);
    });

    test('ESPN raw stats already hold the units of its every-N and range items', () => {
      // Why scorePlayer multiplies a stat by its points and never divides by `per` or tests the
      // range: ESPN's RY5 (27) is the whole 5-yard units of RY (24), its PA ranges (89...) are 1
      // for the range holding the points allowed (PTSA, 120).
      const { entries } = recordedWeek(1);
      let units = 0;
      let ranges = 0;
      for (const { stats } of entries) {
        if (!stats) continue;
        for (const [derived, base, per] of UNIT_STATS) {
          const value: number | undefined = stats[String(base)];
          if (value === undefined || value < 0) continue;
          assert.equal(stats[String(derived)] ?? 0, Math.floor(value / per), `stat ${derived}`);
          units += 1;
        }
        const allowed = stats['120'];
        if (allowed === undefined) continue;
        const paIds = [89, 90, 91, 92, 121, 122, 123, 124, 125];
        const reached = paIds.filter((id) => stats[String(id)] === 1);
        assert.equal(reached.length, 1, 'one points-allowed range');
        const range = statOf('football', reached[0] as number);
        assert.ok(range?.min !== undefined && allowed >= range.min, `${allowed} in ${range?.name}`);
        assert.ok(range.max === undefined || allowed <= range.max, `${allowed} in ${range.name}`);
        ranges += 1;
      }
      assert.ok(units > 100 && ranges >= 10, `checked ${units} units, ${ranges} D/ST ranges`);
    });

    test('a position the entry does not give is read from a one-position slot, else undefined', () => {
      assert.ok(scorePlayer);
      const { rules, entries } = recordedWeek(1);
      const defences = entries.filter(({ entry, stats }) => entry.position === 'DEF' && stats);
      const started = defences.find(({ entry }) => entry.platformSlot === 'D/ST');
      const benched = defences.find(({ entry }) => entry.platformSlot === 'BE');
      assert.ok(started?.stats && benched?.stats, 'a started and a benched D/ST');
      const { position: _started, ...startedEntry } = started.entry;
      const { position: _benched, ...benchedEntry } = benched.entry;
      const points = scorePlayer(started.stats, rules, startedEntry);
      assert.ok(points !== undefined && started.espnPoints !== undefined);
      assert.ok(Math.abs(points - started.espnPoints) <= 0.01, 'the D/ST slot says D/ST');
      assert.equal(
        scorePlayer(benched.stats, rules, benchedEntry),
        undefined,
        'the bench says nothing',
      );
    });
  },
);

describe('ESPN scorePlayer on rules of its own', () => {
  const base: LeagueRules = { scoringType: 'head_to_head_points', scoring: [], rosterSlots: [] };
  const entry = { playerId: '1', position: 'TE', platformSlot: 'RB/WR/TE', period: 5 };

  test('an override for the position replaces the item, elsewhere the item scores', () => {
    assert.ok(scorePlayer);
    const rules: LeagueRules = {
      ...base,
      scoring: [
        { statId: '53', points: 1 },
        { statId: '53', points: 1.5, positions: ['TE'] },
        { statId: '27', points: 1, per: 5 },
      ],
    };
    const stats = { '53': 4, '27': 3, '24': 17 };
    assert.equal(scorePlayer(stats, rules, entry), 4 * 1.5 + 3);
    assert.equal(scorePlayer(stats, rules, { ...entry, position: 'WR' }), 4 + 3);
  });

  test('category and rotisserie leagues, and two overrides for one player, are not scored', () => {
    assert.ok(scorePlayer);
    const stats = { '53': 4 };
    const one = [{ statId: '53', points: 1 }];
    for (const scoringType of ['head_to_head_categories', 'rotisserie'] as const) {
      assert.equal(scorePlayer(stats, { ...base, scoringType, scoring: one }, entry), undefined);
    }
    const twice: LeagueRules = {
      ...base,
      scoring: [
        { statId: '53', points: 1.5, positions: ['TE'] },
        { statId: '53', points: 1, positions: ['RB', 'WR', 'TE'] },
      ],
    };
    assert.equal(scorePlayer(stats, twice, entry), undefined);
  });

  test('a playoff period is not scored: a round may span two weeks', () => {
    assert.ok(scorePlayer);
    const rules: LeagueRules = {
      ...base,
      scoring: [{ statId: '53', points: 1 }],
      playoffs: { firstPeriod: 14 },
    };
    assert.equal(scorePlayer({ '53': 4 }, rules, { ...entry, period: 13 }), 4);
    assert.equal(scorePlayer({ '53': 4 }, rules, { ...entry, period: 14 }), undefined);
    assert.equal(scorePlayer({}, rules, { ...entry, period: 15 }), undefined);
  });
});
