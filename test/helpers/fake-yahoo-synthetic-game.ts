// The made-up Yahoo league's game (fake-yahoo-synthetic.ts), in Yahoo's JSON shapes, for what the
// recordings lack: scoring with a bonus and a points-allowed range, FAAB, a renewed league, team
// projections, and every team's lineup of weeks 1-3 with points (bench points beside a total of
// starters only, a hurt player in IR, a player Yahoo gives no points). Starters' points add up to
// the made-up scoreboard's totals (fake-yahoo-synthetic-activity.ts).
import type { Json, RecordedActivity } from './fake-yahoo-recordings.ts';

export const SYNTHETIC_LINKS = { renew: '390_80001', renewed: '406_90001', scoring_type: 'head' };

const stat = (id: number, name: string) => ({ stat: { stat_id: String(id), enabled: '1', name } });

const SETTINGS: Json = {
  uses_playoff: '1',
  playoff_start_week: '15',
  num_playoff_teams: '2',
  waiver_type: 'FR',
  trade_end_date: '2021-11-20',
  roster_positions: [
    { roster_position: { position: 'QB', position_type: 'O', count: 1 } },
    { roster_position: { position: 'W/R/T', position_type: 'O', count: '1' } },
    { roster_position: { position: 'BN', count: 1 } },
    { roster_position: { position: 'IR', count: '1' } },
  ],
  stat_categories: {
    stats: [
      stat(4, 'Passing Yards'),
      stat(5, 'Passing Touchdowns'),
      stat(11, 'Receptions'),
      stat(50, 'Points Allowed 0 points'),
    ],
  },
  stat_modifiers: {
    stats: [
      {
        stat: {
          stat_id: '4',
          value: '0.04',
          bonuses: [{ bonus: { target: '300', points: '3' } }],
        },
      },
      { stat: { stat_id: '5', value: '4' } },
      { stat: { stat_id: '11', value: '0.5' } },
      { stat: { stat_id: '50', value: '10' } },
    ],
  },
};

/** Team projections of weeks 1-3, by week then team. */
const PROJECTED: Record<number, [string, string]> = {
  1: ['105.10', '99.90'],
  2: ['101.00', '97.40'],
  3: ['98.75', '102.30'],
};

type Line = [id: number, name: string, slot: string, points: string | undefined, status?: string];

/** Each week's lineups: team 1, then team 2. */
const LINES: Record<number, [Line[], Line[]]> = {
  1: [
    [
      [90001, 'Walter Example', 'QB', '80.50'],
      [90002, 'Sample Runner', 'W/R/T', '30.00'],
      [90007, 'Hurt Example', 'IR', '0.00', 'IR'],
    ],
    [
      [90003, 'Invented Catcher', 'QB', '60.25'],
      [90008, 'Benched Backup', 'BN', '12.30'],
      [90004, 'Pretend Tightend', 'W/R/T', '38.00'],
    ],
  ],
  2: [
    [
      [90001, 'Walter Example', 'QB', '70.00'],
      [90002, 'Sample Runner', 'W/R/T', '30.00'],
    ],
    [
      [90003, 'Invented Catcher', 'QB', '50.50'],
      [90004, 'Pretend Tightend', 'W/R/T', '49.50'],
    ],
  ],
  3: [
    [
      [90001, 'Walter Example', 'QB', '60.25'],
      [90002, 'Sample Runner', 'W/R/T', '40.00'],
    ],
    [
      [90003, 'Invented Catcher', 'QB', '55.00'],
      [90004, 'Pretend Tightend', 'W/R/T', '45.00'],
      [90008, 'Benched Backup', 'BN', undefined],
    ],
  ],
};

function lineupPlayer(week: number, [id, name, slot, points, status]: Line): unknown {
  const [first, last] = name.split(' ');
  const fields: Json[] = [
    { player_key: `399.p.${id}` },
    { player_id: String(id) },
    { name: { full: name, first, last } },
    { editorial_team_abbr: 'Det' },
    { display_position: 'WR' },
  ];
  if (status !== undefined) {
    fields.push({ status }, { status_full: 'Injured Reserve' }, { injury_note: 'Knee' });
  }
  const coverage = { coverage_type: 'week', week: String(week) };
  return [
    fields,
    { selected_position: [coverage, { position: slot }, { is_flex: slot === 'W/R/T' ? 1 : 0 }] },
    { player_stats: { '0': coverage, stats: [] } },
    ...(points === undefined ? [] : [{ player_points: { '0': coverage, total: points } }]),
  ];
}

/** The league's data beside its rosters with the game's parts added. */
export function withSyntheticGame(activity: RecordedActivity): RecordedActivity {
  const weekRosters: Record<number, Record<string, unknown[]>> = {};
  for (const [week, [one, two]] of Object.entries(LINES)) {
    weekRosters[Number(week)] = {
      '1': one.map((line) => lineupPlayer(Number(week), line)),
      '2': two.map((line) => lineupPlayer(Number(week), line)),
    };
  }
  return {
    ...activity,
    settings: { ...activity.settings, ...SETTINGS },
    matchups: (activity.matchups ?? []).map((matchup) => withProjections(matchup)),
    weekRosters,
  };
}

function withProjections(matchup: Json): Json {
  const projected = PROJECTED[Number(matchup.week)];
  if (projected === undefined) return matchup;
  const teams = (matchup['0'] as Json).teams as Json;
  const side = (index: 0 | 1): Json => {
    const team = (teams[String(index)] as Json).team as unknown[];
    const total = projected[index];
    return { team: [...team, { team_projected_points: { coverage_type: 'week', total } }] };
  };
  return { ...matchup, '0': { teams: { '0': side(0), '1': side(1), count: 2 } } };
}
