// TYPE=draftResults, TYPE=auctionResults and TYPE=futureDraftPicks -> drafts and future picks.
// Pure: no I/O.
import type {
  DraftPickRecord,
  DraftRecord,
  DraftStatus,
  DraftType,
  FuturePickRecord,
} from '../../domain/league-data.ts';
import { asList } from './schemas.ts';
import type {
  MflAuctionUnit,
  MflDraftPick,
  MflDraftUnit,
  MflFuturePicks,
} from './league-data-schemas.ts';
import { mflNumber } from './team-details.ts';

/** MFL's draftType: SDRAFT a snake draft, SAME the same order every round. */
const DRAFT_TYPES: Readonly<Record<string, DraftType>> = { SDRAFT: 'snake', SAME: 'linear' };

/**
 * One draft per draft unit (the league's, or one per division, each named by its unit: LEAGUE,
 * DIVISION00...), picks in MFL's order. A unit with no slots is left out. MFL marks no keepers
 * and gives no start time in this export.
 */
export function mapDrafts(units: readonly MflDraftUnit[]): DraftRecord[] {
  return units.flatMap((unit) => {
    const slots = asList(unit.draftPick);
    if (slots.length === 0) return [];
    const picks = slots.map(mapDraftPick);
    const type = DRAFT_TYPES[unit.draftType?.trim().toUpperCase() ?? ''];
    const rounds = Math.max(...picks.map((pick) => pick.round));
    return [
      {
        draftId: unit.unit,
        ...(type ? { type } : {}),
        status: draftStatus(slots),
        rounds,
        picks,
      },
    ];
  });
}

function mapDraftPick(slot: MflDraftPick, index: number): DraftPickRecord {
  const playerId = draftedPlayer(slot);
  return {
    overall: index + 1,
    round: Number(slot.round),
    pickInRound: Number(slot.pick),
    rosterId: slot.franchise,
    ...(playerId ? { playerId } : {}),
  };
}

/** The player picked; none for a slot not made yet ("") or skipped ("----", "0000"). */
function draftedPlayer(slot: MflDraftPick): string | undefined {
  const id = slot.player?.trim();
  return id && /^\d+$/.test(id) && !/^0+$/.test(id) ? id : undefined;
}

/** Slots not made yet have an empty player; a skipped one counts as made. */
function draftStatus(slots: readonly MflDraftPick[]): DraftStatus {
  const open = slots.filter((slot) => !slot.player?.trim()).length;
  if (open === 0) return 'complete';
  return open === slots.length ? 'scheduled' : 'in_progress';
}

/** Whether any draft has a pick made: if not, the league may have drafted by auction. */
export function hasMadePicks(drafts: readonly DraftRecord[]): boolean {
  return drafts.some((draft) => draft.picks.some((pick) => pick.playerId !== undefined));
}

/**
 * One auction draft per auction unit (draftId "auction:LEAGUE"), closed auctions in the order
 * their last bids came (MFL's order when it gives no time). An auction has no rounds: every sale
 * is round 1, its place in that order the pick in the round; its price is the winning bid.
 * auctionResults lists closed auctions only, so the draft's status is not known.
 */
export function mapAuctions(units: readonly MflAuctionUnit[]): DraftRecord[] {
  return units.flatMap((unit) => {
    const sales = asList(unit.auction)
      .map((sale, index) => ({ sale, index, at: mflNumber(sale.lastBidTime) ?? 0 }))
      .sort((a, b) => a.at - b.at || a.index - b.index)
      .map(({ sale }) => sale);
    if (sales.length === 0) return [];
    const picks = sales.map((sale, index): DraftPickRecord => ({
      overall: index + 1,
      round: 1,
      pickInRound: index + 1,
      rosterId: sale.franchise,
      playerId: sale.player,
      price: Number(sale.winningBid),
    }));
    return [{ draftId: `auction:${unit.unit}`, type: 'auction' as const, rounds: 1, picks }];
  });
}

/** Every future pick each franchise holds, with whose it first was. */
export function mapFuturePicks(body: MflFuturePicks): FuturePickRecord[] {
  return asList(body.franchise).flatMap((franchise) =>
    asList(franchise.futureDraftPick).map((pick) => ({
      season: Number(pick.year),
      round: Number(pick.round),
      originalRosterId: pick.originalPickFor,
      ownerRosterId: franchise.id,
    })),
  );
}
