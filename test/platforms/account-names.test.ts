// What the connect page calls a linked account ("Linked as ..."): what the person knows it by,
// as its platform says (module.ts accountName), never an id the service made up.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leaguesNamed } from '../../src/platforms/module.ts';
import { accountNameOf } from '../../src/platforms/registry.ts';

const LEAGUES = [
  { name: 'Goat League', season: 2021 },
  { name: 'Goat League', season: 2020 },
  { name: 'Dynasty', season: 2020 },
];

describe('a linked account’s name', () => {
  it('lists leagues by name once each, newest season first, and counts the rest', () => {
    assert.equal(leaguesNamed([]), undefined);
    assert.equal(leaguesNamed(LEAGUES), 'Goat League (2021) and Dynasty (2020)');
    assert.equal(
      leaguesNamed([
        ...LEAGUES,
        { name: 'Keepers', season: 2019 },
        { name: 'Best Ball', season: 2021 },
      ]),
      'Goat League (2021), Best Ball (2021) and 2 more',
    );
  });

  it('is the username where the platform gives one', () => {
    const sleeper = { externalUserId: '100000000000000001', username: 'solarpool' };
    assert.equal(accountNameOf('sleeper', sleeper, LEAGUES), 'solarpool');
  });

  it('names ESPN links by their leagues, else the ids typed, else the account', () => {
    const byIds = {
      externalUserId: 'leagues:368876,basketball:1234',
      settings: { leagues: [{ id: '368876' }, { id: '1234', sport: 'basketball' }] },
    };
    assert.equal(accountNameOf('espn', byIds, []), 'leagues 368876 and 1234');
    assert.equal(accountNameOf('espn', byIds, LEAGUES), 'Goat League (2021) and Dynasty (2020)');
    const cookies = { externalUserId: '{0123ABCD-4567-89AB-CDEF-0123456789AB}' };
    assert.equal(accountNameOf('espn', cookies, []), 'your ESPN account');
  });

  it('names MFL logins by the login, public leagues by their names or ids', () => {
    assert.equal(accountNameOf('mfl', { externalUserId: 'alice' }, LEAGUES), 'alice');
    const publicOnly = { externalUserId: 'public-leagues', settings: { leagueIds: ['54040'] } };
    assert.equal(accountNameOf('mfl', publicOnly, []), 'league 54040');
    assert.equal(accountNameOf('mfl', publicOnly, LEAGUES.slice(2)), 'Dynasty (2020)');
  });

  it('names Fantrax links by their leagues, never the digest of the Secret ID', () => {
    const secret = { externalUserId: 'secret-0123456789abcdef' };
    assert.equal(accountNameOf('fantrax', secret, []), 'your Fantrax account');
    assert.equal(accountNameOf('fantrax', secret, LEAGUES.slice(0, 1)), 'Goat League (2021)');
    const publicOnly = { externalUserId: 'public-leagues', settings: { leagueIds: ['abc123def'] } };
    assert.equal(accountNameOf('fantrax', publicOnly, []), 'league abc123def');
  });

  it('names Fleaflicker links by their leagues, never the digest of the e-mail', () => {
    const digest = { externalUserId: 'email-0123456789abcdef0123456789abcdef' };
    assert.equal(accountNameOf('fleaflicker', digest, []), 'your Fleaflicker account');
    assert.equal(accountNameOf('fleaflicker', digest, LEAGUES.slice(2)), 'Dynasty (2020)');
  });
});
