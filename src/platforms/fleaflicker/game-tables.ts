// Fleaflicker's names for lineup slots, stats and injury designations, and the service's names for
// them. Learnt from the recorded FetchLeagueRules and FetchLeagueBoxscore bodies and from how
// ffscrapr reads them (ff_starters, ff_scoring); a name the tables lack keeps only its own.
import type { Sport } from '../../domain/catalog.ts';
import type { InjuryStatus, LineupSlot, StatKey } from '../../domain/game.ts';

/** Slot labels that name one slot outright, per sport (Fleaflicker's `position.label`). */
const SLOT_LABELS: Readonly<Record<Sport, Readonly<Record<string, LineupSlot>>>> = {
  football: {
    QB: 'QB',
    RB: 'RB',
    WR: 'WR',
    TE: 'TE',
    K: 'K',
    'D/ST': 'DEF',
    LB: 'LB',
    DB: 'DB',
    CB: 'DB',
    S: 'DB',
    EDR: 'DL',
    IL: 'DL',
    DE: 'DL',
    DT: 'DL',
    DL: 'DL',
    'EDR/IL': 'DL',
  },
  baseball: {
    C: 'C',
    '1B': '1B',
    '2B': '2B',
    '3B': '3B',
    SS: 'SS',
    OF: 'OF',
    LF: 'LF',
    CF: 'CF',
    RF: 'RF',
    DH: 'DH',
    SP: 'SP',
    RP: 'RP',
    P: 'P',
    UTIL: 'UTIL',
  },
  basketball: {
    PG: 'PG',
    SG: 'SG',
    SF: 'SF',
    PF: 'PF',
    C: 'C',
    G: 'G',
    F: 'F',
    UTIL: 'UTIL',
  },
};

const OFFENCE = new Set(['RB', 'WR', 'TE']);
const DEFENCE = new Set(['CB', 'S', 'EDR', 'IL', 'DE', 'DT', 'LB', 'DB', 'DL']);
/** Slots of several positions outside football, by the positions they take. */
const COMBINED: ReadonlyArray<{ sport: Sport; slot: LineupSlot; positions: readonly string[] }> = [
  { sport: 'baseball', slot: 'CI', positions: ['1B', '3B'] },
  { sport: 'baseball', slot: 'MI', positions: ['2B', 'SS'] },
  { sport: 'baseball', slot: 'OF', positions: ['OF', 'LF', 'CF', 'RF'] },
  { sport: 'baseball', slot: 'P', positions: ['SP', 'RP', 'P'] },
  { sport: 'basketball', slot: 'G', positions: ['PG', 'SG'] },
  { sport: 'basketball', slot: 'F', positions: ['SF', 'PF'] },
];

/**
 * The service's slot for a Fleaflicker slot: its group first (INJURED, TAXI; the bench has none
 * and is labelled BN), then its label, then what its eligible positions make it (RB/WR/TE a FLEX,
 * QB/RB/WR/TE a SUPER_FLEX, a mix of defensive positions an IDP_FLEX; 1B/3B a CI, PG/SG a G...);
 * OTHER for the rest (a football league's punter slot P, for one).
 */
export function lineupSlot(
  sport: Sport,
  label: string,
  group: string | undefined,
  eligibility: readonly string[] = [],
): LineupSlot {
  if (group === 'INJURED') return 'IR';
  if (group === 'TAXI') return 'TAXI';
  if (label === 'BN') return 'BN';
  if (label === 'IR') return 'IR';
  if (label === 'TAXI') return 'TAXI';
  const named = SLOT_LABELS[sport][label];
  if (named !== undefined) return named;
  if (eligibility.length < 2) return 'OTHER';
  const positions = new Set(eligibility);
  const within = (set: readonly string[]) => [...positions].every((p) => set.includes(p));
  if (sport !== 'football') {
    return COMBINED.find((c) => c.sport === sport && within(c.positions))?.slot ?? 'OTHER';
  }
  if ([...positions].every((p) => OFFENCE.has(p))) return 'FLEX';
  if (positions.has('QB') && [...positions].every((p) => p === 'QB' || OFFENCE.has(p))) {
    return 'SUPER_FLEX';
  }
  if ([...positions].every((p) => DEFENCE.has(p))) return 'IDP_FLEX';
  return 'OTHER';
}

/**
 * Fleaflicker's football stat categories (`category.id` of a scoring rule) that are one of the
 * service's stats. Return touchdowns of kicks and punts share one key, as do blocked kicks.
 */
const FOOTBALL_STATS: Readonly<Record<number, StatKey>> = {
  3: 'passing_yards',
  4: 'passing_two_point',
  5: 'passing_touchdowns',
  7: 'passing_interceptions',
  22: 'rushing_yards',
  23: 'rushing_two_point',
  24: 'rushing_touchdowns',
  26: 'fumbles',
  27: 'fumbles_lost',
  41: 'receptions',
  42: 'receiving_yards',
  43: 'receiving_two_point',
  44: 'receiving_touchdowns',
  63: 'return_touchdowns',
  67: 'return_touchdowns',
  84: 'defensive_interceptions',
  85: 'sacks',
  87: 'fumbles_recovered',
  88: 'safeties',
  89: 'defensive_touchdowns',
  91: 'blocked_kicks',
  92: 'blocked_kicks',
  101: 'field_goals_made',
  102: 'field_goals_made',
  104: 'extra_points_made',
  105: 'extra_points_missed',
  106: 'field_goals_missed',
};

/** Only football's categories are recorded; baseball's and basketball's keep their own names. */
export function statKey(sport: Sport, categoryId: number): StatKey | undefined {
  return sport === 'football' ? FOOTBALL_STATS[categoryId] : undefined;
}

/**
 * Fleaflicker's injury designations (`injury.typeAbbreviaition`) as recorded: Q, OUT, IR, IRD
 * (on injured reserve, designated to return), PUP, SUS, CVD (COVID-19, an illness), CVP (a game
 * postponed for COVID-19: out, but not hurt), EX (reserve/exempt: an opt-out). Others go by their
 * severity.
 */
const INJURY_DESIGNATIONS: Readonly<Record<string, InjuryStatus>> = {
  Q: 'questionable',
  OUT: 'out',
  IR: 'injured_reserve',
  IRD: 'injured_reserve',
  PUP: 'physically_unable',
  SUS: 'suspended',
  CVD: 'illness',
  CVP: 'other',
  EX: 'not_active',
};

/** By `injury.severity` where the designation is not in the table. */
const INJURY_SEVERITIES: Readonly<Record<string, InjuryStatus>> = {
  PROBABLE: 'probable',
  QUESTIONABLE: 'questionable',
  DOUBTFUL: 'doubtful',
  OUT: 'out',
};

export function injuryStatus(designation: string, severity: string | undefined): InjuryStatus {
  return (
    INJURY_DESIGNATIONS[designation.toUpperCase()] ??
    INJURY_SEVERITIES[severity?.toUpperCase() ?? ''] ??
    'other'
  );
}
