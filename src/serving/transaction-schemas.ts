// The transaction and draft resources of the API (product `transaction`) as TypeBox schemas, and
// the only mappers from their domain records to them. Teams are named by roster_id, the value a
// Player's fantasy_team_roster_id carries; players' full_name comes from the league's pool.
import { FormatRegistry, Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { literals } from './schemas.ts';
import {
  DRAFT_STATUSES,
  DRAFT_TYPES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '../domain/league-data.ts';
import type { DraftRecord, FuturePickRecord, TransactionRecord } from '../domain/league-data.ts';

// TypeBox checks string formats only once they are registered (schemas.ts registers `uri`).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set(
    'date-time',
    (value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)),
  );
}

const RosterId = (description: string) => Type.String({ description });
const Season = Type.Integer({ description: 'The year the season of the draft starts.' });
const Round = Type.Integer({ minimum: 1 });

export const TransactionTypeSchema = literals(TRANSACTION_TYPES, {
  description:
    'add: a free-agent pickup (maybe with a drop); drop: a release alone; waiver: a waiver ' +
    'claim; trade: players, picks or FAAB between teams; commissioner: a move the commissioner made.',
});

const PlayerMoveSchema = Type.Object(
  {
    player_id: Type.String({ description: "The platform's own player id." }),
    full_name: Type.Optional(
      Type.String({ description: "From the league's player pool; absent if the pool lacks it." }),
    ),
    from_roster_id: Type.Optional(
      RosterId('The team it left; absent: from free agents or waivers.'),
    ),
    to_roster_id: Type.Optional(RosterId('The team it joined; absent: released.')),
  },
  { additionalProperties: false },
);

const PickMoveSchema = Type.Object(
  {
    season: Season,
    round: Round,
    original_roster_id: RosterId('The team the pick first belonged to.'),
    from_roster_id: RosterId('The team giving the pick.'),
    to_roster_id: RosterId('The team receiving it.'),
  },
  { additionalProperties: false },
);

const BudgetMoveSchema = Type.Object(
  {
    amount: Type.Number({ minimum: 0 }),
    from_roster_id: RosterId('The team giving the FAAB.'),
    to_roster_id: RosterId('The team receiving it.'),
  },
  { additionalProperties: false },
);

export const TransactionSchema = Type.Object(
  {
    transaction_id: Type.String({ description: "The platform's id of the transaction." }),
    type: TransactionTypeSchema,
    status: literals(TRANSACTION_STATUSES),
    occurred_at: Type.String({
      format: 'date-time',
      description: 'When it happened (proposed, for pending ones), UTC: 2021-09-14T17:02:11.000Z.',
    }),
    week: Type.Optional(
      Type.Integer({ minimum: 1, description: 'The week or scoring period it counts for.' }),
    ),
    roster_ids: Type.Array(Type.String(), {
      description: 'Every team involved, the one that made it first.',
    }),
    players: Type.Array(PlayerMoveSchema),
    picks: Type.Optional(Type.Array(PickMoveSchema, { description: 'Draft picks traded.' })),
    faab: Type.Optional(Type.Array(BudgetMoveSchema, { description: 'FAAB traded.' })),
    faab_bid: Type.Optional(Type.Number({ minimum: 0, description: "A waiver claim's FAAB bid." })),
  },
  { additionalProperties: false },
);
export type TransactionBody = Static<typeof TransactionSchema>;

export const TransactionPageSchema = Type.Object(
  {
    transactions: Type.Array(TransactionSchema, {
      description: 'Newest first: occurred_at descending, then transaction_id descending.',
    }),
    next_cursor: Type.Optional(
      Type.String({ description: 'Pass as `cursor` for the next page; absent on the last page.' }),
    ),
  },
  { additionalProperties: false },
);
export type TransactionPageBody = Static<typeof TransactionPageSchema>;

const DraftPickSchema = Type.Object(
  {
    overall: Type.Integer({ minimum: 1, description: '1-based position in the whole draft.' }),
    round: Round,
    pick: Type.Integer({ minimum: 1, description: '1-based position within the round.' }),
    roster_id: RosterId('The team that made the pick.'),
    player_id: Type.Optional(Type.String({ description: 'Absent for a pick not made yet.' })),
    full_name: Type.Optional(Type.String({ description: "From the league's player pool." })),
    keeper: Type.Optional(Type.Boolean()),
    price: Type.Optional(Type.Number({ minimum: 0, description: "An auction's winning bid." })),
  },
  { additionalProperties: false },
);

const DraftSchema = Type.Object(
  {
    draft_id: Type.String({ description: "The platform's id of the draft." }),
    type: Type.Optional(literals(DRAFT_TYPES)),
    status: Type.Optional(literals(DRAFT_STATUSES)),
    started_at: Type.Optional(Type.String({ format: 'date-time' })),
    rounds: Type.Optional(Type.Integer({ minimum: 1 })),
    picks: Type.Array(DraftPickSchema, { description: 'In draft order.' }),
  },
  { additionalProperties: false },
);

const FuturePickSchema = Type.Object(
  {
    season: Season,
    round: Round,
    original_roster_id: RosterId('The team the pick first belonged to.'),
    owner_roster_id: RosterId('The team holding it now.'),
  },
  { additionalProperties: false },
);

export const DraftsSchema = Type.Object(
  {
    drafts: Type.Array(DraftSchema, {
      description: 'The earliest first (undated last), then by draft_id.',
    }),
    future_picks: Type.Array(FuturePickSchema, {
      description: 'Picks of drafts not held yet, by season, round, then original_roster_id.',
    }),
  },
  { additionalProperties: false },
);
export type DraftsBody = Static<typeof DraftsSchema>;

type Names = ReadonlyMap<string, string>;

export function toTransactionBody(t: TransactionRecord, names: Names): TransactionBody {
  // Undefined members are dropped by JSON.stringify and by the XML writer: absent, never null.
  return {
    transaction_id: t.transactionId,
    type: t.type,
    status: t.status,
    occurred_at: t.occurredAt,
    week: t.period,
    roster_ids: [...t.rosterIds],
    players: t.playerMoves.map((move) => ({
      player_id: move.playerId,
      full_name: names.get(move.playerId),
      from_roster_id: move.fromRosterId,
      to_roster_id: move.toRosterId,
    })),
    picks: t.pickMoves?.map((pick) => ({
      season: pick.season,
      round: pick.round,
      original_roster_id: pick.originalRosterId,
      from_roster_id: pick.fromRosterId,
      to_roster_id: pick.toRosterId,
    })),
    faab: t.budgetMoves?.map((budget) => ({
      amount: budget.amount,
      from_roster_id: budget.fromRosterId,
      to_roster_id: budget.toRosterId,
    })),
    faab_bid: t.faabBid,
  };
}

export function toDraftsBody(
  drafts: readonly DraftRecord[],
  futurePicks: readonly FuturePickRecord[],
  names: Names,
): DraftsBody {
  return {
    drafts: drafts.map((d) => ({
      draft_id: d.draftId,
      type: d.type,
      status: d.status,
      started_at: d.startedAt,
      rounds: d.rounds,
      picks: d.picks.map((pick) => ({
        overall: pick.overall,
        round: pick.round,
        pick: pick.pickInRound,
        roster_id: pick.rosterId,
        player_id: pick.playerId,
        full_name: pick.playerId === undefined ? undefined : names.get(pick.playerId),
        keeper: pick.keeper,
        price: pick.price,
      })),
    })),
    future_picks: futurePicks.map((p) => ({
      season: p.season,
      round: p.round,
      original_roster_id: p.originalRosterId,
      owner_roster_id: p.ownerRosterId,
    })),
  };
}
