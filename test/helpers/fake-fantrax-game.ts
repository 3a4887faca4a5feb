// The game's parts of the fake Fantrax (fake-fantrax.ts): getLeagueInfo's scoring settings and
// each period's roster statuses. Made up in the shapes public clients show, unconfirmed by any
// recording (src/platforms/fantrax/README.md, "The game").
import type { FakeLeague } from './fake-fantrax-other.ts';

/**
 * Unconfirmed shape (go-fantrax league_info.go; a basketball client's captured settings): a
 * points league's configs carry `points` per stat and position ("Default": every position), a
 * category league's `weight`. The category codes of the basketball league are the captured ones;
 * the football and baseball codes are made up.
 */
export function scoringSystemBody(league: FakeLeague): unknown {
  const named = (code: string, name: string, shortName: string) => ({
    code,
    id: code,
    name,
    shortName,
  });
  if (league.sport === 'NBA') {
    return {
      type: 'HEAD_TO_HEAD_ROTI_MULTI_WIN',
      scoringCategorySettings: [
        {
          group: named('BASKETBALL', 'Basketball', 'BB'),
          configs: [
            { scoringCategory: named('INDIVIDUAL_POINTS', 'Points', 'PTS'), weight: 1 },
            { scoringCategory: named('INDIVIDUAL_REBOUNDS', 'Rebounds', 'REB'), weight: 1 },
            { scoringCategory: named('INDIVIDUAL_TURNOVERS', 'Turnovers', 'TO'), weight: 1 },
          ],
        },
      ],
    };
  }
  const everyone = named('DEFAULT', 'Default', 'Default');
  return {
    type: 'HEAD_TO_HEAD_POINTS',
    scoringCategorySettings: [
      {
        group: named('SCORING', 'Scoring', 'SC'),
        configs: [
          {
            scoringCategory: named('MADEUP_YARDS', 'Yards', 'Yd'),
            position: everyone,
            points: 0.1,
          },
          {
            scoringCategory: named('MADEUP_CATCHES', 'Catches', 'Ct'),
            position: everyone,
            points: 0.5,
          },
          {
            scoringCategory: named('MADEUP_CATCHES', 'Catches', 'Ct'),
            position: named('TE', 'Tight End', 'TE'),
            points: 1,
          },
        ],
      },
    ],
  };
}

/** The statuses a roster's n-th player has in a period (unconfirmed: ACTIVE, RESERVE...). */
export function statusIn(league: FakeLeague, index: number, period: number): string {
  const cycle = ['ACTIVE', 'ACTIVE', 'RESERVE', 'INJURED_RESERVE', 'MINORS'];
  const statuses = league.sport === 'NFL' ? cycle.slice(0, 4) : cycle;
  return statuses[(index + period) % statuses.length] as string;
}
