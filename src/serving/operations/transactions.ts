// A league's transactions, newest first, one page at a time: filtered by type and by a team
// involved, continued with the opaque cursor the page before gave.
import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { TRANSACTION_TYPES } from '../../domain/league-data.ts';
import { defineOperation } from '../operation.ts';
import { invalidParameter } from '../problems.ts';
import type { TransactionKey } from '../transaction-reads.ts';
import { TransactionPageSchema, toTransactionBody } from '../transaction-schemas.ts';
import { LeagueIdParam, leagueOrNotFound } from './common.ts';
import { MAX_WEEK } from './matchups.ts';

export const DEFAULT_TRANSACTION_LIMIT = 25;
export const MAX_TRANSACTION_LIMIT = 100;

const TransactionQuery = Type.Object(
  {
    type: Type.Optional(
      Type.Array(Type.Union(TRANSACTION_TYPES.map((type) => Type.Literal(type))), {
        description: 'Repeatable: only transactions of these types. Omitted means every type.',
      }),
    ),
    roster_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: "Only transactions involving this team (a Player's fantasy_team_roster_id).",
      }),
    ),
    week: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_WEEK,
        description:
          'Only transactions the platform counts for this week (or scoring period). A platform ' +
          'that gives no week for its transactions (ESPN, Yahoo, MFL, Fleaflicker) matches none.',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_TRANSACTION_LIMIT,
        default: DEFAULT_TRANSACTION_LIMIT,
        description: 'Transactions per page.',
      }),
    ),
    cursor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 512,
        description: 'The next_cursor of the page before, as given; with the same filters.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const listTransactions = defineOperation({
  id: 'listTransactions',
  path: '/league/transactions/{league_id}',
  product: 'transaction',
  params: Type.Object({ league_id: LeagueIdParam }),
  query: TransactionQuery,
  response: TransactionPageSchema,
  async handle(context, { league_id }, { type = [], roster_id, week, limit, cursor }) {
    const league = await leagueOrNotFound(context, league_id);
    const types = [...new Set(type)];
    const scope = cursorScope(league_id, types, roster_id, week);
    const after = cursor === undefined ? undefined : decodeCursor(cursor, scope);
    const answer = await context.read.listTransactions(league, {
      types,
      ...(roster_id !== undefined && { rosterId: roster_id }),
      ...(week !== undefined && { week }),
      limit: limit ?? DEFAULT_TRANSACTION_LIMIT,
      ...(after !== undefined && { after }),
    });
    if (answer === undefined) {
      throw invalidParameter('roster_id', 'query', `names no team of league ${league_id}`);
    }
    return {
      transactions: answer.transactions.map((t) => toTransactionBody(t, answer.names)),
      next_cursor: answer.next === undefined ? undefined : encodeCursor(answer.next, scope),
    };
  },
});

/**
 * What a cursor is bound to: the league and the filters of the page that gave it, as a short
 * digest. A cursor of another league or other filters would silently page another list.
 */
export function cursorScope(
  leagueId: number,
  types: readonly string[],
  rosterId: string | undefined,
  week: number | undefined,
): string {
  const filters = JSON.stringify([leagueId, [...types].sort(), rosterId ?? null, week ?? null]);
  return createHash('sha256').update(filters).digest('base64url').slice(0, 12);
}

/**
 * The position after which the next page starts, and its scope, as base64url JSON. Opaque to
 * clients: only the text this service gave is taken back (re-encoding must give the same text).
 */
export function encodeCursor(key: TransactionKey, scope: string): string {
  return Buffer.from(JSON.stringify([key.occurredAt, key.transactionId, scope])).toString(
    'base64url',
  );
}

// Stored times are always Date#toISOString's.
const STORED_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function decodeCursor(cursor: string, scope: string): TransactionKey {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  if (
    Array.isArray(decoded) &&
    decoded.length === 3 &&
    typeof decoded[0] === 'string' &&
    STORED_INSTANT.test(decoded[0]) &&
    typeof decoded[1] === 'string' &&
    decoded[1] !== ''
  ) {
    const key = { occurredAt: decoded[0], transactionId: decoded[1] };
    if (decoded[2] !== scope && encodeCursor(key, String(decoded[2])) === cursor) {
      throw invalidParameter(
        'cursor',
        'query',
        'was given for another league or other filters; send it with the filters of its page',
      );
    }
    if (encodeCursor(key, scope) === cursor) return key;
  }
  throw invalidParameter('cursor', 'query', 'is not a next_cursor this service gave');
}
