// A league's season of transactions, made to end exactly at the rosters the league already has.
// The moves are planned forward in time (who, when, which picks), then the players are chosen
// walking back from today's rosters, undoing each move: whoever a move adds is on that team at
// that moment, whoever it drops is a free agent, and what is left at the start is the roster each
// team drafted (drafts.ts). So every move agrees with the rosters, without touching them.
import type { PickMove, TransactionRecord } from '../../domain/league-data.ts';
import { DAY_MS, DEMO_TODAY, isUnderWay, periodStart, seasonEnd } from './calendar.ts';
import type { SeasonCalendar } from './calendar.ts';
import type { Rng } from './random.ts';
import { RosterWalk } from './roster-walk.ts';
import type { Planned } from './roster-walk.ts';

export interface HistoryOptions {
  calendar: SeasonCalendar;
  season: number;
  /** The league's roster ids, in order. */
  teams: readonly string[];
  /** Today's rosters. */
  rosters: ReadonlyMap<string, readonly string[]>;
  /** Draftable pool players on no roster of the league today. */
  freeAgents: readonly string[];
  positions: ReadonlyMap<string, string>;
  /** Dynasty and keeper leagues trade next seasons' draft picks. */
  tradesPicks: boolean;
}

export interface TransactionHistory {
  /** Oldest first. */
  transactions: TransactionRecord[];
  /** Each team's roster before the first transaction: the players it drafted. */
  draftRosters: Map<string, string[]>;
  /** Picks that changed hands in completed trades, oldest first. */
  pickMoves: PickMove[];
}

/** The rounds of next seasons' drafts that trades deal in (and future picks list). */
export const TRADED_PICK_ROUNDS = 4;

export function generateHistory(options: HistoryOptions, rng: Rng): TransactionHistory {
  const planned = plan(options, rng);
  assignPicks(planned, options, rng);
  const rosters = new Map([...options.rosters].map(([id, players]) => [id, [...players]]));
  const walker = new RosterWalk(rosters, options.freeAgents, options.positions, rng);
  const records: TransactionRecord[] = [];
  // Newest first: each move is undone on the rosters as they were just after it.
  for (let i = planned.length - 1; i >= 0; i--) {
    records.push(walker.undo(planned[i] as Planned, options.calendar));
  }
  records.reverse();
  let id = options.season * 10_000;
  for (const record of records) {
    id += 1 + rng.int(0, 6);
    record.transactionId = String(id);
  }
  const pickMoves = planned
    .filter((p) => p.kind === 'trade' && p.status === 'complete')
    .flatMap((p) => p.picks ?? []);
  return { transactions: records, draftRosters: rosters, pickMoves };
}

/** When each move happens and by whom, oldest first; the players are chosen later. */
function plan(options: HistoryOptions, rng: Rng): Planned[] {
  const { calendar, teams } = options;
  const from = calendar.start - 2 * DAY_MS;
  const until = seasonEnd(calendar) - DAY_MS;
  const deadline = Math.min(periodStart(calendar, Math.ceil(calendar.regularPeriods * 0.7)), until);
  const elapsed = (until - from) / (periodStart(calendar, calendar.regularPeriods + 3) - from);
  const at = (latest = until): number => from + Math.floor(rng.next() * (latest - from));
  // Waivers clear once a day, early in the morning (UTC).
  const waiverAt = (): number => Math.floor(at() / DAY_MS) * DAY_MS + 8 * 3_600_000;
  const team = (): string => rng.pick(teams);
  const other = (not: string): string => rng.pick(teams.filter((t) => t !== not));
  const events: Planned[] = [];
  const trade = (picks: boolean, budget: boolean): void => {
    const maker = team();
    const partner = other(maker);
    const event: Planned = {
      kind: 'trade',
      at: at(deadline),
      team: maker,
      other: partner,
      status: 'complete',
    };
    if (picks) event.picks = [];
    if (budget) event.budget = { amount: rng.int(2, 15), fromRosterId: partner, toRosterId: maker };
    events.push(event);
  };
  const claim = (kind: 'add' | 'waiver' | 'commissioner'): void => {
    const event: Planned = {
      kind,
      at: kind === 'waiver' ? waiverAt() : at(),
      team: team(),
      status: 'complete',
    };
    if (kind === 'waiver') event.bid = rng.int(0, 24);
    events.push(event);
  };
  const dropThenAdd = (): void => {
    const who = team();
    const [first, second] = [at(), at()].sort((a, b) => a - b) as [number, number];
    events.push({ kind: 'drop', at: first, team: who, status: 'complete' });
    events.push({ kind: 'add_alone', at: second + 1, team: who, status: 'complete' });
  };

  // Every league has each kind at least once: a trade with FAAB (and a pick where picks are
  // traded), a claim lost to a higher bid, a commissioner's move, a release and a lone pickup.
  trade(options.tradesPicks, true);
  const won: Planned = {
    kind: 'waiver',
    at: waiverAt(),
    team: team(),
    status: 'complete',
    bid: rng.int(6, 30),
  };
  const lost: Planned = {
    kind: 'waiver_lost',
    at: won.at,
    team: other(won.team),
    status: 'failed',
    bid: rng.int(1, (won.bid ?? 6) - 1),
    lostTo: won,
  };
  events.push(lost, won);
  claim('commissioner');
  dropThenAdd();
  const more = Math.round(teams.length * 2.2 * elapsed);
  let trades = 1;
  for (let i = 0; i < more; i++) {
    const roll = rng.next();
    if (roll < 0.08 && trades < 3) {
      trades++;
      trade(options.tradesPicks && rng.chance(0.5), rng.chance(0.3));
    } else if (roll < 0.18) dropThenAdd();
    else claim(roll < 0.58 ? 'add' : 'waiver');
  }
  // A stable sort: the lost claim stays just before the claim that beat it.
  events.sort((a, b) => a.at - b.at);
  if (isUnderWay(calendar)) {
    // A trade offered this morning that the other team has not answered yet.
    const maker = team();
    events.push({
      kind: 'trade',
      at: DEMO_TODAY - 3 * 3_600_000,
      team: maker,
      other: other(maker),
      status: 'pending',
    });
  }
  return events;
}

/** Gives each trade that deals picks one of the maker's next-season picks, in time order. */
function assignPicks(events: readonly Planned[], options: HistoryOptions, rng: Rng): void {
  const owner = new Map<string, string>();
  const key = (season: number, round: number, original: string): string =>
    `${season}:${round}:${original}`;
  for (const event of events) {
    if (!event.picks || event.other === undefined) continue;
    const held: { season: number; round: number; original: string }[] = [];
    for (const season of [options.season + 1, options.season + 2]) {
      for (let round = 1; round <= TRADED_PICK_ROUNDS; round++) {
        for (const original of options.teams) {
          if ((owner.get(key(season, round, original)) ?? original) === event.team) {
            held.push({ season, round, original });
          }
        }
      }
    }
    const pick = rng.pick(held);
    owner.set(key(pick.season, pick.round, pick.original), event.other);
    event.picks.push({
      season: pick.season,
      round: pick.round,
      originalRosterId: pick.original,
      fromRosterId: event.team,
      toRosterId: event.other,
    });
  }
}
