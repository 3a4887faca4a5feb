// The fake Fantrax's answers to the league data calls of the official API (getStandings,
// getMatchupScores, getDraftPicks, getDraftResults at /fxea/general/<method>), and the schedule part
// of getLeagueInfo they go with, generated for any list of teams. No recording of these methods
// exists, so every shape is made up from where it is written down:
// - the method names, parameters (`leagueId`, `period`; a query string or a JSON POST body) and
//   what each returns: Fantrax's API documentation (v1.2 to v1.8 beta, as public projects quote it);
// - getStandings as a bare list of {teamId, teamName, rank, points: "W-L-T", winPercentage,
//   gamesBack, totalPointsFor}, getMatchupScores as {period, matchups: [{away, home}]} with sides
//   {teamId, teamName, score, gamesPlayed}, getDraftResults as {draftState, draftType, draftDate,
//   startDate, draftOrder, draftPicks: [{round, pick (overall), pickInRound, teamId, time,
//   playerId (absent while unmade)}]}, getDraftPicks' `currentDraftPicks` [{round, pick (in the
//   round), teamId}], getLeagueInfo's `matchups` [{period, matchupList: [{away, home}]}] with
//   teams {id, name, shortName}, `scoringPeriods` and `playoffs`: the TypeScript client of
//   TheCiege23/allfantasy-v2-main (lib/league-import/fantrax/fantraxApi.ts, fantraxDraft.ts), which
//   measured them on live leagues, and the types of a public NHL tool's fxea client (api-types.ts);
// - getLeagueInfo's `teamInfo` entries {id, name, division}: pmurley/go-fantrax (league_info.go);
// - getDraftPicks' `futureDraftPicks` [{year, round, originalOwnerTeamId, currentOwnerTeamId}]: a
//   public dynasty project's notebook reading them (04u_fantrax_public_api.py);
// - errors: Fantrax answers HTTP 200 with {"error": {"code": "WARNING", "message": ...}} for an
//   unknown league or period (observed by the same clients).
// Byes are left out of the schedule (how Fantrax writes one is not documented); draftType's case
// is not recorded anywhere, so it is sent in capitals and the mapping reads any case.
import { whenAborted } from '../../src/platforms/abort.ts';
import { PlatformError } from '../../src/platforms/connector.ts';
import type { FantraxCall } from '../../src/platforms/fantrax/activity.ts';
import { reply } from './fake-platform.ts';
import type { FakeReply, FakeRequest, FakeRoute } from './fake-platform.ts';

export interface FantraxActivityTeam {
  id: string;
  name: string;
}

export interface FantraxActivityOptions {
  teams: readonly FantraxActivityTeam[];
  season: number;
  /** Scoring periods in the schedule (default 3); the last is the playoffs' when `playoffs`. */
  periods?: number;
  /** The period the league is in; left out, the season is over and every period is final. */
  currentPeriod?: number;
  /** Whether the current period's games have begun (default true). */
  currentBegun?: boolean;
  /** Draft rounds (default 2). */
  rounds?: number;
  /** Picks made so far (default all of them). */
  picksMade?: number;
  /** Player ids drafted in pick order (default made-up five-character ids, Fantrax's form). */
  playerIds?: readonly string[];
  /** Whether the league plays playoffs (default true). */
  playoffs?: boolean;
  /** Each team's division, in team order: then getLeagueInfo's teamInfo is part of the answers. */
  divisions?: readonly string[];
}

/** One league's answers; `leagueInfo` is meant to be merged into its getLeagueInfo body. */
export interface FantraxActivityBodies {
  leagueInfo: {
    matchups: unknown[];
    scoringPeriods: unknown[];
    playoffs: unknown;
    draftType: string;
    teamInfo?: Record<string, { id: string; name: string; division: string }>;
  };
  standings: unknown[];
  /** The period getMatchupScores answers when asked for none. */
  currentPeriod: number;
  matchupScores: Map<number, unknown>;
  draftResults: unknown;
  draftPicks: unknown;
}

const DAY_MS = 86_400_000;

/** A made-up team's full score in a period: deterministic, and quarter points to show decimals. */
export function fullScore(teamIndex: number, period: number): number {
  return (
    80 +
    ((teamIndex * 7) % 4) * 6 +
    ((teamIndex * 23 + period * 13) % 21) +
    ((teamIndex + period) % 4) * 0.25
  );
}

/** Round-robin pairings by the circle method: [away, home] team indexes per period. */
function pairings(teams: number, periods: number): Array<Array<[number, number]>> {
  const slots: Array<number | null> = Array.from({ length: teams }, (_, i) => i);
  if (teams % 2 === 1) slots.push(null);
  const m = slots.length;
  const rounds: Array<Array<[number, number]>> = [];
  for (let r = 0; r < periods; r++) {
    const rest = slots.slice(1);
    const turned = [slots[0] ?? null, ...rest.map((_, k) => rest[(k + r) % rest.length] ?? null)];
    const pairs: Array<[number, number]> = [];
    for (let k = 0; k < m / 2; k++) {
      const a = turned[k];
      const b = turned[m - 1 - k];
      if (a !== null && a !== undefined && b !== null && b !== undefined) pairs.push([a, b]);
    }
    rounds.push(pairs);
  }
  return rounds;
}

/** Fantrax's way of writing a time: `2026-09-08T00:00:00.0+0000`. */
function fantraxTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}.0+0000`;
}

export function syntheticFantraxActivity(options: FantraxActivityOptions): FantraxActivityBodies {
  const { teams, season } = options;
  const periods = options.periods ?? 3;
  const seasonOver = options.currentPeriod === undefined;
  const current = options.currentPeriod ?? periods;
  const begun = options.currentBegun ?? true;
  const rounds = options.rounds ?? 2;
  const withPlayoffs = (options.playoffs ?? true) && periods >= 2;
  const schedule = pairings(teams.length, periods);
  const ref = (i: number) => ({
    id: teams[i]!.id,
    name: teams[i]!.name,
    shortName: teams[i]!.name.slice(0, 4),
  });
  const seasonStart = Date.UTC(season, 8, 8);

  // What a side has in a period: the full score once final, half of it part way, 0 before.
  const sideIn = (i: number, period: number) => {
    const final = seasonOver || period < current;
    const live = !final && period === current && begun;
    const score = final ? fullScore(i, period) : live ? fullScore(i, period) / 2 : 0;
    return {
      teamId: teams[i]!.id,
      teamName: teams[i]!.name,
      score,
      gamesPlayed: final ? 9 : live ? 4 : 0,
    };
  };
  const matchupScores = new Map<number, unknown>();
  schedule.forEach((pairs, p) => {
    const period = p + 1;
    matchupScores.set(period, {
      period,
      matchups: pairs.map(([away, home]) => ({
        away: sideIn(away, period),
        home: sideIn(home, period),
      })),
    });
  });

  // Standings from the final periods: wins, then points for.
  const table = teams.map((_, i) => ({ i, w: 0, l: 0, t: 0, pf: 0 }));
  schedule.forEach((pairs, p) => {
    const period = p + 1;
    if (!(seasonOver || period < current)) return;
    for (const [a, b] of pairs) {
      const sa = fullScore(a, period);
      const sb = fullScore(b, period);
      table[a]!.pf += sa;
      table[b]!.pf += sb;
      const [first, second] = [table[a]!, table[b]!];
      if (sa === sb) {
        first.t++;
        second.t++;
      } else {
        const [winner, loser] = sa > sb ? [first, second] : [second, first];
        winner.w++;
        loser.l++;
      }
    }
  });
  const ranked = [...table].sort((x, y) => y.w - x.w || y.pf - x.pf);
  const leader = ranked[0]!;
  const standings = ranked.map((row, index) => {
    const games = row.w + row.l + row.t;
    return {
      teamId: teams[row.i]!.id,
      teamName: teams[row.i]!.name,
      rank: index + 1,
      points: `${row.w}-${row.l}-${row.t}`,
      winPercentage: games === 0 ? 0 : Math.round(((row.w + row.t / 2) / games) * 1000) / 1000,
      gamesBack: (leader.w - row.w + (row.l - leader.l)) / 2,
      totalPointsFor: Math.round(row.pf * 100) / 100,
    };
  });

  // A snake draft in team order; round 2's slot of the first team is held by the second (traded).
  const n = teams.length;
  const total = n * rounds;
  const made = Math.min(options.picksMade ?? total, total);
  const draftStart = Date.UTC(season, 8, 1, 23);
  const slots = Array.from({ length: total }, (_, k) => {
    const overall = k + 1;
    const round = Math.floor(k / n) + 1;
    const pickInRound = (k % n) + 1;
    let owner = round % 2 === 1 ? pickInRound - 1 : n - pickInRound;
    if (round === 2 && owner === 0 && n >= 2) owner = 1;
    const playerId = options.playerIds?.[k] ?? `0a${overall.toString(36).padStart(3, '0')}`;
    return {
      round,
      pick: overall,
      pickInRound,
      teamId: teams[owner]!.id,
      time: overall <= made ? draftStart + overall * 90_000 : 0,
      ...(overall <= made ? { playerId } : {}),
    };
  });
  const draftResults = {
    ...(made === total ? { draftState: 'completed' } : {}),
    draftType: 'SNAKE',
    draftDate: fantraxTime(draftStart),
    startDate: fantraxTime(draftStart),
    draftOrder: teams.map((t) => t.id),
    draftPicks: slots,
  };
  const futureDraftPicks = [season + 1, season + 2].flatMap((year) =>
    Array.from({ length: rounds }, (_, r) =>
      teams.map((t, i) => ({
        year,
        round: r + 1,
        originalOwnerTeamId: t.id,
        // One traded pick: next season's first round of the third team, held by the fourth.
        currentOwnerTeamId:
          year === season + 1 && r === 0 && i === 2 && n >= 4 ? teams[3]!.id : t.id,
      })),
    ).flat(),
  );
  const draftPicks = {
    currentDraftPicks: slots
      .filter((s) => s.playerId === undefined)
      .map((s) => ({ round: s.round, pick: s.pickInRound, teamId: s.teamId })),
    futureDraftPicks,
  };

  return {
    leagueInfo: {
      matchups: schedule.map((pairs, p) => ({
        period: p + 1,
        matchupList: pairs.map(([away, home]) => ({ away: ref(away), home: ref(home) })),
      })),
      scoringPeriods: schedule.map((_, p) => ({
        number: p + 1,
        startDate: fantraxTime(seasonStart + p * 7 * DAY_MS),
        endDate: fantraxTime(seasonStart + (p * 7 + 6) * DAY_MS),
      })),
      playoffs: withPlayoffs
        ? {
            used: true,
            lastRegularSeasonPeriod: periods - 1,
            firstPlayoffPeriod: periods,
            numPlayoffTeams: Math.min(4, n),
            mergePlayoffPeriods: false,
          }
        : { used: false },
      draftType: 'SNAKE',
      ...(options.divisions && {
        teamInfo: Object.fromEntries(
          teams.map((t, i) => [t.id, { id: t.id, name: t.name, division: options.divisions![i]! }]),
        ),
      }),
    },
    standings,
    currentPeriod: current,
    matchupScores,
    draftResults,
    draftPicks,
  };
}

/** Fantrax's error body, sent with HTTP 200. */
export function fantraxError(message: string): FakeReply {
  return reply.json({ error: { onScreen: false, code: 'WARNING', message } });
}

/** A parameter as the official API takes it: from the query string, or from a JSON POST body. */
export function fantraxParam(request: FakeRequest, name: string): string | undefined {
  const inQuery = request.query.get(name);
  if (inQuery !== null) return inQuery;
  if (request.body.trim() === '') return undefined;
  try {
    const body = JSON.parse(request.body) as Record<string, unknown>;
    const value = body[name];
    return value === undefined || value === null ? undefined : String(value);
  } catch {
    return undefined;
  }
}

/**
 * Routes for the league data calls, by path. `leagues` holds each league's answers by its id; a
 * league it lacks is refused the way Fantrax refuses an unknown one.
 */
export function fantraxActivityRoutes(
  leagues: ReadonlyMap<string, FantraxActivityBodies>,
  /** Where the methods are served: Fantrax's own path by default; '' for a fake serving at its root. */
  prefix = '/fxea/general',
): Record<string, FakeRoute> {
  const withLeague =
    (answer: (league: FantraxActivityBodies, request: FakeRequest) => FakeReply) =>
    (request: FakeRequest): FakeReply => {
      const id = fantraxParam(request, 'leagueId');
      if (id === undefined) return fantraxError("Missing 'leagueId' parameter");
      const league = leagues.get(id);
      if (league === undefined) {
        return fantraxError(`Invalid 'leagueId' parameter - league ID: ${id} not found`);
      }
      return answer(league, request);
    };
  return {
    [`${prefix}/getStandings`]: withLeague((league) => reply.json(league.standings)),
    [`${prefix}/getMatchupScores`]: withLeague((league, request) => {
      const asked = fantraxParam(request, 'period');
      const period = asked === undefined ? league.currentPeriod : Number(asked);
      const body = league.matchupScores.get(period);
      if (body === undefined) {
        return fantraxError(`Invalid 'period' parameter - period ${asked ?? ''} not found`);
      }
      return reply.json(body);
    }),
    [`${prefix}/getDraftResults`]: withLeague((league) => reply.json(league.draftResults)),
    [`${prefix}/getDraftPicks`]: withLeague((league) => reply.json(league.draftPicks)),
  };
}

/**
 * A minimal FantraxCall for tests, doing what the connector's client does with the official API:
 * the parameters in the query string of a GET, or as a JSON POST body; a 4xx is Fantrax's refusal;
 * a 5xx, 429, network failure or timeout fails with PlatformError; a body that is not JSON too. The
 * `error` body Fantrax sends with a 200 is handed on as a body: the league data reads it as a
 * refusal itself.
 */
export function fantraxTestCall(
  /** The API's root, as the connector's baseUrl: `${fake.url}/fxea/general`. */
  baseUrl: string,
  options: { post?: boolean; timeoutMs?: number } = {},
): FantraxCall {
  return async (method, params, signal) => {
    const controller = new AbortController();
    const timeoutMs = options.timeoutMs ?? 2_000;
    // The reason names why the call stopped: the sync's own, or the timeout.
    const stop = signal ? whenAborted(signal, () => controller.abort(signal.reason)) : () => {};
    const stopTimeout = whenAborted(AbortSignal.timeout(timeoutMs), () =>
      controller.abort(new Error(`no answer within ${timeoutMs} ms`)),
    );
    const url = new URL(`${baseUrl.replace(/\/+$/, '')}/${method}`);
    let response: Response;
    try {
      if (options.post) {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(params),
          signal: controller.signal,
        });
      } else {
        for (const [name, value] of Object.entries(params))
          url.searchParams.set(name, String(value));
        response = await fetch(url, { signal: controller.signal });
      }
      const text = await response.text();
      if (response.status === 429 || response.status >= 500) {
        throw new PlatformError('fantrax', `${method} answered HTTP ${response.status}`);
      }
      if (response.status >= 400) return { refused: `HTTP ${response.status}` };
      try {
        return { body: JSON.parse(text) as unknown };
      } catch {
        const message = `${method} answered a body that is not JSON`;
        throw new PlatformError('fantrax', message, 'invalid_response');
      }
    } catch (error) {
      if (error instanceof PlatformError) throw error;
      throw new PlatformError('fantrax', `${method} failed: ${(error as Error).message}`);
    } finally {
      stop();
      stopTimeout();
    }
  };
}
