// The made-up Yahoo league's data beside its rosters (fake-yahoo-synthetic.ts), in Yahoo's JSON
// shapes, for what the recordings lack: divisions with names, a co-manager and a hidden one, a
// tied week, a waiver claim with a FAAB bid, a trade with a pick, a vetoed trade, a commissioner
// move, one naming a team the league does not have, and an auction draft with prices.
import type { Json, RecordedActivity } from './fake-yahoo-recordings.ts';

const LEAGUE = '399.l.90001';
const teamKey = (id: number): string => `${LEAGUE}.t.${id}`;
const playerKey = (id: number): string => `399.p.${id}`;

/** Weeks 1-3 are played or under way, week 4 not started; current_week is 3. */
export const SYNTHETIC_WEEKS = { start_week: '1', current_week: 3, end_week: '16' } as const;

function standing(rank: number, wins: number, losses: number, pf: string, pa: string) {
  return {
    rank: String(rank),
    outcome_totals: { wins, losses, ties: 1 },
    points_for: pf,
    points_against: pa,
  };
}

function standingTeam(id: number, division: string, managers: Json[], standings: Json): unknown {
  return [
    [
      { team_key: teamKey(id) },
      { team_id: String(id) },
      { division_id: division },
      {
        team_logos: [
          { team_logo: { size: 'large', url: `https://example.invalid/logos/${id}.png` } },
        ],
      },
      { managers: managers.map((manager) => ({ manager })) },
    ],
    { team_points: { coverage_type: 'season', total: standings.points_for } },
    { team_standings: standings },
  ];
}

function matchup(week: number, status: string, scores: [string, string], extra: Json): Json {
  const side = (id: number, total: string) => ({
    team: [
      [{ team_key: teamKey(id) }, { team_id: String(id) }],
      { team_points: { coverage_type: 'week', week: String(week), total } },
    ],
  });
  return {
    '0': { teams: { '0': side(1, scores[0]), '1': side(2, scores[1]), count: 2 } },
    week: String(week),
    status,
    is_playoffs: '0',
    is_consolation: '0',
    ...extra,
  };
}

function moved(id: number, name: string, data: Json): Json {
  const [first, last] = name.split(' ');
  return {
    player: [
      [
        { player_key: playerKey(id) },
        { player_id: String(id) },
        { name: { full: name, first, last } },
        { editorial_team_abbr: 'Buf' },
        { display_position: 'WR' },
      ],
      // Yahoo sends a drop's transaction_data as an object, an add's as a one-item array.
      { transaction_data: data.type === 'add' ? [data] : data },
    ],
  };
}

function transaction(id: number, type: string, status: string, extra: Json, players: Json[]) {
  const listed: Json = {};
  players.forEach((player, index) => (listed[String(index)] = player));
  listed.count = players.length;
  return [
    {
      transaction_key: `${LEAGUE}.tr.${id}`,
      transaction_id: String(id),
      type,
      status,
      timestamp: String(1_632_000_000 + id * 3600),
      ...extra,
    },
    ...(players.length === 0 ? [] : [{ players: listed }]),
  ];
}

const trade = (from: number, to: number) => ({
  type: 'trade',
  source_type: 'team',
  source_team_key: teamKey(from),
  destination_type: 'team',
  destination_team_key: teamKey(to),
});

export function syntheticYahooActivity(): RecordedActivity {
  return {
    settings: {
      draft_type: 'live',
      is_auction_draft: '1',
      draft_time: '1630000000',
      uses_faab: '1',
      divisions: [
        { division: { division_id: '1', name: 'Invented East' } },
        { division: { division_id: '2', name: 'Made-Up West' } },
      ],
    },
    standings: [
      standingTeam(
        1,
        '1',
        [{ manager_id: '1', nickname: 'Fixture Fan', guid: 'FIXTUREFANGUID0000000000001' }],
        standing(1, 1, 1, '310.75', '298.25'),
      ),
      standingTeam(
        2,
        '2',
        [
          {
            manager_id: '3',
            nickname: 'Co Pilot',
            guid: 'COMANAGERGUID00000000000003',
            is_comanager: '1',
          },
          {
            manager_id: '2',
            nickname: 'Made Up',
            guid: 'MADEUPMANAGER00000000000002',
            email: 'x@example.invalid',
          },
          { manager_id: '4', nickname: '--hidden--', guid: '--' },
        ],
        standing(2, 1, 1, '298.25', '310.75'),
      ),
    ],
    matchups: [
      matchup(1, 'postevent', ['110.50', '98.25'], { is_tied: 0, winner_team_key: teamKey(1) }),
      matchup(2, 'postevent', ['100.00', '100.00'], { is_tied: 1 }),
      matchup(3, 'midevent', ['100.25', '100.00'], {}),
      matchup(4, 'preevent', ['0.00', '0.00'], {}),
    ],
    transactions: [
      transaction(5, 'add', 'successful', {}, [
        moved(90009, 'Stray Unknown', {
          type: 'add',
          source_type: 'freeagents',
          destination_type: 'team',
          destination_team_key: teamKey(7),
        }),
      ]),
      transaction(
        4,
        'trade',
        'successful',
        {
          trader_team_key: teamKey(2),
          tradee_team_key: teamKey(1),
          picks: [
            {
              pick: {
                source_team_key: teamKey(2),
                destination_team_key: teamKey(1),
                original_team_key: teamKey(2),
                round: '3',
              },
            },
          ],
        },
        [moved(90003, 'Invented Catcher', trade(2, 1)), moved(90002, 'Sample Runner', trade(1, 2))],
      ),
      transaction(3, 'add/drop', 'successful', { faab_bid: '17' }, [
        moved(90005, 'Waiver Wanderer', {
          type: 'add',
          source_type: 'waivers',
          destination_type: 'team',
          destination_team_key: teamKey(2),
        }),
        moved(90004, 'Pretend Tightend', {
          type: 'drop',
          source_type: 'team',
          source_team_key: teamKey(2),
          destination_type: 'waivers',
        }),
      ]),
      transaction(2, 'commish', 'successful', {}, []),
      transaction(
        1,
        'trade',
        'vetoed',
        { trader_team_key: teamKey(1), tradee_team_key: teamKey(2) },
        [moved(90001, 'Walter Example', trade(1, 2))],
      ),
    ],
    draftResults: [
      { pick: 1, round: 1, team_key: teamKey(1), player_key: playerKey(90001), cost: '45' },
      { pick: 2, round: 1, team_key: teamKey(2), player_key: playerKey(90003), cost: '30' },
      { pick: 3, round: 2, team_key: teamKey(2), player_key: playerKey(90004), cost: '1' },
      { pick: 4, round: 2, team_key: teamKey(1), player_key: playerKey(90002), cost: '12' },
    ],
  };
}
