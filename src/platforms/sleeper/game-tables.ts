// Sleeper's words for stats, lineup slots, waiver kinds and injuries, as the service names them.
// Learned from Sleeper's league bodies (scoring_settings, roster_positions, settings), its player
// dump, and how open clients read them (ffscrapr's stat mapping and starter positions; Sleeper
// model libraries' injury statuses). A key or slot not listed keeps only Sleeper's own name.
import type { InjuryStatus, LineupSlot, StatKey, WaiverType } from '../../domain/game.ts';

export interface SleeperStat {
  name: string;
  key?: StatKey;
}

/** scoring_settings keys scored per unit (per yard, per reception...). */
export const SLEEPER_STATS: Readonly<Record<string, SleeperStat>> = {
  pass_yd: { name: 'Passing yards', key: 'passing_yards' },
  pass_td: { name: 'Passing touchdowns', key: 'passing_touchdowns' },
  pass_int: { name: 'Interceptions thrown', key: 'passing_interceptions' },
  pass_cmp: { name: 'Completions', key: 'passing_completions' },
  pass_att: { name: 'Passing attempts', key: 'passing_attempts' },
  pass_inc: { name: 'Incompletions' },
  pass_2pt: { name: 'Passing two-point conversions', key: 'passing_two_point' },
  pass_sack: { name: 'Sacked' },
  pass_fd: { name: 'Passing first downs' },
  pass_int_td: { name: 'Pick sixes thrown' },
  rush_yd: { name: 'Rushing yards', key: 'rushing_yards' },
  rush_td: { name: 'Rushing touchdowns', key: 'rushing_touchdowns' },
  rush_att: { name: 'Rushing attempts', key: 'rushing_attempts' },
  rush_2pt: { name: 'Rushing two-point conversions', key: 'rushing_two_point' },
  rush_fd: { name: 'Rushing first downs' },
  rec: { name: 'Receptions', key: 'receptions' },
  rec_yd: { name: 'Receiving yards', key: 'receiving_yards' },
  rec_td: { name: 'Receiving touchdowns', key: 'receiving_touchdowns' },
  rec_tgt: { name: 'Targets', key: 'receiving_targets' },
  rec_2pt: { name: 'Receiving two-point conversions', key: 'receiving_two_point' },
  rec_fd: { name: 'Receiving first downs' },
  fum: { name: 'Fumbles', key: 'fumbles' },
  fum_lost: { name: 'Fumbles lost', key: 'fumbles_lost' },
  fum_rec_td: { name: 'Fumble recovery touchdowns' },
  fgm: { name: 'Field goals made', key: 'field_goals_made' },
  fgmiss: { name: 'Field goals missed', key: 'field_goals_missed' },
  fgm_yds: { name: 'Field goal yards' },
  xpm: { name: 'Extra points made', key: 'extra_points_made' },
  xpmiss: { name: 'Extra points missed', key: 'extra_points_missed' },
  sack: { name: 'Sacks', key: 'sacks' },
  int: { name: 'Interceptions', key: 'defensive_interceptions' },
  fum_rec: { name: 'Fumble recoveries', key: 'fumbles_recovered' },
  ff: { name: 'Forced fumbles' },
  def_td: { name: 'Defensive touchdowns', key: 'defensive_touchdowns' },
  safe: { name: 'Safeties', key: 'safeties' },
  blk_kick: { name: 'Blocked kicks', key: 'blocked_kicks' },
  def_st_td: { name: 'Special teams touchdowns (team defence)', key: 'return_touchdowns' },
  def_st_ff: { name: 'Special teams forced fumbles (team defence)' },
  def_st_fum_rec: { name: 'Special teams fumble recoveries (team defence)' },
  st_td: { name: 'Special teams touchdowns', key: 'return_touchdowns' },
  st_ff: { name: 'Special teams forced fumbles' },
  st_fum_rec: { name: 'Special teams fumble recoveries' },
  def_pr_td: { name: 'Punt return touchdowns (team defence)' },
  def_kr_td: { name: 'Kick return touchdowns (team defence)' },
  pr_td: { name: 'Punt return touchdowns' },
  kr_td: { name: 'Kick return touchdowns' },
  idp_tkl: { name: 'Tackles (IDP)', key: 'tackles' },
  idp_tkl_solo: { name: 'Solo tackles (IDP)' },
  idp_tkl_ast: { name: 'Assisted tackles (IDP)' },
  idp_sack: { name: 'Sacks (IDP)' },
  idp_int: { name: 'Interceptions (IDP)' },
  idp_ff: { name: 'Forced fumbles (IDP)' },
  idp_fum_rec: { name: 'Fumble recoveries (IDP)' },
  idp_def_td: { name: 'Defensive touchdowns (IDP)' },
  idp_safe: { name: 'Safeties (IDP)' },
  idp_blk_kick: { name: 'Blocked kicks (IDP)' },
  idp_pass_def: { name: 'Passes defended (IDP)' },
  // basketball
  pts: { name: 'Points', key: 'points' },
  reb: { name: 'Rebounds', key: 'rebounds' },
  ast: { name: 'Assists', key: 'assists' },
  stl: { name: 'Steals', key: 'steals' },
  blk: { name: 'Blocks', key: 'blocks' },
  to: { name: 'Turnovers', key: 'turnovers' },
};

/** The stats Sleeper's one-off bonuses (`bonus_<stat>_<threshold>`) are reached on. */
export const SLEEPER_BONUS_STATS: Readonly<Record<string, SleeperStat>> = {
  pass_yd: SLEEPER_STATS['pass_yd'] as SleeperStat,
  rush_yd: SLEEPER_STATS['rush_yd'] as SleeperStat,
  rec_yd: SLEEPER_STATS['rec_yd'] as SleeperStat,
  pass_cmp: SLEEPER_STATS['pass_cmp'] as SleeperStat,
  rush_att: SLEEPER_STATS['rush_att'] as SleeperStat,
  rec: SLEEPER_STATS['rec'] as SleeperStat,
};

/** Ranges scored once a game: `pts_allow_7_13`, `yds_allow_100_199`, `..._35p` (35 and more). */
export const SLEEPER_RANGE_STATS: Readonly<Record<string, SleeperStat>> = {
  pts_allow: { name: 'Points allowed', key: 'points_allowed' },
  yds_allow: { name: 'Yards allowed', key: 'yards_allowed' },
};

/** Per-position reception premiums: `bonus_rec_te` is a tight end's extra points a catch. */
export const SLEEPER_POSITION_PREMIUMS: Readonly<Record<string, string>> = {
  bonus_rec_te: 'TE',
  bonus_rec_rb: 'RB',
  bonus_rec_wr: 'WR',
};

export interface SleeperSlot {
  slot: LineupSlot;
  /** A flex slot's positions, as Sleeper's slot names spell them (ffscrapr's starter positions). */
  eligible?: readonly string[];
}

/** roster_positions entries. Basketball's G, F and UTIL keep no positions: Sleeper lists none. */
export const SLEEPER_SLOTS: Readonly<Record<string, SleeperSlot>> = {
  QB: { slot: 'QB' },
  RB: { slot: 'RB' },
  WR: { slot: 'WR' },
  TE: { slot: 'TE' },
  K: { slot: 'K' },
  DEF: { slot: 'DEF' },
  DL: { slot: 'DL' },
  LB: { slot: 'LB' },
  DB: { slot: 'DB' },
  FLEX: { slot: 'FLEX', eligible: ['RB', 'WR', 'TE'] },
  WRRB_FLEX: { slot: 'FLEX', eligible: ['WR', 'RB'] },
  REC_FLEX: { slot: 'FLEX', eligible: ['WR', 'TE'] },
  SUPER_FLEX: { slot: 'SUPER_FLEX', eligible: ['QB', 'RB', 'WR', 'TE'] },
  IDP_FLEX: { slot: 'IDP_FLEX', eligible: ['DL', 'LB', 'DB'] },
  PG: { slot: 'PG' },
  SG: { slot: 'SG' },
  SF: { slot: 'SF' },
  PF: { slot: 'PF' },
  C: { slot: 'C' },
  G: { slot: 'G' },
  F: { slot: 'F' },
  UTIL: { slot: 'UTIL' },
  BN: { slot: 'BN' },
};

/** The roster body's own lists, which roster_positions does not name: IR and the taxi squad. */
export const RESERVE_SLOT = { slot: 'IR', platformSlot: 'reserve' } as const;
export const TAXI_SLOT = { slot: 'TAXI', platformSlot: 'taxi' } as const;

/** settings.waiver_type: only 2 (FAAB) reads the same in every client; 0 and 1 are kept as codes. */
export const SLEEPER_WAIVER_TYPES: Readonly<Record<number, WaiverType>> = { 2: 'faab' };

/** settings.trade_deadline when the league has none. */
export const NO_TRADE_DEADLINE = 99;

/** The dump's injury_status values (COV: on the COVID-19 list; DNR: did not report). */
export const SLEEPER_INJURY_STATUSES: Readonly<Record<string, InjuryStatus>> = {
  probable: 'probable',
  questionable: 'questionable',
  doubtful: 'doubtful',
  out: 'out',
  ir: 'injured_reserve',
  pup: 'physically_unable',
  nfi: 'non_football_injury',
  sus: 'suspended',
  cov: 'illness',
  na: 'not_active',
  dnr: 'not_active',
  dtd: 'day_to_day',
};
