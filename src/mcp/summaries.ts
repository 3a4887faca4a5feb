// The one-line descriptions in the tools' text answers: what a model or a person reading the
// transcript needs to tell leagues and players apart, ids included for follow-up calls.
import type { LeagueBody, PlayerBody } from '../serving/schemas.ts';

export function describeLeague(league: LeagueBody): string {
  const facts = [league.sport, league.season, `on ${league.platform}`]
    .filter((fact) => fact !== undefined)
    .join(' ');
  const teams = league.num_teams === undefined ? '' : `, ${league.num_teams} teams`;
  return `${league.name} (league_id ${league.league_id}): ${facts}${teams}`;
}

export function describePlayer(player: PlayerBody): string {
  const where = [player.position, player.irl_team].filter((part) => part !== undefined).join(', ');
  const roster =
    player.fantasy_team_roster_id === undefined
      ? 'not rostered in this league'
      : `rostered by fantasy team ${player.fantasy_team_roster_id}`;
  return `${player.full_name}${where === '' ? '' : ` (${where})`}, player_id ${player.player_id}, ${roster}`;
}

/** One line per item, at most `max`, then how many more there are. */
export function listed(lines: readonly string[], max: number): string {
  const shown = lines.slice(0, max).map((line) => `- ${line}`);
  if (lines.length > max) shown.push(`- ... and ${lines.length - max} more`);
  return shown.join('\n');
}
