// What the store checks of a snapshot's game (domain/game.ts) before writing it: rules, lineups,
// the current lineup, injuries and the league's seasons. Pure, like snapshot-checks.ts, which
// calls it once the teams are known good. Throws InvalidInputError naming the first problem: a
// bad game refuses the whole snapshot, and nothing of it is written.
import { InvalidInputError } from '../../domain/errors.ts';
import {
  INJURY_STATUSES,
  LINEUP_SLOTS,
  SCORING_TYPES,
  STAT_KEYS,
  WAIVER_TYPES,
} from '../../domain/game.ts';
import type {
  CurrentSlotRecord,
  InjuryRecord,
  LeagueGame,
  LeagueRules,
  LeagueSeasonRecord,
  LineupEntryRecord,
  TeamLineupRecord,
} from '../../domain/game.ts';

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isOneOf(list: readonly string[], value: unknown): boolean {
  return typeof value === 'string' && list.includes(value);
}

function fail(message: string): never {
  throw new InvalidInputError(message);
}

function checkList(what: string, value: unknown): asserts value is unknown[] {
  if (!Array.isArray(value)) fail(`${what} must be a list`);
}

/** A finite number, or absent where `optional`. */
function checkNumber(what: string, value: unknown, optional = true): void {
  if (value === undefined && optional) return;
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(`${what} must be a finite number`);
}

function checkWhole(what: string, value: unknown, from: number): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || (value as number) < from) {
    fail(`${what} must be a whole number from ${from}`);
  }
}

function checkTextList(what: string, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || !value.every(isText)) fail(`${what} must be a list of names`);
}

/** `teams`: the league's roster ids. */
export function checkLeagueGame(where: string, game: unknown, teams: ReadonlySet<string>): void {
  if (game === undefined) return;
  if (game === null || typeof game !== 'object') fail(`${where}: game must be an object`);
  const g = game as LeagueGame;
  if (g.rules !== undefined) checkRules(`${where}: rules`, g.rules);
  if (g.lineups !== undefined) checkLineups(`${where}: lineups`, g.lineups, teams);
  if (g.currentLineup !== undefined) {
    checkCurrentLineup(`${where}: current lineup`, g.currentLineup, teams);
  }
  if (g.injuries !== undefined) checkInjuries(`${where}: injuries`, g.injuries);
  if (g.history !== undefined) checkHistory(`${where}: history`, g.history);
}

function checkRules(where: string, rules: LeagueRules): void {
  if (rules.scoringType !== undefined && !isOneOf(SCORING_TYPES, rules.scoringType)) {
    fail(`${where}: unknown scoringType "${String(rules.scoringType)}"`);
  }
  checkList(`${where}: scoring`, rules.scoring);
  for (const rule of rules.scoring) {
    const what = `${where}: scoring rule "${String(rule?.statId)}"`;
    if (!isText(rule?.statId)) fail(`${where}: a scoring rule has no statId`);
    if (rule.statKey !== undefined && !isOneOf(STAT_KEYS, rule.statKey)) {
      fail(`${what}: unknown statKey "${String(rule.statKey)}"`);
    }
    checkNumber(`${what}: points`, rule.points, false);
    for (const field of ['per', 'min', 'max'] as const)
      checkNumber(`${what}: ${field}`, rule[field]);
    if (rule.bonus !== undefined && typeof rule.bonus !== 'boolean') {
      fail(`${what}: bonus must be a boolean`);
    }
    checkTextList(`${what}: positions`, rule.positions);
  }
  if (rules.categories !== undefined) {
    checkList(`${where}: categories`, rules.categories);
    for (const category of rules.categories) {
      if (!isText(category?.statId)) fail(`${where}: a category has no statId`);
      if (category.statKey !== undefined && !isOneOf(STAT_KEYS, category.statKey)) {
        fail(`${where}: category "${category.statId}": unknown statKey`);
      }
    }
  }
  checkList(`${where}: rosterSlots`, rules.rosterSlots);
  for (const slot of rules.rosterSlots) {
    if (!isOneOf(LINEUP_SLOTS, slot?.slot)) {
      fail(`${where}: unknown roster slot "${String(slot?.slot)}"`);
    }
    if (!isText(slot.platformSlot)) fail(`${where}: roster slot ${slot.slot} has no platformSlot`);
    checkWhole(`${where}: roster slot ${slot.slot}: count`, slot.count ?? -1, 0);
    checkTextList(`${where}: roster slot ${slot.slot}: eligiblePositions`, slot.eligiblePositions);
  }
  checkWhole(`${where}: playoffs.teams`, rules.playoffs?.teams, 0);
  checkWhole(`${where}: playoffs.firstPeriod`, rules.playoffs?.firstPeriod, 1);
  if (rules.waivers?.type !== undefined && !isOneOf(WAIVER_TYPES, rules.waivers.type)) {
    fail(`${where}: unknown waiver type "${String(rules.waivers.type)}"`);
  }
  checkNumber(`${where}: waivers.faabBudget`, rules.waivers?.faabBudget);
  for (const field of ['tradeDeadlinePeriod', 'firstPeriod', 'lastPeriod'] as const) {
    checkWhole(`${where}: ${field}`, rules[field], 1);
  }
  if (rules.tradeDeadlineAt !== undefined && Number.isNaN(Date.parse(rules.tradeDeadlineAt))) {
    fail(`${where}: tradeDeadlineAt must be an ISO 8601 instant`);
  }
}

function checkSlot(what: string, entry: { slot: unknown; platformSlot: unknown }): void {
  if (!isOneOf(LINEUP_SLOTS, entry.slot)) fail(`${what}: unknown slot "${String(entry.slot)}"`);
  if (!isText(entry.platformSlot)) fail(`${what}: no platformSlot`);
}

function checkLineups(where: string, lineups: unknown, teams: ReadonlySet<string>): void {
  checkList(where, lineups);
  const seen = new Set<string>();
  for (const lineup of lineups as TeamLineupRecord[]) {
    if (!Number.isInteger(lineup?.period) || lineup.period < 1) {
      fail(`${where}: a lineup's period must be a whole number from 1`);
    }
    const what = `${where}: team "${String(lineup.rosterId)}" in period ${lineup.period}`;
    if (!teams.has(lineup.rosterId)) fail(`${what}: not among the league's teams`);
    const key = `${lineup.period}\u0000${lineup.rosterId}`;
    if (seen.has(key)) fail(`${what}: listed twice`);
    seen.add(key);
    checkNumber(`${what}: points`, lineup.points);
    checkNumber(`${what}: projectedPoints`, lineup.projectedPoints);
    checkList(`${what}: entries`, lineup.entries);
    const players = new Set<string>();
    for (const entry of lineup.entries as LineupEntryRecord[]) {
      if (!isText(entry?.playerId)) fail(`${what}: an entry has no playerId`);
      const who = `${what}: player "${entry.playerId}"`;
      if (players.has(entry.playerId)) fail(`${who} is listed twice`);
      players.add(entry.playerId);
      checkSlot(who, entry);
      checkNumber(`${who}: points`, entry.points);
      checkNumber(`${who}: projectedPoints`, entry.projectedPoints);
    }
  }
}

function checkCurrentLineup(where: string, slots: unknown, teams: ReadonlySet<string>): void {
  checkList(where, slots);
  const seen = new Set<string>();
  for (const slot of slots as CurrentSlotRecord[]) {
    if (!isText(slot?.playerId)) fail(`${where}: an entry has no playerId`);
    const who = `${where}: player "${slot.playerId}" of team "${String(slot.rosterId)}"`;
    if (!teams.has(slot.rosterId)) fail(`${who}: the team is not among the league's teams`);
    const key = `${slot.rosterId}\u0000${slot.playerId}`;
    if (seen.has(key)) fail(`${who} is listed twice`);
    seen.add(key);
    checkSlot(who, slot);
  }
}

/** An injury's status, designation and note, as a league's list or a pool's player gives them. */
export function checkInjury(what: string, injury: Omit<InjuryRecord, 'playerId'>): void {
  if (!isOneOf(INJURY_STATUSES, injury?.status)) {
    fail(`${what}: unknown injury status "${String(injury?.status)}"`);
  }
  if (!isText(injury.designation)) fail(`${what}: the injury has no designation`);
  if (injury.note !== undefined && typeof injury.note !== 'string') {
    fail(`${what}: the injury's note must be a string when present`);
  }
}

function checkInjuries(where: string, injuries: unknown): void {
  checkList(where, injuries);
  const seen = new Set<string>();
  for (const injury of injuries as InjuryRecord[]) {
    if (!isText(injury?.playerId)) fail(`${where}: an injury has no playerId`);
    const who = `${where}: player "${injury.playerId}"`;
    if (seen.has(injury.playerId)) fail(`${who} is listed twice`);
    seen.add(injury.playerId);
    checkInjury(who, injury);
  }
}

function checkHistory(where: string, seasons: unknown): void {
  checkList(where, seasons);
  const seen = new Set<number>();
  for (const season of seasons as LeagueSeasonRecord[]) {
    const year = season?.season;
    if (!Number.isInteger(year) || year < 1900 || year > 2100)
      fail(`${where}: season must be a year`);
    if (seen.has(year)) fail(`${where}: season ${year} is listed twice`);
    seen.add(year);
    if (!isText(season.platformLeagueKey))
      fail(`${where}: season ${year} has no platformLeagueKey`);
  }
}
