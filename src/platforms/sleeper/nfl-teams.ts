// Sleeper lists each NFL team defence as a player whose id is the team abbreviation ("DET"),
// with first_name the city and last_name the nickname. When neither the player dump nor a draft
// has one of those ids, this table still gives it a name instead of a bare "DET".
const NFL_TEAMS: Readonly<Record<string, readonly [city: string, nickname: string]>> = {
  ARI: ['Arizona', 'Cardinals'],
  ATL: ['Atlanta', 'Falcons'],
  BAL: ['Baltimore', 'Ravens'],
  BUF: ['Buffalo', 'Bills'],
  CAR: ['Carolina', 'Panthers'],
  CHI: ['Chicago', 'Bears'],
  CIN: ['Cincinnati', 'Bengals'],
  CLE: ['Cleveland', 'Browns'],
  DAL: ['Dallas', 'Cowboys'],
  DEN: ['Denver', 'Broncos'],
  DET: ['Detroit', 'Lions'],
  GB: ['Green Bay', 'Packers'],
  HOU: ['Houston', 'Texans'],
  IND: ['Indianapolis', 'Colts'],
  JAX: ['Jacksonville', 'Jaguars'],
  KC: ['Kansas City', 'Chiefs'],
  LAC: ['Los Angeles', 'Chargers'],
  LAR: ['Los Angeles', 'Rams'],
  LV: ['Las Vegas', 'Raiders'],
  MIA: ['Miami', 'Dolphins'],
  MIN: ['Minnesota', 'Vikings'],
  NE: ['New England', 'Patriots'],
  NO: ['New Orleans', 'Saints'],
  NYG: ['New York', 'Giants'],
  NYJ: ['New York', 'Jets'],
  // Abbreviations of the 2017-2019 seasons, before the moves and the renaming.
  OAK: ['Oakland', 'Raiders'],
  SD: ['San Diego', 'Chargers'],
  PHI: ['Philadelphia', 'Eagles'],
  PIT: ['Pittsburgh', 'Steelers'],
  SEA: ['Seattle', 'Seahawks'],
  SF: ['San Francisco', '49ers'],
  TB: ['Tampa Bay', 'Buccaneers'],
  TEN: ['Tennessee', 'Titans'],
  // One entry per id can carry only one name: the club's current one.
  WAS: ['Washington', 'Commanders'],
};

/** City and nickname of an NFL team abbreviation, or undefined for anything else. */
export function nflTeam(abbreviation: string): { city: string; nickname: string } | undefined {
  const entry = Object.hasOwn(NFL_TEAMS, abbreviation) ? NFL_TEAMS[abbreviation] : undefined;
  return entry ? { city: entry[0], nickname: entry[1] } : undefined;
}
