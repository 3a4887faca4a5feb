// ESPN's stat ids (a scoring item's `statId`, the keys of a player's `stats`) per sport, with the
// abbreviation ESPN's league settings page shows, as public clients read them
// (cwendt94/espn-api's SETTINGS_SCORING_FORMAT_MAP and STATS_MAP). ESPN documents none of them.
//
// Each table is one line of words, the stat id being a word's place (from 0; "-" is an id ESPN
// has not been seen to use). A word is `ABBR`, or `ABBR:key` where the stat is one of the
// service's STAT_KEYS, `ABBR:key/N` for an item scoring every N units of it, and
// `ABBR:key[min,max]` for a game bonus or a range ("300-399 yard passing game", "7-13 points
// allowed"; an empty max is open-ended), the bounds being the ones ESPN's label names.
import type { Sport } from '../../domain/catalog.ts';
import { STAT_KEYS } from '../../domain/game.ts';
import type { StatKey } from '../../domain/game.ts';

const FOOTBALL = [
  // 0: passing
  'PA:passing_attempts PC:passing_completions INC PY:passing_yards PTD:passing_touchdowns',
  'PY5:passing_yards/5 PY10:passing_yards/10 PY20:passing_yards/20 PY25:passing_yards/25',
  'PY50:passing_yards/50 PY100:passing_yards/100 PC5:passing_completions/5',
  'PC10:passing_completions/10 IP5 IP10 PTD40 PTD50 P300:passing_yards[300,399]',
  'P400:passing_yards[400,] 2PC:passing_two_point INTT:passing_interceptions CPCT PYPG',
  // 23: rushing
  'RA:rushing_attempts RY:rushing_yards RTD:rushing_touchdowns 2PR:rushing_two_point',
  'RY5:rushing_yards/5 RY10:rushing_yards/10 RY20:rushing_yards/20 RY25:rushing_yards/25',
  'RY50:rushing_yards/50 R100:rushing_yards/100 RA5:rushing_attempts/5',
  'RA10:rushing_attempts/10 RTD40 RTD50 RY100:rushing_yards[100,199] RY200:rushing_yards[200,]',
  'RYPA RYPG',
  // 41: receiving
  'RECS:receptions REY:receiving_yards RETD:receiving_touchdowns 2PRE:receiving_two_point',
  'RETD40 RETD50 REY5:receiving_yards/5 REY10:receiving_yards/10 REY20:receiving_yards/20',
  'REY25:receiving_yards/25 REY50:receiving_yards/50 RE100:receiving_yards/100 REC:receptions',
  'REC5:receptions/5 REC10:receptions/10 REY100:receiving_yards[100,199]',
  'REY200:receiving_yards[200,] RET:receiving_targets YAC YPC REYPG',
  // 62: miscellaneous offence, kicking
  'PTL FTD SKD PFUM RFUM REFUM FUM:fumbles PFUML RFUML REFUML FUML:fumbles_lost TT',
  'FG50P FGA50P FGM50P FG40 FGA40 FGM40 FG0 FGA0 FGM0 FG:field_goals_made FGA',
  'FGM:field_goals_missed PAT:extra_points_made PATA PATM:extra_points_missed',
  // 89: team defence and special teams
  'PA0:points_allowed[0,0] PA1:points_allowed[1,6] PA7:points_allowed[7,13]',
  'PA14:points_allowed[14,17] BLKKRTD DEFRETTD:defensive_touchdowns',
  'INT:defensive_interceptions FR:fumbles_recovered BLKK:blocked_kicks SF:safeties SK:sacks',
  'HALFSK KRTD PRTD INTTD FRTD TRTD:return_touchdowns FF TKA TKS TK:tackles TK3:tackles/3',
  'TK5:tackles/5 STF PD KR PR KR10 KR25 PR10 PR25 PTSA:points_allowed',
  'PA18:points_allowed[18,21] PA22:points_allowed[22,27] PA28:points_allowed[28,34]',
  'PA35:points_allowed[35,45] PA46:points_allowed[46,] PAPG YA:yards_allowed',
  'YA100:yards_allowed[0,99] YA199:yards_allowed[100,199] YA299:yards_allowed[200,299]',
  'YA349:yards_allowed[300,349] YA399:yards_allowed[350,399] YA449:yards_allowed[400,449]',
  'YA499:yards_allowed[450,499] YA549:yards_allowed[500,549] YA550:yards_allowed[550,] YAPG',
  // 138: punting, head coach
  'PT PTY PT10 PT20 PTB PTR PTRY PTTB PTFC PTAVG PTA44 PTA42 PTA40 PTA38 PTA36 PTA34 PTA33',
  'TW TL TIE PTS PPG MGN WM25 WM20 WM15 WM10 WM5 WM1 LM1 LM5 LM10 LM15 LM20 LM25 MGNPG WINPCT',
  // 175: touchdown length bonuses, D/ST points allowed, long field goals, returns, first downs
  'PTD0 PTD10 PTD20 PTD30 RTD0 RTD10 RTD20 RTD30 RETD0 RETD10 RETD20 RETD30',
  'DPTSA DPA0 DPA1 DPA7 DPA14 DPA18 DPA22 DPA28 DPA35 DPA46 DPAPG FG50 FGA50 FGM50 FG60 FGA60',
  'FGM60 O2PRET D2PRET 2PRET O1PSF D1PSF 1PSF GP PFD RFD REFD FGY FGMY FGAY',
  'FGY5 FGY10 FGY20 FGY25 FGY50 FGY100 FGMY5 FGMY10 FGMY20 FGMY25 FGMY50 FGMY100',
  'FGAY5 FGAY10 FGAY20 FGAY25 FGAY50 FGAY100',
];

const BASKETBALL = [
  'PTS:points BLK:blocks STL:steals AST:assists OREB DREB REB:rebounds EJ FF PF TF TO:turnovers',
  'DQ FGM FGA FTM FTA 3PM:three_pointers_made 3PA FG%:field_goal_percentage',
  'FT%:free_throw_percentage 3PT% AFG% FGMI FTMI 3PMI APG BPG MPG PPG RPG SPG TOPG 3PG PPM A/TO',
  'STR DD TD QD MIN GS GP TW FTR',
];

const BASEBALL = [
  'AB H:hits AVG:batting_average 2B 3B HR:home_runs XBH 1B TB SLG:slugging_percentage',
  'BB:walks IBB HBP SF SH SAC PA OBP:on_base_percentage OPS RC R:runs RBI:runs_batted_in -',
  'SB:stolen_bases CS SB-CS GDP SO PS PPA - CYC GP GS OUTS TBF P HA OBA BBA IBBA WHIP:whip',
  'HB OOBP RA ER HRA ERA:earned_run_average K:strikeouts K/9 WP BLK PK W:wins L:losses WPCT',
  'SVO SV:saves BLSV SV% HLD:holds - CG QS:quality_starts - NH PG TC PO A OFA FPCT E DP',
  'BGW BGL PGW PGL - - - G K/BB SVHD',
];

/** A stat as ESPN names it, with the service's key and the unit or range of a scoring item. */
export interface EspnStat {
  name: string;
  key?: StatKey;
  per?: number;
  min?: number;
  max?: number;
}

const WORD = /^([^:]+)(?::([a-z_]+)(?:\/(\d+)|\[(\d+),(\d*)\])?)?$/;
const KEYS: ReadonlySet<string> = new Set(STAT_KEYS);

function parse(lines: readonly string[]): ReadonlyMap<number, EspnStat> {
  const words = lines.join(' ').split(/\s+/);
  const table = new Map<number, EspnStat>();
  words.forEach((word, id) => {
    const match = WORD.exec(word);
    if (!match || word === '-') return;
    const [, name, key, per, min, max] = match;
    if (key !== undefined && !KEYS.has(key)) throw new Error(`ESPN stat table: no key ${key}`);
    table.set(id, {
      name: name as string,
      ...(key !== undefined ? { key: key as StatKey } : {}),
      ...(per !== undefined ? { per: Number(per) } : {}),
      ...(min !== undefined ? { min: Number(min) } : {}),
      ...(max ? { max: Number(max) } : {}),
    });
  });
  return table;
}

const STATS: Readonly<Record<Sport, ReadonlyMap<number, EspnStat>>> = {
  football: parse(FOOTBALL),
  basketball: parse(BASKETBALL),
  baseball: parse(BASEBALL),
};

/** What the table knows of an ESPN stat id; undefined for one it lacks. */
export function statOf(sport: Sport, statId: number): EspnStat | undefined {
  return STATS[sport].get(statId);
}
