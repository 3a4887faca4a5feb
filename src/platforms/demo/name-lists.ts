// Invented name parts for the demo data. Surnames are deliberately uncommon so that no pairing
// spells a real famous player; a few carry accents, hyphens or apostrophes so that name matching
// meets them in ordinary records too, not only in the hand-written hard cases.

// prettier-ignore
export const FIRST_NAMES: readonly string[] = [
  'Aaron', 'Abel', 'Adrián', 'Alden', 'Alonzo', 'Ambrose', 'Anders', 'Ansel', 'Armando', 'Arlo',
  'Barrett', 'Beckett', 'Bennett', 'Bram', 'Brice', 'Caleb', 'Callum', 'Cedric', 'Cormac', 'Dalton',
  'Damon', 'Darius', 'Declan', 'Desmond', 'Dorian', 'Eamon', 'Elias', 'Emeka', 'Émile', 'Ennis',
  'Ezra', 'Fabián', 'Felix', 'Fintan', 'Gideon', 'Graham', 'Griffin', 'Hollis', 'Horace', 'Idris',
  'Ignacio', 'Ivo', 'Jabari', 'Jarrell', 'Joaquín', 'Jonas', 'Jovan', 'Kaden', 'Kellen', 'Kofi',
  'Lachlan', 'Lazarus', 'Leland', 'Linus', 'Lucian', 'Malachi', 'Marek', 'Matías', 'Milo', 'Nash',
  'Nico', 'Nnamdi', 'Oakley', 'Obadiah', 'Odell', 'Orrin', 'Osvaldo', 'Pascal', 'Percy', 'Quentin',
  'Quinlan', 'Rafferty', 'Ramón', 'Reuben', 'Rhys', 'Roscoe', 'Rowan', 'Rufus', 'Santiago', 'Silas',
  'Soren', 'Stellan', 'Tadeo', 'Thaddeus', 'Tobias', 'Torin', 'Ulises', 'Valentín', 'Vance',
  'Wendell', 'Wilder', 'Xander', 'Yannick', 'Yusuf', 'Zane', 'Zeke', 'DeShawn', "Ke'Andre",
  'Jerrod', 'Lamarr', 'Tavion', 'Cortez', 'Mikko', 'Teodor', 'Anselmo', 'Björn',
];

// prettier-ignore
export const LAST_NAMES: readonly string[] = [
  'Abernathy', 'Ackerby', 'Adeyemi-Cole', 'Aldridge-Fenn', 'Amberley', 'Ardley', 'Ashcombe',
  'Balderrama', 'Bellweather', 'Bexford', 'Birchall', 'Blakemoor', 'Bramwell', 'Brightwater',
  'Calderwood', 'Callister', 'Carrowby', 'Castellane', 'Cheswick', 'Coldridge', 'Corrigan-Diaz',
  'Dabrowski', 'Delacourt', 'Delmonte', 'Dunmore', 'Eastwick', 'Ellery', 'Elsworth', 'Eversleigh',
  'Fairweather', 'Farrington', 'Fenwright', 'Fernhill', 'Fitzwarren', 'Garrowby', 'Gillespie-Roe',
  'Goñi', 'Greenhalgh', 'Gutiérrez-Mora', 'Hallett', 'Harrowgate', 'Hawksworth', 'Hollinrake',
  'Ibarrola', 'Ingleby', 'Ironwood', 'Jessop', 'Jolliffe', 'Kettering', 'Kilbride', 'Kowalczyk',
  'Larchmont', 'Lindqvist', 'Lockhart-Bey', 'Loughran', 'Mabery', 'Marchetti', 'Merriwether',
  'Mbatha', 'Montclair', 'Mulqueen', 'Nakashima', 'Nettleford', 'Northcott', 'Nwachukwu',
  "O'Dowling", "O'Farrelly", 'Oakhurst', 'Obuya', 'Okonjo', 'Ormsby', 'Ostrander', 'Pemberton',
  'Penhaligon', 'Peralta-Ruiz', 'Pettigrew', 'Quarrington', 'Quiñonez-Vidal', 'Radcliffe-Ames',
  'Ravensworth', 'Redfern', 'Rochefort', 'Rothwell', 'Saltonstall', 'Sandoval-Reyes', 'Selwyn',
  'Shackleford', 'Sinclair-Obi', 'Søndergaard', 'Stirling', 'Strathmore', 'Talbott', 'Tamberlaine',
  'Thistlewood', 'Thornbury', 'Tremaine', 'Trevelyan', 'Underhill', 'Uzoma', 'Valdés-Orta',
  'Vantongeren', 'Villaseñor', 'Wainwright', 'Warburton', 'Wexley', 'Whitcombe', 'Winterbourne',
  'Wolcott', 'Yarborough', 'Yeboah', 'Zabriskie', 'Zellweger-Hunt', 'Ziolkowski', 'Achterberg',
  'Bellamy-Stone', 'Brannagh', 'Castleberry', 'Dunholme', 'Escalante-Pryor', 'Fairclough',
  'Glenister', 'Haverford', 'Ingersoll', 'Jaramillo-Brandt', 'Kincannon', 'Lachapelle', 'Moriarty',
  'Nightingale', 'Oyelaran', 'Pendergrass', 'Rutherford-Kay', 'Stanwick', 'Treadwell', 'Vickery',
  'Westergaard', 'Brönner', 'Árnason', 'Çelikkan', 'Dvořák-Hale',
];

// prettier-ignore
export const TEAM_ADJECTIVES: readonly string[] = [
  'Mighty', 'Rowdy', 'Gritty', 'Furious', 'Lucky', 'Midnight', 'Crimson', 'Golden', 'Iron',
  'Electric', 'Savage', 'Sneaky', 'Thundering', 'Reckless', 'Frozen', 'Blazing', 'Wandering',
  'Stubborn', 'Cosmic', 'Velvet',
];

// prettier-ignore
export const TEAM_NOUNS: readonly string[] = [
  'Badgers', 'Otters', 'Comets', 'Yetis', 'Pelicans', 'Wombats', 'Narwhals', 'Mongooses',
  'Ravens', 'Llamas', 'Hornets', 'Krakens', 'Gophers', 'Marmots', 'Bison', 'Moose', 'Gators',
  'Falcons', 'Jackals', 'Sasquatches',
];

// prettier-ignore
export const LEAGUE_WORDS: readonly string[] = [
  'Office', 'Neighbourhood', 'Family', 'College Buddies', 'Dynasty', 'Keeper', 'Hometown',
  'Lakeside', 'Weekend', 'Old Timers', 'High Stakes', 'Rivalry',
];

/** Division names, two to a league: each pair is one league's. */
// prettier-ignore
export const DIVISION_PAIRS: readonly (readonly [string, string])[] = [
  ['North', 'South'], ['East', 'West'], ['Lakeside', 'Hilltop'], ['Founders', 'Legends'],
  ['Harbour', 'Prairie'], ['Old Guard', 'New Blood'],
];
