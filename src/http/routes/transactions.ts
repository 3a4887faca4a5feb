// GET /league/transactions/{league_id}: a page of the league's transactions, newest first
// (serving/operations), as JSON or XML.
import { listTransactions as operation } from '../../serving/operations/transactions.ts';
import { bodyXml } from '../../serving/xml.ts';
import { XML_TYPES } from '../negotiate.ts';
import { defineRoute } from '../route.ts';

export const listTransactions = defineRoute(operation, {
  tag: 'transaction',
  summary: "List the league's transactions",
  description:
    'Adds, drops, waiver claims, trades and commissioner moves, newest first (occurred_at, then ' +
    'transaction_id, both descending), `limit` per page (1-100, default 25). A page followed by ' +
    'more has `next_cursor`: pass it as `cursor`, with the same filters, for the next one. ' +
    'Filters: `type` (repeatable: `?type=trade&type=waiver`) and `roster_id`, a team involved ' +
    "(a Player's fantasy_team_roster_id); a roster_id that is no team of the league, or a cursor " +
    "this service did not give, is a 400. Players carry their full_name from the league's pool.",
  contractHeader: 'auth_token',
  responseDescription: 'One page of transactions (an empty list when none match).',
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('TransactionPage', body),
  errors: ['invalid_parameter', 'league_not_found', 'not_acceptable'],
  example: '/league/transactions/11?limit=5',
});
