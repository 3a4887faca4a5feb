// The recorded standings, matchups, transactions and draft results the fake Yahoo serves beside
// the rosters (fake-yahoo-recordings.ts), read from ../shared/fixtures/yahoo at test time:
// - football 2021 (406.l.117376, XML): the settings, the standings (week 13), team 4's 13 weeks
//   of matchups (each with both teams) as the scoreboards, the draft results (without the
//   players, which the connector does not ask for) and add/drop 584 as the transactions;
// - football 2020 (399.l.710921, JSON): the league's three recorded trades. Its teams were not
//   recorded: the fake lists the five teams the trades name (key and name from the trades).
import type { Fields, Json, RecordedActivity, RecordedLeague } from './fake-yahoo-recordings.ts';
import { jsonOf, members, recordedContent, xmlElement } from './fake-yahoo-recordings.ts';

export function addRecordedActivity(
  leagues: Map<string, RecordedLeague>,
): Map<string, RecordedActivity> {
  return new Map([
    ['406.l.117376', football2021()],
    ['399.l.710921', football2020Trades(leagues)],
  ]);
}

function football2021(): RecordedActivity {
  const settings = jsonOf(
    xmlElement('nfl-2021-league-406.l.117376-settings-standings-scoreboard.xml', 'settings'),
  ) as Json;
  const standings = xmlElement('nfl-2021-league-406.l.117376-standings.xml', 'teams').children.map(
    (team) => jsonOf(team),
  );
  const matchups = xmlElement(
    'nfl-2021-team-406.l.117376.t.4-matchups.xml',
    'matchups',
  ).children.map((matchup) => jsonOf(matchup) as Json);
  const draftResults = xmlElement(
    'nfl-2021-league-406.l.117376-draftresults-players.xml',
    'draft_results',
  ).children.map((result) => jsonOf(result, /^players$/));
  const transactions = xmlElement(
    'nfl-2021-transaction-406.l.117376.tr.584.xml',
    'transactions',
  ).children.map((transaction) => jsonOf(transaction));
  return { settings, standings, matchups, draftResults, transactions };
}

function football2020Trades(leagues: Map<string, RecordedLeague>): RecordedActivity {
  const league = recordedContent('nfl-2020-league-399.l.710921-transactions-trade.json')
    .league as unknown[];
  const meta = league[0] as Json;
  const transactions = members((league[1] as Json).transactions, 'transaction');
  const teams = new Map<string, string>();
  for (const transaction of transactions as Fields[]) {
    const trade = transaction[0] as Json;
    teams.set(String(trade.trader_team_key), String(trade.trader_team_name));
    teams.set(String(trade.tradee_team_key), String(trade.tradee_team_name));
  }
  leagues.set(String(meta.league_key), {
    meta,
    teams: [...teams].map(([key, name]) => ({
      fields: [{ team_key: key }, { team_id: key.split('.t.')[1] }, { name }],
    })),
  });
  return { transactions };
}
