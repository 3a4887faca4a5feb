// The records a platform connector produces and the store keeps. Plain data, no behaviour.
import type { Platform, Sport } from './catalog.ts';
import type { ExternalIdType } from './crossref.ts';
import type { InjuryRecord, LeagueGame } from './game.ts';
import type { LeagueActivity, TeamDetails } from './league-data.ts';

/** A league as the API shows it. `leagueId` is the service's own id (never the platform's). */
export interface League {
  leagueId: number;
  platform: Platform;
  name: string;
  sport: Sport;
  season: number;
  numTeams?: number;
  leagueUrl?: string;
  leagueAvatar?: string;
}

/** A player as the API shows it. Optional fields are absent when the platform has no value. */
export interface Player {
  playerId: string;
  sport: Sport;
  fullName: string;
  firstName?: string;
  lastName?: string;
  position?: string;
  irlTeam?: string;
  uniformNumber?: string;
  /** The fantasy team (platform roster id) holding the player in the league asked about. */
  fantasyTeamRosterId?: string;
}

/** A player in a platform's pool for one sport, as a connector yields it. */
export interface PlayerRecord {
  playerId: string;
  fullName: string;
  firstName?: string;
  lastName?: string;
  position?: string;
  irlTeam?: string;
  uniformNumber?: string;
  /** False for retired or free-agent-forever players; used only to break name-match ties. */
  active: boolean;
  /**
   * The player's injury where the platform's player list carries it (Sleeper's dump); platforms
   * that name injuries in a league's calls give them in LeagueGame.injuries instead.
   */
  injury?: Omit<InjuryRecord, 'playerId'>;
}

/**
 * Every player a platform lists for one sport (and season, where its pools are per season: see
 * domain/pools.ts; `season` is 0 otherwise). Shared by all the leagues of that pool.
 */
export interface PlayerPoolSnapshot {
  platform: Platform;
  sport: Sport;
  season: number;
  players: PlayerRecord[];
  /**
   * The ids other systems give the pool's players, where the platform's dump lists them (MFL's,
   * Sleeper's, Fleaflicker's). Kept beside the players, not in them: they say who a player is elsewhere,
   * not what the API shows. Absent: the platform lists none (the stored ones are left alone).
   */
  externalIds?: PlayerExternalId[];
}

/** One player's id in another id system (domain/crossref.ts), as a platform's dump states it. */
export interface PlayerExternalId {
  /** The pool's own player id. */
  playerId: string;
  idType: ExternalIdType;
  externalId: string;
}

export interface FantasyTeamRecord extends TeamDetails {
  /** The platform's id of the team within the league (Sleeper roster_id, ESPN team id...). */
  rosterId: string;
  name?: string;
  /** The platform's user id of the team's owner; absent for orphan teams. */
  ownerPlatformUserId?: string;
}

export interface RosterEntryRecord {
  rosterId: string;
  playerId: string;
}

/** Everything one sync of one league writes, replacing the previous snapshot of that league. */
export interface LeagueSnapshot {
  platform: Platform;
  /** The platform's own key for the league (string: Sleeper ids exceed 2^53). */
  platformLeagueKey: string;
  season: number;
  sport: Sport;
  name: string;
  numTeams?: number;
  leagueUrl?: string;
  leagueAvatar?: string;
  teams: FantasyTeamRecord[];
  rosterEntries: RosterEntryRecord[];
  /**
   * Players this league needs that the pool may lack (for instance rostered players missing from
   * a platform's player dump). Upserted into the (platform, sport) pool with the league.
   */
  players: PlayerRecord[];
  /**
   * Matchups, transactions and drafts (domain/league-data.ts), fetched in the same run and
   * written in the same transaction as the rosters. Absent: the connector fetches none of it, and
   * the league is stored with none.
   */
  activity?: LeagueActivity;
  /**
   * Rules, lineups, injuries and the league's seasons (domain/game.ts), fetched in the same run
   * and written in the same transaction. Absent: the connector fetches none of it.
   */
  game?: LeagueGame;
}
