// Walks a league's rosters back in time, one planned move at a time (transactions.ts): undoing
// a move takes the players it added off their team and puts back the ones it dropped, so the
// players each move names are the ones that team really had, or that were really free, then.
import type {
  BudgetMove,
  PickMove,
  PlayerMove,
  TransactionRecord,
  TransactionStatus,
  TransactionType,
} from '../../domain/league-data.ts';
import { isoAt, periodAt } from './calendar.ts';
import type { SeasonCalendar } from './calendar.ts';
import type { Rng } from './random.ts';

export type MoveKind =
  'add' | 'add_alone' | 'drop' | 'waiver' | 'waiver_lost' | 'commissioner' | 'trade';

/** A move as planned: who and when; the walk chooses its players. */
export interface Planned {
  kind: MoveKind;
  at: number;
  /** The team that made the move. */
  team: string;
  /** A trade's other team. */
  other?: string;
  status: TransactionStatus;
  bid?: number;
  picks?: PickMove[];
  budget?: BudgetMove;
  /** For a lost claim: the claim that won the player. */
  lostTo?: Planned;
  /** Filled while walking back: the player a won claim took (a lost one names the same). */
  claimed?: string;
}

/** The rosters and free agents while walking back in time. */
export class RosterWalk {
  /** Free agents by position (the walk takes one of a position hundreds of times). */
  private readonly free = new Map<string, string[]>();

  constructor(
    private readonly rosters: Map<string, string[]>,
    freeAgents: readonly string[],
    private readonly positions: ReadonlyMap<string, string>,
    private readonly rng: Rng,
  ) {
    for (const id of freeAgents) this.release(id);
  }

  undo(event: Planned, calendar: SeasonCalendar): TransactionRecord {
    const moves: PlayerMove[] = [];
    const { team } = event;
    let type: TransactionType =
      event.kind === 'add_alone' ? 'add' : (event.kind as TransactionType);
    switch (event.kind) {
      case 'add':
      case 'waiver':
      case 'commissioner': {
        // The team has the added player now; before, it had the one it dropped for him.
        const added = this.takeFrom(team);
        const dropped = this.takeFree(this.positions.get(added));
        this.giveTo(team, dropped);
        this.release(added);
        event.claimed = added;
        moves.push(
          { playerId: added, toRosterId: team },
          { playerId: dropped, fromRosterId: team },
        );
        break;
      }
      case 'add_alone': {
        const added = this.takeFrom(team);
        this.release(added);
        moves.push({ playerId: added, toRosterId: team });
        break;
      }
      case 'drop': {
        const dropped = this.takeFree(undefined);
        this.giveTo(team, dropped);
        moves.push({ playerId: dropped, fromRosterId: team });
        break;
      }
      case 'waiver_lost': {
        // The same player the winning claim took; the drop it offered never happened.
        type = 'waiver';
        const wanted = event.lostTo?.claimed ?? this.takeFree(undefined, true);
        moves.push(
          { playerId: wanted, toRosterId: team },
          { playerId: this.pickOf(team), fromRosterId: team },
        );
        break;
      }
      case 'trade':
        moves.push(...this.trade(event));
        break;
    }
    const record: TransactionRecord = {
      transactionId: '',
      type,
      status: event.status,
      occurredAt: isoAt(event.at),
      period: periodAt(calendar, event.at),
      rosterIds: event.other === undefined ? [team] : [team, event.other],
      playerMoves: moves,
    };
    if (event.picks && event.picks.length > 0) record.pickMoves = event.picks;
    if (event.budget) record.budgetMoves = [event.budget];
    if (event.bid !== undefined) record.faabBid = event.bid;
    return record;
  }

  /** One or two players each way; a completed trade is undone, a pending one changes nothing. */
  private trade(event: Planned): PlayerMove[] {
    const maker = event.team;
    const partner = event.other as string;
    const count = this.rng.chance(0.3) ? 2 : 1;
    const done = event.status === 'complete';
    // After a completed trade the maker holds what it received; before a pending one, the partner does.
    const received = Array.from({ length: count }, () => this.takeFrom(done ? maker : partner));
    const sent = Array.from({ length: count }, () => this.takeFrom(done ? partner : maker));
    // Undone (or, when pending, put back): either way the received are the partner's before it.
    for (const id of received) this.giveTo(partner, id);
    for (const id of sent) this.giveTo(maker, id);
    return [
      ...received.map((playerId) => ({ playerId, fromRosterId: partner, toRosterId: maker })),
      ...sent.map((playerId) => ({ playerId, fromRosterId: maker, toRosterId: partner })),
    ];
  }

  private pickOf(team: string): string {
    return this.rng.pick(this.rosters.get(team) ?? []);
  }

  private takeFrom(team: string): string {
    const roster = this.rosters.get(team) ?? [];
    const i = this.rng.int(0, roster.length - 1);
    return roster.splice(i, 1)[0] as string;
  }

  private giveTo(team: string, playerId: string): void {
    this.rosters.get(team)?.push(playerId);
  }

  private release(playerId: string): void {
    const position = this.positions.get(playerId) ?? '';
    const group = this.free.get(position);
    if (group) group.push(playerId);
    else this.free.set(position, [playerId]);
  }

  /** A free agent of the position where there is one (teams swap like for like), else any. */
  private takeFree(position: string | undefined, keep = false): string {
    let group = this.free.get(position ?? '');
    if (!group || group.length === 0) {
      // Any free agent, each as likely as the next.
      const groups = [...this.free.values()];
      let n = this.rng.int(0, groups.reduce((sum, g) => sum + g.length, 0) - 1);
      group = groups.find((g) => (n -= g.length) < 0) ?? [];
    }
    // The demo's pools leave hundreds of players free in every league; a tiny pool could not.
    if (group.length === 0) throw new RangeError('no free agent left for a demo transaction');
    const i = this.rng.int(0, group.length - 1);
    return (keep ? group[i] : group.splice(i, 1)[0]) as string;
  }
}
