// Yahoo's week rosters, rosters and league metadata (checked by game-schemas.ts, schemas.ts and
// activity-schemas.ts) -> the lineups, current lineup, injuries and history of domain/game.ts
// (the rules: rules-mapping.ts). Pure: no I/O. What Yahoo leaves out stays absent.
import type { Sport } from '../../domain/catalog.ts';
import { slotGroup } from '../../domain/game.ts';
import type {
  CurrentSlotRecord,
  InjuryRecord,
  LeagueSeasonRecord,
  LineupEntryRecord,
  TeamLineupRecord,
} from '../../domain/game.ts';
import type { MatchupRecord } from '../../domain/league-data.ts';
import { numberOf, text } from './activity-mapping.ts';
import type { YahooLeagueWeeks, YahooMatchup } from './activity-schemas.ts';
import type { LeagueWeekRostersBody } from './game-schemas.ts';
import { slotOf } from './game-tables.ts';
import { idOfKey, injuryOf } from './mapping.ts';
import type { YahooPlayer } from './schemas.ts';

/** One lineup entry: the player's slot that week and his points, where Yahoo gives them. */
function mapEntry(
  sport: Sport,
  player: YahooPlayer & { player_points?: { total?: string | number | null } },
): LineupEntryRecord | undefined {
  const position = player.selected_position?.position;
  if (position === undefined) return undefined;
  const points = numberOf(player.player_points?.total);
  return {
    playerId: idOfKey(player.player_key),
    slot: slotOf(sport, position).slot,
    platformSlot: position,
    ...(points === undefined ? {} : { points }),
  };
}

const GROUP_ORDER = { starter: 0, bench: 1, reserve: 2, taxi: 3 } as const;

/**
 * Every team's lineup of one week; the team's total and projection are the scoreboard's for the
 * team and week (the matchup score), absent where the team has no scored matchup.
 */
export function mapWeekLineups(
  body: LeagueWeekRostersBody,
  period: number,
  sport: Sport,
  teams: ReadonlySet<string>,
  matchups: readonly MatchupRecord[],
  projected: ReadonlyMap<string, number>,
): TeamLineupRecord[] {
  return (body.fantasy_content.league.teams ?? [])
    .filter((team) => teams.has(String(team.team_id)))
    .map((team) => {
      const rosterId = String(team.team_id);
      const entries = (team.roster?.players ?? [])
        .flatMap((player) => mapEntry(sport, player) ?? [])
        .map((entry, index) => ({ entry, index }))
        .sort(
          (a, b) =>
            GROUP_ORDER[slotGroup(a.entry.slot)] - GROUP_ORDER[slotGroup(b.entry.slot)] ||
            a.index - b.index,
        )
        .map(({ entry }) => entry);
      const score = matchups
        .filter((matchup) => matchup.period === period)
        .flatMap((matchup) => matchup.sides)
        .find((side) => side.rosterId === rosterId)?.score;
      const projection = projected.get(`${period}:${rosterId}`);
      return {
        period,
        rosterId,
        ...(score === undefined ? {} : { points: score }),
        ...(projection === undefined ? {} : { projectedPoints: projection }),
        entries,
      };
    })
    .sort((a, b) => Number(a.rosterId) - Number(b.rosterId));
}

/** The scoreboard's team projections by "week:team". */
export function projectedPoints(matchups: readonly YahooMatchup[]): Map<string, number> {
  const projected = new Map<string, number>();
  for (const matchup of matchups) {
    for (const team of matchup.teams) {
      const total = numberOf(team.team_projected_points?.total);
      if (total !== undefined) projected.set(`${Number(matchup.week)}:${team.team_id}`, total);
    }
  }
  return projected;
}

/** The slot of every rostered player now (a player on two teams stays with the first). */
export function mapCurrentLineup(
  teams: ReadonlyArray<{ team_id: string | number; roster?: { players?: YahooPlayer[] } }>,
  sport: Sport,
): CurrentSlotRecord[] {
  const placed = new Set<string>();
  return teams.flatMap((team) =>
    (team.roster?.players ?? []).flatMap((player) => {
      const entry = mapEntry(sport, player);
      if (entry === undefined || placed.has(entry.playerId)) return [];
      placed.add(entry.playerId);
      const { playerId, slot, platformSlot } = entry;
      return [{ rosterId: String(team.team_id), playerId, slot, platformSlot }];
    }),
  );
}

/** Every player with a status among these, once (the first naming wins), by player id. */
export function mapInjuries(players: readonly YahooPlayer[]): InjuryRecord[] {
  const injuries = new Map<string, InjuryRecord>();
  for (const player of players) {
    const playerId = idOfKey(player.player_key);
    const injury = injuryOf(player);
    if (injury !== undefined && !injuries.has(playerId))
      injuries.set(playerId, { playerId, ...injury });
  }
  return [...injuries.values()].sort((a, b) => Number(a.playerId) - Number(b.playerId));
}

/**
 * The seasons Yahoo links to this one: `renew` names the league this one was renewed from (the
 * previous season's), `renewed` the one it was renewed into (the next season's), each as
 * "{game key}_{league id}".
 */
export function mapHistory(league: YahooLeagueWeeks): LeagueSeasonRecord[] {
  const season = Number(league.season);
  const keyOf = (link: string | undefined): string | undefined => {
    const match = /^(\d+)_(\d+)$/.exec(link ?? '');
    return match ? `${match[1]}.l.${match[2]}` : undefined;
  };
  const previous = keyOf(text(league.renew));
  const next = keyOf(text(league.renewed));
  return [
    ...(previous === undefined ? [] : [{ season: season - 1, platformLeagueKey: previous }]),
    { season, platformLeagueKey: league.league_key },
    ...(next === undefined ? [] : [{ season: season + 1, platformLeagueKey: next }]),
  ];
}
