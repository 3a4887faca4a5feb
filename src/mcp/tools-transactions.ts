// The MCP tools of the `transaction` product: list_transactions and get_draft, one per operation
// (serving/operations), answering the API's own records with a short text summary.
import { TransactionPageSchema, DraftsSchema } from '../serving/transaction-schemas.ts';
import type { TransactionBody } from '../serving/transaction-schemas.ts';
import type { PublicOperations } from '../serving/operations/index.ts';
import { listed } from './summaries.ts';
import { toolOf } from './tool.ts';
import type { ToolDefinition } from './tool.ts';

const leagueId = {
  description: 'The league_id from list_leagues (the service own id, not the platform one).',
};

/** "trade 2021-09-14T17:02:11.000Z (week 2), teams 1, 2: Josh Allen 2 -> 1; ..." */
function describeTransaction(t: TransactionBody): string {
  const week = t.week === undefined ? '' : ` (week ${t.week})`;
  const moves = t.players.map(
    (move) =>
      `${move.full_name ?? `player_id ${move.player_id}`} ${move.from_roster_id ?? 'FA'} -> ${move.to_roster_id ?? 'out'}`,
  );
  for (const pick of t.picks ?? []) {
    moves.push(
      `${pick.season} round ${pick.round} pick ${pick.from_roster_id} -> ${pick.to_roster_id}`,
    );
  }
  for (const faab of t.faab ?? []) {
    moves.push(`$${faab.amount} FAAB ${faab.from_roster_id} -> ${faab.to_roster_id}`);
  }
  const status = t.status === 'complete' ? '' : ` [${t.status}]`;
  return (
    `${t.type}${status} ${t.occurred_at}${week}, teams ${t.roster_ids.join(', ')}: ` +
    `${moves.join('; ') || 'no moves'} (transaction_id ${t.transaction_id})`
  );
}

export function transactionTools(operations: PublicOperations): ToolDefinition[] {
  const listTransactions = toolOf(operations.listTransactions, {
    name: 'list_transactions',
    title: "A league's transactions",
    description:
      "Lists a league's transactions (free-agent adds, drops, waiver claims, trades, " +
      'commissioner moves), newest first, with the players moved (and picks or FAAB in trades). ' +
      'Filter by type and by roster_id (a team involved, as fantasy_team_roster_id names it). ' +
      'A page holds `limit` (default 25, at most 100); pass next_cursor back as cursor for more.',
    fields: { league_id: leagueId },
    output: TransactionPageSchema,
    answer(page, { league_id }) {
      const count = page.transactions.length;
      const more = page.next_cursor === undefined ? '' : `\nMore: cursor ${page.next_cursor}`;
      const summary =
        count === 0
          ? `No transactions match in league ${league_id}.`
          : `${count} transaction${count === 1 ? '' : 's'} in league ${league_id}, newest first:\n` +
            listed(page.transactions.map(describeTransaction), 100) +
            more;
      return { structured: page, summary };
    },
  });

  const getDraft = toolOf(operations.getDraft, {
    name: 'get_draft',
    title: "A league's drafts",
    description:
      "Returns a league's drafts with every pick in order (team, player with full name, keeper, " +
      'auction price), and the future draft picks with the team that holds each now (traded ' +
      'picks differ from original_roster_id).',
    fields: { league_id: leagueId },
    output: DraftsSchema,
    answer(body, { league_id }) {
      const lines = body.drafts.map((draft) => {
        const made = draft.picks.filter((pick) => pick.player_id !== undefined).length;
        const facts = [draft.type, draft.status, draft.started_at].filter((f) => f !== undefined);
        return `draft ${draft.draft_id}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}: ${made} of ${draft.picks.length} picks made`;
      });
      const traded = body.future_picks.filter((p) => p.owner_roster_id !== p.original_roster_id);
      const summary =
        (lines.length === 0 ? `No drafts in league ${league_id}.` : listed(lines, 20)) +
        `\n${body.future_picks.length} future picks, ${traded.length} of them traded.`;
      return { structured: body, summary };
    },
  });

  return [listTransactions, getDraft];
}
