// The API's endpoints, in the order the documentation lists them, for a service serving `seasons`
// (the configured SUPPORTED_SEASONS, ascending).
import type { ApiRoute } from '../route.ts';
import { metaRoute, playerIdsRoute, userRoute } from './account.ts';
import { allRostered } from './all-rostered.ts';
import { getDraft } from './draft.ts';
import { getHistory, getPlayerInjury, getRules, listLineups } from './game.ts';
import { searchPlayersRoute } from './player-search.ts';
import { findAllLeaguesRoute } from './find-all-leagues.ts';
import { leagueSettings } from './league-settings.ts';
import { playerById } from './player-by-id.ts';
import { playerByName } from './player-by-name.ts';
import { getStandings, getTeam, listMatchups, listTeams } from './teams.ts';
import { listTransactions } from './transactions.ts';

export function apiRoutes(seasons: readonly number[]): readonly ApiRoute[] {
  return [
    findAllLeaguesRoute(seasons),
    leagueSettings,
    playerById,
    playerByName,
    allRostered,
    listTeams,
    getTeam,
    getStandings,
    listMatchups,
    listTransactions,
    getDraft,
    getRules,
    listLineups,
    getHistory,
    getPlayerInjury,
    searchPlayersRoute,
    playerIdsRoute,
    userRoute,
    metaRoute(seasons),
  ];
}
