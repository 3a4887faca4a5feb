// The HTTP layer's pure pieces: Accept negotiation, the in-memory rate-limit window, the token
// cache (revocation within its TTL) and XML escaping.
import { Kept } from '../../src/http/wire/kept.ts';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateToken, hashToken } from '../../src/domain/tokens.ts';
import { TOKEN_CACHE_TTL_MS, TokenAuthenticator } from '../../src/serving/auth.ts';
import { negotiate } from '../../src/http/negotiate.ts';
import { Router } from '../../src/http/wire/router.ts';
import { HttpProblem } from '../../src/serving/problems.ts';
import { RateLimitFields, decimal } from '../../src/http/rate-limit-fields.ts';
import { MemoryRateLimitStore } from '../../src/serving/rate-limit.ts';
import { escapeXml } from '../../src/serving/xml.ts';
import { byFullName, rosteredJson } from '../../src/serving/operations/all-rostered.ts';
import type { Player } from '../../src/domain/records.ts';
import type { StoredToken } from '../../src/storage/repositories/tokens.ts';

describe('negotiate', () => {
  const both = ['application/json', 'application/xml'] as const;
  it('prefers the server order when the client does not care', () => {
    for (const accept of [
      undefined,
      '',
      '*/*',
      'application/*',
      'application/json, application/xml',
    ]) {
      assert.equal(negotiate(accept, both), 'application/json', String(accept));
    }
  });
  it('honours q-values and the most specific range', () => {
    assert.equal(negotiate('application/xml', both), 'application/xml');
    assert.equal(
      negotiate('application/json;q=0.4, application/xml;q=0.5', both),
      'application/xml',
    );
    assert.equal(negotiate('*/*;q=0.9, application/json;q=0.1', both), 'application/xml');
    assert.equal(negotiate('application/*;q=0, application/json', both), 'application/json');
    assert.equal(negotiate('application/xml;q=0', ['application/json']), undefined);
    assert.equal(negotiate('text/plain, image/*', both), undefined);
    assert.equal(negotiate('application/json;q=bogus', ['application/json']), 'application/json');
  });
});

describe('Router', () => {
  const router = new Router<string>()
    .add('/league/settings/{league_id}', 'settings')
    .add('/players/{league_id}/searchPlayer/name/{player_name}', 'by name');

  it('matches literals exactly and collects parameters in template order', () => {
    assert.deepEqual(router.match('/players/7/searchPlayer/name/dj%20moore'), {
      target: 'by name',
      params: ['7', 'dj%20moore'],
    });
    assert.equal(router.match('/league/Settings/1'), undefined);
    assert.equal(router.match('/league/settings/1/'), undefined);
  });

  it('gives a path two routes match to the one added first', () => {
    const local = new Router<string>().add('/a/{x}', 'any').add('/a/literal', 'literal');
    assert.equal(local.match('/a/literal')?.target, 'any');
    assert.equal(local.match('/b/1'), undefined);
  });

  it('keeps the matches of up to `remember` paths, the same parameter array each time', () => {
    const kept = new Router<string>(2)
      .add('/league/settings/{league_id}', 'settings')
      .add('/players/{league_id}/searchPlayer/name/{player_name}', 'by name');
    const first = kept.match('/league/settings/1');
    assert.deepEqual(first, { target: 'settings', params: ['1'] });
    assert.equal(kept.match('/league/settings/1')?.params, first?.params);
    assert.deepEqual(kept.match('/league/settings/2')?.params, ['2']);
    assert.equal(
      kept.match('/league/settings/2')?.params,
      kept.match('/league/settings/2')?.params,
    );
    // A third path starts the kept set again; the first path is matched anew, with equal results.
    assert.deepEqual(kept.match('/league/settings/3')?.params, ['3']);
    const again = kept.match('/league/settings/1');
    assert.notEqual(again?.params, first?.params);
    assert.deepEqual(again, first);
    // Paths no route matches, and paths over 200 characters, are not kept.
    assert.equal(kept.match('/nothing/here'), undefined);
    const name = 'x'.repeat(200);
    const long = kept.match(`/players/1/searchPlayer/name/${name}`);
    assert.deepEqual(long?.params, ['1', name]);
    assert.notEqual(kept.match(`/players/1/searchPlayer/name/${name}`)?.params, long?.params);
    // The default (0) keeps nothing.
    assert.notEqual(
      router.match('/league/settings/1')?.params,
      router.match('/league/settings/1')?.params,
    );
  });
});

describe('Kept', () => {
  it('keeps up to its capacity, then starts again; a capacity of 0 keeps nothing', () => {
    const kept = new Kept<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    assert.deepEqual([kept.get('a'), kept.get('b')], [1, 2]);
    kept.set('c', 4);
    assert.deepEqual([kept.get('a'), kept.get('b'), kept.get('c')], [undefined, undefined, 4]);
    const none = new Kept<string, number>(0);
    none.set('a', 1);
    assert.equal(none.get('a'), undefined);
  });
});

describe('MemoryRateLimitStore', () => {
  it('counts within a window that starts at the first request, then starts over', () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore(() => now);
    assert.deepEqual(store.hit('a', 2, 60_000), {
      allowed: true,
      limit: 2,
      remaining: 1,
      resetSeconds: 60,
    });
    now += 30_500;
    assert.deepEqual(store.hit('a', 2, 60_000), {
      allowed: true,
      limit: 2,
      remaining: 0,
      resetSeconds: 30,
    });
    assert.equal(store.hit('a', 2, 60_000).allowed, false);
    assert.equal(store.hit('b', 2, 60_000).allowed, true);
    now += 29_500;
    assert.deepEqual(store.hit('a', 2, 60_000), {
      allowed: true,
      limit: 2,
      remaining: 1,
      resetSeconds: 60,
    });
  });
  it('stays bounded', () => {
    const store = new MemoryRateLimitStore(() => 0, 3);
    for (const key of ['a', 'b', 'c', 'd']) store.hit(key, 1, 60_000);
    // 'a' was evicted to make room for 'd', so it starts a fresh window.
    assert.equal(store.hit('a', 1, 60_000).allowed, true);
    assert.equal(store.hit('d', 1, 60_000).allowed, false);
  });
});

describe('decimal (RateLimit-Remaining without the number-string cache)', () => {
  it('writes what String() writes for every count, at each digit-pair boundary and at random', () => {
    const counts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 1001, 9999, 10_000, 10_099, 999_999_999];
    counts.push(1_000_000_000, 1_000_000_007, 2 ** 31, Number.MAX_SAFE_INTEGER - 1);
    counts.push(Number.MAX_SAFE_INTEGER);
    for (let power = 1; power < 1e16; power *= 10) counts.push(power - 1, power, power + 1);
    let seed = 7;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      counts.push(seed % 10 ** (1 + (i % 9)), seed * (i + 1));
    }
    for (const n of counts) assert.equal(decimal(n), String(n), `for ${n}`);
  });
  it('leaves what is not a count to String()', () => {
    for (const n of [-1, 1.5, Number.MAX_SAFE_INTEGER + 2, Infinity, NaN]) {
      assert.equal(decimal(n), String(n));
    }
  });
  it('is what the RateLimit-Remaining field says, on the hot path and in the header object', () => {
    const limiter = new RateLimitFields(1_000_000_000);
    const decision = {
      allowed: true,
      limit: 1_000_000_000,
      remaining: 999_785_687,
      resetSeconds: 45,
    };
    assert.match(limiter.fieldLines(decision), /\r\nRateLimit-Remaining: 999785687\r\n/);
    assert.equal(limiter.headers(decision)['RateLimit-Remaining'], '999785687');
  });
});

describe('RateLimitFields', () => {
  // The hot path writes fieldLines() into a cached answer's head; every other answer passes
  // headers() to writeHead. Both must carry the same fields with the same values.
  it('gives the same fields as header lines and as a header object', () => {
    const limiter = new RateLimitFields(120);
    const decisions = [
      { allowed: true, limit: 120, remaining: 119, resetSeconds: 60 },
      { allowed: true, limit: 120, remaining: 0, resetSeconds: 1 },
      // A decision carrying another limit (a store shared with differently set instances).
      { allowed: false, limit: 30, remaining: 0, resetSeconds: 17 },
      { allowed: true, limit: 1_000_000_000, remaining: 999_785_687, resetSeconds: 45 },
    ];
    for (const decision of decisions) {
      const lines = limiter.fieldLines(decision);
      assert.ok(lines.endsWith('\r\n'), 'every line ends with CRLF');
      const fromLines = Object.fromEntries(
        lines
          .slice(0, -2)
          .split('\r\n')
          .map((line) => {
            const colon = line.indexOf(': ');
            return [line.slice(0, colon), line.slice(colon + 2)];
          }),
      );
      assert.deepEqual(fromLines, limiter.headers(decision), JSON.stringify(decision));
    }
  });
});

describe('TokenAuthenticator', () => {
  const token = generateToken();
  const stored: StoredToken = {
    id: 7,
    userId: 3,
    tokenPrefix: token.slice(0, 10),
    products: ['league'],
    createdAt: '2021-01-01T00:00:00.000Z',
  };
  const headers = { 'x-auth-token': token };
  const codeOf = async (work: () => unknown) => {
    try {
      await work();
    } catch (error) {
      return error instanceof HttpProblem ? error.code : 'unexpected';
    }
    return 'none';
  };

  it('looks a token up once per TTL, so a revocation shows within TOKEN_CACHE_TTL_MS', async () => {
    let now = 0;
    let current: StoredToken | undefined = stored;
    const asked: string[] = [];
    const auth = new TokenAuthenticator(
      async (hash) => {
        asked.push(hash);
        return current;
      },
      () => now,
    );
    assert.deepEqual(await auth.authenticate(headers), {
      tokenId: 7,
      rateKey: '7',
      userId: 3,
      products: ['league'],
    });
    current = { ...stored, revokedAt: '2021-06-01T00:00:00.000Z' };
    now += TOKEN_CACHE_TTL_MS - 1;
    const cached = auth.authenticate(headers);
    assert.ok(!(cached instanceof Promise), 'a cached token is answered synchronously');
    assert.equal(asked.length, 1);
    now += 1;
    assert.equal(await codeOf(() => auth.authenticate(headers)), 'token_revoked');
    assert.deepEqual(asked, [hashToken(token), hashToken(token)]);
  });

  it('shares one lookup between concurrent requests and forgets failed lookups', async () => {
    let calls = 0;
    let fail = true;
    const auth = new TokenAuthenticator(async () => {
      calls += 1;
      if (fail) throw new Error('store down');
      return stored;
    });
    const results = await Promise.allSettled([
      auth.authenticate(headers),
      auth.authenticate(headers),
    ]);
    assert.equal(calls, 1);
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected'],
    );
    fail = false;
    assert.equal((await auth.authenticate(headers)).userId, 3);
    assert.equal(calls, 2);
  });

  it('judges expiry on every request, not only at lookup', async () => {
    let now = Date.parse('2030-01-01T00:00:00.000Z');
    const expiring = { ...stored, expiresAt: '2030-01-01T00:00:00.500Z' };
    const auth = new TokenAuthenticator(
      async () => expiring,
      () => now,
    );
    assert.equal((await auth.authenticate(headers)).tokenId, 7);
    now += 500;
    assert.equal(await codeOf(() => auth.authenticate(headers)), 'token_expired');
  });

  it('refuses malformed tokens without a lookup', async () => {
    let calls = 0;
    const auth = new TokenAuthenticator(async () => {
      calls += 1;
      return stored;
    });
    assert.equal(
      await codeOf(() => auth.authenticate({ auth_token: 'fld_short' })),
      'token_invalid',
    );
    assert.equal(calls, 0);
  });
});

describe('escapeXml', () => {
  it('escapes markup and replaces characters XML 1.0 cannot carry', () => {
    assert.equal(escapeXml(`a<b>&"c'`), 'a&lt;b&gt;&amp;&quot;c&apos;');
    assert.equal(escapeXml('bell\u0007 tab\t nl\n'), 'bell\uFFFD tab\t nl\n');
    assert.equal(escapeXml('lone \uD800 pair \uD83C\uDFC8'), 'lone \uFFFD pair \uD83C\uDFC8');
  });
});

describe('rostered map JSON', () => {
  it('keeps keys in code-unit order, integer-like names included', () => {
    const names = ['Zed', '9', 'ace', "'Ace", '10'];
    const players: Player[] = names.map((fullName, i) => ({
      playerId: String(i + 1),
      sport: 'football',
      fullName,
      fantasyTeamRosterId: '1',
    }));
    const text = rosteredJson(byFullName(players));
    const keyOrder = [...text.matchAll(/"([^"]+)":\[/g)].map((match) => match[1]);
    assert.deepEqual(keyOrder, ["'Ace", '10', '9', 'Zed', 'ace']);
    // JSON.stringify alone would have moved "9" and "10" to the front, in numeric order.
    assert.notEqual(JSON.stringify(byFullName(players)), text);
    assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(byFullName(players))));
    assert.equal(rosteredJson({}), '{}');
  });
});
