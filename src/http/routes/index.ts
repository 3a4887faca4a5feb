// The API's endpoints, in the order the documentation lists them.
import type { ApiRoute } from '../route.ts';
import { allRostered } from './all-rostered.ts';
import { findAllLeagues } from './find-all-leagues.ts';
import { leagueSettings } from './league-settings.ts';
import { playerById } from './player-by-id.ts';
import { playerByName } from './player-by-name.ts';

export const API_ROUTES: readonly ApiRoute[] = [
  findAllLeagues,
  leagueSettings,
  playerById,
  playerByName,
  allRostered,
];
