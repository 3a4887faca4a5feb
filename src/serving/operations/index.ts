// The public API's operations, in the order the documentation lists them, for a service serving
// `seasons` (the configured SUPPORTED_SEASONS, ascending). HTTP routes and MCP tools are built
// from these.
import { allRostered } from './all-rostered.ts';
import { getDraft } from './draft.ts';
import { findAllLeagues } from './find-all-leagues.ts';
import { leagueSettings } from './league-settings.ts';
import { getMeta } from './meta.ts';
import { playerIds } from './player-ids.ts';
import { searchPlayers } from './player-search.ts';
import { playerById } from './player-by-id.ts';
import { playerByName } from './player-by-name.ts';
// Issue 29, the `team` product.
import { listMatchups } from './matchups.ts';
import { getStandings } from './standings.ts';
import { getTeam } from './team.ts';
import { listTeams } from './teams.ts';
import { getUser } from './user.ts';
import { listTransactions } from './transactions.ts';
// Issue 38, the game.
import { getHistory } from './history.ts';
import { listLineups } from './lineups.ts';
import { getPlayerInjury } from './player-injury.ts';
import { getRules } from './rules.ts';

export function publicOperations(seasons: readonly number[]) {
  return {
    findAllLeagues: findAllLeagues(seasons),
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
    searchPlayers,
    playerIds,
    getUser,
    getMeta: getMeta(seasons),
  } as const;
}

export type PublicOperations = ReturnType<typeof publicOperations>;
