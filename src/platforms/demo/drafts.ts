// A league's draft, made from the rosters its teams had before their first transaction
// (transactions.ts), so every pick names a pool player the team really held; and, for dynasty
// leagues, the picks of the next two drafts with the trades' changes of owner applied.
import type { Sport } from '../../domain/catalog.ts';
import type {
  DraftPickRecord,
  DraftRecord,
  FuturePickRecord,
  PickMove,
} from '../../domain/league-data.ts';
import { DAY_MS, isoAt } from './calendar.ts';
import type { SeasonCalendar } from './calendar.ts';
import { shuffleFront } from './random.ts';
import type { Rng } from './random.ts';
import { TRADED_PICK_ROUNDS } from './transactions.ts';

export interface DraftOptions {
  leagueKey: string;
  sport: Sport;
  calendar: SeasonCalendar;
  teams: readonly string[];
  draftRosters: ReadonlyMap<string, readonly string[]>;
  positions: ReadonlyMap<string, string>;
  type: 'snake' | 'auction';
  /** Two picks of each team are players it kept from last season. */
  keepers: boolean;
}

const AUCTION_BUDGET = 200;
// Drafted last: kickers and team defences, as real drafters do.
const LATE_POSITIONS = new Set(['K', 'DEF']);

export function generateDraft(options: DraftOptions, rng: Rng): DraftRecord {
  const { teams } = options;
  // Each team's players from its best (drafted first) to its last, by a drawn value.
  const ranked = new Map(
    teams.map((team) => {
      const players = (options.draftRosters.get(team) ?? []).map((id) => ({
        id,
        value: rng.next() + (LATE_POSITIONS.has(options.positions.get(id) ?? '') ? 1 : 0),
      }));
      return [team, players.sort((a, b) => a.value - b.value).map((p) => p.id)];
    }),
  );
  const rounds = Math.max(0, ...[...ranked.values()].map((players) => players.length));
  // Drafts take place in the evening (US time) a few days before the season starts.
  const startedAt = options.calendar.start - rng.int(3, 10) * DAY_MS + rng.int(0, 4) * 1_800_000;
  const picks =
    options.type === 'auction'
      ? auctionPicks(teams, ranked, rng)
      : snakePicks(teams, ranked, rounds, rng);
  if (options.keepers) markKeepers(picks, teams, rounds, rng);
  return {
    draftId: options.leagueKey,
    type: options.type,
    status: 'complete',
    startedAt: isoAt(startedAt),
    rounds,
    picks,
  };
}

function snakePicks(
  teams: readonly string[],
  ranked: ReadonlyMap<string, readonly string[]>,
  rounds: number,
  rng: Rng,
): DraftPickRecord[] {
  const order = [...teams];
  shuffleFront(order, order.length, rng);
  const taken = new Map(teams.map((t) => [t, 0]));
  const picks: DraftPickRecord[] = [];
  for (let round = 1; round <= rounds; round++) {
    const inRound = round % 2 === 1 ? order : [...order].reverse();
    inRound.forEach((rosterId, i) => {
      const n = taken.get(rosterId) ?? 0;
      const playerId = ranked.get(rosterId)?.[n];
      taken.set(rosterId, n + 1);
      if (playerId === undefined) return;
      const pick: DraftPickRecord = {
        overall: picks.length + 1,
        round,
        pickInRound: i + 1,
        rosterId,
        playerId,
      };
      picks.push(pick);
    });
  }
  return picks;
}

/** Each team spends most of its budget, the most on its best players; nominated dearest first. */
function auctionPicks(
  teams: readonly string[],
  ranked: ReadonlyMap<string, readonly string[]>,
  rng: Rng,
): DraftPickRecord[] {
  const sales: { rosterId: string; playerId: string; price: number; order: number }[] = [];
  for (const rosterId of teams) {
    const players = ranked.get(rosterId) ?? [];
    const weights = players.map((_, k) => (players.length - k) ** 3.2 * (0.7 + 0.6 * rng.next()));
    const total = weights.reduce((sum, w) => sum + w, 0) || 1;
    const surplus = AUCTION_BUDGET - players.length - rng.int(0, 4);
    players.forEach((playerId, k) => {
      const price = 1 + Math.floor((surplus * (weights[k] ?? 0)) / total);
      sales.push({ rosterId, playerId, price, order: price * (0.75 + 0.5 * rng.next()) });
    });
  }
  sales.sort((a, b) => b.order - a.order);
  return sales.map(({ rosterId, playerId, price }, i) => ({
    overall: i + 1,
    round: Math.floor(i / teams.length) + 1,
    pickInRound: (i % teams.length) + 1,
    rosterId,
    playerId,
    price,
  }));
}

/** Two of each team's picks, in rounds 4 to the second last, are keepers; the others say not. */
function markKeepers(
  picks: DraftPickRecord[],
  teams: readonly string[],
  rounds: number,
  rng: Rng,
): void {
  for (const team of teams) {
    const own = picks.filter((p) => p.rosterId === team && p.round >= 4 && p.round < rounds);
    shuffleFront(own, 2, rng);
    for (const pick of own.slice(0, 2)) pick.keeper = true;
  }
  for (const pick of picks) pick.keeper ??= false;
}

/** The next two seasons' picks of every team, each held by whoever the trades left it with. */
export function futurePicksOf(
  teams: readonly string[],
  season: number,
  pickMoves: readonly PickMove[],
): FuturePickRecord[] {
  const owner = new Map<string, string>();
  for (const move of pickMoves) {
    owner.set(`${move.season}:${move.round}:${move.originalRosterId}`, move.toRosterId);
  }
  const picks: FuturePickRecord[] = [];
  for (const next of [season + 1, season + 2]) {
    for (let round = 1; round <= TRADED_PICK_ROUNDS; round++) {
      for (const original of teams) {
        picks.push({
          season: next,
          round,
          originalRosterId: original,
          ownerRosterId: owner.get(`${next}:${round}:${original}`) ?? original,
        });
      }
    }
  }
  return picks;
}
