// Sleeper's live refreshes (issue 42): its sport state says which week is being played, and a
// league's week is one call, the week's matchups: Sleeper's scoreboard (scores, starters and
// every player's points). The league's roster positions (the lineups' slots) and who is on IR or
// the taxi squad change between games, not during them: they come from the store's last full
// sync, so a refresh's records are that sync's own. Football has a shared read besides: every
// player's stats of the week in one call, from which each league's points are worked out with its
// stored scoring_settings, so a live league costs no call of its own between its own reads.
import type { Sport } from '../../domain/catalog.ts';
import { slotGroup } from '../../domain/game.ts';
import type { CurrentSlotRecord, LeagueRules, LineupSlot } from '../../domain/game.ts';
import { PlatformError } from '../connector.ts';
import type { LeagueRef } from '../connector.ts';
import type {
  LiveConnector,
  LiveLeagueContext,
  LiveState,
  PeriodStats,
  ScoredEntry,
} from '../live.ts';
import { activityResponses } from './activity-schemas.ts';
import { mapWeekMatchups } from './activity.ts';
import type { SleeperCalls } from './fetch-activity.ts';
import { benchOnly, mapWeekLineups } from './game.ts';
import type { NonStarterSlot } from './game.ts';
import { RESERVE_SLOT, TAXI_SLOT } from './game-tables.ts';
import { SLEEPER_SPORT_CODES } from './mapping.ts';
import { validate } from './schemas.ts';

/** Sleeper's state of the sport: the week under way while its regular season or playoffs run. */
export async function sleeperLiveState(
  calls: SleeperCalls,
  sport: Sport,
  season: number,
): Promise<LiveState | undefined> {
  const code = SLEEPER_SPORT_CODES[sport];
  if (code === undefined) return undefined;
  // https://docs.sleeper.com/#get-sport-state
  const path = `/state/${code}`;
  const body = await calls.getOrNull(path);
  if (body === null) return undefined;
  const state = validate(activityResponses.state, body, `GET ${path}`);
  const week = state.leg ?? state.week;
  const playing = state.season_type === 'regular' || state.season_type === 'post';
  if (week === null || week === undefined || week < 1) return undefined;
  return { period: week, live: playing && Number(state.season) === season };
}

/** One league's week in one call: GET /league/<id>/matchups/<week>, Sleeper's scoreboard. */
export async function sleeperLivePeriod(
  calls: SleeperCalls,
  ref: LeagueRef,
  week: number,
  stored: LiveLeagueContext,
) {
  const key = encodeURIComponent(ref.platformLeagueKey);
  // https://docs.sleeper.com/#getting-matchups-in-a-league
  const path = `/league/${key}/matchups/${week}`;
  const [body, rules, current, rosterIds] = await Promise.all([
    calls.getOrNull(path),
    stored.storedRules(),
    stored.storedCurrentLineup(),
    stored.storedRosterIds(),
  ]);
  if (body === null) {
    // Sleeper answers nothing for a league it no longer has; the week's stored records stay
    // until a full sync says the league is gone.
    const message = `league ${ref.platformLeagueKey} does not exist (any more)`;
    throw new PlatformError('sleeper', message, 'not_found');
  }
  const entries = validate(activityResponses.matchups, body, `GET ${path}`);
  const playoffWeekStart = rules?.playoffs?.firstPeriod;
  const progress = {
    finished: false,
    currentWeek: week,
    ...(playoffWeekStart !== undefined && { playoffWeekStart }),
  };
  // As a full sync maps the week under way: only the rosters' teams, in roster_positions' slots,
  // non-starters where the rosters put them now (IR, taxi), here as the store holds them.
  const teams = entries.filter((entry) => rosterIds.has(String(entry.roster_id)));
  return {
    period: week,
    matchups: mapWeekMatchups(week, entries, progress),
    lineups: mapWeekLineups(week, teams, storedStarterSlots(rules), storedPlacements(current)),
  };
}

/**
 * roster_positions without the bench, from the stored rules' slots: mapRules counts them in
 * order of first appearance, and Sleeper lists a league's positions grouped (QB, RB, RB, WR...),
 * so expanding the counts gives them back in order.
 */
function storedStarterSlots(rules: LeagueRules | undefined) {
  const notStarting = new Set(['BN', RESERVE_SLOT.platformSlot, TAXI_SLOT.platformSlot]);
  return (rules?.rosterSlots ?? [])
    .filter((slot) => !notStarting.has(slot.platformSlot))
    .flatMap(({ slot, platformSlot, count }) =>
      Array.from({ length: count }, () => ({ slot, platformSlot })),
    );
}

/** Who is on IR or the taxi squad, from the stored current lineup; the rest of the bench is BN. */
function storedPlacements(current: readonly CurrentSlotRecord[]): NonStarterSlot {
  const placed = new Map<string, { slot: LineupSlot; platformSlot: string }>();
  for (const { rosterId, playerId, slot, platformSlot } of current) {
    const group = slotGroup(slot);
    if (group === 'reserve' || group === 'taxi') {
      placed.set(`${rosterId}/${playerId}`, { slot, platformSlot });
    }
  }
  return (rosterId, playerId) =>
    placed.get(`${rosterId}/${playerId}`) ?? benchOnly(rosterId, playerId);
}

/**
 * Every player's stats of a football week, for all the live leagues at once. Undefined for other
 * sports (Sleeper has no such read for them that this service knows of) and when Sleeper answers
 * nothing (null or 404: the endpoint gone): the leagues then go on with their own reads.
 */
export async function sleeperPeriodStats(
  calls: SleeperCalls,
  sport: Sport,
  season: number,
  week: number,
): Promise<PeriodStats | undefined> {
  if (sport !== 'football') return undefined;
  // Undocumented (docs.sleeper.com lists no stats call); the one Sleeper's own apps and many
  // clients read. Regular: Sleeper's fantasy weeks, its fantasy playoffs included, are the NFL's
  // regular-season weeks.
  const path = `/stats/nfl/regular/${season}/${week}`;
  const body = await calls.getOrNull(path);
  if (body === null) return undefined;
  const stats = validate(activityResponses.weekStats, body, `GET ${path}`);
  const players = new Map<string, Readonly<Record<string, number>>>();
  for (const [playerId, line] of Object.entries(stats)) {
    const numbers: Record<string, number> = {};
    for (const [key, value] of Object.entries(line)) if (value !== null) numbers[key] = value;
    players.set(playerId, numbers);
  }
  return { period: week, players };
}

/**
 * A player's points under a league's scoring_settings, as Sleeper scores them: each setting's
 * points times the player's stat of that key. The week's stats carry Sleeper's own bonus and range
 * keys (`bonus_rec_yd_100`, `pts_allow_7_13`: 1 when reached) and position premiums
 * (`bonus_rec_te`: a tight end's receptions), so no rule needs more than its key. Rounded to the
 * hundredth, as Sleeper shows points. Undefined for a league without scoring settings.
 */
export function sleeperScorePlayer(
  stats: Readonly<Record<string, number>>,
  rules: LeagueRules,
  _entry: ScoredEntry,
): number | undefined {
  if (rules.scoring.length === 0) return undefined;
  let points = 0;
  for (const rule of rules.scoring) {
    // Rules never carry `per` or ranges of their own here: mapScoringRule's min/max describe the
    // key's meaning, which the stat of that key already applied.
    const value = stats[rule.statId];
    if (value !== undefined) points += value * rule.points;
  }
  return Math.round((points + Number.EPSILON) * 100) / 100;
}

export function sleeperLive(callsFor: (signal?: AbortSignal) => SleeperCalls): LiveConnector {
  return {
    livePeriod: (sport, season, _account, signal) =>
      sleeperLiveState(callsFor(signal), sport, season),
    fetchLivePeriod: (_account, ref, week, signal, stored) =>
      sleeperLivePeriod(callsFor(signal), ref, week, stored),
    fetchPeriodStats: (sport, season, week, signal) =>
      sleeperPeriodStats(callsFor(signal), sport, season, week),
    scorePlayer: sleeperScorePlayer,
  };
}
