// The exports of a league beside its settings and rosters, read in the same sync: standings,
// schedule, transactions, drafts and future picks (five calls; a sixth, auctionResults, only when
// no draft has a pick made). Each body is validated as it arrives; mapping is activity.ts's.
import type { Static, TSchema } from '@sinclair/typebox';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import { PlatformError } from '../connector.ts';
import type { MflActivityParts } from './activity.ts';
import { hasMadePicks, mapDrafts } from './drafts.ts';
import type { MflFuturePicks, MflStanding } from './league-data-schemas.ts';
import { MFL_TRANSACTION_TYPES } from './transactions.ts';
import { asList, exportError, responses, validate } from './schemas.ts';

/** One export of the league (`L` and `JSON` added by the caller), as parsed JSON. */
export type LeagueExportReader = (query: Record<string, string>) => Promise<unknown>;

export interface LeagueDataOptions {
  read: LeagueExportReader;
  /** For error messages: "GET /2020/export?TYPE=<type>&L=<key>". */
  endpoint: (type: string) => string;
  /** What an MFL refusal of one of these exports becomes (as for the rosters). */
  refused: (text: string) => PlatformError;
  /** MFL's words for "this needs a login": such a refusal always fails the league. */
  needsLogin: (text: string) => boolean;
  lastRegularSeasonWeek: number | undefined;
}

export interface MflLeagueData {
  standings: MflStanding[];
  activity: MflActivityParts;
}

export async function fetchLeagueData(options: LeagueDataOptions): Promise<MflLeagueData> {
  const [standings, weeks, transactions, draftUnits, futurePicks] = await Promise.all([
    // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=leagueStandings
    // (ALL=1 as ffscrapr's ff_standings asks, for every column, pa among them)
    part(
      options,
      { TYPE: 'leagueStandings', ALL: '1' },
      responses.standings,
      (body) => asList(body.leagueStandings.franchise),
      [],
    ),
    // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=schedule
    part(
      options,
      { TYPE: 'schedule' },
      responses.schedule,
      (body) => asList(body.schedule.weeklySchedule),
      [],
    ),
    // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=transactions
    // (TRANS_TYPE a comma list, as ffscrapr's ff_transactions documents it)
    part(
      options,
      { TYPE: 'transactions', TRANS_TYPE: MFL_TRANSACTION_TYPES.join(',') },
      responses.transactions,
      (body) => asList(body.transactions.transaction),
      [],
    ),
    // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=draftResults
    part(
      options,
      { TYPE: 'draftResults' },
      responses.draftResults,
      (body) => asList(body.draftResults.draftUnit),
      [],
    ),
    // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=futureDraftPicks
    part(
      options,
      { TYPE: 'futureDraftPicks' },
      responses.futurePicks,
      (body): MflFuturePicks => body.futureDraftPicks,
      {},
    ),
  ]);
  // https://api.myfantasyleague.com/2020/api_info?STATE=test&CCAT=export&TYPE=auctionResults
  // Asked only when no draft pick is made: an auction league drafts there instead. A league that
  // holds no auction may be refused it, which is then no auction rather than a failure.
  const auctionUnits = hasMadePicks(mapDrafts(draftUnits))
    ? []
    : await part(
        options,
        { TYPE: 'auctionResults' },
        responses.auctionResults,
        (body) => asList(body.auctionResults.auctionUnit),
        [],
        true,
      );
  return {
    standings,
    activity: {
      weeks,
      lastRegularSeasonWeek: options.lastRegularSeasonWeek,
      transactions,
      draftUnits,
      auctionUnits,
      futurePicks,
    },
  };
}

/**
 * One export, validated and picked out. An HTTP 404 is `empty` (nothing of that kind); MFL's
 * refusal fails the league like a refused rosters export does, unless `refusalIsEmpty` says a
 * refusal of this export only means "none" (and it is not about a login).
 */
async function part<S extends TSchema, T>(
  options: LeagueDataOptions,
  query: Record<string, string>,
  check: TypeCheck<S>,
  pick: (body: Static<S>) => T,
  empty: T,
  refusalIsEmpty = false,
): Promise<T> {
  let body: unknown;
  try {
    body = await options.read(query);
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'not_found') return empty;
    throw error;
  }
  const refused = exportError(body);
  if (refused !== undefined) {
    if (refusalIsEmpty && !options.needsLogin(refused)) return empty;
    throw options.refused(refused);
  }
  return pick(validate(check, body, options.endpoint(query.TYPE ?? '')));
}
