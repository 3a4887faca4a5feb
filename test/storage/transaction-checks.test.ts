// The checks of a snapshot's transactions, drafts and future picks (checkLeagueSnapshot calls
// them before any write): each bad case is refused naming its first problem, and the sample
// activity passes. Pure: no store needed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  DraftRecord,
  FuturePickRecord,
  LeagueActivity,
  TransactionRecord,
} from '../../src/domain/league-data.ts';
import { InvalidInputError } from '../../src/domain/errors.ts';
import { checkLeagueSnapshot } from '../../src/storage/repositories/snapshot-checks.ts';
import { leagueWithActivity, sampleActivity } from '../helpers/transaction-data.ts';

/** The sample activity changed by `change`; `as never` builds what the types forbid. */
function with_(change: (a: LeagueActivity) => void): LeagueActivity {
  const activity = sampleActivity();
  change(activity);
  return activity;
}

const CASES: Array<[string, LeagueActivity, RegExp]> = [
  [
    'a transaction listed twice',
    with_((a) => a.transactions.push({ ...(a.transactions[0] as TransactionRecord) })),
    /transaction "100" is listed twice/,
  ],
  [
    'a transaction with no id',
    with_((a) => Object.assign(a.transactions[0] as object, { transactionId: ' ' })),
    /a transaction has no transactionId/,
  ],
  [
    'an unknown transaction type',
    with_((a) => Object.assign(a.transactions[0] as object, { type: 'swap' })),
    /transaction "100" has unknown type "swap"/,
  ],
  [
    'an unknown status',
    with_((a) => Object.assign(a.transactions[0] as object, { status: 'done' })),
    /unknown status "done"/,
  ],
  [
    'a time without a zone',
    with_((a) => Object.assign(a.transactions[0] as object, { occurredAt: '2021-09-01T12:00:00' })),
    /transaction "100" has no occurredAt in ISO 8601 with a zone/,
  ],
  [
    'an impossible date',
    with_((a) =>
      Object.assign(a.transactions[0] as object, { occurredAt: '2021-13-45T12:00:00Z' }),
    ),
    /no occurredAt/,
  ],
  [
    'a week of 0',
    with_((a) => Object.assign(a.transactions[0] as object, { period: 0 })),
    /period must be 1 or more/,
  ],
  [
    "a team involved that is not the league's",
    with_((a) => a.transactions[0]?.rosterIds.push('9')),
    /transaction "100" names team "9", which is not among the league's teams/,
  ],
  [
    'a team listed twice in a transaction',
    with_((a) => a.transactions[0]?.rosterIds.push('1')),
    /lists team "1" twice/,
  ],
  [
    'a player moving to an unknown team',
    with_((a) => Object.assign(a.transactions[0]?.playerMoves[0] as object, { toRosterId: '7' })),
    /player "4046" names team "7"/,
  ],
  [
    'a traded pick of an unknown original team',
    with_((a) =>
      Object.assign(a.transactions[2]?.pickMoves?.[0] as object, { originalRosterId: '' }),
    ),
    /pick 2022\/1 names team ""/,
  ],
  [
    'a traded pick without a round',
    with_((a) => Object.assign(a.transactions[2]?.pickMoves?.[0] as object, { round: 0 })),
    /moves a pick without a season year and a round/,
  ],
  [
    'a FAAB amount that is not finite',
    with_((a) =>
      Object.assign(a.transactions[2]?.budgetMoves?.[0] as object, { amount: Infinity }),
    ),
    /FAAB amount that is not a number >= 0/,
  ],
  [
    'a negative bid',
    with_((a) => Object.assign(a.transactions[1] as object, { faabBid: -1 })),
    /faabBid must be a number >= 0/,
  ],
  [
    'transactions that are not a list',
    with_((a) => Object.assign(a, { transactions: {} })),
    /transactions must be a list/,
  ],
  [
    'a draft listed twice',
    with_((a) => a.drafts.push({ ...(a.drafts[0] as DraftRecord) })),
    /draft "d-2021" is listed twice/,
  ],
  [
    'an unknown draft type',
    with_((a) => Object.assign(a.drafts[0] as object, { type: 'lottery' })),
    /draft "d-2021" has unknown type "lottery"/,
  ],
  [
    'a draft pick by an unknown team',
    with_((a) => Object.assign(a.drafts[0]?.picks[1] as object, { rosterId: '3' })),
    /draft "d-2021": pick 2 names team "3"/,
  ],
  [
    'two picks at one overall position',
    with_((a) => Object.assign(a.drafts[0]?.picks[1] as object, { overall: 1 })),
    /pick 1 is listed twice/,
  ],
  [
    'an auction price of NaN',
    with_((a) => Object.assign(a.drafts[0]?.picks[1] as object, { price: NaN })),
    /price must be a number >= 0/,
  ],
  [
    'a keeper flag that is not a boolean',
    with_((a) => Object.assign(a.drafts[0]?.picks[1] as object, { keeper: 'yes' })),
    /keeper must be a boolean/,
  ],
  [
    'a future pick owned by an unknown team',
    with_((a) => Object.assign(a.futurePicks[0] as object, { ownerRosterId: '5' })),
    /future pick 2022\/2 of team "2" names team "5"/,
  ],
  [
    'a future pick listed twice',
    with_((a) => a.futurePicks.push({ ...(a.futurePicks[0] as FuturePickRecord) })),
    /future pick 2022\/2 of team "2" is listed twice/,
  ],
];

describe('checks of transactions, drafts and future picks', () => {
  it('accepts the sample activity, and a league with none', () => {
    checkLeagueSnapshot(leagueWithActivity());
    checkLeagueSnapshot(
      leagueWithActivity({ matchups: [], transactions: [], drafts: [], futurePicks: [] }),
    );
  });

  for (const [what, activity, message] of CASES) {
    it(`refuses ${what}`, () => {
      assert.throws(
        () => checkLeagueSnapshot(leagueWithActivity(activity)),
        (error) =>
          error instanceof InvalidInputError &&
          /^league sleeper\/784462448236363776 \(2021\): /.test(error.message) &&
          message.test(error.message),
      );
    });
  }
});
