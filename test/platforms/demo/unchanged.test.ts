// The first five endpoints show the demo's settings, teams, rosters and pools byte for byte as
// they were before the league data (teams' details, matchups, transactions, drafts) was added:
// that data comes from random streams of its own, and this digest, computed from the generator
// as it was before it existed, fails on any drift in what was there.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { DEFAULT_DEMO_SEED, generateDemoData } from '../../../src/platforms/demo/index.ts';

/** sha256 of the JSON below for the default seed, computed at commit ec60797 (before issue 29). */
const DIGEST_BEFORE_LEAGUE_DATA =
  '3ff02f7eb62b937b4265e639860e687079150476c62b455c7361d338fb1645ad';

describe('demo data: what the first five endpoints show', () => {
  it('is what it was before the league data existed', () => {
    const data = generateDemoData(DEFAULT_DEMO_SEED);
    // Only the fields that existed then, in their order then: the new ones are left out.
    const existing = {
      pools: data.pools,
      leagues: data.leagues.map((l) => ({
        platform: l.platform,
        platformLeagueKey: l.platformLeagueKey,
        season: l.season,
        sport: l.sport,
        name: l.name,
        numTeams: l.numTeams,
        leagueUrl: l.leagueUrl,
        leagueAvatar: l.leagueAvatar,
        teams: l.teams.map((t) => ({
          rosterId: t.rosterId,
          name: t.name,
          ownerPlatformUserId: t.ownerPlatformUserId,
        })),
        rosterEntries: l.rosterEntries,
        players: l.players,
      })),
    };
    const digest = createHash('sha256').update(JSON.stringify(existing)).digest('hex');
    assert.equal(digest, DIGEST_BEFORE_LEAGUE_DATA);
  });

  it('still lists the leagues in the plan order, first the hard cases’ football league', () => {
    const data = generateDemoData(DEFAULT_DEMO_SEED);
    assert.equal(data.leagues.length, 17);
    assert.deepEqual(
      data.leagues.slice(0, 3).map((l) => [l.platformLeagueKey, l.name]),
      [
        ['fb-2021-1', 'Weekend Football League'],
        ['fb-2021-2', 'Neighbourhood Football League'],
        ['fb-2020-1', 'Hometown Football League'],
      ],
    );
  });
});
