import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidInputError } from '../../src/domain/errors.ts';
import { NameIndex } from '../../src/domain/name-index.ts';
import {
  MAX_PLAYER_NAME_LENGTH,
  comparePlayerIds,
  normalizeName,
  validatePlayerNameQuery,
} from '../../src/domain/names.ts';
import type { NameCandidate } from '../../src/domain/names.ts';

function player(
  playerId: string,
  fullName: string,
  extra: Partial<NameCandidate> = {},
): NameCandidate {
  return { playerId, fullName, rostered: false, active: true, ...extra };
}

function bestId(index: NameIndex<NameCandidate>, query: string): string | undefined {
  return index.search(query).best?.playerId;
}

describe('normalizeName', () => {
  it('lower-cases and strips accents, including letters NFKD does not split', () => {
    assert.equal(normalizeName('José Ramírez'), 'jose ramirez');
    assert.equal(normalizeName('Zoë Brönte'), 'zoe bronte');
    assert.equal(normalizeName('Andrés Peñalosa'), 'andres penalosa');
    assert.equal(normalizeName('Søren Østergaard'), 'soren ostergaard');
    assert.equal(normalizeName('Łukasz Weiß'), 'lukasz weiss');
  });

  it('drops periods and apostrophes inside words and reads other punctuation as a space', () => {
    assert.equal(normalizeName("De'Andre O’Neil"), 'deandre oneil');
    assert.equal(normalizeName('Amon-Ra St. Brown'), 'amon ra st brown');
    assert.equal(normalizeName('  Mahomes,   Patrick  '), 'mahomes patrick');
  });

  it('reads initials the same with or without periods and spaces', () => {
    assert.equal(normalizeName('D.J. Moore'), 'dj moore');
    assert.equal(normalizeName('D. J. Moore'), 'dj moore');
    assert.equal(normalizeName('d j moore'), 'dj moore');
    assert.equal(normalizeName('DJ Moore'), 'dj moore');
    assert.equal(normalizeName('J Moore'), 'j moore');
  });

  it('drops the suffixes Jr, Sr, II, III, IV and V, but never the first word', () => {
    assert.equal(normalizeName('Odell Beckham Jr.'), 'odell beckham');
    assert.equal(normalizeName('Ken Griffey, Sr'), 'ken griffey');
    for (const suffix of ['II', 'III', 'IV', 'V']) {
      assert.equal(normalizeName(`Robert Griffin ${suffix}`), 'robert griffin');
    }
    assert.equal(normalizeName('Beckham Jr., Odell'), 'beckham odell');
    assert.equal(normalizeName('Jr'), 'jr');
    assert.equal(normalizeName('Ivan Ivy'), 'ivan ivy');
  });

  it('leaves nothing of a name without letters or digits', () => {
    assert.equal(normalizeName(' .,-! '), '');
    assert.equal(normalizeName(''), '');
  });
});

describe('validatePlayerNameQuery', () => {
  it('returns the normalised query', () => {
    assert.equal(validatePlayerNameQuery('D.J. Moore'), 'dj moore');
  });

  it('refuses a query that is empty once normalised, naming player_name', () => {
    for (const query of ['', '   ', '...', "'-'"]) {
      assert.throws(
        () => validatePlayerNameQuery(query),
        (error: unknown) => error instanceof InvalidInputError && /player_name/.test(error.message),
      );
    }
  });

  it('accepts exactly MAX_PLAYER_NAME_LENGTH characters and refuses one more', () => {
    assert.equal(MAX_PLAYER_NAME_LENGTH, 100);
    assert.equal(validatePlayerNameQuery('a'.repeat(100)), 'a'.repeat(100));
    assert.throws(() => validatePlayerNameQuery('a'.repeat(101)), InvalidInputError);
    // Characters, not UTF-16 code units: 100 accented letters written decomposed are still fine.
    assert.equal(validatePlayerNameQuery('é'.repeat(100)), 'e'.repeat(100));
  });
});

describe('comparePlayerIds', () => {
  it('orders integers by value, then everything else by code unit', () => {
    const ids = [
      'DET',
      '4046',
      '99',
      '-16033',
      'ARI',
      '100',
      '9007199254740993',
      '9007199254740992',
    ];
    assert.deepEqual([...ids].sort(comparePlayerIds), [
      '-16033',
      '99',
      '100',
      '4046',
      '9007199254740992',
      '9007199254740993',
      'ARI',
      'DET',
    ]);
  });

  it('orders negative integers by value and breaks equal values by text', () => {
    assert.ok(comparePlayerIds('-200', '-3') < 0);
    assert.ok(comparePlayerIds('007', '7') < 0);
    assert.equal(comparePlayerIds('7', '7'), 0);
  });
});

describe('NameIndex tiers', () => {
  const pool = [
    player('1', 'Patrick Mahomes'),
    player('2', 'Patrick Mahomes II'),
    player('3', 'Patrick Mahomeson'),
    player('4', 'Pat Mahoney'),
    player('5', 'D.J. Moore'),
    player('6', 'Odell Beckham Jr.'),
    player('7', 'José Ramírez'),
    player('8', 'Kyle Whitfield'),
    player('9', 'Joe Lin'),
  ];
  const index = new NameIndex(pool);

  it('finds an exact full name regardless of case, accents, punctuation and suffixes', () => {
    assert.equal(bestId(index, 'jose ramirez'), '7');
    assert.equal(bestId(index, 'JOSÉ RAMÍREZ'), '7');
    assert.equal(bestId(index, 'dj moore'), '5');
    assert.equal(bestId(index, 'Odell Beckham'), '6');
    assert.equal(bestId(index, 'odell beckham sr'), '6');
  });

  it('counts every player in the exact tier and no weaker match', () => {
    // "Patrick Mahomes" and "Patrick Mahomes II" are both exact; "Mahomeson" only a prefix.
    assert.deepEqual(index.search('patrick mahomes'), { best: pool[0], matchCount: 2 });
  });

  it('prefers a prefix of the full name over word prefixes', () => {
    const result = index.search('patrick maho');
    assert.equal(result.best?.playerId, '1');
    assert.equal(result.matchCount, 3);
    assert.deepEqual(index.search('pat maho'), { best: pool[3], matchCount: 1 });
  });

  it('matches every query word to a different name word prefix, in any order', () => {
    assert.deepEqual(index.search('kyl whit'), { best: pool[7], matchCount: 1 });
    assert.deepEqual(index.search('whitfield kyle'), { best: pool[7], matchCount: 1 });
    assert.equal(index.search('ramirez j').best?.playerId, '7');
    // Two query words may not share one name word.
    assert.equal(index.search('whit whitfield').matchCount, 0);
    assert.equal(index.search('kyle whitfield xyzw').best, undefined);
  });

  it('falls back to a close spelling, fewest edits first', () => {
    assert.equal(bestId(index, 'mahommes'), '1');
    assert.equal(bestId(index, 'patrik mahomes'), '1');
    assert.equal(bestId(index, 'whitfeild'), '8'); // transposition counts as one edit
    assert.equal(bestId(index, 'ramriez'), '7');
    assert.equal(bestId(index, 'Jose Ramires'), '7');
    // An 8-letter query gets two edits: "mahomes" (ids 1 and 2) is one away, while "mahoney" and
    // "mahomeson" are three away and do not count.
    assert.deepEqual(index.search('mahommes'), { best: pool[0], matchCount: 2 });
    // "mahomez": "mahomes" is one edit away and "mahoney" two, so three players are counted.
    assert.deepEqual(index.search('mahomez'), { best: pool[0], matchCount: 3 });
  });

  it('allows more edits for longer queries and none for very short ones', () => {
    assert.equal(index.search('joe lim').best?.playerId, '9'); // 7 characters: 2 edits allowed
    assert.equal(index.search('lim').best, undefined); // 3 characters: exact words only
    assert.equal(index.search('whtfeeld').best?.playerId, '8'); // 2 edits in 8 characters
    assert.equal(index.search('wxtfeeld').best, undefined); // 3 edits in 8 characters
  });

  it('finds nothing for an invalid or unknown query', () => {
    assert.deepEqual(index.search(''), { matchCount: 0 });
    assert.deepEqual(index.search('...'), { matchCount: 0 });
    assert.deepEqual(index.search('zzzzzzzz'), { matchCount: 0 });
    assert.deepEqual(index.search('patrick '.repeat(20)), { matchCount: 0 });
  });

  it('works on an empty pool', () => {
    assert.deepEqual(new NameIndex([]).search('anyone'), { matchCount: 0 });
  });
});

describe('NameIndex tie-breaks', () => {
  it('prefers a player rostered in the league, then an active one, then the lowest id', () => {
    const rosteredInactive = player('500', 'Josh Allman', { rostered: true, active: false });
    const freeActive = player('20', 'Josh Allman');
    const freeInactive = player('3', 'Josh Allman', { active: false });
    assert.equal(
      new NameIndex([freeActive, rosteredInactive]).search('josh allman').best,
      rosteredInactive,
    );
    assert.equal(new NameIndex([freeInactive, freeActive]).search('josh allman').best, freeActive);
    assert.equal(
      new NameIndex([freeActive, freeInactive, rosteredInactive]).search('josh allman').matchCount,
      3,
    );
  });

  it('breaks ties on the numeric value of the id, with team ids after numbers', () => {
    const pool = [
      player('4046', 'Detroit Defense'),
      player('DET', 'Detroit Defense'),
      player('99', 'Detroit Defense'),
    ];
    assert.equal(new NameIndex(pool).search('detroit defense').best?.playerId, '99');
    const teamsOnly = [player('DET', 'Detroit Defense'), player('ARI', 'Detroit Defense')];
    assert.equal(new NameIndex(teamsOnly).search('detroit').best?.playerId, 'ARI');
  });

  it('keeps two rostered players with the same full name apart and answers the same every time', () => {
    const first = player('7001', 'Josh Allman', { rostered: true });
    const second = player('612', 'Josh Allman', { rostered: true });
    for (const order of [
      [first, second],
      [second, first],
    ]) {
      const result = new NameIndex(order).search('Josh Allman');
      assert.equal(result.best, second);
      assert.equal(result.matchCount, 2);
    }
  });

  it('applies the tie-break within the close-spelling tier only among the fewest edits', () => {
    const pool = [
      player('1', 'Kyle Whitfield', { rostered: true }), // "whitfeild": one transposition
      player('2', 'Kyle Whitfeld'), // one deletion
      player('3', 'Kyle Whitfold', { rostered: true }), // two edits
    ];
    const result = new NameIndex(pool).search('kyle whitfeild');
    assert.equal(result.best?.playerId, '1');
    assert.equal(result.matchCount, 3);
    const unrostered = new NameIndex([pool[1] as NameCandidate, pool[2] as NameCandidate]);
    assert.equal(unrostered.search('kyle whitfeild').best?.playerId, '2');
  });
});

describe('NameIndex on a large pool', () => {
  it('answers every tier on 5,000 players consistently with a plain scan', () => {
    const firsts = ['Andrés', 'Josh', 'Marcus', 'D.J.', 'Zoë', 'Kyle', 'Luis', 'Tyrell'];
    const lasts = ['Peñalosa', 'Allman', 'Brönte', 'Marlow', 'Whitfield', 'Castellanos', 'Okafor'];
    const pool: NameCandidate[] = [];
    for (let i = 0; i < 5000; i++) {
      const suffix = i % 11 === 0 ? ' Jr.' : '';
      const name = `${firsts[i % firsts.length]} ${lasts[(i * 3) % lasts.length]}${i % 5}${suffix}`;
      pool.push(player(String(5000 - i), name, { rostered: i % 9 === 0, active: i % 4 !== 0 }));
    }
    const index = new NameIndex(pool);
    for (const query of ['josh allman3', 'zoe bronte', 'dj mar', 'castellanos2 luis']) {
      const normalizedQuery = normalizeName(query);
      const result = index.search(query);
      assert.ok(result.best, query);
      assert.ok(result.matchCount > 0);
      // A plain scan of the same tier rules must agree on how many players matched.
      const names = pool.map((p) => normalizeName(p.fullName));
      const exact = names.filter((n) => n === normalizedQuery).length;
      const prefix = names.filter((n) => n.startsWith(normalizedQuery)).length;
      const words = names.filter((n) =>
        normalizedQuery.split(' ').every((q) => n.split(' ').some((w) => w.startsWith(q))),
      ).length;
      assert.equal(result.matchCount, exact || prefix || words, query);
    }
    assert.equal(index.search('josh alman3').best?.fullName.startsWith('Josh Allman3'), true);
  });
});

describe('NameIndex ranked candidates', () => {
  const candidate = (playerId: string, fullName: string, rostered = false, active = true) => ({
    playerId,
    fullName,
    rostered,
    active,
  });
  const index = new NameIndex([
    candidate('30', 'Josh Allman'),
    candidate('4', 'Josh Allman', true),
    candidate('12', 'Josh Allman', false, false),
    candidate('7', 'Joshua Allmann'),
    candidate('8', 'Patrick Mahomes'),
  ]);

  it('lists the best tier best first, the answer first among them, up to the count asked', () => {
    const { best, matchCount, ranked } = index.search('josh allman', undefined, 10);
    assert.equal(matchCount, 3);
    assert.deepEqual(
      ranked?.map((c) => c.playerId),
      ['4', '30', '12'],
    );
    assert.equal(best, ranked?.[0]);
    assert.equal(index.search('josh allman', undefined, 2).ranked?.length, 2);
    assert.equal(index.search('josh allman').ranked, undefined, 'not asked, not sorted');
  });

  it('orders close spellings by edits first', () => {
    const { ranked, matchCount } = index.search('patrik mahomes', undefined, 5);
    assert.equal(matchCount, 1);
    assert.deepEqual(
      ranked?.map((c) => c.playerId),
      ['8'],
    );
    const typo = index.search('josh allmann', undefined, 5);
    assert.equal(typo.ranked?.[0]?.playerId, typo.best?.playerId);
  });
});

describe('NameIndex.inSteps', () => {
  it('builds, in many small steps, the index the constructor builds at once', () => {
    const firsts = ['Andrés', 'Josh', 'Marcus', 'D.J.', 'Zoë', 'Kyle', 'Luis', 'Tyrell', '...'];
    const lasts = ['Peñalosa', 'Allman', 'Brönte', 'Marlow', 'Whitfield', 'Castellanos', 'Okafor'];
    const pool: NameCandidate[] = [];
    for (let i = 0; i < 2000; i++) {
      const name = `${firsts[i % firsts.length]} ${lasts[(i * 3) % lasts.length]}${i % 7}`;
      pool.push(player(String(i), name, { rostered: i % 9 === 0, active: i % 4 !== 0 }));
    }
    const steps = NameIndex.inSteps(pool);
    let count = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) count += 1;
    // 2,000 players take 8 steps of 250 before the tables are sorted.
    assert.ok(count >= 8, `${count} steps`);
    const stepwise = step.value;
    const atOnce = new NameIndex(pool);
    const queries = ['josh allman3', 'josh allman', 'zoe', 'dj mar', 'okafor4 luis', 'castelanos2'];
    for (const query of [...queries, 'kyle whitfeld5', 'nobody at all', '...']) {
      assert.deepEqual(stepwise.search(query, undefined, 5), atOnce.search(query, undefined, 5));
    }
  });
});
